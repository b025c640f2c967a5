/**
 * The docs site, built once as `npm run docs` builds it: the VitePress pages of docs/ (issue #24), then
 * the elements' live page (issue #15, vite build with vite.docs.config.ts) beside them.
 *
 * The site: every page of docs/ is built, and every link between its pages, and every anchor such a
 * link names, resolves. The elements' page, served and opened in Chromium: every element the manifest
 * names is live and documented by its six tables, the theme playground themes the scoreboard beside
 * it, the language toggle turns the examples Chinese, and the page asks for nothing from anywhere else.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { build, preview, type PreviewServer } from 'vite';
import { build as buildSite } from 'vitepress';
import type { Page } from 'playwright-core';
import { useChromium } from './browser.js';
import { chineseBoxes, fontInspector, watchCanvasText } from './chinese-boxes.js';
import { serveFiles, type StaticFiles } from './static-files.js';

const chromium = useChromium();
const repository = process.cwd();
const configFile = join(repository, 'vite.docs.config.ts');
const manifestFile = join(repository, 'lib', 'custom-elements.json');
const docsFolder = join(repository, 'docs');
const siteFolder = join(repository, 'dist-docs');

interface Declaration {
  tagName?: string;
  cssProperties?: { name: string }[];
  cssParts?: { name: string }[];
  attributes?: { name: string }[];
}

/** The elements as the manifest the page is built from names them. */
function manifestElements(): Declaration[] {
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { modules: { declarations?: Declaration[] }[] };
  return manifest.modules.flatMap((module) => module.declarations ?? []).filter((declaration) => declaration.tagName);
}

const TABLES = ['attributes', 'properties', 'events', 'slots', 'css-parts', 'css-properties'];

let server: PreviewServer | undefined;
let baseUrl = '';

beforeAll(async () => {
  // npm run docs builds lib/ first; a test run without it makes only what the page reads: the manifest.
  if (!existsSync(manifestFile)) {
    execFileSync(
      join(repository, 'node_modules', '.bin', 'cem'),
      ['analyze', '--config', 'custom-elements-manifest.config.mjs', '--quiet'],
      {
        cwd: repository,
      },
    );
  }
  execFileSync(process.execPath, [join(repository, 'scripts', 'elements-reference.mjs')], { cwd: repository });
  // As global-setup.ts: Vitest's NODE_ENV=test would build Lit's development bundle; test what ships.
  const nodeEnv = process.env['NODE_ENV'];
  process.env['NODE_ENV'] = 'production';
  try {
    // In npm run docs's order: VitePress empties dist-docs/, then the elements' page fills its own folder.
    await buildSite(docsFolder);
    await build({ configFile, logLevel: 'warn', mode: 'production' });
  } finally {
    if (nodeEnv === undefined) delete process.env['NODE_ENV'];
    else process.env['NODE_ENV'] = nodeEnv;
  }
  server = await preview({ configFile, preview: { host: '127.0.0.1', port: 0, strictPort: false }, logLevel: 'warn' });
  const address = server.httpServer.address();
  if (address === null || typeof address === 'string') throw new Error('the docs preview server has no port');
  baseUrl = `http://127.0.0.1:${address.port}/`;
  // Two builds, the VitePress one about 40 s on a busy 2-core machine.
}, 240_000);

afterAll(async () => {
  await server?.close();
});

/** The docs page, opened, with every request and error it makes recorded. */
async function openDocs(): Promise<{ page: Page; outside: string[]; errors: string[] }> {
  const page = await chromium().newPage({ viewport: { width: 1280, height: 900 } });
  const outside: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(baseUrl) && !request.url().startsWith('data:')) outside.push(request.url());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(baseUrl);
  await page.locator('#elements-heading').waitFor();
  return { page, outside, errors };
}

/** The computed text colour of the banker rings of the Big Road inside the scoreboard under `selector`. */
function bankerRingColour(page: Page, selector: string): Promise<string> {
  return page.evaluate((sel) => {
    const road = document.querySelector(sel)?.shadowRoot?.querySelector('bacc-big-road');
    const rings = road?.shadowRoot?.querySelector('.rings.B');
    if (!rings) throw new Error(`no banker rings in ${sel}`);
    return getComputedStyle(rings).color;
  }, selector);
}

/**
 * A static host for the plain-HTML embed: the page at /, the package at /node_modules/baccarat-scoreboard/
 * (this repository, laid out as the package is: lib/ built), its dependencies from node_modules/.
 */
function serveEmbed(page: string): Promise<StaticFiles> {
  const packagePath = '/node_modules/baccarat-scoreboard/';
  return serveFiles(
    (path) => {
      if (!path.startsWith('/node_modules/')) return null;
      return path.startsWith(packagePath) ? join(repository, path.slice(packagePath.length)) : join(repository, path);
    },
    { '/': page },
  );
}

/** Every file under `folder`, as paths relative to it. */
function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)));
}

/** The pages of the site: every markdown file of docs/ but the elements' page sources. */
function sitePages(): string[] {
  return filesUnder(docsFolder).filter((file) => file.endsWith('.md') && !file.startsWith('elements/') && !file.startsWith('.vitepress/'));
}

const decodeEntities = (text: string) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"');

/** The ids a built page gives its elements: the anchors a link may name. */
function anchorsOf(html: string): Set<string> {
  return new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((match) => decodeURIComponent(decodeEntities(match[1]!))));
}

describe('the docs site', () => {
  it('builds every page of docs/', () => {
    const pages = sitePages();
    expect(pages).toEqual(expect.arrayContaining(['index.md', 'glossary.md', 'reference/elements.md', 'guide/room.md']));
    const missing = pages.filter((page) => !existsSync(join(siteFolder, page.replace(/\.md$/, '.html'))));
    expect(missing).toEqual([]);
  });

  it('has no internal link that leads nowhere: every page and anchor named exists', () => {
    const broken: string[] = [];
    const htmlPages = filesUnder(siteFolder).filter((file) => file.endsWith('.html') && !file.startsWith('elements/'));
    const anchors = new Map<string, Set<string>>();
    const anchorsFor = (file: string) => {
      let known = anchors.get(file);
      if (!known) anchors.set(file, (known = anchorsOf(readFileSync(file, 'utf8'))));
      return known;
    };
    let links = 0;
    for (const page of htmlPages) {
      const file = join(siteFolder, page);
      for (const [, raw] of readFileSync(file, 'utf8').matchAll(/<a\s[^>]*?href="([^"]*)"/g)) {
        const href = decodeEntities(raw!);
        if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href === '' || href === '#') continue;
        links++;
        const [path = '', anchor] = href.split('#', 2);
        let target = path === '' ? file : path.startsWith('/') ? join(siteFolder, path) : resolve(dirname(file), path);
        if (target.endsWith('/')) target = join(target, 'index.html');
        if (!existsSync(target)) {
          broken.push(`${page}: ${href} (no such file)`);
          continue;
        }
        if (anchor && target.endsWith('.html') && !anchorsFor(target).has(decodeURIComponent(anchor))) {
          broken.push(`${page}: ${href} (no such anchor)`);
        }
      }
    }
    expect(links).toBeGreaterThan(100);
    expect(broken).toEqual([]);
  });
});

describe('the docs page', () => {
  it('shows every element of the manifest live, with its six tables, and asks nothing of any other site', async () => {
    const elements = manifestElements();
    expect(elements.length).toBeGreaterThanOrEqual(9);
    const { page, outside, errors } = await openDocs();
    try {
      for (const element of elements) {
        const tag = element.tagName!;
        const section = page.locator(`section[data-tag="${tag}"]`);
        await expect(section.locator('h3').textContent()).resolves.toContain(`<${tag}>`);
        // Live: the element is upgraded and has drawn something in its shadow root.
        await page.waitForFunction(
          (name) => {
            const live = document.querySelector(`section[data-tag="${name}"] [data-example] > ${name}`);
            return customElements.get(name) !== undefined && (live?.shadowRoot?.childElementCount ?? 0) > 0;
          },
          tag,
          { timeout: 10_000 },
        );
        for (const table of TABLES) expect(await section.locator(`table[data-table="${table}"]`).count(), `${tag}: ${table}`).toBe(1);
        // The tables are the manifest's: its CSS custom properties, parts and attributes, row by row.
        const names = (table: string) => section.locator(`table[data-table="${table}"] tbody th[scope="row"]`).allTextContents();
        expect(await names('css-properties'), tag).toEqual((element.cssProperties ?? []).map((property) => property.name));
        expect(await names('css-parts'), tag).toEqual((element.cssParts ?? []).map((part) => part.name));
        expect(await names('attributes'), tag).toEqual((element.attributes ?? []).map((attribute) => attribute.name));
      }
      // A road drawn from the sample hands, and the static embed drawn from outcomes="BPPBBT".
      const marks = await page.evaluate(() =>
        ['section[data-tag="bacc-big-road"] bacc-big-road', '#embed bacc-big-road[outcomes="BPPBBT"]'].map(
          (selector) => document.querySelector(selector)?.shadowRoot?.querySelector('.rings.B')?.getAttribute('d') ?? '',
        ),
      );
      expect(marks.every((d) => d.length > 0)).toBe(true);
      expect(outside).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('changing a colour in the theme playground changes the scoreboard beside it, and only it, and gives its CSS', async () => {
    const { page } = await openDocs();
    try {
      const preview = '#playground-preview bacc-scoreboard';
      const example = 'section[data-tag="bacc-scoreboard"] bacc-scoreboard';
      await page.waitForFunction(
        (sel) => document.querySelector(sel)?.shadowRoot?.querySelector('bacc-big-road')?.shadowRoot?.querySelector('.rings.B'),
        preview,
      );
      expect(await bankerRingColour(page, preview)).toBe('rgb(211, 47, 47)');
      await page.getByLabel('--bacc-banker-color').fill('#00aa55');
      await expect.poll(() => bankerRingColour(page, preview)).toBe('rgb(0, 170, 85)');
      // The element examples above keep the default theme.
      expect(await bankerRingColour(page, example)).toBe('rgb(211, 47, 47)');
      expect(await page.locator('#theme-css').textContent()).toBe(':root {\n  --bacc-banker-color: #00aa55;\n}');
      // A text property too: wider grid lines.
      await page.getByLabel('--bacc-grid-line-width').fill('3px');
      expect(await page.locator('#theme-css').textContent()).toContain('--bacc-grid-line-width: 3px;');
      await page.getByRole('button', { name: 'Reset all' }).click();
      await expect.poll(() => bankerRingColour(page, preview)).toBe('rgb(211, 47, 47)');
    } finally {
      await page.close();
    }
  });

  it('the language toggle sets lang="zh-Hans" on the examples, and they speak Chinese', async () => {
    const { page } = await openDocs();
    try {
      const summary = () =>
        page.evaluate(
          () =>
            document.querySelector('section[data-tag="bacc-big-road"] bacc-big-road')?.shadowRoot?.querySelector('.visually-hidden')
              ?.textContent ?? '',
        );
      await expect.poll(summary).toMatch(/^\s*Big Road/);
      await page.getByLabel('简体中文').check();
      const langs = await page.locator('[data-example]').evaluateAll((frames) => frames.map((frame) => frame.getAttribute('lang')));
      expect(new Set(langs)).toEqual(new Set(['zh-Hans']));
      await expect.poll(summary).toMatch(/[\u4e00-\u9fff]/);
      // The page's own words stay English.
      expect(await page.locator('html').getAttribute('lang')).toBe('en');
    } finally {
      await page.close();
    }
  });

  it('draws its examples in Chinese with the package’s font, no box, within 1 s of the font loading', async () => {
    const page = await chromium().newPage({ viewport: { width: 1280, height: 900 } });
    try {
      await watchCanvasText(page);
      const cdp = await fontInspector(page);
      await page.goto(baseUrl);
      await page.locator('#elements-heading').waitFor();
      await page.getByLabel('简体中文').check();
      // The stylesheet's faces load when the page draws their characters.
      await page.waitForFunction(
        () =>
          document.fonts.status === 'loaded' &&
          [...document.fonts].some((face) => face.family.replace(/"/g, '') === 'Noto Sans SC' && face.status === 'loaded'),
      );
      const deadline = Date.now() + 1000;
      let boxes = await chineseBoxes(page, cdp);
      while (boxes.length > 0 && Date.now() < deadline) {
        await page.evaluate(() => new Promise(requestAnimationFrame));
        boxes = await chineseBoxes(page, cdp);
      }
      expect(boxes).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('gives copy-paste embeds: plain HTML with an import map, a framework page, and the static outcomes road', async () => {
    const { page } = await openDocs();
    try {
      const code = (id: string) => page.locator(`#${id}-code`).textContent();
      expect(await code('embed-static')).toContain('<bacc-big-road outcomes="BPPBBT"></bacc-big-road>');
      const plain = (await code('embed-plain')) ?? '';
      expect(plain).toContain('<script type="importmap">');
      expect(plain).toContain('<script type="module">');
      const importMap = JSON.parse(/<script type="importmap">([\s\S]*?)<\/script>/.exec(plain)![1]!) as { imports: Record<string, string> };
      expect(importMap.imports['baccarat-scoreboard/scoreboard.js']).toBe(
        './node_modules/baccarat-scoreboard/lib/components/define/scoreboard.js',
      );
      expect(await code('embed-react')).toContain('hands={hands}');
    } finally {
      await page.close();
    }
  });

  it('its plain-HTML embed, copied as shown and served beside the package, draws the scoreboard with no bundler', async () => {
    // The package's files: npm run build:lib (npm test builds lib/ before the end-to-end tests).
    expect(existsSync(join(repository, 'lib', 'components', 'define', 'scoreboard.js')), 'lib/ is not built: run npm run build:lib').toBe(
      true,
    );
    const { page: docs } = await openDocs();
    const embed = (await docs.locator('#embed-plain-code').textContent()) ?? '';
    await docs.close();
    const served = await serveEmbed(embed);
    const page = await chromium().newPage();
    const failures: string[] = [];
    page.on('pageerror', (error) => failures.push(error.message));
    page.on('response', (response) => {
      if (!response.ok()) failures.push(`${response.status()} ${response.url()}`);
    });
    try {
      await page.goto(served.url);
      await page.waitForFunction(() =>
        document.querySelector('bacc-scoreboard')?.shadowRoot?.querySelector('bacc-big-road')?.shadowRoot?.querySelector('.rings.B'),
      );
      const drawn = await page.evaluate(() => {
        const root = document.querySelector('bacc-scoreboard')!.shadowRoot!;
        return {
          summary: root.querySelector('bacc-big-road')!.shadowRoot!.querySelector('.visually-hidden')!.textContent.trim(),
          chart: root.querySelector('bacc-chart')?.shadowRoot?.querySelector('canvas') !== null,
        };
      });
      expect(drawn.summary).toMatch(/^Big Road, \d+ columns/);
      expect(drawn.chart).toBe(true);
      expect(failures.filter((failure) => !failure.endsWith('/favicon.ico'))).toEqual([]);
    } finally {
      await page.close();
      await served.close();
    }
  });
});
