import { LitElement, html, css, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { localized, msg, str } from '@lit/localize';
import { makeRules, type TableRules } from '../../../src/game/rules.js';
import { AttractDealerController } from './attract-dealer.js';
import type { KeptShoeStore } from '../shared/data/kept-shoe.js';
import { DEFAULT_STORED_TABLE } from '../shared/data/stored-table.js';
import { storageErrorText } from '../shared/data/storage-words.js';
import { StorageError } from '../shared/data/scoreboard-store.js';
// The attract mode is its scoreboard: the element comes with this page's own code, its parts registered in stages.
import { scoreboardPartsDefined } from './scoreboard-parts.js';

/** Hands the evidence panel deals between shoes: a few seconds with every core. */
const ATTRACT_EVIDENCE_HANDS = 2_000_000;

/**
 * The attract mode: a full-screen scoreboard dealing a simulated shoe by itself, a hand every
 * `speed` seconds, with a status line for what keeps it from dealing. Every shoe is stored (the
 * newest `keep` simulated shoes of the table) and every hand is written before it is shown, so a
 * reload goes on with the same shoe. With `evidence` seconds, each shoe's end shows the evidence
 * panel (`<bacc-evidence>`, loaded by `loadEvidence`) for that long before the next shoe.
 *
 * The kiosk (`<bacc-kiosk>`) shows it when the URL names no mode, with the URL's settings.
 *
 * @csspart storage - The scoreboard's status line (storage trouble while hands are kept on screen only, another window dealing the table, a failed deal).
 * @cssprop --bacc-burn-in-x - The scoreboard's burn-in offset (set by the kiosk).
 * @cssprop --bacc-burn-in-y - The scoreboard's burn-in offset (set by the kiosk).
 */
@customElement('bacc-attract')
@localized()
export class BaccAttract extends LitElement {
  static override styles = css`
    :host {
      display: block;
      position: absolute;
      inset: 0;
    }
    bacc-scoreboard {
      position: absolute;
      inset: 0;
      transform: translate(var(--bacc-burn-in-x, 0), var(--bacc-burn-in-y, 0));
    }
    /* Laid out, not drawn, while its parts register (scoreboard-parts.ts): shown whole, it shifts nothing. */
    bacc-scoreboard.assembling {
      visibility: hidden;
    }
    bacc-evidence {
      position: absolute;
      inset: 0;
      overflow: auto;
    }
  `;

  @property({ attribute: false }) rules: TableRules = makeRules();
  /** Seconds between hands. */
  @property({ type: Number }) speed = 4;
  /** The table's name as shown; empty for the scoreboard's default (its shoes are stored as DEFAULT_STORED_TABLE). */
  @property() table = '';
  /** The table's bet limits as shown (play money); empty for none. */
  @property() limits = '';
  /** Grid rows of every road. */
  @property({ type: Number }) rows = 6;
  /** Marks carry letters as well as colours. */
  @property({ type: Boolean }) letters = false;
  /** Seed of the first shoe's run, or null for crypto shuffles. */
  @property() seed: string | null = null;
  /** Simulated shoes of the table kept in storage (the kiosk gives the URL's `keep`). */
  @property({ type: Number }) keep = 100;
  /** Seconds the evidence panel shows after each shoe; 0 for never. */
  @property({ type: Number }) evidence = 0;
  /** A store instead of the page's IndexedDB (tests); read when the first shoe starts. */
  @property({ attribute: false }) store: KeptShoeStore | null = null;
  /** Loads the evidence panel's element; the kiosk routes it (and says so when it is missing). */
  @property({ attribute: false }) loadEvidence: () => Promise<unknown> = () => Promise.resolve();

  /** The dealer: its hands, shoe number and troubles are what the scoreboard shows. Made on the first update, with the settings. */
  private dealer: AttractDealerController | null = null;

  /** Every part of the scoreboard is registered and drawn: the board is shown. */
  @state() private assembled = false;

  /** The evidence panel is on screen in place of the scoreboard. */
  @state() private evidenceShown = false;
  /** The shoe whose end last showed the evidence panel. */
  private evidenceAfterShoe = 0;
  private evidenceTimer: ReturnType<typeof setTimeout> | undefined;

  override connectedCallback(): void {
    super.connectedCallback();
    if (!this.assembled) void scoreboardPartsDefined.then(() => (this.assembled = true));
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.evidenceTimer);
    this.evidenceShown = false;
  }

  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    if (this.dealer && !['rules', 'speed', 'seed', 'evidence'].some((name) => changed.has(name))) return;
    const interval = this.speed * 1000;
    this.dealer ??= new AttractDealerController(
      this,
      { rules: this.rules, interval },
      {
        table: () => this.table || DEFAULT_STORED_TABLE,
        keep: () => this.keep,
        store: () => this.store,
      },
    );
    this.dealer.configure({
      rules: this.rules,
      interval,
      seed: this.seed,
      // With the evidence shown after each shoe, the next shoe waits for it (and 2 s of the ended
      // board after it): dealt behind the panel, a short shoe was gone before anyone saw it.
      ...(this.evidence > 0 ? { pauseBetweenShoes: (this.evidence + 2) * 1000 } : {}),
    });
  }

  protected override updated(): void {
    this.showEvidenceAfterShoe();
  }

  /**
   * With `evidence` seconds, each shoe's end shows the evidence panel for that long, then the
   * scoreboard again (the panel leaves the page, which stops its workers).
   */
  private showEvidenceAfterShoe(): void {
    const { dealer } = this;
    if (this.evidence === 0 || !dealer?.shoeOver) return;
    const shoe = dealer.shoeNumber;
    if (this.evidenceShown || this.evidenceAfterShoe === shoe) return;
    this.evidenceAfterShoe = shoe;
    this.evidenceShown = true;
    void this.loadEvidence();
    clearTimeout(this.evidenceTimer);
    this.evidenceTimer = setTimeout(() => (this.evidenceShown = false), this.evidence * 1000);
  }

  /** The status line: storage trouble, another window dealing the table, or a failed deal. */
  private status(): string {
    const { dealer } = this;
    if (dealer?.dealtElsewhere)
      return msg("Another window deals this table's attract shoe: this screen follows it, and deals once that window closes.", {
        id: 'kiosk-dealt-elsewhere',
      });
    if (dealer?.storageProblem) return dealer.storageProblem;
    if (dealer?.failure == null) return '';
    // Storage says what failed in the page's language; anything else is a defect, logged in full by the dealer.
    if (dealer.failure instanceof StorageError) {
      const reason = storageErrorText(dealer.failure);
      return msg(str`Dealing stopped: ${reason}`, { id: 'kiosk-deal-failed' });
    }
    return msg('Dealing stopped by an unexpected error (details in the browser console); reload to deal again.', {
      id: 'kiosk-deal-failed-unexpected',
    });
  }

  protected override render() {
    const { dealer } = this;
    // Between shoes: the measured answer to "do the roads predict?", over the scoreboard hidden, not
    // removed: a removed scoreboard stayed in memory (Chromium's style cache holds the roads' SVG
    // masks), one more at every turn.
    return html`${
        this.evidenceShown
          ? html`<bacc-evidence autostart hands=${ATTRACT_EVIDENCE_HANDS} decks=${this.rules.decks}></bacc-evidence>`
          : nothing
      }<bacc-scoreboard
        class=${this.assembled ? '' : 'assembling'}
        ?hidden=${this.evidenceShown}
        .hands=${dealer?.hands ?? []}
        .rules=${this.rules}
        table-name=${this.table}
        limits=${this.limits}
        shoe-number=${dealer?.shoeNumber ?? 0}
        ?ended=${dealer?.shoeOver ?? false}
        rows=${this.rows}
        ?letters=${this.letters}
        status=${this.status()}
        exportparts="status: storage"
      ></bacc-scoreboard>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'bacc-attract': BaccAttract;
  }
}
