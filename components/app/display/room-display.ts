/**
 * A wall display following ONE table through the room's broker (`?mode=display&table=…` with a
 * broker configured). It shows first the copy kept on this machine (a reboot without network still
 * shows the last state), then connects with the screen's credential, takes the table's `change`
 * and `presence` topics and reads its retained `state` once. Every message is checked as an import
 * is (readRoomMessage) and settled by revision (RoomTableFollower): a hand added is added to the
 * shoe shown, after the same hand objects, so the scoreboard adds one hand; a gap, a correction, an
 * undo it cannot follow or a new shoe reads the retained state again. A refused message is logged,
 * counted and changes nothing. Every change shown is kept on this machine (origin `received`).
 */
import type { ReactiveControllerHost } from 'lit';
import type { ScoreboardStore } from '../shared/data/scoreboard-store.js';
import { RoomTableFollower, type FollowOutcome, type KnownPresence } from '../../../src/room/follower.js';
import { readRoomMessage, roomRefusalLogText, tableTopics, type RoomRefusal } from '../../../src/room/messages.js';
import type { ShoeRecord } from '../../../src/shoes/document.js';
import { StorageConnectionController } from '../shared/data/storage-connection.js';
import { storageErrorText } from '../shared/data/storage-words.js';
import { ReceivedShoeKeeper } from '../shared/room/received-shoes.js';
import { RoomLink, type BrokerSettings, type LinkState, type RoomLinkOptions } from '../shared/room/room-link.js';
import { BrokerController } from '../shared/room/broker-controller.js';

/** What the display uses of a RoomLink. */
export type RoomDisplayLink = Pick<RoomLink, 'subscribe' | 'readRetained' | 'close'>;

/** Opens the link to the broker: RoomLink.open, or a test's stand-in. */
export type OpenRoomLink = (settings: BrokerSettings, options: RoomLinkOptions) => Promise<RoomDisplayLink>;

export interface RoomDisplayOptions {
  /** The table to follow (its name, as its console's). */
  table: () => string;
  /** The broker and this screen's credential. */
  broker: () => BrokerSettings;
  /** Opens the link (default RoomLink.open). */
  openLink?: OpenRoomLink;
  /** A store to use instead of the page's IndexedDB (tests). */
  store?: () => ScoreboardStore | null;
  /** Wait before trying again to open storage that failed to open. */
  reopenDelay?: number;
  /** The screen's clock (tests). */
  now?: () => Date;
  /** Wait before reading the state again when the one read is older than a change already heard (default 300 ms). */
  resyncRetryDelay?: number;
}

/**
 * A time as the page's language writes it, hours and minutes (`14:02`).
 * @param locale the page's language (`<html lang>`), or '' for the browser's.
 */
export function clockTime(date: Date, locale: string): string {
  const options: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
  try {
    return new Intl.DateTimeFormat(locale || undefined, options).format(date);
  } catch {
    return new Intl.DateTimeFormat(undefined, options).format(date);
  }
}

/** How often a state older than a change heard is read again before waiting for the next message. */
const RESYNC_RETRIES = 3;

export class RoomDisplayController extends BrokerController<RoomDisplayLink> {
  /** Where the link to the broker stands. */
  override linkState: LinkState = 'connecting';
  /** How many received messages were refused since the screen connected. */
  refusedCount = 0;
  /** When the state shown was received (or kept, for the copy shown at start), or null before any. */
  receivedAt: Date | null = null;
  /** True once the copy kept on this machine has been looked for (or could not be). */
  loaded = false;

  private follower: RoomTableFollower;
  private readonly connection: StorageConnectionController;
  private readonly keeper: ReceivedShoeKeeper;
  /** Why the kept copy could not be read, until it is. */
  private readError: unknown = null;
  private resyncing = false;
  private resyncAgain = false;
  /** The highest revision of a change that asked for the state: a state below it is read again. */
  private wanted = 0;
  private retries = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    host: ReactiveControllerHost,
    private readonly options: RoomDisplayOptions,
  ) {
    super(host);
    this.follower = new RoomTableFollower(options.table());
    // Before the storage connection: on a host already connected, it hands on the store at once.
    this.keeper = new ReceivedShoeKeeper({ store: () => this.connection?.store ?? null, onTrouble: () => this.host.requestUpdate() });
    host.addController(this);
    this.connection = new StorageConnectionController(host, {
      ...(options.store ? { store: options.store } : {}),
      ...(options.reopenDelay === undefined ? {} : { reopenDelay: options.reopenDelay }),
      onStore: (store) => {
        void this.readKept(store);
        this.keeper.resume();
      },
      onStatus: (status) => {
        if (status.state === 'failed') this.loaded = true;
      },
    });
  }

  /** The shoe on screen, or null. */
  get shoe(): ShoeRecord | null {
    return this.follower.shoe;
  }

  /** The table's limits as its console gives them ('' before any state). */
  get limits(): string {
    return this.follower.limits;
  }

  /** The console's presence, or null before any was received. */
  get presence(): KnownPresence | null {
    return this.follower.presence;
  }

  /** Why the copy kept on this machine cannot be read or written, in words for the screen; null when it can. */
  get keptCopyTrouble(): string | null {
    if (this.readError !== null) return storageErrorText(this.readError);
    return this.keeper.trouble ?? this.connection.trouble;
  }

  /** Resolves once every copy asked for so far is kept (tests). */
  keptCopiesSettled(): Promise<void> {
    return this.keeper.settled();
  }

  override hostConnected(): void {
    // A screen that comes back follows the table afresh.
    this.follower = new RoomTableFollower(this.options.table());
    this.wanted = 0;
    super.hostConnected();
  }

  /** The display's table and broker are set once: an update changes nothing to follow. */
  override hostUpdate(): void {}

  protected override stop(): void {
    clearTimeout(this.retryTimer);
    void this.closeLink();
  }

  protected override release(link: RoomDisplayLink): Promise<void> {
    return link.close().catch(() => undefined);
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

  protected follow(): void {
    const topics = tableTopics(this.follower.table);
    const open = this.options.openLink ?? ((settings, options) => RoomLink.open(settings, options));
    this.openLink(
      (session) =>
        open(this.options.broker(), {
          onState: (state) => {
            if (session !== this.session) return;
            this.linkState = state;
            this.host.requestUpdate();
          },
          onMessage: (topic, text, bytes, retained) => {
            if (session === this.session) this.receive(topic, text, bytes, retained);
          },
          onConnect: () => {
            if (session !== this.session) return;
            // After a reconnection changes may have been missed.
            this.retries = 0;
            void this.resync();
          },
        }),
      {
        opened: (link) => {
          link.subscribe([topics.change, topics.presence]);
          // Connected already (a link that connects at once): read the state now, as onConnect would.
          if (this.linkState === 'connected') void this.resync();
        },
        failed: (error) => console.error('bacc: the link to the broker could not be opened:', error),
      },
    );
  }

  /** Shows the copy kept on this machine until the broker says more. */
  private async readKept(store: ScoreboardStore): Promise<void> {
    const session = this.session;
    const table = this.follower.table;
    try {
      const kept = await store.latestShoe({ table, origin: ['received', 'console'] });
      const summary = kept && (await store.getSummary(kept.id));
      if (session !== this.session || !this.connected) return;
      this.readError = null;
      // Revision 1: below any the console publishes, so the broker's state replaces it.
      if (kept && this.follower.revision === 0) {
        this.follower.restore({ revision: 1, shoe: kept, limits: '', sentAt: summary?.updatedAt ?? null });
        const at = summary ? new Date(summary.updatedAt) : null;
        this.receivedAt = at && !Number.isNaN(at.getTime()) ? at : null;
      }
    } catch (error) {
      if (session !== this.session) return;
      this.readError = error;
    }
    this.loaded = true;
    this.host.requestUpdate();
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  private receive(topic: string, text: string, bytes: number, retained = false): void {
    const now = this.now();
    const reading = readRoomMessage(topic, text, bytes, now);
    if (!reading.ok) return this.refuse(topic, reading.refusal);
    const { received } = reading;
    // Not this screen's table (a subscription it no longer holds, say): not refused, not shown.
    if (received.table !== this.follower.table) return;
    let outcome: FollowOutcome;
    switch (received.kind) {
      case 'presence':
        // A retained last will was written when the console connected: when it left is not known.
        this.follower.receivePresence(received.message, retained ? null : now);
        this.host.requestUpdate();
        return;
      case 'state':
        outcome = this.follower.receiveState(received.message);
        break;
      case 'change':
        outcome = this.follower.receiveChange(received.message, now);
        if (outcome.kind === 'resync') {
          this.wanted = Math.max(this.wanted, received.message.revision);
          void this.resync();
        }
        break;
    }
    if (outcome.kind === 'refused') return this.refuse(topic, outcome.refusal);
    if (outcome.kind !== 'shown' && outcome.kind !== 'added') return;
    this.receivedAt = now;
    this.loaded = true;
    const shoe = this.follower.shoe;
    if (shoe) this.keeper.keep(shoe);
    this.host.requestUpdate();
  }

  private refuse(topic: string, refusal: RoomRefusal): void {
    this.refusedCount++;
    console.warn(`bacc: refused a message on ${topic}: ${roomRefusalLogText(refusal)}`);
    this.host.requestUpdate();
  }

  /**
   * Reads the table's retained state again, one read at a time (a burst of changes that cannot be
   * followed asks once more after the read, not once each). The console publishes a change before
   * its state, so a state older than a change heard is read again a little later, a few times.
   */
  private async resync(): Promise<void> {
    const link = this.link;
    if (!link) return;
    if (this.resyncing) {
      this.resyncAgain = true;
      return;
    }
    const session = this.session;
    this.resyncing = true;
    try {
      do {
        this.resyncAgain = false;
        await link.readRetained(tableTopics(this.follower.table).state, false).catch(() => undefined);
      } while (this.resyncAgain && session === this.session);
    } finally {
      this.resyncing = false;
    }
    if (session !== this.session) return;
    if (this.follower.revision >= this.wanted) {
      this.retries = 0;
      return;
    }
    if (this.retries >= RESYNC_RETRIES) return;
    this.retries++;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      if (session === this.session) void this.resync();
    }, this.options.resyncRetryDelay ?? 300);
  }
}
