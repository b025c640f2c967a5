import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { connectAsync } from 'mqtt';
import {
  acceptsConnections,
  aclText,
  addUser,
  checkUserNames,
  configText,
  dataFolder,
  freePort,
  generatePassword,
  mosquittoPaths,
  RECORDER_USER,
  tableKey,
} from '../../scripts/broker-files.mjs';
import { delay } from '../support/wait.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A user name and password the broker accepts. */
export interface Login {
  username: string;
  password: string;
}

/** A Mosquitto broker the test started, on free loopback ports. */
export interface RunningBroker {
  /** `mqtt://127.0.0.1:<port>`, the plain MQTT listener. */
  mqttUrl: string;
  /** `ws://127.0.0.1:<port>`, the WebSocket listener the pages use. */
  wsUrl: string;
  /** Each table's console login (by table name), each screen's login (by screen name) and the room recorder's. */
  credentials: { consoles: Record<string, Login>; screens: Record<string, Login>; recorder: Login };
  /** The running mosquitto's process id (a new one after restart()); undefined while stopped. */
  readonly pid: number | undefined;
  /** Everything the broker logged since it was (re)started. */
  log(): string;
  /** Ends the broker by its own process id and waits for it to exit. */
  stop(): Promise<void>;
  /** Stops the broker cleanly and starts it again on the same ports with the same logins and the retained messages it saved. */
  restart(): Promise<void>;
}

/** Mosquitto's stdout is block-buffered into a pipe, so its "listening" lines would come late; stderr is not. */
function logToStderr(config: string): string {
  if (!/^log_dest stdout$/m.test(config))
    throw new Error('the configuration template no longer logs to stdout: update test/e2e/mosquitto.ts');
  return config.replace(/^log_dest stdout$/m, 'log_dest stderr');
}

/**
 * Starts Mosquitto with the project's configuration in a temp folder under .tmp/: a console user
 * for each table (named by its table key), the screen users (default `screen`), the recorder, random passwords.
 */
export async function startBroker({ tables, screens = ['screen'] }: { tables: string[]; screens?: string[] }): Promise<RunningBroker> {
  const { mosquitto } = mosquittoPaths();
  checkUserNames(tables, screens);
  const mqttPort = await freePort();
  let wsPort = await freePort();
  while (wsPort === mqttPort) wsPort = await freePort();

  mkdirSync(join(root, '.tmp'), { recursive: true });
  const folder = mkdtempSync(join(root, '.tmp', 'mosquitto-'));
  const passwordFile = join(folder, 'passwords');
  const aclFile = join(folder, 'acl');
  const configFile = join(folder, 'mosquitto.conf');

  const credentials: RunningBroker['credentials'] = {
    consoles: {},
    screens: {},
    recorder: { username: RECORDER_USER, password: generatePassword() },
  };
  for (const table of tables) credentials.consoles[table] = { username: tableKey(table), password: generatePassword() };
  for (const screen of screens) credentials.screens[screen] = { username: screen, password: generatePassword() };
  for (const login of [...Object.values(credentials.consoles), ...Object.values(credentials.screens), credentials.recorder]) {
    addUser(passwordFile, login.username, login.password);
  }
  // Kept in memory so that restart() can write the folder again after stop() removed it.
  const files: Record<string, string> = {
    [passwordFile]: readFileSync(passwordFile, 'utf8'),
    [aclFile]: aclText(screens),
    [configFile]: logToStderr(configText({ mqttPort, wsPort, passwordFile, aclFile, persistenceDir: join(folder, 'data') })),
  };

  let child: ChildProcess | undefined;
  let output = '';
  const killOnExit = () => child?.kill('SIGKILL');
  process.on('exit', killOnExit);

  async function start(): Promise<void> {
    // Run as root, Mosquitto drops to its own user before reading its files: they and the folder must be readable.
    mkdirSync(folder, { recursive: true });
    chmodSync(folder, 0o755);
    dataFolder(join(folder, 'data'));
    for (const [path, text] of Object.entries(files)) {
      writeFileSync(path, text);
      chmodSync(path, 0o644);
    }
    output = '';
    const started = spawn(mosquitto, ['-c', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
    child = started;
    let exited = false;
    started.once('exit', () => (exited = true));
    started.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    started.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 10_000;
    for (;;) {
      if (exited) throw new Error(`mosquitto exited at start:\n${output}`);
      if (
        output.includes(`Opening websockets listen socket on port ${wsPort}`) &&
        (await acceptsConnections(wsPort)) &&
        (await acceptsConnections(mqttPort))
      )
        return;
      if (Date.now() > deadline) {
        started.kill('SIGKILL');
        throw new Error(`mosquitto did not open its listeners in 10 s:\n${output}`);
      }
      await delay(50);
    }
  }

  async function end(): Promise<void> {
    const running = child;
    child = undefined;
    if (running === undefined || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill('SIGTERM');
    const killer = setTimeout(() => running.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(killer);
  }

  try {
    await start();
  } catch (error) {
    process.off('exit', killOnExit);
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  return {
    mqttUrl: `mqtt://127.0.0.1:${mqttPort}`,
    wsUrl: `ws://127.0.0.1:${wsPort}`,
    credentials,
    get pid() {
      return child?.pid;
    },
    log: () => output,
    async stop() {
      await end();
      process.off('exit', killOnExit);
      rmSync(folder, { recursive: true, force: true });
    },
    async restart() {
      await end();
      // stop() took the exit hook away; off first so that a restart without stop() does not add a second.
      process.off('exit', killOnExit);
      process.on('exit', killOnExit);
      await start();
    },
  };
}

/**
 * One Mosquitto for the test file that calls this at its top level (beside useChromium()): started
 * before its tests on free loopback ports, stopped after them. Returns a getter, since the broker
 * runs only once the hook has run.
 */
export function useBroker(users: { tables: string[]; screens?: string[] }): () => RunningBroker {
  let broker: RunningBroker | undefined;
  beforeAll(async () => {
    broker = await startBroker(users);
  });
  // Each test starts from an empty room: no table's state or console left by the test before (its
  // console machine is gone, and a new one would only show that machine's shoe until taken over).
  afterEach(async () => {
    if (broker?.pid !== undefined) await clearRetained(broker, users.tables);
  });
  afterAll(async () => {
    await broker?.stop();
  });
  return () => {
    if (!broker) throw new Error('Mosquitto is not running: call useBroker() at the top level of a test file');
    return broker;
  };
}

/** Clears the retained state and presence of each table, with its console login, and its acknowledgement, with the recorder's. */
async function clearRetained(broker: RunningBroker, tables: readonly string[]): Promise<void> {
  const clear = async (login: Login, topics: string[]) => {
    const client = await connectAsync(broker.mqttUrl, { protocolVersion: 5, reconnectPeriod: 0, connectTimeout: 5_000, ...login });
    try {
      for (const topic of topics) await client.publishAsync(topic, '', { qos: 1, retain: true });
    } finally {
      await client.endAsync();
    }
  };
  for (const table of tables) {
    const login = broker.credentials.consoles[table];
    if (!login) continue;
    await clear(
      login,
      ['presence', 'state'].map((kind) => `bacc/v1/tables/${tableKey(table)}/${kind}`),
    );
  }
  await clear(
    broker.credentials.recorder,
    tables.map((table) => `bacc/v1/tables/${tableKey(table)}/recorded`),
  );
}
