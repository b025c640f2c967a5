import { LitElement, html, css, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { localized, msg, str } from '@lit/localize';
import { readKioskSettings, type KioskSettings, type SettingProblem } from './kiosk-settings.js';
import { useLocale } from './localization.js';
import { AttractDealerController } from './controllers/attract-dealer.js';
import { WakeLockController } from './controllers/wake-lock.js';
import { BurnInShiftController } from './controllers/burn-in-shift.js';
import './bacc-scoreboard.js';

/**
 * The kiosk: a full-screen scoreboard that deals a simulated shoe by itself (attract mode),
 * configured from the page's URL, keeping the screen awake and shifting by a few pixels every
 * few minutes so nothing burns in. Invalid URL settings fall back to their defaults and are
 * named on screen for a few seconds.
 *
 * @csspart notice - The message naming ignored URL settings.
 * @cssprop --bacc-burn-in-x - Set by the kiosk: the current burn-in offset.
 * @cssprop --bacc-burn-in-y - Set by the kiosk: the current burn-in offset.
 */
@localized()
@customElement('bacc-kiosk')
export class BaccKiosk extends LitElement {
  static override styles = css`
    :host {
      display: block;
      position: fixed;
      inset: 0;
      overflow: hidden;
    }
    bacc-scoreboard {
      position: absolute;
      inset: 0;
      transform: translate(var(--bacc-burn-in-x, 0), var(--bacc-burn-in-y, 0));
    }
    .notice {
      position: absolute;
      left: 50%;
      bottom: 12%;
      transform: translateX(-50%);
      max-width: min(90vw, 60em);
      padding: 0.8em 1.2em;
      border-radius: 8px;
      background: var(--bacc-notice-background, #ffb300);
      color: var(--bacc-notice-color, #111);
      font: 600 clamp(14px, 1.6vmin, 28px) / 1.4 system-ui, sans-serif;
      box-shadow: 0 4px 24px rgb(0 0 0 / 40%);
    }
    .notice p {
      margin: 0;
    }
  `;

  /** The query string to read settings from; defaults to the page's own. */
  @property({ attribute: false }) search = typeof location === 'undefined' ? '' : location.search;

  /** How long the notice about ignored settings stays on screen, in milliseconds. */
  @property({ type: Number, attribute: 'notice-duration' }) noticeDuration = 8000;

  @state() private settings: KioskSettings = readKioskSettings('').settings;
  @state() private problems: SettingProblem[] = [];

  private readonly dealer = new AttractDealerController(this, { rules: this.settings.rules, interval: this.settings.speed * 1000 });
  private noticeTimer: ReturnType<typeof setTimeout> | undefined;

  constructor() {
    super();
    new WakeLockController(this);
    new BurnInShiftController(this);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.noticeTimer);
  }

  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    if (changed.has('search')) {
      const { settings, problems } = readKioskSettings(this.search);
      this.settings = settings;
      this.problems = problems;
      this.dealer.configure({ rules: settings.rules, interval: settings.speed * 1000, seed: settings.seed });
      document.documentElement.dataset['theme'] = settings.theme;
      document.documentElement.lang = settings.locale === 'zh-Hans' ? 'zh-Hans' : 'en';
      void useLocale(settings.locale);
      clearTimeout(this.noticeTimer);
      if (problems.length > 0) this.noticeTimer = setTimeout(() => (this.problems = []), this.noticeDuration);
    }
  }

  protected override render() {
    const { settings } = this;
    return html`
      <bacc-scoreboard
        .hands=${this.dealer.hands}
        .rules=${settings.rules}
        table-name=${settings.table}
        limits=${settings.limits}
        shoe-number=${this.dealer.shoeNumber}
        rows=${settings.rows}
        ?letters=${settings.letters}
      ></bacc-scoreboard>
      ${this.problems.length > 0
        ? html`<div class="notice" part="notice" role="status">
            ${this.problems.map(
              (problem) => html`<p>${msg(str`Ignored ${problem.parameter}=${problem.value}: ${problem.message}`, { id: 'kiosk-ignored' })}</p>`,
            )}
          </div>`
        : nothing}
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'bacc-kiosk': BaccKiosk;
  }
}
