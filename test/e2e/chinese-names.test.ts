/**
 * Chinese table names in the built app (issue #28, point 9): the whole Noto Sans SC is emitted slice
 * by slice beside the app, left out of the service worker's precache (4.7 MB the kiosk would
 * download on install), and kept by the service worker's runtime cache as a page fetches a slice;
 * a display named in Chinese then draws its name offline, in English and in Chinese, with no box.
 */
import { describe, it, expect, inject } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { useChromium } from './browser.js';
import { chineseBoxes, fontInspector, watchCanvasText } from './chinese-boxes.js';

const baseUrl = inject('baseUrl');
const chromium = useChromium();

const NAME = '龍鳳桌 VIP';
const LIMITS = '鑫隆厅 100–5,000';
const display = (lang: string) =>
  `${baseUrl}?lang=${lang}&mode=display&table=${encodeURIComponent(NAME)}&limits=${encodeURIComponent(LIMITS)}`;

/** The whole font's slices the page fetched, by file name without the build's hash. */
const sliceFetches = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname.split('/').pop()!)
      .filter((name) => name.startsWith('noto-sans-sc-full-') && name.endsWith('.woff2'))
      .map((name) => name.replace(/-[\w-]{8}\.woff2$/, '.woff2')),
  );

/** The whole font's slices in the service worker's runtime cache, by file name without the hash. */
const keptSlices = (page: Page) =>
  page.evaluate(async () => {
    const cache = await caches.open('chinese-font-slices');
    return (await cache.keys()).map((request) =>
      new URL(request.url).pathname
        .split('/')
        .pop()!
        .replace(/-[\w-]{8}\.woff2$/, '.woff2'),
    );
  });

/** Waits until the page's service worker controls it. */
const controlled = (page: Page) =>
  page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
  });

/**
 * Waits until the page has declared every face of the whole font (a few slices in each idle moment,
 * after its first content), drawn a frame with them, and loaded the faces that frame asked for.
 */
async function wholeFontSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    (count) => [...document.fonts].filter((face) => face.family.replace(/"/g, '') === 'Noto Sans SC Full').length === count,
    readdirSync('components/fonts/full').length,
  );
  await page.evaluate(async () => {
    await new Promise(requestAnimationFrame);
    await new Promise(requestAnimationFrame);
    await document.fonts.ready;
  });
}

/** The Chinese the page draws as boxes once the name's faces have loaded and it has had a second to draw with them. */
async function boxesOnceDrawn(page: Page): Promise<string[]> {
  const cdp = await fontInspector(page);
  await wholeFontSettled(page);
  const deadline = Date.now() + 1000;
  let boxes = await chineseBoxes(page, cdp);
  while (boxes.length > 0 && Date.now() < deadline) {
    await page.evaluate(() => new Promise(requestAnimationFrame));
    boxes = await chineseBoxes(page, cdp);
  }
  return boxes;
}

describe('the whole Chinese font in the built app', () => {
  it('is emitted slice by slice, unchanged, and not precached', () => {
    const shipped = readdirSync('components/fonts/full');
    const emitted = readdirSync('dist/assets').filter((name) => name.startsWith('noto-sans-sc-full-') && name.endsWith('.woff2'));
    expect(emitted).toHaveLength(shipped.length);
    for (const name of shipped) {
      const built = emitted.find((file) => file.replace(/-[\w-]{8}\.woff2$/, '.woff2') === name);
      expect(built, name).toBeDefined();
      expect(readFileSync(join('dist/assets', built!)).equals(readFileSync(join('components/fonts/full', name))), name).toBe(true);
    }
    // The precache lists the app, the labels' subset among it, and none of the whole font's slices.
    const precached = [...readFileSync('dist/sw.js', 'utf8').matchAll(/url:"([^"]+)"/g)].map(([, url]) => url!);
    expect(precached.some((url) => /noto-sans-sc-app-400/.test(url))).toBe(true);
    expect(precached.filter((url) => /noto-sans-sc-full-.*\.woff2$/.test(url))).toEqual([]);
    // The module that declares them is precached: a page offline still declares the faces it has kept.
    expect(precached.some((url) => /noto-sans-sc-full-[\w-]+\.js$/.test(url))).toBe(true);
  });

  it('is kept by the service worker as a display fetches the slices of its name, and draws the name offline in English and in Chinese', async () => {
    const context = await chromium().newContext({ viewport: { width: 1280, height: 720 } });
    try {
      const page = await context.newPage();
      await page.goto(display('en'));
      await controlled(page);
      // Now through the service worker: the slices of the name's characters, and only those, are fetched and kept.
      await page.reload();
      await wholeFontSettled(page);
      const fetched = [...new Set(await sliceFetches(page))].sort();
      expect(fetched.length).toBeGreaterThan(0);
      // Six characters: at most six slices, in the weights the name (700) and the limits (400) take.
      expect(fetched.length).toBeLessThanOrEqual(12);
      await page.waitForFunction(
        async (count) => (await (await caches.open('chinese-font-slices')).keys()).length >= count,
        fetched.length,
      );
      expect((await keptSlices(page)).sort()).toEqual(fetched);

      await context.setOffline(true);
      for (const lang of ['en', 'zh-Hans']) {
        const offline = await context.newPage();
        await watchCanvasText(offline);
        await offline.goto(display(lang));
        await offline.waitForFunction(
          () => document.querySelector('bacc-kiosk')?.shadowRoot?.querySelector('bacc-table-display')?.shadowRoot != null,
        );
        expect(await boxesOnceDrawn(offline), lang).toEqual([]);
        // Every face the page asked for came from a cache: none failed.
        expect(
          await offline.evaluate(() =>
            [...document.fonts].filter((face) => face.status === 'error').map((face) => face.unicodeRange.slice(0, 20)),
          ),
          lang,
        ).toEqual([]);
        await offline.screenshot({ path: `.tmp/zh-name-offline-${lang}.png` });
        await offline.close();
      }
    } finally {
      await context.close();
    }
  });
});
