/**
 * A year of a 20-table room for the record bench, as the recorder would have written it: each
 * console state one version of its shoe (the start with no hand, one version per hand, the end),
 * each hand a row from the version that first held it, and about one hand in 200 first keyed wrong
 * and corrected by the next state (a superseded row, a new row and an audit entry), as a console's
 * correction is recorded. Hands come from the seeded simulator; a table deals a shoe every two
 * hours, a hand every 88 s, round the clock (about 960 hands a table a day, 7 million a year).
 *
 * Written straight into the ledger's tables (the schema the migrations make) rather than through
 * Ledger.recordState, which would take hours for 14 million rows; the one shortcut is each version's
 * digest, hashed from the shoe's id and version instead of the whole shoe (the same 64 characters).
 */
import { createHash } from 'node:crypto';
import { closeSync, openSync, writeSync } from 'node:fs';
import { simulateShoeRecords, type HandRecord } from '../src/index.js';

export const YEAR_TABLES = 20;
export const SHOES_A_DAY = 12;
export const HAND_EVERY_MS = 88_000;
/** The year begins here (a Monday); days are counted from it. */
export const YEAR_START = Date.parse('2025-01-06T00:00:00.000Z');
const DAY_MS = 86_400_000;
const SHOE_EVERY_MS = DAY_MS / SHOES_A_DAY;
/** One hand in this many is first keyed wrong and corrected. */
const CORRECTED_ONE_IN = 200;
const LIMITS = '10 – 500';
const RECORDER = 'bench-recorder';

export const yearTable = (t: number): string => `Table ${String(t + 1).padStart(2, '0')}`;

/** A value of a row as both databases take it. */
export type Cell = string | number | null;

export interface YearRows {
  room_table: Cell[][];
  shoe: Cell[][];
  shoe_version: Cell[][];
  hand: Cell[][];
  shoe_entry: Cell[][];
}

/** The ledger's columns in each table, in the order the rows below give them. */
export const YEAR_COLUMNS: Record<keyof YearRows, string[]> = {
  room_table: ['name', 'first_seen_at'],
  shoe: ['shoe_id', 'table_name', 'source', 'seed', 'rules', 'started_at', 'started_utc', 'first_recorded_at'],
  shoe_version: [
    'shoe_id',
    'version',
    'digest',
    'session',
    'revision',
    'limits',
    'number',
    'ended_at',
    'hand_count',
    'event_count',
    'audit_count',
    'sent_utc',
    'recorded_at',
    'recorder',
  ],
  hand: [
    'shoe_id',
    'position',
    'from_version',
    'outcome',
    'player_pair',
    'banker_pair',
    'natural',
    'player_total',
    'banker_total',
    'cards',
    'dealt_utc',
  ],
  shoe_entry: ['shoe_id', 'list', 'position', 'from_version', 'kind', 'body'],
};

const iso = (ms: number): string => new Date(ms).toISOString();

/** A deterministic id shaped as a console's (a UUID), numbered in the order shoes start. */
const shoeId = (n: number): string => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

/** A small seeded generator (mulberry32) for which hands are corrected. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

function handRow(shoe: string, position: number, version: number, hand: HandRecord, dealt: string): Cell[] {
  return [
    shoe,
    position,
    version,
    hand.outcome,
    hand.playerPair ? 1 : 0,
    hand.bankerPair ? 1 : 0,
    hand.natural ? 1 : 0,
    hand.playerTotal,
    hand.bankerTotal,
    hand.cards ? hand.cards.join(' ') : null,
    dealt,
  ];
}

/**
 * The rows of one day of the room (day 0 is YEAR_START), every table's shoes; `counter` numbers
 * the shoes across days. Also how many hands stand in it.
 */
export function dayRows(day: number, counter: { shoes: number }): { rows: YearRows; hands: number } {
  const rows: YearRows = { room_table: [], shoe: [], shoe_version: [], hand: [], shoe_entry: [] };
  const random = seeded(day * 7919 + 17);
  let standing = 0;
  if (day === 0) for (let t = 0; t < YEAR_TABLES; t++) rows.room_table.push([yearTable(t), iso(YEAR_START)]);
  const revisions = new Array<number>(YEAR_TABLES).fill(0);
  for (let slot = 0; slot < SHOES_A_DAY; slot++) {
    for (let t = 0; t < YEAR_TABLES; t++) {
      const table = yearTable(t);
      const id = shoeId(++counter.shoes);
      // Tables start their shoes a few minutes apart, as a room's do.
      const start = YEAR_START + day * DAY_MS + slot * SHOE_EVERY_MS + t * 150_000;
      const [simulated] = simulateShoeRecords({ shoes: 1, seed: `record-year-${day}-${slot}-${t}`, table });
      const hands = simulated!.hands;
      // One console session a table a day; its revisions count every state it sends.
      const session = `bench-${String(t + 1).padStart(2, '0')}-${day}`;
      rows.shoe.push([id, table, 'recorded', null, JSON.stringify(simulated!.rules), iso(start), iso(start), iso(start + 40)]);
      let version = 0;
      let handCount = 0;
      let audits = 0;
      const addVersion = (sent: number, ended: string | null) => {
        version++;
        rows.shoe_version.push([
          id,
          version,
          createHash('sha256').update(`${id} ${version}`).digest('hex'),
          session,
          ++revisions[t]!,
          LIMITS,
          slot + 1,
          ended,
          handCount,
          0,
          audits,
          iso(sent),
          iso(sent + 40),
          RECORDER,
        ]);
        return iso(sent);
      };
      addVersion(start, null);
      hands.forEach((hand, index) => {
        const position = index + 1;
        const sent = start + position * HAND_EVERY_MS;
        handCount = position;
        if (random() * CORRECTED_ONE_IN < 1) {
          // Keyed as another hand of the shoe, corrected 20 s later.
          const wrong = hands[index + 1] ?? hands[index - 1] ?? hand;
          const dealt = addVersion(sent, null);
          rows.hand.push(handRow(id, position, version, wrong, dealt));
          audits++;
          const correctedAt = addVersion(sent + 20_000, null);
          rows.hand.push(handRow(id, position, version, hand, correctedAt));
          const entry = { at: correctedAt, operator: 'Dealer', action: 'correct', hand: position, reason: 'Keyed wrong' };
          rows.shoe_entry.push([id, 'audit', audits, version, 'correct', JSON.stringify(entry)]);
        } else {
          const dealt = addVersion(sent, null);
          rows.hand.push(handRow(id, position, version, hand, dealt));
        }
      });
      standing += hands.length;
      const end = start + (hands.length + 1) * HAND_EVERY_MS;
      addVersion(end, iso(end));
    }
  }
  return { rows, hands: standing };
}

/** CSV as PostgreSQL's COPY reads it: null as an empty field, text quoted with its quotes doubled. */
export function csvLine(values: readonly Cell[]): string {
  return (
    values
      .map((value) => {
        if (value === null) return '';
        if (typeof value === 'number') return String(value);
        return `"${value.replace(/"/g, '""')}"`;
      })
      .join(',') + '\n'
  );
}

/** Appends rows to per-table CSV files, in large writes. */
export class CsvFiles {
  private readonly fds = new Map<string, number>();
  private readonly pending = new Map<string, string[]>();
  constructor(private readonly path: (table: string) => string) {}
  add(table: string, rows: readonly Cell[][]): void {
    let list = this.pending.get(table);
    if (!list) this.pending.set(table, (list = []));
    for (const row of rows) list.push(csvLine(row));
    if (list.length > 20_000) this.flush(table);
  }
  private flush(table: string): void {
    const list = this.pending.get(table);
    if (!list || list.length === 0) return;
    let fd = this.fds.get(table);
    if (fd === undefined) this.fds.set(table, (fd = openSync(this.path(table), 'w', 0o644)));
    writeSync(fd, list.join(''));
    list.length = 0;
  }
  close(): void {
    for (const table of this.pending.keys()) this.flush(table);
    for (const fd of this.fds.values()) closeSync(fd);
    this.fds.clear();
  }
}
