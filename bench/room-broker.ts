/**
 * A Mosquitto for the room benchmarks, started as the end-to-end tests start theirs
 * (test/e2e/mosquitto.ts): the project's configuration, password file and ACL from
 * scripts/broker-files.mjs, on free loopback ports, in a temp folder under .tmp/. Written here
 * because the benchmarks are compiled into lib/, where the test helper's relative imports of the
 * scripts do not resolve.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as BrokerFiles from '../scripts/broker-files.mjs';
import { delay } from '../test/support/wait.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface Login {
  username: string;
  password: string;
}

export interface BenchBroker {
  mqttUrl: string;
  wsUrl: string;
  /** Each table's console login, by table name. */
  consoles: Map<string, Login>;
  screen: Login;
  /** The room recorder's login (reads every table, writes only their `recorded` topic). */
  recorder: Login;
  pid: number;
  /** How many times the broker logged that it dropped messages to a client that fell behind. */
  dropped(): number;
  /** Mosquitto's user + system CPU time so far, in seconds (from /proc/<pid>/stat). */
  cpuSeconds(): number;
  /** The broker's log so far (its last 20,000 characters). */
  log(): string;
  stop(): Promise<void>;
}

/** Clock ticks per second of /proc/<pid>/stat's times: 100 on Linux on every architecture Node runs on. */
const CLOCK_TICKS = 100;

export async function startBenchBroker(tables: readonly string[]): Promise<BenchBroker> {
  const files = (await import(new URL('../../scripts/broker-files.mjs', import.meta.url).href)) as typeof BrokerFiles;
  const { mosquitto } = files.mosquittoPaths();
  files.checkUserNames(tables, ['screen']);
  const mqttPort = await files.freePort();
  let wsPort = await files.freePort();
  while (wsPort === mqttPort) wsPort = await files.freePort();
  mkdirSync(join(root, '.tmp'), { recursive: true });
  const folder = mkdtempSync(join(root, '.tmp', 'bench-mosquitto-'));
  chmodSync(folder, 0o755);
  const passwordFile = join(folder, 'passwords');
  const aclFile = join(folder, 'acl');
  const configFile = join(folder, 'mosquitto.conf');

  const consoles = new Map<string, Login>();
  for (const table of tables) consoles.set(table, { username: files.tableKey(table), password: files.generatePassword() });
  const screen = { username: 'screen', password: files.generatePassword() };
  const recorder = { username: files.RECORDER_USER, password: files.generatePassword() };
  for (const login of [...consoles.values(), screen, recorder]) files.addUser(passwordFile, login.username, login.password);
  const config = files
    .configText({ mqttPort, wsPort, passwordFile, aclFile, persistenceDir: files.dataFolder(join(folder, 'data')) })
    .replace(/^log_dest stdout$/m, 'log_dest stderr');
  writeFileSync(aclFile, files.aclText(['screen']));
  writeFileSync(configFile, config);
  for (const path of [passwordFile, aclFile, configFile]) chmodSync(path, 0o644);

  let output = '';
  let drops = 0;
  const child: ChildProcess = spawn(mosquitto, ['-c', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  const killOnExit = () => child.kill('SIGKILL');
  process.on('exit', killOnExit);
  let exited = false;
  child.once('exit', () => (exited = true));
  child.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  child.stderr?.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    drops += (text.match(/Outgoing messages are being dropped/g) ?? []).length;
    output = (output + text).slice(-20_000);
  });
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (exited) throw new Error(`mosquitto exited at start:\n${output}`);
    if (
      output.includes(`Opening websockets listen socket on port ${wsPort}`) &&
      (await files.acceptsConnections(wsPort)) &&
      (await files.acceptsConnections(mqttPort))
    )
      break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`mosquitto did not open its listeners in 10 s:\n${output}`);
    }
    await delay(50);
  }
  const pid = child.pid!;
  return {
    mqttUrl: `mqtt://127.0.0.1:${mqttPort}`,
    wsUrl: `ws://127.0.0.1:${wsPort}`,
    consoles,
    screen,
    recorder,
    pid,
    dropped: () => drops,
    cpuSeconds() {
      // Fields after the command name (which is in parentheses and may hold spaces): utime is the 14th field, stime the 15th.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
    },
    log: () => output,
    async stop() {
      process.off('exit', killOnExit);
      if (!exited) {
        const done = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await done;
        clearTimeout(killer);
      }
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
