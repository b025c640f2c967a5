import type { ReactiveControllerHost } from 'lit';
import type { ShoeChange } from '../../../src/shoes/keeper.js';
import type { ShoeRecord } from '../../../src/shoes/document.js';
import {
  nextRevision,
  presenceMessage,
  tableStateMessage,
  tableTopics,
  type TableChangeKind,
  type TableChangeMessage,
} from '../../../src/room/messages.js';
import { RoomLink, type BrokerSettings } from '../shared/room/room-link.js';
import { BrokerController } from '../shared/room/broker-controller.js';

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
export class ConsolePublisher extends BrokerController<RoomLink> {
  /** A change written here has not reached the broker yet. */
  unsent = false;
  /** The broker refused the last publication: this user may not write this table's topics. */
  refusedByBroker = false;

  /** The table's shoe as written, change by change (the keeper may hold more, not yet written). */
  private written: ShoeRecord | null | undefined = undefined;
  private revision = 0;
  /** Publications, one after another, so that revisions reach the broker in order. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    host: ReactiveControllerHost,
    private readonly options: ConsolePublisherOptions,
  ) {
    super(host);
    host.addController(this);
  }

  protected follow(): void {
    const broker = this.options.broker();
    if (!broker) return;
    const topics = tableTopics(this.options.table());
    this.openLink(() =>
      (this.options.openLink ?? RoomLink.open)(broker, {
        will: { topic: topics.presence, payload: JSON.stringify(presenceMessage(false, null)) },
        onState: (state) => {
          this.linkState = state;
          this.host.requestUpdate();
        },
        onMessage: () => undefined,
        onConnect: () => void this.inTurn(() => this.publishWhole()),
      }),
    );
  }

  /** Leaving on purpose: say so now (the last will says it only when the connection dies). */
  protected override release(link: RoomLink): Promise<void> {
    return link.close({ topic: tableTopics(this.options.table()).presence, message: presenceMessage(false, new Date()) });
  }

  /**
   * A change has been written on this machine: the screens hear of it. The store numbers a new
   * shoe as it writes it (`shoeNumber`): the change itself has no number, and the console's own
   * shoe may not have it yet, so the screens were told of a shoe without its number.
   */
  saved(change: ShoeChange, shoeNumber?: number): void {
    if (!this.options.broker()) return;
    const written = shoeAfter(this.writtenShoe(), change);
    const stored = this.options.storedShoe();
    const number = shoeNumber ?? (stored?.id === written?.id ? stored?.number : undefined);
    this.written = written && number !== undefined ? { ...written, number } : written;
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
    const sent = await this.sendAll(link, [
      [topics.change, message, false],
      [topics.state, tableStateMessage(this.options.table(), this.options.limits(), shoe, revision), true],
    ]);
    this.revision = revision;
    if (!sent) this.markUnsent();
  }

  /** The presence and the whole state: on (re)connecting, and after changes the broker missed. */
  private async publishWhole(): Promise<void> {
    await this.options.whenReady();
    const link = this.link;
    if (!link || link.state !== 'connected' || !this.options.holdsTable()) return;
    const topics = tableTopics(this.options.table());
    const after = this.revision;
    const revision = nextRevision(after);
    const shoe = this.writtenShoe();
    // The state first, then news of it: screens follow changes, not states, and read the state on this news.
    const notice: TableChangeMessage = {
      format: 'bacc-table-change',
      version: 1,
      revision,
      after,
      shoeId: shoe?.id ?? '-',
      change: 'state',
      handCount: shoe?.hands.length ?? 0,
    };
    const sent = await this.sendAll(link, [
      [topics.presence, presenceMessage(true, new Date()), true],
      [topics.state, tableStateMessage(this.options.table(), this.options.limits(), shoe, revision), true],
      [topics.change, notice, false],
    ]);
    this.revision = revision;
    this.unsent = !sent;
    this.host.requestUpdate();
  }

  /** Publishes in order, stopping at the first not sent; says whether all were, and remembers a refusal. */
  private async sendAll(link: RoomLink, messages: readonly [string, object, boolean][]): Promise<boolean> {
    for (const [topic, message, retain] of messages) {
      const outcome = await link.publish(topic, message, retain);
      this.refusedByBroker = outcome === 'refused';
      if (outcome !== 'sent') return false;
    }
    return true;
  }

  private markUnsent(): void {
    if (this.unsent) return;
    this.unsent = true;
    this.host.requestUpdate();
  }
}

function changeKind(change: ShoeChange): TableChangeKind {
  // An event or audit entry changes no hand: screens read the whole state again, which carries it.
  if (change.kind === 'event' || change.kind === 'audit') return 'state';
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
    case 'event':
      return { ...shoe, events: [...(shoe.events ?? []), change.event] };
    case 'audit':
      return { ...shoe, audit: [...(shoe.audit ?? []), change.entry] };
  }
}
