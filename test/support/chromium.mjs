/**
 * Debian's Chromium as the tests and the bench launch it, written once for web-test-runner's config,
 * the end-to-end tests (playwright-core) and the bench. Plain JavaScript because the runner's config
 * is loaded by Node without TypeScript.
 */

/** The browser to launch: CHROME_PATH when set, else Debian's. */
export const chromiumPath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** As root it needs no sandbox; and no background network, since this machine has none. */
export const chromiumArgs = Object.freeze([
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]);

/**
 * Options for playwright-core's `chromium.launch` and web-test-runner's `chromeLauncher`: headless
 * Chromium with the flags above, and `extraArgs` after them (a bench that needs `--js-flags=--expose-gc`).
 */
export function chromiumLaunchOptions(extraArgs = []) {
  return { executablePath: chromiumPath, headless: true, args: [...chromiumArgs, ...extraArgs] };
}
