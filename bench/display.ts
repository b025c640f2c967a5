/**
 * Display benchmarks in Chromium: the production build of a benchmark page, served on
 * 127.0.0.1 and driven by playwright-core in Debian's Chromium.
 */
import { build, preview } from 'vite';
import { chromium, type Page } from 'playwright-core';
import { fileURLToPath } from 'node:url';
import { upperBoundFigure, type BenchFigure } from './harness.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const args = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync', '--js-flags=--expose-gc'];

type BenchWindow = {
  bench: {
    firstPaintOfRoads(seed: string): Promise<number>;
    mountScoreboard(seed: string, count: number): Promise<void>;
    oneMoreHand(): Promise<number>;
    dealMany(count: number, paintEvery: number, seed: string): Promise<number>;
    countNodes(): number;
  };
  gc(): void;
};

async function heapAndNodes(page: Page): Promise<{ heap: number; nodes: number }> {
  const session = await page.context().newCDPSession(page);
  for (let i = 0; i < 3; i++) await session.send('HeapProfiler.collectGarbage');
  const { usedSize } = await session.send('Runtime.getHeapUsage');
  await session.detach();
  const nodes = await page.evaluate(() => (globalThis as unknown as BenchWindow).bench.countNodes());
  return { heap: usedSize, nodes };
}

export async function displayBenchmarks(): Promise<BenchFigure[]> {
  const outDir = `${root}.tmp/bench-dist`;
  await build({ root, logLevel: 'warn', build: { outDir, emptyOutDir: true, rollupOptions: { input: { display: `${root}bench/pages/display.html` } } } });
  const server = await preview({ root, logLevel: 'warn', build: { outDir }, preview: { host: '127.0.0.1', port: 0, strictPort: false } });
  const address = server.httpServer.address();
  if (address === null || typeof address === 'string') throw new Error('no preview port');
  const browser = await chromium.launch({ executablePath: process.env['CHROME_PATH'] ?? '/usr/bin/chromium', args, headless: true });
  try {
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await page.goto(`http://127.0.0.1:${address.port}/bench/pages/display.html`);
    await page.waitForFunction(() => 'bench' in globalThis);

    const firstPaint: number[] = [];
    for (let i = 0; i < 25; i++) {
      firstPaint.push(await page.evaluate((seed) => (globalThis as unknown as BenchWindow).bench.firstPaintOfRoads(seed), `first-${i}`));
    }

    const moreHand: number[] = [];
    for (let round = 0; round < 6; round++) {
      await page.evaluate((seed) => (globalThis as unknown as BenchWindow).bench.mountScoreboard(seed, 40), `more-${round}`);
      for (let i = 0; i < 10; i++) moreHand.push(await page.evaluate(() => (globalThis as unknown as BenchWindow).bench.oneMoreHand()));
    }

    // Leak check: the level after the first shoe against the level after 10,000 hands.
    await page.evaluate(() => (globalThis as unknown as BenchWindow).bench.mountScoreboard('soak', 0));
    await page.evaluate(() => (globalThis as unknown as BenchWindow).bench.dealMany(85, 5, 'soak-first'));
    const afterFirstShoe = await heapAndNodes(page);
    const shoes = await page.evaluate(() => (globalThis as unknown as BenchWindow).bench.dealMany(10_000, 25, 'soak'));
    const afterAll = await heapAndNodes(page);

    const heapGrowth = afterAll.heap / afterFirstShoe.heap - 1;
    const nodeGrowth = afterAll.nodes / afterFirstShoe.nodes - 1;
    const percentFigure = (name: string, growth: number, detail: string): BenchFigure => ({
      name: `${name} (${detail})`,
      median: growth * 100,
      p25: growth * 100,
      p75: growth * 100,
      unit: '% growth',
      samples: 1,
      target: '≤ 10 % growth',
      met: growth <= 0.1,
    });
    return [
      upperBoundFigure('display: first paint of a full 80-hand shoe in every road (Chromium, production build)', firstPaint, 'ms', 16),
      upperBoundFigure('display: one more hand on the scoreboard, property set to painted (Chromium)', moreHand, 'ms', 4),
      percentFigure('display: JS heap after 10,000 auto-dealt hands against after the first shoe', heapGrowth, `${shoes} shoes; ${(afterFirstShoe.heap / 2 ** 20).toFixed(1)} → ${(afterAll.heap / 2 ** 20).toFixed(1)} MiB`),
      percentFigure('display: DOM nodes after 10,000 auto-dealt hands against after the first shoe', nodeGrowth, `${afterFirstShoe.nodes} → ${afterAll.nodes} nodes`),
    ];
  } finally {
    await browser.close();
    await server.close();
  }
}
