/**
 * The reports page's two charts, drawn by chart.js through the elements' ChartController (which
 * loads chart.js on demand, after the page's first frame, in the chunk named for it): the room's
 * hands by hour, and its banker, player and tie shares beside the exact ones. Colours and text
 * size come from the page's theme; each chart's words are also its canvas's accessible name.
 */
import type { ChartConfiguration } from 'chart.js';
import { msg, str } from '@lit/localize';
import { DEFAULT_COLORS } from '../../styles/theme.js';
import { formatCount, formatHour, formatPercent } from './report-words.js';

/** Colours and text size read from the element's custom properties (again only when the theme changes). */
export interface Palette {
  banker: string;
  player: string;
  tie: string;
  text: string;
  muted: string;
  grid: string;
  fontSize: number;
  fontFamily: string;
}

/** The colours and text size of `host`'s theme. */
export function readPalette(host: Element): Palette {
  const style = getComputedStyle(host);
  const read = (name: string, fallback: string): string => style.getPropertyValue(name).trim() || fallback;
  const text = read('--bacc-text-color', style.color);
  return {
    banker: read('--bacc-banker-color', DEFAULT_COLORS.banker),
    player: read('--bacc-player-color', DEFAULT_COLORS.player),
    tie: read('--bacc-tie-color', DEFAULT_COLORS.tie),
    text,
    muted: read('--bacc-muted-color', `color-mix(in srgb, ${text} 65%, transparent)`),
    grid: read('--bacc-grid-line-color', `color-mix(in srgb, ${text} 20%, transparent)`),
    fontSize: Math.max(12, parseFloat(style.fontSize) * 0.85),
    fontFamily: style.fontFamily,
  };
}

// Fixed options: nothing moves, nothing answers a pointer (there is no tooltip plugin), no legend (the page's HTML says it).
function axes(palette: Palette, yMax: number | undefined, yTitle: string): NonNullable<ChartConfiguration<'bar'>['options']>['scales'] {
  const ticks = { color: palette.muted, font: { size: palette.fontSize, family: palette.fontFamily } };
  return {
    x: { ticks: { ...ticks, maxRotation: 0, autoSkipPadding: 8 }, grid: { display: false } },
    y: {
      beginAtZero: true,
      ...(yMax === undefined ? {} : { max: yMax }),
      ticks,
      grid: { color: palette.grid },
      title: { display: true, text: yTitle, color: palette.muted, font: { size: palette.fontSize, family: palette.fontFamily } },
    },
  };
}

/** The room's hands in each hour with play (every table's added), as bars. */
export function handsChart(
  points: readonly { hour: string; hands: number }[],
  withDate: boolean,
  palette: Palette,
): ChartConfiguration<'bar'> {
  return {
    type: 'bar',
    data: {
      labels: points.map((point) => formatHour(point.hour, withDate)),
      datasets: [
        {
          data: points.map((point) => point.hands),
          backgroundColor: `color-mix(in srgb, ${palette.player} 70%, transparent)`,
          borderColor: palette.player,
          borderWidth: 1,
        },
      ],
    },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      events: [],
      plugins: { legend: { display: false }, tooltip: { enabled: false } },
      scales: axes(palette, undefined, msg('Hands', { id: 'reports-hands' })),
    },
  };
}

/** The room's banker, player and tie shares in percent: solid bars observed, outlined bars exact. */
export function outcomesChart(
  outcomes: { observed: readonly number[]; exact: readonly number[] } | null,
  palette: Palette,
): ChartConfiguration<'bar'> {
  const colours = [palette.banker, palette.player, palette.tie];
  const percent = (values: readonly number[] | undefined): (number | null)[] =>
    [0, 1, 2].map((i) => (values && Number.isFinite(values[i]) ? values[i]! * 100 : null));
  const observed = percent(outcomes?.observed);
  const exact = percent(outcomes?.exact);
  // A fixed axis to 60%: banker and player stand near 45%, and the tie near 10%, on every day.
  const highest = Math.max(60, ...[...observed, ...exact].map((value) => Math.ceil(((value ?? 0) + 5) / 10) * 10));
  return {
    type: 'bar',
    data: {
      labels: [msg('Banker', { id: 'reports-banker' }), msg('Player', { id: 'reports-player' }), msg('Tie', { id: 'reports-tie' })],
      datasets: [
        { data: observed, backgroundColor: colours, borderColor: colours, borderWidth: 2 },
        { data: exact, backgroundColor: 'transparent', borderColor: palette.text, borderWidth: 2 },
      ],
    },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      events: [],
      plugins: { legend: { display: false }, tooltip: { enabled: false } },
      scales: axes(palette, highest, '%'),
    },
  };
}

/** The hands chart in words, for screen readers: each hour and its hands. */
export function handsChartText(points: readonly { hour: string; hands: number }[], withDate: boolean): string {
  const list = points.map((point) => `${formatHour(point.hour, withDate)} ${formatCount(point.hands)}`).join(', ');
  return list === ''
    ? msg('Hands per hour, all tables: no hands in this time.', { id: 'reports-chart-hands-empty' })
    : msg(str`Hands per hour, all tables: ${list}.`, { id: 'reports-chart-hands-text' });
}

/** The outcomes chart in words, for screen readers. */
export function outcomesChartText(outcomes: { observed: readonly number[]; exact: readonly number[] } | null): string {
  if (!outcomes) return msg('Outcomes against exact: no hands in this time.', { id: 'reports-chart-outcomes-empty' });
  const [banker, player, tie] = outcomes.observed.map((share) => formatPercent(share));
  const [bankerExact, playerExact, tieExact] = outcomes.exact.map((share) => formatPercent(share, 2));
  return msg(
    str`Outcomes against exact, all tables: banker ${banker} (exact ${bankerExact}), player ${player} (exact ${playerExact}), tie ${tie} (exact ${tieExact}).`,
    { id: 'reports-chart-outcomes-text' },
  );
}
