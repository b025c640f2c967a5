/**
 * A wall display following ONE table through the room's broker (`?mode=display&table=…` with a
 * broker configured). It shows first the copy kept on this machine (a reboot without network still
 * shows the last state), then connects with the screen's credential, takes the table's `change`
 * and `presence` topics and reads its retained `state` once. Every message is checked as an import
 * is and settled by revision, by the following code the lobby uses too (RoomFollowing): a hand
 * added is added to the shoe shown, after the same hand objects, so the scoreboard adds one hand; a
 * gap, a correction, an undo it cannot follow or a new shoe reads the retained state again. A
 * refused message is logged, counted once and changes nothing. Every change shown is kept on this
 * machine (origin `received`).
 */
import type { ReactiveControllerHost } from 'lit';
import type { ScoreboardStore } from '../shared/data/scoreboard-store.js';
import type { RoomTableFollower, KnownPresence } from '../../../src/room/follower.js';
import { tableTopics } from '../../../src/room/messages.js';
import type { ShoeRecord } from '../../../src/shoes/document.js';
import { StorageConnectionController } from '../shared/data/storage-connection.js';
import { storageErrorText } from '../shared/data/storage-words.js';
import { ReceivedShoeKeeper } from '../shared/room/received-shoes.js';
import { RoomLink, type BrokerSettings, type LinkState, type RoomLinkOptions } from '../shared/room/room-link.js';
import { BrokerController } from '../shared/room/broker-controller.js';
import { RoomFollowing } from '../shared/room/room-following.js';

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

export class RoomDisplayController extends BrokerController<RoomDisplayLink> {
  /** Where the link to the broker stands. */
  override linkState: LinkState = 'connecting';
  /** When the state shown was received (or kept, for the copy shown at start), or null before any. */
  receivedAt: Date | null = null;
  /** True once the copy kept on this machine has been looked for (or could not be). */
  loaded = false;

  private following: RoomFollowing;
  private readonly connection: StorageConnectionController;
  private readonly keeper: ReceivedShoeKeeper;
  /** Why the kept copy could not be read, until it is. */
  private readError: unknown = null;

  constructor(
    host: ReactiveControllerHost,
    private readonly options: RoomDisplayOptions,
  ) {
    super(host);
    this.following = this.newFollowing();
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

  /** How many received messages were refused since the screen connected (each once). */
  get refusedCount(): number {
    return this.following.refused;
  }

  private get follower(): RoomTableFollower {
    return this.following.followers.get(this.options.table())!;
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
    this.following.stop();
    this.following = this.newFollowing();
    super.hostConnected();
  }

  /** The display's table and broker are set once: an update changes nothing to follow. */
  override hostUpdate(): void {}

  protected override stop(): void {
    this.following.stop();
    void this.closeLink();
  }

  private newFollowing(): RoomFollowing {
    const table = this.options.table();
    return new RoomFollowing({
      table,
      readState: () => this.link?.readRetained(tableTopics(table).state, false),
      now: () => this.now(),
      ...(this.options.resyncRetryDelay === undefined ? {} : { stateReadDelay: this.options.resyncRetryDelay }),
      onRefused: () => this.host.requestUpdate(),
      onNews: (_table, follower, news) => {
        if (news !== 'presence') {
          this.receivedAt = this.now();
          this.loaded = true;
          if (follower.shoe) this.keeper.keep(follower.shoe);
        }
        this.host.requestUpdate();
      },
    });
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
            if (session === this.session) this.following.receive(topic, text, bytes, retained);
          },
          onConnect: () => {
            if (session !== this.session) return;
            // After a reconnection changes may have been missed.
            this.resync();
          },
        }),
      {
        opened: (link) => {
          link.subscribe([topics.change, topics.presence]);
          // Connected already (a link that connects at once): read the state now, as onConnect would.
          if (this.linkState === 'connected') this.resync();
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
      // Kept at revision 0: the broker's state of the table replaces it, whatever its revision.
      if (kept && this.follower.revision === 0) {
        this.follower.restore({ shoe: kept, limits: '', sentAt: summary?.updatedAt ?? null });
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

  /** Reads the table's retained state (on connecting: changes may have been missed meanwhile). */
  private resync(): void {
    this.following.restartReads();
    this.following.readState(this.options.table());
  }
}
