#!/usr/bin/env node
// `npm run size`: what a page downloads, against its budget. An element entry is bundled with its
// dependencies (Lit, chart.js) as a site's bundler would, minified, then gzip-compressed; the kiosk
// app is every script `vite build` wrote; the Chinese font is counted as shipped (woff2 is
// compressed already). A budget exceeded fails with its figure. The scoreboard's target is not met
// (chart.js alone is 51.5 KB of it, see docs/guide/embedding.md): it is shown with its figure, and fails above its
// `ceiling`, so that it cannot grow unseen. Needs `npm run build:lib` and `npm run build` first. (size-limit does this too, but its releases that run on Node 20 cannot
// measure files already built, and the newer ones need Node 22.)
import { build } from 'esbuild';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const KB = 1024;

/** The files in `folder` whose names end in `suffix`. */
function filesIn(folder, suffix) {
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith(suffix))
    .map((name) => join(folder, name));
}

/**
 * The scripts the kiosk loads as it opens (attract mode): the page's entry and the part it loads on
 * demand to deal (the attract mode: its scoreboard and dealer), each with every chunk it imports, once each.
 * Read from Vite's manifest; the console, History and the import worker load only in their modes.
 */
function kioskScripts() {
  const manifestFile = 'dist/.vite/manifest.json';
  if (!existsSync(manifestFile)) return [];
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of ['index.html', 'components/app/attract/bacc-attract.ts']) {
    if (!manifest[key]) throw new Error(`${key} is not in ${manifestFile}: the kiosk's parts have moved`);
    visit(key);
  }
  return [...files].map((file) => join('dist', file));
}

/** `entry` bundled and minified as a site would ship it. */
async function bundled(entry) {
  const result = await build({ entryPoints: [entry], bundle: true, minify: true, format: 'esm', write: false, logLevel: 'silent' });
  return Buffer.concat(result.outputFiles.map((file) => Buffer.from(file.contents)));
}

const budgets = [
  {
    name: 'one road element with Lit (baccarat-scoreboard/big-road.js)',
    entry: 'lib/components/define/big-road.js',
    limit: 15,
  },
  {
    name: 'the scoreboard with chart.js (baccarat-scoreboard/scoreboard.js)',
    entry: 'lib/components/define/scoreboard.js',
    limit: 75,
    ceiling: 86,
  },
  { name: 'the kiosk app as it opens (its entry, the scoreboard, the attract dealer)', files: kioskScripts(), limit: 120 },
  {
    name: 'the Chinese font the scoreboard, console, History and lobby use (both weights)',
    files: filesIn('components/fonts', '.woff2').filter((file) => /noto-sans-sc-app-/.test(file)),
    // 120 KB until the console's card-shoe words (issue #18) took it to 123.5: the next step is a
    // slice of the console's own characters, which no wall screen draws (as the evidence page's).
    limit: 130,
    compressed: true,
  },
  {
    name: "the evidence page's further characters (both weights)",
    files: filesIn('components/fonts', '.woff2').filter((file) => /noto-sans-sc-evidence-/.test(file)),
    limit: 60,
    compressed: true,
  },
];

let failed = 0;
for (const budget of budgets) {
  let size;
  if (budget.entry) {
    size = gzipSync(await bundled(budget.entry), { level: 9 }).length;
  } else if (budget.files.length === 0) {
    console.error(`✗ ${budget.name}: nothing to measure (run npm run build first)`);
    failed++;
    continue;
  } else {
    size = budget.files.reduce((sum, file) => {
      const bytes = readFileSync(file);
      return sum + (budget.compressed ? bytes.length : gzipSync(bytes, { level: 9 }).length);
    }, 0);
  }
  const within = size <= budget.limit * KB;
  const belowCeiling = budget.ceiling !== undefined && size <= budget.ceiling * KB;
  if (!within && !belowCeiling) failed++;
  const unit = budget.compressed ? 'KB' : 'KB gzip';
  const mark = within ? '✓' : belowCeiling ? '!' : '✗';
  const note = within || !belowCeiling ? '' : ` — over budget, not met yet; fails above ${budget.ceiling} KB`;
  console.log(`${mark} ${budget.name}: ${(size / KB).toFixed(1)} ${unit} (budget ${budget.limit} KB)${note}`);
}
process.exit(failed === 0 ? 0 : 1);
