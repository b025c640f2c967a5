/**
 * Evidence benchmarks (issue #17) in Chromium: `<bacc-evidence>` from a production build, dealing,
 * road-tracking and tallying in its module workers. Per worker (one worker) and with all the
 * workers the browser reports, in hands per second; 10 M hands' wall time; and the longest gap
 * between two frames of a requestAnimationFrame loop during the run (the page must stay
 * responsive). The page is generated into .tmp, so no page of the app's own is needed.
 */
import { build, preview } from 'vite';
import { chromium, type Page } from 'playwright-core';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { rateFigure, upperBoundFigure, type BenchFigure } from './harness.js';
import { chromiumLaunchOptions } from './chromium.js';

/** The repository, from lib/bench/ (npm run bench) or from bench/ (the end-to-end test, run as TypeScript). */
const root = fileURLToPath(new URL(import.meta.url.includes('/lib/bench/') ? '../..' : '..', import.meta.url));

/** What one timed run in the page reports. */
export interface EvidencePageRun {
  hands: number;
  seconds: number;
  workers: number;
  /** Longest gap between two animation frames from the start to the frame after the result, ms. */
  longestFrameGap: number;
  /** Longest main-thread task the page reported (long tasks are 50 ms or more; 0 when none). */
  longestTask: number;
  /** The measurements, as JSON (NaN as null). */
  measurementsJson: string;
}

const PAGE = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><meta name="viewport" content="width=device-width" /><title>Evidence benchmark</title></head>
  <body style="margin: 0; background: #0b0f14; color: #eee">
    <script type="module">
      import '/components/app/evidence/bacc-evidence.ts';
      globalThis.evidenceBench = {
        async run(hands, workers, seed) {
          document.querySelector('bacc-evidence')?.remove();
          const element = document.createElement('bacc-evidence');
          Object.assign(element, { hands, workers, seed });
          document.body.append(element);
          await element.updateComplete;
          let longestTask = 0;
          const observer = new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) longestTask = Math.max(longestTask, entry.duration);
          });
          observer.observe({ type: 'longtask' });
          let longestFrameGap = 0;
          let going = true;
          let last = performance.now();
          const frame = (now) => {
            longestFrameGap = Math.max(longestFrameGap, now - last);
            last = now;
            if (going) requestAnimationFrame(frame);
          };
          await new Promise((resolve) => requestAnimationFrame((now) => { last = now; resolve(); }));
          requestAnimationFrame(frame);
          const detail = await new Promise((resolve) => {
            element.addEventListener('bacc-evidence-done', (event) => resolve(event.detail), { once: true });
            element.start();
          });
          // The frame that shows the finished table counts too.
          await element.updateComplete;
          await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
          going = false;
          observer.disconnect();
          return {
            hands: detail.hands,
            seconds: detail.seconds,
            workers: detail.workers,
            longestFrameGap,
            longestTask,
            measurementsJson: JSON.stringify(detail.measurements),
          };
        },
        /**
         * The longest main-thread task (a PerformanceObserver for 'longtask'; 0 when none of 50 ms)
         * from putting a new element on the page, in a box of the screen's size as a kiosk's panel
         * is, until a second after its run of \`hands\` is done: its first render, the charts made,
         * the sentences laid out and turned.
         */
        async create(hands, seed) {
          document.querySelector('bacc-evidence')?.remove();
          await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
          let longestTask = 0;
          const observer = new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) longestTask = Math.max(longestTask, entry.duration);
          });
          observer.observe({ type: 'longtask' });
          const element = document.createElement('bacc-evidence');
          Object.assign(element, { hands, seed, autostart: true });
          element.style.cssText = 'position: fixed; inset: 0';
          const finished = new Promise((resolve) => element.addEventListener('bacc-evidence-done', resolve, { once: true }));
          document.body.append(element);
          await finished;
          await new Promise((resolve) => setTimeout(resolve, 1000));
          observer.disconnect();
          return longestTask;
        },
        /** Main-thread time of one redraw of the finished table (measurements read out, sentences, six charts), ms each. */
        async redraws(count) {
          const element = document.querySelector('bacc-evidence');
          const tally = element.currentRun.plan.tally;
          const times = [];
          for (let i = 0; i < count; i++) {
            await new Promise((resolve) => requestAnimationFrame(resolve));
            const start = performance.now();
            element.showTally(tally);
            await element.updateComplete;
            times.push(performance.now() - start);
          }
          return times;
        },
      };
    </script>
  </body>
</html>
`;

/** Builds the benchmark page (production build) and serves it on 127.0.0.1; `url` is the page. */
export async function serveEvidencePage(): Promise<{ url: string; close: () => Promise<void> }> {
  const pageDir = `${root}.tmp/evidence-page`;
  const outDir = `${root}.tmp/evidence-dist`;
  mkdirSync(pageDir, { recursive: true });
  writeFileSync(`${pageDir}/index.html`, PAGE);
  // Vitest sets NODE_ENV=test, which would make Vite build Lit's development bundle: measure what ships.
  const nodeEnv = process.env['NODE_ENV'];
  process.env['NODE_ENV'] = 'production';
  try {
    await build({
      root,
      mode: 'production',
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true, rollupOptions: { input: { evidence: `${pageDir}/index.html` } } },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env['NODE_ENV'];
    else process.env['NODE_ENV'] = nodeEnv;
  }
  const server = await preview({ root, logLevel: 'warn', build: { outDir }, preview: { host: '127.0.0.1', port: 0, strictPort: false } });
  const address = server.httpServer.address();
  if (address === null || typeof address === 'string') throw new Error('no preview port');
  return { url: `http://127.0.0.1:${address.port}/.tmp/evidence-page/index.html`, close: () => server.close() };
}

/** One run in the page: `workers` 0 for one per core the browser reports. */
export function runInPage(page: Page, hands: number, workers: number, seed: string): Promise<EvidencePageRun> {
  return page.evaluate(
    ([h, w, s]) =>
      (globalThis as unknown as { evidenceBench: { run(h: number, w: number, s: string): Promise<EvidencePageRun> } }).evidenceBench.run(
        h,
        w,
        s,
      ),
    [hands, workers, seed] as const,
  );
}

/** The longest main-thread task from putting a new element on the page until a second after its run (0: none of 50 ms or more). */
export function createInPage(page: Page, hands: number, seed: string): Promise<number> {
  return page.evaluate(
    ([h, s]) => (globalThis as unknown as { evidenceBench: { create(h: number, s: string): Promise<number> } }).evidenceBench.create(h, s),
    [hands, seed] as const,
  );
}

export async function evidenceBenchmarks(): Promise<BenchFigure[]> {
  const served = await serveEvidencePage();
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await page.goto(served.url);
    await page.waitForFunction(() => 'evidenceBench' in globalThis);
    const cores = await page.evaluate<number>('navigator.hardwareConcurrency');
    // Warm up: the workers' script fetched and compiled once, the page's code run once.
    await runInPage(page, 2_000_000, 0, 'warm-all');
    await runInPage(page, 1_000_000, 1, 'warm-one');

    const perWorker: number[] = [];
    const allWorkers: number[] = [];
    const tenMillion: number[] = [];
    const gaps: number[] = [];
    const tasks: number[] = [];
    for (let round = 0; round < 3; round++) {
      const one = await runInPage(page, 4_000_000, 1, `one-${round}`);
      perWorker.push(one.hands / one.seconds / 1e6);
      const all = await runInPage(page, 10_000_000, 0, `all-${round}`);
      allWorkers.push(all.hands / all.seconds / 1e6);
      tenMillion.push(all.seconds);
      gaps.push(all.longestFrameGap, one.longestFrameGap);
      tasks.push(all.longestTask, one.longestTask);
    }
    const redraws = await page.evaluate<number[]>('evidenceBench.redraws(30)');
    // Put on the page as the attract kiosk does after a shoe: the first time (in a fresh page) and again.
    const creations: number[] = [];
    for (let round = 0; round < 3; round++) {
      const fresh = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
      await fresh.goto(served.url);
      await fresh.waitForFunction(() => 'evidenceBench' in globalThis);
      creations.push(await createInPage(fresh, 2_000_000, `create-${round}`));
      creations.push(await createInPage(fresh, 2_000_000, `again-${round}`));
      await fresh.close();
    }
    return [
      rateFigure(
        'evidence: hands dealt, road-tracked and tallied per second, 1 worker (Chromium, production build)',
        perWorker,
        'M hands/s',
        5,
      ),
      rateFigure(`evidence: hands per second, all ${cores} workers`, allWorkers, 'M hands/s', 10),
      upperBoundFigure(`evidence: 10 M hands, wall time from start to the finished table, ${cores} workers`, tenMillion, 's', 1.5),
      upperBoundFigure('evidence: longest gap between animation frames during a run', gaps, 'ms', 50),
      upperBoundFigure('evidence: main-thread work of one redraw (read out, sentences, six charts)', redraws, 'ms', 16),
      {
        ...upperBoundFigure('evidence: longest main-thread task during a run (0: none of 50 ms or more)', tasks, 'ms', 50),
        target: 'information',
      },
      upperBoundFigure(
        'evidence: longest main-thread task putting the element on the page, to a second after its 2 M hands (0: none of 50 ms or more)',
        creations,
        'ms',
        50,
      ),
    ];
  } finally {
    await browser.close();
    await served.close();
  }
}

/** `node lib/bench/evidence.js`: these figures alone. */
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const figure of await evidenceBenchmarks())
    console.log(
      `${figure.name}: median ${figure.median.toFixed(2)} ${figure.unit} (p25 ${figure.p25.toFixed(2)}, p75 ${figure.p75.toFixed(2)})  ${figure.target} ${figure.met ? 'met' : 'MISSED'}`,
    );
}
