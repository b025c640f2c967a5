/**
 * A PostgreSQL cluster kept in a folder of its own between bench runs (the generated year of the
 * record bench: loading it again would take minutes). Debian's PostgreSQL as test/support/postgres.ts
 * finds it; as root, its programs run as the postgres user. test/support/postgres.ts's clusters are
 * throwaway (made fresh, removed at stop), so this keeps its own.
 */
import { appendFileSync, chownSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, POSTGRES_USER, postgresAccount, postgresBin, runAsPostgres } from '../test/support/postgres.js';

/** A kept year's cluster may take minutes to make, start or stop. */
const LONG_MS = 300_000;

const asRoot = process.getuid?.() === 0;

export interface KeptPostgres {
  /** The database `bacc` in the cluster. */
  url: string;
  /** Whether the cluster was made now (empty) rather than found. */
  made: boolean;
  stop(): Promise<void>;
}

/**
 * Starts the cluster kept in `folder` (making it when missing). Reads are what the bench times:
 * fsync is off, since a cluster lost to a crash is only generated again.
 */
export async function startKeptPostgres(folder: string): Promise<KeptPostgres> {
  const bin = postgresBin();
  const data = join(folder, 'data');
  const logFile = join(folder, 'server.log');
  const made = !existsSync(join(data, 'PG_VERSION'));
  mkdirSync(folder, { recursive: true });
  if (asRoot) {
    const { uid, gid } = postgresAccount();
    chownSync(folder, uid, gid);
  }
  if (made) {
    rmSync(data, { recursive: true, force: true });
    await runAsPostgres(
      join(bin, 'initdb'),
      ['-D', data, '-A', 'trust', '-U', POSTGRES_USER, '-E', 'UTF8', '--locale=C', '--no-sync', '--no-instructions'],
      folder,
      LONG_MS,
    );
    const settings = {
      fsync: 'off',
      full_page_writes: 'off',
      synchronous_commit: 'off',
      shared_buffers: "'256MB'",
      work_mem: "'32MB'",
      maintenance_work_mem: "'256MB'",
      max_wal_size: "'4GB'",
      listen_addresses: "'127.0.0.1'",
      unix_socket_directories: `'${folder.replace(/'/g, "''")}'`,
      log_min_messages: 'warning',
    };
    appendFileSync(
      join(data, 'postgresql.conf'),
      `\n# bench/record-postgres.ts\n${Object.entries(settings)
        .map(([name, value]) => `${name} = ${value}`)
        .join('\n')}\n`,
    );
  }
  // The socket's folder given at each start too: the kept folder may have been moved since it was made.
  const port = await freePort();
  rmSync(logFile, { force: true });
  await runAsPostgres(
    join(bin, 'pg_ctl'),
    ['-D', data, '-l', logFile, '-o', `-p ${port} -k ${folder}`, '-w', '-t', '120', 'start'],
    folder,
    LONG_MS,
  );
  const stop = async () => {
    await runAsPostgres(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', '-t', '120', 'stop'], folder, LONG_MS);
  };
  try {
    if (made) {
      const admin = new pg.Client({ host: '127.0.0.1', port, user: POSTGRES_USER, database: 'postgres' });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE ${POSTGRES_USER}`);
      } finally {
        await admin.end();
      }
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `postgres://${POSTGRES_USER}@127.0.0.1:${port}/${POSTGRES_USER}`, made, stop };
}
