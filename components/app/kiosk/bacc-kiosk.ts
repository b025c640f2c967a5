import { LitElement, html, css, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { localized, msg, str } from '@lit/localize';
import {
  readKioskSettings,
  storedTableName,
  type KioskMode,
  type KioskSettings,
  type SettingProblem,
  type SettingReason,
} from './kiosk-settings.js';
import { useLocale } from '../shared/localization.js';
import { WakeLockController } from './wake-lock.js';
import { BurnInShiftController } from './burn-in-shift.js';
import type { KeptShoeStore } from '../shared/data/kept-shoe.js';
import { openStorage } from '../shared/data/storage.js';
import { noticeLook } from '../../styles/theme.js';
import { excerpt } from '../../../src/shoes/table-names.js';
import { characterProblemText, nameProblemText } from '../shared/name-words.js';
import { loadOnDemand, PartMissingError } from '../shared/on-demand.js';
import type { BrokerSettings } from '../shared/room/room-link.js';
import { addressWithoutCredential, chooseBroker, type BrokerProblem } from '../shared/room/room-settings.js';

/**
 * Each mode's element loads only when a page asks for it, so the attract kiosk carries no console
 * code and the history no scoreboard, attract dealer or chart.js until a replay is opened. The history once came
 * with the page (its first page ~50 ms sooner), but the kiosk as it opens must stay within its
 * 120 KB budget, and the history's first page stays well within its own 300 ms target.
 */
const MODE_ELEMENTS: Record<KioskMode, () => Promise<unknown>> = {
  attract: () => import('../attract/bacc-attract.js'),
  operator: () => import('../operator/bacc-operator.js'),
  display: () => import('../display/bacc-table-display.js'),
  lobby: () => import('../lobby/bacc-lobby.js'),
  evidence: () => import('../evidence/bacc-evidence.js'),
  history: () => import('../history/bacc-history.js'),
  reports: () => import('../reports/bacc-reports.js'),
};

/**
 * The kiosk: the page's router. It reads the page's URL and shows the mode it names, by default
 * the attract mode (`<bacc-attract>`: a full-screen scoreboard that deals a simulated shoe by
 * itself), keeping the screen awake and shifting by a few pixels every few minutes so nothing
 * burns in. Invalid URL settings fall back to their defaults and are
 * named on screen for a few seconds. A `table` that cannot be used (normaliseTableName) is not
 * replaced by the default: the refusal stays on screen, and no mode that records or shows a table
 * (attract, operator, display) starts until the URL names a usable one.
 *
 * `mode=operator` shows the
 * console (`<bacc-operator>`), `mode=display` the table's wall screen
 * (`<bacc-table-display>`), `mode=history` the stored shoes (`<bacc-history>`), `mode=reports` the
 * pit's reports from the recorder (`<bacc-reports>`).
 *
 * @csspart notice - The message naming ignored URL settings (and a refused table name, for as long as it is in the URL).
 * @csspart storage - Attract mode: the scoreboard's status line (storage trouble while hands are kept on screen only, another window dealing the table, a failed deal), forwarded from `<bacc-attract>`.
 * @cssprop --bacc-burn-in-x - Set by the kiosk: the current burn-in offset.
 * @cssprop --bacc-burn-in-y - Set by the kiosk: the current burn-in offset.
 * @cssprop --bacc-notice-background - Background of the notices (default: amber).
 * @cssprop --bacc-notice-color - Text of the notices.
 */
@customElement('bacc-kiosk')
// Below @customElement, so it applies before the tag is defined: an element already in the page's HTML (the kiosk) is upgraded localized too.
@localized()
export class BaccKiosk extends LitElement {
  static override styles = css`
    :host {
      display: block;
      position: fixed;
      inset: 0;
      overflow: hidden;
    }
    bacc-table-display {
      position: absolute;
      inset: 0;
      transform: translate(var(--bacc-burn-in-x, 0), var(--bacc-burn-in-y, 0));
    }
    .notice {
      position: absolute;
      left: 50%;
      /* Over the roads (for a few seconds, unless part of the page is missing), never over the odds note. */
      top: 12%;
      transform: translateX(-50%);
      max-width: min(90vw, 60em);
      padding: 0.8em 1.2em;
      border-radius: 8px;
      ${noticeLook}
      /* As large as the board's text (26 px on a 1080-pixel screen): read from where the board is. */
      font-size: max(14px, 2.4vmin);
      box-shadow: 0 4px 24px rgb(0 0 0 / 40%);
      /* A value from the URL may be one long word: it wraps rather than running out of the box. */
      overflow-wrap: anywhere;
      max-height: 76vh;
      overflow: auto;
    }
    .notice p {
      margin: 0;
    }
    bacc-attract,
    bacc-operator,
    bacc-lobby,
    bacc-evidence,
    bacc-history,
    bacc-reports {
      position: absolute;
      inset: 0;
      overflow: auto;
    }
  `;

  /** The query string to read settings from; defaults to the page's own. */
  @property({ attribute: false }) search = typeof location === 'undefined' ? '' : location.search;

  /** How long the notice about ignored settings stays on screen, in milliseconds. */
  @property({ type: Number, attribute: 'notice-duration' }) noticeDuration = 8000;

  /** A store for attract shoes instead of the page's IndexedDB (tests); read when attract mode starts. */
  @property({ attribute: false }) store: KeptShoeStore | null = null;

  @state() private settings: KioskSettings = readKioskSettings('').settings;
  /** The room's broker for the console, display and lobby; null for this browser alone. */
  private broker: BrokerSettings | null = null;
  @state() private problems: SettingProblem[] = [];

  /** Why a part of the page loaded on demand (a mode's element, the attract mode's evidence panel) is missing, or null. */
  @state() private partMissing: string | null = null;
  private appliedSearch: string | null = null;
  private noticeTimer: ReturnType<typeof setTimeout> | undefined;

  constructor() {
    super();
    new WakeLockController(this);
    new BurnInShiftController(this);
  }

  override connectedCallback(): void {
    // Every mode reads the stored shoes: opening IndexedDB (about 100 ms with 1,000 shoes stored)
    // starts now, beside the loading of the mode's element, not after it. Trouble opening it is
    // shown by the mode's element, which asks again.
    if (!this.store) openStorage().catch(() => undefined);
    // Settings first: they choose the mode, and with it what the page loads.
    this.applySettings();
    super.connectedCallback();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.noticeTimer);
  }

  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    if (changed.has('search')) this.applySettings();
  }

  /** The tab's title follows the mode, the table and the language (the kiosk renders again when the language loads). */
  protected override updated(): void {
    document.title = pageTitle(this.settings, this.tableRefused !== null);
  }

  private applySettings(): void {
    if (this.appliedSearch === this.search) return;
    this.appliedSearch = this.search;
    const { settings, problems } = readKioskSettings(this.search);
    const brokerChoice = chooseBroker(new URLSearchParams(this.search), browserStorage());
    this.broker = brokerChoice.broker;
    if (brokerChoice.problem) problems.push(brokerProblem(brokerChoice.problem));
    forgetCredentialInAddress();
    this.settings = settings;
    this.problems = problems;
    void this.loadPart(MODE_ELEMENTS[settings.mode]);
    document.documentElement.dataset['theme'] = settings.theme;
    document.documentElement.lang = settings.locale === 'zh-Hans' ? 'zh-Hans' : 'en';
    void useLocale(settings.locale);
    clearTimeout(this.noticeTimer);
    if (problems.length > 0) this.noticeTimer = setTimeout(() => (this.problems = []), this.noticeDuration);
  }

  /**
   * Loads a part of the page on demand (see on-demand.ts), or says in the kiosk's own notice that
   * it is missing: the part cannot say so itself.
   */
  private async loadPart<T>(load: () => Promise<T>): Promise<T | null> {
    try {
      return await loadOnDemand(load);
    } catch (error) {
      if (!(error instanceof PartMissingError)) throw error;
      this.partMissing = error.message;
      return null;
    }
  }

  /** The URL's table name when it cannot be used by the mode shown (History, the lobby, the evidence page and the reports use none). */
  private get tableRefused(): KioskSettings['tableRefused'] {
    const { mode } = this.settings;
    return mode === 'history' || mode === 'lobby' || mode === 'evidence' || mode === 'reports' ? null : this.settings.tableRefused;
  }

  private renderMode() {
    const { settings } = this;
    // No console records, and no screen shows, a table the URL could not name.
    if (this.tableRefused) return nothing;
    switch (settings.mode) {
      case 'operator':
        return html`<bacc-operator
          .rules=${settings.rules}
          .broker=${this.broker}
          table=${storedTableName(settings)}
          limits=${settings.limits}
          rows=${settings.rows}
          ?letters=${settings.letters}
        ></bacc-operator>`;
      case 'display':
        // The same table name as the console's when the URL names none, so both agree by default.
        return html`<bacc-table-display
          .broker=${this.broker}
          table=${storedTableName(settings)}
          limits=${settings.limits}
          rows=${settings.rows}
          ?letters=${settings.letters}
        ></bacc-table-display>`;
      case 'lobby':
        return html`<bacc-lobby .broker=${this.broker} rows=${settings.rows} ?letters=${settings.letters}></bacc-lobby>`;
      case 'evidence':
        return html`<bacc-evidence autostart seed=${settings.seed ?? nothing} decks=${settings.rules.decks}></bacc-evidence>`;
      case 'history':
        // A lobby tile's link names the room's record and its table (`source=record&table=…`).
        return html`<bacc-history source=${settings.source} table=${settings.table}></bacc-history>`;
      case 'reports':
        return html`<bacc-reports></bacc-reports>`;
      case 'attract':
        // The same table name as the console's is stored when the URL names none; the scoreboard shows its own.
        return html`<bacc-attract
          .rules=${settings.rules}
          .store=${this.store}
          .loadEvidence=${this.loadEvidence}
          speed=${settings.speed}
          table=${settings.table}
          limits=${settings.limits}
          rows=${settings.rows}
          ?letters=${settings.letters}
          seed=${settings.seed ?? nothing}
          keep=${settings.keep}
          evidence=${settings.evidence}
          exportparts="storage"
        ></bacc-attract>`;
    }
  }

  /** The attract mode's evidence panel loads when a shoe ends, through the kiosk, which says so when it is missing. */
  private readonly loadEvidence = (): Promise<unknown> => this.loadPart(MODE_ELEMENTS.evidence);

  protected override render() {
    return html`
      ${this.renderMode()}
      ${
        this.problems.length > 0 || this.partMissing || this.tableRefused
          ? html`<div class="notice" part="notice" role=${this.partMissing || this.tableRefused ? 'alert' : 'status'}>
              ${this.partMissing ? html`<p>${this.partMissing}</p>` : nothing}
              ${this.tableRefused ? html`<p class="refusal">${tableRefusalText(this.tableRefused)}</p>` : nothing}
              ${this.problems.map((problem) => {
                const value = excerpt(problem.value);
                return html`<p>
                  ${msg(str`Ignored ${problem.parameter}=${value}: ${settingReasonText(problem.reason)}`, { id: 'kiosk-ignored' })}
                </p>`;
              })}
            </div>`
          : nothing
      }
    `;
  }
}

/**
 * The page's title in its language, by mode: "Baccarat scoreboard — T7 console". The table is named
 * only when the URL's name is usable; with none, the scoreboard's own name for it.
 */
function pageTitle(settings: Pick<KioskSettings, 'mode' | 'table'>, tableRefused: boolean): string {
  const named = !tableRefused;
  const table = settings.table || msg('Mini-Baccarat', { id: 'scoreboard-default-table' });
  switch (settings.mode) {
    case 'attract':
      return named
        ? msg(str`Baccarat scoreboard — ${table}`, { id: 'kiosk-title-attract' })
        : msg('Baccarat scoreboard', { id: 'kiosk-title' });
    case 'operator':
      return named
        ? msg(str`Baccarat scoreboard — ${table} console`, { id: 'kiosk-title-operator' })
        : msg('Baccarat scoreboard — console', { id: 'kiosk-title-operator-unnamed' });
    case 'display':
      return named
        ? msg(str`Baccarat scoreboard — ${table} display`, { id: 'kiosk-title-display' })
        : msg('Baccarat scoreboard — display', { id: 'kiosk-title-display-unnamed' });
    case 'lobby':
      return msg('Baccarat scoreboard — lobby', { id: 'kiosk-title-lobby' });
    case 'evidence':
      return msg('Baccarat scoreboard — do the roads predict?', { id: 'kiosk-title-evidence' });
    case 'history':
      return msg('Baccarat scoreboard — history', { id: 'kiosk-title-history' });
    case 'reports':
      return msg('Baccarat scoreboard — reports', { id: 'kiosk-title-reports' });
  }
}

/** localStorage, or null where the browser refuses it (a sandboxed frame, say). */
function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Takes `user` and `password` out of the address bar once read, so they are never shown, bookmarked or shared. */
function forgetCredentialInAddress(): void {
  if (typeof location === 'undefined') return;
  const address = addressWithoutCredential(location.href);
  if (address) history.replaceState(history.state, '', address);
}

/** A broker that cannot be used, as a setting problem; the value shown never holds a credential. */
function brokerProblem(problem: BrokerProblem): SettingProblem {
  if (problem.kind === 'no-credential') return { parameter: 'broker', value: problem.url, reason: { kind: 'broker-credential' } };
  // An address with a user or password in it is refused, and not repeated on screen.
  const shown = problem.value.includes('@') ? '…' : problem.value;
  return { parameter: 'broker', value: shown, reason: { kind: 'broker-address' } };
}

/** Why the URL's table name cannot be used, and that nothing is recorded or shown until it can. */
function tableRefusalText(refused: NonNullable<KioskSettings['tableRefused']>): string {
  const value = excerpt(refused.value);
  const reason = nameProblemText(refused.problem);
  return msg(
    str`The table name table=${value} cannot be used: ${reason}. Nothing is recorded or shown until the address names a usable table.`,
    { id: 'kiosk-table-refused' },
  );
}

/** Why a URL setting was ignored, in the page's language. */
function settingReasonText(reason: SettingReason): string {
  switch (reason.kind) {
    case 'whole-number':
      return msg(str`must be a whole number from ${reason.min} to ${reason.max}; using ${reason.using}`, {
        id: 'kiosk-reason-whole-number',
      });
    case 'seconds':
      return msg(str`must be seconds per hand from ${reason.min} to ${reason.max}; using ${reason.using}`, { id: 'kiosk-reason-seconds' });
    case 'one-of':
      return msg(str`must be ${reason.allowed.join(msg(' or ', { id: 'kiosk-reason-or' }))}; using ${reason.using}`, {
        id: 'kiosk-reason-one-of',
      });
    case 'text-length':
      return reason.using
        ? msg(str`must be 1 to ${reason.max} characters; using "${reason.using}"`, { id: 'kiosk-reason-text-length' })
        : msg(str`must be 1 to ${reason.max} characters; using the default`, { id: 'kiosk-reason-text-length-default' });
    case 'characters': {
      const why = characterProblemText(reason.problem);
      const { using } = reason;
      return msg(str`${why}; showing the default "${using}"`, { id: 'kiosk-reason-characters' });
    }
    case 'mode':
      return msg('must be operator, display, lobby, evidence, history or reports; showing the simulated shoe', { id: 'kiosk-reason-mode' });
    case 'seconds-or-off':
      return msg(str`must be seconds from ${reason.min} to ${reason.max}, or 0 for none; showing no evidence`, {
        id: 'kiosk-reason-seconds-or-off',
      });
    case 'broker-address':
      return msg("must be the broker's ws:// or wss:// address (without a user or password); using no broker", {
        id: 'kiosk-reason-broker-address',
      });
    case 'broker-credential':
      return msg('needs user= and password= as well (once: this browser remembers them); using no broker', {
        id: 'kiosk-reason-broker-credential',
      });
    case 'unknown':
      return msg('is not a setting; ignored', { id: 'kiosk-reason-unknown' });
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'bacc-kiosk': BaccKiosk;
  }
}
