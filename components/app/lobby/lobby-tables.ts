/**
 * Every table the room's broker knows, for the lobby screen (`?mode=lobby`): one link with the
 * screen's credential, subscribed to every table's retained `state` and `presence`. The lobby keeps
 * the state subscription rather than following changes: it gets each table's whole state on every
 * change, which is simple, and the lobby is one subscriber. Each message is checked as an import
 * is checked (readRoomMessage) and followed by revision (a RoomTableFollower per table, made on the
 * table's first message that is not refused); a refused message is counted, logged once, and
 * changes nothing shown.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { everyTableTopic, readRoomMessage, roomRefusalLogText } from '../../../src/room-messages.js';
import { RoomTableFollower, type KnownPresence } from '../../../src/room-follower.js';
import type { ShoeRecord } from '../../../src/shoe-document.js';
import { RoomLink, type BrokerSettings, type LinkState, type RoomLinkOptions } from '../room/room-link.js';

/** What the lobby needs of a link to the broker (RoomLink; a test gives a small object of its own). */
export interface LobbyLink {
  subscribe(topics: readonly string[]): void;
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
}

/** `none` when no broker is set; otherwise the link's own state. */
export type LobbyLinkState = LinkState | 'none';

/** The topics the lobby takes: every table's retained state and presence. */
export const LOBBY_TOPICS: readonly string[] = [everyTableTopic('state'), everyTableTopic('presence')];

export class LobbyTablesController implements ReactiveController {
  /** Where the link stands. */
  linkState: LobbyLinkState = 'none';
  /** Messages refused since the link was opened. */
  refused = 0;

  private followers = new Map<string, RoomTableFollower>();
  private link: LobbyLink | null = null;
  private openedFor: BrokerSettings | null = null;
  /** Bumped on every open and close, so a link that opens after it is no longer wanted is closed at once. */
  private generation = 0;
  private connected = false;
  private sorted: LobbyTable[] | null = [];

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly options: LobbyTablesOptions,
  ) {
    host.addController(this);
  }

  /** The tables, sorted by name (numbers in names in their order: "T2" before "T10"). */
  get tables(): readonly LobbyTable[] {
    this.sorted ??= [...this.followers.values()]
      .map((follower) => lobbyTable(follower))
      .sort((a, b) => collator.compare(a.table, b.table) || (a.table < b.table ? -1 : a.table > b.table ? 1 : 0));
    return this.sorted;
  }

  hostConnected(): void {
    this.connected = true;
    this.follow();
  }

  /** The broker may have changed (the host's property): open the link for the new one, before the host renders. */
  hostUpdate(): void {
    if (this.connected) this.follow();
  }

  hostDisconnected(): void {
    this.connected = false;
    this.close();
  }

  private follow(): void {
    const broker = this.options.broker();
    if (broker === this.openedFor) return;
    this.close();
    this.openedFor = broker;
    if (broker === null) return;
    this.linkState = 'connecting';
    const generation = this.generation;
    const open = this.options.openLink ?? openRoomLink;
    const linkOptions: RoomLinkOptions = {
      onState: (state) => {
        if (generation !== this.generation) return;
        this.linkState = state;
        this.host.requestUpdate();
      },
      onMessage: (topic, text, bytes, retained) => {
        if (generation === this.generation) this.receive(topic, text, bytes, retained);
      },
    };
    open(broker, linkOptions).then(
      (link) => {
        if (generation !== this.generation) {
          void link.close();
          return;
        }
        this.link = link;
        link.subscribe(LOBBY_TOPICS);
      },
      (error: unknown) => {
        if (generation !== this.generation) return;
        // The error's own words (MQTT.js names at most the address); the credential is never logged.
        console.warn('bacc: the lobby could not open its link to the broker: ' + (error instanceof Error ? error.message : String(error)));
        this.linkState = 'offline';
        this.host.requestUpdate();
      },
    );
    this.host.requestUpdate();
  }

  private close(): void {
    this.generation++;
    const link = this.link;
    this.link = null;
    this.openedFor = null;
    this.linkState = 'none';
    this.followers = new Map();
    this.sorted = null;
    this.refused = 0;
    if (link) void link.close();
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
    // The lobby takes no `change` topic; one delivered anyway (another subscription's) is let be.
    if (received.kind === 'change') return;
    let follower = this.followers.get(received.table);
    if (!follower) {
      follower = new RoomTableFollower(received.table);
      this.followers.set(received.table, follower);
    }
    if (received.kind === 'state') {
      if (follower.receiveState(received.message).kind === 'stale') return;
    } else {
      // A retained last will was written when the console connected: when it left is not known.
      follower.receivePresence(received.message, retained ? null : (this.options.now ?? (() => new Date()))());
    }
    this.sorted = null;
    this.host.requestUpdate();
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
