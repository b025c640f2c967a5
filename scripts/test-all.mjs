#!/usr/bin/env node
// `npm test`: every suite in turn — type checks, the builds of lib/ and server/lib/ and the packages'
// checks (publint, attw), lint and format checks, the Node tests (vitest; again with the clock moved
// 400 days ahead by faketime), the end-to-end tests
// (playwright-core against the built app and the packed package), the size budgets and the
// browser tests (web-test-runner in Chromium) — then one line adding them all up: "N passed, N failed".
// Neither runner's own summary is a line CI reads, so the counts come from their reports.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
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

/** Runs one check that counts as one test: it passes when the command exits 0. */
function check(name, command, args) {
  console.log(`\n▶ ${name}`);
  const ok = run(command, args) === 0;
  suites.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1, failures: [] });
  return ok;
}

/** Vitest's JSON report: each failed test's file, name and the first line of its error. */
function vitestFailures(counts) {
  const failures = [];
  for (const file of counts?.testResults ?? []) {
    const where = file.name.replace(`${process.cwd()}/`, '');
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) failures.push(`${where} › ${test.fullName}: ${(test.failureMessages?.[0] ?? 'failed').split('\n')[0]}`);
    if (failed.length === 0 && file.status === 'failed') failures.push(`${where}: ${(file.message ?? 'failed').split('\n')[0]}`);
  }
  return failures;
}

// Type checks count one test each: the pure core alone (no DOM, no Node) and everything together.
check('type check: pure core (src/ without DOM or Node)', bin('tsc'), ['-p', 'tsconfig.core.json']);
check('type check: the app, the elements, the tests and the bench', bin('tsc'), ['-p', 'tsconfig.json']);
// The server package on its own: Node types only, so no browser test types leak into it or it into them.
check('type check: the server package (Node)', bin('tsc'), ['-p', 'server/tsconfig.json']);
// The builds npm install runs (the prepare script): lib/ for the package (its core, elements and
// custom-elements.json), and server/lib/ for the server package's bacc command.
const built = check('build: lib/ and server/lib/ (the package and the bacc command)', 'npm', ['run', '--silent', 'prepare']);

// The package as published: packed once, then linted by publint and by "are the types wrong".
const packFolder = join(scratch, 'pack');
rmSync(packFolder, { recursive: true, force: true });
mkdirSync(packFolder, { recursive: true });
// The server package (the workspace in server/) is packed beside it: publint checks its bin and files.
const packed =
  built &&
  run('npm', ['pack', '--silent', '--ignore-scripts', '--pack-destination', packFolder]) === 0 &&
  run('npm', ['pack', '--silent', '--ignore-scripts', '--workspace=server', '--pack-destination', packFolder]) === 0;
const tarballOf = (name) =>
  packed
    ? join(packFolder, readdirSync(packFolder).find((file) => new RegExp(`^${name}-\\d.*\\.tgz$`).test(file)) ?? 'missing.tgz')
    : 'missing.tgz';
const tarball = tarballOf('baccarat-scoreboard');
check('package: publint', bin('publint'), ['run', '--strict', tarball]);
// Stylesheets (the themes, the Chinese font) are entries without types: attw checks the modules.
const stylesheets = Object.keys(JSON.parse(readFileSync('package.json', 'utf8')).exports).filter((entry) => entry.endsWith('.css'));
check('package: are the types wrong (attw, ESM only)', bin('attw'), [
  tarball,
  '--profile',
  'esm-only',
  ...(stylesheets.length > 0 ? ['--exclude-entrypoints', ...stylesheets] : []),
]);
check('server package: publint', bin('publint'), ['run', '--strict', tarballOf('baccarat-scoreboard-server')]);

// Lint and format count one test each, like the type checks: any finding fails it.
check('lint: eslint (typescript-eslint, lit, wc)', bin('eslint'), ['.', '--max-warnings', '0']);
check('format: prettier --check', bin('prettier'), ['--check', '.']);

// The Node suite (with the CLI's tests) runs twice: today, and with the clock moved 400 days ahead
// by Debian's faketime, so that no test can depend on the day it runs.
const ahead = ['faketime', ['-f', '+400d']];
for (const [name, config, file, wrapper] of [
  ['Node tests (vitest)', 'vite.config.ts', 'vitest.json'],
  ['Node tests with the clock 400 days ahead (faketime)', 'vite.config.ts', 'vitest-ahead.json', ahead],
  ['end-to-end tests (playwright-core, Chromium, built app)', 'vitest.e2e.config.ts', 'vitest-e2e.json'],
]) {
  console.log(`\n▶ ${name}`);
  const report = join(scratch, file);
  rmSync(report, { force: true });
  const args = ['run', '--config', config, '--reporter=default', '--reporter=json', `--outputFile=${report}`];
  const status = wrapper ? run(wrapper[0], [...wrapper[1], bin('vitest'), ...args]) : run(bin('vitest'), args);
  const counts = readCounts(report);
  const passed = counts?.numPassedTests ?? 0;
  let failed = (counts?.numFailedTests ?? 0) + (counts?.numPendingTests ?? 0) + (counts?.numTodoTests ?? 0);
  // A run that crashed, or failed a file outside any test, still fails.
  if (status !== 0 && failed === 0) failed = 1;
  suites.push({ name, passed, failed, failures: vitestFailures(counts) });
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
  suites.push({ name, passed, failed, failures: counts?.failures ?? [] });
}

// After the end-to-end tests, which built the app into dist/.
check('size budgets (npm run size)', 'npm', ['run', '--silent', 'size']);

console.log('\nSuites:');
// What failed is named here, at the end, where a log cut to its last lines still shows it.
for (const suite of suites) {
  console.log(`  ${suite.name}: ${suite.passed} passed, ${suite.failed} failed`);
  for (const failure of suite.failures) console.log(`    ✗ ${failure.slice(0, 300)}`);
}
const passed = suites.reduce((sum, suite) => sum + suite.passed, 0);
const failed = suites.reduce((sum, suite) => sum + suite.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
