/**
 * The pit's report of a range: per table and per hour, the hands dealt as they stand, the shoes
 * started, the outcomes, naturals and pairs, and each table's outcome tests against the exact
 * figures (outcome-tests.ts). JSON for the page, CSV for a spreadsheet.
 */
import type { Kysely } from 'kysely';
import { csvField } from '../../../src/shoes/csv.js';
import { hourKey, hourStart } from '../record/hand-hours.js';
import { hourlyCounts } from '../record/reports.js';
import type { LedgerTables } from '../record/schema.js';
import { expectedFigures, type ExpectedFigures, OUTCOME_TESTS_EXPLAINED, outcomeTests, type OutcomeTestKind } from './outcome-tests.js';

/** What is counted of a table's hands, in an hour or over the range. */
export interface HandCounts {
  hands: number;
  shoes: number;
  banker: number;
  player: number;
  tie: number;
  /** Hands whose cards were recorded: naturals and pairs are known for these only. */
  carded: number;
  naturals: number;
  playerPairs: number;
  bankerPairs: number;
}

export interface HourReport extends HandCounts {
  /** The hour's start, ISO 8601 in UTC. */
  hour: string;
}

export interface TableReport extends HandCounts {
  table: string;
  /** The decks of the table's shoes in the range (the most of its shoes, if they differ): what it is tested against. */
  decks: number;
  /** Only the hours with hands or a shoe started, in order. */
  hours: HourReport[];
}

export interface RoomReport {
  from: string;
  to: string;
  generatedAt: string;
  tables: TableReport[];
  /** The exact figures of a hand from a full shoe, by the number of decks each table was tested against. */
  expected: Record<string, ExpectedFigures>;
  tests: {
    /** The family-wise significance: the chance of any false flag among all the report's tests. */
    level: number;
    /** The tests made (those with too few hands are not): what the correction counts. */
    count: number;
    explanation: string;
    rows: ReportTestRow[];
  };
}

/** One table's test, as the page lists it. */
export interface ReportTestRow {
  table: string;
  test: 'outcome' | 'natural' | 'player-pair' | 'banker-pair';
  /** Hands of each category: banker, player, tie; or yes, no. */
  observed: number[];
  expected: number[];
  /** Null when not made (too few hands). */
  statistic: number | null;
  df: number | null;
  p: number | null;
  /** Flagged: significant after Holm's correction for every test of the report. */
  verdict: 'flagged' | 'within' | 'too-few';
}

const TEST_NAMES: Record<OutcomeTestKind, ReportTestRow['test']> = {
  outcome: 'outcome',
  natural: 'natural',
  playerPair: 'player-pair',
  bankerPair: 'banker-pair',
};

const COUNTED = ['hands', 'shoes', 'banker', 'player', 'tie', 'carded', 'naturals', 'playerPairs', 'bankerPairs'] as const;

const noCounts = (): HandCounts => ({
  hands: 0,
  shoes: 0,
  banker: 0,
  player: 0,
  tie: 0,
  carded: 0,
  naturals: 0,
  playerPairs: 0,
  bankerPairs: 0,
});

function addInto(total: HandCounts, counts: Partial<HandCounts>): void {
  for (const field of COUNTED) total[field] += counts[field] ?? 0;
}

/** `time`'s hour, or the next hour when `time` falls within one and `up` is set. */
function wholeHour(time: string, up: boolean): string {
  const ms = Date.parse(time);
  const hour = Math.floor(ms / 3_600_000) * 3_600_000;
  return new Date(up && hour < ms ? hour + 3_600_000 : hour).toISOString();
}

/**
 * The report of `from` (included) to `to` (excluded), both ISO 8601 in UTC, of the tables named (all
 * when none). The ledger counts whole hours: a range within an hour is widened to the hours it
 * touches, and the report says so in its own `from` and `to`. A shoe counts in the hour it started;
 * a hand in the hour the state that first held it was sent, as it stands now.
 */
export async function roomReport(
  db: Kysely<LedgerTables>,
  range: { from: string; to: string; tables?: readonly string[] },
  now: Date = new Date(),
): Promise<RoomReport> {
  const from = wholeHour(range.from, false);
  const to = wholeHour(range.to, true);
  const wanted = range.tables && range.tables.length > 0 ? new Set(range.tables) : null;
  const [counts, starts] = await Promise.all([
    hourlyCounts(db, { from, to, ...(wanted?.size === 1 ? { table: [...wanted][0]! } : {}) }),
    db
      .selectFrom('shoe')
      .select(['table_name', 'started_utc', 'rules'])
      .where('started_utc', '>=', from)
      .where('started_utc', '<', to)
      .execute(),
  ]);
  const tables = new Map<string, { hours: Map<string, HourReport>; decks: Map<number, number> }>();
  const tableOf = (name: string) => {
    let table = tables.get(name);
    if (!table) tables.set(name, (table = { hours: new Map(), decks: new Map() }));
    return table;
  };
  const hourOf = (name: string, hour: string) => {
    const { hours } = tableOf(name);
    let report = hours.get(hour);
    if (!report) hours.set(hour, (report = { hour, ...noCounts() }));
    return report;
  };
  for (const count of counts) {
    if (wanted && !wanted.has(count.table)) continue;
    addInto(hourOf(count.table, count.hour), count);
  }
  for (const start of starts) {
    if (wanted && !wanted.has(start.table_name)) continue;
    hourOf(start.table_name, hourStart(hourKey(start.started_utc))).shoes++;
    const decks = (JSON.parse(start.rules) as { decks: number }).decks;
    const byDecks = tableOf(start.table_name).decks;
    byDecks.set(decks, (byDecks.get(decks) ?? 0) + 1);
  }
  const reports: TableReport[] = [...tables.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([table, { hours, decks }]) => {
      const total = noCounts();
      const ordered = [...hours.values()].sort((a, b) => (a.hour < b.hour ? -1 : 1));
      for (const hour of ordered) addInto(total, hour);
      // A table whose shoes all started before the range: tested as an 8-deck table, the usual game.
      const mostDecks = [...decks.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0]?.[0] ?? 8;
      return { table, decks: mostDecks, ...total, hours: ordered };
    });
  const tested = outcomeTests(reports.map((report) => ({ key: report.table, ...report })));
  const rows = tested.groups.flatMap((group) =>
    (Object.keys(TEST_NAMES) as OutcomeTestKind[]).map((kind): ReportTestRow => {
      const test = group.tests[kind];
      const made = test.status === 'tested';
      return {
        table: group.key,
        test: TEST_NAMES[kind],
        observed: test.observed,
        expected: test.expected,
        statistic: made ? test.statistic : null,
        df: made ? test.degreesOfFreedom : null,
        p: made ? test.pValue : null,
        verdict: !made ? 'too-few' : test.flagged ? 'flagged' : 'within',
      };
    }),
  );
  const expected: RoomReport['expected'] = {};
  for (const report of reports) expected[String(report.decks)] ??= expectedFigures(report.decks);
  return {
    from,
    to,
    generatedAt: now.toISOString(),
    tables: reports,
    expected,
    tests: { level: tested.significance, count: tested.testsMade, explanation: OUTCOME_TESTS_EXPLAINED, rows },
  };
}

/** The CSV columns of a report: one row per table and hour. */
export const REPORT_CSV_COLUMNS = [
  'table',
  'hour_utc',
  'hands',
  'shoes',
  'banker',
  'player',
  'tie',
  'carded',
  'naturals',
  'player_pairs',
  'banker_pairs',
] as const;

/** A report as CSV, one row per table and hour, for a spreadsheet (fields defused as the shoe CSV's are). */
export function roomReportCsv(report: RoomReport): string {
  const lines = [REPORT_CSV_COLUMNS.join(',')];
  for (const table of report.tables) {
    for (const hour of table.hours) {
      lines.push(
        [
          csvField(table.table),
          csvField(hour.hour),
          ...[
            hour.hands,
            hour.shoes,
            hour.banker,
            hour.player,
            hour.tie,
            hour.carded,
            hour.naturals,
            hour.playerPairs,
            hour.bankerPairs,
          ].map(String),
        ].join(','),
      );
    }
  }
  return lines.join('\r\n') + '\r\n';
}
