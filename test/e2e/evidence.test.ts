import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { Readable } from 'node:stream';
import { main } from '../../server/src/cli.js';
import { runInPage, serveEvidencePage } from '../../bench/evidence.js';
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
  // The page's responsiveness while it runs and as it is put on the page (no frame gap or task of
  // 50 ms) is measured by `npm run bench` (bench/evidence.ts), not asserted here: targets live in
  // benchmarks, and these machines are shared.
});
