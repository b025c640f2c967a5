import { LitElement, html, css, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { localized, msg, str } from '@lit/localize';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  LineController,
  LineElement,
  LinearScale,
  PointElement,
  type ChartConfiguration,
  type ChartDataset,
} from 'chart.js';
import { measurements, type Measurement } from '../../../src/evidence-measurements.js';
import { ChartController } from '../../controllers/chart-controller.js';
import { ThemeWatcher } from '../../controllers/theme-watcher.js';
import { loadChineseFont } from '../chinese-font.js';
import { DEFAULT_COLORS, themeTokens } from '../../styles/theme.js';
import { EvidenceRun, defaultWorkerCount } from './evidence-run.js';
import { categoryLabel, formatCount, measurementSentence, sentenceSide } from './evidence-sentences.js';

// Only what is drawn: floating bars (the intervals) and line datasets drawn as points only (the
// measured figure and the exact dash; a line controller needs its line element even unshown), on a
// category and a linear axis. No legend, title or tooltip.
Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale);

/** The charts, in order: which measurements each shows and which figure of them. */
const GROUPS = ['banker-runs', 'player-runs', 'chops', 'marks', 'predictions', 'strategies'] as const;
type Group = (typeof GROUPS)[number];

const groupOf = (m: Measurement): Group | null => {
  if (m.id.startsWith('after-banker-run-')) return 'banker-runs';
  if (m.id.startsWith('after-player-run-')) return 'player-runs';
  if (m.id.startsWith('after-chop-')) return 'chops';
  if (m.kind === 'next-hand' && m.id !== 'all-hands') return 'marks';
  if (m.kind === 'prediction') return 'predictions';
  if (m.kind === 'strategy') return 'strategies';
  return null;
};

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

/** One bar of a chart, in the chart's unit (percent, or per 100 staked); null figures before any hand. */
interface Bar {
  label: string;
  interval: [number, number] | null;
  observed: number | null;
  exact: number | null;
}

function barOf(m: Measurement): Bar {
  const label = categoryLabel(m.id);
  switch (m.kind) {
    case 'next-hand': {
      const side = sentenceSide(m);
      if (m.decided === 0) return { label, interval: null, observed: null, exact: m.exact[side] * 100 };
      const [low, high] = m.ci95[side];
      return { label, interval: [low * 100, high * 100], observed: m.observed[side] * 100, exact: m.exact[side] * 100 };
    }
    case 'prediction': {
      if (m.decided === 0) return { label, interval: null, observed: null, exact: null };
      const [low, high] = m.ci95.match;
      return { label, interval: [low * 100, high * 100], observed: m.observed.match * 100, exact: m.exact.match * 100 };
    }
    case 'strategy': {
      if (m.n === 0) return { label, interval: null, observed: null, exact: null };
      const [low, high] = m.ci95.returnPerUnit;
      return { label, interval: [low * 100, high * 100], observed: m.observed.returnPerUnit * 100, exact: m.exact.returnPerUnit * 100 };
    }
  }
}

/** Colours and text size read from the element's custom properties (again only when the theme changes). */
interface Palette {
  banker: string;
  player: string;
  text: string;
  muted: string;
  grid: string;
  fontSize: number;
  fontFamily: string;
}

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

/**
 * Evidence, not patterns (issue #17): deals millions of seeded shoes in Web Workers, tracks every
 * road, and shows what followed each pattern players read into the roads (runs, chops, the derived
 * roads' marks and ask-road predictions, and betting strategies) beside what a freshly shuffled
 * shoe gives: a bar per question for its 95% interval, a dot for the measured figure, a dash for
 * the exact one, and one plain sentence per question. Play money only.
 *
 * The same seed, hands and decks give the same table as `bacc evidence --seed … --hands … --decks …`,
 * however many workers ran. The page merges tallies and redraws at most four times a second; it is
 * never busy for long while the workers deal. A run stops when the element leaves the page.
 *
 * @fires bacc-evidence-done - When a run completes; `detail` is an `EvidenceDoneDetail` (the measurements, seed, hands).
 * @csspart controls - The start/cancel button, progress bar, hands and seed.
 * @csspart charts - The charts.
 * @csspart sentences - The list of sentences.
 * @cssprop --bacc-evidence-font-size - Base text size (default grows with the viewport, for a wall screen).
 * @cssprop --bacc-banker-color - Banker's bars.
 * @cssprop --bacc-player-color - Player's bars.
 * @cssprop --bacc-text-color - Text, the measured dots and the exact dashes.
 */
@localized()
@customElement('bacc-evidence')
export class BaccEvidence extends LitElement {
  static override styles = [
    themeTokens,
    css`
      :host {
        display: block;
        box-sizing: border-box;
        padding: 0.6em 1em;
        font-size: var(--bacc-evidence-font-size, clamp(15px, 0.9vw + 0.5vh, 40px));
        line-height: 1.35;
        container-type: inline-size;
        /* In a box of set height (a kiosk's panel) the sentences scroll under the charts. */
        overflow-y: auto;
      }
      h2 {
        margin: 0 0 0.3em;
        font-size: 1.5em;
      }
      .note {
        margin: 0 0 0.6em;
        color: var(--_muted);
      }
      .controls {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 0.4em 1.2em;
        margin-bottom: 0.6em;
      }
      button {
        font: inherit;
        font-weight: 700;
        padding: 0.3em 1.1em;
        border-radius: var(--_radius);
        border: 2px solid currentColor;
        background: var(--_panel);
        color: inherit;
        cursor: pointer;
      }
      button:focus-visible {
        outline: 3px solid var(--_focus);
        outline-offset: 2px;
      }
      progress {
        width: min(24em, 60vw);
        height: 1em;
        accent-color: var(--_tie);
      }
      .seed {
        font-family: ui-monospace, monospace;
      }
      .status {
        font-weight: 600;
      }
      .charts {
        display: grid;
        gap: 0.8em 1.2em;
        grid-template-columns: minmax(0, 1fr);
      }
      @container (min-width: 40em) {
        .charts {
          grid-template-columns: repeat(2, minmax(0, 1fr));
        }
      }
      @container (min-width: 90em) {
        .charts {
          grid-template-columns: repeat(3, minmax(0, 1fr));
        }
      }
      figure {
        margin: 0;
        min-width: 0;
      }
      figcaption {
        font-weight: 700;
      }
      /* Out of the flow, so the size chart.js gives the canvas cannot feed back into the box it measures. */
      .plot {
        position: relative;
        height: var(--bacc-evidence-chart-height, clamp(9em, 22vh, 22em));
      }
      canvas {
        position: absolute;
        inset: 0;
      }
      .legend {
        color: var(--_muted);
        font-size: 0.85em;
        margin: 0.3em 0 0.6em;
      }
      ol {
        margin: 0.8em 0 0;
        padding-left: 1.4em;
        display: grid;
        gap: 0.25em;
      }
      li.excludes {
        font-weight: 700;
      }
    `,
  ];

  /** Hands to deal: the run ends with the chunk of 500 shoes at which the hands counted reach this. */
  @property({ type: Number }) hands = 10_000_000;

  /** The run's seed, shown; a random one by default. The same seed gives the same table as `bacc evidence`. */
  @property({ reflect: true }) seed = randomEvidenceSeed();

  /** Decks in the shoe. */
  @property({ type: Number }) decks = 8;

  /** Starts a run when the element is put on the page (and again if it is put back after leaving). */
  @property({ type: Boolean }) autostart = false;

  /** Workers to start; 0 (the default) for one per core the browser reports. */
  @property({ type: Number }) workers = 0;

  @state() private run: EvidenceRun | null = null;
  @state() private measured: Measurement[] = [];
  @state() private failure = '';
  /** The hands and seconds of the last completed run, for the status line. */
  @state() private finished: { hands: number; seconds: number } | null = null;

  private themePalette: Palette | null = null;
  /** Whether the charts may be drawn now: false while the Chinese font their labels need is loading. */
  private chartsReady = true;
  /** Whether this element waits for the Chinese font already (to update once when it settles). */
  private waitingForFont = false;
  private readonly optionsPalette = new WeakMap<object, Palette>();

  constructor() {
    super();
    new ThemeWatcher(this, () => {
      this.themePalette = null;
      this.requestUpdate();
    });
    for (const group of GROUPS) {
      new ChartController<'bar'>(this, {
        canvas: () => (this.chartsReady ? this.renderRoot.querySelector<HTMLCanvasElement>(`canvas[data-group="${group}"]`) : null),
        configure: () => this.configuration(group),
        refresh: (chart) => {
          chart.data = this.configuration(group).data;
          // New options make chart.js resolve every font again: only when the theme changed.
          if (this.optionsPalette.get(chart) !== this.palette()) {
            chart.options = this.configuration(group).options!;
            this.optionsPalette.set(chart, this.palette());
          }
        },
      });
    }
  }

  /** The measurements on screen: the run so far, or the completed run. */
  get measurements(): readonly Measurement[] {
    return this.measured;
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
    this.measured = measurements(tally, this.decks);
  }

  /** Starts a new run with the current seed, hands and decks (cancelling one going on). */
  start(): void {
    this.run?.cancel();
    this.failure = '';
    this.finished = null;
    const run = new EvidenceRun({
      seed: this.seed,
      hands: this.hands,
      decks: this.decks,
      workers: this.workers > 0 ? this.workers : defaultWorkerCount(),
      onProgress: (current) => {
        if (current !== this.run) return;
        // Reading the tally out is the page's largest share (about a millisecond): at most four times a second.
        this.measured = measurements(current.plan.tally, current.decks);
        this.requestUpdate();
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
    run.start();
  }

  /** Stops the run going on: every worker is terminated. */
  cancel(): void {
    this.run?.cancel();
    this.requestUpdate();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (this.autostart && !this.running && this.run?.state !== 'done') this.start();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    // A kiosk that shows this panel in turn must not leave workers dealing behind it.
    this.run?.cancel();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // A kiosk may set autostart after connecting the element.
    if (changed.has('autostart') && this.autostart && this.isConnected && !this.run) this.start();
    this.chartsReady = this.chineseFontReady();
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

  private palette(): Palette {
    if (this.themePalette) return this.themePalette;
    const style = getComputedStyle(this);
    const read = (name: string, fallback: string): string => style.getPropertyValue(name).trim() || fallback;
    const text = read('--bacc-text-color', style.color);
    this.themePalette = {
      banker: read('--bacc-banker-color', DEFAULT_COLORS.banker),
      player: read('--bacc-player-color', DEFAULT_COLORS.player),
      text,
      muted: read('--bacc-muted-color', `color-mix(in srgb, ${text} 65%, transparent)`),
      grid: read('--bacc-grid-line-color', `color-mix(in srgb, ${text} 20%, transparent)`),
      fontSize: Math.max(12, parseFloat(style.fontSize) * 0.8),
      fontFamily: style.fontFamily,
    };
    return this.themePalette;
  }

  private configuration(group: Group): ChartConfiguration<'bar'> {
    const palette = this.palette();
    const bars = this.measured.filter((m) => groupOf(m) === group).map(barOf);
    const colour =
      group === 'player-runs' ? palette.player : group === 'strategies' || group === 'predictions' ? palette.text : palette.banker;
    const bigPoints = palette.fontSize;
    // Mixed: the line datasets draw points only (the exact dash and the measured dot), on top of the bars.
    const datasets = [
      {
        type: 'bar',
        data: bars.map((bar) => bar.interval),
        backgroundColor: `color-mix(in srgb, ${colour} 45%, transparent)`,
        borderColor: colour,
        borderWidth: 2,
        borderSkipped: false,
        barPercentage: 0.55,
        order: 2,
      },
      {
        type: 'line',
        data: bars.map((bar) => bar.exact),
        showLine: false,
        pointStyle: 'line',
        pointRadius: bigPoints,
        pointBorderWidth: 3,
        borderColor: palette.text,
        backgroundColor: palette.text,
        order: 0,
      },
      {
        type: 'line',
        data: bars.map((bar) => bar.observed),
        showLine: false,
        pointStyle: 'circle',
        pointRadius: Math.max(3, bigPoints / 4),
        borderColor: palette.text,
        backgroundColor: palette.text,
        order: 1,
      },
    ] as unknown as ChartDataset<'bar'>[];
    const ticks = { color: palette.muted, font: { size: palette.fontSize, family: palette.fontFamily } };
    return {
      type: 'bar',
      data: { labels: bars.map((bar) => bar.label), datasets },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        events: [],
        plugins: { legend: { display: false }, tooltip: { enabled: false } },
        scales: {
          x: { ticks, grid: { display: false } },
          // Fitted to the intervals and exact figures, not from 0: at 0–60% a ±0.1% interval is a hairline.
          y: { beginAtZero: false, ticks, grid: { color: palette.grid }, grace: '5%' },
        },
      },
    };
  }

  private caption(group: Group): string {
    switch (group) {
      case 'banker-runs':
        return msg('After k bankers in a row: next decided hand banker, %', { id: 'evidence-chart-banker-runs' });
      case 'player-runs':
        return msg('After k players in a row: next decided hand player, %', { id: 'evidence-chart-player-runs' });
      case 'chops':
        return msg('After a chop of k alternations: next decided hand banker, %', { id: 'evidence-chart-chops' });
      case 'marks':
        return msg("After a derived road's newest mark: next decided hand banker, %", { id: 'evidence-chart-marks' });
      case 'predictions':
        return msg('Ask-road predictions: right, % (dash: chance)', { id: 'evidence-chart-predictions' });
      case 'strategies':
        return msg('Strategies: return per 100 staked', { id: 'evidence-chart-strategies' });
    }
  }

  private status(): string {
    const run = this.run;
    if (this.failure) return msg(str`The run stopped: ${this.failure}`, { id: 'evidence-failed' });
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

  protected override render(): TemplateResult {
    const run = this.run;
    const running = this.running;
    const counted = formatCount(run?.handsCounted ?? 0);
    const asked = formatCount(run?.plan.hands ?? this.hands);
    const seed = run?.seed ?? this.seed;
    const decks = run?.decks ?? this.decks;
    const sentences = this.measured.map((m) => ({ text: measurementSentence(m, this.measured), excludes: m.excludesExact }));
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
        <span class="hands">${msg(str`${counted} of ${asked} hands`, { id: 'evidence-hands' })}</span>
        <span>${msg('Seed', { id: 'evidence-seed' })} <span class="seed">${seed}</span></span>
        <span>${msg(str`${decks} decks`, { id: 'evidence-decks' })}</span>
        <span class="status" role="status">${this.status()}</span>
      </div>
      ${
        this.measured.length === 0
          ? nothing
          : html`<div class="charts" part="charts">
                ${GROUPS.map(
                  (group) =>
                    html`<figure>
                      <figcaption>${this.caption(group)}</figcaption>
                      <div class="plot"><canvas data-group=${group} role="img" aria-label=${this.caption(group)}></canvas></div>
                    </figure>`,
                )}
              </div>
              <p class="legend">${msg('Bar: 95% interval · dot: measured · dash: a fresh shoe (exact)', { id: 'evidence-legend' })}</p>
              <ol part="sentences">
                ${sentences.map((s) => (s.text ? html`<li class=${s.excludes ? 'excludes' : ''}>${s.text}</li>` : nothing))}
              </ol>`
      }
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
