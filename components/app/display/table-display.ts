import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ShoeRecord } from '../../../src/shoe-document.js';
import type { ScoreboardStore } from '../../../src/persistence/scoreboard-store.js';
import { openStorage, onStorageStatus, storageStatus, storageTrouble } from '../data/storage.js';
import { TableChannel, type ShoeChangedMessage } from '../data/table-channel.js';

export interface TableDisplayOptions {
  /** The table to show, or '' for the newest console shoe of any table. */
  table: () => string;
  /** Wait before trying again to open storage that failed to open. */
  reopenDelay?: number;
}

/**
 * Follows a table's shoe for a wall display: reads the newest console shoe (origin `console`: never
 * an attract kiosk's or an imported one) from IndexedDB when it connects
 * (so a display opened late shows the whole shoe), and reads it again whenever another window says
 * through the TableChannel that a shoe of the table changed, switching to a new shoe when one starts.
 * The channel only says which shoe changed: IndexedDB is the truth.
 */
export class TableDisplayController implements ReactiveController {
  /** The shoe on screen, or null before one is stored. */
  shoe: ShoeRecord | null = null;
  /** Why the stored shoes cannot be read, in words for the screen; null when they can. */
  storageMessage: string | null = null;
  /** True once the stored shoes have been read once (or could not be). */
  loaded = false;

  private channel: TableChannel | null = null;
  private store: ScoreboardStore | null = null;
  private stopListening: (() => void) | null = null;
  private reopenTimer: ReturnType<typeof setTimeout> | undefined;
  /** Reads can finish out of order: only the newest one is shown. */
  private readNumber = 0;
  private connected = false;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly options: TableDisplayOptions,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.connected = true;
    this.channel = new TableChannel((message) => void this.follow(message));
    this.stopListening = onStorageStatus((status) => {
      this.storageMessage = storageTrouble(status) ?? this.storageMessage;
      if (status.state === 'failed') {
        this.store = null;
        this.reopenLater();
      }
      this.host.requestUpdate();
    });
    this.storageMessage = storageTrouble(storageStatus()) ?? this.storageMessage;
    this.open();
  }

  hostDisconnected(): void {
    this.connected = false;
    this.channel?.close();
    this.channel = null;
    this.stopListening?.();
    this.stopListening = null;
    clearTimeout(this.reopenTimer);
  }

  private open(): void {
    openStorage().then(
      (store) => {
        if (!this.connected) return;
        this.store = store;
        this.storageMessage = null;
        return this.readLatest();
      },
      () => {
        // The status listener shows why and schedules another try.
        this.loaded = true;
        this.host.requestUpdate();
      },
    );
  }

  private reopenLater(): void {
    clearTimeout(this.reopenTimer);
    if (this.connected) this.reopenTimer = setTimeout(() => this.open(), this.options.reopenDelay ?? 5000);
  }

  private async readLatest(): Promise<void> {
    await this.show(() => this.latestConsoleShoe());
  }

  /** The newest console shoe of the table (of any table when none is set). */
  private latestConsoleShoe(): Promise<ShoeRecord | undefined> {
    const table = this.options.table();
    return this.store!.latestShoe(table ? { table, origin: 'console' } : { origin: 'console' });
  }

  private async follow(message: ShoeChangedMessage): Promise<void> {
    const table = this.options.table();
    if (table && message.table !== table) return;
    // An attract kiosk of the same table tells its hands on the same channel: not this screen's.
    if (message.origin !== undefined && message.origin !== 'console') return;
    if (!this.store) return;
    await this.show(async () => {
      // News without an origin (History's): the stored summary says whose shoe it is.
      const summary = await this.store!.getSummary(message.shoeId);
      if (summary && summary.origin !== 'console') return this.shoe;
      // Deleted (in History): the screen shows the table's latest console shoe left, if any.
      if (!summary) {
        return this.shoe?.id === message.shoeId ? this.latestConsoleShoe() : this.shoe;
      }
      const shoe = await this.store!.getShoe(message.shoeId);
      // Without a table setting the display follows the newest shoe; an older shoe's change (an
      // operator correcting yesterday's shoe) does not take the screen from it.
      if (shoe && this.shoe && shoe.id !== this.shoe.id && shoe.startedAt < this.shoe.startedAt) return this.shoe;
      return shoe ?? this.shoe;
    });
  }

  private async show(read: () => Promise<ShoeRecord | null | undefined>): Promise<void> {
    const number = ++this.readNumber;
    try {
      const shoe = await read();
      if (number !== this.readNumber || !this.connected) return;
      this.shoe = shoe ?? null;
      this.storageMessage = null;
    } catch (error) {
      this.storageMessage = (error as Error).message;
    }
    this.loaded = true;
    this.host.requestUpdate();
  }
}
