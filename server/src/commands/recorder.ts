/**
 * `bacc recorder`: the room's record. Runs the recorder against the room's broker, or with a
 * subcommand reads the ledger: `export` (a shoe export document) and `backup` (a copy of a SQLite
 * ledger while the recorder runs).
 */
import { hostname } from 'node:os';
import { closeSync, openSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { shoeDocumentText } from '../../../src/index.js';
import { brokerAddress, parse, required, stopSignal, UsageError, type CliIo } from '../command-line.js';
import { isPostgresAddress, openLedgerDatabase, type LedgerDatabase } from '../record/database.js';
import { Ledger } from '../record/ledger.js';
import { runRecorder } from '../record/recorder.js';
import type { FastifyInstance } from 'fastify';

/** The ledger when none is given: a SQLite file in the working folder. */
export const DEFAULT_LEDGER = 'bacc-ledger.sqlite';

/** `--db`, else BACC_RECORDER_DB (so a PostgreSQL address with its password stays off the command line), else the default file. */
function ledgerAddress(db: string | undefined): string {
  return db ?? process.env['BACC_RECORDER_DB'] ?? DEFAULT_LEDGER;
}

export async function recorderCommand(args: string[], io: CliIo): Promise<number> {
  const [first, ...rest] = args;
  if (first === 'export') return exportCommand(rest, io);
  if (first === 'backup') return backupCommand(rest, io);
  if (first === 'user') return userCommand(rest, io);
  return runCommand(args, io);
}

async function runCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(args, {
    broker: { type: 'string' },
    user: { type: 'string' },
    password: { type: 'string' },
    db: { type: 'string' },
    name: { type: 'string' },
    http: { type: 'string' },
    'allow-origin': { type: 'string', multiple: true },
  });
  if (positionals.length > 0) throw new UsageError(`unknown recorder command "${positionals[0]}"; try "bacc help"`);
  const http = values.http === undefined ? null : httpAddress(values.http);
  const allowOrigins = (values['allow-origin'] ?? []).map(origin);
  const brokerUrl = brokerAddress(values.broker, 'recorder');
  const username = values.user ?? 'recorder';
  const password = values.password ?? process.env['BACC_RECORDER_PASSWORD'];
  if (password === undefined || password === '') throw new UsageError('recorder needs --password P (or BACC_RECORDER_PASSWORD)');
  const name = values.name ?? hostname();
  if (!/^[\x21-\x7e]{1,40}$/.test(name)) throw new UsageError('--name is 1 to 40 visible ASCII characters (it names the broker session)');
  const database = await openLedgerDatabase(ledgerAddress(values.db));
  const { signal, dispose } = stopSignal();
  let api: FastifyInstance | null = null;
  try {
    if (http) {
      // Loaded only with --http: the web framework stays out of a recorder that serves nothing.
      const { pitApi } = await import('../pit/http.js');
      api = await pitApi({ database, allowOrigins });
      const address = await api.listen(http);
      io.stdout(`bacc recorder: the pit's API on ${address}/api/ (sign in with a login of bacc recorder user add)\n`);
    }
    const tally = await runRecorder({
      brokerUrl,
      username,
      password,
      name,
      ledger: new Ledger(database, name),
      signal,
      log: (text) => io.stdout(`bacc recorder: ${text}\n`),
      warn: (text) => io.stderr(`bacc: ${text}\n`),
    });
    io.stdout(`bacc recorder: stopped: ${tally.versions} shoe versions recorded, ${tally.refused} messages refused\n`);
    return 0;
  } finally {
    dispose();
    await api?.close();
    await database.close();
  }
}

/** `--http [host:]port`: where the pit's API listens; loopback unless a host is given. */
function httpAddress(text: string): { host: string; port: number } {
  const match = /^(?:(\[[0-9a-fA-F:.]+\]|[\w.-]+):)?(\d{1,5})$/.exec(text);
  const port = Number(match?.[2]);
  if (!match || port < 1 || port > 65535) throw new UsageError(`--http must be [host:]port, e.g. 127.0.0.1:8080; got "${text}"`);
  return { host: (match[1] ?? '127.0.0.1').replace(/^\[|\]$/g, ''), port };
}

/** `--allow-origin`: a page's origin (scheme, host and port), as a browser sends it. */
function origin(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`--allow-origin must be an origin such as https://pit.example; got "${text}"`);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== text.replace(/\/$/, '')) {
    throw new UsageError(`--allow-origin must be an origin such as https://pit.example (no path); got "${text}"`);
  }
  return url.origin;
}

/** `bacc recorder user add|remove|list`: the pit's logins, kept in the ledger. */
async function userCommand(args: string[], io: CliIo): Promise<number> {
  const [action, ...rest] = args;
  const { values, positionals } = parse(rest, { db: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' } });
  if (positionals.length > 0) throw new UsageError(`recorder user takes no arguments besides its options; got "${positionals[0]}"`);
  if (action !== 'add' && action !== 'remove' && action !== 'list') {
    throw new UsageError('recorder user takes add, remove or list; try "bacc help"');
  }
  const database = await openExisting(ledgerAddress(values.db));
  try {
    const { PitLogins, LoginError } = await import('../pit/logins.js');
    const logins = new PitLogins(database.db);
    if (action === 'list') {
      for (const login of await logins.list()) io.stdout(`${login.name}\t${login.role}\t${login.createdAt}\n`);
      return 0;
    }
    const name = required('--name N', values.name, `recorder user ${action}`);
    if (action === 'remove') {
      if (!(await logins.remove(name))) throw new UsageError(`no login named "${name.slice(0, 60)}"`);
      io.stdout(`bacc recorder: login ${name} removed\n`);
      return 0;
    }
    const role = required('--role pit|surveillance|admin', values.role, 'recorder user add');
    // The password from the environment or the first line of standard input, never the command line.
    let password = process.env['BACC_LOGIN_PASSWORD'];
    if (password === undefined)
      for await (const line of io.stdinLines()) {
        password = line;
        break;
      }
    if (!password) throw new UsageError('give the password in BACC_LOGIN_PASSWORD or on the first line of standard input');
    try {
      const done = await logins.set(name, password, role);
      io.stdout(`bacc recorder: login ${name} (${role}) ${done}\n`);
    } catch (error) {
      if (error instanceof LoginError) throw new UsageError(error.message);
      throw error;
    }
    return 0;
  } finally {
    await database.close();
  }
}

async function exportCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(args, {
    db: { type: 'string' },
    table: { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
    out: { type: 'string' },
  });
  if (positionals.length > 0) throw new UsageError(`recorder export takes no arguments besides its options; got "${positionals[0]}"`);
  for (const [option, value] of [
    ['--from', values.from],
    ['--to', values.to],
  ] as const) {
    if (value !== undefined && Number.isNaN(Date.parse(value)))
      throw new UsageError(`${option} must be a date and time (ISO 8601, e.g. 2026-12-03T02:00Z); got "${value}"`);
  }
  if (values.from !== undefined && values.to !== undefined && Date.parse(values.from) > Date.parse(values.to)) {
    throw new UsageError('--from is after --to');
  }
  const database = await openExisting(ledgerAddress(values.db));
  try {
    const shoes = await new Ledger(database, 'export').shoes({
      ...(values.table !== undefined ? { table: values.table } : {}),
      ...(values.from !== undefined ? { from: values.from } : {}),
      ...(values.to !== undefined ? { to: values.to } : {}),
    });
    const text = shoeDocumentText(shoes);
    if (values.out !== undefined) {
      // The same bytes as History's export of the same shoes; on stdout a line ends as every command's output does.
      await writeFile(values.out, text);
      io.stderr(`bacc recorder: ${shoes.length} shoes written to ${values.out}\n`);
    } else io.stdout(`${text}\n`);
    return 0;
  } finally {
    await database.close();
  }
}

async function backupCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(args, { db: { type: 'string' }, out: { type: 'string' } });
  if (positionals.length > 0) throw new UsageError(`recorder backup takes no arguments besides its options; got "${positionals[0]}"`);
  const out = required('--out file', values.out, 'recorder backup');
  const where = ledgerAddress(values.db);
  if (isPostgresAddress(where)) {
    throw new UsageError(
      'a PostgreSQL ledger is backed up with its own tools: pg_dump --format=custom --file room.dump "$BACC_RECORDER_DB" (see the recorder guide)',
    );
  }
  const database = await openExisting(where);
  try {
    // Made first, readable by its owner only, as the ledger is; never over an existing file.
    try {
      closeSync(openSync(out, 'wx', 0o600));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new UsageError(`${out} already exists: give a new file`);
      throw error;
    }
    // SQLite's online backup: a consistent copy while the recorder goes on writing.
    const { totalPages } = await database.sqlite!.backup(out);
    io.stdout(`bacc recorder: backed up ${database.where} to ${out} (${totalPages} pages)\n`);
    return 0;
  } finally {
    await database.close();
  }
}

/** Opens a ledger that must already exist (reading it never creates an empty one by mistake). */
async function openExisting(where: string): Promise<LedgerDatabase> {
  if (!isPostgresAddress(where)) {
    const { existsSync } = await import('node:fs');
    if (!existsSync(where)) throw new UsageError(`no ledger at ${where}: give --db (a SQLite file or a postgres:// address)`);
  }
  return openLedgerDatabase(where);
}
