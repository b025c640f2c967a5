/**
 * The files a Mosquitto broker for the scoreboard needs (configuration, ACL, password file),
 * shared by `npm run broker`, `npm run broker:user` and the end-to-end tests.
 *
 * Topics are `bacc/v1/tables/<tableKey>/state|change|presence` (and the reader bridge's `reader`,
 * `reader-request`, the recorder's `recorded`); each table's console logs in as the user named
 * `<tableKey>` and may touch only its own table; screen users read every table; the room's
 * recorder reads every table and writes only its acknowledgements.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { accessSync, chmodSync, chownSync, constants, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { createConnection, createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

// The core's own rules, as built by `npm install` (its prepare step) into lib/.
import { nameProblemLogText, normaliseTableName } from '../lib/src/shoes/table-names.js';
import { tableKey as roomTableKey } from '../lib/src/room/messages.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The configuration template, with {{MQTT_PORT}}, {{WS_PORT}}, {{PASSWORD_FILE}}, {{ACL_FILE}} and {{PERSISTENCE_DIR}} to fill. */
export const CONFIG_TEMPLATE = join(root, 'broker', 'mosquitto.conf.template');

/** Where `npm run broker` keeps its files (gitignored). */
export const RUN_DIR = join(root, '.broker');

/** The screen user every run creates unless told otherwise. */
export const DEFAULT_SCREEN = 'screen';

/** The room recorder's login (`bacc recorder --user recorder`): reads every table, writes only `recorded`. */
export const RECORDER_USER = 'recorder';

/**
 * A table's name as the pages use it: the core's one rule (white space collapsed and trimmed,
 * NFC, no direction or invisible characters), so a console user made here is the one the console
 * logs in as. Throws, saying why, for a name the pages refuse.
 * @example tableName(' VIP  3 ') // 'VIP 3'
 */
export function tableName(given) {
  if (typeof given !== 'string') throw new Error('a table needs a name');
  const result = normaliseTableName(given);
  if (!result.ok) throw new Error(`the table name ${JSON.stringify(given)} cannot be used: ${nameProblemLogText(result.problem)}`);
  return result.name;
}

/**
 * A table's key in topics and its console's user name, from its name as the pages use it: no `/`,
 * `+` or `#` can reach the topic.
 * @example tableKey('T 7/VIP 贵宾') // 'T%207%2FVIP%20%E8%B4%B5%E5%AE%BE'
 */
export function tableKey(name) {
  return roomTableKey(tableName(name));
}

/**
 * Checks that screen names are plain and that no table's console user is also a screen user or the
 * recorder (ACL patterns apply to every user, so a table keyed `screen` would share the screen's login).
 */
export function checkUserNames(tables, screens) {
  for (const screen of screens) {
    if (!/^[A-Za-z0-9._-]+$/.test(screen)) throw new Error(`a screen name may hold only letters, digits, '.', '_' and '-': ${screen}`);
  }
  for (const table of tables) {
    if (screens.includes(tableKey(table))) throw new Error(`the table "${table}" has the same user name as a screen: rename one of them`);
    if (tableKey(table) === RECORDER_USER) throw new Error(`the table "${table}" has the same user name as the room's recorder: rename it`);
  }
}

/**
 * The topics under its own table a console's login writes: the console publishes its state, changes
 * and presence and asks the reader bridge for lines again; the bridge, logged in as the table,
 * publishes the reader's lines. Not `recorded`: a console must not acknowledge its own hands.
 */
export const CONSOLE_WRITES = Object.freeze(['state', 'change', 'presence', 'reader', 'reader-request']);

/** The ACL file: each console reads its own table and writes what a console writes there; screens only read; the recorder reads all and writes `recorded`. */
export function aclText(screens = [DEFAULT_SCREEN]) {
  const lines = [
    '# Each console logs in as its table key (%u): it reads that table only, and writes there only what a',
    "# console or its reader bridge publishes (not the recorder's acknowledgement, recorded).",
    'pattern read bacc/v1/tables/%u/#',
    ...CONSOLE_WRITES.map((leaf) => `pattern write bacc/v1/tables/%u/${leaf}`),
  ];
  for (const screen of screens)
    lines.push(
      '',
      '# A screen (display, lobby) reads every table and writes nothing; the patterns above would let it write',
      '# the topics of a table named as the screen is, so those are denied.',
      `user ${screen}`,
      'topic read bacc/v1/#',
      `topic deny bacc/v1/tables/${screen}/#`,
    );
  lines.push(
    '',
    "# The room's recorder reads every table and writes only each table's acknowledgement; a table keyed",
    '# as the recorder is refused when users are made, and its topics denied here as for a screen.',
    `user ${RECORDER_USER}`,
    'topic read bacc/v1/tables/#',
    'topic write bacc/v1/tables/+/recorded',
    `topic deny bacc/v1/tables/${RECORDER_USER}/#`,
  );
  return lines.join('\n') + '\n';
}

/**
 * The Mosquitto configuration from the template, for loopback listeners on the given ports, keeping
 * its retained messages and sessions in `persistenceDir` (see dataFolder).
 */
export function configText({ mqttPort, wsPort, passwordFile, aclFile, persistenceDir }) {
  for (const [name, port] of Object.entries({ mqttPort, wsPort })) {
    if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`${name} must be a port number, not ${port}`);
  }
  for (const path of [passwordFile, aclFile, persistenceDir]) {
    // Mosquitto reads one option per line: a line break in a path would start another option.
    if (typeof path !== 'string' || path === '' || /[\r\n]/.test(path)) throw new Error(`not a usable file path: ${JSON.stringify(path)}`);
  }
  const values = {
    MQTT_PORT: String(mqttPort),
    WS_PORT: String(wsPort),
    PASSWORD_FILE: passwordFile,
    ACL_FILE: aclFile,
    // Mosquitto joins the folder and the file name as they are: the folder needs its slash.
    PERSISTENCE_DIR: persistenceDir.endsWith('/') ? persistenceDir : `${persistenceDir}/`,
  };
  return readFileSync(CONFIG_TEMPLATE, 'utf8').replace(/\{\{(\w+)\}\}/g, (field, name) => {
    const value = values[name];
    if (value === undefined) throw new Error(`the template has an unknown field ${field}`);
    return value;
  });
}

/**
 * Makes the folder the broker keeps its retained messages and sessions in. Run as root, Mosquitto
 * drops to its own user (`mosquitto`) before it writes there, so the folder is given to that user.
 */
export function dataFolder(path) {
  mkdirSync(path, { recursive: true });
  if (process.getuid?.() !== 0) return path;
  const entry = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .map((line) => line.split(':'))
    .find(([name]) => name === 'mosquitto');
  if (entry !== undefined) chownSync(path, Number(entry[2]), Number(entry[3]));
  return path;
}

/**
 * A random password, URL-safe so that it can sit in a page address as it is, and never starting with
 * "-", which a command line (bacc recorder --password …) would take for an option.
 */
export function generatePassword() {
  for (;;) {
    const password = randomBytes(18).toString('base64url');
    if (!password.startsWith('-')) return password;
  }
}

/** The full path of an executable on PATH or in the sbin folders (Debian puts mosquitto in /usr/sbin), else null. */
export function findExecutable(name) {
  const folders = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin', '/sbin'];
  for (const folder of folders) {
    if (folder === '') continue;
    const path = join(folder, name);
    try {
      accessSync(path, constants.X_OK);
      return path;
    } catch {
      // not in this folder
    }
  }
  return null;
}

/** The mosquitto and mosquitto_passwd executables, or an error saying how to install them. */
export function mosquittoPaths() {
  const mosquitto = findExecutable('mosquitto');
  const mosquittoPasswd = findExecutable('mosquitto_passwd');
  if (mosquitto === null || mosquittoPasswd === null) {
    throw new Error(
      'Mosquitto is not installed: install it: sudo apt-get install mosquitto (or run the eclipse-mosquitto container image)',
    );
  }
  return { mosquitto, mosquittoPasswd };
}

/**
 * Adds a user to a password file, or gives an existing user a new password (the old one stops
 * working when the broker next reads the file: on restart or SIGHUP). Creates the file if needed.
 */
export function addUser(passwordFile, username, password) {
  if (username === '' || /[:\s]/.test(username)) throw new Error(`not a usable user name: ${JSON.stringify(username)}`);
  if (password === '' || /[\r\n]/.test(password)) throw new Error('a password must be one line, not empty');
  const { mosquittoPasswd } = mosquittoPaths();
  const create = existsSync(passwordFile) ? [] : ['-c'];
  try {
    execFileSync(mosquittoPasswd, [...create, '-b', passwordFile, username, password], { stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const output = `${error.stdout ?? ''}${error.stderr ?? ''}`.trim();
    throw new Error(`mosquitto_passwd could not add ${username}: ${output || error.message}`, { cause: error });
  }
  // Run as root, Mosquitto drops to its own user before reading the file; otherwise keep it private.
  chmodSync(passwordFile, process.getuid?.() === 0 ? 0o644 : 0o600);
}

/**
 * A page address for a console, display or lobby, with the broker and login in the query. Each
 * value decodes to exactly what was given (a console's user is its table key, so `%` is written `%25`).
 * @example pageUrl('http://127.0.0.1:5173/', { mode: 'lobby', broker: 'ws://127.0.0.1:9001', user: 'screen', password: 'x' })
 */
export function pageUrl(base, params) {
  const query = Object.entries(params)
    .filter(([, value]) => value !== undefined)
    // ':' and '/' may stand unescaped in a query; leaving them keeps broker=ws://host:port readable.
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value).replace(/%3A/g, ':').replace(/%2F/g, '/')}`)
    .join('&');
  const url = new URL(base);
  url.search = '';
  url.hash = '';
  return `${url.href}?${query}`;
}

/** Reads `--name value` options; names listed in `repeatable` collect arrays. */
export function parseOptions(args, { repeatable = [], flags = [] } = {}) {
  const options = {};
  for (let index = 0; index < args.length; index++) {
    const arg = args[index];
    if (!arg.startsWith('--')) throw new Error(`unexpected argument: ${arg}`);
    const equals = arg.indexOf('=');
    const name = arg.slice(2, equals === -1 ? undefined : equals);
    let value;
    if (flags.includes(name)) value = true;
    else if (equals !== -1) value = arg.slice(equals + 1);
    else {
      value = args[++index];
      if (value === undefined) throw new Error(`--${name} needs a value`);
    }
    if (repeatable.includes(name)) (options[name] ??= []).push(value);
    else options[name] = value;
  }
  return options;
}

/** A free loopback port: bind port 0, note what the system gave, close (for a broker the tests and benchmarks start). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address !== null && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Whether something accepts connections on a loopback port now. */
export function acceptsConnections(port) {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
