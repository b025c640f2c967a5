// The room's exceptions over HTTP, on SQLite and PostgreSQL: on a ledger seeded with real shoe
// documents (an undo whose reason came later, a correction, a reopening, a redo, a cancelled card, a
// void hand, a void shoe, a dummy hand), consoles going offline and refused messages, every
// exception is listed with its table, time and reason, by range, tables and page; surveillance
// acknowledges each once (the first acknowledgement stays, across reopening the ledger), a pit
// login and no login are refused, and SQL-shaped input changes nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  parseShoeDocument,
  shoeDocument,
  simulateShoeRecords,
  type AuditEntry,
  type HandRecord,
  type ShoeEvent,
  type ShoeRecord,
} from '../../src/index.js';
import { startPostgres, type RunningPostgres } from '../../test/support/postgres.js';
import { openLedgerDatabase, type LedgerDatabase } from '../src/record/database.js';
import { Ledger } from '../src/record/ledger.js';
import { pitApi } from '../src/pit/http.js';
import { PitLogins } from '../src/pit/logins.js';
import { exceptionId, exceptionKey, type RoomException } from '../src/pit/exceptions.js';

const scratch = mkdtempSync(join(tmpdir(), 'bacc-pit-exceptions-'));
let postgres: RunningPostgres;
beforeAll(async () => {
  postgres = await startPostgres();
}, 60_000);
afterAll(async () => {
  await postgres?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

const PASSWORD = 'a surveillance password';
const T0 = Date.parse('2026-03-01T01:00:00.000Z');
/** Minutes after 01:00 UTC on the 1st of March 2026. */
const t = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();
/** The API's clock: an hour after the last console went offline. */
const NOW = new Date(t(180));
const TABLE_3 = "Table 3'; drop table shoe_entry; --";

/** A recorded shoe of no hands yet, and a seeded simulated shoe's hands to deal from. */
function fresh(seed: string, table: string, start: number): { shoe: ShoeRecord; dealt: HandRecord[] } {
  const [simulated] = simulateShoeRecords({ shoes: 1, seed, table, now: () => new Date(t(start)) });
  const shoe: ShoeRecord = {
    ...simulated!,
    id: seed,
    source: 'recorded',
    seed: null,
    startedAt: t(start),
    endedAt: null,
    hands: [],
    events: [],
    audit: [],
  };
  return { shoe, dealt: simulated!.hands };
}

const entry = (minutes: number, operator: string | null, action: AuditEntry['action'], hand: number | null, reason: string | null) => ({
  at: t(minutes),
  operator,
  action,
  hand,
  reason,
});

/** Each table's states, in order: the shoe as its console sent it, and when. */
function dealings(): { session: string; sentAt: string; shoe: ShoeRecord }[] {
  const states: { session: string; sentAt: string; shoe: ShoeRecord }[] = [];
  const send = (session: string, minutes: number, shoe: ShoeRecord) => states.push({ session, sentAt: t(minutes), shoe });
  const with_ = (shoe: ShoeRecord, events: ShoeEvent[], audit: AuditEntry[]) => ({
    ...shoe,
    events: [...shoe.events!, ...events],
    audit: [...shoe.audit!, ...audit],
  });

  // Table 1: a cut card (no exception), a card the device cancelled, an undo whose reason came
  // later, a void hand, a correction, a dummy hand, the shoe ended and reopened.
  const one = fresh('exceptions-1', 'Table 1', 0);
  const h = one.dealt;
  let x = { ...one.shoe, hands: h.slice(0, 4), events: [{ kind: 'cut', at: t(9), afterHand: 4 } as ShoeEvent] };
  send('s1', 10, x);
  x = with_({ ...x, hands: h.slice(0, 5) }, [{ kind: 'cancelled', at: t(15), afterHand: 4, card: h[50]!.cards![0]!, by: 'device' }], []);
  send('s1', 16, x);
  x = with_({ ...x, hands: h.slice(0, 4) }, [], [entry(20, 'Wei', 'undo', 5, null)]);
  send('s1', 21, x);
  x = with_({ ...x, hands: [...h.slice(0, 4), h[40]!] }, [{ kind: 'void-hand', at: t(25), afterHand: 4, cards: h[41]!.cards! }], []);
  send('s1', 26, x);
  x = with_(
    { ...x, hands: x.hands.map((hand, index) => (index === 2 ? h[42]! : hand)) },
    [],
    [entry(30, 'Wei', 'correct', 3, 'wrong key pressed')],
  );
  send('s1', 31, x);
  x = with_(x, [{ kind: 'dummy-hand', at: t(35), afterHand: 5, cards: h[43]!.cards! }], []);
  send('s1', 36, x);
  x = { ...x, endedAt: t(38) };
  send('s1', 38, x);
  x = with_({ ...x, endedAt: null }, [], [entry(40, 'Wei', 'reopen', null, 'ended by mistake')]);
  send('s1', 41, x);
  x = with_(x, [], [{ ...entry(46, 'Lin', 'reason', 5, 'misread the card'), reasonFor: 1 }]);
  send('s2', 73, x);

  // Table 2: a correction, then the shoe declared void (the clerk's audit entry and the procedure's event).
  const two = fresh('exceptions-2', 'Table 2', 60);
  let y = { ...two.shoe, hands: two.dealt.slice(0, 4) };
  send('u1', 65, y);
  y = with_(
    { ...y, hands: y.hands.map((hand, index) => (index === 1 ? two.dealt[40]! : hand)) },
    [],
    [entry(70, 'Lin', 'correct', 2, 'operator typo')],
  );
  send('u1', 71, y);
  y = with_(
    y,
    [{ kind: 'void-shoe', at: t(80), afterHand: 4, cards: two.dealt[41]!.cards!.slice(0, 2) }],
    [entry(80, 'Lin', 'void-shoe', null, 'shoe dropped')],
  );
  send('u1', 81, y);

  // Table 3 (a name shaped like SQL): an undo redone.
  const three = fresh('exceptions-3', TABLE_3, 95);
  let z = { ...three.shoe, hands: three.dealt.slice(0, 4) };
  send('v1', 96, z);
  z = with_({ ...z, hands: three.dealt.slice(0, 3) }, [], [entry(98, null, 'undo', 4, null)]);
  send('v1', 98.5, z);
  z = with_({ ...z, hands: three.dealt.slice(0, 4) }, [], [entry(100, null, 'redo', 4, null)]);
  send('v1', 100.5, z);
  return states;
}

/** What the list must say, newest first: time, source, kind, table, shoe, hand, reason. */
const EXPECTED: [string, string, string, string, string | null, number | null, string | null][] = [
  [t(120), 'presence', 'offline', 'Table 1', null, null, null],
  [t(100), 'audit', 'redo', TABLE_3, 'exceptions-3', 4, null],
  [t(98), 'audit', 'undo', TABLE_3, 'exceptions-3', 4, null],
  [t(90), 'refusal', 'refused', 'Table 2', null, null, 'bad message at "session": not from the console that holds the table'],
  [t(80), 'audit', 'void-shoe', 'Table 2', 'exceptions-2', null, 'shoe dropped'],
  [t(80), 'event', 'void-shoe', 'Table 2', 'exceptions-2', null, null],
  [t(70), 'audit', 'correct', 'Table 2', 'exceptions-2', 2, 'operator typo'],
  [t(60), 'presence', 'offline', 'Table 1', null, null, null],
  [t(45), 'refusal', 'refused', 'Table 1', null, null, 'not JSON'],
  [t(40), 'audit', 'reopen', 'Table 1', 'exceptions-1', null, 'ended by mistake'],
  [t(35), 'event', 'dummy-hand', 'Table 1', 'exceptions-1', null, null],
  [t(30), 'audit', 'correct', 'Table 1', 'exceptions-1', 3, 'wrong key pressed'],
  [t(25), 'event', 'void-hand', 'Table 1', 'exceptions-1', null, null],
  [t(20), 'audit', 'undo', 'Table 1', 'exceptions-1', 5, 'misread the card'],
  [t(15), 'event', 'cancelled', 'Table 1', 'exceptions-1', null, null],
];
const shown = (e: RoomException) => [e.time, e.source, e.kind, e.table, e.shoeId, e.hand, e.reason];

/** A ledger at `where` holding every state, the consoles' presence and two refused messages. */
async function seed(where: string): Promise<LedgerDatabase> {
  const database = await openLedgerDatabase(where);
  const ledger = new Ledger(database, 'test');
  let revision = 0;
  for (const state of dealings()) {
    // Real documents: each state is one a screen would accept.
    parseShoeDocument(JSON.parse(JSON.stringify(shoeDocument([state.shoe]))), NOW);
    const outcome = await ledger.recordState(
      { table: state.shoe.table, limits: '', session: state.session, revision: ++revision, sentAt: state.sentAt, shoe: state.shoe },
      new Date(state.sentAt),
    );
    expect(outcome.kind).toBe('recorded');
  }
  const presence = (table: string, session: string, online: boolean, at: string | null, received: string) =>
    ledger.recordPresence({ table, session, machine: `${session}'s laptop`, online, at }, new Date(received));
  await presence('Table 1', 's1', true, t(-5), t(-5));
  await presence('Table 2', 'u1', true, t(59), t(59));
  await presence('Table 1', 's1', false, t(60), t(60));
  await presence('Table 1', 's2', true, t(72.5), t(72.5));
  // s1's last will, delivered after s2 took the table: not the table going offline.
  await presence('Table 1', 's1', false, null, t(80));
  await presence('Table 1', 's2', false, null, t(120));
  const payload = (text: string) => new TextEncoder().encode(text);
  await ledger.recordRefusal({ topic: 'bacc/v1/tables/Table%201/state', reason: 'not JSON', payload: payload('{') }, new Date(t(45)));
  await ledger.recordRefusal(
    {
      topic: 'bacc/v1/tables/Table%202/change',
      reason: 'bad message at "session": not from the console that holds the table',
      payload: payload('{"x":1}'),
    },
    new Date(t(90)),
  );
  return database;
}

describe.each([
  {
    name: 'SQLite',
    where: () => Promise.resolve(join(scratch, 'ledger.sqlite')),
    older: () => Promise.resolve(join(scratch, 'old.sqlite')),
  },
  {
    name: 'PostgreSQL',
    where: () => postgres.createDatabase('pit_exceptions'),
    older: () => postgres.createDatabase('pit_exceptions_007'),
  },
])('the room exceptions on $name', ({ where, older }) => {
  let address = '';
  let database: LedgerDatabase;
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};

  const open = async () => {
    app = await pitApi({ database, now: () => NOW, refusalMs: 0 });
  };

  beforeAll(async () => {
    address = await where();
    database = await seed(address);
    const logins = new PitLogins(database.db);
    for (const role of ['pit', 'surveillance', 'admin']) await logins.set(`${role}-login`, PASSWORD, role, NOW);
    await open();
    for (const role of ['pit', 'surveillance', 'admin']) {
      const signedIn = await app.inject({ method: 'POST', url: '/api/login', payload: { name: `${role}-login`, password: PASSWORD } });
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      tokens[role] = signedIn.json<{ token: string }>().token;
    }
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const get = (url: string, role = 'surveillance') =>
    app.inject({ method: 'GET', url, headers: role ? { authorization: `Bearer ${tokens[role]}` } : {} });
  const ack = (id: string, payload: unknown, role = 'surveillance') =>
    app.inject({
      method: 'POST',
      url: `/api/exceptions/${id}/ack`,
      headers: role ? { authorization: `Bearer ${tokens[role]}` } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const list = async (query = '') => {
    const response = await get(`/api/exceptions${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ page: number; size: number; total: number; exceptions: RoomException[] }>();
  };

  /** Row counts of every ledger table, and the acknowledgements as they stand. */
  async function state(): Promise<unknown[]> {
    const tables = ['room_table', 'shoe', 'shoe_version', 'hand', 'shoe_entry', 'presence', 'refusal', 'exception_ack'] as const;
    const counts: unknown[] = [];
    for (const table of tables) {
      const row = await database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      counts.push(Number(row.n));
    }
    counts.push(await database.db.selectFrom('exception_ack').selectAll().orderBy('exception_id').execute());
    return counts;
  }

  it('lists every exception of the room, newest first, with its table, time, shoe, hand and reason', async () => {
    const listed = await list('?from=2026-03-01T00:00Z&to=2026-03-02T00:00Z&size=200');
    expect(listed.total).toBe(EXPECTED.length);
    expect(listed.exceptions.map(shown)).toEqual(EXPECTED);
    const [stillOffline, , , refused, voidAudit, voidEvent] = listed.exceptions;
    const offline = listed.exceptions[7]!;
    // The consoles offline: until the table's next online, or still offline an hour later.
    expect(stillOffline!.detail).toEqual({ session: 's2', machine: "s2's laptop", until: null, seconds: 3600 });
    expect(offline.detail).toEqual({ session: 's1', machine: "s1's laptop", until: '2026-03-01T02:12:30.000Z', seconds: 750 });
    expect(refused!.detail).toEqual({ topic: 'bacc/v1/tables/Table%202/change', bytes: 7, recorder: 'test' });
    expect(voidAudit!.detail).toEqual({ operator: 'Lin', reasonGiven: null });
    expect(voidEvent!.detail).toMatchObject({ afterHand: 4, by: null });
    const undo = listed.exceptions[13]!;
    // The undo's reason was given afterwards, by another operator.
    expect(undo.detail).toEqual({ operator: 'Wei', reasonGiven: { at: t(46), operator: 'Lin' } });
    const cancelled = listed.exceptions[14]!;
    expect(cancelled.detail).toMatchObject({ afterHand: 4, by: 'device' });
    expect((cancelled.detail as { cards: string[] }).cards).toHaveLength(1);
    expect(listed.exceptions.every((e) => e.acknowledgement === null)).toBe(true);
    // Ids are the rows' keys: the same every time, and each exception's own.
    expect((await list('?size=200')).exceptions.map((e) => e.id)).toEqual(listed.exceptions.map((e) => e.id));
    expect(new Set(listed.exceptions.map((e) => e.id)).size).toBe(EXPECTED.length);
    expect(exceptionKey(undo.id)).toEqual(['audit', 'exceptions-1', 1, 3]);
  });

  it('narrows to a range (from included, to not, any offset read as UTC) and to the tables asked for', async () => {
    const ranged = await list('?from=2026-03-01T01:30:00.000Z&to=2026-03-01T02:10:00.000Z');
    expect(ranged.exceptions.map((e) => [e.time, e.kind])).toEqual([
      [t(60), 'offline'],
      [t(45), 'refused'],
      [t(40), 'reopen'],
      [t(35), 'dummy-hand'],
      [t(30), 'correct'],
    ]);
    const offset = await list(`?from=${encodeURIComponent('2026-03-01T09:30+08:00')}&to=${encodeURIComponent('2026-03-01T10:10+08:00')}`);
    expect(offset.exceptions).toEqual(ranged.exceptions);
    const two = await list('?table=Table%202');
    expect(two.exceptions.map(shown)).toEqual(EXPECTED.filter((row) => row[3] === 'Table 2'));
    const oneAndThree = await list(`?table=Table%201&table=${encodeURIComponent(TABLE_3)}&size=200`);
    expect(oneAndThree.exceptions.map(shown)).toEqual(EXPECTED.filter((row) => row[3] !== 'Table 2'));
    expect((await list('?table=Table%209')).total).toBe(0);
  });

  it('pages through the list as the other lists do', async () => {
    const pages: RoomException[] = [];
    for (let page = 1; page <= 4; page++) {
      const listed = await list(`?size=4&page=${page}`);
      expect([listed.page, listed.size, listed.total]).toEqual([page, 4, EXPECTED.length]);
      expect(listed.exceptions).toHaveLength(page < 4 ? 4 : 3);
      pages.push(...listed.exceptions);
    }
    expect(pages.map(shown)).toEqual(EXPECTED);
    expect((await list('?size=4&page=5')).exceptions).toEqual([]);
    expect((await list()).size).toBe(50);
  });

  it('is for surveillance: a pit login is refused, and no login at all', async () => {
    const before = await state();
    const id = (await list()).exceptions[0]!.id;
    const pit = await get('/api/exceptions', 'pit');
    expect([pit.statusCode, pit.json()]).toEqual([403, { error: 'a pit login may not read this; it needs surveillance' }]);
    expect((await get('/api/exceptions', 'admin')).statusCode).toBe(200);
    const none = await get('/api/exceptions', '');
    expect([none.statusCode, none.json()]).toEqual([401, { error: 'sign in first (POST /api/login)' }]);
    const pitAck = await ack(id, { note: 'seen' }, 'pit');
    expect([pitAck.statusCode, pitAck.json()]).toEqual([403, { error: 'a pit login may not read this; it needs surveillance' }]);
    expect((await ack(id, { note: 'seen' }, '')).statusCode).toBe(401);
    expect(await state()).toEqual(before);
  });

  it('refuses SQL-shaped input in every parameter, or reads it as a plain value, and changes nothing', async () => {
    const before = await state();
    const some = (await list()).exceptions[0]!;
    for (const text of ["' or 1=1 --", "'; delete from exception_ack; --", '1; drop table refusal', '%', '_', '\\']) {
      const q = encodeURIComponent(text);
      expect((await list(`?table=${q}`)).total).toBe(0);
      for (const field of ['from', 'to', 'page', 'size']) expect((await get(`/api/exceptions?${field}=${q}`)).statusCode, field).toBe(400);
      const unknown = await ack(q, { note: 'seen' });
      expect([unknown.statusCode, unknown.json()]).toEqual([404, { error: 'no exception of that id in the ledger' }]);
    }
    const refused = async (url: string, error: string) => {
      const response = await get(url);
      expect([response.statusCode, response.json()]).toEqual([400, { error }]);
    };
    await refused('/api/exceptions?from=2020-01-01T00:00Z&to=2026-01-01T00:00Z', 'a range is at most 400 days');
    await refused('/api/exceptions?from=2026-03-02T00:00Z&to=2026-03-01T00:00Z', 'from is after to');
    await refused('/api/exceptions?size=201', 'exceptions "size": at most 200');
    expect((await get('/api/exceptions?table=')).statusCode).toBe(400);
    // Ids of no exception: of no row, of a row that is no exception (the cut card, an online), made up, too long.
    const cut = exceptionId(['event', 'exceptions-1', 1, 1]);
    const online = exceptionId(['presence', 'Table 1', `online s1 ${t(-5)}`]);
    const staleWill = exceptionId(['presence', 'Table 1', `will s1 ${t(-5)}`]);
    for (const id of [exceptionId(['audit', 'no-such-shoe', 1, 1]), cut, online, staleWill, 'abc', `${some.id}A`]) {
      expect((await ack(id, { note: 'seen' })).statusCode, id).toBe(404);
    }
    expect((await ack('A'.repeat(9000), { note: 'seen' })).statusCode).toBeGreaterThanOrEqual(400);
    expect(await state()).toEqual(before);
  });

  it('keeps one acknowledgement an exception: who, when and the note; a second is refused, and a bad note', async () => {
    const [first, second] = (await list()).exceptions;
    const before = await state();
    for (const payload of [
      undefined,
      {},
      { note: '' },
      { note: '   \n ' },
      { note: 'x'.repeat(1001) },
      { note: '😀'.repeat(1001) },
      { note: 5 },
      { note: null },
    ]) {
      const response = await ack(first!.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      // Said as the rule, never as the checker's own words.
      expect(response.json<{ error: string }>().error, JSON.stringify(payload)).toMatch(/a note of 1 to 1000 characters$/);
    }
    expect(await state()).toEqual(before);

    const given = await ack(first!.id, { note: '  Checked the camera: the clerk misread the card.  ' });
    expect(given.statusCode, given.body).toBe(201);
    const acknowledgement = { by: 'surveillance-login', at: NOW.toISOString(), note: 'Checked the camera: the clerk misread the card.' };
    expect(given.json()).toEqual({ id: first!.id, acknowledgement });
    const again = await ack(first!.id, { note: 'a second look' }, 'admin');
    expect([again.statusCode, again.json()]).toEqual([
      409,
      {
        error: `this exception was acknowledged already, by surveillance-login at ${NOW.toISOString()}; the first acknowledgement is kept`,
      },
    ]);
    // A note is text, whatever it looks like; 1000 characters are taken, counted as a person counts them.
    const shaped = "'); delete from exception_ack; --" + '😀'.repeat(967);
    expect((await ack(second!.id, { note: shaped }, 'admin')).statusCode).toBe(201);
    const listed = (await list()).exceptions;
    expect(listed[0]!.acknowledgement).toEqual(acknowledgement);
    expect(listed[1]!.acknowledgement).toEqual({ by: 'admin-login', at: NOW.toISOString(), note: shaped });
    expect(listed.slice(2).every((e) => e.acknowledgement === null)).toBe(true);
  });

  it('keeps the acknowledgements when the ledger is opened again', async () => {
    const acknowledged = (await list()).exceptions.filter((e) => e.acknowledgement !== null);
    expect(acknowledged).toHaveLength(2);
    await app.close();
    await database.close();
    database = await openLedgerDatabase(address);
    await open();
    // The sign-ins are kept in the ledger too.
    const listed = (await list()).exceptions;
    expect(listed.filter((e) => e.acknowledgement !== null)).toEqual(acknowledged);
    expect((await ack(acknowledged[0]!.id, { note: 'once more' })).statusCode).toBe(409);
  });

  it('gives a ledger made before 008-exception-ack its acknowledgements as it opens', async () => {
    const place = await older();
    const old = await openLedgerDatabase(place, '007-report-views');
    await new Ledger(old, 'test').recordRefusal({ topic: 'bacc/v1/tables/T/state', reason: 'not JSON', payload: new Uint8Array([1]) }, NOW);
    await old.close();
    const upgraded = await openLedgerDatabase(place);
    try {
      await new PitLogins(upgraded.db).set('ann', PASSWORD, 'surveillance', NOW);
      const api = await pitApi({ database: upgraded, now: () => NOW, refusalMs: 0 });
      try {
        const token = (await api.inject({ method: 'POST', url: '/api/login', payload: { name: 'ann', password: PASSWORD } })).json<{
          token: string;
        }>().token;
        const headers = { authorization: `Bearer ${token}` };
        const [refused] = (await api.inject({ method: 'GET', url: '/api/exceptions', headers })).json<{ exceptions: RoomException[] }>()
          .exceptions;
        expect([refused!.kind, refused!.table]).toEqual(['refused', 'T']);
        const given = await api.inject({ method: 'POST', url: `/api/exceptions/${refused!.id}/ack`, headers, payload: { note: 'known' } });
        expect(given.statusCode).toBe(201);
      } finally {
        await api.close();
      }
    } finally {
      await upgraded.close();
    }
  });
});
