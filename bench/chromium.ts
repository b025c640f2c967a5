/**
 * The benchmarks launch Chromium as the tests do (test/support/chromium.mjs). Loaded by its URL
 * because the benchmarks run compiled from lib/bench/, where tsc copies no .mjs: from there the
 * shared module is two folders up, from the source (the e2e tests import bench/evidence.ts) one.
 */
import type * as Chromium from '../test/support/chromium.mjs';

const repository = import.meta.url.includes('/lib/bench/') ? '../../' : '../';
const shared = (await import(new URL(`${repository}test/support/chromium.mjs`, import.meta.url).href)) as typeof Chromium;

export const chromiumLaunchOptions = shared.chromiumLaunchOptions;
