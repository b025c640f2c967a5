import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium as root: no sandbox, and no background network (this machine has none). */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env['CHROME_PATH'] ?? '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true });
}
