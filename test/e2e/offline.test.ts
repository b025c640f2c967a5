import { describe, it, expect, inject } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { useChromium } from './browser.js';

const baseUrl = inject('baseUrl');
const chromium = useChromium();

/** The kiosk opened once, left open until its service worker controls it (the build is precached by then), then the network taken away. */
async function openedThenOffline(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(baseUrl);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
  });
  await context.setOffline(true);
  return page;
}

describe('the kiosk offline', () => {
  it('once loaded, comes back with the network gone: reloads, and opens with other settings', async () => {
    const context = await chromium().newContext();
    try {
      const page = await openedThenOffline(context);
      // The network really is gone for the page…
      expect(
        await page.evaluate(() =>
          fetch('/no-such-file.txt').then(
            () => 'reached',
            () => 'offline',
          ),
        ),
      ).toBe('offline');
      // …and the scoreboard still loads, with its note, under any query string.
      for (const url of [baseUrl, `${baseUrl}?theme=light&lang=zh`]) {
        await page.goto(url);
        await page.waitForFunction(() => {
          const scoreboard = document
            .querySelector('bacc-kiosk')
            ?.shadowRoot?.querySelector('bacc-attract')
            ?.shadowRoot?.querySelector('bacc-scoreboard');
          return scoreboard?.shadowRoot?.querySelector('bacc-odds-note') != null;
        });
      }
      expect(await page.evaluate(() => document.documentElement.dataset['theme'])).toBe('light');
    } finally {
      await context.close();
    }
  });

  it('has PNG icons of the sizes it names, for the tab and for installing, served offline too', async () => {
    const context = await chromium().newContext();
    try {
      const page = await openedThenOffline(context);
      const icons = await page.evaluate(async () => {
        const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]')!;
        const manifestUrl = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')!.href;
        const manifest = (await (await fetch(manifestUrl)).json()) as { icons: { src: string; sizes: string; type: string }[] };
        // A manifest's icon addresses are relative to the manifest.
        const declared = [
          { src: link.href, sizes: link.sizes.value, type: link.type },
          ...manifest.icons.map((icon) => ({ ...icon, src: new URL(icon.src, manifestUrl).href })),
        ];
        return Promise.all(
          declared.map(async ({ src, sizes, type }) => {
            const response = await fetch(src);
            const bitmap = await createImageBitmap(await response.blob());
            return { sizes, type, contentType: response.headers.get('content-type'), drawn: `${bitmap.width}x${bitmap.height}` };
          }),
        );
      });
      expect(icons.map(({ sizes }) => sizes)).toEqual(['32x32', '192x192', '512x512']);
      for (const icon of icons) {
        expect(icon.type).toBe('image/png');
        expect(icon.contentType).toBe('image/png');
        expect(icon.drawn).toBe(icon.sizes);
      }
    } finally {
      await context.close();
    }
  });
});
