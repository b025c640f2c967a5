import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import type { ChartConfiguration, ChartOptions, ScriptableContext, ScriptableLineSegmentContext } from 'chart.js';
import type { Winner } from '../src/game/hand.js';
import type { HandRecord } from '../src/shoes/document.js';
import { followStep } from '../src/roads/list-follower.js';
import type { StatisticsSummary } from '../src/roads/statistics.js';
import { ChartController, whenIdle } from './controllers/chart-controller.js';
import { exactOddsOf } from './internal/exact-odds.js';
import { fullShoe } from '../src/game/odds.js';
import { ThemeWatcher } from './controllers/theme-watcher.js';
import { outcomeLetter, outcomeName } from './internal/messages.js';
import { bankerPairLabel, handCount, lead, naturalLabel, percent, playerPairLabel, share } from './internal/panel-labels.js';
import { chartStyles } from './styles/chart-styles.js';
import { panelTokens } from './styles/panel-styles.js';
import { StatisticsPanel } from './internal/statistics-panel.js';
import { themeTokens, visuallyHidden } from './styles/theme.js';
import type { Terms } from './internal/localize.js';

/** Which chart to draw: the banker-minus-player count, the frequencies against the exact odds, or both. */
export type ChartKind = 'count' | 'frequencies' | 'both';

/** The frequency bars, in order. */
const FREQUENCIES = ['banker', 'player', 'tie', 'playerPair', 'bankerPair', 'natural'] as const;
type Frequency = (typeof FREQUENCIES)[number];

/** The theme's colours and the chart text size, resolved from the element's custom properties. */
interface Palette {
  banker: string;
  player: string;
  tie: string;
  text: string;
  muted: string;
  grid: string;
  fontSize: number;
  fontFamily: string;
}

/**
 * Charts of one shoe, drawn with chart.js: the running count of banker wins minus player wins,
 * hand by hand (ties leave it flat and show as triangles), and how often each result, pair and
 * natural came up in this shoe beside its exact probability from a full shoe. Each canvas has a
 * summary as its accessible name and a visually hidden table of its data.
 *
 * The chart.js instances live in controllers: updated in place on every hand, without
 * animation (a kiosk redraws every few seconds for hours), destroyed when the element leaves
 * the page. Colours and text size come from the element's custom properties, read again when
 * the page's theme or the text size changes (not on every hand). After its first render the
 * element follows new hands when the page is idle.
 *
 * @csspart figure - One chart with its caption.
 * @csspart caption - A chart's caption.
 * @csspart plot - The box the canvas fills.
 * @csspart legend - The key to the frequency bars (solid: this shoe; outline: exact).
 * @cssprop --bacc-banker-color - Banker's line, points and bars.
 * @cssprop --bacc-player-color - Player's line, points and bars.
 * @cssprop --bacc-tie-color - Tie points and bars.
 * @cssprop --bacc-text-color - Captions, the zero line and the natural bars.
 * @cssprop --bacc-muted-color - Axis text.
 * @cssprop --bacc-grid-line-color - Grid lines.
 * @cssprop --bacc-chart-height - Height of each chart when the element's own height is not set (default: grows with its width).
 * @cssprop --bacc-chart-min-height - Least height of each chart's plot (default 10em): a page that gives the element a height it has checked may lower it.
 * @cssprop --bacc-chart-font-size - Size of the axis text (default: the element's own font size, which the page's layout sets).
 * @cssprop --bacc-label-size - Size of the captions and legend.
 * @cssprop --bacc-panel-gap - Space between the charts.
 *
 * @tagname bacc-chart
 */
export class BaccChart extends StatisticsPanel {
  static override styles = [themeTokens, visuallyHidden, panelTokens, chartStyles];

  /** Which chart to draw: `count` (banker minus player), `frequencies` (against the exact odds) or `both`. */
  @property() kind: ChartKind = 'both';

  /** The hands the series below were last brought to, to tell one more hand from a new shoe. */
  private seriesHands: readonly HandRecord[] = [];
  private summary: StatisticsSummary = this.follower.statistics.summary();
  /** Banker wins minus player wins after each hand counted; handed to chart.js, which watches it. */
  private counts: number[] = [];
  private outcomes: Winner[] = [];
  private handNumbers: number[] = [];
  /** The theme as read for this update; both charts share it. */
  private themePalette: Palette | null = null;
  /** The palette each chart's options were last built from. */
  private readonly optionsPalette = new WeakMap<object, Palette>();
  private observed: Record<Frequency, number> = frequencies(this.summary);
  /** Null while the exact odds are worked out (off the main thread, the first time). */
  private exact: Record<Frequency, number> | null = null;
  /** The exact odds being worked out for the bars, which update when they come. */
  private awaitedOdds: Promise<void> | null = null;
  private oddsArrived = false;
  private readonly charts: readonly ChartController<'line' | 'bar'>[];

  constructor() {
    super();
    // Each controller adds itself to this element, which drives it from then on.
    new ThemeWatcher(this, () => this.readThemeAgain());
    this.charts = [
      new ChartController<'line'>(this, {
        canvas: () => this.renderRoot.querySelector<HTMLCanvasElement>('canvas.count'),
        configure: () => ({ type: 'line', data: this.countData(), options: this.countOptions(this.palette()) }),
        refresh: (chart) => {
          // The series arrays are kept and pushed to in place, which chart.js tracks; only a new shoe
          // brings new arrays.
          if (chart.data.labels !== this.handNumbers || chart.data.datasets[0]?.data !== this.counts) chart.data = this.countData();
          // New options make chart.js resolve them and measure every label again (measured: most
          // of a hand's time); they change only with the theme or the text size.
          if (this.optionsPalette.get(chart) !== this.palette()) {
            chart.options = this.countOptions(this.palette());
            this.optionsPalette.set(chart, this.palette());
          }
        },
      }),
      new ChartController<'bar'>(this, {
        canvas: () => this.renderRoot.querySelector<HTMLCanvasElement>('canvas.frequencies'),
        configure: () => this.frequencyConfiguration(this.palette()),
        refresh: (chart) => {
          const palette = this.palette();
          if (this.optionsPalette.get(chart) !== palette) {
            const { data, options } = this.frequencyConfiguration(palette);
            chart.data = data;
            chart.options = options!;
            this.optionsPalette.set(chart, palette);
            return;
          }
          // One more hand moves only the bars: the names (unless the language changed), colours and
          // options stay, so chart.js measures no label again and the plot's width is not read mid-update.
          const [observed, exact] = chart.data.datasets;
          observed!.data = this.observedData();
          observed!.label = this.localize.term('chartLegendObserved', handCount(this.localize, this.summary.hands));
          exact!.data = this.exactData();
          const names = this.frequencyNames();
          if (String(chart.data.labels) !== String(names)) chart.data.labels = names;
        },
      }),
    ];
  }

  /**
   * Resolves once both charts show the latest hands: the element updates, and redraws them, when the page is idle.
   * @internal For tests and benchmarks.
   */
  async chartsDrawn(): Promise<void> {
    await this.updateComplete;
  }

  /**
   * Resolves once the element shows its latest hands, charts included: chart.js loads after the
   * page's first frame, and each chart is made when the page is idle after that.
   */
  protected override async getUpdateComplete(): Promise<boolean> {
    let settled = await super.getUpdateComplete();
    for (let pending = this.pendingChart(); pending !== null; pending = this.pendingChart()) {
      await pending;
      settled = await super.getUpdateComplete();
    }
    return settled;
  }

  private pendingChart(): Promise<void> | null {
    return this.awaitedOdds ?? this.charts.find((chart) => chart.pending !== null)?.pending ?? null;
  }

  /** The exact odds of a hand from a full shoe, for the outlined bars: at once when known, else an update when they come. */
  private followExactOdds(): void {
    this.oddsArrived = false;
    const statistics = this.follower.statistics;
    const lookup = exactOddsOf(fullShoe(statistics.decks), statistics.rules);
    this.exact = lookup.now === undefined ? null : exactFrequencies(lookup.now);
    if (lookup.now !== undefined) {
      this.awaitedOdds = null;
      return;
    }
    const awaited: Promise<void> = lookup.later.then(
      () => {
        if (this.awaitedOdds !== awaited) return;
        this.awaitedOdds = null;
        this.oddsArrived = true;
        this.requestUpdate();
      },
      () => {
        if (this.awaitedOdds === awaited) this.awaitedOdds = null;
      },
    );
    this.awaitedOdds = awaited;
  }

  /**
   * After its first render the element updates, and its controllers redraw the charts, when the
   * page is idle after the next frame: a new hand's roads and figures paint first, and the charts,
   * captions, data tables and legend follow moments later. Measured on the whole scoreboard, one
   * more hand, main-thread work to the painted frame, the two builds alternating (three pairs of
   * 48 hands): 11.6–12.8 ms with the chart's update in the frame, 10.4–10.7 ms without. Waiting
   * for the frame first makes the order certain: an idle callback alone is not promised to run
   * after the next frame.
   */
  protected override async scheduleUpdate(): Promise<unknown> {
    if (this.hasUpdated) await new Promise<void>((resolve) => requestAnimationFrame(() => whenIdle(resolve)));
    return super.scheduleUpdate();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (this.oddsArrived && !this.statisticsInputsChanged(changed)) this.followExactOdds();
    if (!this.statisticsInputsChanged(changed)) return;
    this.followStatistics();
    // The series' own step: a shared follower may already have been brought to these hands by
    // another panel. The series hold the hands counted, which stop before a hand the statistics refuse.
    const counted = this.follower.counted;
    const step = counted === this.hands.length ? followStep(this.seriesHands, this.hands) : 'replaced';
    this.seriesHands = this.hands;
    if (step === 'added' && this.counts.length === counted - 1) {
      const hand = this.hands[this.hands.length - 1]!;
      this.counts.push((this.counts[this.counts.length - 1] ?? 0) + countChange(hand.outcome));
      this.outcomes.push(hand.outcome);
      this.handNumbers.push(this.handNumbers.length + 1);
    } else if (step === 'removed' && this.counts.length === counted + 1) {
      this.counts.pop();
      this.outcomes.pop();
      this.handNumbers.pop();
    } else if (step !== 'unchanged' || this.counts.length !== counted) {
      this.counts = [];
      this.outcomes = [];
      this.handNumbers = [];
      let count = 0;
      for (const hand of this.hands.slice(0, counted)) {
        count += countChange(hand.outcome);
        this.counts.push(count);
        this.outcomes.push(hand.outcome);
        this.handNumbers.push(this.handNumbers.length + 1);
      }
    }
    this.summary = this.follower.statistics.summary();
    this.observed = frequencies(this.summary);
    this.followExactOdds();
  }

  protected override render(): TemplateResult {
    const showCount = this.kind !== 'frequencies';
    const showFrequencies = this.kind !== 'count';
    return html`
      <div class="charts ${this.kind === 'both' ? 'both' : ''}">
        ${showCount ? this.renderCount() : nothing} ${showFrequencies ? this.renderFrequencies() : nothing}
      </div>
      <div class="probes" aria-hidden="true">
        <span class="probe-banker"></span><span class="probe-player"></span><span class="probe-tie"></span> <span class="probe-text"></span
        ><span class="probe-muted"></span><span class="probe-grid"></span>
      </div>
    `;
  }

  // The data tables sit in a hidden box rather than being hidden themselves: a table ignores the
  // 1px width and the overflow, and would widen the page.
  private renderCount(): TemplateResult {
    const counts = this.counts;
    return html`<figure part="figure">
      <figcaption part="caption">${this.localize.term('chartCountCaption')}</figcaption>
      <div class="plot" part="plot"><canvas class="count" role="img" aria-label=${this.countSummary()}></canvas></div>
      <div class="visually-hidden">
        <table>
          <caption>
            ${this.localize.term('chartCountTable')}
          </caption>
          <thead>
            <tr>
              <th scope="col">${this.localize.term('chartHand')}</th>
              <th scope="col">${this.localize.term('chartResult')}</th>
              <th scope="col">${this.localize.term('chartCountAxis')}</th>
            </tr>
          </thead>
          <tbody>
            ${counts.map(
              (count, index) =>
                html`<tr>
                  <th scope="row">${index + 1}</th>
                  <td>${outcomeName(this.localize, this.outcomes[index]!)}</td>
                  <td>${lead(this.localize, count)}</td>
                </tr>`,
            )}
          </tbody>
        </table>
      </div>
    </figure>`;
  }

  private renderFrequencies(): TemplateResult {
    const decks = this.follower.statistics.decks;
    const s = this.summary;
    const countOf: Record<Frequency, number> = {
      banker: s.banker,
      player: s.player,
      tie: s.tie,
      playerPair: s.playerPairs,
      bankerPair: s.bankerPairs,
      natural: s.naturals.hands,
    };
    return html`<figure part="figure">
      <figcaption part="caption">
        ${this.localize.term('chartFrequenciesCaption')}
        <ul class="legend" part="legend">
          <li><span class="swatch solid"></span>${this.localize.term('chartLegendObserved', handCount(this.localize, s.hands))}</li>
          <li><span class="swatch"></span>${this.localize.term('chartLegendExact', decks)}</li>
        </ul>
      </figcaption>
      <div class="plot" part="plot"><canvas class="frequencies" role="img" aria-label=${this.frequencySummary()}></canvas></div>
      <div class="visually-hidden">
        <table>
          <caption>
            ${this.localize.term('chartFrequenciesTable')}
          </caption>
          <thead>
            <tr>
              <td></td>
              <th scope="col">${this.localize.term('chartLegendObserved', handCount(this.localize, s.hands))}</th>
              <th scope="col">${this.localize.term('chartLegendExact', decks)}</th>
            </tr>
          </thead>
          <tbody>
            ${FREQUENCIES.map(
              (name) =>
                html`<tr>
                  <th scope="row">${frequencyName(this.localize, name)}</th>
                  <td>${countOf[name]} (${share(countOf[name], s.hands)})</td>
                  <td>${this.exact === null ? '…' : percent(this.exact[name] / 100, 2)}</td>
                </tr>`,
            )}
          </tbody>
        </table>
      </div>
    </figure>`;
  }

  private countSummary(): string {
    const counts = this.counts;
    if (counts.length === 0) return this.localize.term('chartCountEmpty');
    const now = counts[counts.length - 1]!;
    const bankerBest = Math.max(0, ...counts);
    const playerBest = Math.max(0, ...counts.map((count) => -count));
    return this.localize.term(
      'chartCountSummary',
      handCount(this.localize, counts.length),
      lead(this.localize, now),
      bankerBest,
      playerBest,
    );
  }

  private frequencySummary(): string {
    const hands = this.summary.hands;
    const parts = FREQUENCIES.map((name) =>
      this.localize.term(
        'chartFrequencySummaryItem',
        frequencyName(this.localize, name),
        hands === 0 ? '–' : percent(this.observed[name] / 100, 1),
        this.exact === null ? '…' : percent(this.exact[name] / 100, 2),
      ),
    );
    return this.localize.term('chartFrequenciesSummary', handCount(this.localize, hands), parts.join(', '));
  }

  private countData(): ChartConfiguration<'line'>['data'] {
    return { labels: this.handNumbers, datasets: [{ data: this.counts }] };
  }

  private countOptions(palette: Palette): ChartOptions<'line'> {
    const font = { size: palette.fontSize, family: palette.fontFamily };
    const sideColor = (count: number): string => (count > 0 ? palette.banker : count < 0 ? palette.player : palette.muted);
    const isTie = (index: number): boolean => this.outcomes[index] === 'T';
    const countAt = (index: number): number => this.counts[index] ?? 0;
    const pointRadius = Math.max(2, Math.round(palette.fontSize / 5));
    // The last hand number is centred under the last point, at the plot's right edge. chart.js
    // leaves room there for a sample of the numbers that can miss the last one (and cut "10" or
    // "100" in half): the plot keeps half of the widest number of as many digits clear on its right.
    const fontString = `${palette.fontSize}px ${palette.fontFamily}`;
    let widestDigit: number | undefined;
    const lastNumberRoom = (context: CanvasRenderingContext2D): number => {
      if (widestDigit === undefined) {
        context.save();
        context.font = fontString;
        widestDigit = Math.max(...'0123456789'.split('').map((digit) => context.measureText(digit).width));
        context.restore();
      }
      const digits = String(this.handNumbers.length).length;
      return Math.ceil((digits * widestDigit) / 2) + 2;
    };
    return {
      ...commonOptions(() => this.textSizeChanged(palette.fontSize)),
      layout: { padding: ({ chart }) => ({ right: lastNumberRoom(chart.ctx) }) },
      datasets: {
        line: {
          borderWidth: Math.max(2, palette.fontSize / 6),
          borderColor: palette.muted,
          // Each step is coloured by the side ahead over it: above the zero line the banker's colour, below the player's.
          segment: {
            borderColor: (ctx: ScriptableLineSegmentContext) => sideColor(countAt(ctx.p0DataIndex) + countAt(ctx.p1DataIndex)),
          },
          pointRadius,
          pointStyle: (ctx: ScriptableContext<'line'>) => (isTie(ctx.dataIndex) ? 'triangle' : 'circle'),
          pointBackgroundColor: (ctx: ScriptableContext<'line'>) =>
            isTie(ctx.dataIndex) ? palette.tie : sideColor(countAt(ctx.dataIndex)),
          pointBorderColor: (ctx: ScriptableContext<'line'>) => (isTie(ctx.dataIndex) ? palette.tie : sideColor(countAt(ctx.dataIndex))),
        },
      },
      scales: {
        x: {
          type: 'category',
          // Measuring a sample of the hand numbers, not all of them, is enough to space them.
          ticks: { color: palette.muted, font, maxRotation: 0, autoSkipPadding: palette.fontSize, sampleSize: 8 },
          grid: { display: false },
          border: { color: palette.grid },
        },
        y: {
          type: 'linear',
          suggestedMin: -3,
          suggestedMax: 3,
          ticks: {
            color: palette.muted,
            font,
            precision: 0,
            callback: (value) => countTick(this.localize, Number(value)),
          },
          grid: {
            color: (ctx) => (ctx.tick?.value === 0 ? palette.text : palette.grid),
            lineWidth: (ctx) => (ctx.tick?.value === 0 ? 2 : 1),
          },
          border: { display: false },
        },
      },
    };
  }

  /** The bars' names, split at spaces: chart.js draws an array label on several lines, so "Player pair" fits under its bars. */
  private frequencyNames(): string[][] {
    return FREQUENCIES.map((name) => frequencyName(this.localize, name).split(' '));
  }

  private observedData(): number[] {
    return FREQUENCIES.map((name) => this.observed[name]);
  }

  /** No outline until the exact odds are worked out (chart.js draws no bar for NaN). */
  private exactData(): number[] {
    return FREQUENCIES.map((name) => this.exact?.[name] ?? NaN);
  }

  private frequencyConfiguration(palette: Palette): ChartConfiguration<'bar'> {
    const font = { size: palette.fontSize, family: palette.fontFamily };
    const colors = FREQUENCIES.map((name) => frequencyColor(name, palette));
    const names = this.frequencyNames();
    const longestWord = Math.max(...names.flat().map((word) => word.length));
    // The size a bar's share of the plot can hold its longest word at (~0.62 em a letter, the
    // value axis taking ~4 em): the names may shrink to fit, down to 24 px on a wall (or three
    // quarters of the text on a smaller screen); narrower than that, they turn upright, word beside
    // word, rather than run together ("BankerNatural") or shrink past reading.
    const floor = palette.fontSize >= 24 ? 24 : palette.fontSize * 0.75;
    const fitting = (width: number): number => (width - 4 * palette.fontSize) / FREQUENCIES.length / (0.62 * longestWord + 0.5);
    const upright = fitting(this.plotWidth('frequencies')) < floor;
    return {
      type: 'bar',
      data: {
        labels: names,
        datasets: [
          {
            label: this.localize.term('chartLegendObserved', handCount(this.localize, this.summary.hands)),
            data: this.observedData(),
            backgroundColor: colors,
            borderColor: colors,
            borderWidth: 0,
          },
          {
            label: this.localize.term('chartLegendExact', this.follower.statistics.decks),
            data: this.exactData(),
            backgroundColor: 'transparent',
            borderColor: colors,
            borderWidth: Math.max(2, palette.fontSize / 6),
          },
        ],
      },
      options: {
        ...commonOptions(() => this.textSizeChanged(palette.fontSize, upright, fitting, floor)),
        scales: {
          x: {
            type: 'category',
            // Every name at the axis text's size, word under word; where six of them cannot stand side
            // by side (a phone), chart.js turns them rather than letting neighbours run together or shrink.
            ticks: {
              color: palette.muted,
              font: (context) => ({
                ...font,
                size: upright ? palette.fontSize : Math.min(palette.fontSize, Math.max(floor, fitting(context.chart.width))),
              }),
              minRotation: upright ? 90 : 0,
              maxRotation: upright ? 90 : 0,
              autoSkip: false,
            },
            grid: { display: false },
            border: { color: palette.grid },
          },
          y: {
            type: 'linear',
            beginAtZero: true,
            suggestedMax: 50,
            ticks: { color: palette.muted, font, callback: (value) => `${Number(value)}%` },
            grid: { color: palette.grid },
            border: { display: false },
          },
        },
      },
    };
  }

  /**
   * After chart.js resized a chart: draw again if the text size, which the element's font size sets,
   * changed, or if the bar names must now turn upright, or may stand again.
   */
  private textSizeChanged(drawnSize: number, upright?: boolean, fitting?: (width: number) => number, floor?: number): void {
    const turn = fitting !== undefined && floor !== undefined && fitting(this.plotWidth('frequencies')) < floor;
    if (this.textSize() !== drawnSize || (upright !== undefined && turn !== upright)) this.readThemeAgain();
  }

  private plotWidth(kind: 'count' | 'frequencies'): number {
    return this.renderRoot.querySelector<HTMLElement>(`canvas.${kind}`)?.parentElement?.clientWidth ?? 0;
  }

  /**
   * Reads the colours and text size again at the next update, and asks for one. Only then: reading
   * computed styles on every hand forced the whole page's style to be recalculated mid-update
   * (measured: most of the scoreboard's time per hand).
   */
  private readThemeAgain(): void {
    this.themePalette = null;
    this.requestUpdate();
  }

  private textSize(): number {
    const probes = this.renderRoot.querySelector('.probes');
    return probes === null ? 14 : parseFloat(getComputedStyle(probes).fontSize) || 14;
  }

  /** Colours and text size as the page's theme has them now. */
  private palette(): Palette {
    return (this.themePalette ??= this.readPalette());
  }

  private readPalette(): Palette {
    const color = (name: string): string => {
      const probe = this.renderRoot.querySelector(`.probe-${name}`);
      return probe === null ? '' : getComputedStyle(probe).color;
    };
    return {
      banker: color('banker'),
      player: color('player'),
      tie: color('tie'),
      text: color('text'),
      muted: color('muted'),
      grid: color('grid'),
      fontSize: this.textSize(),
      fontFamily: getComputedStyle(this).fontFamily,
    };
  }
}

/** What both charts share: fill the plot box, no animation, no pointer events (nothing reacts to them). */
function commonOptions(onResize: () => void) {
  return {
    responsive: true,
    maintainAspectRatio: false,
    animation: false as const,
    events: [],
    // The element's font size may follow the page's layout, and the bar names the plot's width: check them when the chart is resized.
    onResize,
  };
}

function countChange(outcome: Winner): number {
  return outcome === 'B' ? 1 : outcome === 'P' ? -1 : 0;
}

/** A tick of the count axis names the side ahead by its letter, so that colour is not the only signal. */
function countTick(localize: Terms, value: number): string {
  if (value > 0) return `${outcomeLetter(localize, 'B')} +${value}`;
  if (value < 0) return `${outcomeLetter(localize, 'P')} +${-value}`;
  return '0';
}

/** Shares of the hands in percent (0 before the first hand). */
function frequencies(summary: StatisticsSummary): Record<Frequency, number> {
  const of = (count: number): number => (summary.hands === 0 ? 0 : (count / summary.hands) * 100);
  return {
    banker: summary.bankerPercent,
    player: summary.playerPercent,
    tie: summary.tiePercent,
    playerPair: of(summary.playerPairs),
    bankerPair: of(summary.bankerPairs),
    natural: of(summary.naturals.hands),
  };
}

/** Exact probabilities in percent. */
function exactFrequencies(odds: {
  banker: number;
  player: number;
  tie: number;
  playerPair: number;
  bankerPair: number;
  natural: number;
}): Record<Frequency, number> {
  return {
    banker: odds.banker * 100,
    player: odds.player * 100,
    tie: odds.tie * 100,
    playerPair: odds.playerPair * 100,
    bankerPair: odds.bankerPair * 100,
    natural: odds.natural * 100,
  };
}

function frequencyName(localize: Terms, name: Frequency): string {
  switch (name) {
    case 'banker':
      return outcomeName(localize, 'B');
    case 'player':
      return outcomeName(localize, 'P');
    case 'tie':
      return outcomeName(localize, 'T');
    case 'playerPair':
      return playerPairLabel(localize);
    case 'bankerPair':
      return bankerPairLabel(localize);
    case 'natural':
      return naturalLabel(localize);
  }
}

function frequencyColor(name: Frequency, palette: Palette): string {
  switch (name) {
    case 'banker':
    case 'bankerPair':
      return palette.banker;
    case 'player':
    case 'playerPair':
      return palette.player;
    case 'tie':
      return palette.tie;
    case 'natural':
      return palette.text;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'bacc-chart': BaccChart;
  }
}
