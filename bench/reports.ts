/**
 * The pit's reports on the record bench's year (7 M hands, 20 tables; bench/record.ts generates it):
 * the recorder's pit API answering a day's report, and the reports page in Chromium showing a day's
 * figures once the pit boss picks the day, as a pit boss meets it (target ≤ 500 ms).
 */
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { build, preview } from 'vite';
import { openLedgerDatabase } from '../server/src/record/database.js';
import { pitApi } from '../server/src/pit/http.js';
import { PitLogins } from '../server/src/pit/logins.js';
import { chromiumLaunchOptions } from './chromium.js';
import { upperBoundFigure, type BenchFigure } from './harness.js';
import { generatedYear } from './record.js';
import { YEAR_START, YEAR_TABLES } from './record-year.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const FIRST_FIGURES_MS = 500;
const DAY_MS = 86_400_000;
const SAMPLES = 7;
/** A day in the middle of the year's samples, then others spread over it. */
const sampleDay = (sample: number): string => new Date(YEAR_START + (40 + (((sample + 1) * 43) % 300)) * DAY_MS).toISOString().slice(0, 10);

/** Where the reports page keeps the tab's sign-in and the recorder's address (recorder-session.ts). */
const SESSION_KEY = 'bacc-reports-session';
const ADDRESS_KEY = 'bacc-reports-recorder';

/** In the page: the reports element, through the kiosk's shadow root. */
const REPORTS = `document.querySelector('bacc-kiosk')?.shadowRoot?.querySelector('bacc-reports')`;
/** In the page: the rows of the per-table figures (-1 before the page shows them). */
const TABLE_ROWS = `(${REPORTS}?.shadowRoot?.querySelectorAll('section[aria-labelledby="tables-title"] tbody tr').length ?? -1)`;

/**
 * In the page: picks `day` and resolves with the ms until `tables` rows of figures are painted,
 * checked at each frame, as the figures reach the screen.
 */
const pickDayScript = (day: string, tables: number): string => `new Promise((resolve, reject) => {
  const input = ${REPORTS}.shadowRoot.querySelector('input[type="date"]');
  const started = performance.now();
  input.value = ${JSON.stringify(day)};
  input.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
  const check = () => {
    if (${TABLE_ROWS} === ${tables}) resolve(performance.now() - started);
    else if (performance.now() - started > 30000) reject(new Error('no figures for ${day} in 30 s'));
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})`;

export async function reportsBenchmarks(): Promise<BenchFigure[]> {
  const year = await generatedYear();
  const database = await openLedgerDatabase(year.sqlite);
  const password = 'bench reports password';
  await new PitLogins(database.db).set('bench-pit', password, 'pit');
  const outDir = `${root}.tmp/bench-app`;
  await build({ root, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  const server = await preview({ root, logLevel: 'warn', build: { outDir }, preview: { host: '127.0.0.1', port: 0, strictPort: false } });
  const pageAddress = server.httpServer.address();
  if (pageAddress === null || typeof pageAddress === 'string') throw new Error('no preview port');
  const origin = `http://127.0.0.1:${pageAddress.port}`;
  const api = await pitApi({ database, allowOrigins: [origin] });
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const recorder = await api.listen({ host: '127.0.0.1', port: 0 });
    const login = await fetch(`${recorder}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'bench-pit', password }),
    });
    const session = {
      address: recorder,
      name: 'bench-pit',
      ...((await login.json()) as { token: string; role: string; expiresAt: string }),
    };

    // The API alone: a day's report of every table, as the page asks for it.
    const apiTimes: number[] = [];
    for (let sample = -1; sample < SAMPLES; sample++) {
      const from = `${sampleDay(sample)}T00:00:00.000Z`;
      const to = new Date(Date.parse(from) + DAY_MS).toISOString();
      const started = performance.now();
      const response = await fetch(`${recorder}/api/reports?from=${from}&to=${to}`, {
        headers: { authorization: `Bearer ${session.token}` },
      });
      const report = (await response.json()) as { tables: unknown[] };
      if (report.tables.length !== YEAR_TABLES) throw new Error(`the report of ${from} has ${report.tables.length} tables`);
      if (sample >= 0) apiTimes.push(performance.now() - started);
    }

    // The page, signed in for its tab as the sign-in leaves it, a day picked in its form.
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await page.addInitScript(
      `sessionStorage.setItem(${JSON.stringify(SESSION_KEY)}, ${JSON.stringify(JSON.stringify(session))});
       localStorage.setItem(${JSON.stringify(ADDRESS_KEY)}, ${JSON.stringify(recorder)});`,
    );
    await page.goto(`${origin}/?mode=reports`);
    const day = page.locator('bacc-reports input[type="date"]');
    await day.waitFor();
    await page.locator('bacc-reports select').first().selectOption('day');
    const pageTimes: number[] = [];
    for (let sample = -1; sample < SAMPLES; sample++) {
      // A day before the year first (no figures), so the next figures are the picked day's.
      await day.fill('2024-06-01');
      await page.waitForFunction(`${TABLE_ROWS} <= 0`);
      const elapsed = await page.evaluate<number>(pickDayScript(sampleDay(sample), YEAR_TABLES));
      if (sample >= 0) pageTimes.push(elapsed);
    }
    return [
      upperBoundFigure(
        `reports on the record year (SQLite, ${(year.hands / 1e6).toFixed(2)} M hands): GET /api/reports of a day, every table (${YEAR_TABLES})`,
        apiTimes,
        'ms',
        FIRST_FIGURES_MS,
      ),
      upperBoundFigure(
        `reports on the record year (SQLite): the reports page in Chromium, a day picked to its ${YEAR_TABLES} tables' figures on screen`,
        pageTimes,
        'ms',
        FIRST_FIGURES_MS,
      ),
    ];
  } finally {
    await browser.close();
    await api.close();
    await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
    await database.close();
  }
}
