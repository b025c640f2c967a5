/**
 * The theme's custom properties, as the elements use them and as the manifest documents them.
 *
 * Used: every `--bacc-*` an element reads, found in the sources under components/ (less the app,
 * components/app/, which themes the elements rather than being themed): the theme tokens'
 * mappings in components/styles/theme.ts and any `var(--bacc-…)` (or `getPropertyValue('--bacc-…')`)
 * in an element's own styles or code. Comments are removed first, so a JSDoc that names a
 * property is not a use of it.
 *
 * Documented: every `--bacc-*` of a `@cssprop` in the custom-elements manifest. The manifest is
 * made in memory by the analyzer itself, with the project's custom-elements-manifest.config.mjs,
 * rather than read from lib/custom-elements.json: the test then checks exactly what `npm run
 * build:lib` will publish (same parser, same globs, inheritance included), needs no build first
 * (lib/ may be missing or stale), and writes nothing. Parsing the `@cssprop` lines by hand would
 * check our reading of JSDoc, not the analyzer's.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { cli } from '@custom-elements-manifest/analyzer/cli.js';

/** A property name and where it was found: the source files that use it, or the elements that document it. */
export type PropertyPlaces = Map<string, string[]>;

function add(places: PropertyPlaces, name: string, place: string): void {
  const list = places.get(name) ?? [];
  if (!list.includes(place)) list.push(place);
  places.set(name, list);
}

/** Source text without its comments: block comments (JSDoc and CSS) and line comments. */
export function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

/** The `--bacc-*` properties that `source` reads: `var(--bacc-…` and `getPropertyValue('--bacc-…')`. */
export function propertiesRead(source: string): string[] {
  const code = withoutComments(source);
  const reads = [...code.matchAll(/var\(\s*(--bacc-[\w-]+)/g), ...code.matchAll(/getPropertyValue\(\s*['"`](--bacc-[\w-]+)['"`]/g)];
  return reads.map((match) => match[1]!);
}

function typeScriptFiles(folder: string, skip: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return path === skip ? [] : typeScriptFiles(path, skip);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Every `--bacc-*` property the elements read, with the files that read it. */
export function usedProperties(root: string): PropertyPlaces {
  const components = join(root, 'components');
  const used: PropertyPlaces = new Map();
  for (const file of typeScriptFiles(components, join(components, 'app'))) {
    for (const name of propertiesRead(readFileSync(file, 'utf8'))) add(used, name, relative(root, file));
  }
  return used;
}

/** Every `--bacc-*` property the manifest documents (`@cssprop`), with the declarations that document it. */
export async function documentedProperties(root: string): Promise<PropertyPlaces> {
  const manifest = await cli({
    argv: ['analyze', '--config', join(root, 'custom-elements-manifest.config.mjs'), '--quiet'],
    cwd: root,
    noWrite: true,
  });
  const documented: PropertyPlaces = new Map();
  for (const module of manifest.modules) {
    for (const declaration of module.declarations ?? []) {
      for (const property of declaration.cssProperties ?? []) {
        if (property.name.startsWith('--bacc-')) add(documented, property.name, declaration.tagName ?? declaration.name ?? module.path);
      }
    }
  }
  return documented;
}

export interface Mismatches {
  /** Documented by `@cssprop`, read by no element: a theme setting that does nothing. */
  unused: string[];
  /** Read by an element, documented nowhere: a setting no page can find. */
  undocumented: string[];
}

export function compareProperties(used: PropertyPlaces, documented: PropertyPlaces): Mismatches {
  return {
    unused: [...documented.keys()].filter((name) => !used.has(name)).sort(),
    undocumented: [...used.keys()].filter((name) => !documented.has(name)).sort(),
  };
}

/** The mismatches in words, each property with where it is documented or used; '' when there are none. */
export function describeMismatches({ unused, undocumented }: Mismatches, used: PropertyPlaces, documented: PropertyPlaces): string {
  const lines = [
    ...unused.map((name) => `${name} is documented (${(documented.get(name) ?? []).join(', ')}) but used by no element`),
    ...undocumented.map((name) => `${name} is used (${(used.get(name) ?? []).join(', ')}) but documented by no @cssprop`),
  ];
  return lines.join('\n');
}
