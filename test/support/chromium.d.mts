/** Types for test/support/chromium.mjs. */
export const chromiumPath: string;
export const chromiumArgs: readonly string[];
export function chromiumLaunchOptions(extraArgs?: readonly string[]): { executablePath: string; headless: true; args: string[] };
