import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { localized, msg, str } from '@lit/localize';
import { measurements, type Measurement } from '../../../src/evidence/measurements.js';
import { EVIDENCE_SEED_MAX_LENGTH, evidenceSeedProblem, tallyHands } from '../../../src/evidence/evidence.js';
import { ThemeWatcher } from '../../controllers/theme-watcher.js';
import { loadChineseFont } from '../shared/chinese-font.js';
import { themeTokens } from '../../styles/theme.js';
import type { NextHandOdds } from '../../../src/game/odds.js';
import { EvidenceRun, defaultWorkerCount } from './evidence-run.js';
import { categoryLabel, formatCount, measurementSentence, screenOrder } from './evidence-sentences.js';
import { evidenceStyles } from './bacc-evidence.styles.js';
import { EvidenceCharts, GROUPS, chartCaption, readPalette, type Group, type Palette } from './evidence-charts.js';

export { axisRange } from './evidence-charts.js';

/** A Han character: a chart label in Chinese, which a canvas draws with the fonts ready when it draws. */
const HAN = /\p{Script=Han}/u;

/**
 * The Chinese font for the charts' labels, once a page in Chinese asked for it: chart.js draws its
 * text on a canvas, which is not redrawn when a font arrives, so on a screen without a CJK font of
 * its own the labels would stay empty boxes. Shared by every instance (a kiosk shows the panel anew
 * after each shoe): only the first waits.
 */
let chineseFont: Promise<boolean> | null = null;
/** Whether that load has settled (loaded, or failed: then the charts draw with the fonts there are). */
let chineseFontSettled = false;

/** What `bacc-evidence-done` carries. */
export interface EvidenceDoneDetail {
  measurements: Measurement[];
  seed: string;
  decks: number;
  /** Hands counted: the run ends with the chunk at which they reach the hands asked. */
  hands: number;
  handsAsked: number;
  /** Wall time of the run in seconds. */
  seconds: number;
  workers: number;
}

/** A fresh seed, 16 hex digits as `bacc evidence` chooses one. */
export function randomEvidenceSeed(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Sentences always on screen above the pages that turn: the first of `screenOrder`. */
const PINNED = 3;
/** Most sentences put in one page before measuring which fit. */
const PAGE_MOST = 12;

/**
 * Evidence, not patterns (issue #17): deals millions of seeded shoes in Web Workers, tracks every
 * road, and shows what followed each pattern players read into the roads (runs, chops, the derived
 * roads' marks and ask-road predictions, and betting strategies) beside what a freshly shuffled
 * shoe gives: a bar per question for its 95% interval, a dot for the measured figure, a dash for
 * the exact one, and one plain sentence per question. Play money only.
 *
 * Made for a wall screen: in a box of set height (a kiosk's page or panel) the charts take one
 * side and the sentences the other, all on screen without input. The sentences that matter most
 * (any whose interval excludes the fresh shoe's figure, then the dragon, chop and derived-road
 * headlines) stay at the top; the rest turn by themselves, a page every `page-seconds`, as many a
 * page as fit whole (at most 12).
 *
 * The same seed, hands and decks give the same table as `bacc evidence --seed … --hands … --decks …`,
 * however many workers ran. The page merges tallies and redraws at most four times a second, one
 * chart a frame; it is never busy for long while the workers deal. A run stops when the element
 * leaves the page.
 *
 * @fires bacc-evidence-done - When a run completes; `detail` is an `EvidenceDoneDetail` (the measurements, seed, hands).
 * @csspart controls - The start/cancel button, progress bar, hands and seed.
 * @csspart charts - The charts.
 * @csspart sentences - The sentences: those that stay, and the page that turns.
 * @cssprop --bacc-evidence-font-size - Base text size (default grows with the viewport, for a wall screen).
 * @cssprop --bacc-banker-color - Banker's bars.
 * @cssprop --bacc-player-color - Player's bars.
 * @cssprop --bacc-text-color - Text, the measured dots and the exact dashes.
 */
@customElement('bacc-evidence')
@localized()
export class BaccEvidence extends LitElement {
  static override styles = [themeTokens, evidenceStyles];

  /** Hands to deal: the run ends with the chunk of 25 shoes at which the hands counted reach this. */
  @property({ type: Number }) hands = 10_000_000;

  /**
   * The run's seed, shown; a random one by default. The same seed gives the same table as
   * `bacc evidence`; one it refuses (over 200 characters, or spaces at either end) is refused here too.
   */
  @property({ reflect: true }) seed = randomEvidenceSeed();

  /** Decks in the shoe. */
  @property({ type: Number }) decks = 8;

  /** Starts a run when the element is put on the page (and again if it is put back after leaving). */
  @property({ type: Boolean }) autostart = false;

  /** Workers to start; 0 (the default) for one per core the browser reports. */
  @property({ type: Number }) workers = 0;

  /** Seconds each page of sentences stays before the next turns in (0: never turn). */
  @property({ type: Number, attribute: 'page-seconds' }) pageSeconds = 10;

  @state() private run: EvidenceRun | null = null;
  @state() private measured: Measurement[] = [];
  /** The hands the measurements on screen rest on. */
  @state() private measuredHands = 0;
  @state() private failure = '';
  /** The hands and seconds of the last completed run, for the status line. */
  @state() private finished: { hands: number; seconds: number } | null = null;
  /** Index in the turning sentences (`screenOrder` after the pinned ones) of the page shown. */
  @state() private pageStart = 0;

  /** `screenOrder(measured)`, kept while `measured` is the same list. */
  private ordered: { from: Measurement[] | null; list: Measurement[] } = { from: null, list: [] };
  /** How many sentences of the page shown fit, measured after it was drawn. */
  private pageFits = PAGE_MOST;
  private pageTimer: ReturnType<typeof setInterval> | undefined;

  private themePalette: Palette | null = null;
  /** Whether the charts may be drawn now: false while the Chinese font their labels need is loading. */
  private chartsReady = true;
  /** Whether this element waits for the Chinese font already (to update once when it settles). */
  private waitingForFont = false;
  private readonly charts = new EvidenceCharts();
  /** Charts to create or bring up to date, one a frame. */
  private readonly stale = new Set<Group>();
  private chartFrame = 0;

  constructor() {
    super();
    new ThemeWatcher(this, () => {
      this.themePalette = null;
      for (const group of GROUPS) this.stale.add(group);
      this.requestUpdate();
    });
  }

  /** The measurements on screen: the run so far, or the completed run. */
  get measurements(): readonly Measurement[] {
    return this.measured;
  }

  /** Every sentence, in the order the screen shows them (pinned first, then the pages). */
  get sentences(): string[] {
    return this.screenList().map((m) => measurementSentence(m, this.measured));
  }

  /** Whether a run is going on. */
  get running(): boolean {
    return this.run?.state === 'running';
  }

  /**
   * The current run, or null before the first.
   * @internal For tests and benchmarks (live workers, replies after a cancel).
   */
  get currentRun(): EvidenceRun | null {
    return this.run;
  }

  /**
   * Shows the measurements of a tally as if a run had produced it (a crafted, biased tally in tests).
   * @internal
   */
  showTally(tally: Float64Array): void {
    this.show(tally, this.decks);
  }

  /**
   * Turns to the next page of sentences now (the timer does every `page-seconds`).
   * @internal For tests.
   */
  turnPage(): void {
    const turning = this.screenList().length - PINNED;
    const next = this.pageStart + Math.max(1, this.pageFits);
    this.pageStart = next >= turning ? 0 : next;
  }

  private show(tally: Float64Array, decks: number, odds?: NextHandOdds): void {
    this.measured = measurements(tally, decks, undefined, odds);
    this.measuredHands = tallyHands(tally);
    for (const group of GROUPS) this.stale.add(group);
  }

  private screenList(): Measurement[] {
    if (this.ordered.from !== this.measured) this.ordered = { from: this.measured, list: screenOrder(this.measured) };
    return this.ordered.list;
  }

  /** Starts a new run with the current seed, hands and decks (cancelling one going on). */
  start(): void {
    this.run?.cancel();
    this.failure = '';
    this.finished = null;
    if (evidenceSeedProblem(this.seed) !== null) {
      this.run = null;
      this.failure = msg(
        str`This seed cannot be used: a seed is 1 to ${EVIDENCE_SEED_MAX_LENGTH} characters, without spaces at either end.`,
        { id: 'evidence-seed-refused' },
      );
      return;
    }
    const run = new EvidenceRun({
      seed: this.seed,
      hands: this.hands,
      decks: this.decks,
      workers: this.workers > 0 ? this.workers : defaultWorkerCount(),
      onProgress: (current) => {
        if (current !== this.run) return;
        // Reading the tally out is the page's largest share (about a millisecond): at most four times a
        // second, against the exact odds the first worker computed (nothing to read before them, or before a hand).
        if (current.odds && current.handsCounted > 0) this.show(current.plan.tally, current.decks, current.odds);
      },
      onDone: (current) => {
        if (current !== this.run) return;
        const seconds = (current.endedAt - current.startedAt) / 1000;
        this.finished = { hands: current.handsCounted, seconds };
        const detail: EvidenceDoneDetail = {
          measurements: this.measured,
          seed: current.seed,
          decks: current.decks,
          hands: current.handsCounted,
          handsAsked: current.plan.hands,
          seconds,
          workers: current.workerCount,
        };
        this.dispatchEvent(new CustomEvent('bacc-evidence-done', { detail, bubbles: true, composed: true }));
      },
      onError: (message) => {
        if (run === this.run) this.failure = message;
      },
    });
    this.run = run;
    this.measured = [];
    this.measuredHands = 0;
    this.pageStart = 0;
    run.start();
  }

  /** Stops the run going on: every worker is terminated, and the figures shown are those of every hand counted. */
  cancel(): void {
    const run = this.run;
    if (run?.state === 'running') {
      run.cancel();
      // The last report may be a quarter of a second old: the figures and the count are read out once more, together.
      if (run.odds && run.handsCounted > 0) this.show(run.plan.tally, run.decks, run.odds);
    }
    this.requestUpdate();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    for (const group of GROUPS) this.stale.add(group);
    if (this.pageSeconds > 0) this.pageTimer = setInterval(() => this.turnPage(), this.pageSeconds * 1000);
    if (this.autostart && !this.running && this.run?.state !== 'done') this.start();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    // A kiosk that shows this panel in turn must not leave workers dealing behind it.
    this.run?.cancel();
    clearInterval(this.pageTimer);
    cancelAnimationFrame(this.chartFrame);
    this.chartFrame = 0;
    this.charts.destroy();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // A kiosk may set autostart after connecting the element.
    if (changed.has('autostart') && this.autostart && this.isConnected && !this.run) this.start();
    if (changed.has('pageSeconds') && this.isConnected) {
      clearInterval(this.pageTimer);
      if (this.pageSeconds > 0) this.pageTimer = setInterval(() => this.turnPage(), this.pageSeconds * 1000);
    }
    this.chartsReady = this.chineseFontReady();
  }

  protected override updated(): void {
    this.fitPage();
    if (this.stale.size > 0 && this.chartsReady && this.measured.length > 0 && this.chartFrame === 0) {
      this.chartFrame = requestAnimationFrame(() => this.drawOneChart());
    }
  }

  /**
   * Creates or brings up to date one chart, and asks for the next frame while any is left: six
   * charts in one frame held the page 100 ms and more when the element was put on it.
   */
  private drawOneChart(): void {
    this.chartFrame = 0;
    if (!this.isConnected || !this.chartsReady) return;
    const group = GROUPS.find((g) => this.stale.has(g));
    if (group === undefined) return;
    this.stale.delete(group);
    const canvas = this.renderRoot.querySelector<HTMLCanvasElement>(`canvas[data-group="${group}"]`);
    this.charts.draw(group, canvas, this.measured, this.palette());
    if (this.stale.size > 0) this.chartFrame = requestAnimationFrame(() => this.drawOneChart());
  }

  /** Hides the sentences of the page that do not fit whole in its box, and counts those that do. */
  private fitPage(): void {
    const page = this.renderRoot.querySelector<HTMLElement>('ol.page');
    // Nothing to fit before the first figures: no layout forced in the update that puts the element on the page.
    if (!page || page.children.length === 0) return;
    const bottom = page.getBoundingClientRect().bottom;
    // Whole sentences only, from the first: the first is shown even when it is cut (a very small box).
    let fits = 0;
    for (const [index, item] of [...page.children].entries()) {
      const fit = index === 0 || (fits === index && item.getBoundingClientRect().bottom <= bottom + 0.5);
      item.classList.toggle('excess', !fit);
      if (fit) fits++;
    }
    const shown = Math.max(1, fits);
    this.pageFits = shown;
    const total = this.screenList().length;
    const pager = this.renderRoot.querySelector('.pager');
    if (pager) {
      const from = PINNED + this.pageStart + 1;
      const to = Math.min(PINNED + this.pageStart + shown, total);
      pager.textContent =
        total - PINNED > shown ? msg(str`${formatCount(from)}–${formatCount(to)} of ${formatCount(total)}`, { id: 'evidence-pager' }) : '';
    }
  }

  /**
   * Whether the charts' labels can be drawn now: true unless they are Chinese and the evidence
   * slice of the Chinese font is still loading, in which case this starts (or waits for) the load
   * and updates again when it settles.
   */
  private chineseFontReady(): boolean {
    if (chineseFontSettled || this.measured.length === 0) return true;
    if (!this.measured.some((m) => HAN.test(categoryLabel(m.id)))) return true;
    chineseFont ??= loadChineseFont({ evidence: true }).finally(() => (chineseFontSettled = true));
    if (!this.waitingForFont) {
      this.waitingForFont = true;
      void chineseFont.then(() => {
        this.waitingForFont = false;
        this.requestUpdate();
      });
    }
    return false;
  }
  /** The theme's colours, read again only after the theme changed (the charts compare them by identity). */
  private palette(): Palette {
    return (this.themePalette ??= readPalette(this));
  }

  private status(): string {
    const run = this.run;
    if (this.failure) return run ? msg(str`The run stopped: ${this.failure}`, { id: 'evidence-failed' }) : this.failure;
    if (!run) return msg('Not started.', { id: 'evidence-idle' });
    if (run.state === 'cancelled') return msg('Cancelled.', { id: 'evidence-cancelled' });
    if (run.state === 'done' && this.finished) {
      const hands = formatCount(this.finished.hands);
      const seconds = this.finished.seconds.toFixed(1);
      return msg(str`Done: ${hands} hands in ${seconds} s.`, { id: 'evidence-done' });
    }
    const workers = run.workerCount;
    return workers === 1
      ? msg('Dealing in 1 worker…', { id: 'evidence-running-one' })
      : msg(str`Dealing in ${workers} workers…`, { id: 'evidence-running' });
  }

  /**
   * The hands the figures on screen rest on, against the hands asked: "1,200,000 of 10,000,000
   * hands" while they are fewer, "10,001,563 hands (whole shoes; 10,000,000 asked)" once the last
   * chunk's whole shoes took them past, never "of" over 100%.
   */
  private handsText(): string {
    const counted = this.measuredHands;
    const asked = this.run?.plan.hands ?? this.hands;
    return counted > asked
      ? msg(str`${formatCount(counted)} hands (whole shoes; ${formatCount(asked)} asked)`, { id: 'evidence-hands-whole-shoes' })
      : msg(str`${formatCount(counted)} of ${formatCount(asked)} hands`, { id: 'evidence-hands' });
  }

  private sentenceItem(m: Measurement): TemplateResult {
    return html`<li ?data-excludes=${m.excludesExact}>${measurementSentence(m, this.measured)}</li>`;
  }

  protected override render(): TemplateResult {
    const run = this.run;
    const running = this.running;
    const seed = run?.seed ?? this.seed;
    const decks = run?.decks ?? this.decks;
    const list = this.screenList();
    const pinned = list.slice(0, PINNED);
    // The page turning: only the sentences that may fit are made (formatting them is most of a redraw).
    const page = list.slice(PINNED + this.pageStart, PINNED + this.pageStart + PAGE_MOST);
    return html`
      <h2>${msg('Do the roads predict? Measured, not guessed', { id: 'evidence-title' })}</h2>
      <p class="note">
        ${msg(
          'Play money only. Past results do not predict the next hand: each bar is the 95% interval of what followed a pattern in simulated shoes, the dot what was measured, the dash what a freshly shuffled shoe gives.',
          { id: 'evidence-note' },
        )}
      </p>
      <div class="controls" part="controls">
        <button type="button" @click=${() => (running ? this.cancel() : this.start())}>
          ${running ? msg('Cancel', { id: 'evidence-cancel' }) : msg('Start', { id: 'evidence-start' })}
        </button>
        <progress max="1" .value=${run?.progress ?? 0} aria-label=${msg('Progress', { id: 'evidence-progress-label' })}></progress>
        <span class="hands">${this.handsText()}</span>
        <span>${msg('Seed', { id: 'evidence-seed' })} <span class="seed">${seed}</span></span>
        <span class="decks"
          >${decks === 1 ? msg('1 deck', { id: 'evidence-decks-one' }) : msg(str`${decks} decks`, { id: 'evidence-decks' })}</span
        >
        <span class="status" role="status">${this.status()}</span>
      </div>
      <div class="body">
        <div class="left">
          <div class="charts" part="charts">
            ${GROUPS.map(
              (group) =>
                html`<figure>
                  <figcaption>${chartCaption(group)}</figcaption>
                  <div class="plot"><canvas data-group=${group} role="img" aria-label=${chartCaption(group)}></canvas></div>
                </figure>`,
            )}
          </div>
          <p class="legend">${msg('Bar: 95% interval · dot: measured · dash: a fresh shoe (exact)', { id: 'evidence-legend' })}</p>
        </div>
        <div class="sentences" part="sentences">
          ${
            pinned.length === 0
              ? nothing
              : html`<ol class="pinned">
                  ${pinned.map((m) => this.sentenceItem(m))}
                </ol>`
          }
          <ol class="page" start=${PINNED + this.pageStart + 1}>
            ${page.map((m) => this.sentenceItem(m))}
          </ol>
          <p class="pager"></p>
        </div>
      </div>
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'bacc-evidence': BaccEvidence;
  }
  interface HTMLElementEventMap {
    'bacc-evidence-done': CustomEvent<EvidenceDoneDetail>;
  }
}
