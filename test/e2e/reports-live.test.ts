/**
 * The reports page follows the room as it deals (#26), end to end: a clerk records hands at a
 * table on the console (keyboard) on one machine, `bacc recorder` (the command as it ships, a
 * SQLite ledger, its pit API) records them from the broker, and the reports page on another
 * machine, signed in with a pit login made by `bacc recorder user add`, shows the table's hand
 * count within 5 s of each key press, an undo included (the count goes back down). The time is
 * measured from just before the key press to the first frame the page shows the new count.
 *
 * The page signs in as a tab that has signed in already (the token the recorder gave for the login,
 * kept where the page keeps it): its form cannot sign in to the recorder yet, which the second test
 * here shows (a known bug, see there).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useChromium } from './browser.js';
import { useBroker } from './mosquitto.js';
import { end, killStarted, root, type Run } from './processes.js';
import { ACROSS_THE_ROOM, consoleState, openConsole, startShoe, useMachines } from './room-helpers.js';
import { HANDS_IN, REPORTS, addLogin, baccIn, handsShown, signIn, signInForTab, startRecorder, zoneNearNoon } from './reports-helpers.js';
import { untilValue } from '../support/wait.js';

const baseUrl = inject('baseUrl');
const chromium = useChromium();
const TABLE = 'Table 5';
const broker = useBroker({ tables: [TABLE] });
const machines = useMachines();

/** What the pit is promised: a hand on the reports page within 5 s of the clerk's key. */
const WITHIN_MS = 5_000;
const PIT_LOGIN = { name: 'pit-boss', password: 'a pit boss password of some length' };

let scratch: string;
let bacc: (...args: string[]) => Run;
let bin: string;
beforeAll(async () => {
  mkdirSync(join(root, '.tmp'), { recursive: true });
  scratch = mkdtempSync(join(root, '.tmp', 'reports-live-'));
  ({ bacc, bin } = await baccIn(join(scratch, 'bacc')));
});
afterAll(() => {
  killStarted();
  rmSync(scratch, { recursive: true, force: true });
});

/**
 * Presses `key` on the console and resolves with the ms from just before the press to the first
 * frame the reports page shows `expected` hands for the table (checked at every frame in the page;
 * both pages read the one machine's clock).
 */
async function pressUntilShown(console: Page, reports: Page, key: string, expected: number): Promise<number> {
  const watching = reports.waitForFunction(
    `(() => { const shown = ${HANDS_IN}(${REPORTS}, ${JSON.stringify(TABLE)}); return shown === ${expected} ? Date.now() : false; })()`,
    undefined,
    { polling: 'raf', timeout: ACROSS_THE_ROOM },
  );
  const pressedAt = Date.now();
  await console.keyboard.press(key);
  try {
    const shownAt = (await (await watching).jsonValue()) as number;
    return shownAt - pressedAt;
  } catch (error) {
    throw new Error(
      `after "${key}" the reports page shows ${String(await handsShown(reports, TABLE))} hands for ${TABLE}, not ${expected}`,
      {
        cause: error,
      },
    );
  }
}

describe('the reports page following the room (#26)', () => {
  it('shows each hand a clerk keys in, and an undo, within 5 s of the key press', async () => {
    const db = join(scratch, 'ledger.sqlite');
    const recorder = await startRecorder(bacc, { broker: broker(), db, pageOrigin: new URL(baseUrl).origin, name: 'reports-live' });
    // The pit boss's login, made in the running recorder's ledger as the reports guide has it.
    expect(await addLogin(bin, db, PIT_LOGIN.name, PIT_LOGIN.password)).not.toContain(PIT_LOGIN.password);

    const clerk = await openConsole(chromium(), baseUrl, broker(), TABLE);
    machines.push(clerk);
    await startShoe(clerk.page);

    // The pit boss's machine: another browser context, its clock in a zone where it is about noon,
    // so the day it shows (today, by default) holds the hands of now whatever the hour the test runs.
    const context = await chromium().newContext({ viewport: { width: 1366, height: 768 }, timezoneId: zoneNearNoon() });
    const reports = await context.newPage();
    const logs: string[] = [];
    reports.on('console', (message) => logs.push(`${message.type()}: ${message.text()}`));
    reports.on('pageerror', (error) => logs.push(`pageerror: ${error.message}`));
    machines.push({ context, page: reports, logs });
    await signInForTab(context, recorder.api, PIT_LOGIN.name, PIT_LOGIN.password);
    await reports.goto(`${baseUrl}?mode=reports`);
    // The shoe started, no hand yet: the table is on the page with none.
    await untilValue(
      () => handsShown(reports, TABLE),
      (shown) => shown === 0,
      `${TABLE} with no hands on the reports page`,
      ACROSS_THE_ROOM,
    );

    const latencies: { step: string; ms: number }[] = [];
    const step = async (what: string, key: string, expected: number): Promise<void> => {
      const ms = await pressUntilShown(clerk.page, reports, key, expected);
      latencies.push({ step: what, ms });
      console.log(`reports page, key press to the count shown: ${what} ${ms} ms`);
      expect(ms, `${what}: ${ms} ms from the key press to the reports page (so far: ${JSON.stringify(latencies)})`).toBeLessThanOrEqual(
        WITHIN_MS,
      );
      // The console kept what was keyed: the page counts the clerk's hands, not something else.
      const held = await untilValue(
        () => consoleState(clerk.page),
        (state) => state.unsaved === 0,
        'the console to write its shoe',
        ACROSS_THE_ROOM,
      );
      expect(held.outcomes.length, what).toBe(expected);
    };
    await step('hand 1 (B)', 'b', 1);
    await step('hand 2 (P)', 'p', 2);
    await step('hand 3 (T)', 't', 3);
    await step('hand 4 (B)', 'b', 4);
    // U undoes the last hand: the count goes back down. The console then asks why; the clerk answers 1.
    await step('undo of hand 4', 'u', 3);
    await clerk.page.keyboard.press('1');
    await clerk.page.waitForFunction(
      () => document.querySelector('bacc-kiosk')?.shadowRoot?.querySelector('bacc-operator')?.consoleController.reasonWanted === null,
    );
    await step('hand 4 again (P)', 'p', 4);
    await step('hand 5 (B)', 'b', 5);

    console.log(`reports page, key press to the count shown: ${latencies.map(({ step, ms }) => `${step} ${ms} ms`).join('; ')}`);
    expect(logs.filter((line) => /^(error|pageerror)/.test(line))).toEqual([]);
    expect(await end(recorder.run)).toBe(0);
  }, 180_000);
});

describe('signing in to the recorder with the reports page’s form (#26)', () => {
  // The form against the real recorder: the browser tests' fake recorder answers as the contract says,
  // and this holds the two together (the page once wanted a `name` the recorder does not send).
  it('signs in with a login of bacc recorder user add and shows the recorder’s tables', async () => {
    const db = join(scratch, 'sign-in.sqlite');
    const recorder = await startRecorder(bacc, { broker: broker(), db, pageOrigin: new URL(baseUrl).origin, name: 'reports-sign-in' });
    await addLogin(bin, db, PIT_LOGIN.name, PIT_LOGIN.password);
    const context = await chromium().newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    machines.push({ context, page, logs: [] });
    await page.goto(`${baseUrl}?mode=reports`);
    await signIn(page, recorder.api, PIT_LOGIN.name, PIT_LOGIN.password);
    expect(await page.locator('bacc-reports .who span').textContent()).toBe(
      `${PIT_LOGIN.name} (pit) signed in to the recorder at ${recorder.api}`,
    );
    // It reads the report with the token it was given: the page says when, and no problem.
    await page
      .locator('bacc-reports .updated')
      .filter({ hasText: /^\s*Last updated/ })
      .waitFor({ timeout: ACROSS_THE_ROOM });
    expect(await page.locator('bacc-reports .problem').count()).toBe(0);
    expect(await end(recorder.run)).toBe(0);
  });
});
