/**
 * A real PostgreSQL for the tests and the bench: a fresh cluster of Debian's PostgreSQL (15 or newer)
 * in a scratch folder, on a free loopback port, with trust authentication for the user `bacc`.
 * Plain Node (no test runner's hooks), so that the bench can start one too.
 *
 * initdb refuses to run as root: run as root (as the suites are here), the cluster's programs run as
 * the `postgres` user through runuser, in a folder given to that user.
 *
 * Under `faketime` the server runs with the tests' moved clock too (libfaketime is inherited through
 * runuser): `now()` in a query then agrees with Node's Date and with SQLite, which runs inside Node.
 * Only the postmaster's own log lines written from its signal handlers (ready, shutdown) show the
 * real date; nothing else was seen to differ.
 */
import { execFile, execFileSync } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** Where Debian installs each major version of PostgreSQL (`/usr/lib/postgresql/<major>/bin`). */
const DEBIAN_ROOT = '/usr/lib/postgresql';

/** The oldest major version the recorder supports (issue #25: PostgreSQL 15+). */
export const OLDEST_POSTGRES = 15;

/** The user the tests connect as: the cluster's superuser, trusted without a password on loopback. */
export const POSTGRES_USER = 'bacc';

/** A PostgreSQL cluster a test started. */
export interface RunningPostgres {
  /** `postgres://bacc@127.0.0.1:<port>/bacc`: the database made at start. */
  url: string;
  /** The loopback port the server listens on. */
  port: number;
  /** The scratch folder holding the cluster, its socket and its log; removed by stop(). */
  folder: string;
  /** Another empty database in the same cluster (cheaper than a cluster per test); its URL. */
  createDatabase(name?: string): Promise<string>;
  /** The server's log so far. */
  log(): string;
  /** Stops the server (closing its clients' connections), waits until it has exited and removes the folder. Safe to call twice. */
  stop(): Promise<void>;
}

/** Options for startPostgres. */
export interface PostgresOptions {
  /** Server settings beside the fast ones below (e.g. `{ max_connections: '200' }` for a bench). */
  settings?: Record<string, string>;
  /** The port to try first; should it be taken, a free one is chosen as without it. */
  port?: number;
}

/**
 * The `bin` folder of the newest installed PostgreSQL of at least OLDEST_POSTGRES (in Debian's folders
 * unless `root` names others), or an error saying how to install one.
 */
export function postgresBin(root = DEBIAN_ROOT): string {
  const majors = existsSync(root)
    ? readdirSync(root)
        .filter((name) => /^\d+$/.test(name) && Number(name) >= OLDEST_POSTGRES)
        .filter((name) => ['initdb', 'pg_ctl', 'postgres'].every((program) => existsSync(join(root, name, 'bin', program))))
        .map(Number)
        .sort((a, b) => b - a)
    : [];
  if (majors.length === 0) {
    throw new Error(
      `PostgreSQL ${OLDEST_POSTGRES} or newer is not installed (no ${root}/<version>/bin/initdb): install it: sudo apt-get install postgresql (.ci/run does)`,
    );
  }
  return join(root, String(majors[0]), 'bin');
}

/** The postgres user's uid and gid, from /etc/passwd, for running the cluster's programs when we are root. */
export function postgresAccount(): { uid: number; gid: number } {
  const entry = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .map((line) => line.split(':'))
    .find(([name]) => name === 'postgres');
  if (entry === undefined)
    throw new Error("running as root, PostgreSQL needs the postgres user to run as (Debian's postgresql package makes it)");
  return { uid: Number(entry[2]), gid: Number(entry[3]) };
}

const asRoot = process.getuid?.() === 0;

/**
 * A loopback port free now (bind port 0, note it, close); another process may still take it before the
 * server binds. Its own, not scripts/broker-files.mjs's: the bench runs this module compiled into lib/.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address !== null && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Runs one of the cluster's programs (as postgres when we are root), resolving with its output or rejecting with it. */
export function runAsPostgres(program: string, args: string[], cwd: string, timeout = 60_000): Promise<string> {
  const [command, commandArgs] = asRoot ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, args];
  return new Promise((resolve, reject) => {
    execFile(command, commandArgs, { cwd, encoding: 'utf8', timeout }, (error, stdout, stderr) => {
      if (error)
        reject(new Error(`${program} ${args.join(' ')} failed: ${`${stdout}${stderr}`.trim() || error.message}`, { cause: error }));
      else resolve(`${stdout}${stderr}`);
    });
  });
}

/** Clusters still running, stopped should the test process end without their stop() (a crash, a failed hook). */
const stopAtExit = new Set<() => void>();
process.on('exit', () => {
  for (const stop of stopAtExit) stop();
});

/**
 * Settings that make a throwaway cluster quick to start and to write to; nothing here is for keeping
 * data (no fsync: a crash of the machine may lose what a test wrote, which the test never reads again).
 */
const FAST_SETTINGS: Record<string, string> = {
  fsync: 'off',
  synchronous_commit: 'off',
  full_page_writes: 'off',
  shared_buffers: '16MB',
  max_connections: '50',
  listen_addresses: "'127.0.0.1'",
  log_min_messages: 'warning',
  log_line_prefix: "'%m [%p] '",
  // A cluster lives for one test file: no background vacuuming beside the tests on a 2-core machine.
  autovacuum: 'off',
};

/** Quotes a path for postgresql.conf (single quotes, a quote doubled). */
const confString = (text: string): string => `'${text.replace(/'/g, "''")}'`;

/**
 * Starts a fresh cluster in a scratch folder under the system's temp folder (TMPDIR; `npm test` sets
 * the project's .tmp/), on a free loopback port, with the database `bacc` made. Several test files
 * may start clusters at once: each has its own folder, socket and port (a port another process took
 * between choosing and binding is retried).
 */
export async function startPostgres({ settings = {}, port: firstPort }: PostgresOptions = {}): Promise<RunningPostgres> {
  const bin = postgresBin();
  const folder = mkdtempSync(join(tmpdir(), 'bacc-postgres-'));
  const data = join(folder, 'data');
  const logFile = join(folder, 'server.log');
  // A Unix socket's path is at most 107 bytes; the server puts `.s.PGSQL.<port>` in the folder.
  if (Buffer.byteLength(join(folder, '.s.PGSQL.65535')) > 107) {
    rmSync(folder, { recursive: true, force: true });
    throw new Error(`the temp folder's path is too long for PostgreSQL's socket: ${folder} (set TMPDIR to a shorter one)`);
  }
  let stopped = false;
  let running = false;
  /** Synchronous, for the exit hook and a failed start: the server killed without a checkpoint, the folder removed. */
  const stopNow = () => {
    if (running) {
      const args = ['-D', data, '-m', 'immediate', '-w', 'stop'];
      try {
        execFileSync(asRoot ? 'runuser' : join(bin, 'pg_ctl'), asRoot ? ['-u', 'postgres', '--', join(bin, 'pg_ctl'), ...args] : args, {
          stdio: 'ignore',
          cwd: folder,
        });
      } catch {
        // it was not running after all
      }
      running = false;
    }
    rmSync(folder, { recursive: true, force: true });
  };
  stopAtExit.add(stopNow);
  const remove = () => {
    stopNow();
    stopAtExit.delete(stopNow);
  };

  let port = 0;
  try {
    if (asRoot) {
      const { uid, gid } = postgresAccount();
      chownSync(folder, uid, gid);
    }
    await runAsPostgres(
      join(bin, 'initdb'),
      ['-D', data, '-A', 'trust', '-U', POSTGRES_USER, '-E', 'UTF8', '--locale=C', '--no-sync', '--no-instructions'],
      folder,
    );
    // Its own socket, in the scratch folder: not /var/run/postgresql, which a Debian cluster may use.
    const lines = Object.entries({ ...FAST_SETTINGS, unix_socket_directories: confString(folder), ...settings }).map(
      ([name, value]) => `${name} = ${value}`,
    );
    appendFileSync(join(data, 'postgresql.conf'), `\n# test/support/postgres.ts\n${lines.join('\n')}\n`);

    for (let attempt = 1; ; attempt++) {
      port = attempt === 1 && firstPort !== undefined ? firstPort : await freePort();
      // Written by the server as its own user: a file left by an attempt before goes, so that it makes its own.
      rmSync(logFile, { force: true });
      try {
        running = true;
        await runAsPostgres(join(bin, 'pg_ctl'), ['-D', data, '-l', logFile, '-o', `-p ${port}`, '-w', '-t', '60', 'start'], folder);
        break;
      } catch (error) {
        running = false;
        const log = existsSync(logFile) ? readFileSync(logFile, 'utf8') : '';
        if (attempt < 5 && /could not bind|Address already in use|could not create any TCP\/IP sockets/.test(log)) continue;
        throw new Error(`${(error as Error).message}\n${log}`, { cause: error });
      }
    }

    const admin = new pg.Client({ host: '127.0.0.1', port, user: POSTGRES_USER, database: 'postgres' });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${POSTGRES_USER}`);
    } finally {
      await admin.end();
    }
  } catch (error) {
    remove();
    throw error;
  }

  const urlOf = (database: string) => `postgres://${POSTGRES_USER}@127.0.0.1:${port}/${database}`;
  let databases = 0;
  return {
    url: urlOf(POSTGRES_USER),
    port,
    folder,
    async createDatabase(name = `test_${++databases}`) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`a database name here is lower-case letters, digits and _: ${name}`);
      const admin = new pg.Client({ host: '127.0.0.1', port, user: POSTGRES_USER, database: 'postgres' });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE ${name}`);
      } finally {
        await admin.end();
      }
      return urlOf(name);
    },
    log: () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : ''),
    async stop() {
      if (stopped) return;
      stopped = true;
      try {
        // fast: ends the clients' sessions (a pool a test forgot to end) instead of waiting for them.
        await runAsPostgres(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop'], folder);
        running = false;
      } finally {
        remove();
      }
    },
  };
}
