import { defineConfig } from 'vitest/config';

/** End-to-end tests: playwright-core drives Debian's Chromium against the built app. */
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One browser at a time on a 2-core machine.
    fileParallelism: false,
  },
});
