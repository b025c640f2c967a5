/**
 * `npm run recorder`: runs the room's recorder (`bacc recorder`) against `npm run broker`'s broker
 * on this machine, with its ledger in .recorder/ledger.sqlite, printing what it records.
 *
 *   npm run recorder -- [--db <file | postgres://…>] [--dir .broker] [--name N] [--http host:port]
 *
 * The pit's API (the reports page's) listens on 127.0.0.1:8090 unless --http says otherwise, and
 * answers the pages `npm start` serves (http://localhost:5173 and http://127.0.0.1:5173).
 *
 * The broker's address and the recorder's login come from the file `npm run broker` writes in its
 * folder (.broker/recorder-login.json, readable by its owner only); BACC_RECORDER_PASSWORD, when
 * set, is used instead of the password there. The password goes to the recorder through its
 * environment, never on a command line a process list shows.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RUN_DIR, parseOptions } from './broker-files.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function main() {
  const options = parseOptions(process.argv.slice(2));
  for (const name of Object.keys(options)) if (!['db', 'dir', 'name', 'http'].includes(name)) throw new Error(`unknown option --${name}`);
  const loginFile = join(resolve(options.dir ?? RUN_DIR), 'recorder-login.json');
  if (!existsSync(loginFile)) throw new Error(`no ${loginFile}: start the broker first (npm run broker), or give its --dir`);
  const login = JSON.parse(readFileSync(loginFile, 'utf8'));
  const bacc = join(root, 'server', 'bin', 'bacc.js');
  const args = [
    bacc,
    'recorder',
    '--broker',
    login.broker,
    '--user',
    login.username,
    '--db',
    options.db ?? join(root, '.recorder', 'ledger.sqlite'),
  ];
  if (options.name !== undefined) args.push('--name', options.name);
  // The pit's API on this machine, for the reports page `npm start` serves (?mode=reports): its origins may call it.
  args.push('--http', options.http ?? '127.0.0.1:8090');
  for (const origin of ['http://localhost:5173', 'http://127.0.0.1:5173']) args.push('--allow-origin', origin);
  const env = { ...process.env, BACC_RECORDER_PASSWORD: process.env.BACC_RECORDER_PASSWORD || login.password };
  const child = spawn(process.execPath, args, { stdio: 'inherit', env });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal === 'SIGINT' || signal === 'SIGTERM' ? 0 : 1)));
}

try {
  main();
} catch (error) {
  console.error(`npm run recorder: ${error.message}`);
  process.exit(1);
}
