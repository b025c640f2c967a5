import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { Readable } from 'node:stream';
import { main } from '../../bin/cli.js';
import { createInPage, runInPage, serveEvidencePage } from '../../bench/evidence.js';
import { useChromium } from './browser.js';

/**
 * `<bacc-evidence>` from a production build (the benchmark's page): the same table as
 * `bacc evidence` for the same seed, and a page that keeps drawing frames while every worker deals.
 */

const chromium = useChromium();
let served: Awaited<ReturnType<typeof serveEvidencePage>> | undefined;

beforeAll(async () => {
  served = await serveEvidencePage();
});
afterAll(async () => {
  await served?.close();
});

/** `bacc evidence`'s JSON, from the command's own entry point. */
async function cli(args: string[]): Promise<{ hands: number; measurements: unknown[] }> {
  let out = '';
  const code = await main(['evidence', ...args], {
    stdout: (text) => void (out += text),
    stderr: (text) => void (out += text),
    // The command reads no input.
    stdinLines: () => Readable.from([]),
  });
  expect(code).toBe(0);
  return JSON.parse(out) as { hands: number; measurements: unknown[] };
}

describe('bacc-evidence in the built page', () => {
  it('gives the table `bacc evidence --hands 300000 --seed x` prints', async () => {
    const page = await chromium().newPage();
    try {
      await page.goto(served!.url);
      await page.waitForFunction(() => 'evidenceBench' in globalThis);
      const run = await runInPage(page, 300_000, 0, 'x');
      const expected = await cli(['--hands', '300000', '--seed', 'x']);
      expect(run.hands).toBe(expected.hands);
      expect(JSON.parse(run.measurementsJson)).toEqual(expected.measurements);
    } finally {
      await page.close();
    }
  });

  it('deals 1 M hands with every worker while a requestAnimationFrame loop never waits 50 ms (best of three runs)', async () => {
    const page = await chromium().newPage({ viewport: { width: 1920, height: 1080 } });
    try {
      await page.goto(served!.url);
      await page.waitForFunction(() => 'evidenceBench' in globalThis);
      // Warm: the workers' script fetched and compiled once.
      await runInPage(page, 200_000, 0, 'warm');
      // These machines are shared (load 6 on 2 cores is common): a frame can wait on other
      // processes, not on this page. The best of three runs says what the page itself allows.
      const runs = [];
      for (let i = 0; i < 3; i++) runs.push(await runInPage(page, 1_000_000, 0, `frames-${i}`));
      const cores = await page.evaluate<number>('navigator.hardwareConcurrency');
      for (const run of runs) {
        expect(run.workers).toBe(cores);
        expect(run.hands).toBeGreaterThanOrEqual(1_000_000);
      }
      expect(Math.min(...runs.map((run) => run.longestFrameGap))).toBeLessThan(50);
      expect(Math.min(...runs.map((run) => run.longestTask))).toBeLessThan(50);
    } finally {
      await page.close();
    }
  });

  it('is put on the page, first and again, without a main-thread task of 50 ms (best of three fresh pages)', async () => {
    // Six charts made in one update, the exact odds first computed and the first number format made
    // on the page held it 250–350 ms the first time: each chart now has a frame, the odds come from a worker.
    const first: number[] = [];
    const again: number[] = [];
    for (let round = 0; round < 3; round++) {
      const page = await chromium().newPage({ viewport: { width: 1920, height: 1080 } });
      try {
        await page.goto(served!.url);
        await page.waitForFunction(() => 'evidenceBench' in globalThis);
        first.push(await createInPage(page, 2_000_000, `first-${round}`));
        again.push(await createInPage(page, 2_000_000, `again-${round}`));
      } finally {
        await page.close();
      }
    }
    expect(Math.min(...first), `longest tasks ${first.join(', ')} ms`).toBeLessThan(50);
    expect(Math.min(...again), `longest tasks ${again.join(', ')} ms`).toBeLessThan(50);
  });
});
