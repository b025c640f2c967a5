import { writeFileSync, mkdirSync } from 'node:fs';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';
import { defaultReporter } from '@web/test-runner';
import { chromiumLaunchOptions } from './test/support/chromium.mjs';

/** Writes pass/fail counts, and the names of what failed, for scripts/test-all.mjs, which adds up every suite. */
function countingReporter(file) {
  const count = (suite, totals, where) => {
    for (const test of suite?.tests ?? []) {
      if (test.skipped) totals.skipped++;
      else if (test.passed) totals.passed++;
      else {
        totals.failed++;
        totals.failures.push(`${[...where, test.name].join(' › ')}: ${test.error?.message?.split('\n')[0] ?? 'failed'}`);
      }
    }
    for (const child of suite?.suites ?? []) count(child, totals, [...where, child.name]);
  };
  return {
    onTestRunFinished({ sessions }) {
      const totals = { passed: 0, failed: 0, skipped: 0, failures: [] };
      for (const session of sessions) {
        const before = totals.passed + totals.failed + totals.skipped;
        count(session.testResults, totals, [session.testFile.replace(`${process.cwd()}/`, '')]);
        // A test file that failed to load ran no test: count it as a failure, never as nothing.
        const fileFailed = () => {
          totals.failed++;
          totals.failures.push(`${session.testFile}: ${session.errors?.[0]?.message?.split('\n')[0] ?? 'did not run'}`);
        };
        if (!session.passed && totals.passed + totals.failed + totals.skipped === before) fileFailed();
        else if (!session.passed && (session.errors?.length ?? 0) > 0) fileFailed();
      }
      mkdirSync('.tmp', { recursive: true });
      writeFileSync(file, JSON.stringify(totals));
    },
  };
}

export default {
  files: ['test/browser/**/*.test.ts'],
  // 'browser' first: MQTT.js's package gives Node's CommonJS build otherwise.
  nodeResolve: { exportConditions: ['browser', 'development'] },
  plugins: [esbuildPlugin({ ts: true, tsconfig: './tsconfig.json', target: 'es2022' })],
  // gc(): a test of what a removed element leaves behind waits for a full collection, not a guess at one.
  browsers: [chromeLauncher({ launchOptions: chromiumLaunchOptions(['--js-flags=--expose-gc']) })],
  reporters: [defaultReporter(), countingReporter(process.env.WTR_COUNTS ?? '.tmp/wtr-counts.json')],
  testFramework: { config: { timeout: 10000 } },
};
