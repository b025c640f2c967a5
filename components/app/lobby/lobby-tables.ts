/**
 * Every table the room's broker knows, for the lobby screen (`?mode=lobby`): one link with the
 * screen's credential, following every table's `change` and `presence`, and reading every table's
 * retained `state` once on connecting, then a table's again only when its changes cannot be
 * followed (a gap, a correction, a new shoe). It does not keep the state subscription: a whole
 * shoe on every hand of every table (~6 KB a hand) filled the broker's queue for the lobby under
 * load and states were dropped, leaving tiles behind. Each message is checked as an import is
 * checked (readRoomMessage) and followed by revision (a RoomTableFollower per table, made on the
 * table's first message that is not refused); a refused message is counted, logged once, and
 * changes nothing shown.
 */
import type { ReactiveControllerHost } from 'lit';
import { everyTableTopic, readRoomMessage, roomRefusalLogText, tableTopics } from '../../../src/room/messages.js';
import { RoomTableFollower, type KnownPresence } from '../../../src/room/follower.js';
import type { ShoeRecord } from '../../../src/shoes/document.js';
import { RoomLink, type BrokerSettings, type LinkState, type RoomLinkOptions } from '../shared/room/room-link.js';
import { BrokerController } from '../shared/room/broker-controller.js';

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

/** Reads of one table's state after a change that asked for it, and the wait between them. */
const MAX_STATE_READS = 5;
const STATE_READ_DELAY_MS = 200;

/** The topics the lobby follows: every table's changes and presence (states are read, not kept: see above). */
export const LOBBY_TOPICS: readonly string[] = [everyTableTopic('change'), everyTableTopic('presence')];

export class LobbyTablesController extends BrokerController<LobbyLink> {
  /** Messages refused since the link was opened. */
  refused = 0;

  private followers = new Map<string, RoomTableFollower>();
  /**
   * Tables whose retained state is being read again, with the revision wanted (the change that
   * asked): the console publishes a change before its state, so a read may find the state before it.
   */
  private readonly reading = new Map<string, { wanted: number; tries: number }>();
  private openedFor: BrokerSettings | null = null;
  private sorted: LobbyTable[] | null = [];

  constructor(
    host: ReactiveControllerHost,
    private readonly options: LobbyTablesOptions,
  ) {
    super(host);
    host.addController(this);
  }

  /** The tables, sorted by name (numbers in names in their order: "T2" before "T10"). */
  get tables(): readonly LobbyTable[] {
    this.sorted ??= [...this.followers.values()]
      .map((follower) => lobbyTable(follower))
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
        if (session === this.session) this.receive(topic, text, bytes, retained);
      },
      // On every (re)connection: every table's state as the broker keeps it (changes may have been missed).
      onConnect: () => {
        if (session === this.session) void this.link?.readRetained(everyTableTopic('state'), false);
      },
    });
    this.openLink((session) => open(broker, linkOptions(session)), {
      opened: (link) => {
        link.subscribe(LOBBY_TOPICS);
        void link.readRetained(everyTableTopic('state'), false);
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
    this.followers = new Map();
    this.sorted = null;
    this.refused = 0;
  }

  /** One message as the broker delivered it: checked, then followed; refused, counted and logged once. */
  private receive(topic: string, text: string, bytes: number, retained = false): void {
    const reading = readRoomMessage(topic, text, bytes);
    if (!reading.ok) {
      this.refused++;
      console.warn('bacc: refused a message on ' + topic + ': ' + roomRefusalLogText(reading.refusal));
      this.host.requestUpdate();
      return;
    }
    const { received } = reading;
    let follower = this.followers.get(received.table);
    if (!follower) {
      follower = new RoomTableFollower(received.table);
      this.followers.set(received.table, follower);
    }
    if (received.kind === 'state') {
      const outcome = follower.receiveState(received.message);
      this.stateRead(received.table, follower.revision);
      if (outcome.kind === 'stale') return;
    } else if (received.kind === 'change') {
      const outcome = follower.receiveChange(received.message);
      if (outcome.kind === 'refused') {
        this.refused++;
        console.warn('bacc: refused a message on ' + topic + ': ' + roomRefusalLogText(outcome.refusal));
        this.host.requestUpdate();
        return;
      }
      if (outcome.kind === 'resync') this.readState(received.table, received.message.revision);
      if (outcome.kind !== 'added') return;
    } else {
      // A retained last will was written when the console connected: when it left is not known.
      follower.receivePresence(received.message, retained ? null : (this.options.now ?? (() => new Date()))());
    }
    // A state shown or a hand added: this machine keeps a copy, for its History.
    if (received.kind !== 'presence' && follower.shoe) this.options.keepCopy?.(follower.shoe);
    this.sorted = null;
    this.host.requestUpdate();
  }

  /** Reads a table's retained state again, one read at a time for each table. */
  private readState(table: string, wanted: number): void {
    const pending = this.reading.get(table);
    if (pending) {
      pending.wanted = Math.max(pending.wanted, wanted);
      return;
    }
    this.reading.set(table, { wanted, tries: 0 });
    void this.link?.readRetained(tableTopics(table).state, false);
  }

  /** A state of `table` arrived: done when it is as new as wanted, else read again shortly (a few times). */
  private stateRead(table: string, shown: number): void {
    const pending = this.reading.get(table);
    if (!pending) return;
    if (shown >= pending.wanted || pending.tries >= MAX_STATE_READS) {
      this.reading.delete(table);
      return;
    }
    pending.tries++;
    const session = this.session;
    setTimeout(() => {
      if (session === this.session) void this.link?.readRetained(tableTopics(table).state, false);
    }, STATE_READ_DELAY_MS);
  }
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function lobbyTable(follower: RoomTableFollower): LobbyTable {
  let banker = 0;
  let player = 0;
  let ties = 0;
  for (const hand of follower.shoe?.hands ?? []) {
    if (hand.outcome === 'B') banker++;
    else if (hand.outcome === 'P') player++;
    else ties++;
  }
  return { table: follower.table, limits: follower.limits, shoe: follower.shoe, presence: follower.presence, banker, player, ties };
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
