/**
 * Storage benchmarks in Chromium: the app's IndexedDB store, production build, driven by
 * playwright-core in Debian's Chromium, like the display benchmarks.
 */
import { build, preview } from 'vite';
import { chromium } from 'playwright-core';
import { fileURLToPath } from 'node:url';
import { upperBoundFigure, type BenchFigure } from './harness.js';
import { chromiumLaunchOptions } from './chromium.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
type StorageWindow = {
  storageBench: {
    populate(shoes: number): Promise<number>;
    saveHands(seed: string): Promise<number[]>;
    exportAll(): Promise<{ ms: number; shoes: number; bytes: number }>;
  };
};

export async function storageBenchmarks(): Promise<BenchFigure[]> {
  const outDir = `${root}.tmp/bench-storage-dist`;
  // The benchmark page, then the app on its own into the same folder (one origin, one IndexedDB), as
  // `npm run build` builds it: built as two inputs of one build, the modules they share were split
  // into chunks the real app does not have (more module requests to open History than the app makes).
  // The page's files go under bench/, which the app's service worker leaves out of its precache.
  await build({
    root,
    logLevel: 'warn',
    build: {
      outDir,
      emptyOutDir: true,
      assetsDir: 'bench/assets',
      rollupOptions: { input: { storage: `${root}bench/pages/storage.html` } },
    },
  });
  await build({ root, logLevel: 'warn', build: { outDir, emptyOutDir: false } });
  const server = await preview({ root, logLevel: 'warn', build: { outDir }, preview: { host: '127.0.0.1', port: 0, strictPort: false } });
  const address = server.httpServer.address();
  if (address === null || typeof address === 'string') throw new Error('no preview port');
  const origin = `http://127.0.0.1:${address.port}`;
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const page = await context.newPage();
    await page.goto(`${origin}/bench/pages/storage.html`);
    await page.waitForFunction(() => 'storageBench' in globalThis);
    // Functions passed to page.evaluate run in the page: they reach the bench through globalThis.
    const saveTimes: number[] = [];
    for (let shoe = 0; shoe < 5; shoe++)
      saveTimes.push(
        ...(await page.evaluate((seed) => (globalThis as unknown as StorageWindow).storageBench.saveHands(seed), `save-${shoe}`)),
      );

    const hands = await page.evaluate(() => (globalThis as unknown as StorageWindow).storageBench.populate(1000));
    const exports: number[] = [];
    let size = 0;
    for (let i = 0; i < 5; i++) {
      const result = await page.evaluate(() => (globalThis as unknown as StorageWindow).storageBench.exportAll());
      if (result.shoes !== 1000) throw new Error(`export read ${result.shoes} shoes, not 1000`);
      exports.push(result.ms);
      size = result.bytes;
    }

    // Opening the app on its history: from navigation start to the first page of rows on screen.
    // A check on every animation frame, from the page's first script, finds the rows; the frame
    // they are in has been produced when a task queued from that animation frame runs, and the
    // page reports that time through a binding. Nothing of the benchmark's own runs in the page
    // meanwhile: polling with waitForFunction injected Playwright's script into the page while
    // it loaded, ~50–80 ms of main-thread work inside the window measured.
    // (A script string: this file is compiled for Node, without the DOM's types.)
    let reportShown: (at: number) => void = () => undefined;
    await context.exposeBinding('historyShown', (_source, at: number) => reportShown(at));
    await context.addInitScript({
      content: `
        const found = () => (document.querySelector('bacc-kiosk')?.shadowRoot?.querySelector('bacc-history')
          ?.shadowRoot?.querySelectorAll('tr[data-shoe-id]').length ?? 0) >= 20;
        const check = () => { if (found()) setTimeout(() => globalThis.historyShown(performance.now()), 0); else requestAnimationFrame(check); };
        requestAnimationFrame(check);`,
    });
    // Two openings unrecorded first, as every benchmark here warms up (bench/harness.ts): the app's
    // first opening in a fresh browser is its first run at all, not History opened beside a console
    // or kiosk that has been running; then 21 openings, so one slow opening moves the median less.
    const opening: number[] = [];
    for (let i = 0; i < 2 + 21; i++) {
      const app = await context.newPage();
      const shown = new Promise<number>((resolve, reject) => {
        reportShown = resolve;
        setTimeout(() => reject(new Error('the history did not show 20 rows within 30 s')), 30_000).unref();
      });
      await app.goto(`${origin}/?mode=history`, { waitUntil: 'commit' });
      const at = await shown;
      if (i >= 2) opening.push(at);
      await app.close();
    }

    return [
      upperBoundFigure(
        'storage: open the app with 1,000 stored shoes and show the first page of history (navigation start to 20 rows on screen), Chromium',
        opening,
        'ms',
        300,
      ),
      upperBoundFigure('storage: save one hand (its own IndexedDB transaction with the shoe summary), Chromium', saveTimes, 'ms', 5),
      upperBoundFigure(
        `storage: export 1,000 stored shoes (${hands} hands) to a JSON document of ${(size / 2 ** 20).toFixed(1)} MiB, Chromium`,
        exports,
        'ms',
        2000,
      ),
    ];
  } finally {
    await browser.close();
    await server.close();
  }
}
