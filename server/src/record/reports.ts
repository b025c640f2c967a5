/**
 * Reports over the ledger, as SQL both databases run: counts of the hands as they stand (a hand a
 * correction or an undo superseded is not counted), by table and by hour of the day they were dealt.
 */
import { sql, type Kysely } from 'kysely';
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
}

/**
 * Per table and per hour, the hands dealt from `from` (included) to `to` (excluded) that stand in
 * their shoe's latest version: in a place at or under its hand count, and the last row of that place.
 * A hand's time is when the state that first held it was sent (`dealt_utc`).
 *
 * The shoe's table and latest hand count are looked up once per shoe with a hand in the range, by
 * key; a row is superseded when a later row of its place exists (which may fall after `to`).
 */
export async function hourlyCounts(db: Kysely<LedgerTables>, range: { from: string; to: string }): Promise<HourlyCount[]> {
  const from = utc(range.from);
  const to = utc(range.to);
  const result = await sql<{
    table: string;
    hour: string;
    hands: number | string;
    banker: number | string;
    player: number | string;
    tie: number | string;
  }>`
    with in_range as (
      -- As an expression, so that SQLite finds the range by hand_by_time instead of reading every hand's key in order.
      select distinct shoe_id || '' as shoe_id from hand where dealt_utc >= ${from} and dealt_utc < ${to}
    ),
    latest as (
      select r.shoe_id,
        (select s.table_name from shoe s where s.shoe_id = r.shoe_id) as table_name,
        (select v.hand_count from shoe_version v where v.shoe_id = r.shoe_id order by v.version desc limit 1) as hand_count
      from in_range r
    )
    select l.table_name as "table", substr(h.dealt_utc, 1, 13) as hour, count(*) as hands,
      sum(case when h.outcome = 'B' then 1 else 0 end) as banker,
      sum(case when h.outcome = 'P' then 1 else 0 end) as player,
      sum(case when h.outcome = 'T' then 1 else 0 end) as tie
    from latest l
    join hand h on h.shoe_id = l.shoe_id and h.position <= l.hand_count
    where h.dealt_utc >= ${from} and h.dealt_utc < ${to}
      and not exists (
        select 1 from hand later
        where later.shoe_id = h.shoe_id and later.position = h.position and later.from_version > h.from_version
      )
    group by l.table_name, substr(h.dealt_utc, 1, 13)
    order by l.table_name, hour
  `.execute(db);
  // PostgreSQL gives count and sum as bigint text (or numbers, as the ledger's pool reads bigints).
  return result.rows.map((row) => ({
    table: row.table,
    hour: `${row.hour}:00:00.000Z`,
    hands: Number(row.hands),
    banker: Number(row.banker),
    player: Number(row.player),
    tie: Number(row.tie),
  }));
}
