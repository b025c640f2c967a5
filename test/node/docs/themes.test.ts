/**
 * The dark and light themes an embedder imports (baccarat-scoreboard/themes/*.css): each sets only
 * documented --bacc-* properties, the same ones, for the page and for a container of its class;
 * the package exports and ships both, and the docs' elements page uses them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** Every --bacc-* property some element documents (its `@cssprop` lines, which the manifest reads). */
const documented = new Set(
  readdirSync('components')
    .filter((name) => /^bacc-.*\.ts$/.test(name))
    .flatMap((name) =>
      [...readFileSync(`components/${name}`, 'utf8').matchAll(/@cssprop (--bacc-[a-z-]+)/g)].map(([, property]) => property),
    ),
);
const packageJson = JSON.parse(readFileSync('package.json', 'utf8')) as { exports: Record<string, unknown>; files: string[] };

/** The rules of a theme file, comments left out: selector and the custom properties each sets. */
function rules(css: string): { selector: string; properties: string[] }[] {
  return [...css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{}]+)\{([^}]*)\}/g)].map(([, selector, body]) => ({
    selector: selector!.replace(/\s+/g, ' ').trim(),
    properties: [...body!.matchAll(/(--[a-z-]+)\s*:/g)].map(([, property]) => property!),
  }));
}

describe.each(['dark', 'light'])('themes/%s.css', (name) => {
  const themeRules = rules(readFileSync(`themes/${name}.css`, 'utf8'));

  it('sets documented --bacc-* properties only, for the page and for a container of its class', () => {
    const tokens = themeRules.find((rule) => rule.selector === `:root, .bacc-theme-${name}`);
    expect(tokens?.properties.length).toBeGreaterThanOrEqual(10);
    expect(tokens!.properties.filter((property) => !documented.has(property))).toEqual([]);
    const set = themeRules.flatMap((rule) => rule.properties);
    expect(set.filter((property) => !documented.has(property))).toEqual([]);
  });

  it('sets the same properties as the other theme, so that either replaces the other', () => {
    const other = rules(readFileSync(`themes/${name === 'dark' ? 'light' : 'dark'}.css`, 'utf8'));
    const properties = (list: typeof themeRules) => list.flatMap((rule) => rule.properties).sort();
    expect(properties(themeRules)).toEqual(properties(other));
  });

  it('is exported and shipped by the package, and used by the docs’ elements page', () => {
    expect(packageJson.exports[`./themes/${name}.css`]).toBe(`./themes/${name}.css`);
    expect(packageJson.files).toContain('themes');
    expect(readFileSync('docs/elements/main.ts', 'utf8')).toContain(`from '../../themes/${name}.css?inline';`);
  });
});
