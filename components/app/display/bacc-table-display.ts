import { LitElement, html, css, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { localized, msg, str } from '@lit/localize';
import { DEFAULT_RULES } from '../../../src/rules.js';
import { TableDisplayController } from './table-display.js';
import { DEFAULT_STORED_TABLE } from '../kiosk/kiosk-settings.js';
import { noticeLook } from '../../styles/theme.js';
import '../../define/scoreboard.js';

/**
 * The wall screen of a recorded table (`?mode=display`): shows the table's newest shoe kept by an
 * operator console and follows every hand the console records, in any window of the same browser
 * profile. Attract kiosk shoes of the same table are not shown.
 *
 * @csspart message - Why there is nothing to show (storage unavailable, no shoe yet).
 * @cssprop --bacc-notice-background - Background of the message (default: amber).
 * @cssprop --bacc-notice-color - Text of the message.
 */
@localized()
@customElement('bacc-table-display')
export class BaccTableDisplay extends LitElement {
  static override styles = css`
    :host {
      display: block;
      position: relative;
      height: 100%;
    }
    bacc-scoreboard {
      position: absolute;
      inset: 0;
    }
    .message {
      position: absolute;
      left: 50%;
      top: 40%;
      transform: translateX(-50%);
      max-width: min(90vw, 50em);
      margin: 0;
      padding: 0.8em 1.2em;
      border-radius: 8px;
      ${noticeLook}
      font-size: clamp(14px, 2vmin, 32px);
    }
  `;

  /** The table to show (by default the console's default table); empty for the newest console shoe of any table. */
  @property() table = DEFAULT_STORED_TABLE;

  /** Free text shown as the table's bet limits (play money). */
  @property() limits = '';

  /** Grid rows of every road. */
  @property({ type: Number }) rows = 6;

  /** Marks carry letters as well as colours. */
  @property({ type: Boolean }) letters = false;

  private readonly follower = new TableDisplayController(this, { table: () => this.table });

  /** The shoe on screen (read from storage), or null. */
  get shoe() {
    return this.follower.shoe;
  }

  protected override render() {
    const { shoe, storageMessage, loaded } = this.follower;
    const message = storageMessage
      ? msg(str`The stored shoes cannot be read: ${storageMessage}`, { id: 'display-storage' })
      : loaded && !shoe
        ? this.table
          ? msg(str`No shoe of ${this.table} is stored yet: this screen shows it as soon as the operator starts one.`, {
              id: 'display-waiting-table',
            })
          : msg('No shoe is stored yet: this screen shows one as soon as an operator starts it.', { id: 'display-waiting' })
        : '';
    return html`
      <bacc-scoreboard
        .hands=${shoe?.hands ?? []}
        .rules=${shoe?.rules ?? DEFAULT_RULES}
        table-name=${shoe?.table ?? this.table}
        shoe-number=${shoe?.number ?? 0}
        ?ended=${shoe?.endedAt != null}
        limits=${this.limits}
        rows=${this.rows}
        ?letters=${this.letters}
      ></bacc-scoreboard>
      ${message ? html`<p class="message" part="message" role="status">${message}</p>` : nothing}
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'bacc-table-display': BaccTableDisplay;
  }
}
