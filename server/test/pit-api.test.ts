// The pit's HTTP API on a ledger in SQLite and in PostgreSQL: every role reads exactly what it may,
// no login, a wrong, expired or forged one and an origin not allowed are refused plainly, SQL-shaped
// input and huge ranges and pages are refused or read as plain values, and nothing changes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseShoeDocument, simulateShoeRecords, type ShoeRecord } from '../../src/index.js';
import { startPostgres, type RunningPostgres } from '../../test/support/postgres.js';
import { openLedgerDatabase, type LedgerDatabase } from '../src/record/database.js';
import { Ledger, shoeFields } from '../src/record/ledger.js';
import { pitApi } from '../src/pit/http.js';
import { PitLogins } from '../src/pit/logins.js';

const scratch = mkdtempSync(join(tmpdir(), 'bacc-pit-api-'));
let postgres: RunningPostgres;
beforeAll(async () => {
  postgres = await startPostgres();
}, 60_000);
afterAll(async () => {
  await postgres?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

const PASSWORD = 'correct horse battery';
const ALLOWED = 'https://pit.example';

function shoe(id: string, table: string, startedAt: string, hands: number): ShoeRecord {
  const [simulated] = simulateShoeRecords({ shoes: 1, seed: id, table, now: () => new Date(startedAt) });
  return {
    ...simulated!,
    id,
    source: 'recorded',
    seed: null,
    startedAt,
    endedAt: null,
    hands: simulated!.hands.slice(0, hands),
    events: [],
    audit: [],
  };
}

const shoes = [
  shoe('a-1', 'Table 1', '2026-03-01T01:00:00.000Z', 30),
  shoe('a-2', 'Table 1', '2026-03-01T03:00:00.000Z', 12),
  shoe('b-1', "Table 2'; drop table hand; --", '2026-03-01T02:00:00.000Z', 20),
];

describe.each([
  { name: 'SQLite', fresh: () => Promise.resolve(join(scratch, 'ledger.sqlite')) },
  { name: 'PostgreSQL', fresh: () => postgres.createDatabase('pit_api') },
])('the pit API on $name', ({ fresh }) => {
  let database: LedgerDatabase;
  let app: FastifyInstance;
  let clock = new Date('2026-03-02T08:00:00.000Z');
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    database = await openLedgerDatabase(await fresh());
    const ledger = new Ledger(database, 'test');
    let revision = 0;
    for (const each of shoes) {
      for (let hands = 1; hands <= each.hands.length; hands += 5) {
        await ledger.recordState({
          table: each.table,
          limits: '',
          session: 's',
          revision: ++revision,
          sentAt: each.startedAt,
          shoe: { ...each, hands: each.hands.slice(0, hands) },
        });
      }
      await ledger.recordState({ table: each.table, limits: '', session: 's', revision: ++revision, sentAt: each.startedAt, shoe: each });
    }
    await ledger.recordRefusal({ topic: 'bacc/v1/tables/Table%201/state', reason: 'not JSON', payload: new TextEncoder().encode('{') });
    await ledger.recordPresence({ table: 'Table 1', session: 's', machine: 'Pit laptop', online: true, at: '2026-03-01T00:59:00.000Z' });
    const logins = new PitLogins(database.db);
    for (const role of ['pit', 'surveillance', 'admin']) await logins.set(`${role}-login`, PASSWORD, role);
    app = await pitApi({ database, allowOrigins: [ALLOWED], now: () => clock, refusalMs: 300 });
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

  const as = (role: string, url: string, extra: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens[role]}`, ...extra } });

  /** Row counts of every ledger table: nothing a request does may change them. */
  async function counts(): Promise<number[]> {
    const tables = ['room_table', 'shoe', 'shoe_version', 'hand', 'shoe_entry', 'presence', 'refusal', 'pit_user'] as const;
    const result: number[] = [];
    for (const table of tables)
      result.push(
        Number(
          (
            await database.db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      );
    return result;
  }

  it('gives each role what it may read and refuses the rest', async () => {
    const routes: [string, string][] = [
      ['/api/tables', 'pit'],
      ['/api/shoes', 'pit'],
      ['/api/shoes/a-1', 'pit'],
      ['/api/reports?from=2026-03-01T00:00Z&to=2026-03-02T00:00Z', 'pit'],
      ['/api/reports.csv?from=2026-03-01T00:00Z&to=2026-03-02T00:00Z', 'pit'],
      ['/api/shoes/a-1/versions', 'surveillance'],
      ['/api/refusals', 'surveillance'],
      ['/api/presence', 'surveillance'],
      ['/api/users', 'admin'],
    ];
    const order = ['pit', 'surveillance', 'admin'];
    for (const [url, least] of routes) {
      for (const role of order) {
        const response = await as(role, url);
        const may = order.indexOf(role) >= order.indexOf(least);
        expect(response.statusCode, `${role} ${url}: ${response.body}`).toBe(may ? 200 : 403);
        if (!may) expect(response.json()).toEqual({ error: `a ${role} login may not read this; it needs ${least}` });
      }
    }
  });

  it('lists tables and pages through shoes, newest first, and gives a shoe as a shoe export document', async () => {
    expect(
      (await as('pit', '/api/tables')).json<{ tables: { table: string; shoes: number }[] }>().tables.map((t) => [t.table, t.shoes]),
    ).toEqual([
      ['Table 1', 2],
      ["Table 2'; drop table hand; --", 1],
    ]);
    const page = (await as('pit', '/api/shoes?size=2&page=1')).json<{
      total: number;
      shoes: { id: string; hands: number; versions: number }[];
    }>();
    expect(page.total).toBe(3);
    expect(page.shoes.map((s) => [s.id, s.hands, s.versions])).toEqual([
      ['a-2', 12, 4],
      ['b-1', 20, 5],
    ]);
    const second = (await as('pit', '/api/shoes?size=2&page=2')).json<{ shoes: { id: string }[] }>();
    expect(second.shoes.map((s) => s.id)).toEqual(['a-1']);
    const table2 = (await as('pit', `/api/shoes?table=${encodeURIComponent("Table 2'; drop table hand; --")}`)).json<{
      shoes: { id: string }[];
    }>();
    expect(table2.shoes.map((s) => s.id)).toEqual(['b-1']);
    const ranged = (await as('pit', '/api/shoes?from=2026-03-01T01:30Z&to=2026-03-01T02:30Z')).json<{ shoes: { id: string }[] }>();
    expect(ranged.shoes.map((s) => s.id)).toEqual(['b-1']);

    const document = await as('pit', '/api/shoes/a-1');
    expect(parseShoeDocument(JSON.parse(document.body)).shoes).toEqual([shoeFields(shoes[0]!)]);
    const earlier = await as('pit', '/api/shoes/a-1?version=2');
    expect(parseShoeDocument(JSON.parse(earlier.body)).shoes[0]!.hands).toEqual(shoes[0]!.hands.slice(0, 6));
    expect((await as('pit', '/api/shoes/no-such')).statusCode).toBe(404);
  });

  it('refuses no login, a forged, an expired and a signed-out one, and a wrong password slowly', async () => {
    const none = await app.inject({ method: 'GET', url: '/api/shoes' });
    expect([none.statusCode, none.json()]).toEqual([401, { error: 'sign in first (POST /api/login)' }]);
    const forged = await app.inject({ method: 'GET', url: '/api/shoes', headers: { authorization: `Bearer ${'A'.repeat(43)}` } });
    expect([forged.statusCode, forged.json()]).toEqual([401, { error: 'not a sign-in of this recorder: sign in again' }]);
    for (const [name, password] of [
      ['pit-login', 'wrong password!'],
      ['nobody', PASSWORD],
      ["' or '1'='1", "' or '1'='1"],
    ]) {
      const started = Date.now();
      const wrong = await app.inject({ method: 'POST', url: '/api/login', payload: { name, password } });
      expect([wrong.statusCode, wrong.json()]).toEqual([401, { error: 'wrong login name or password' }]);
      expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    }
    const signedIn = (await app.inject({ method: 'POST', url: '/api/login', payload: { name: 'pit-login', password: PASSWORD } })).json<{
      token: string;
    }>();
    const saved = clock;
    clock = new Date(clock.getTime() + 13 * 60 * 60 * 1000);
    try {
      const expired = await app.inject({ method: 'GET', url: '/api/shoes', headers: { authorization: `Bearer ${signedIn.token}` } });
      expect([expired.statusCode, expired.json()]).toEqual([401, { error: 'the sign-in has ended: sign in again' }]);
    } finally {
      clock = saved;
    }
    const headers = { authorization: `Bearer ${signedIn.token}` };
    expect((await app.inject({ method: 'POST', url: '/api/logout', headers })).statusCode).toBe(204);
    expect((await app.inject({ method: 'GET', url: '/api/shoes', headers })).statusCode).toBe(401);
  });

  it('answers only the origins given', async () => {
    const other = await as('pit', '/api/shoes', { origin: 'https://evil.example' });
    expect([other.statusCode, other.json()]).toEqual([403, { error: 'this origin may not use the pit API (see --allow-origin)' }]);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const pit = await as('pit', '/api/shoes', { origin: ALLOWED });
    expect(pit.statusCode).toBe(200);
    expect(pit.headers['access-control-allow-origin']).toBe(ALLOWED);
  });

  it('reads SQL-shaped input as plain values, refuses huge ranges and pages, and changes nothing', async () => {
    const before = await counts();
    const injections = ["' or 1=1 --", "'; delete from hand; --", '1; drop table shoe', '%', '_', '\\'];
    for (const text of injections) {
      const q = encodeURIComponent(text);
      const listed = await as('pit', `/api/shoes?table=${q}`);
      expect([listed.statusCode, listed.json<{ total: number }>().total]).toEqual([200, 0]);
      expect((await as('pit', `/api/shoes/${q}`)).statusCode).toBe(404);
      expect((await as('surveillance', `/api/refusals?table=${q}`)).json<{ total: number }>().total).toBe(0);
      expect((await as('surveillance', `/api/presence?table=${q}`)).json<{ total: number }>().total).toBe(0);
      for (const field of ['from', 'to', 'page', 'size']) expect((await as('pit', `/api/shoes?${field}=${q}`)).statusCode, field).toBe(400);
      const report = await as('pit', `/api/reports?from=2026-03-01T00:00Z&to=2026-03-02T00:00Z&table=${q}&table=Table%201`);
      expect(report.json<{ tables: { table: string }[] }>().tables.map((table) => table.table)).toEqual(['Table 1']);
      for (const field of ['from', 'to'])
        expect((await as('pit', `/api/reports?from=2026-03-01&to=2026-03-02&${field}=${q}`)).statusCode).toBe(400);
    }
    const refused = async (url: string, message: string) => {
      const response = await as('pit', url);
      expect([response.statusCode, response.json()]).toEqual([400, { error: message }]);
    };
    await refused('/api/shoes?from=2020-01-01T00:00Z&to=2026-01-01T00:00Z', 'a range is at most 400 days');
    expect((await as('pit', '/api/reports?from=2026-03-01T00:00Z&to=2026-03-02T00:00Z&table=')).statusCode).toBe(400);
    await refused('/api/reports?from=2020-01-01T00:00Z&to=2026-01-01T00:00Z', 'a range is at most 400 days');
    await refused('/api/shoes?from=2026-03-02T00:00Z&to=2026-03-01T00:00Z', 'from is after to');
    await refused('/api/shoes?size=100000', 'shoes "size": at most 200');
    await refused('/api/shoes?page=99999999999', 'shoes "page": a whole number');
    const far = await as('pit', '/api/shoes?page=1000000');
    expect(far.json<{ shoes: unknown[] }>().shoes).toEqual([]);
    const huge = await app.inject({ method: 'POST', url: '/api/login', payload: { name: 'x'.repeat(20_000), password: 'y' } });
    expect(huge.statusCode).toBe(413);
    expect(await counts()).toEqual(before);
  });

  it('lets an admin add, change and remove logins, and no one else', async () => {
    const put = (role: string, name: string, body: object) =>
      app.inject({
        method: 'PUT',
        url: `/api/users/${encodeURIComponent(name)}`,
        headers: { authorization: `Bearer ${tokens[role]}` },
        payload: body,
      });
    expect((await put('surveillance', 'mallory', { password: PASSWORD, role: 'admin' })).statusCode).toBe(403);
    expect((await put('admin', 'new-pit', { password: 'short', role: 'pit' })).json()).toEqual({
      error: 'a password is 12 to 200 characters',
    });
    expect((await put('admin', 'new-pit', { password: PASSWORD, role: 'owner' })).json()).toEqual({
      error: 'the role is one of pit, surveillance, admin; got "owner"',
    });
    expect((await put('admin', "x'; --", { password: PASSWORD, role: 'pit' })).statusCode).toBe(400);
    expect((await put('admin', 'new-pit', { password: PASSWORD, role: 'pit' })).json()).toEqual({ added: 'new-pit' });
    const signedIn = await app.inject({ method: 'POST', url: '/api/login', payload: { name: 'new-pit', password: PASSWORD } });
    expect(signedIn.json<{ role: string }>().role).toBe('pit');
    const token = signedIn.json<{ token: string }>().token;
    expect((await put('admin', 'new-pit', { password: `${PASSWORD}!`, role: 'surveillance' })).json()).toEqual({ changed: 'new-pit' });
    // A new password ends the login's sessions.
    expect((await app.inject({ method: 'GET', url: '/api/shoes', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
    const remove = (role: string, name: string) =>
      app.inject({ method: 'DELETE', url: `/api/users/${name}`, headers: { authorization: `Bearer ${tokens[role]}` } });
    expect((await remove('pit', 'new-pit')).statusCode).toBe(403);
    expect((await remove('admin', 'admin-login')).json()).toEqual({ error: 'a login cannot remove itself' });
    expect((await remove('admin', 'new-pit')).statusCode).toBe(204);
    expect((await remove('admin', 'new-pit')).statusCode).toBe(404);
    const users = (await as('admin', '/api/users')).json<{ users: { name: string }[] }>().users.map((user) => user.name);
    expect(users).toEqual(['admin-login', 'pit-login', 'surveillance-login']);
    const passwordsShown = (await as('admin', '/api/users')).body;
    expect(passwordsShown).not.toMatch(/scrypt|password/);
  });
});
