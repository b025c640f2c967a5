/**
 * The npm package as another site uses it: `npm pack`, the tarball installed into a scratch
 * project, one road element and the core imported, built with Vite, and opened in Chromium; then
 * the same road from the package's files with a plain `<script type="module">` and an import map,
 * no bundler; and that the install brings no native module, serial port or MQTT client (those are the
 * server package's, server/). The tarball is unpacked into the scratch project's node_modules as npm would, and its
 * dependencies (lit, chart.js…) are linked from this repository's: tests make no outside requests,
 * and npm's cache after `npm ci` holds the tarballs but not the metadata an offline install needs.
 */
import { describe, it, expect, beforeAll, afterAll, onTestFinished } from 'vitest';

/** The system's own temporary folder (npm test points TMPDIR into the repository). */
const osTmpdir = '/tmp';
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';
import type { Page } from 'playwright-core';
import { useChromium } from './browser.js';
import { serveFiles, type StaticFiles } from './static-files.js';
// The import map the docs page tells a site to copy: the test proves that very map works.
import { importMap } from '../../docs/elements/embed-examples.js';

const chromium = useChromium();
const repository = process.cwd();
const scratchRoot = join(repository, '.tmp');

/** The grid cells ("col,row") of a road layer's marks, read as test/browser/road-marks.ts does: one subpath per mark, 100 units a cell. */
function cellsOf(path: string): string[] {
  return [...path.matchAll(/M(-?[\d.]+) (-?[\d.]+)(?:h0|l100 -100|h100)/g)].map(
    ([, x, y]) => `${Math.floor(Number(x) / 100)},${Math.floor(Number(y) / 100)}`,
  );
}

/** What a big road draws: its banker and player marks by cell, and the summary it gives screen readers. */
async function roadMarks(page: Page, selector: string): Promise<{ banker: string[]; player: string[]; summary: string }> {
  const road = page.locator(selector);
  await road.waitFor();
  await page.waitForFunction((sel) => document.querySelector(sel)?.shadowRoot?.querySelector('.rings.B')?.getAttribute('d'), selector);
  return page
    .evaluate((sel) => {
      const root = document.querySelector(sel)!.shadowRoot!;
      return {
        banker: root.querySelector('.rings.B')!.getAttribute('d')!,
        player: root.querySelector('.rings.P')!.getAttribute('d')!,
        summary: root.querySelector('.visually-hidden')!.textContent.trim(),
      };
    }, selector)
    .then(({ banker, player, summary }) => ({ banker: cellsOf(banker), player: cellsOf(player), summary }));
}

/** Links package `name` and, in turn, its own dependencies from this repository's node_modules into `modules`. */
function linkDependency(modules: string, name: string): void {
  const target = join(modules, name);
  if (existsSync(target)) return;
  const source = join(repository, 'node_modules', name);
  mkdirSync(join(target, '..'), { recursive: true });
  symlinkSync(source, target, 'dir');
  const manifest = JSON.parse(readFileSync(join(source, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  for (const dependency of Object.keys(manifest.dependencies ?? {})) linkDependency(modules, dependency);
}

/** Every file and folder under `folder`, following links as Node's resolution would (each real folder once). */
function installedPaths(folder: string, seen = new Set<string>()): string[] {
  const real = realpathSync(folder);
  if (seen.has(real)) return [];
  seen.add(real);
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? [path, ...installedPaths(path, seen)] : [path];
  });
}

/** Serves `folder` as a plain web host would: a folder's index.html for its path. */
function serveFolder(folder: string): Promise<StaticFiles> {
  return serveFiles((path) => join(folder, path.endsWith('/') ? `${path}index.html` : path));
}

describe('the npm package', () => {
  let scratch = '';
  let served: StaticFiles | undefined;

  beforeAll(() => {
    mkdirSync(scratchRoot, { recursive: true });
    scratch = mkdtempSync(join(scratchRoot, 'package-site-'));
    // npm pack builds lib/ and the manifest first (the prepare script), as a publish would.
    const packed = execFileSync('npm', ['pack', '--silent', '--pack-destination', scratch], { cwd: repository, encoding: 'utf8' });
    const tarball = join(scratch, packed.trim().split('\n').at(-1)!);
    const site = join(scratch, 'site');
    mkdirSync(site);
    writeFileSync(join(site, 'package.json'), JSON.stringify({ name: 'scratch-site', private: true, type: 'module' }));
    const installed = join(site, 'node_modules', 'baccarat-scoreboard');
    mkdirSync(installed, { recursive: true });
    execFileSync('tar', ['-xzf', tarball, '-C', installed, '--strip-components=1']);
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
    for (const dependency of Object.keys(manifest.dependencies ?? {})) linkDependency(join(site, 'node_modules'), dependency);
  }, 240_000);

  afterAll(async () => {
    await served?.close();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it('has a server package that runs the bacc command with only the dependencies it declares', () => {
    // Unpacked alone, as npm would install it on a room's machine, with its declared dependencies linked.
    const packed = execFileSync('npm', ['pack', '--silent', '--ignore-scripts', '--pack-destination', scratch], {
      cwd: join(repository, 'server'),
      encoding: 'utf8',
    });
    // Outside the repository, so Node cannot find a package it forgot to declare in this one's node_modules.
    const machine = mkdtempSync(join(osTmpdir, 'bacc-room-machine-'));
    onTestFinished(() => rmSync(machine, { recursive: true, force: true }));
    const installed = join(machine, 'node_modules', 'baccarat-scoreboard-server');
    mkdirSync(installed, { recursive: true });
    execFileSync('tar', ['-xzf', join(scratch, packed.trim().split('\n').at(-1)!), '-C', installed, '--strip-components=1']);
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
    for (const dependency of Object.keys(manifest.dependencies ?? {})) linkDependency(join(machine, 'node_modules'), dependency);
    const output = execFileSync(process.execPath, [join(installed, 'bin', 'bacc.js'), 'resolve', '9H', '8C'], {
      cwd: machine,
      encoding: 'utf8',
    });
    expect(JSON.parse(output)).toMatchObject({ player: ['9H'], banker: ['8C'] });
  });

  it('has a file for every entry of its exports, the themes and the editor data among them', () => {
    const installed = join(scratch, 'site', 'node_modules', 'baccarat-scoreboard');
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as {
      exports: Record<string, string | Record<string, string>>;
    };
    expect(Object.keys(manifest.exports)).toEqual(
      expect.arrayContaining(['./themes/dark.css', './themes/light.css', './vscode.html-custom-data.json', './jsx.js', './react-jsx.js']),
    );
    const targets = Object.values(manifest.exports).flatMap((entry) => (typeof entry === 'string' ? [entry] : Object.values(entry)));
    expect(targets.filter((target) => !existsSync(join(installed, target)))).toEqual([]);
  });

  it('installs lit, chart.js and valibot alone: no native module, no serial port, no MQTT client', () => {
    const modules = join(scratch, 'site', 'node_modules');
    const manifest = JSON.parse(readFileSync(join(modules, 'baccarat-scoreboard', 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
      bin?: unknown;
    };
    expect(Object.keys(manifest.dependencies ?? {}).sort()).toEqual(['chart.js', 'lit', 'valibot']);
    expect(manifest.bin).toBeUndefined();
    const installed = installedPaths(modules).map((path) => path.slice(modules.length + 1));
    expect(installed).toContain(join('lit', 'package.json'));
    expect(installed.filter((path) => path.endsWith('.node'))).toEqual([]);
    expect(installed.filter((path) => /(^|\/)(@serialport|serialport|mqtt)(\/|$)/.test(path))).toEqual([]);
  });

  it('a Vite site that imports one road and the core draws the road, and bundles neither chart.js, nor idb, nor the app', async () => {
    const site = join(scratch, 'site');
    writeFileSync(
      join(site, 'index.html'),
      `<!doctype html><html lang="en"><body><bacc-big-road outcomes="BPPBBT"></bacc-big-road><output></output><script type="module" src="./main.js"></script></body></html>`,
    );
    writeFileSync(
      join(site, 'main.js'),
      `import 'baccarat-scoreboard/big-road.js';\nimport { resolveCompleteHand } from 'baccarat-scoreboard';\ndocument.querySelector('output').textContent = resolveCompleteHand(['9H', '2C', 'KD', '5S']).winner;\n`,
    );
    await build({ root: site, configFile: false, logLevel: 'warn', build: { outDir: 'dist', emptyOutDir: true } });
    const scripts = readdirSync(join(site, 'dist', 'assets'))
      .filter((name) => name.endsWith('.js'))
      .map((name) => readFileSync(join(site, 'dist', 'assets', name), 'utf8'))
      .join('\n');
    expect(scripts).not.toMatch(/Chart\.js|chartjs|indexedDB|bacc-operator|bacc-history/);
    served = await serveFolder(join(site, 'dist'));
    const page = await chromium().newPage();
    try {
      await page.goto(served.url);
      const marks = await roadMarks(page, 'bacc-big-road');
      // B P P B B T: banker in columns 0 and 2, player down column 1, the tie on the last banker.
      expect(marks).toMatchObject({ banker: ['0,0', '2,0', '2,1'], player: ['1,0', '1,1'] });
      expect(marks.summary).toMatch(/^Big Road/);
      expect(await page.locator('output').textContent()).toBe('P');
    } finally {
      await page.close();
    }
  });

  it('a plain page with <script type="module"> and an import map, no bundler, draws the road from the package files', async () => {
    const site = join(scratch, 'site');
    writeFileSync(
      join(site, 'plain.html'),
      `<!doctype html><html lang="zh-Hans"><head><script type="importmap">${JSON.stringify(importMap)}</script>` +
        `<script type="module">import 'baccarat-scoreboard/big-road.js';</script></head>` +
        `<body><bacc-big-road outcomes="BPPBBT"></bacc-big-road></body></html>`,
    );
    await served?.close();
    served = await serveFolder(site);
    const page = await chromium().newPage();
    const failures: string[] = [];
    page.on('pageerror', (error) => failures.push(error.message));
    page.on('requestfailed', (request) => failures.push(request.url()));
    try {
      await page.goto(`${served.url}plain.html`);
      const marks = await roadMarks(page, 'bacc-big-road');
      expect(marks).toMatchObject({ banker: ['0,0', '2,0', '2,1'], player: ['1,0', '1,1'] });
      // The page says it is in Chinese, and the road follows it.
      expect(marks.summary).toMatch(/[\u4e00-\u9fff]/);
      expect(failures).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
