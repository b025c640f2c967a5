/**
 * The room's record (issue 25), on SQLite and on PostgreSQL:
 *
 * - Ingest: 100 tables publish 80-hand shoes without pause through a real Mosquitto, as consoles
 *   do (each hand a change then the whole shoe as the retained state, each after the broker took
 *   the one before), to one `bacc recorder` (bundled as npm run build:server does). Hands committed per second, and
 *   publish → committed: from a hand's change published to the recorder's retained `recorded`
 *   acknowledgement of a state holding it, read by a screen login (what a console waits for).
 * - A year of a 20-table room (bench/record-year.ts), kept under .tmp/bench-record/ between runs:
 *   database size per hand, one table's shoes of one day read back (Ledger.shoes), and a month's
 *   per-table, per-hour counts (server/src/record/reports.ts).
 *
 * BENCH_RECORD_DAYS makes a smaller "year" while developing (default 365); BENCH_RECORD_PROFILE=<dir>
 * writes a CPU profile of each ingest recorder there.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { build } from 'esbuild';
import { sql, type Kysely } from 'kysely';
import { connectAsync, type MqttClient } from 'mqtt';
import { simulateShoeRecords, type ShoeRecord } from '../src/index.js';
import { presenceMessage, tableStateMessage, tableTopics, type TableChangeMessage } from '../src/room/messages.js';
import { EVERY_RECORDED_TOPIC, type TableRecordedMessage } from '../src/room/recorded.js';
import { openLedgerDatabase } from '../server/src/record/database.js';
import { Ledger } from '../server/src/record/ledger.js';
import { fillHandHours, knownMigrations } from '../server/src/record/migrations.js';
import { hourlyCounts } from '../server/src/record/reports.js';
import { startPostgres } from '../test/support/postgres.js';
import { until } from '../test/support/wait.js';
import { upperBoundFigure, type BenchFigure } from './harness.js';
import { startBenchBroker, type BenchBroker, type Login } from './room-broker.js';
import { startKeptPostgres } from './record-postgres.js';
import { CsvFiles, dayRows, YEAR_COLUMNS, YEAR_START, YEAR_TABLES, yearTable, type YearRows } from './record-year.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cache = join(root, '.tmp', 'bench-record');

/** Targets as the issue gives them. */
const INGEST_HANDS_PER_S = 2000;
const DAY_READ_MS = 50;
const MONTH_COUNTS_MS = 200;

const INGEST_TABLES = 100;
const HANDS = 80;
const DAYS = Number(process.env['BENCH_RECORD_DAYS'] ?? 365);
const DAY_MS = 86_400_000;
/**
 * Bump when bench/record-year.ts writes other rows, or a migration changes what it must write: the
 * kept year is then generated again. A year kept from an older schema is otherwise brought up by the
 * ledger's own migrations as it is opened, as a room's ledger is.
 */
const GENERATOR_VERSION = 2;

const ingestTable = (i: number): string => `Ingest ${String(i + 1).padStart(3, '0')}`;

/** The q-quantile (0…1), interpolated as bench/harness.ts's quartiles are. */
function percentile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (position - low);
}

function singleFigure(name: string, value: number, unit: string, target: string, met: boolean): BenchFigure {
  return { name, median: value, p25: value, p75: value, unit, samples: 1, target, met };
}

const information = (figure: BenchFigure): BenchFigure => ({ ...figure, target: 'information', met: true });

/** A console's open 80-hand shoe, as the recorder test's consoles record one. */
function openShoe(table: string, id: string): ShoeRecord {
  for (let attempt = 0; ; attempt++) {
    const [shoe] = simulateShoeRecords({ shoes: 1, seed: `${id}-${attempt}`, table });
    if (shoe && shoe.hands.length >= HANDS) {
      return { ...shoe, id, source: 'recorded', seed: null, endedAt: null, hands: shoe.hands.slice(0, HANDS), events: [], audit: [] };
    }
  }
}

function connect(broker: BenchBroker, login: Login, name: string): Promise<MqttClient> {
  return connectAsync(broker.mqttUrl, {
    protocolVersion: 5,
    clientId: `bench-${name}-${Math.random().toString(36).slice(2)}`,
    ...login,
    reconnectPeriod: 0,
    connectTimeout: 20_000,
  });
}

interface Recorder {
  stop(): Promise<void>;
  /** The process's user + system CPU time so far, in seconds (/proc/<pid>/stat; 100 ticks a second on Linux). */
  cpuSeconds(): number;
  stderr(): string;
}

/** The bacc command as `npm run build:server` bundles it, built into the bench's own folder (server/lib is others'). */
async function buildCommand(): Promise<string> {
  const outdir = join(cache, 'bacc');
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: [join(root, 'server', 'src', 'cli.ts')],
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outdir,
    chunkNames: 'chunks/[name]-[hash]',
    logLevel: 'warning',
  });
  // server/bin/bacc.js's part that matters here: main() with the process's output.
  const entry = join(outdir, 'bacc.mjs');
  writeFileSync(
    entry,
    "const cli = await import('./cli.js');\n" +
      'process.exitCode = await cli.main(process.argv.slice(2), { stdout: (text) => process.stdout.write(text), stderr: (text) => process.stderr.write(text), stdinLines: () => { throw new Error("no input"); } });\n',
  );
  return entry;
}

/**
 * Starts `bacc recorder` on `where`, its log (a line per version recorded) going to a file as a
 * service's would; resolves once it has logged every table's console online (it is subscribed).
 */
async function startRecorder(command: string, broker: BenchBroker, where: string, label: string, tables: number): Promise<Recorder> {
  const profile = process.env['BENCH_RECORD_PROFILE'];
  const args = profile ? ['--cpu-prof', '--cpu-prof-dir', profile, '--cpu-prof-name', `recorder-${label}-${Date.now()}.cpuprofile`] : [];
  const logPath = join(cache, `ingest-${label}.log`);
  const logFile = openSync(logPath, 'w');
  const child = spawn(
    process.execPath,
    [...args, command, 'recorder', '--broker', broker.mqttUrl, '--user', broker.recorder.username, '--name', 'bench'],
    {
      stdio: ['ignore', logFile, 'pipe'],
      // The ledger's address and the password from the environment, as a service keeps them off the command line.
      env: { ...process.env, BACC_RECORDER_DB: where, BACC_RECORDER_PASSWORD: broker.recorder.password },
    },
  );
  closeSync(logFile);
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-5000)));
  let exited = false;
  const exit = new Promise<void>((resolve) => child.once('exit', () => ((exited = true), resolve())));
  await until(
    () => exited || (readFileSync(logPath, 'utf8').match(/ online$/gm) ?? []).length >= tables,
    'the recorder to log every console online',
    60_000,
    50,
  );
  if (exited) throw new Error(`the recorder stopped at start:\n${errors}`);
  return {
    async stop() {
      if (!exited) child.kill('SIGTERM');
      await exit;
    },
    cpuSeconds() {
      const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) / 100;
    },
    stderr: () => errors,
  };
}

/** 100 consoles publishing 80-hand shoes at once to one recorder on the ledger at `where`. */
async function ingest(command: string, label: 'SQLite' | 'PostgreSQL', where: string): Promise<BenchFigure[]> {
  const tables = Array.from({ length: INGEST_TABLES }, (_, i) => ingestTable(i));
  const broker = await startBenchBroker(tables);
  const clients: MqttClient[] = [];
  let recorder: Recorder | null = null;
  try {
    const run = Date.now().toString(36);
    const sessions = tables.map((_, t) => `bench-${run}-${t}`);
    const consoles: MqttClient[] = [];
    for (const [t, table] of tables.entries()) {
      const client = await connect(broker, broker.consoles.get(table)!, 'console');
      clients.push(client);
      consoles.push(client);
      const presence = presenceMessage(true, new Date(), { session: sessions[t]!, machine: `Bench ${t}` });
      await client.publishAsync(tableTopics(table).presence, JSON.stringify(presence), { qos: 1, retain: true });
    }
    recorder = await startRecorder(command, broker, where, label, INGEST_TABLES);

    // Each hand's publication time by table and revision, until an acknowledgement covers it.
    const published = tables.map(() => new Map<number, number>());
    const acknowledged = tables.map(() => 0);
    const latencies: number[] = [];
    const tableIndex = new Map(tables.map((table, t) => [table, t]));
    let lastAck = 0;
    const watcher = await connect(broker, broker.screen, 'watcher');
    clients.push(watcher);
    watcher.on('message', (_topic, payload) => {
      const at = performance.now();
      if (payload.length === 0) return;
      const ack = JSON.parse(payload.toString()) as TableRecordedMessage;
      const t = tableIndex.get(ack.table);
      if (t === undefined || !ack.session.startsWith(`bench-${run}-`)) return;
      const waiting = published[t]!;
      for (const [revision, sent] of waiting) {
        if (revision > ack.revision) continue;
        latencies.push(at - sent);
        waiting.delete(revision);
      }
      acknowledged[t] = Math.max(acknowledged[t]!, ack.handCount);
      lastAck = at;
    });
    await watcher.subscribeAsync(EVERY_RECORDED_TOPIC, { qos: 1 });

    const shoes = tables.map((table, t) => openShoe(table, `bench-ingest-${run}-${t}`));
    const cpuBefore = recorder.cpuSeconds();
    const started = performance.now();
    await Promise.all(
      tables.map(async (table, t) => {
        const client = consoles[t]!;
        const topics = tableTopics(table);
        const shoe = shoes[t]!;
        const session = sessions[t]!;
        const send = (revision: number, hands: number, change: TableChangeMessage['change']) => {
          const message: TableChangeMessage = {
            format: 'bacc-table-change',
            version: 1,
            revision,
            after: revision - 1,
            shoeId: shoe.id,
            change,
            handCount: hands,
            ...(change === 'add' ? { hand: shoe.hands[hands - 1]! } : {}),
            session,
          };
          return client.publishAsync(topics.change, JSON.stringify(message), { qos: 1 }).then(() => {
            const state = tableStateMessage(
              table,
              '10 – 500',
              { ...shoe, hands: shoe.hands.slice(0, hands) },
              revision,
              new Date(),
              session,
            );
            return client.publishAsync(topics.state, JSON.stringify(state), { qos: 1, retain: true });
          });
        };
        await send(1, 0, 'start');
        for (let hand = 1; hand <= HANDS; hand++) {
          published[t]!.set(hand + 1, performance.now());
          await send(hand + 1, hand, 'add');
        }
      }),
    );
    const publishedAt = performance.now();
    await until(() => acknowledged.every((hands) => hands === HANDS), 'every table acknowledged with 80 hands', 600_000, 20).catch(
      () => undefined,
    );
    const elapsed = ((acknowledged.every((hands) => hands === HANDS) ? lastAck : performance.now()) - started) / 1000;
    const cpu = recorder.cpuSeconds() - cpuBefore;
    await recorder.stop();
    const stderr = recorder.stderr();
    recorder = null;

    const database = await openLedgerDatabase(where);
    let standing = 0;
    try {
      const counts = await sql<{ hands: number | string }>`select count(*) as hands from hand h join shoe s on s.shoe_id = h.shoe_id
        where s.shoe_id like ${`bench-ingest-${run}-%`}`.execute(database.db);
      standing = Number(counts.rows[0]?.hands ?? 0);
    } finally {
      await database.close();
    }

    const hands = INGEST_TABLES * HANDS;
    const scope = `${INGEST_TABLES} tables × ${HANDS} hands through Mosquitto, one recorder process`;
    const figures = [
      singleFigure(
        `record ingest, ${label} (${scope}): hands committed per second (all published in ${((publishedAt - started) / 1000).toFixed(1)} s, all acknowledged in ${elapsed.toFixed(1)} s)`,
        hands / elapsed,
        'hands/s',
        label === 'SQLite' ? `≥ ${INGEST_HANDS_PER_S} hands/s` : 'information',
        label === 'SQLite' ? hands / elapsed >= INGEST_HANDS_PER_S : true,
      ),
      information(upperBoundFigure(`record ingest, ${label}: publish → committed (acknowledged), p50 (median)`, latencies, 'ms', 0)),
      {
        ...information(upperBoundFigure(`record ingest, ${label}: publish → committed (acknowledged), p99`, latencies, 'ms', 0)),
        median: percentile(latencies, 0.99),
      },
      singleFigure(
        `record ingest, ${label}: the recorder's CPU time per hand (user + system, its change and its state; ${((cpu / elapsed) * 100).toFixed(0)} % of one core over the run)`,
        (cpu * 1000) / hands,
        'ms',
        'information',
        true,
      ),
      singleFigure(
        `record ingest, ${label}: hands in the ledger after the run (broker logged ${broker.dropped()} drops${stderr ? `; recorder warned: ${stderr.trim().split('\n').slice(-2).join(' | ')}` : ''})`,
        standing,
        'hands',
        `= ${hands}`,
        standing === hands,
      ),
    ];
    return figures;
  } finally {
    await recorder?.stop();
    await Promise.all(clients.map((client) => client.endAsync(true)));
    await broker.stop();
  }
}

export interface Year {
  folder: string;
  sqlite: string;
  hands: number;
  shoes: number;
  /** The ledger's schema when the year was generated. */
  schema: string;
}

/** Column names quoted for both databases (`natural` is a keyword of PostgreSQL's). */
const quoted = (columns: readonly string[]): string => columns.map((column) => `"${column}"`).join(', ');

/** Inserts one day's rows into the SQLite file, in the order foreign keys need. */
function sqliteInserter(file: string): { add(rows: YearRows): void; close(): void } {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const statements = Object.fromEntries(
    (Object.keys(YEAR_COLUMNS) as (keyof YearRows)[]).map((table) => [
      table,
      db.prepare(`insert into ${table} (${quoted(YEAR_COLUMNS[table])}) values (${YEAR_COLUMNS[table].map(() => '?').join(', ')})`),
    ]),
  ) as Record<keyof YearRows, Database.Statement>;
  const add = db.transaction((rows: YearRows) => {
    for (const table of Object.keys(YEAR_COLUMNS) as (keyof YearRows)[]) for (const row of rows[table]) statements[table].run(row);
  });
  return {
    add: (rows) => add(rows),
    close() {
      db.exec('analyze');
      db.pragma('wal_checkpoint(TRUNCATE)');
      db.close();
    },
  };
}

/** The generated year, from the cache when it holds one made by this generator. */
export async function generatedYear(): Promise<Year> {
  const key = `year-g${GENERATOR_VERSION}-${DAYS}d`;
  const folder = join(cache, key);
  const done = join(folder, 'complete.json');
  if (existsSync(done))
    return { ...(JSON.parse(readFileSync(done, 'utf8')) as Omit<Year, 'folder' | 'sqlite'>), folder, sqlite: join(folder, 'year.sqlite') };

  rmSync(folder, { recursive: true, force: true });
  mkdirSync(join(folder, 'csv'), { recursive: true });
  const sqlitePath = join(folder, 'year.sqlite');
  await (await openLedgerDatabase(sqlitePath)).close();
  const inserter = sqliteInserter(sqlitePath);
  const csv = new CsvFiles((table) => join(folder, 'csv', `${table}.csv`));
  const counter = { shoes: 0 };
  let hands = 0;
  const began = performance.now();
  for (let day = 0; day < DAYS; day++) {
    const { rows, hands: dayHands } = dayRows(day, counter);
    hands += dayHands;
    inserter.add(rows);
    for (const table of Object.keys(YEAR_COLUMNS) as (keyof YearRows)[]) csv.add(table, rows[table]);
    if (day % 30 === 29)
      console.log(`record: generated ${day + 1} of ${DAYS} days (${hands} hands, ${((performance.now() - began) / 1000).toFixed(0)} s)`);
  }
  csv.close();
  inserter.close();
  // The rows were written past the ledger: its hour counts are made as 006-hand-hour makes them.
  const sqliteLedger = await openLedgerDatabase(sqlitePath);
  try {
    await fillHandHours(sqliteLedger.db as Kysely<unknown>);
  } finally {
    await sqliteLedger.close();
  }

  const cluster = await startKeptPostgres(join(folder, 'pg'));
  try {
    const database = await openLedgerDatabase(cluster.url);
    try {
      for (const table of Object.keys(YEAR_COLUMNS) as (keyof YearRows)[]) {
        const file = join(folder, 'csv', `${table}.csv`);
        if (!existsSync(file)) continue;
        await sql.raw(`copy ${table} (${quoted(YEAR_COLUMNS[table])}) from '${file}' with (format csv)`).execute(database.db);
      }
      await fillHandHours(database.db as Kysely<unknown>);
      await sql.raw('vacuum analyze').execute(database.db);
    } finally {
      await database.close();
    }
  } finally {
    await cluster.stop();
  }
  rmSync(join(folder, 'csv'), { recursive: true, force: true });
  console.log(`record: the year generated and loaded in ${((performance.now() - began) / 1000).toFixed(0)} s`);
  const year = { hands, shoes: counter.shoes, schema: knownMigrations().at(-1) ?? '' };
  writeFileSync(done, `${JSON.stringify(year)}\n`);
  return { ...year, folder, sqlite: sqlitePath };
}

/** Times `run` `samples` times after one warm-up, in ms. */
async function timed(samples: number, run: (sample: number) => Promise<unknown>): Promise<number[]> {
  await run(-1);
  const times: number[] = [];
  for (let s = 0; s < samples; s++) {
    const start = performance.now();
    await run(s);
    times.push(performance.now() - start);
  }
  return times;
}

/** The year's reads on one database. */
async function yearReads(label: 'SQLite' | 'PostgreSQL', where: string, year: Year, bytes: number): Promise<BenchFigure[]> {
  const database = await openLedgerDatabase(where);
  const ledger = new Ledger(database, 'bench-reader');
  const scope = `${YEAR_TABLES} tables, ${DAYS} days, ${(year.hands / 1e6).toFixed(2)} M hands, generated at schema ${year.schema}, opened at ${knownMigrations().at(-1)}`;
  try {
    // Days spread over the year, a different table each: the median is one from the middle of the year.
    const daySamples = 5;
    const dayOf = (sample: number) => Math.floor(((Math.max(sample, 0) + 0.5) / daySamples) * DAYS);
    let shoesRead = 0;
    const dayTimes = await timed(daySamples, async (sample) => {
      const from = YEAR_START + dayOf(sample) * DAY_MS;
      const shoes = await ledger.shoes({
        table: yearTable((sample + YEAR_TABLES) % YEAR_TABLES),
        from: new Date(from).toISOString(),
        to: new Date(from + DAY_MS).toISOString(),
      });
      if (sample >= 0) shoesRead += shoes.length;
    });
    // The same days as Ledger.shoes would read them with a lower bound on the start (a shoe lasts
    // under a day here): only the day's shoes are read back, not every earlier shoe of the table.
    let boundedShoes = 0;
    const boundedTimes = await timed(daySamples, async (sample) => {
      const from = YEAR_START + dayOf(sample) * DAY_MS;
      const ids = await database.db
        .selectFrom('shoe')
        .select('shoe_id')
        .where('table_name', '=', yearTable((sample + YEAR_TABLES) % YEAR_TABLES))
        .where('started_utc', '>=', new Date(from - DAY_MS).toISOString())
        .where('started_utc', '<', new Date(from + DAY_MS).toISOString())
        .orderBy('started_utc')
        .execute();
      for (const { shoe_id } of ids) {
        const shoe = await ledger.shoe(shoe_id);
        if (shoe !== null && (shoe.endedAt === null || Date.parse(shoe.endedAt) >= from) && sample >= 0) boundedShoes++;
      }
    });
    const months = Math.max(1, Math.floor(DAYS / 30));
    let rows = 0;
    const monthTimes = await timed(Math.min(7, months), async (sample) => {
      const from = YEAR_START + (Math.max(sample, 0) % months) * 30 * DAY_MS;
      const counts = await hourlyCounts(database.db, {
        from: new Date(from).toISOString(),
        to: new Date(from + 30 * DAY_MS).toISOString(),
      });
      rows = counts.length;
    });
    return [
      singleFigure(`record year, ${label} (${scope}): database size per hand`, bytes / year.hands, 'B', 'information', true),
      upperBoundFigure(
        `record year, ${label}: one table's shoes of one day read back (Ledger.shoes with table, from, to; ${(shoesRead / daySamples).toFixed(1)} shoes a day)`,
        dayTimes,
        'ms',
        DAY_READ_MS,
      ),
      upperBoundFigure(
        `record year, ${label}: the same days read with a lower bound on the shoes' start (a proposal for Ledger.shoes, bench only; ${(boundedShoes / daySamples).toFixed(1)} shoes a day)`,
        boundedTimes,
        'ms',
        DAY_READ_MS,
      ),
      upperBoundFigure(
        `record year, ${label}: a month's per-table, per-hour counts of hands, outcomes, naturals and pairs (hourlyCounts from hand_hour, ${rows} rows)`,
        monthTimes,
        'ms',
        MONTH_COUNTS_MS,
      ),
    ];
  } finally {
    await database.close();
  }
}

async function yearBenchmarks(): Promise<BenchFigure[]> {
  const year = await generatedYear();
  const figures = await yearReads('SQLite', year.sqlite, year, statSync(year.sqlite).size);
  const cluster = await startKeptPostgres(join(year.folder, 'pg'));
  try {
    const database = await openLedgerDatabase(cluster.url);
    let bytes = 0;
    try {
      const size = await sql<{ bytes: number | string }>`select pg_database_size(current_database()) as bytes`.execute(database.db);
      bytes = Number(size.rows[0]?.bytes ?? 0);
    } finally {
      await database.close();
    }
    figures.push(...(await yearReads('PostgreSQL', cluster.url, year, bytes)));
  } finally {
    await cluster.stop();
  }
  return figures;
}

async function ingestBenchmarks(): Promise<BenchFigure[]> {
  const scratch = join(cache, `ingest-${process.pid}`);
  mkdirSync(scratch, { recursive: true });
  const figures: BenchFigure[] = [];
  const command = await buildCommand();
  try {
    figures.push(...(await ingest(command, 'SQLite', join(scratch, 'ingest.sqlite'))));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  if (process.env['BENCH_RECORD_ONLY'] === 'ingest-sqlite') return figures;
  // A durable server, as a room would run one (the test clusters turn fsync off).
  const cluster = await startPostgres({
    settings: { fsync: 'on', synchronous_commit: 'on', full_page_writes: 'on', shared_buffers: "'128MB'" },
  });
  try {
    figures.push(...(await ingest(command, 'PostgreSQL', await cluster.createDatabase('ingest'))));
  } finally {
    await cluster.stop();
  }
  return figures;
}

export async function recordBenchmarks(): Promise<BenchFigure[]> {
  const only = process.env['BENCH_RECORD_ONLY'];
  if (only === 'generate') {
    await generatedYear();
    return [];
  }
  return [...(only === 'year' ? [] : await ingestBenchmarks()), ...(only?.startsWith('ingest') ? [] : await yearBenchmarks())];
}
