/**
 * Helpers for the reports page's end-to-end tests (#26): `bacc recorder` with its pit API, a pit
 * login made with `bacc recorder user add` (the password on standard input, as a person types it),
 * and the reports page (`?mode=reports`) signed in and read as a pit boss sees it.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { freePort } from '../../scripts/broker-files.mjs';
import { buildBacc, root, type Run } from './processes.js';
import type { RunningBroker } from './mosquitto.js';
import { until } from '../support/wait.js';
import { SESSION_KEY } from '../../components/app/shared/recorder-session.js';

/** The bacc command built into `folder` as it ships: a runner, and the path of its bin for a run that needs standard input. */
export async function baccIn(folder: string): Promise<{ bacc: (...args: string[]) => Run; bin: string }> {
  const bacc = await buildBacc(folder);
  return { bacc, bin: join(folder, 'bin', 'bacc.js') };
}

/** `bacc recorder user add` with the password typed on its standard input; resolves with what it printed, rejects on a failure. */
export function addLogin(bin: string, db: string, name: string, password: string, role = 'pit'): Promise<string> {
  const child = spawn(process.execPath, [bin, 'recorder', 'user', 'add', '--db', db, '--name', name, '--role', role], {
    cwd: root,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stdin.end(`${password}\n`);
  return new Promise((resolve, reject) =>
    child.once('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`bacc recorder user add exited ${code}: ${output}`)))),
  );
}

/** A running `bacc recorder --http`: its pit API's address (`http://127.0.0.1:<port>`) and its process. */
export interface RunningRecorder {
  api: string;
  run: Run;
}

/**
 * Starts `bacc recorder` against `broker` with its ledger in `db` and its pit API on a free loopback
 * port, answering pages of `pageOrigin`; resolves once it is connected to the broker and serving.
 */
export async function startRecorder(
  bacc: (...args: string[]) => Run,
  options: { broker: RunningBroker; db: string; pageOrigin: string; name: string },
): Promise<RunningRecorder> {
  const { broker, db, pageOrigin, name } = options;
  const port = await freePort();
  const run = bacc(
    'recorder',
    '--broker',
    broker.mqttUrl,
    '--user',
    broker.credentials.recorder.username,
    // In one argument: a generated password may start with '-', which the option parser would not take as its value.
    `--password=${broker.credentials.recorder.password}`,
    '--db',
    db,
    '--name',
    name,
    '--http',
    `127.0.0.1:${port}`,
    '--allow-origin',
    pageOrigin,
  );
  const api = `http://127.0.0.1:${port}`;
  await until(
    () => (run.stdout().includes(`the pit's API on ${api}/api/`) && run.stdout().includes('connected to')) || run.child.exitCode !== null,
    'the recorder serving its pit API and connected to the broker',
    30_000,
  );
  if (run.child.exitCode !== null) throw new Error(`the recorder exited ${run.child.exitCode}:\n${run.stdout()}\n${run.stderr()}`);
  return { api, run };
}

/** In the page: the reports element, through the kiosk's shadow root. */
export const REPORTS = `document.querySelector('bacc-kiosk')?.shadowRoot?.querySelector('bacc-reports')`;

/**
 * Signs in to the recorder's pit API from here, as the page's form does (POST /api/login), and
 * leaves the sign-in in the tab's storage where the page keeps it, for every page `context` opens
 * after: the page then starts signed in, as one reloaded in a signed-in tab does.
 */
export async function signInForTab(context: BrowserContext, address: string, name: string, password: string): Promise<void> {
  const response = await fetch(`${address}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, password }),
  });
  if (!response.ok) throw new Error(`the recorder refused the sign-in (${response.status}): ${await response.text()}`);
  const answer = (await response.json()) as { token: string; role: string; expiresAt: string };
  const session = { address, name, token: answer.token, role: answer.role, expiresAt: answer.expiresAt };
  await context.addInitScript(([key, value]) => sessionStorage.setItem(key, value), [SESSION_KEY, JSON.stringify(session)] as const);
}

/** Signs the reports page in with the form, as a pit boss does, and waits for the choices to show. */
export async function signIn(page: Page, address: string, name: string, password: string): Promise<void> {
  const form = page.locator('bacc-reports form.sign-in');
  await form.locator('#address').fill(address);
  await form.locator('#name').fill(name);
  await form.locator('#password').fill(password);
  await form.locator('button[type="submit"]').click();
  const signedIn = page.locator('bacc-reports form.choices');
  const refused = page.locator('bacc-reports form.sign-in .problem');
  await signedIn.or(refused).first().waitFor({ timeout: 20_000 });
  if (await refused.isVisible()) throw new Error(`the reports page did not sign in: ${await refused.textContent()}`);
}

/**
 * In the page, as an expression: the hands the per-table figures show for a table (its "Hands"
 * column, found by its heading), or null while the table has no row. Called with the reports
 * element and the table's name.
 */
export const HANDS_IN = `((reports, name) => {
  const table = reports?.shadowRoot?.querySelector('table[data-table="tables"]');
  if (!table) return null;
  const column = [...table.querySelectorAll('thead th')].findIndex((th) => th.querySelector('button[data-column="hands"]'));
  const named = (cell) => [...cell.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE).map((node) => node.textContent).join('').trim();
  const row = [...table.querySelectorAll('tbody tr')].find((tr) => named(tr.children[0]) === name);
  if (!row || column < 0) return null;
  const text = row.children[column].textContent.replace(/[^0-9]/g, '');
  return text === '' ? null : Number(text);
})`;

/** The hands the page's per-table figures show for `table`, or null while it has no row. */
export function handsShown(page: Page, table: string): Promise<number | null> {
  return page.evaluate<number | null>(`${HANDS_IN}(${REPORTS}, ${JSON.stringify(table)})`);
}

/**
 * A zone where it is about noon now (`Etc/GMT±N`): a page in it reads "today" far from either
 * midnight, so a test's hands of now fall within the day the page shows whatever the hour it runs.
 */
export function zoneNearNoon(now = new Date()): string {
  const offset = 12 - now.getUTCHours();
  // Etc/GMT's sign is POSIX's: Etc/GMT-8 is 8 hours ahead of UTC.
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}
