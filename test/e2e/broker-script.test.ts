import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { connectAsync } from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import { acceptsConnections, freePort, generatePassword, tableKey, tableName } from '../../scripts/broker-files.mjs';
import { normaliseTableName } from '../../src/shoes/table-names.js';
import { tableKey as pageTableKey, tableStateMessage } from '../../src/room/messages.js';
import { simulateShoeRecords } from '../../src/shoes/records.js';
import { until } from '../support/wait.js';

const root = join(import.meta.dirname, '..', '..');

/** The key the pages use for a name typed into their address. */
function pagesKey(name: string): string {
  const result = normaliseTableName(name);
  if (!result.ok) throw new Error(`the pages refuse ${name}`);
  return pageTableKey(result.name);
}

describe('npm run broker and the pages agree on table names (#28, point 11)', () => {
  it('makes a console user from a name as the pages normalise it, and refuses what they refuse', () => {
    for (const name of [' VIP  3 ', 'Cafe\u0301', 'Table\u00a07', 'T 7/VIP 贵宾']) expect(tableKey(name), name).toBe(pagesKey(name));
    expect(tableName(' VIP  3 ')).toBe('VIP 3');
    expect(tableName('Cafe\u0301')).toBe('Caf\u00e9');
    expect(() => tableName('Table 7\u202e')).toThrow(/U\+202E, which changes the direction of the text/);
    expect(() => tableName('   ')).toThrow(/cannot be used/);
  });
});

describe('the passwords npm run broker makes', () => {
  it('never start with "-", which bacc recorder --password would take for an option', () => {
    // One in 64 base64url passwords would: 2,000 of them meet the case about 31 times.
    const passwords = Array.from({ length: 2000 }, () => generatePassword());
    expect(passwords.filter((password) => password.startsWith('-'))).toEqual([]);
    expect(new Set(passwords).size).toBe(passwords.length);
    expect(passwords.every((password) => /^[A-Za-z0-9_-]{24}$/.test(password))).toBe(true);
  });
});

describe('npm run broker in a folder already running a broker', () => {
  mkdirSync(join(root, '.tmp'), { recursive: true });
  const folder = mkdtempSync(join(root, '.tmp', 'broker-script-'));
  // Run as root, Mosquitto drops to its own user before it reads the files in the folder.
  chmodSync(folder, 0o755);
  let first: ChildProcess | undefined;
  afterAll(async () => {
    if (first && first.exitCode === null) {
      const exited = new Promise((resolve) => first!.once('exit', resolve));
      first.kill('SIGTERM');
      await exited;
    }
    rmSync(folder, { recursive: true, force: true });
  });

  it('is refused, saying which process holds the folder, and the first run’s logins still work', async () => {
    const [port, wsPort] = [await freePort(), await freePort()];
    const args = ['scripts/broker.mjs', '--dir', folder, '--table', ' VIP  3 ', '--port', String(port), '--ws-port', String(wsPort)];
    let output = '';
    first = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    first.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    first.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // Mosquitto's own log reaches a pipe in blocks: wait for its port instead.
    let listening = false;
    await until(
      async () =>
        first!.exitCode !== null || (listening = output.includes('Ctrl+C stops the broker') && (await acceptsConnections(wsPort))),
      'the first broker listening',
      10_000,
    );
    expect(listening, output).toBe(true);
    const login = /console "VIP 3": user (\S+) {2}password (\S+)/.exec(output);
    expect(login, output).not.toBeNull();
    const [, username, password] = login!;
    expect(username).toBe(pagesKey(' VIP  3 '));

    // The console the pages run for " VIP  3 " logs in with that user and writes its table.
    const writeState = async () => {
      const client = await connectAsync(`mqtt://127.0.0.1:${port}`, { username, password, protocolVersion: 5, reconnectPeriod: 0 });
      try {
        await client.publishAsync(`bacc/v1/tables/${pagesKey(' VIP  3 ')}/state`, '{}', { qos: 1 });
      } finally {
        await client.endAsync();
      }
    };
    await writeState();

    const second = spawnSync(
      process.execPath,
      [...args.slice(0, -4), '--port', String(await freePort()), '--ws-port', String(await freePort())],
      {
        cwd: root,
        encoding: 'utf8',
        timeout: 10_000,
      },
    );
    expect(second.status).toBe(1);
    expect(second.stderr).toContain(`a broker started from ${folder} is still running (process ${first.pid})`);
    await writeState();
  });
});

describe("npm run broker's recorder login (#25)", () => {
  mkdirSync(join(root, '.tmp'), { recursive: true });
  const folder = mkdtempSync(join(root, '.tmp', 'broker-script-'));
  chmodSync(folder, 0o755);
  let run: ChildProcess | undefined;
  afterAll(async () => {
    if (run && run.exitCode === null) {
      const exited = new Promise((resolve) => run!.once('exit', resolve));
      run.kill('SIGTERM');
      await exited;
    }
    rmSync(folder, { recursive: true, force: true });
  });

  it('makes a recorder login that writes only recorded, printed with the other logins and nowhere else', async () => {
    const [port, wsPort] = [await freePort(), await freePort()];
    const password = 'recorder-secret-Q7w';
    const args = [
      'scripts/broker.mjs',
      '--dir',
      folder,
      '--port',
      String(port),
      '--ws-port',
      String(wsPort),
      '--recorder-password',
      password,
    ];
    let output = '';
    run = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    run.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    run.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    let listening = false;
    await until(
      async () => run!.exitCode !== null || (listening = output.includes('Ctrl+C stops the broker') && (await acceptsConnections(port))),
      'the broker listening',
      10_000,
    );
    expect(listening, output).toBe(true);
    expect(output).toMatch(/\n {2}screen: user screen {2}password \S+\n {2}recorder: user recorder {2}password recorder-secret-Q7w\n/);

    const recorder = await connectAsync(`mqtt://127.0.0.1:${port}`, {
      username: 'recorder',
      password,
      protocolVersion: 5,
      reconnectPeriod: 0,
    });
    try {
      await recorder.publishAsync(`bacc/v1/tables/${pagesKey('Table 1')}/recorded`, '{}', { qos: 1, retain: true });
      await expect(recorder.publishAsync(`bacc/v1/tables/${pagesKey('Table 1')}/state`, '{}', { qos: 1 })).rejects.toMatchObject({
        code: 135,
      });
    } finally {
      await recorder.endAsync();
    }
    // Mosquitto's log reaches the pipe in blocks: stopped, it has written all of it.
    const exited = new Promise((resolve) => run!.once('exit', resolve));
    run.kill('SIGTERM');
    await exited;
    expect(output).toMatch(/New client connected from 127\.0\.0\.1:\d+ as \S+ \(p5, c1, k\d+, u'recorder'\)/);
    expect(output.split(password), 'the password is printed once, in the list of logins').toHaveLength(2);
  });

  it('leaves the recorder’s login for npm run recorder, which records a console’s state with it', async () => {
    const dir = mkdtempSync(join(root, '.tmp', 'broker-recorder-'));
    chmodSync(dir, 0o755);
    const [port, wsPort] = [await freePort(), await freePort()];
    const consolePassword = 'console-secret-M4v';
    const broker = spawn(
      process.execPath,
      ['scripts/broker.mjs', '--dir', dir, '--port', String(port), '--ws-port', String(wsPort), '--password', consolePassword],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let said = '';
    broker.stdout.on('data', (chunk: Buffer) => (said += chunk.toString()));
    let recorder: ChildProcess | undefined;
    try {
      await until(async () => said.includes('Ctrl+C stops the broker') && (await acceptsConnections(port)), 'the broker listening', 10_000);
      const loginFile = join(dir, 'recorder-login.json');
      expect(statSync(loginFile).mode & 0o777).toBe(0o600);
      const login = JSON.parse(readFileSync(loginFile, 'utf8')) as { broker: string; username: string; password: string };
      expect(login.broker).toBe(`mqtt://127.0.0.1:${port}`);
      expect(login.username).toBe('recorder');
      expect(login.password).toMatch(/^[\w-]{24}$/);
      expect(said).toContain(`recorder: user recorder  password ${login.password}`);

      const ledger = join(dir, 'ledger.sqlite');
      let recorded = '';
      const pitPort = await freePort();
      recorder = spawn(process.execPath, ['scripts/recorder.mjs', '--dir', dir, '--db', ledger, '--http', `127.0.0.1:${pitPort}`], {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      recorder.stdout!.on('data', (chunk: Buffer) => (recorded += chunk.toString()));
      recorder.stderr!.on('data', (chunk: Buffer) => (recorded += chunk.toString()));
      await until(() => recorded.includes('connected to'), 'the recorder connected', 15_000);
      // The reports page npm start serves may call the pit's API.
      expect(recorded).toContain(`the pit's API on http://127.0.0.1:${pitPort}/api/`);
      const preflight = await fetch(`http://127.0.0.1:${pitPort}/api/tables`, {
        method: 'OPTIONS',
        headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'GET' },
      });
      expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
      const table = 'Table 1';
      const console1 = await connectAsync(`mqtt://127.0.0.1:${port}`, {
        username: pagesKey(table),
        password: consolePassword,
        protocolVersion: 5,
        reconnectPeriod: 0,
      });
      try {
        const [shoe] = simulateShoeRecords({ shoes: 1, seed: 'npm-run-recorder', table });
        const state = tableStateMessage(
          table,
          '',
          { ...shoe!, source: 'recorded', seed: null, hands: shoe!.hands.slice(0, 3) },
          1,
          new Date(),
          'session-1',
        );
        await console1.publishAsync(`bacc/v1/tables/${pagesKey(table)}/state`, JSON.stringify(state), { qos: 1, retain: true });
      } finally {
        await console1.endAsync();
      }
      await until(() => recorded.includes('recorded with 3 hands'), 'the state recorded', 15_000);
      expect(recorded).not.toContain(login.password);
      expect(statSync(ledger).mode & 0o777).toBe(0o600);
    } finally {
      for (const child of [recorder, broker]) {
        if (child && child.exitCode === null) {
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.kill('SIGTERM');
          await exited;
        }
      }
      rmSync(dir, { recursive: true, force: true });
    }
  }, 40_000);

  it('refuses a screen or a table that would share the recorder’s login', () => {
    for (const [option, value, said] of [
      ['--screen', 'recorder', "a screen cannot be named recorder: that is the room recorder's login"],
      ['--table', 'recorder', `the table "recorder" has the same user name as the room's recorder: rename it`],
    ] as const) {
      const refused = spawnSync(process.execPath, ['scripts/broker.mjs', '--dir', folder, option, value], {
        cwd: root,
        encoding: 'utf8',
        timeout: 10_000,
      });
      expect(refused.status).toBe(1);
      expect(refused.stderr).toBe(`npm run broker: ${said}\n`);
    }
  });

  it('npm run broker:user --recorder gives the recorder a new password, printed once', () => {
    const file = join(folder, 'rotated-passwords');
    const rotated = spawnSync(process.execPath, ['scripts/broker-user.mjs', '--recorder', '--file', file], { cwd: root, encoding: 'utf8' });
    expect(rotated.status, rotated.stderr).toBe(0);
    expect(rotated.stdout).toMatch(/^the recorder: user recorder {2}password [\w-]{24}\n/);
    expect(readFileSync(file, 'utf8')).toMatch(/^recorder:/);
    const refused = spawnSync(process.execPath, ['scripts/broker-user.mjs', '--screen', 'recorder', '--file', file], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('a screen cannot be named recorder');
  });
});
