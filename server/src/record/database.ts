/**
 * Opens the ledger's database: a SQLite file (embedded, the default) or a PostgreSQL database
 * (`postgres://…`, when one machine is outgrown), behind one Kysely instance, with the schema
 * brought up to this program's.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import { migrateLedger, NewerLedgerError, type LedgerDialect } from './migrations.js';
import type { LedgerTables } from './schema.js';

export interface LedgerDatabase {
  db: Kysely<LedgerTables>;
  dialect: LedgerDialect;
  /** Where it is, for people: the file's path, or the PostgreSQL address without its password. */
  where: string;
  /** The SQLite connection itself (for its online backup), or null on PostgreSQL. */
  sqlite: Database.Database | null;
  close(): Promise<void>;
}

/** A database that cannot be opened as a ledger: said in one line, nothing written. */
export class LedgerOpenError extends Error {}

export function isPostgresAddress(where: string): boolean {
  return /^postgres(ql)?:\/\//i.test(where);
}

/** A PostgreSQL address with its password hidden, for log lines. */
export function withoutPassword(where: string): string {
  try {
    const url = new URL(where);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return 'the PostgreSQL address given';
  }
}

/** The first bytes of every SQLite database file. */
const SQLITE_HEADER = 'SQLite format 3\0';

/**
 * Opens (creating when missing) the ledger at `where` and migrates it, up to `target` when given
 * (tests of an older schema). Refuses a file that is not a SQLite database and a ledger made by a
 * newer program, changing neither.
 */
export async function openLedgerDatabase(where: string, target?: string): Promise<LedgerDatabase> {
  const opened = isPostgresAddress(where) ? openPostgres(where) : openSqlite(where);
  try {
    await migrateLedger(opened.db as Kysely<unknown>, opened.dialect, target);
  } catch (error) {
    await opened.close();
    // A PostgreSQL not there, or refusing the login: say it is the ledger's.
    if (opened.dialect === 'postgres' && !(error instanceof NewerLedgerError)) {
      throw new LedgerOpenError(`could not open the ledger at ${opened.where}: ${(error as Error).message}`);
    }
    throw error;
  }
  return opened;
}

function openSqlite(path: string): LedgerDatabase {
  const file = resolve(path);
  if (existsSync(file)) {
    const header = Buffer.alloc(SQLITE_HEADER.length);
    const fd = openSync(file, 'r');
    const read = readSync(fd, header, 0, header.length, 0);
    closeSync(fd);
    // An empty file is a database not yet written; anything else must start as SQLite's do.
    if (read > 0 && header.toString('latin1', 0, read) !== SQLITE_HEADER.slice(0, read)) {
      throw new LedgerOpenError(`${path} is not a SQLite database: give the ledger's file, or a new path to create one`);
    }
  } else {
    mkdirSync(dirname(file), { recursive: true });
    // Created readable by its owner only: the ledger is the room's record.
    closeSync(openSync(file, 'wx', 0o600));
  }
  let sqlite: Database.Database;
  try {
    // No wait inside SQLite: a busy write lock is waited for asynchronously (Ledger.write).
    sqlite = new Database(file, { timeout: 0 });
    sqlite.pragma('journal_mode = WAL');
    // In WAL mode NORMAL loses no committed transaction on a crash of the program, only on a power cut.
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
  } catch (error) {
    throw new LedgerOpenError(`could not open the ledger ${path}: ${(error as Error).message}`);
  }
  // SQLite makes its -wal and -shm files with the process's umask: keep them as private as the file.
  for (const extra of ['-wal', '-shm']) if (existsSync(file + extra)) chmodSync(file + extra, 0o600);
  const db = new Kysely<LedgerTables>({ dialect: new SqliteDialect({ database: preparedOnce(sqlite) }) });
  return { db, dialect: 'sqlite', where: path, sqlite, close: () => db.destroy() };
}

/** How many prepared statements a SQLite ledger keeps (its queries, and reads of many shoes at once). */
const PREPARED_STATEMENTS = 200;

/**
 * The connection as Kysely's SqliteDialect sees it, preparing each SQL text once: the dialect
 * prepares every query it runs, which took about a tenth of a state's write (#25). A statement is
 * run again with new values; one still being iterated is not handed out again.
 */
function preparedOnce(sqlite: Database.Database): SqliteDatabase {
  const prepared = new Map<string, Database.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text) {
      const kept = prepared.get(text);
      if (kept && !kept.busy) return kept;
      const statement = sqlite.prepare(text);
      if (kept) return statement;
      if (prepared.size >= PREPARED_STATEMENTS) prepared.delete(prepared.keys().next().value!);
      prepared.set(text, statement);
      return statement;
    },
  };
}

const postgresParser = pg.types.getTypeParser as (oid: number, format?: string) => (value: string) => unknown;
const bigintsAsNumbers = ((oid: number, format?: string) =>
  oid === 20 ? Number : postgresParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'];

function openPostgres(address: string): LedgerDatabase {
  const pool = new pg.Pool({
    connectionString: address,
    max: 4,
    // Revisions and counts are bigints: as numbers (they stay below 2^53).
    types: { getTypeParser: bigintsAsNumbers },
  });
  // An idle connection the server closes must not end the process: the next query reconnects.
  pool.on('error', () => {});
  const db = new Kysely<LedgerTables>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', where: withoutPassword(address), sqlite: null, close: () => db.destroy() };
}
