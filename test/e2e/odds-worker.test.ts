/**
 * The built kiosk works its exact odds out in the odds worker (#29): the browser tests cannot show
 * it, since their server does not serve the worker and they see the page's fallback. Here the
 * worker's script is fetched, the worker is still running once the odds note shows its figures (the
 * page ends it when it fails, and falls back), and the figures are the core's for the hands dealt.
 */
import { describe, it, expect, inject } from 'vitest';
import type { Page } from 'playwright-core';
import { ShoeStatistics } from '../../src/roads/statistics.js';
import { DEFAULT_RULES } from '../../src/game/rules.js';
import type { HandRecord } from '../../src/shoes/document.js';
import { useChromium } from './browser.js';

const baseUrl = inject('baseUrl');
const chromium = useChromium();

interface NoteSeen {
  hands: HandRecord[];
  basis: string | null;
  basisText: string;
  figures: Record<string, string>;
}

/** The scoreboard's hands and what its odds note shows, read together once the note is not busy. */
async function noteOnceShown(page: Page): Promise<NoteSeen> {
  const handle = await page.waitForFunction(() => {
    const scoreboard = document
      .querySelector('bacc-kiosk')
      ?.shadowRoot?.querySelector('bacc-attract')
      ?.shadowRoot?.querySelector('bacc-scoreboard');
    const note = scoreboard?.shadowRoot?.querySelector('bacc-odds-note')?.shadowRoot;
    const odds = note?.querySelector('dl');
    if (!scoreboard || !note || !odds || odds.getAttribute('aria-busy') !== 'false') return null;
    const basis = note.querySelector('.basis');
    if (basis?.getAttribute('data-basis') !== 'next-hand') return null;
    const figures: Record<string, string> = {};
    for (const entry of odds.querySelectorAll<HTMLElement>('[data-outcome]')) {
      figures[entry.dataset['outcome']!] = (entry.querySelector('dd')?.textContent ?? '').trim();
    }
    return {
      hands: JSON.parse(JSON.stringify(scoreboard.hands)) as HandRecord[],
      basis: basis.getAttribute('data-basis'),
      basisText: basis.textContent ?? '',
      figures,
    };
  });
  return (await handle.jsonValue()) as NoteSeen;
}

describe('the exact odds of the built kiosk', () => {
  it('come from the odds worker and equal the core’s for the hands dealt', async () => {
    const page = await chromium().newPage({ viewport: { width: 1280, height: 720 } });
    try {
      const workerScripts: string[] = [];
      page.on('worker', (worker) => workerScripts.push(worker.url()));
      const closed: string[] = [];
      page.on('worker', (worker) => worker.on('close', () => closed.push(worker.url())));
      await page.goto(`${baseUrl}?seed=odds-worker`);

      // A hand may be dealt between the note's figures and the hands read: read again until the note
      // names as many cards left as the hands leave.
      let seen: NoteSeen;
      let statistics: ShoeStatistics;
      for (;;) {
        seen = await noteOnceShown(page);
        statistics = new ShoeStatistics({ rules: DEFAULT_RULES });
        for (const hand of seen.hands) statistics.add(hand);
        const cardsLeft = statistics.remainingCounts()!.reduce((sum, n) => sum + n, 0);
        if (seen.basisText.replace(/\D/g, '') === String(cardsLeft)) break;
        await page.waitForFunction((count) => {
          const scoreboard = document
            .querySelector('bacc-kiosk')
            ?.shadowRoot?.querySelector('bacc-attract')
            ?.shadowRoot?.querySelector('bacc-scoreboard');
          return (scoreboard?.hands.length ?? 0) !== count;
        }, seen.hands.length);
      }

      const odds = statistics.nextHandOdds()!;
      expect(seen.hands.length).toBeGreaterThan(0);
      expect(seen.figures).toEqual({
        B: `${(odds.banker * 100).toFixed(2)}%`,
        P: `${(odds.player * 100).toFixed(2)}%`,
        T: `${(odds.tie * 100).toFixed(2)}%`,
      });
      expect(workerScripts.filter((url) => /odds-worker[^/]*\.js$/.test(new URL(url).pathname))).toHaveLength(1);
      // The page ends a worker that failed and works the odds out itself: it is still running.
      expect(closed).toEqual([]);
      expect(page.workers().map((worker) => worker.url())).toEqual(workerScripts);
    } finally {
      await page.close();
    }
  });
});
