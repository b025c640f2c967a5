/**
 * Every table the room's broker knows, for the lobby screen (`?mode=lobby`): one link with the
 * screen's credential, following every table's `change` and `presence`, and reading every table's
 * retained `state` once on connecting, then a table's again only when its changes cannot be
 * followed (a gap, a correction, a new shoe). It does not keep the state subscription: a whole
 * shoe on every hand of every table (~6 KB a hand) filled the broker's queue for the lobby under
 * load and states were dropped, leaving tiles behind. Each message is checked and followed by the
 * code a wall display follows its table with (RoomFollowing: a follower per table, made on the
 * table's first message that is not refused); a refused message is counted, logged once, and
 * changes nothing shown. A tile is loading until its table's retained state is read, or a read of
 * that table's state alone found none.
 */
import type { ReactiveControllerHost } from 'lit';
import { everyTableTopic, tableTopics } from '../../../src/room/messages.js';
import type { RoomTableFollower, KnownPresence } from '../../../src/room/follower.js';
import type { ShoeRecord } from '../../../src/shoes/document.js';
import { RoomLink, type BrokerSettings, type LinkState, type RoomLinkOptions } from '../shared/room/room-link.js';
import { BrokerController } from '../shared/room/broker-controller.js';
import { RoomFollowing } from '../shared/room/room-following.js';

/** What the lobby needs of a link to the broker (RoomLink; a test gives a small object of its own). */
export interface LobbyLink {
  subscribe(topics: readonly string[]): void;
  readRetained(topic: string, keep: boolean): Promise<void>;
  close(): Promise<void>;
}

/** Opens a link to the broker: RoomLink.open by default. */
export type OpenLobbyLink = (settings: BrokerSettings, options: RoomLinkOptions) => Promise<LobbyLink>;

/** The real link (MQTT.js over WebSocket, loaded when it opens). */
export const openRoomLink: OpenLobbyLink = (settings, options) => RoomLink.open(settings, options);

/** One table as a lobby tile shows it. */
export interface LobbyTable {
  table: string;
  limits: string;
  /** The table's current shoe, or null when its console has none (or only its presence is known). */
  shoe: ShoeRecord | null;
  /** The console's presence, or null when none was received. */
  presence: KnownPresence | null;
  /** Hands won by banker, by player, and ties, in the current shoe. */
  banker: number;
  player: number;
  ties: number;
  /** The table's retained state is not read yet (its presence came first): neither its shoe nor "no shoe yet" is known. */
  loading: boolean;
}

export interface LobbyTablesOptions {
  /** The broker and the screen's credential; null when none is set (nothing is opened). */
  broker: () => BrokerSettings | null;
  /** Opens the link (tests pass their own); RoomLink.open by default. */
  openLink?: OpenLobbyLink;
  /** The clock that stands in for a presence's time when the message does not carry one (tests). */
  now?: () => Date;
  /** Keeps a copy of a table's shoe as shown, after each change (this machine's History lists them). */
  keepCopy?: (shoe: ShoeRecord) => void;
}

/** `none` when no broker is set; otherwise the link's own state. */
export type LobbyLinkState = LinkState | 'none';

/** The topics the lobby follows: every table's changes and presence (states are read, not kept: see above). */
export const LOBBY_TOPICS: readonly string[] = [everyTableTopic('change'), everyTableTopic('presence')];

export class LobbyTablesController extends BrokerController<LobbyLink> {
  private following: RoomFollowing;
  /** Tables whose retained state was read (shown or not), or found missing by a read of its own. */
  private known = new Set<string>();
  private openedFor: BrokerSettings | null = null;
  /** Every table's retained state has been read once in this session. */
  private everyStateRead = false;
  private sorted: LobbyTable[] | null = [];

  constructor(
    host: ReactiveControllerHost,
    private readonly options: LobbyTablesOptions,
  ) {
    super(host);
    this.following = this.newFollowing();
    host.addController(this);
  }

  /** Messages refused since the link was opened, each once. */
  get refused(): number {
    return this.following.refused;
  }

  /** The tables, sorted by name (numbers in names in their order: "T2" before "T10"). */
  get tables(): readonly LobbyTable[] {
    this.sorted ??= [...this.following.followers.values()]
      .map((follower) => lobbyTable(follower, !this.known.has(follower.table)))
      .sort((a, b) => collator.compare(a.table, b.table) || (a.table < b.table ? -1 : a.table > b.table ? 1 : 0));
    return this.sorted;
  }

  /** Opens the link for the broker the host names (it may have changed), before the host renders. */
  protected follow(): void {
    const broker = this.options.broker();
    if (broker === this.openedFor) return;
    this.stop();
    this.openedFor = broker;
    if (broker === null) return;
    const open = this.options.openLink ?? openRoomLink;
    const linkOptions = (session: number): RoomLinkOptions => ({
      onState: (state) => {
        if (session !== this.session) return;
        this.linkState = state;
        this.host.requestUpdate();
      },
      onMessage: (topic, text, bytes, retained) => {
        if (session === this.session) this.following.receive(topic, text, bytes, retained);
      },
      // On every (re)connection: every table's state as the broker keeps it (changes may have been missed).
      onConnect: () => {
        if (session === this.session) this.readEveryState(session);
      },
    });
    this.openLink((session) => open(broker, linkOptions(session)), {
      opened: (link, session) => {
        link.subscribe(LOBBY_TOPICS);
        this.readEveryState(session);
      },
      // The error's own words (MQTT.js names at most the address); the credential is never logged.
      failed: (error) =>
        console.warn('bacc: the lobby could not open its link to the broker: ' + (error instanceof Error ? error.message : String(error))),
    });
    this.host.requestUpdate();
  }

  protected override stop(): void {
    void this.closeLink();
    this.openedFor = null;
    this.linkState = 'none';
    this.following.stop();
    this.following = this.newFollowing();
    this.known = new Set();
    this.everyStateRead = false;
    this.sorted = null;
  }

  private newFollowing(): RoomFollowing {
    return new RoomFollowing({
      readState: (table) => this.link?.readRetained(tableTopics(table).state, false),
      ...(this.options.now ? { now: this.options.now } : {}),
      onRefused: () => this.host.requestUpdate(),
      onStateRead: (table) => {
        if (this.known.has(table)) return;
        this.known.add(table);
        this.sorted = null;
      },
      onNews: (table, follower, news) => {
        // A table heard of by its presence alone, after every state was read: its own state is read.
        if (news === 'presence' && !this.known.has(table) && this.everyStateRead) void this.readUnknown(table, this.session);
        // A state shown or a hand added: this machine keeps a copy, for its History.
        if (news !== 'presence' && follower.shoe) this.options.keepCopy?.(follower.shoe);
        this.sorted = null;
        this.host.requestUpdate();
      },
    });
  }

  /**
   * Reads every table's retained state; then each table still loading (its presence came, no state)
   * has its own state read, after which it is known to have none. The broker hands over a table's
   * retained state before it answers the end of that read.
   */
  private readEveryState(session: number): void {
    const link = this.link;
    if (!link) return;
    this.following.restartReads();
    // Tables heard of meanwhile wait for this read rather than each asking on its own.
    this.everyStateRead = false;
    void link
      .readRetained(everyTableTopic('state'), false)
      .then(async () => {
        if (session !== this.session) return;
        this.everyStateRead = true;
        for (const table of [...this.following.followers.keys()]) await this.readUnknown(table, session);
      })
      .catch(() => undefined);
  }

  /** Reads the retained state of a table not known yet; once read, the table is known (to have none, if none came). */
  private async readUnknown(table: string, session: number): Promise<void> {
    const link = this.link;
    if (!link || session !== this.session || this.known.has(table)) return;
    await link.readRetained(tableTopics(table).state, false).catch(() => undefined);
    if (session !== this.session || this.known.has(table)) return;
    this.known.add(table);
    this.sorted = null;
    this.host.requestUpdate();
  }
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function lobbyTable(follower: RoomTableFollower, loading: boolean): LobbyTable {
  let banker = 0;
  let player = 0;
  let ties = 0;
  for (const hand of follower.shoe?.hands ?? []) {
    if (hand.outcome === 'B') banker++;
    else if (hand.outcome === 'P') player++;
    else ties++;
  }
  return {
    table: follower.table,
    limits: follower.limits,
    shoe: follower.shoe,
    presence: follower.presence,
    banker,
    player,
    ties,
    loading,
  };
}

/** URL parameters a tile's address never carries on: the mode and table it sets, and any credential. */
const NOT_CARRIED = new Set(['mode', 'table', 'user', 'password']);

/**
 * The address of a table's wall display, from the lobby's own query (`location.search`):
 * `?mode=display&table=<name>` and the page's other parameters (broker, lang, theme, rows…), but
 * never `user` or `password` (the credential is remembered by the browser, never put in an address).
 */
export function tableDisplayHref(table: string, search: string): string {
  const params = new URLSearchParams([
    ['mode', 'display'],
    ['table', table],
  ]);
  for (const [name, value] of new URLSearchParams(search)) {
    if (!NOT_CARRIED.has(name)) params.append(name, value);
  }
  return `?${params.toString()}`;
}

/** The parameters a link to History carries on from the lobby's query: the page's language and theme. */
const CARRIED_TO_HISTORY = ['lang', 'theme'];

/**
 * The address of a table's recent shoes in the room's record: History with the record as its source
 * and the table chosen, `?mode=history&source=record&table=<name>` (the name encoded), and the
 * lobby's language and theme. Never a credential: History signs in to the recorder itself.
 */
export function tableRecordHref(table: string, search: string): string {
  const params = new URLSearchParams([
    ['mode', 'history'],
    ['source', 'record'],
    ['table', table],
  ]);
  const own = new URLSearchParams(search);
  for (const name of CARRIED_TO_HISTORY) {
    const value = own.get(name);
    if (value !== null) params.set(name, value);
  }
  return `?${params.toString()}`;
}
