/**
 * What the reports page shows, worked out from the recorder's report: each table's and each hour's
 * shares beside the exact expectation for its decks, the pace against the pit's target, the room's
 * hands by hour and its outcomes for the charts, and rows sorted by a column. DOM-free.
 */
import type { ExactShares, Figures, Report, ReportHour, ReportTable } from '../shared/recorder-api.js';

/** A count, its share of the hands it is counted among, and the exact share expected. */
export interface Share {
  count: number;
  /** count / base; null when the base is 0 (naturals and pairs of a table with no hand carded: unknown). */
  share: number | null;
  /** The exact share for the table's decks; null when the report gives none for them. */
  exact: number | null;
}

/** A row of figures: a table over the whole period, or one of its hours. */
export interface FigureRow {
  table: string;
  decks: number;
  hands: number;
  shoes: number;
  /** Hands whose cards were recorded: naturals and pairs are counted among them. */
  carded: number;
  /** Hands per hour over the hours with play; null with none. */
  pace: number | null;
  /** The pace is below the pit's target. */
  belowTarget: boolean;
  banker: Share;
  player: Share;
  tie: Share;
  naturals: Share;
  playerPairs: Share;
  bankerPairs: Share;
}

export interface TableRow extends FigureRow {
  /** Hours with at least one hand. */
  hoursPlayed: number;
}

export interface HourRow extends FigureRow {
  /** The hour's start, an ISO instant (UTC). */
  hour: string;
}

function shareOf(count: number, base: number, exact: number | undefined): Share {
  return { count, share: base > 0 ? count / base : null, exact: exact ?? null };
}

function figureRow(
  table: string,
  decks: number,
  figures: Figures,
  hours: number,
  target: number,
  exact: ExactShares | undefined,
): FigureRow {
  const pace = hours > 0 ? figures.hands / hours : null;
  return {
    table,
    decks,
    hands: figures.hands,
    shoes: figures.shoes,
    carded: figures.carded,
    pace,
    belowTarget: pace !== null && pace < target,
    banker: shareOf(figures.banker, figures.hands, exact?.banker),
    player: shareOf(figures.player, figures.hands, exact?.player),
    tie: shareOf(figures.tie, figures.hands, exact?.tie),
    naturals: shareOf(figures.naturals, figures.carded, exact?.natural),
    playerPairs: shareOf(figures.playerPairs, figures.carded, exact?.playerPair),
    bankerPairs: shareOf(figures.bankerPairs, figures.carded, exact?.bankerPair),
  };
}

/** Each table's row: its pace is its hands over the hours it had play, against `target` hands an hour. */
export function tableRows(report: Report, target: number): TableRow[] {
  return report.tables.map((table: ReportTable) => {
    // An hour listed for a shoe started in it, with no hand yet, is not an hour of play.
    const hoursPlayed = table.hours.filter((hour) => hour.hands > 0).length;
    return { ...figureRow(table.table, table.decks, table, hoursPlayed, target, report.expected[String(table.decks)]), hoursPlayed };
  });
}

/** Each table's hours with play, one row each: the pace of an hour is its hands. */
export function hourRows(report: Report, target: number): HourRow[] {
  return report.tables.flatMap((table) =>
    table.hours.map((hour: ReportHour) => ({
      ...figureRow(table.table, table.decks, hour, hour.hands > 0 ? 1 : 0, target, report.expected[String(table.decks)]),
      hour: hour.hour,
    })),
  );
}

/** The room's hands in each hour with play, every table's added, in time order. */
export function roomHands(report: Report): { hour: string; hands: number }[] {
  const byHour = new Map<number, number>();
  for (const table of report.tables)
    for (const hour of table.hours) {
      const at = Date.parse(hour.hour);
      byHour.set(at, (byHour.get(at) ?? 0) + hour.hands);
    }
  return [...byHour].sort(([a], [b]) => a - b).map(([at, hands]) => ({ hour: new Date(at).toISOString(), hands }));
}

/**
 * The room's banker, player and tie shares, observed and exact: the exact share is each table's
 * for its decks, weighted by its hands (a room may deal 6 and 8 decks). Null before any hand.
 */
export function roomOutcomes(report: Report): { observed: [number, number, number]; exact: [number, number, number] } | null {
  const observed: [number, number, number] = [0, 0, 0];
  const exact: [number, number, number] = [0, 0, 0];
  let hands = 0;
  let weighted = 0;
  for (const table of report.tables) {
    hands += table.hands;
    observed[0] += table.banker;
    observed[1] += table.player;
    observed[2] += table.tie;
    const shares = report.expected[String(table.decks)];
    if (!shares) continue;
    weighted += table.hands;
    exact[0] += shares.banker * table.hands;
    exact[1] += shares.player * table.hands;
    exact[2] += shares.tie * table.hands;
  }
  if (hands === 0) return null;
  return {
    observed: observed.map((n) => n / hands) as [number, number, number],
    exact: exact.map((n) => (weighted > 0 ? n / weighted : Number.NaN)) as [number, number, number],
  };
}

export type SortDirection = 'ascending' | 'descending';

/** A table's sort: the column's key and the direction. */
export interface SortOrder {
  column: string;
  direction: SortDirection;
}

const text = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/**
 * `rows` sorted by `value` in `direction`, a stable sort (equal rows keep their order), rows
 * without a value (null: unknown) last either way; text in natural order ("Table 2" before "Table 10").
 * @example sortRows([{ n: 2 }, { n: null }, { n: 1 }], (row) => row.n, 'descending') // n: 2, 1, null
 */
export function sortRows<T>(rows: readonly T[], value: (row: T) => number | string | null, direction: SortDirection): T[] {
  const sign = direction === 'ascending' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, key: value(row) }))
    .sort((a, b) => {
      if (a.key === null || b.key === null) return a.key === b.key ? a.index - b.index : a.key === null ? 1 : -1;
      const order = typeof a.key === 'string' || typeof b.key === 'string' ? text.compare(String(a.key), String(b.key)) : a.key - b.key;
      return order === 0 ? a.index - b.index : sign * order;
    })
    .map(({ row }) => row);
}
