import { beforeAll, afterAll } from 'vitest';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium as root: no sandbox, and no background network (this machine has none). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env['CHROME_PATH'] ?? '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true });
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
