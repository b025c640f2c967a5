/** The copy-paste embeds (docs/embed-examples.ts) work where they say they do. */
import { describe, it, expect } from 'vitest';
import { embedExamples } from '../../../docs/elements/embed-examples.js';

/** The bare module names an HTML example imports in its module scripts. */
function bareImports(code: string): string[] {
  const scripts = [...code.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
  return scripts.flatMap((script) =>
    [...script.matchAll(/\bimport\s+(?:[^'"]*\sfrom\s+)?['"]([^'"]+)['"]/g)]
      .map((match) => match[1]!)
      .filter((name) => !/^(\.|\/|https?:)/.test(name)),
  );
}

/** The names an HTML example's import map resolves. */
function mapped(code: string): string[] {
  const map = /<script type="importmap">([\s\S]*?)<\/script>/.exec(code);
  return map ? Object.keys((JSON.parse(map[1]!) as { imports: Record<string, string> }).imports) : [];
}

describe('the embed examples', () => {
  for (const example of embedExamples.filter(({ file }) => file.endsWith('.html'))) {
    it(`${example.id}: an HTML page maps every bare name it imports, as a browser needs without a bundler`, () => {
      const names = bareImports(example.code);
      expect(names.length).toBeGreaterThan(0);
      for (const name of names) expect(mapped(example.code), name).toContain(name);
    });
  }
});
