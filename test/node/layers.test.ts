/**
 * The layers of the code, as imports (issue #24): src/ is a stack of folders that import only
 * downward, the package's elements never reach into the app, the app's pages reach each other only
 * through the kiosk's routing, and no source file grows past what a person reads in one sitting.
 * Each failure names the file and the import (or the length).
 */
import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** src/'s layers, lowest first: each imports only its own folder and those before it. */
const SRC_ORDER = ['game', 'shoes', 'roads', 'room', 'reader', 'dealing'];
/** src/ layers outside that order, and the only layers each may import besides its own. */
const SRC_SIDE_LAYERS: Record<string, readonly string[]> = { evidence: ['game'] };
/** The app's pages: folders of components/app that import no other page. */
const PAGES = ['kiosk', 'attract', 'operator', 'display', 'lobby', 'history', 'evidence', 'reports'];
/** The page that routes: it may load the others, on demand only. */
const ROUTER = 'kiosk';
const MAX_LINES = 700;

/** Generated or built folders, never read. */
const SKIPPED = new Set(['node_modules', 'lib', 'dist', 'test']);
const GENERATED = ['components/app/locales', 'components/app/fonts'];

export interface SourceFile {
  /** From the repository's root, with forward slashes. */
  path: string;
  text: string;
}

export interface ImportSeen {
  specifier: string;
  /** `import('…')` as an expression: loaded when called, not with the module. */
  dynamic: boolean;
}

/**
 * Every module a file names: static imports and re-exports (type-only ones too) and import() calls,
 * read by TypeScript's scanner (comments and strings are not mistaken for imports).
 */
export function importsOf(file: SourceFile): ImportSeen[] {
  const { importedFiles } = ts.preProcessFile(file.text, true, true);
  return importedFiles.map(({ fileName, pos }) => ({
    specifier: fileName,
    // The scanner gives where the name starts: an import() call has "import(" just before it.
    dynamic: /\bimport\s*\(\s*['"`]?$/.test(file.text.slice(Math.max(0, pos - 40), pos)),
  }));
}

/** The folders of a path below `base` ('src/game/cards.ts' below 'src' is ['game', 'cards.ts']), or null outside it. */
function below(path: string, base: string): string[] | null {
  return path.startsWith(`${base}/`) ? path.slice(base.length + 1).split('/') : null;
}

/** What is wrong with each file's imports, one line per import: "file imports 'specifier': why". */
export function layerViolations(files: readonly SourceFile[]): string[] {
  const problems: string[] = [];
  for (const file of files) {
    const inSrc = below(file.path, 'src');
    if (inSrc?.length === 1 && inSrc[0] !== 'index.ts')
      problems.push(`${file.path}: src/ holds only index.ts at its top; put it in a layer`);
    for (const { specifier, dynamic } of importsOf(file)) {
      // Package names are outside the layers; only relative paths point into the repository.
      if (!specifier.startsWith('.')) continue;
      const target = posix.normalize(posix.join(posix.dirname(file.path), specifier));
      const why = violation(file.path, target, dynamic);
      if (why) problems.push(`${file.path} imports '${specifier}': ${why}`);
    }
  }
  return problems;
}

/** Why `from` may not import `target`, or null when it may. */
function violation(from: string, target: string, dynamic: boolean): string | null {
  const fromSrc = below(from, 'src');
  if (fromSrc) {
    if (target.startsWith('components/') || target === 'components') return 'src/ imports nothing of components/';
    const targetSrc = below(target, 'src');
    // src/index.ts is the package's front door: it may gather every layer.
    if (!targetSrc || fromSrc.length === 1) return null;
    const layer = fromSrc[0]!;
    const other = targetSrc.length === 1 ? 'index.ts' : targetSrc[0]!;
    if (other === layer) return null;
    if (other === 'index.ts') return 'a layer does not import src/index.ts';
    const side = SRC_SIDE_LAYERS[layer];
    if (side) return side.includes(other) ? null : `src/${layer} imports only ${side.map((name) => `src/${name}`).join(', ')}`;
    const [mine, theirs] = [SRC_ORDER.indexOf(layer), SRC_ORDER.indexOf(other)];
    if (mine === -1) return `src/${layer} is not a known layer`;
    if (theirs === -1) return `src/${other} is beside the layers (${SRC_ORDER.join(' < ')}), not below src/${layer}`;
    return theirs < mine ? null : `src/${other} is ${theirs > mine ? 'above' : 'beside'} src/${layer} (${SRC_ORDER.join(' < ')})`;
  }
  const fromComponents = below(from, 'components');
  if (!fromComponents) return null;
  const targetApp = below(target, 'components/app');
  if (fromComponents[0] !== 'app') return targetApp ? "the package's components do not import the app" : null;
  if (!targetApp || targetApp.length === 1) return null;
  const [fromFolder, targetFolder] = [fromComponents[1]!, targetApp[0]!];
  if (fromFolder === targetFolder || !PAGES.includes(targetFolder)) return null;
  if (fromFolder === 'shared') return `components/app/shared imports no page (components/app/${targetFolder})`;
  if (!PAGES.includes(fromFolder)) return null;
  if (fromFolder === ROUTER && dynamic) return null;
  return fromFolder === ROUTER
    ? `the kiosk loads a page only on demand, with import() (components/app/${targetFolder})`
    : `a page imports no other page (components/app/${targetFolder}); share it through components/app/shared`;
}

/** Every file below `folder` (relative to the root) whose name ends in one of `endings`, leaving out built, generated and test folders. */
function filesBelow(folder: string, endings: readonly string[]): string[] {
  const start = join(root, folder);
  if (!existsSync(start)) return [];
  const found: string[] = [];
  const visit = (directory: string): void => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const path = join(directory, entry.name);
      const shown = relative(root, path).split('\\').join('/');
      if (entry.isDirectory()) {
        if (!SKIPPED.has(entry.name) && !GENERATED.includes(shown)) visit(path);
      } else if (endings.some((ending) => entry.name.endsWith(ending))) {
        found.push(shown);
      }
    }
  };
  visit(start);
  return found.sort();
}

const read = (path: string): SourceFile => ({ path, text: readFileSync(join(root, path), 'utf8') });

describe('the layers (issue #24)', () => {
  it('src/ imports downward only, the package never imports the app, and pages import no other page', () => {
    const files = [...filesBelow('src', ['.ts']), ...filesBelow('components', ['.ts'])].map(read);
    expect(files.length).toBeGreaterThan(50);
    expect(layerViolations(files)).toEqual([]);
  });

  it(`keeps every source file within ${MAX_LINES} lines`, () => {
    const sources = ['src', 'components', 'bin', 'server', 'scripts', 'bench'].flatMap((folder) =>
      filesBelow(folder, ['.ts', '.mts', '.mjs', '.js']),
    );
    const tooLong = sources
      .map((path) => ({ path, lines: read(path).text.replace(/\n$/, '').split('\n').length }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ path, lines }) => `${path}: ${lines} lines`);
    expect(tooLong).toEqual([]);
  });

  describe('names what breaks a layer (checked on made-up files)', () => {
    const fake = (path: string, text: string): string[] => layerViolations([{ path, text }]);

    it('an upward, a sideways and a type-only import in src/', () => {
      expect(fake('src/game/cards.ts', "import { x } from '../room/room.js';")).toEqual([
        "src/game/cards.ts imports '../room/room.js': src/room is above src/game (game < shoes < roads < room < reader < dealing)",
      ]);
      expect(fake('src/evidence/run.ts', "import type { S } from '../shoes/shoe.js';")[0]).toMatch(
        /^src\/evidence\/run\.ts imports '\.\.\/shoes\/shoe\.js': src\/evidence imports only src\/game$/,
      );
      expect(fake('src/roads/big.ts', "type T = import('../evidence/run.js').Run;")).toHaveLength(1);
      expect(fake('src/roads/big.ts', "import { f } from '../../components/app/shared/words.js';")[0]).toContain(
        'imports nothing of components/',
      );
      expect(fake('src/stray.ts', '')).toEqual(['src/stray.ts: src/ holds only index.ts at its top; put it in a layer']);
    });

    it('allows downward imports, its own layer, and the front door', () => {
      expect(fake('src/dealing/desk.ts', "import '../game/cards.js'; import './own.js'; export * from '../reader/x.js';")).toEqual([]);
      expect(fake('src/index.ts', "export * from './dealing/desk.js';")).toEqual([]);
      expect(fake('src/evidence/run.ts', "import '../game/cards.js';")).toEqual([]);
    });

    it("a page reaching into another, the package reaching into the app, and the kiosk's routing", () => {
      expect(fake('components/app/operator/console.ts', "import { T } from '../kiosk/kiosk-settings.js';")[0]).toBe(
        "components/app/operator/console.ts imports '../kiosk/kiosk-settings.js': a page imports no other page (components/app/kiosk); share it through components/app/shared",
      );
      expect(fake('components/app/shared/words.ts', "import '../history/trail.js';")[0]).toContain('components/app/shared imports no page');
      expect(fake('components/bacc-big-road.ts', "import '../components/app/shared/words.js';")[0]).toContain('do not import the app');
      expect(fake('components/app/kiosk/bacc-kiosk.ts', "import '../operator/bacc-operator.js';")[0]).toContain('only on demand');
      expect(fake('components/app/kiosk/bacc-kiosk.ts', "const load = () => import('../operator/bacc-operator.js');")).toEqual([]);
      expect(fake('components/app/attract/bacc-attract.ts', "const load = () => import('../evidence/bacc-evidence.js');")).toHaveLength(1);
      expect(fake('components/app/history/view.ts', "import '../shared/words.js'; import '../../../src/game/cards.js';")).toEqual([]);
    });
  });
});
