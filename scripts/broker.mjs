/**
 * `npm run broker`: runs Mosquitto on this machine for trying the scoreboard with real consoles
 * and screens. Writes a password file, an ACL and a configuration into .broker/, prints the page
 * addresses to open, then runs `mosquitto -c .broker/mosquitto.conf` in the foreground.
 *
 *   npm run broker -- [--table "Table 1"]… [--screen screen]… [--password P] [--screen-password P]
 *                     [--recorder-password P] [--port 1883] [--ws-port 9001]
 *                     [--app http://127.0.0.1:5173/] [--dir .broker]
 *
 * --password applies to every table's console; without it each gets its own random password. The
 * room's recorder (`bacc recorder`) logs in as `recorder`, with --recorder-password or a random one.
 * Table names follow the pages' rule (tableName). A second run in the same folder while the first
 * still runs is refused: it would have replaced the first one's passwords under it.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  DEFAULT_SCREEN,
  RECORDER_USER,
  RUN_DIR,
  aclText,
  addUser,
  checkUserNames,
  configText,
  dataFolder,
  generatePassword,
  mosquittoPaths,
  pageUrl,
  parseOptions,
  tableKey,
  tableName,
} from './broker-files.mjs';

function port(text, fallback) {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > 65535) throw new Error(`not a port number: ${text}`);
  return value;
}

/**
 * Marks `folder` as this run's, or refuses when another run still holds it: its password file is
 * rewritten at start, so a second run would lock the first one's consoles out without a word.
 */
function claimFolder(folder) {
  const pidFile = join(folder, 'broker.pid');
  const holder = Number(existsSync(pidFile) ? readFileSync(pidFile, 'utf8') : NaN);
  if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isRunning(holder)) {
    throw new Error(
      `a broker started from ${folder} is still running (process ${holder}): stop it first (Ctrl+C in its terminal), or give another --dir and ports`,
    );
  }
  writeFileSync(pidFile, String(process.pid));
  process.on('exit', () => {
    if (existsSync(pidFile) && readFileSync(pidFile, 'utf8') === String(process.pid)) rmSync(pidFile);
  });
}

function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return error.code === 'EPERM';
  }
}

function main() {
  const options = parseOptions(process.argv.slice(2), { repeatable: ['table', 'screen'] });
  const known = ['table', 'screen', 'password', 'screen-password', 'recorder-password', 'port', 'ws-port', 'app', 'dir'];
  for (const name of Object.keys(options)) if (!known.includes(name)) throw new Error(`unknown option --${name}`);

  const { mosquitto } = mosquittoPaths();
  const tables = (options.table ?? ['Table 1']).map(tableName);
  const screens = options.screen ?? [DEFAULT_SCREEN];
  if (screens.includes(RECORDER_USER)) throw new Error(`a screen cannot be named ${RECORDER_USER}: that is the room recorder's login`);
  checkUserNames(tables, screens);
  const mqttPort = port(options.port, 1883);
  const wsPort = port(options['ws-port'], 9001);
  const app = options.app ?? 'http://127.0.0.1:5173/';

  const folder = resolve(options.dir ?? RUN_DIR);
  mkdirSync(folder, { recursive: true });
  claimFolder(folder);
  const passwordFile = join(folder, 'passwords');
  const aclFile = join(folder, 'acl');
  const configFile = join(folder, 'mosquitto.conf');
  // Each run starts from a fresh password file: a user from an earlier run must not still log in.
  rmSync(passwordFile, { force: true });

  const consoles = tables.map((table) => ({ table, username: tableKey(table), password: options.password ?? generatePassword() }));
  const screenLogins = screens.map((name) => ({ username: name, password: options['screen-password'] ?? generatePassword() }));
  const recorder = { username: RECORDER_USER, password: options['recorder-password'] ?? generatePassword() };
  for (const user of [...consoles, ...screenLogins, recorder]) addUser(passwordFile, user.username, user.password);
  // For npm run recorder on this machine: the broker's address and the recorder's login, readable by this user only.
  const recorderLogin = join(folder, 'recorder-login.json');
  rmSync(recorderLogin, { force: true });
  writeFileSync(recorderLogin, `${JSON.stringify({ broker: `mqtt://127.0.0.1:${mqttPort}`, ...recorder })}\n`, { mode: 0o600 });
  writeFileSync(aclFile, aclText(screens), { mode: 0o644 });
  const persistenceDir = dataFolder(join(folder, 'data'));
  writeFileSync(configFile, configText({ mqttPort, wsPort, passwordFile, aclFile, persistenceDir }), { mode: 0o644 });

  const broker = `ws://127.0.0.1:${wsPort}`;
  const screen = screenLogins[0];
  const lines = [
    '',
    `Mosquitto: mqtt://127.0.0.1:${mqttPort} and ${broker} (files in ${folder})`,
    '',
    'Open these pages (the app: npm start):',
  ];
  for (const { table, username, password } of consoles) {
    lines.push(`  console of ${table}:`, `    ${pageUrl(app, { mode: 'operator', table, broker, user: username, password })}`);
    if (screen !== undefined) {
      lines.push(
        `  display of ${table}:`,
        `    ${pageUrl(app, { mode: 'display', table, broker, user: screen.username, password: screen.password })}`,
      );
    }
  }
  if (screen !== undefined)
    lines.push('  lobby:', `    ${pageUrl(app, { mode: 'lobby', broker, user: screen.username, password: screen.password })}`);
  lines.push('', 'Logins:');
  for (const { table, username, password } of consoles)
    lines.push(`  console ${JSON.stringify(table)}: user ${username}  password ${password}`);
  for (const { username, password } of screenLogins) lines.push(`  screen: user ${username}  password ${password}`);
  lines.push(`  recorder: user ${recorder.username}  password ${recorder.password}`);
  lines.push('', 'Ctrl+C stops the broker.', '');
  console.log(lines.join('\n'));

  const child = spawn(mosquitto, ['-c', configFile], { stdio: 'inherit' });
  // Ctrl+C reaches mosquitto too (same process group); pass on a plain kill as well.
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal === 'SIGINT' || signal === 'SIGTERM' ? 0 : 1)));
  child.on('error', (error) => {
    console.error(`could not run ${mosquitto}: ${error.message}`);
    process.exit(1);
  });
}

try {
  main();
} catch (error) {
  console.error(`npm run broker: ${error.message}`);
  process.exit(1);
}
