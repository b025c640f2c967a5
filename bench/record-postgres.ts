/**
 * A PostgreSQL cluster kept in a folder of its own between bench runs (the generated year of the
 * record bench: loading it again would take minutes). Debian's PostgreSQL as test/support/postgres.ts
 * finds it; as root, its programs run as the postgres user. test/support/postgres.ts's clusters are
 * throwaway (made fresh, removed at stop), so this keeps its own.
 */
import { execFile } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { POSTGRES_USER, postgresBin } from '../test/support/postgres.js';

const asRoot = process.getuid?.() === 0;

export interface KeptPostgres {
  /** The database `bacc` in the cluster. */
  url: string;
  /** Whether the cluster was made now (empty) rather than found. */
  made: boolean;
  stop(): Promise<void>;
}

function postgresIds(): { uid: number; gid: number } {
  const entry = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .map((line) => line.split(':'))
    .find(([name]) => name === 'postgres');
  if (entry === undefined) throw new Error('running as root, PostgreSQL needs the postgres user');
  return { uid: Number(entry[2]), gid: Number(entry[3]) };
}

function run(program: string, args: string[], cwd: string): Promise<string> {
  const [command, commandArgs] = asRoot ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, args];
  return new Promise((resolve, reject) => {
    execFile(command, commandArgs, { cwd, encoding: 'utf8', timeout: 300_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${program} ${args.join(' ')}: ${`${stdout}${stderr}`.trim() || error.message}`));
      else resolve(`${stdout}${stderr}`);
    });
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address !== null && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
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
    const { uid, gid } = postgresIds();
    chownSync(folder, uid, gid);
  }
  if (made) {
    rmSync(data, { recursive: true, force: true });
    await run(
      join(bin, 'initdb'),
      ['-D', data, '-A', 'trust', '-U', POSTGRES_USER, '-E', 'UTF8', '--locale=C', '--no-sync', '--no-instructions'],
      folder,
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
  await run(join(bin, 'pg_ctl'), ['-D', data, '-l', logFile, '-o', `-p ${port} -k ${folder}`, '-w', '-t', '120', 'start'], folder);
  const stop = async () => {
    await run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', '-t', '120', 'stop'], folder);
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
