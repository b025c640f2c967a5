#!/usr/bin/env node
// `npm run icons`: draws the app's PNG icons from scripts/icon.svg in Debian's Chromium, at the sizes
// the page and its manifest name. PNG rather than the SVG itself: Chromium decodes a page's icon on
// the page's main thread, and an SVG icon (a whole isolated SVG document) cost ~8–12 ms in the middle
// of opening the history; a 32-pixel PNG costs next to nothing. 192 and 512 are the sizes Chromium
// wants to offer installing the app.
import { chromium } from 'playwright-core';
import { readFileSync, writeFileSync } from 'node:fs';

const svg = readFileSync(new URL('icon.svg', import.meta.url), 'utf8');
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
  headless: true,
});
try {
  for (const size of [32, 192, 512]) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(`<style>html,body{margin:0;background:transparent}img{display:block}</style>
      <img width="${size}" height="${size}" src="data:image/svg+xml,${encodeURIComponent(svg)}">`);
    await page.locator('img').evaluate((image) => image.decode());
    const file = new URL(`../public/icon-${size}.png`, import.meta.url);
    writeFileSync(file, await page.screenshot({ omitBackground: true }));
    console.log(`wrote ${file.pathname}`);
    await page.close();
  }
} finally {
  await browser.close();
}
