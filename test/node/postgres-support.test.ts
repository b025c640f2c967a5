import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection, createServer, type AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresBin, startPostgres, type RunningPostgres } from '../support/postgres.js';

/** Whether something accepts TCP connections on a loopback port now. */
function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function query<Row extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}

// A cluster's start is mostly initdb: about 1 s alone, several on this 2-core machine under load or faketime.
const clusterTimeout = 60_000;

describe('test/support/postgres.ts: a real PostgreSQL cluster for the ledger tests', { timeout: clusterTimeout }, () => {
  const started: RunningPostgres[] = [];
  afterAll(async () => {
    await Promise.all(started.map((cluster) => cluster.stop()));
  }, clusterTimeout);

  it('starts a cluster that pg connects to as bacc, on loopback, with its clock agreeing with Node (under faketime too)', async () => {
    const cluster = await startPostgres();
    started.push(cluster);
    expect(cluster.url).toBe(`postgres://bacc@127.0.0.1:${cluster.port}/bacc`);

    await query(cluster.url, 'CREATE TABLE hands (id integer PRIMARY KEY, outcome text NOT NULL)');
    await query(cluster.url, 'INSERT INTO hands VALUES ($1, $2), ($3, $4)', [1, 'banker', 2, 'player']);
    expect(await query(cluster.url, 'SELECT id, outcome FROM hands ORDER BY id')).toEqual([
      { id: 1, outcome: 'banker' },
      { id: 2, outcome: 'player' },
    ]);

    const settings = (
      await query<{ user: string; version: number; listen: string; socket: string; now: Date }>(
        cluster.url,
        `SELECT current_user AS user, current_setting('server_version_num')::int AS version,
              current_setting('listen_addresses') AS listen, current_setting('unix_socket_directories') AS socket, now() AS now`,
      )
    )[0]!;
    expect(settings.user).toBe('bacc');
    expect(settings.version).toBeGreaterThanOrEqual(150000);
    expect(settings.listen).toBe('127.0.0.1');
    expect(settings.socket).toBe(cluster.folder);
    // A ledger's times from the server (now()) and from Node (the recorder) must not be 400 days apart.
    expect(Math.abs(settings.now.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('runs two clusters at once, each on its own port and in its own folder', async () => {
    const [first, second] = await Promise.all([startPostgres(), startPostgres()]);
    started.push(first, second);
    expect(first.port).not.toBe(second.port);
    expect(first.folder).not.toBe(second.folder);

    await Promise.all([
      query(first.url, 'CREATE TABLE only_in_first (id integer)'),
      query(second.url, 'CREATE TABLE only_in_second (id integer)'),
    ]);
    const tables = async (url: string) =>
      (await query<{ name: string }>(url, "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'")).map((row) => row.name);
    expect(await tables(first.url)).toEqual(['only_in_first']);
    expect(await tables(second.url)).toEqual(['only_in_second']);
  });

  it('takes another port when the one it tried was taken meanwhile (as by a cluster another test file started)', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const takenPort = (taken.address() as AddressInfo).port;
    try {
      const cluster = await startPostgres({ port: takenPort });
      started.push(cluster);
      expect(cluster.port).not.toBe(takenPort);
      expect(await query(cluster.url, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it('gives another empty database in the same cluster', async () => {
    const cluster = await startPostgres();
    started.push(cluster);
    await query(cluster.url, 'CREATE TABLE shoes (id integer)');
    const other = await cluster.createDatabase();
    expect(other).toBe(`postgres://bacc@127.0.0.1:${cluster.port}/test_1`);
    expect(await query(other, "SELECT tablename FROM pg_tables WHERE schemaname = 'public'")).toEqual([]);
    await expect(cluster.createDatabase('Robert"); DROP')).rejects.toThrow(/lower-case letters/);
  });

  it('stops: a client still connected is cut off, the port closes and the folder is gone', async () => {
    const cluster = await startPostgres();
    const client = new pg.Client({ connectionString: cluster.url });
    // The server ending the session is an error on the client: expected here.
    const ended = new Promise<void>((resolve) => client.on('error', () => resolve()));
    await client.connect();
    expect(existsSync(cluster.folder)).toBe(true);
    expect(await acceptsConnections(cluster.port)).toBe(true);

    await cluster.stop();
    await ended;
    expect(existsSync(cluster.folder)).toBe(false);
    expect(await acceptsConnections(cluster.port)).toBe(false);
    await cluster.stop();
    await client.end().catch(() => undefined);
  });

  it('uses the newest installed PostgreSQL of 15 or newer, and says how to install one when there is none', () => {
    const root = mkdtempSync(join(tmpdir(), 'bacc-postgres-versions-'));
    try {
      const install = (major: string, programs = ['initdb', 'pg_ctl', 'postgres']) => {
        mkdirSync(join(root, major, 'bin'), { recursive: true });
        for (const program of programs) writeFileSync(join(root, major, 'bin', program), '');
      };
      install('14');
      expect(() => postgresBin(root)).toThrow(/PostgreSQL 15 or newer is not installed .*apt-get install postgresql/);
      install('15');
      install('17', ['pg_ctl']);
      install('16');
      expect(postgresBin(root)).toBe(join(root, '16', 'bin'));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
    expect(() => postgresBin(join(root, 'gone'))).toThrow(/not installed/);
  });
});
