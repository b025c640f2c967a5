/**
 * `<bacc-evidence>`'s charts: which measurements each of the six shows, a bar per question for its
 * 95% interval with the measured dot and the exact dash, on a fixed, honest axis, drawn by chart.js
 * in the element's theme colours.
 */
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
import { msg } from '@lit/localize';
import type { Measurement } from '../../../src/evidence/measurements.js';
import { DEFAULT_COLORS } from '../../styles/theme.js';
import { categoryLabel, sentenceSide } from './evidence-sentences.js';

// Only what is drawn: floating bars (the intervals) and line datasets drawn as points only (the
// measured figure and the exact dash; a line controller needs its line element even unshown), on a
// category and a linear axis. No legend, title or tooltip.
Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale);

/** The charts, in order: which measurements each shows and which figure of them. */
export const GROUPS = ['banker-runs', 'player-runs', 'chops', 'marks', 'predictions', 'strategies'] as const;
export type Group = (typeof GROUPS)[number];

const groupOf = (m: Measurement): Group | null => {
  if (m.id.startsWith('after-banker-run-')) return 'banker-runs';
  if (m.id.startsWith('after-player-run-')) return 'player-runs';
  if (m.id.startsWith('after-chop-')) return 'chops';
  if (m.kind === 'next-hand' && m.id !== 'all-hands') return 'marks';
  if (m.kind === 'prediction') return 'predictions';
  if (m.kind === 'strategy') return 'strategies';
  return null;
};

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

/** A long label in two lines at the space nearest its middle ("Big Eye Boy" / "red"), so that it need not be drawn slanted. */
function twoLines(label: string): string | string[] {
  if (label.length <= 10) return label;
  const middle = label.length / 2;
  let best = -1;
  for (let i = label.indexOf(' '); i >= 0; i = label.indexOf(' ', i + 1))
    if (best < 0 || Math.abs(i - middle) < Math.abs(best - middle)) best = i;
  return best < 0 ? label : [label.slice(0, best), label.slice(best + 1)];
}

/**
 * A chart's value axis, fixed and honest: shares on 40–60% around the 50% line, returns on −5 to +5
 * per 100 staked around break-even, widened in steps (30–70%, then 0–100%; ±10, ±25, ±100) only
 * when an interval or figure would fall outside, never fitted to the data (which made 0.05 points
 * fill the chart) and never below 0% for a share.
 */
export function axisRange(group: string, bars: readonly Bar[]): { min: number; max: number; centre: number; step: number } {
  const strategies = group === 'strategies';
  const centre = strategies ? 0 : 50;
  const halves = strategies ? [5, 10, 25, 100] : [10, 20, 50];
  const values = bars.flatMap((bar) => [...(bar.interval ?? []), bar.observed ?? centre, bar.exact ?? centre]);
  const half = halves.find((h) => values.every((v) => v >= centre - h && v <= centre + h)) ?? halves.at(-1)!;
  return { min: centre - half, max: centre + half, centre, step: half / 2 };
}

/** Colours and text size read from the element's custom properties (again only when the theme changes). */
export interface Palette {
  banker: string;
  player: string;
  text: string;
  muted: string;
  grid: string;
  fontSize: number;
  fontFamily: string;
}

/** The colours and text size of `host`'s theme, read from its custom properties. */
export function readPalette(host: Element): Palette {
  const style = getComputedStyle(host);
  const read = (name: string, fallback: string): string => style.getPropertyValue(name).trim() || fallback;
  const text = read('--bacc-text-color', style.color);
  return {
    banker: read('--bacc-banker-color', DEFAULT_COLORS.banker),
    player: read('--bacc-player-color', DEFAULT_COLORS.player),
    text,
    muted: read('--bacc-muted-color', `color-mix(in srgb, ${text} 65%, transparent)`),
    grid: read('--bacc-grid-line-color', `color-mix(in srgb, ${text} 20%, transparent)`),
    fontSize: Math.max(12, parseFloat(style.fontSize) * 0.8),
    fontFamily: style.fontFamily,
  };
}

/** A chart's data and options: the measurements of `group` among `measured`, in `palette`'s colours. */
export function chartConfiguration(group: Group, measured: readonly Measurement[], palette: Palette): ChartConfiguration<'bar'> {
  const bars = measured.filter((m) => groupOf(m) === group).map(barOf);
  const axis = axisRange(group, bars);
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
      // An interval of a few hundredths of a point on a 20-point axis stays a visible whisker.
      minBarLength: 3,
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
    data: { labels: bars.map((bar) => twoLines(bar.label)), datasets },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      events: [],
      plugins: { legend: { display: false }, tooltip: { enabled: false } },
      scales: {
        x: { ticks: { ...ticks, maxRotation: 0, autoSkip: false }, grid: { display: false } },
        // Fixed ranges around the 50% line (break-even for returns), widened only to hold what is drawn.
        y: {
          min: axis.min,
          max: axis.max,
          ticks: { ...ticks, stepSize: axis.step },
          grid: {
            color: (context) => (context.tick?.value === axis.centre ? palette.muted : palette.grid),
            lineWidth: (context) => (context.tick?.value === axis.centre ? 2 : 1),
          },
        },
      },
    },
  };
}

/** A chart's caption, also its canvas's accessible name. */
export function chartCaption(group: Group): string {
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

/**
 * The charts on screen, one per group: made on its canvas the first time, brought up to date after,
 * and made again when the element drew a new canvas.
 */
export class EvidenceCharts {
  private readonly charts = new Map<Group, Chart<'bar'>>();
  /** The palette each chart's options were made with. */
  private readonly optionsPalette = new WeakMap<object, Palette>();

  /** Draws `group`'s chart on `canvas` (none: the chart is let go). */
  draw(group: Group, canvas: HTMLCanvasElement | null, measured: readonly Measurement[], palette: Palette): void {
    let chart = this.charts.get(group);
    if (chart && chart.canvas !== canvas) {
      chart.destroy();
      this.charts.delete(group);
      chart = undefined;
    }
    if (!canvas) return;
    const configuration = chartConfiguration(group, measured, palette);
    if (!chart) {
      chart = new Chart(canvas, configuration);
      this.charts.set(group, chart);
      this.optionsPalette.set(chart, palette);
      return;
    }
    chart.data = configuration.data;
    // New options make chart.js resolve every font again: only when the theme or the axis's range changed.
    const y = configuration.options!.scales!['y']!;
    const shown = chart.options.scales?.['y'];
    if (this.optionsPalette.get(chart) !== palette || shown?.min !== y.min || shown?.max !== y.max) {
      chart.options = configuration.options!;
      this.optionsPalette.set(chart, palette);
    }
    chart.update('none');
  }

  /** Lets every chart go (the element left the page). */
  destroy(): void {
    for (const chart of this.charts.values()) chart.destroy();
    this.charts.clear();
  }
}
