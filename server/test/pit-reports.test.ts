// The pit's report over HTTP, on SQLite and PostgreSQL: on a seeded ledger whose shoes were dealt
// across hours with undos and corrections, every cell of the report (per table and hour: hands,
// shoes, banker, player, tie, carded, naturals, pairs) equals a count made here from the shoe
// documents themselves; the CSV carries the same rows, defused for spreadsheets.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulateShoeRecords, type HandRecord, type ShoeRecord } from '../../src/index.js';
import { startPostgres, type RunningPostgres } from '../../test/support/postgres.js';
import { openLedgerDatabase, type LedgerDatabase } from '../src/record/database.js';
import { Ledger } from '../src/record/ledger.js';
import { pitApi } from '../src/pit/http.js';
import { PitLogins } from '../src/pit/logins.js';
import type { HourReport, RoomReport } from '../src/pit/room-report.js';

const scratch = mkdtempSync(join(tmpdir(), 'bacc-pit-reports-'));
let postgres: RunningPostgres;
beforeAll(async () => {
  postgres = await startPostgres();
}, 60_000);
afterAll(async () => {
  await postgres?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

const START = Date.parse('2026-03-01T01:10:00.000Z');
const minutes = (n: number) => new Date(START + n * 60_000).toISOString();
const PASSWORD = 'a pit password of some length';

/** A simulated shoe's hands as a console records them; outcome-only hands where `carded` is false. */
function dealt(seed: string, table: string, startedAt: string, carded: boolean): ShoeRecord {
  const [shoe] = simulateShoeRecords({ shoes: 1, seed, table, now: () => new Date(startedAt) });
  const hands = shoe!.hands.map((hand): HandRecord =>
    carded ? hand : { ...hand, cards: null, playerPair: false, bankerPair: false, natural: false, playerTotal: null, bankerTotal: null },
  );
  return { ...shoe!, source: 'recorded', seed: null, startedAt, endedAt: null, hands, events: [], audit: [] };
}

interface Dealing {
  shoe: ShoeRecord;
  /** The states sent, in order: the hands each held and when it was sent. */
  states: { hands: HandRecord[]; sentAt: string }[];
}

/**
 * A table's shoe dealt a hand every 7 minutes (so across hours), with an undo after hand 9 and the
 * hand dealt again differently, and hand 4 corrected to another hand's cards after hand 20.
 */
function dealing(seed: string, table: string, start: number, carded: boolean): Dealing {
  const shoe = dealt(seed, table, minutes(start), carded);
  const states: Dealing['states'] = [];
  let shown: HandRecord[] = [];
  let clock = start;
  const send = (hands: HandRecord[]) => {
    clock += 7;
    shown = hands;
    states.push({ hands, sentAt: minutes(clock) });
  };
  // Another hand of the shoe with another outcome: what an undone or corrected hand becomes.
  const otherThan = (hand: HandRecord) => shoe.hands.slice(40).find((other) => other.outcome !== hand.outcome)!;
  for (let n = 1; n <= 30; n++) {
    send([...shown, shoe.hands[n - 1]!]);
    if (n === 9) {
      send(shown.slice(0, 8));
      send([...shown, otherThan(shoe.hands[8]!)]);
    }
    if (n === 20) send(shown.map((hand, index) => (index === 3 ? otherThan(hand) : hand)));
  }
  return { shoe: { ...shoe, hands: shown }, states };
}

/**
 * The report's cells counted from the states directly: a hand counts in the hour of the state that
 * first held it as it stands (a place's hand counts anew once it changes); a shoe in its start's hour.
 */
/** A cell with nothing counted yet (the test's own, so the count stays independent of the report's code). */
const noHands = (): Omit<HourReport, 'hour'> => ({
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

function independentCount(dealings: readonly Dealing[]): Map<string, Map<string, Omit<HourReport, 'hour'>>> {
  const tables = new Map<string, Map<string, Omit<HourReport, 'hour'>>>();
  const cell = (table: string, hour: string) => {
    const hours = tables.get(table) ?? new Map<string, Omit<HourReport, 'hour'>>();
    tables.set(table, hours);
    const counts = hours.get(hour) ?? noHands();
    hours.set(hour, counts);
    return counts;
  };
  const hourOf = (iso: string) => `${iso.slice(0, 13)}:00:00.000Z`;
  for (const { shoe, states } of dealings) {
    cell(shoe.table, hourOf(shoe.startedAt)).shoes++;
    const since: string[] = [];
    let before: HandRecord[] = [];
    for (const state of states) {
      state.hands.forEach((hand, index) => {
        if (JSON.stringify(before[index]) !== JSON.stringify(hand)) since[index] = state.sentAt;
      });
      before = state.hands;
    }
    shoe.hands.forEach((hand, index) => {
      const counts = cell(shoe.table, hourOf(since[index]!));
      counts.hands++;
      if (hand.outcome === 'B') counts.banker++;
      if (hand.outcome === 'P') counts.player++;
      if (hand.outcome === 'T') counts.tie++;
      if (hand.cards !== null) {
        counts.carded++;
        if (hand.natural) counts.naturals++;
        if (hand.playerPair) counts.playerPairs++;
        if (hand.bankerPair) counts.bankerPairs++;
      }
    });
  }
  return tables;
}

const dealings = [
  dealing('report-a', 'Table 1', 0, true),
  dealing('report-b', 'Table 1', 300, true),
  dealing('report-c', 'Table 2', 45, false),
  dealing('report-d', '=HYPERLINK("http://x")', 100, true),
];

/** A ledger at `where` that recorded every state of the dealings. */
async function seededLedger(where: string): Promise<LedgerDatabase> {
  const database = await openLedgerDatabase(where);
  const ledger = new Ledger(database, 'test');
  let revision = 0;
  for (const { shoe, states } of dealings) {
    for (const state of states) {
      const outcome = await ledger.recordState({
        table: shoe.table,
        limits: '',
        session: 's',
        revision: ++revision,
        sentAt: state.sentAt,
        shoe: { ...shoe, hands: state.hands },
      });
      expect(outcome.kind).toBe('recorded');
    }
  }
  return database;
}

describe.each([
  { name: 'SQLite', fresh: () => Promise.resolve(join(scratch, 'ledger.sqlite')) },
  { name: 'PostgreSQL', fresh: () => postgres.createDatabase('pit_reports') },
])('the pit report on $name', ({ fresh }) => {
  let database: LedgerDatabase;
  let app: FastifyInstance;
  let token = '';

  beforeAll(async () => {
    database = await seededLedger(await fresh());
    await new PitLogins(database.db).set('pit', PASSWORD, 'pit');
    app = await pitApi({ database, now: () => new Date('2026-03-02T00:00:00.000Z'), refusalMs: 0 });
    const signedIn = await app.inject({ method: 'POST', url: '/api/login', payload: { name: 'pit', password: PASSWORD } });
    token = signedIn.json<{ token: string }>().token;
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const get = (url: string) => app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  const DAY = 'from=2026-03-01T00:00:00.000Z&to=2026-03-02T00:00:00.000Z';

  it('counts every cell as the shoe documents do, per table and hour', async () => {
    const response = await get(`/api/reports?${DAY}`);
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json<RoomReport>();
    const expected = independentCount(dealings);
    expect(report.tables.map((table) => table.table)).toEqual([...expected.keys()].sort());
    for (const table of report.tables) {
      const hours = expected.get(table.table)!;
      expect(table.hours.map((hour) => hour.hour)).toEqual([...hours.keys()].sort());
      for (const hour of table.hours) expect(hour, `${table.table} ${hour.hour}`).toEqual({ hour: hour.hour, ...hours.get(hour.hour) });
      const total = table.hours.reduce((sum, hour) => sum + hour.hands, 0);
      expect(table.hands).toBe(total);
      expect(table.decks).toBe(8);
    }
    // The outcome-only table's naturals and pairs are not tested: no hand of it says them.
    const untested = report.tests.rows.filter((row) => row.table === 'Table 2' && row.test !== 'outcome');
    expect(untested.map((row) => row.verdict)).toEqual(['too-few', 'too-few', 'too-few']);
    expect(report.tests.explanation).toMatch(/not proof/);
  });

  it('narrows to the tables and hours asked for', async () => {
    const report = (await get(`/api/reports?from=2026-03-01T03:00:00.000Z&to=2026-03-01T05:00:00.000Z&table=Table%201`)).json<RoomReport>();
    const expected = independentCount(dealings).get('Table 1')!;
    expect(report.tables.map((table) => table.table)).toEqual(['Table 1']);
    expect(report.tables[0]!.hours.map((hour) => hour.hour)).toEqual(
      [...expected.keys()].filter((hour) => hour >= '2026-03-01T03' && hour < '2026-03-01T05').sort(),
    );
  });

  it('gives the same rows as CSV, with a table name a spreadsheet would run defused', async () => {
    const response = await get(`/api/reports.csv?${DAY}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('table,hour_utc,hands,shoes,banker,player,tie,carded,naturals,player_pairs,banker_pairs');
    const report = (await get(`/api/reports?${DAY}`)).json<RoomReport>();
    expect(lines).toHaveLength(1 + report.tables.reduce((sum, table) => sum + table.hours.length, 0));
    expect(lines.filter((line) => line.startsWith('"\'=HYPERLINK(""http://x"")"')).length).toBeGreaterThan(0);
    expect(lines.some((line) => line.startsWith('"=HYPERLINK'))).toBe(false);
  });

  it('refuses a report without a range, backwards, too long, or without a login', async () => {
    expect((await get('/api/reports')).json()).toEqual({ error: expect.stringMatching(/^report "from"/) as unknown });
    expect((await get('/api/reports?from=2026-03-02T00:00Z&to=2026-03-01T00:00Z')).json()).toEqual({ error: 'from is after to' });
    expect((await get('/api/reports?from=2024-01-01T00:00Z&to=2026-03-01T00:00Z')).json()).toEqual({
      error: 'a range is at most 400 days',
    });
    const signedOut = await app.inject({ method: 'GET', url: `/api/reports?${DAY}` });
    expect(signedOut.statusCode).toBe(401);
    const shaped = await get(`/api/reports?${DAY}&table=${encodeURIComponent("Table 1' or '1'='1")}`);
    expect(shaped.json<RoomReport>().tables).toEqual([]);
  });

  it('widens a range within hours to the whole hours it touches, and says so', async () => {
    const report = (await get('/api/reports?from=2026-03-01T03:30:00.000Z&to=2026-03-01T04:10:00.000Z&table=Table%201')).json<RoomReport>();
    expect([report.from, report.to]).toEqual(['2026-03-01T03:00:00.000Z', '2026-03-01T05:00:00.000Z']);
    const whole = (await get('/api/reports?from=2026-03-01T03:00:00.000Z&to=2026-03-01T05:00:00.000Z&table=Table%201')).json<RoomReport>();
    expect(report.tables).toEqual(whole.tables);
    expect(report.tables[0]!.hours.map((hour) => hour.hour)).toEqual(['2026-03-01T03:00:00.000Z', '2026-03-01T04:00:00.000Z']);
  });

  it('keeps the report views (version 1) holding the figures the report gives', async () => {
    const report = (await get(`/api/reports?${DAY}`)).json<RoomReport>();
    const hours = await sql<Record<string, string | number>>`select * from report_table_hour order by table_name, hour_utc`.execute(
      database.db,
    );
    const shoes = await sql<Record<string, string | number>>`select * from report_table_hour_shoes order by table_name, hour_utc`.execute(
      database.db,
    );
    const fromViews = new Map<string, HourReport & { table: string }>();
    const cell = (table: string, hour: string) => {
      const key = `${table} ${hour}`;
      if (!fromViews.has(key)) {
        fromViews.set(key, { table, hour, ...noHands() });
      }
      return fromViews.get(key)!;
    };
    for (const row of hours.rows) {
      Object.assign(cell(String(row['table_name']), String(row['hour_utc'])), {
        hands: Number(row['hands']),
        banker: Number(row['banker']),
        player: Number(row['player']),
        tie: Number(row['tie']),
        carded: Number(row['carded']),
        naturals: Number(row['naturals']),
        playerPairs: Number(row['player_pairs']),
        bankerPairs: Number(row['banker_pairs']),
      });
    }
    for (const row of shoes.rows) cell(String(row['table_name']), String(row['hour_utc'])).shoes = Number(row['shoes']);
    expect([...fromViews.values()].sort((a, b) => (a.table + a.hour < b.table + b.hour ? -1 : 1))).toEqual(
      report.tables.flatMap((table) => table.hours.map((hour) => ({ table: table.table, ...hour }))),
    );
    const standing = await sql<Record<string, string | number | null>>`select * from report_shoe`.execute(database.db);
    const byTable = (a: unknown[], b: unknown[]) => (String(a[0]) < String(b[0]) ? -1 : 1);
    expect(
      standing.rows
        .map((row) => [row['table_name'], Number(row['hands']), Number(row['versions']), row['source'], row['ended_at'], row['pack_id']])
        .sort(byTable),
    ).toEqual(dealings.map(({ shoe, states }) => [shoe.table, shoe.hands.length, states.length, 'recorded', null, null]).sort(byTable));
    expect(Object.keys(standing.rows[0]!).sort()).toEqual(
      ['shoe_id', 'table_name', 'number', 'source', 'started_utc', 'ended_at', 'hands', 'versions', 'pack_id', 'recorded_at'].sort(),
    );
  });
});

describe('the report views on PostgreSQL', () => {
  it('lets a role granted the report views read them and nothing else, as the Grafana guide sets it up', async () => {
    const where = await postgres.createDatabase('report_views');
    const database = await seededLedger(where);
    // The guide's grants (without its password: the test cluster trusts loopback).
    const databaseName = new URL(where).pathname.slice(1);
    await sql.raw('create role grafana login').execute(database.db);
    for (const grant of [
      `grant connect on database ${databaseName} to grafana`,
      'grant usage on schema public to grafana',
      'grant select on report_table_hour, report_table_hour_shoes, report_shoe to grafana',
    ])
      await sql.raw(grant).execute(database.db);
    const url = new URL(where);
    url.username = 'grafana';
    const grafana = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url.href, max: 1 }) }) });
    try {
      const hands = await sql<{ hands: string }>`select sum(hands) as hands from report_table_hour`.execute(grafana);
      expect(Number(hands.rows[0]!.hands)).toBe(dealings.reduce((sum, { shoe }) => sum + shoe.hands.length, 0));
      expect((await sql`select count(*) from report_shoe`.execute(grafana)).rows).toHaveLength(1);
      for (const table of ['hand', 'hand_hour', 'shoe_entry', 'pit_user']) {
        await expect(sql.raw(`select * from ${table} limit 1`).execute(grafana), table).rejects.toThrow(/permission denied/);
      }
    } finally {
      await grafana.destroy();
      await database.close();
    }
  });
});
