/**
 * Reports over the ledger, as queries both databases run: counts of the hands as they stand (a hand
 * a correction or an undo superseded is not counted), by table and by hour of the day they were dealt.
 */
import type { Kysely } from 'kysely';
import { hourKey, hourStart } from './hand-hours.js';
import { utc } from './ledger.js';
import type { LedgerTables } from './schema.js';

/** One table's hands in one hour (UTC). */
export interface HourlyCount {
  table: string;
  /** The hour's start, ISO 8601 in UTC: `2026-03-01T02:00:00.000Z`. */
  hour: string;
  hands: number;
  banker: number;
  player: number;
  tie: number;
  /** Hands whose cards were recorded: naturals and pairs are known of these only, and counted of these. */
  carded: number;
  naturals: number;
  playerPairs: number;
  bankerPairs: number;
}

/**
 * Per table (or of `table` only) and per hour, the hands that stand in their shoe's latest version,
 * in every hour from the one `from` falls in to the one before `to` (excluded): whole hours, so a
 * range that starts or ends within an hour counts that hour whole. A hand's time is when the state
 * that first held it was sent (`dealt_utc`).
 *
 * Read from `hand_hour`, which the recorder keeps as it writes each version: a month of a 20-table
 * room is some 14,000 rows, not 600,000 hands.
 */
export async function hourlyCounts(db: Kysely<LedgerTables>, range: { from: string; to: string; table?: string }): Promise<HourlyCount[]> {
  const firstHour = hourKey(utc(range.from));
  // The hour of the range's last millisecond: `to` itself is excluded.
  const lastHour = hourKey(new Date(Date.parse(utc(range.to)) - 1).toISOString());
  const rows = await db
    .selectFrom('hand_hour')
    .selectAll()
    // By the key (table, hour): a range of hours of each table, not every hour of every table.
    .$if(range.table !== undefined, (query) => query.where('table_name', '=', range.table!))
    .$if(range.table === undefined, (query) => query.where('table_name', 'in', (eb) => eb.selectFrom('room_table').select('name')))
    .where('hour', '>=', firstHour)
    .where('hour', '<=', lastHour)
    // An hour whose hands were all undone keeps its row, at nought.
    .where('hands', '>', 0)
    .orderBy('table_name')
    .orderBy('hour')
    .execute();
  return rows.map((row) => ({
    table: row.table_name,
    hour: hourStart(row.hour),
    hands: row.hands,
    banker: row.banker,
    player: row.player,
    tie: row.tie,
    carded: row.carded,
    naturals: row.naturals,
    playerPairs: row.player_pairs,
    bankerPairs: row.banker_pairs,
  }));
}
