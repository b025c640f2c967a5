/**
 * A Mosquitto for the record bench: the project's configuration from scripts/broker-files.mjs on
 * free loopback ports, a console login per table, a screen login, and the recorder's login, which
 * reads every table and writes only their `recorded` topic (issue 25's ACL for it).
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as BrokerFiles from '../scripts/broker-files.mjs';
import { delay } from '../test/support/wait.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface Login {
  username: string;
  password: string;
}

export interface RecordBroker {
  mqttUrl: string;
  consoles: Map<string, Login>;
  screen: Login;
  recorder: Login;
  /** How many times the broker logged that it dropped messages to a client that fell behind. */
  dropped(): number;
  stop(): Promise<void>;
}

export async function startRecordBroker(tables: readonly string[]): Promise<RecordBroker> {
  const files = (await import(new URL('../../scripts/broker-files.mjs', import.meta.url).href)) as typeof BrokerFiles;
  const { mosquitto } = files.mosquittoPaths();
  files.checkUserNames(tables, ['screen', 'recorder']);
  const mqttPort = await files.freePort();
  let wsPort = await files.freePort();
  while (wsPort === mqttPort) wsPort = await files.freePort();
  mkdirSync(join(root, '.tmp'), { recursive: true });
  const folder = mkdtempSync(join(root, '.tmp', 'bench-record-mosquitto-'));
  chmodSync(folder, 0o755);
  const passwordFile = join(folder, 'passwords');
  const aclFile = join(folder, 'acl');
  const configFile = join(folder, 'mosquitto.conf');
  const consoles = new Map<string, Login>();
  for (const table of tables) consoles.set(table, { username: files.tableKey(table), password: files.generatePassword() });
  const screen = { username: 'screen', password: files.generatePassword() };
  const recorder = { username: 'recorder', password: files.generatePassword() };
  for (const login of [...consoles.values(), screen, recorder]) files.addUser(passwordFile, login.username, login.password);
  const acl = `${files.aclText(['screen'])}\nuser recorder\ntopic read bacc/v1/#\ntopic write bacc/v1/tables/+/recorded\n`;
  writeFileSync(aclFile, acl);
  writeFileSync(
    configFile,
    files
      .configText({ mqttPort, wsPort, passwordFile, aclFile, persistenceDir: files.dataFolder(join(folder, 'data')) })
      .replace(/^log_dest stdout$/m, 'log_dest stderr'),
  );
  for (const path of [passwordFile, aclFile, configFile]) chmodSync(path, 0o644);

  let output = '';
  let drops = 0;
  const child = spawn(mosquitto, ['-c', configFile], { stdio: ['ignore', 'ignore', 'pipe'] });
  const killOnExit = () => child.kill('SIGKILL');
  process.on('exit', killOnExit);
  let exited = false;
  child.once('exit', () => (exited = true));
  child.stderr.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    drops += (text.match(/Outgoing messages are being dropped/g) ?? []).length;
    output = (output + text).slice(-20_000);
  });
  const deadline = Date.now() + 10_000;
  while (!(output.includes(`listen socket on port ${mqttPort}`) && (await files.acceptsConnections(mqttPort)))) {
    if (exited) throw new Error(`mosquitto exited at start:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`mosquitto did not open its listener in 10 s:\n${output}`);
    }
    await delay(50);
  }
  return {
    mqttUrl: `mqtt://127.0.0.1:${mqttPort}`,
    consoles,
    screen,
    recorder,
    dropped: () => drops,
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
