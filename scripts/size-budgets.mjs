#!/usr/bin/env node
// `npm run size`: what a page downloads, against its budget. An element entry is bundled with its
// dependencies (Lit, chart.js) as a site's bundler would, split where the code imports on demand,
// minified, then gzip-compressed: what the page loads as it opens, and, on a line of its own, the
// chart.js chunk `<bacc-chart>` loads after the first frame. The kiosk app is the scripts it loads
// as it opens, from Vite's manifest, and its chart.js chunk beside them; the Chinese font is counted
// as shipped (woff2 is compressed already). A budget exceeded fails with its figure; a budget with a
// `ceiling` is shown with its figure when over, and fails above the ceiling, so that it cannot grow
// unseen. Needs `npm run build:lib` and `npm run build` first. (size-limit does this too, but its
// releases that run on Node 20 cannot measure files already built, and the newer ones need Node 22.)
import { build } from 'esbuild';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
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

/** The kiosk's chart.js chunk, which `<bacc-chart>` loads after the first frame (vite.config.ts names it). */
function kioskChartScripts() {
  return filesIn('dist/assets', '.js').filter((file) => /[\\/]chart\.js-[^\\/]*\.js$/.test(file));
}

/**
 * `entry` bundled, split and minified as a site would ship it: `opening`, the entry with every chunk
 * it imports statically; `onDemand`, the chunks it imports dynamically (chart.js), with theirs.
 */
const bundles = new Map();
async function bundled(entry) {
  if (!bundles.has(entry)) {
    const outdir = mkdtempSync(join(tmpdir(), 'bacc-size-'));
    try {
      const result = await build({
        entryPoints: [entry],
        bundle: true,
        minify: true,
        splitting: true,
        format: 'esm',
        outdir,
        write: false,
        metafile: true,
        logLevel: 'silent',
      });
      const contents = new Map(result.outputFiles.map((file) => [file.path.slice(outdir.length + 1), Buffer.from(file.contents)]));
      const outputs = result.metafile.outputs;
      const relative = (path) => path.slice(path.lastIndexOf('/') + 1);
      const collect = (roots, kind, seen) => {
        const queue = [...roots];
        while (queue.length > 0) {
          const name = queue.shift();
          if (seen.has(name)) continue;
          seen.add(name);
          for (const imported of outputs[Object.keys(outputs).find((key) => relative(key) === name)].imports) {
            if (imported.kind === kind || imported.kind === 'import-statement') queue.push(relative(imported.path));
          }
        }
        return seen;
      };
      const entryName = relative(Object.keys(outputs).find((key) => outputs[key].entryPoint !== undefined && key.endsWith('.js')));
      const opening = collect([entryName], 'import-statement', new Set());
      const lazy = [...collect([entryName], 'dynamic-import', new Set())].filter((name) => !opening.has(name));
      const bytes = (names) => Buffer.concat([...names].filter((name) => name.endsWith('.js')).map((name) => contents.get(name)));
      bundles.set(entry, { opening: bytes(opening), onDemand: bytes(lazy) });
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  }
  return bundles.get(entry);
}

const budgets = [
  {
    name: 'one road element with Lit (baccarat-scoreboard/big-road.js)',
    entry: 'lib/components/define/big-road.js',
    limit: 15,
  },
  {
    name: 'the scoreboard as it opens, before its charts (baccarat-scoreboard/scoreboard.js)',
    entry: 'lib/components/define/scoreboard.js',
    // 36.4 KB once chart.js left the opening (#29); a little room for the wall layout.
    limit: 42,
  },
  {
    name: "the scoreboard's chart.js chunk, loaded after its first frame",
    entry: 'lib/components/define/scoreboard.js',
    part: 'onDemand',
    limit: 55,
  },
  // 67.7 KB once chart.js (50 KB of it) left the opening (#29).
  { name: 'the kiosk app as it opens (its entry, the scoreboard, the attract dealer)', files: kioskScripts(), limit: 75 },
  { name: "the kiosk's chart.js chunk, loaded after its first frame", files: kioskChartScripts(), limit: 55 },
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
    size = gzipSync((await bundled(budget.entry))[budget.part ?? 'opening'], { level: 9 }).length;
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
