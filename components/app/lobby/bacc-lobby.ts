import { LitElement, html, css, nothing, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { localized, msg, str } from '@lit/localize';
import { noticeLook, themeTokens } from '../../styles/theme.js';
import { outcomeLetter } from '../shared/road-words.js';
import type { BrokerSettings } from '../shared/room/room-link.js';
import { ReceivedShoeKeeper } from '../shared/room/received-shoes.js';
import { StorageConnectionController } from '../shared/data/storage-connection.js';
import {
  LobbyTablesController,
  openRoomLink,
  tableDisplayHref,
  tableRecordHref,
  type LobbyTable,
  type OpenLobbyLink,
} from './lobby-tables.js';
import '../../define/big-road.js';

/**
 * Tables on one page of the lobby. Up to 24 tables are one page, laid out in a grid that fills the
 * screen (6 × 4 at 24; fewer tables get bigger tiles). Beyond 24 the lobby pages rather than
 * scales: each page keeps the tiles legible from across a room, turning by itself every
 * `pageSeconds` (15 s), with "Page 2 of 3" in its heading.
 */
export const LOBBY_PAGE_SIZE = 24;

/** Columns × rows of the grid for `count` tiles on a wide screen. */
export function lobbyGrid(count: number): { columns: number; rows: number } {
  if (count <= 1) return { columns: 1, rows: 1 };
  if (count <= 2) return { columns: 2, rows: 1 };
  if (count <= 4) return { columns: 2, rows: 2 };
  if (count <= 6) return { columns: 3, rows: 2 };
  if (count <= 9) return { columns: 3, rows: 3 };
  if (count <= 12) return { columns: 4, rows: 3 };
  if (count <= 16) return { columns: 4, rows: 4 };
  if (count <= 20) return { columns: 5, rows: 4 };
  return { columns: 6, rows: 4 };
}

/**
 * The lobby screen of a card room (`?mode=lobby`): one tile for every table the room's broker
 * knows, sorted by name, each with its limits, shoe and hand number, a small Big Road, its banker,
 * player and tie counts and its status (open, ended, no shoe yet, loading, console offline since a time).
 * A tile is a link to the table's wall display; under it, "Recent shoes" links to its shoes in the
 * room's record (History, `?mode=history&source=record&table=…`). A line for the clerk says when the broker
 * cannot be reached or refuses the screen's credential, and how many messages were refused.
 *
 * @csspart tile - One table's tile (a link); `data-table` names the table, `data-status` is `open`, `ended`, `no-shoe` or `loading` (its retained state not read yet), `data-offline` is set while its console is offline.
 * @csspart record-link - Under a tile, the link to its table's recent shoes in the room's record (History, `source=record`); `data-table` names the table.
 * @csspart operator - The line for the clerk (link trouble, refused messages).
 * @csspart message - Why there is nothing to show (no broker, no table yet).
 */
@customElement('bacc-lobby')
@localized()
export class BaccLobby extends LitElement {
  static override styles = [
    themeTokens,
    css`
      :host {
        display: block;
        box-sizing: border-box;
        height: 100%;
        overflow: hidden;
        background: var(--_background);
        container: lobby / size;
      }
      .lobby {
        box-sizing: border-box;
        height: 100%;
        display: grid;
        grid-template-rows: auto minmax(0, 1fr) auto;
        gap: 1cqh;
        padding: 1.2cqh 1cqw;
        font-size: clamp(14px, 1.9cqh, 40px);
      }
      header {
        display: flex;
        align-items: baseline;
        justify-content: space-between;
        gap: 1em;
      }
      h1 {
        margin: 0;
        font-size: 1.3em;
      }
      .page {
        font-weight: 600;
      }
      /* The heading shows only with its page number: one page gives its room to the tiles. */
      .tiles,
      .message {
        grid-row: 2;
      }
      .tiles {
        display: grid;
        grid-template-columns: repeat(var(--_columns), minmax(0, 1fr));
        grid-template-rows: repeat(var(--_grid-rows), minmax(0, 1fr));
        gap: 1cqh 0.8cqw;
        min-height: 0;
        margin: 0;
        padding: 0;
        list-style: none;
      }
      .tiles > li {
        min-width: 0;
        min-height: 0;
        display: flex;
        position: relative;
      }
      /*
       * The clerk's way into the table's record: a link of its own (a link holds no other), taking none
       * of the road's height. The room sees only the tiles: it shows, in the tile's bottom corner, while
       * the pointer is over the tile or the link has the focus; screen readers always have it.
       */
      .tiles > li:not(:hover) > a.record:not(:focus) {
        clip-path: inset(50%);
        width: 1px;
        height: 1px;
        overflow: hidden;
        white-space: nowrap;
        padding: 0;
      }
      a.record {
        position: absolute;
        inset-block-end: calc(3px + 0.3em);
        inset-inline-end: calc(3px + 0.5em);
        font-size: 14px;
        line-height: 1.2;
        color: inherit;
        background: var(--_panel);
        padding: 0.1em 0.3em;
        border-radius: 0.3em;
      }
      a.record:focus-visible {
        outline: 3px solid var(--_focus);
        outline-offset: 1px;
      }
      a.tile {
        flex: 1;
        min-width: 0;
        min-height: 0;
        box-sizing: border-box;
        container: tile / size;
        overflow: hidden;
        display: flex;
        flex-direction: column;
        /* In em: container units here would be the lobby's, not the tile's. */
        gap: 0.25em;
        padding: 0.4em 0.7em;
        border-radius: var(--_radius);
        background: var(--_panel);
        border: 3px solid transparent;
        color: inherit;
        text-decoration: none;
      }
      a.tile:focus-visible {
        outline: 4px solid var(--_focus);
        outline-offset: 2px;
      }
      a.tile[data-offline] {
        border-color: var(--_notice);
      }
      .title {
        display: flex;
        align-items: baseline;
        justify-content: space-between;
        gap: 0.4em;
        min-width: 0;
      }
      /* A name shows whole, on a second line when it does not fit on one ("High Limit 12" keeps its number). */
      .name {
        margin: 0;
        font-size: clamp(16px, 14cqh, 72px);
        font-weight: 700;
        line-height: 1.1;
        min-width: 0;
        overflow-wrap: anywhere;
        text-wrap: balance;
      }
      .status {
        flex: none;
        font-size: clamp(12px, 8cqh, 40px);
        font-weight: 600;
        white-space: nowrap;
      }
      .status[data-status='ended'],
      .status[data-status='loading'],
      .status[data-status='no-shoe'] {
        color: var(--_muted);
      }
      .offline {
        ${noticeLook}
        align-self: start;
        max-width: 100%;
        box-sizing: border-box;
        border-radius: 0.3em;
        padding: 0 0.4em;
        font-size: clamp(12px, 7.5cqh, 40px);
        white-space: nowrap;
        overflow: hidden;
        text-overflow: ellipsis;
      }
      /* The shoe and its hands, then the limits (on a line of their own when they do not fit beside). */
      .meta {
        display: flex;
        flex-wrap: wrap;
        gap: 0 0.7em;
        font-size: clamp(12px, 7.5cqh, 40px);
        line-height: 1.2;
        min-width: 0;
      }
      .meta > span {
        white-space: nowrap;
        overflow: hidden;
        text-overflow: ellipsis;
        min-width: 0;
      }
      .meta > .shoe {
        flex: none;
        max-width: 100%;
      }
      /* The road takes the height the tile's lines leave (a container of its own), and shows at least 10 columns. */
      .road {
        flex: 1 1 0;
        min-height: 0;
        overflow: hidden;
        container-type: size;
        display: flex;
        align-items: center;
      }
      bacc-big-road {
        width: 100%;
        --bacc-cell-size: min(calc(100cqh / var(--_lobby-road-rows, 6)), calc(100cqw / 10));
        --bacc-surface-color: var(--_surface);
      }
      .counts {
        display: flex;
        gap: 1em;
        font-size: clamp(14px, 12cqh, 64px);
        font-weight: 700;
        font-variant-numeric: tabular-nums;
      }
      .counts .B {
        color: var(--_banker);
      }
      .counts .P {
        color: var(--_player);
      }
      .counts .T {
        color: var(--_tie);
      }
      .operator {
        margin: 0;
        display: flex;
        flex-wrap: wrap;
        gap: 0 1.5em;
        grid-row: 3;
      }
      .operator .trouble {
        ${noticeLook}
        padding: 0 0.5em;
        border-radius: 0.3em;
      }
      .message {
        place-self: center;
        margin: 0;
        padding: 0.8em 1.2em;
        border-radius: 8px;
        ${noticeLook}
        font-size: 1.4em;
      }
      .visually-hidden {
        position: absolute;
        width: 1px;
        height: 1px;
        overflow: hidden;
        clip-path: inset(50%);
        white-space: nowrap;
      }
    `,
  ];

  /** The broker and the screen's credential (set by the kiosk from what this browser remembers); null: none set. */
  @property({ attribute: false }) broker: BrokerSettings | null = null;

  /** Grid rows of every tile's Big Road. */
  @property({ type: Number }) rows = 6;

  /** Marks carry letters as well as colours. */
  @property({ type: Boolean }) letters = false;

  /** Seconds between pages when there are more than 24 tables. */
  @property({ type: Number, attribute: 'page-seconds' }) pageSeconds = 15;

  /** The page's query, whose parameters (but the mode, table and any credential) the tiles' links carry on; the page's own by default. */
  @property({ attribute: false }) search: string = typeof location === 'undefined' ? '' : location.search;

  /** Opens the link to the broker (tests pass their own); RoomLink.open by default. */
  @property({ attribute: false }) openLink: OpenLobbyLink | undefined = undefined;

  /** The page shown, from 0 (taken modulo the pages there are). */
  @state() private pageIndex = 0;

  /** Copies of the shoes received, kept in this browser so its History can export or replay them. */
  private readonly copies = new ReceivedShoeKeeper({ store: () => this.storage.store, onTrouble: () => this.requestUpdate() });
  private readonly storage = new StorageConnectionController(this, { onStore: () => this.copies.resume() });

  private readonly lobby = new LobbyTablesController(this, {
    broker: () => this.broker,
    openLink: (settings, options) => (this.openLink ?? openRoomLink)(settings, options),
    keepCopy: (shoe) => this.copies.keep(shoe),
  });
  private pageTimer: ReturnType<typeof setInterval> | undefined;

  /** The tables as tiles show them, sorted by name. */
  get tables(): readonly LobbyTable[] {
    return this.lobby.tables;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.startPaging();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearInterval(this.pageTimer);
    this.pageTimer = undefined;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('pageSeconds') && this.isConnected) this.startPaging();
  }

  private startPaging(): void {
    clearInterval(this.pageTimer);
    const seconds = Number.isFinite(this.pageSeconds) && this.pageSeconds > 0 ? this.pageSeconds : 15;
    this.pageTimer = setInterval(() => {
      if (this.pageCount() > 1) this.pageIndex = (this.pageIndex + 1) % this.pageCount();
    }, seconds * 1000);
  }

  private pageCount(): number {
    return Math.max(1, Math.ceil(this.lobby.tables.length / LOBBY_PAGE_SIZE));
  }

  protected override render() {
    const tables = this.lobby.tables;
    const pages = this.pageCount();
    const page = this.pageIndex % pages;
    const shown = tables.slice(page * LOBBY_PAGE_SIZE, (page + 1) * LOBBY_PAGE_SIZE);
    const grid = lobbyGrid(shown.length);
    const message =
      this.broker === null
        ? msg('No broker is set for this screen: the lobby shows the tables of a room whose consoles publish through a broker.', {
            id: 'lobby-no-broker',
          })
        : tables.length === 0
          ? msg('No table has published yet.', { id: 'lobby-empty' })
          : '';
    return html`<div class="lobby" style="--_lobby-road-rows: ${this.usableRows()}">
      <header class=${pages > 1 ? '' : 'visually-hidden'}>
        <h1>${msg('Tables', { id: 'lobby-title' })}</h1>
        ${
          pages > 1
            ? html`<span class="page" data-page=${page + 1} data-pages=${pages}
                >${msg(str`Page ${page + 1} of ${pages}`, { id: 'lobby-page' })}</span
              >`
            : nothing
        }
      </header>
      ${
        message
          ? html`<p class="message" part="message" role="status">${message}</p>`
          : html`<ul class="tiles" style="--_columns: ${grid.columns}; --_grid-rows: ${grid.rows}">
              ${shown.map((table) => html`<li>${this.renderTile(table)} ${this.renderRecordLink(table.table)}</li>`)}
            </ul>`
      }
      <p class="operator" part="operator" role="status">${this.operatorLine()}</p>
    </div>`;
  }

  private usableRows(): number {
    return Number.isInteger(this.rows) && this.rows >= 1 ? this.rows : 6;
  }

  private renderTile(table: LobbyTable) {
    const { shoe, presence } = table;
    const status = shoe === null ? (table.loading ? 'loading' : 'no-shoe') : shoe.endedAt !== null ? 'ended' : 'open';
    const statusText =
      status === 'loading'
        ? msg('Loading', { id: 'lobby-loading' })
        : status === 'no-shoe'
          ? msg('No shoe yet', { id: 'lobby-no-shoe' })
          : status === 'ended'
            ? msg('Ended', { id: 'lobby-ended' })
            : msg('Open', { id: 'lobby-open' });
    const offline = presence !== null && !presence.online;
    const hands = shoe?.hands.length ?? 0;
    return html`<a
      class="tile"
      part="tile"
      href=${tableDisplayHref(table.table, this.search)}
      data-table=${table.table}
      data-status=${status}
      ?data-offline=${offline}
    >
      <div class="title">
        <h2 class="name" title=${table.table}>${table.table}</h2>
        <span class="status" data-status=${status}>${statusText}</span>
      </div>
      <div class="meta">
        ${
          shoe
            ? html`<span class="shoe" data-shoe=${shoe.number ?? 0} data-hands=${hands}
                >${
                  hands === 1
                    ? msg(str`Shoe ${shoe.number ?? 1} · 1 hand`, { id: 'lobby-shoe-one-hand' })
                    : msg(str`Shoe ${shoe.number ?? 1} · ${hands} hands`, { id: 'lobby-shoe-hands' })
                }</span
              >`
            : nothing
        }
        ${table.limits ? html`<span class="limits">${msg(str`Limits ${table.limits}`, { id: 'lobby-limits' })}</span>` : nothing}
      </div>
      ${offline ? html`<span class="offline">${this.offlineText(presence.since)}</span>` : nothing}
      <div class="road">
        <bacc-big-road .hands=${shoe?.hands ?? []} rows=${this.usableRows()} ?letters=${this.letters}></bacc-big-road>
      </div>
      <div class="counts">
        ${this.count('B', table.banker, msg('Banker', { id: 'banker-long' }))}
        ${this.count('P', table.player, msg('Player', { id: 'player-long' }))}
        ${this.count('T', table.ties, msg('Tie', { id: 'tie-long' }))}
      </div>
    </a>`;
  }

  /** A link to the table's recent shoes in the room's record (History, signed in to the recorder). */
  private renderRecordLink(table: string) {
    return html`<a
      class="record"
      part="record-link"
      href=${tableRecordHref(table, this.search)}
      data-table=${table}
      aria-label=${msg(str`Recent shoes of ${table} in the room’s record`, { id: 'lobby-record-of' })}
      >${msg('Recent shoes', { id: 'lobby-record' })}</a
    >`;
  }

  private count(side: 'B' | 'P' | 'T', value: number, name: string) {
    return html`<span class=${side} data-count=${side}
      ><span aria-hidden="true">${outcomeLetter(side)} ${value}</span><span class="visually-hidden">${name} ${value}</span></span
    >`;
  }

  /** "Console offline since 14:02", in the page's language and clock. */
  private offlineText(since: string | null): string {
    const date = since === null ? null : new Date(since);
    if (date === null || Number.isNaN(date.getTime())) return msg('Console offline', { id: 'lobby-console-offline' });
    const lang = document.documentElement.lang || undefined;
    let time: string;
    try {
      time = date.toLocaleTimeString(lang, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    } catch {
      time = date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    }
    return msg(str`Console offline since ${time}`, { id: 'lobby-console-offline-since' });
  }

  private operatorLine() {
    const parts = [];
    switch (this.lobby.linkState) {
      case 'connecting':
        parts.push(html`<span data-link="connecting">${msg('Connecting to the broker…', { id: 'lobby-link-connecting' })}</span>`);
        break;
      case 'offline':
        parts.push(
          html`<span class="trouble" data-link="offline"
            >${msg('The broker cannot be reached: the tiles show what was last received; trying again.', {
              id: 'lobby-link-offline',
            })}</span
          >`,
        );
        break;
      case 'refused':
        parts.push(
          html`<span class="trouble" data-link="refused"
            >${msg("The broker refused this screen's credential: set the lobby's user name and password again.", {
              id: 'lobby-link-refused',
            })}</span
          >`,
        );
        break;
      case 'connected':
      case 'none':
        break;
    }
    const copyTrouble = this.copies.trouble;
    if (copyTrouble) {
      parts.push(
        html`<span class="trouble" data-copies="trouble"
          >${msg(str`The received shoes cannot be kept on this machine: ${copyTrouble}`, { id: 'lobby-copies-trouble' })}</span
        >`,
      );
    }
    const refused = this.lobby.refused;
    if (refused > 0) {
      parts.push(
        html`<span class="trouble" data-refused=${refused}
          >${
            refused === 1
              ? msg('1 message refused (see the log)', { id: 'lobby-refused-one' })
              : msg(str`${refused} messages refused (see the log)`, { id: 'lobby-refused' })
          }</span
        >`,
      );
    }
    return parts;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'bacc-lobby': BaccLobby;
  }
}
