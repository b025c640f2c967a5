/**
 * The attract kiosk taking turns between the scoreboard and the evidence panel (`evidence=`,
 * issue #17), in Chromium from a production build: the JS heap and DOM nodes after a few warm-up turns
 * against after several more, so that a panel that leaves the page leaves nothing behind (its
 * workers, its charts, its listeners). One-deck shoes at 0.2 s a hand keep each turn short.
 */
import { build, preview } from 'vite';
import { chromium, type Page } from 'playwright-core';
import { fileURLToPath } from 'node:url';
import type { BenchFigure } from './harness.js';
import { CHROMIUM_ARGS } from './chromium.js';

const root = fileURLToPath(new URL(import.meta.url.includes('/lib/bench/') ? '../..' : '..', import.meta.url));

/** Turns before the first measurement: V8 compiles the hot code for a few minutes, which grows the heap and then levels off. */
const WARM_UP_TURNS = 4;
/** Turns measured after those: each is a one-deck shoe and 5 s of evidence. */
const TURNS = 6;

/** Whether the kiosk shows the evidence panel now. */
function evidenceShown(page: Page): Promise<boolean> {
  return page.evaluate<boolean>("document.querySelector('bacc-kiosk')?.shadowRoot?.querySelector('bacc-evidence') != null");
}

async function waitFor(page: Page, shown: boolean): Promise<void> {
  for (const end = Date.now() + 60_000; (await evidenceShown(page)) !== shown; await page.waitForTimeout(100)) {
    if (Date.now() > end) throw new Error(`the kiosk never ${shown ? 'showed' : 'left'} the evidence panel`);
  }
}

/** The heap after garbage collection, and every node in the page, shadow roots included. */
async function heapAndNodes(page: Page): Promise<{ heap: number; nodes: number }> {
  const session = await page.context().newCDPSession(page);
  for (let i = 0; i < 3; i++) await session.send('HeapProfiler.collectGarbage');
  const { usedSize } = await session.send('Runtime.getHeapUsage');
  await session.detach();
  const nodes = await page.evaluate<number>(`(() => {
    const count = (root) => [...root.querySelectorAll('*')].reduce((sum, element) => sum + 1 + (element.shadowRoot ? count(element.shadowRoot) : 0), 0);
    return count(document);
  })()`);
  return { heap: usedSize, nodes };
}

export async function kioskPanelBenchmarks(): Promise<BenchFigure[]> {
  const outDir = `${root}.tmp/kiosk-panels-dist`;
  const nodeEnv = process.env['NODE_ENV'];
  process.env['NODE_ENV'] = 'production';
  try {
    await build({ root, mode: 'production', logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  } finally {
    if (nodeEnv === undefined) delete process.env['NODE_ENV'];
    else process.env['NODE_ENV'] = nodeEnv;
  }
  const server = await preview({ root, logLevel: 'warn', build: { outDir }, preview: { host: '127.0.0.1', port: 0, strictPort: false } });
  const address = server.httpServer.address();
  if (address === null || typeof address === 'string') throw new Error('no preview port');
  const browser = await chromium.launch({
    executablePath: process.env['CHROME_PATH'] ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    headless: true,
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await page.goto(`http://127.0.0.1:${address.port}/?decks=1&speed=0.2&seed=panels&evidence=5&table=Bench%20panels`);
    // The first turns load every part and warm the compiled code up: measured from their end.
    for (let turn = 0; turn < WARM_UP_TURNS; turn++) {
      await waitFor(page, true);
      await waitFor(page, false);
    }
    const first = await heapAndNodes(page);
    for (let turn = 0; turn < TURNS; turn++) {
      await waitFor(page, true);
      await waitFor(page, false);
    }
    const last = await heapAndNodes(page);
    const figure = (name: string, growth: number, detail: string): BenchFigure => ({
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
      figure(
        `kiosk: JS heap after ${TURNS} more turns of scoreboard and evidence panel against after ${WARM_UP_TURNS} warm-up turns`,
        last.heap / first.heap - 1,
        `${(first.heap / 2 ** 20).toFixed(1)} → ${(last.heap / 2 ** 20).toFixed(1)} MiB`,
      ),
      figure(
        `kiosk: DOM nodes after ${TURNS} more turns against after ${WARM_UP_TURNS} warm-up turns`,
        last.nodes / first.nodes - 1,
        `${first.nodes} → ${last.nodes} nodes`,
      ),
    ];
  } finally {
    await browser.close();
    await server.close();
  }
}
