/**
 * custom-elements.json as a consumer's tools read it (the analyzer run in memory with the project's
 * config, as `npm run build:lib` runs it): every path a published file, every tag defined in a
 * module the package's exports let a page import, and defaults as values, not constant names.
 */
import { readFileSync } from 'node:fs';
import { describe, it, expect } from 'vitest';
import { cli } from '@custom-elements-manifest/analyzer/cli.js';

const manifest = await cli({
  argv: ['analyze', '--config', 'custom-elements-manifest.config.mjs', '--quiet'],
  cwd: process.cwd(),
  noWrite: true,
});
const packageJson = JSON.parse(readFileSync('package.json', 'utf8')) as { exports: Record<string, string | { default?: string }> };
/** The files the package's exports let a page import. */
const exported = new Set(
  Object.values(packageJson.exports).flatMap((entry) => {
    const file = typeof entry === 'string' ? entry : entry.default;
    return file === undefined ? [] : [file.replace(/^\.\//, '')];
  }),
);

describe('custom-elements.json for a consumer', () => {
  it('names only published JavaScript files, inherited members and definitions included', () => {
    const modules = JSON.stringify(manifest).match(/"module":"[^"]*"/g) ?? [];
    expect(modules.length).toBeGreaterThan(0);
    expect(modules.filter((module) => !/^"module":"lib\/.*\.js"$/.test(module))).toEqual([]);
  });

  it('defines each of the nine tags in the module the package exports for it', () => {
    const definitions = manifest.modules.flatMap((module) =>
      (module.exports ?? []).filter((entry) => entry.kind === 'custom-element-definition').map((entry) => ({ module: module.path, entry })),
    );
    expect(definitions.map(({ entry }) => entry.name).sort()).toEqual(
      ['bead-plate', 'big-road', 'chart', 'derived-road', 'last-hand', 'odds-note', 'predictions', 'scoreboard', 'stats'].map(
        (name) => `bacc-${name}`,
      ),
    );
    for (const { module, entry } of definitions) {
      expect(exported, `${entry.name} in ${module}`).toContain(module);
      expect(exported, `${entry.name}'s class in ${entry.declaration.module}`).toContain(entry.declaration.module);
    }
  });

  it('gives rows a type and its default as a value on every element that has it', () => {
    const rows = manifest.modules.flatMap((module) =>
      (module.declarations ?? []).flatMap((declaration) =>
        declaration.tagName
          ? [...(declaration.attributes ?? []), ...(declaration.members ?? [])]
              .filter((item) => item.name === 'rows')
              .map((item) => ({ tag: declaration.tagName, type: item.type?.text, default: item.default }))
          : [],
      ),
    );
    expect(new Set(rows.map((item) => item.tag))).toEqual(
      new Set(['bacc-bead-plate', 'bacc-big-road', 'bacc-derived-road', 'bacc-scoreboard']),
    );
    for (const item of rows) expect(item).toMatchObject({ type: 'number', default: '6' });
  });
});
