import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ShoeChange } from '../../../src/shoe-keeper.js';
import type { ShoeRecord } from '../../../src/shoe-document.js';
import {
  nextRevision,
  presenceMessage,
  tableStateMessage,
  tableTopics,
  type TableChangeKind,
  type TableChangeMessage,
} from '../../../src/room-messages.js';
import { RoomLink, type BrokerSettings, type LinkState } from './room-link.js';

export interface ConsolePublisherOptions {
  broker: () => BrokerSettings | null;
  table: () => string;
  limits: () => string;
  /** The console's shoe (once `whenReady` resolves, as stored when the console took the table up). */
  storedShoe: () => ShoeRecord | null;
  /** Resolves once the console has read its table's open shoe. */
  whenReady: () => Promise<void>;
  /** Whether this window records the table (another window of this browser may). */
  holdsTable: () => boolean;
  /** Opens the link (tests give their own). */
  openLink?: typeof RoomLink.open;
}

/**
 * Publishes a console's table to the room's screens, after each change is written on this machine
 * (IndexedDB stays the truth): the change (a hand added carries the hand), then the table's whole
 * state, retained, so a screen that joins later shows it at once. Says it is online on connecting;
 * its last will, kept by the broker, says it left. With the broker away it publishes nothing, says
 * "not sent to screens" (`unsent`), and on the broker's return publishes the state whole, once:
 * screens settle it by revision, so nothing is lost or shown twice.
 */
export class ConsolePublisher implements ReactiveController {
  /** Where the link stands; `none` without a broker. */
  linkState: LinkState | 'none' = 'none';
  /** A change written here has not reached the broker yet. */
  unsent = false;

  private link: RoomLink | null = null;
  private opening: Promise<void> | null = null;
  /** The table's shoe as written, change by change (the keeper may hold more, not yet written). */
  private written: ShoeRecord | null | undefined = undefined;
  private revision = 0;
  /** Publications, one after another, so that revisions reach the broker in order. */
  private queue: Promise<void> = Promise.resolve();
  private connected = false;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly options: ConsolePublisherOptions,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.connected = true;
    this.openLink();
  }

  hostUpdate(): void {
    // A property set before the element's code loaded is in place only at its first update, after it connected.
    this.openLink();
  }

  private openLink(): void {
    if (!this.connected) return;
    const broker = this.options.broker();
    if (!broker || this.link || this.opening) return;
    const topics = tableTopics(this.options.table());
    this.linkState = 'connecting';
    this.opening = (this.options.openLink ?? RoomLink.open)(broker, {
      will: { topic: topics.presence, payload: JSON.stringify(presenceMessage(false, null)) },
      onState: (state) => {
        this.linkState = state;
        this.host.requestUpdate();
      },
      onMessage: () => undefined,
      onConnect: () => void this.inTurn(() => this.publishWhole()),
    }).then(
      (link) => {
        this.link = link;
        if (!this.connected) void this.closeLink();
      },
      () => {
        this.linkState = 'offline';
        this.host.requestUpdate();
      },
    );
  }

  hostDisconnected(): void {
    this.connected = false;
    void this.closeLink();
  }

  private async closeLink(): Promise<void> {
    await this.opening;
    const link = this.link;
    this.link = null;
    this.opening = null;
    // Leaving on purpose: say so now (the last will says it only when the connection dies).
    await link?.close({ topic: tableTopics(this.options.table()).presence, message: presenceMessage(false, new Date()) });
  }

  /** A change has been written on this machine: the screens hear of it. */
  saved(change: ShoeChange): void {
    if (!this.options.broker()) return;
    this.written = shoeAfter(this.writtenShoe(), change);
    void this.inTurn(() => this.publishChange(change));
  }

  private writtenShoe(): ShoeRecord | null {
    if (this.written === undefined) this.written = this.options.storedShoe();
    return this.written;
  }

  private inTurn(step: () => Promise<void>): Promise<void> {
    this.queue = this.queue.then(step).catch(() => undefined);
    return this.queue;
  }

  private async publishChange(change: ShoeChange): Promise<void> {
    const link = this.link;
    if (!link || link.state !== 'connected') return this.markUnsent();
    // After a change the broker missed, the screens need the state whole, not one more step.
    if (this.unsent) return this.publishWhole();
    const shoe = this.writtenShoe();
    const after = this.revision;
    const revision = nextRevision(after);
    const message: TableChangeMessage = {
      format: 'bacc-table-change',
      version: 1,
      revision,
      after,
      shoeId: change.kind === 'start' ? change.shoe.id : change.shoeId,
      change: changeKind(change),
      handCount: shoe?.hands.length ?? 0,
      ...(change.kind === 'add' ? { hand: change.hand } : {}),
    };
    const topics = tableTopics(this.options.table());
    const sent =
      (await link.publish(topics.change, message, false)) &&
      (await link.publish(topics.state, tableStateMessage(this.options.table(), this.options.limits(), shoe, revision), true));
    this.revision = revision;
    if (!sent) this.markUnsent();
  }

  /** The presence and the whole state: on (re)connecting, and after changes the broker missed. */
  private async publishWhole(): Promise<void> {
    await this.options.whenReady();
    const link = this.link;
    if (!link || link.state !== 'connected' || !this.options.holdsTable()) return;
    const topics = tableTopics(this.options.table());
    const revision = nextRevision(this.revision);
    const sent =
      (await link.publish(topics.presence, presenceMessage(true, new Date()), true)) &&
      (await link.publish(
        topics.state,
        tableStateMessage(this.options.table(), this.options.limits(), this.writtenShoe(), revision),
        true,
      ));
    this.revision = revision;
    this.unsent = !sent;
    this.host.requestUpdate();
  }

  private markUnsent(): void {
    if (this.unsent) return;
    this.unsent = true;
    this.host.requestUpdate();
  }
}

function changeKind(change: ShoeChange): TableChangeKind {
  return change.kind === 'replace' ? 'correct' : change.kind;
}

/** The shoe once `change` is written (null stays null until a shoe starts). */
export function shoeAfter(shoe: ShoeRecord | null, change: ShoeChange): ShoeRecord | null {
  if (change.kind === 'start') return change.shoe;
  if (!shoe || shoe.id !== change.shoeId) return shoe;
  switch (change.kind) {
    case 'add':
      return { ...shoe, hands: [...shoe.hands.slice(0, change.index), change.hand] };
    case 'replace':
      return { ...shoe, hands: shoe.hands.map((hand, index) => (index === change.index ? change.hand : hand)) };
    case 'undo':
      return { ...shoe, hands: shoe.hands.slice(0, change.index) };
    case 'end':
      return { ...shoe, endedAt: change.endedAt };
    case 'reopen':
      return { ...shoe, endedAt: null };
  }
}
