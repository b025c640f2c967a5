import { describe, it, expect, inject } from 'vitest';
import type { Page } from 'playwright-core';
import { useChromium } from './browser.js';
import { chineseBoxes, fontInspector, watchCanvasText } from './chinese-boxes.js';

const baseUrl = inject('baseUrl');
const chromium = useChromium();

/** The Chinese faces the page has, with their state: none on a page in English. */
const chineseFaces = (page: Page) =>
  page.evaluate(() =>
    [...document.fonts].filter((face) => face.family.replace(/"/g, '') === 'Noto Sans SC').map((face) => `${face.weight} ${face.status}`),
  );

/** The fonts the page itself fetched (through the service worker or not). */
const fontFetches = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => /\.woff2?(\?|$)/.test(name)),
  );

describe('Chinese on a screen without a CJK font', () => {
  it('is drawn with the font the app ships, fetched only in Chinese, from the app itself, and offline too', async () => {
    const context = await chromium().newContext({ viewport: { width: 1280, height: 720 } });
    const requests: string[] = [];
    context.on('request', (request) => requests.push(request.url()));
    try {
      const page = await context.newPage();
      // In English: the page fetches no font, while its service worker precaches everything, the font included.
      await page.goto(`${baseUrl}?seed=en&speed=0.2`);
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
        if (!navigator.serviceWorker.controller) {
          await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
        }
      });
      await page.waitForFunction(
        () =>
          (document.querySelector('bacc-kiosk')?.shadowRoot?.querySelector('bacc-attract')?.shadowRoot?.querySelector('bacc-scoreboard')
            ?.hands.length ?? 0) >= 3,
      );
      expect(await fontFetches(page)).toEqual([]);
      expect(await chineseFaces(page)).toEqual([]);

      // Then offline, in Chinese: the scoreboard, the console and History, each drawn with the font from the precache.
      await context.setOffline(true);
      for (const [name, query, ready] of [
        ['scoreboard', '?lang=zh&seed=zh&speed=0.2', 'bacc-attract'],
        ['console', '?lang=zh&mode=operator&table=Font', 'bacc-operator'],
        ['history', '?lang=zh&mode=history', 'bacc-history'],
      ] as const) {
        await page.goto(`${baseUrl}${query}`);
        await page.waitForFunction(
          (tag) => document.querySelector('bacc-kiosk')?.shadowRoot?.querySelector(tag)?.shadowRoot != null,
          ready,
        );
        // Four faces, two slices: the first loaded, the evidence page's further characters never asked for here.
        await page.waitForFunction(() => {
          const faces = [...document.fonts].filter((face) => face.family.replace(/"/g, '') === 'Noto Sans SC');
          return faces.length === 4 && faces.filter((face) => face.status === 'loaded').length === 2;
        });
        await page.waitForTimeout(name === 'scoreboard' ? 2500 : 500);
        expect((await chineseFaces(page)).sort()).toEqual(['400 loaded', '400 unloaded', '700 loaded', '700 unloaded']);
        const fonts = await fontFetches(page);
        expect(fonts.map((url) => new URL(url).pathname.replace(/-[\w-]{8}\.woff2$/, '.woff2')).sort()).toEqual([
          '/assets/noto-sans-sc-app-400.woff2',
          '/assets/noto-sans-sc-app-700.woff2',
        ]);
        // Looked at by a person: Chinese glyphs, not boxes (.tmp/ is not committed).
        await page.screenshot({ path: `.tmp/zh-font-${name}.png` });
      }
      // Self-hosted: nothing left the app's own address.
      expect(requests.filter((url) => !url.startsWith(baseUrl) && !/^(data|blob):/.test(url))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('Chinese that always draws', () => {
  /**
   * Opens `query` in a fresh browser (nothing cached), waits for the shipped faces to load, then
   * gives the page 1 s to draw every Chinese text with them; returns what is still boxes.
   */
  async function boxesAfterFontLoads(query: string, ready: string): Promise<string[]> {
    const context = await chromium().newContext({ viewport: { width: 1920, height: 1080 } });
    try {
      const page = await context.newPage();
      await watchCanvasText(page);
      const cdp = await fontInspector(page);
      await page.goto(`${baseUrl}${query}`);
      await page.waitForFunction((tag) => document.querySelector('bacc-kiosk')?.shadowRoot?.querySelector(tag)?.shadowRoot != null, ready);
      await page.waitForFunction(() => {
        const faces = [...document.fonts].filter((face) => face.family.replace(/"/g, '') === 'Noto Sans SC');
        return faces.filter((face) => face.status === 'loaded').length === 2;
      });
      const deadline = Date.now() + 1000;
      let boxes = await chineseBoxes(page, cdp);
      while (boxes.length > 0 && Date.now() < deadline) {
        await page.evaluate(() => new Promise(requestAnimationFrame));
        boxes = await chineseBoxes(page, cdp);
      }
      return boxes;
    } finally {
      await context.close();
    }
  }

  it('draws the Chinese kiosk with no box on ten loads in a row', async () => {
    for (let load = 1; load <= 10; load++) {
      expect(await boxesAfterFontLoads('?lang=zh&speed=0.2', 'bacc-attract'), `load ${load}`).toEqual([]);
    }
  });

  it('draws it with ?lang=zh-Hans too, the kiosk and the console', async () => {
    for (const [query, ready] of [
      ['?lang=zh-Hans&speed=0.2', 'bacc-attract'],
      ['?lang=zh-Hans&mode=operator&table=Font', 'bacc-operator'],
    ] as const) {
      expect(await boxesAfterFontLoads(query, ready), query).toEqual([]);
    }
  });
});
