import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ShoeRecord } from '../../../src/shoes/document.js';
import type { ScoreboardStore } from '../shared/data/scoreboard-store.js';
import { StorageConnectionController } from '../shared/data/storage-connection.js';
import { storageErrorText } from '../shared/data/storage-words.js';
import { TableChannel, type ShoeChangedMessage } from '../shared/data/table-channel.js';

export interface TableDisplayOptions {
  /** The table to show, or '' for the newest console shoe of any table. */
  table: () => string;
  /** Wait before trying again to open storage that failed to open. */
  reopenDelay?: number;
}

/**
 * Follows a table's shoe for a wall display: reads the newest console shoe (origin `console`: never
 * an attract kiosk's or an imported one) from IndexedDB when it connects
 * (so a display opened late shows the whole shoe), then follows what another window says through
 * the TableChannel about a shoe of the table, switching to a new shoe when one starts.
 *
 * The channel says which shoe changed and how; IndexedDB is the truth. For the shoe on screen, one
 * more hand (`add` of the hand after the last one shown) reads only that hand and shows it after
 * the same hand objects, so the scoreboard adds one hand to its roads and statistics instead of
 * rebuilding them; `undo` of the last hand drops it; `end` reads the end time and keeps the hands.
 * Anything else (a gap, a correction, another shoe, a deletion, an import, news that does not say
 * what changed) reads the whole shoe again. An `add` of a hand already shown (a late or repeated
 * message) changes nothing. Messages are followed one at a time, in the order they came, so each
 * step starts from what the one before it showed.
 */
export class TableDisplayController implements ReactiveController {
  /** The shoe on screen, or null before one is stored. */
  shoe: ShoeRecord | null = null;
  /** True once the stored shoes have been read once (or could not be). */
  loaded = false;

  private channel: TableChannel | null = null;
  private readonly connection: StorageConnectionController;
  /** Why the last read failed, until a read succeeds. */
  private readError: unknown = null;
  private connected = false;
  /** The reads and channel messages still to follow, one after another (see `inTurn`). */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly options: TableDisplayOptions,
  ) {
    host.addController(this);
    this.connection = new StorageConnectionController(host, {
      ...(options.reopenDelay === undefined ? {} : { reopenDelay: options.reopenDelay }),
      onStore: () => void this.readLatest(),
      onStatus: (status) => {
        // Nothing can be read until storage opens again: say why rather than "waiting for a shoe".
        if (status.state === 'failed') this.loaded = true;
      },
    });
  }

  /** Why the stored shoes cannot be read, in words for the screen; null when they can. */
  get storageMessage(): string | null {
    return this.readError === null ? this.connection.trouble : storageErrorText(this.readError);
  }

  private get store(): ScoreboardStore | null {
    return this.connection.store;
  }

  hostConnected(): void {
    this.connected = true;
    this.channel = new TableChannel((message) => void this.follow(message));
  }

  hostDisconnected(): void {
    this.connected = false;
    this.channel?.close();
    this.channel = null;
  }

  /** Lets go of the host for good (its display now follows the table otherwise): as if it left, and no longer its controller. */
  detach(): void {
    if (this.connected) {
      this.hostDisconnected();
      this.connection.hostDisconnected();
    }
    this.host.removeController(this);
    this.host.removeController(this.connection);
  }

  private readLatest(): Promise<void> {
    return this.inTurn(() => this.show(() => this.latestConsoleShoe()));
  }

  /** The newest console shoe of the table (of any table when none is set). */
  private latestConsoleShoe(): Promise<ShoeRecord | undefined> {
    const table = this.options.table();
    return this.store!.latestShoe(table ? { table, origin: 'console' } : { origin: 'console' });
  }

  /**
   * Runs `step` once every read and message before it has been followed: an incremental step
   * must start from what the step before it showed.
   */
  private inTurn(step: () => Promise<void>): Promise<void> {
    const turn = this.queue.then(step);
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  private follow(message: ShoeChangedMessage): void {
    const table = this.options.table();
    if (table && message.table !== table) return;
    // An attract kiosk of the same table tells its hands on the same channel: not this screen's.
    if (message.origin !== undefined && message.origin !== 'console') return;
    void this.inTurn(() => this.followStep(message));
  }

  /** Follows one message: a step from the shoe on screen where it can, the whole shoe read again otherwise. */
  private async followStep(message: ShoeChangedMessage): Promise<void> {
    const store = this.store;
    if (!store || !this.connected) return;
    const shown = this.shoe;
    if (shown && shown.id === message.shoeId) {
      const count = shown.hands.length;
      switch (message.change) {
        case 'add':
          // Already shown (a repeated message, or news of a hand the last read already found).
          if (message.handCount <= count) return;
          if (message.handCount === count + 1) {
            return this.show(async () => {
              const hand = await store.getHand(shown.id, count);
              // Gone again already (undone): the shoe as it is now.
              if (!hand) return this.readAgain(message);
              return { ...shown, hands: [...shown.hands, hand] };
            });
          }
          break; // a gap: hands were missed
        case 'undo':
          if (message.handCount === count - 1) {
            this.shoe = { ...shown, hands: shown.hands.slice(0, count - 1) };
            this.host.requestUpdate();
            return;
          }
          break;
        case 'end':
          if (message.handCount === count) {
            return this.show(async () => {
              const summary = await store.getSummary(shown.id);
              if (!summary || summary.origin !== 'console' || summary.handCount !== count) return this.readAgain(message);
              return summary.endedAt === shown.endedAt ? shown : { ...shown, endedAt: summary.endedAt };
            });
          }
          break;
        default:
          break;
      }
    }
    return this.show(() => this.readAgain(message));
  }

  /** The shoe to show after news of `message.shoeId`, read whole from the store. */
  private async readAgain(message: ShoeChangedMessage): Promise<ShoeRecord | null | undefined> {
    const store = this.store;
    if (!store) return this.shoe;
    // News without an origin (History's): the stored summary says whose shoe it is.
    const summary = await store.getSummary(message.shoeId);
    if (summary && summary.origin !== 'console') return this.shoe;
    // Deleted (in History): the screen shows the table's latest console shoe left, if any.
    if (!summary) {
      return this.shoe?.id === message.shoeId ? this.latestConsoleShoe() : this.shoe;
    }
    const shoe = await store.getShoe(message.shoeId);
    // Without a table setting the display follows the newest shoe; an older shoe's change (an
    // operator correcting yesterday's shoe) does not take the screen from it.
    if (shoe && this.shoe && shoe.id !== this.shoe.id && shoe.startedAt < this.shoe.startedAt) return this.shoe;
    return shoe ?? this.shoe;
  }

  private async show(read: () => Promise<ShoeRecord | null | undefined>): Promise<void> {
    try {
      const shoe = await read();
      // Reads run one at a time (inTurn), so the one finishing is the newest.
      if (!this.connected) return;
      this.shoe = shoe ?? null;
      this.readError = null;
    } catch (error) {
      this.readError = error;
    }
    this.loaded = true;
    this.host.requestUpdate();
  }
}
