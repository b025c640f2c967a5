/**
 * `bacc recorder`: the room's record. Runs the recorder against the room's broker, or with a
 * subcommand reads the ledger: `export` (a shoe export document) and `backup` (a copy of a SQLite
 * ledger while the recorder runs).
 */
import { hostname } from 'node:os';
import { writeFile } from 'node:fs/promises';
import { shoeDocumentText } from '../../../src/index.js';
import { brokerAddress, parse, required, stopSignal, UsageError, type CliIo } from '../command-line.js';
import { isPostgresAddress, openLedgerDatabase, type LedgerDatabase } from '../record/database.js';
import { Ledger } from '../record/ledger.js';
import { runRecorder } from '../record/recorder.js';

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
  return runCommand(args, io);
}

async function runCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(args, {
    broker: { type: 'string' },
    user: { type: 'string' },
    password: { type: 'string' },
    db: { type: 'string' },
    name: { type: 'string' },
  });
  if (positionals.length > 0) throw new UsageError(`unknown recorder command "${positionals[0]}"; try "bacc help"`);
  const brokerUrl = brokerAddress(values.broker, 'recorder');
  const username = values.user ?? 'recorder';
  const password = values.password ?? process.env['BACC_RECORDER_PASSWORD'];
  if (password === undefined || password === '') throw new UsageError('recorder needs --password P (or BACC_RECORDER_PASSWORD)');
  const name = values.name ?? hostname();
  if (!/^[\x21-\x7e]{1,40}$/.test(name)) throw new UsageError('--name is 1 to 40 visible ASCII characters (it names the broker session)');
  const database = await openLedgerDatabase(ledgerAddress(values.db));
  const { signal, dispose } = stopSignal();
  try {
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
