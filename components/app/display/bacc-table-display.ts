import { LitElement, html, css, nothing, type PropertyValues } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { localized, msg, str } from '@lit/localize';
import { DEFAULT_RULES } from '../../../src/game/rules.js';
import type { ShoeRecord } from '../../../src/shoes/document.js';
import { exposedCards } from '../../../src/shoes/exposed-cards.js';
import { TableDisplayController } from './table-display.js';
import { RoomDisplayController, clockTime } from './room-display.js';
import type { BrokerSettings } from '../shared/room/room-link.js';
import { DEFAULT_STORED_TABLE } from '../shared/data/stored-table.js';
import { noticeLook } from '../../styles/theme.js';
import '../../define/scoreboard.js';

/**
 * The wall screen of a recorded table (`?mode=display`): shows the table's newest shoe kept by an
 * console and follows every hand the console records. Without a broker it follows a
 * console in any window of the same browser profile (IndexedDB and BroadcastChannel); with one
 * (`broker`), a console on any machine, through the room's broker, keeping what it receives on
 * this machine and saying when the broker or the console is gone. Attract kiosk shoes of the same
 * table are not shown.
 *
 * @csspart message - Why there is nothing to show (storage unavailable, no shoe yet, no broker).
 * @csspart status - What is wrong while a shoe is shown (the broker or the console is gone).
 * @csspart operator-note - A small line for the clerk: messages refused, the received shoe not kept.
 * @cssprop --bacc-notice-background - Background of the message (default: amber).
 * @cssprop --bacc-notice-color - Text of the message.
 */
@customElement('bacc-table-display')
@localized()
export class BaccTableDisplay extends LitElement {
  static override styles = css`
    /* A column: the status, when there is one, takes its own strip above the board and covers no road, in any orientation. */
    :host {
      display: flex;
      flex-direction: column;
      position: relative;
      height: 100%;
    }
    bacc-scoreboard {
      flex: 1 1 auto;
      min-height: 0;
    }
    .message,
    .status {
      position: absolute;
      margin: 0;
      padding: 0.8em 1.2em;
      border-radius: 8px;
      ${noticeLook}
      font-size: clamp(14px, 2.4vmin, 48px);
    }
    .message {
      left: 50%;
      top: 40%;
      transform: translateX(-50%);
      max-width: min(90vw, 50em);
    }
    /* While a shoe is shown: a strip of its own above the board (the board gives up its height). */
    .status {
      position: static;
      order: -1;
      flex: none;
      margin: 0.5vmin 0.5vmin 0;
      padding: 0.4em 0.9em;
    }
    .operator-note {
      position: absolute;
      right: 0.6em;
      bottom: 0.3em;
      margin: 0;
      padding: 0.1em 0.5em;
      border-radius: 4px;
      ${noticeLook}
      font-size: clamp(11px, 1.2vmin, 18px);
      opacity: 0.9;
    }
  `;

  /** The table to show (by default the console's default table); empty for the newest console shoe of any table (without a broker). */
  @property() table = DEFAULT_STORED_TABLE;

  /** Free text shown as the table's bet limits (play money); with a broker, the console's limits when it gives any. */
  @property() limits = '';

  /** Grid rows of every road. */
  @property({ type: Number }) rows = 6;

  /** Marks carry letters as well as colours. */
  @property({ type: Boolean }) letters = false;

  /** The room's broker and this screen's credential (the kiosk sets it), or null to follow this browser alone. */
  @property({ attribute: false }) broker: BrokerSettings | null = null;

  private follower: TableDisplayController | RoomDisplayController | null = null;
  /** The broker the follower was made for. */
  private followerBroker: BrokerSettings | null = null;
  /** The table a follower through the broker was made for (it subscribes to that table's topics). */
  private followerTable = '';

  /** The shoe on screen (read from storage, or received), or null. */
  get shoe(): ShoeRecord | null {
    return this.follower?.shoe ?? null;
  }

  /** The follower through the broker, when there is one (tests and the kiosk read its state). */
  get room(): RoomDisplayController | null {
    return this.follower instanceof RoomDisplayController ? this.follower : null;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // Chosen at the first update, not on connecting: properties set before the element was defined (the kiosk loads it late) are in place only then.
    if (!this.follower || changed.has('broker') || changed.has('table')) this.chooseFollower();
  }

  /** Follows the table through the broker when one is set, through this browser otherwise. */
  private chooseFollower(): void {
    const table = this.broker ? this.tableName : '';
    if (this.follower && this.followerBroker === this.broker && this.followerTable === table) return;
    this.follower?.detach();
    this.followerBroker = this.broker;
    this.followerTable = table;
    this.follower = this.broker
      ? new RoomDisplayController(this, { table: () => this.followerTable, broker: () => this.followerBroker! })
      : new TableDisplayController(this, { table: () => this.table });
  }

  private get tableName(): string {
    return this.table || DEFAULT_STORED_TABLE;
  }

  private time(date: Date): string {
    return clockTime(date, document.documentElement.lang);
  }

  /** The message over the board: why there is nothing to show. */
  private storedMessage(follower: TableDisplayController): string {
    const { shoe, storageMessage, loaded } = follower;
    return storageMessage
      ? msg(str`The stored shoes cannot be read: ${storageMessage}`, { id: 'display-storage' })
      : loaded && !shoe
        ? this.table
          ? msg(str`No shoe of ${this.table} is stored yet: this screen shows it as soon as the clerk starts one.`, {
              id: 'display-waiting-table',
            })
          : msg('No shoe is stored yet: this screen shows one as soon as a clerk starts it.', { id: 'display-waiting' })
        : '';
  }

  /** What is wrong with the room: the broker first (nothing else can be known without it), then the console. */
  private roomTrouble(room: RoomDisplayController): string {
    const table = this.tableName;
    switch (room.linkState) {
      case 'refused':
        return msg("The broker refused this screen's credential: set a new one for this display.", { id: 'display-broker-refused' });
      case 'offline': {
        if (!room.receivedAt) return msg('The broker cannot be reached: nothing was received yet.', { id: 'display-broker-offline' });
        const time = this.time(room.receivedAt);
        return msg(str`The broker cannot be reached: showing the last state received at ${time}.`, {
          id: 'display-broker-offline-since',
        });
      }
      case 'connecting':
        return room.shoe ? '' : msg('Connecting to the broker…', { id: 'display-broker-connecting' });
      case 'connected':
        break;
    }
    const presence = room.presence;
    if (presence && !presence.online) {
      const since = presence.since === null ? null : new Date(presence.since);
      if (!since || Number.isNaN(since.getTime())) return msg(str`The console of ${table} is offline.`, { id: 'display-console-offline' });
      const time = this.time(since);
      return msg(str`The console of ${table} is offline since ${time}.`, { id: 'display-console-offline-since' });
    }
    return '';
  }

  private roomWaiting(room: RoomDisplayController): string {
    if (room.shoe || !room.loaded) return '';
    const table = this.tableName;
    return msg(str`Waiting for the first shoe of ${table}: this screen shows it as soon as its console starts one.`, {
      id: 'display-room-waiting',
    });
  }

  /** The clerk's corner line: messages refused, and a received shoe this machine could not keep. */
  private operatorNote(room: RoomDisplayController): string {
    const notes: string[] = [];
    const count = room.refusedCount;
    if (count === 1) notes.push(msg('1 message refused (see the log)', { id: 'display-refused-one' }));
    else if (count > 1) notes.push(msg(str`${count} messages refused (see the log)`, { id: 'display-refused' }));
    const trouble = room.keptCopyTrouble;
    if (trouble) notes.push(msg(str`Not kept on this machine: ${trouble}`, { id: 'display-kept-copy-trouble' }));
    return notes.join(' · ');
  }

  protected override render() {
    const follower = this.follower;
    if (!follower) return nothing;
    const room = follower instanceof RoomDisplayController ? follower : null;
    const shoe = follower.shoe;
    let message = '';
    let status = '';
    let note = '';
    if (room) {
      const trouble = this.roomTrouble(room);
      // With a shoe on screen the trouble goes at the foot of the board; without one, in the middle.
      if (shoe) status = trouble;
      else message = trouble || this.roomWaiting(room);
      note = this.operatorNote(room);
    } else {
      message = this.storedMessage(follower as TableDisplayController);
    }
    const limits = (room?.limits ?? '') || this.limits;
    return html`
      <bacc-scoreboard
        .hands=${shoe?.hands ?? []}
        .rules=${shoe?.rules ?? DEFAULT_RULES}
        .cardsOutOfPlay=${exposedCards(shoe)}
        table-name=${shoe?.table ?? (room ? this.tableName : this.table)}
        shoe-number=${shoe?.number ?? 0}
        ?ended=${shoe?.endedAt != null}
        limits=${limits}
        rows=${this.rows}
        ?letters=${this.letters}
      ></bacc-scoreboard>
      ${message ? html`<p class="message" part="message" role="status">${message}</p>` : nothing}
      ${status ? html`<p class="status" part="status" role="status">${status}</p>` : nothing}
      ${note ? html`<p class="operator-note" part="operator-note">${note}</p>` : nothing}
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'bacc-table-display': BaccTableDisplay;
  }
}
