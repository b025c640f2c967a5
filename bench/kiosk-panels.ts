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
import { chromiumLaunchOptions } from './chromium.js';
import { until } from '../test/support/wait.js';

const root = fileURLToPath(new URL(import.meta.url.includes('/lib/bench/') ? '../..' : '..', import.meta.url));

/** Turns before the first measurement: V8 compiles the hot code for a few minutes, which grows the heap and then levels off. */
const WARM_UP_TURNS = 4;
/** Turns measured after those: each is a one-deck shoe and 5 s of evidence. */
const TURNS = 6;

/** Whether the kiosk shows the evidence panel now. */
function evidenceShown(page: Page): Promise<boolean> {
  return page.evaluate<boolean>(
    "document.querySelector('bacc-kiosk')?.shadowRoot?.querySelector('bacc-attract')?.shadowRoot?.querySelector('bacc-evidence') != null",
  );
}

function panelShown(page: Page, shown: boolean): Promise<void> {
  return until(
    async () => (await evidenceShown(page)) === shown,
    `the kiosk to ${shown ? 'show' : 'leave'} the evidence panel`,
    60_000,
    100,
  );
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
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    // Side by side, each in a context of its own: the kiosk taking turns with the panel, and the
    // same kiosk without it. V8 compiles hot code for minutes, which grows any page's heap; the
    // panel's own growth is the difference between the two over the same time.
    const open = async (query: string): Promise<Page> => {
      const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
      const page = await context.newPage();
      await page.goto(`http://127.0.0.1:${address.port}/?decks=1&speed=0.2&${query}`);
      return page;
    };
    const panels = await open('seed=panels&evidence=5&table=Bench%20panels');
    const plain = await open('seed=panels&table=Bench%20plain');
    const turns = async (count: number) => {
      for (let turn = 0; turn < count; turn++) {
        await panelShown(panels, true);
        await panelShown(panels, false);
      }
    };
    await turns(WARM_UP_TURNS);
    const [panelsFirst, plainFirst] = [await heapAndNodes(panels), await heapAndNodes(plain)];
    await turns(TURNS);
    const [panelsLast, plainLast] = [await heapAndNodes(panels), await heapAndNodes(plain)];
    const panelGrowth = panelsLast.heap / panelsFirst.heap - 1;
    const plainGrowth = plainLast.heap / plainFirst.heap - 1;
    const points = (panelGrowth - plainGrowth) * 100;
    const nodes = panelsLast.nodes / panelsFirst.nodes - 1;
    return [
      {
        name: `kiosk: JS heap growth over ${TURNS} turns of scoreboard and evidence panel, less the same kiosk's without the panel over the same time (after ${WARM_UP_TURNS} warm-up turns; ${(panelsFirst.heap / 2 ** 20).toFixed(1)} → ${(panelsLast.heap / 2 ** 20).toFixed(1)} MiB against ${(plainFirst.heap / 2 ** 20).toFixed(1)} → ${(plainLast.heap / 2 ** 20).toFixed(1)} MiB)`,
        median: points,
        p25: points,
        p75: points,
        unit: 'percentage points',
        samples: 1,
        target: '≤ 5 percentage points',
        met: points <= 5,
      },
      {
        name: `kiosk: DOM nodes after ${TURNS} more turns against after ${WARM_UP_TURNS} warm-up turns (${panelsFirst.nodes} → ${panelsLast.nodes} nodes)`,
        median: nodes * 100,
        p25: nodes * 100,
        p75: nodes * 100,
        unit: '% growth',
        samples: 1,
        target: '≤ 10 % growth',
        met: nodes <= 0.1,
      },
    ];
  } finally {
    await browser.close();
    await server.close();
  }
}
