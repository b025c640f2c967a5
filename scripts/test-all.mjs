#!/usr/bin/env node
// `npm test`: every suite in turn — type checks, lint and format checks, the Node tests
// (vitest), the end-to-end tests (playwright-core against the built app) and the browser tests
// (web-test-runner in Chromium) — then one line adding them all up: "N passed, N failed".
// Neither runner's own summary is a line CI reads, so the counts come from their reports.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const scratch = join(process.cwd(), '.tmp');
mkdirSync(scratch, { recursive: true });
// Chromium leaves profiles behind on a failed launch: keep them in the project's scratch folder.
const env = { ...process.env, TMPDIR: scratch };
const bin = (name) => join(process.cwd(), 'node_modules', '.bin', name);

const suites = [];

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.error) console.error(`could not run ${command}: ${result.error.message}`);
  return result.status ?? 1;
}

function readCounts(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

// Type checks count one test each: the pure core alone (no DOM, no Node), everything together,
// and the build of lib/ that the bacc command runs from.
for (const [name, config] of [
  ['type check: pure core (src/ without DOM or Node)', 'tsconfig.core.json'],
  ['type check: everything', 'tsconfig.json'],
  ['build: lib/ for the bacc command', 'tsconfig.node.json'],
]) {
  console.log(`\n▶ ${name}`);
  const ok = run(bin('tsc'), ['-p', config]) === 0;
  suites.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1 });
}

// Lint and format count one test each, like the type checks: any finding fails it.
for (const [name, command, args] of [
  ['lint: eslint (typescript-eslint, lit, wc)', 'eslint', ['.', '--max-warnings', '0']],
  ['format: prettier --check', 'prettier', ['--check', '.']],
]) {
  console.log(`\n▶ ${name}`);
  const ok = run(bin(command), args) === 0;
  suites.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1 });
}

for (const [name, config, file] of [
  ['Node tests (vitest)', 'vite.config.ts', 'vitest.json'],
  ['end-to-end tests (playwright-core, Chromium, built app)', 'vitest.e2e.config.ts', 'vitest-e2e.json'],
]) {
  console.log(`\n▶ ${name}`);
  const report = join(scratch, file);
  rmSync(report, { force: true });
  const status = run(bin('vitest'), ['run', '--config', config, '--reporter=default', '--reporter=json', `--outputFile=${report}`]);
  const counts = readCounts(report);
  const passed = counts?.numPassedTests ?? 0;
  let failed = (counts?.numFailedTests ?? 0) + (counts?.numPendingTests ?? 0) + (counts?.numTodoTests ?? 0);
  // A run that crashed, or failed a file outside any test, still fails.
  if (status !== 0 && failed === 0) failed = 1;
  suites.push({ name, passed, failed });
}

{
  const name = 'browser tests (web-test-runner, Chromium)';
  console.log(`\n▶ ${name}`);
  const report = join(scratch, 'wtr-counts.json');
  rmSync(report, { force: true });
  const status = run(bin('web-test-runner'), []);
  const counts = readCounts(report);
  const passed = counts?.passed ?? 0;
  let failed = (counts?.failed ?? 0) + (counts?.skipped ?? 0);
  if (status !== 0 && failed === 0) failed = 1;
  suites.push({ name, passed, failed });
}

console.log('\nSuites:');
for (const suite of suites) console.log(`  ${suite.name}: ${suite.passed} passed, ${suite.failed} failed`);
const passed = suites.reduce((sum, suite) => sum + suite.passed, 0);
const failed = suites.reduce((sum, suite) => sum + suite.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
