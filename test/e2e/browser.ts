import { beforeAll, afterAll } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { chromiumLaunchOptions } from '../support/chromium.mjs';

export function launchChromium(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions());
}

/**
 * One Chromium for the test file that calls this at its top level: launched before its tests,
 * closed after them. Returns a getter, since the browser exists only once the hook has run.
 */
export function useChromium(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('Chromium is not running: call useChromium() at the top level of a test file');
    return browser;
  };
}

/** A panel as laid out on screen, and how far its content overflows it (0 when it fits). */
export interface Box {
  name: string;
  left: number;
  top: number;
  right: number;
  bottom: number;
  overflowX: number;
  overflowY: number;
}
