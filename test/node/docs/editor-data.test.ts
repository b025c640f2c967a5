/**
 * The editor data the package ships (scripts/editor-data.mjs, run by `npm run build:lib` on the
 * manifest): VS Code's HTML custom data and the JSX types list every element and attribute, an
 * enumerated attribute with the values a person types, and TypeScript refuses a value the element
 * does not take (`<bacc-derived-road kind="banana">`) while taking one it does.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { cli } from '@custom-elements-manifest/analyzer/cli.js';
import { editorData } from '../../../scripts/editor-data.mjs';

const manifest = await cli({
  argv: ['analyze', '--config', 'custom-elements-manifest.config.mjs', '--quiet'],
  cwd: process.cwd(),
  noWrite: true,
});

/** Every element's attributes as the manifest has them, by tag. */
const attributesByTag = new Map(
  manifest.modules.flatMap((module) =>
    (module.declarations ?? []).flatMap((declaration) =>
      declaration.tagName ? [[declaration.tagName, (declaration.attributes ?? []).map((attribute) => attribute.name)] as const] : [],
    ),
  ),
);

/** The enumerated attributes and the values each takes, as a page's author types them. */
const ENUMERATED: Record<string, Record<string, string[]>> = {
  'bacc-derived-road': { kind: ['big-eye-boy', 'small-road', 'cockroach-pig'] },
  'bacc-bead-plate': { labels: ['chinese', 'letters', 'totals'] },
  'bacc-scoreboard': { 'bead-labels': ['chinese', 'letters', 'totals'] },
  'bacc-chart': { kind: ['count', 'frequencies', 'both'] },
  'bacc-stats': { show: ['all', 'counts', 'details'] },
};

const TAGS = ['bead-plate', 'big-road', 'chart', 'derived-road', 'last-hand', 'odds-note', 'predictions', 'scoreboard', 'stats'].map(
  (name) => `bacc-${name}`,
);

interface CustomDataTag {
  name: string;
  attributes: { name: string; values?: { name: string }[]; valueSet?: string }[];
}

describe('the editor data', () => {
  const files = editorData(manifest);
  const customData = JSON.parse(files['vscode.html-custom-data.json']!) as { version: number; tags: CustomDataTag[] };

  it('gives attribute types as the values a person types, not the names of their types', () => {
    for (const [tag, attributes] of Object.entries(ENUMERATED)) {
      const declaration = manifest.modules.flatMap((module) => module.declarations ?? []).find((d) => d.tagName === tag)!;
      for (const [name, values] of Object.entries(attributes)) {
        const type = declaration.attributes!.find((attribute) => attribute.name === name)!.type!.text;
        expect(type, `${tag} ${name}`).toMatch(new RegExp(`^${values.map((value) => `'${value}'`).join(' \\| ')}`));
      }
    }
  });

  it('lists every element and each of its attributes in VS Code’s custom data, enumerated ones with their values', () => {
    expect(customData.version).toBe(1.1);
    expect(customData.tags.map((tag) => tag.name).sort()).toEqual(TAGS);
    for (const tag of customData.tags) {
      expect(
        tag.attributes.map((attribute) => attribute.name),
        tag.name,
      ).toEqual(attributesByTag.get(tag.name));
      for (const [name, values] of Object.entries(ENUMERATED[tag.name] ?? {})) {
        expect(tag.attributes.find((attribute) => attribute.name === name)?.values?.map((value) => value.name)).toEqual(values);
      }
    }
    const letters = customData.tags
      .find((tag) => tag.name === 'bacc-big-road')!
      .attributes.find((attribute) => attribute.name === 'letters');
    expect(letters?.valueSet, 'a boolean attribute takes no value').toBe('v');
  });

  it('declares every element in the global JSX namespace and in React’s, each attribute with its values', () => {
    for (const file of ['jsx.d.ts', 'react-jsx.d.ts']) for (const tag of TAGS) expect(files[file], file).toContain(`'${tag}': `);
    for (const [tag, attributes] of attributesByTag) {
      const props = files['jsx.d.ts']!.split(`\`<${tag}>\``)[1]!.split('\n}')[0]!;
      for (const attribute of attributes) expect(props, tag).toContain(`'${attribute}'?: `);
      for (const [name, values] of Object.entries(ENUMERATED[tag] ?? {}))
        expect(props).toContain(`'${name}'?: ${values.map((value) => `'${value}'`).join(' | ')};`);
    }
  });

  describe('type-checks JSX with them', () => {
    const folder = mkdtempSync(join(tmpdir(), 'bacc-jsx-'));
    afterAll(() => rmSync(folder, { recursive: true, force: true }));
    // The declarations import each element's class; here from the sources, which need no build.
    const fromSources = editorData(manifest, {
      classModule: (path) => resolve(path.replace(/^lib\//, '')),
    });
    writeFileSync(join(folder, 'jsx.d.ts'), fromSources['jsx.d.ts']!);

    // One program for both pages (compiling the elements' sources takes seconds): the errors of each, by page.
    const pages = {
      good: `export const page = (
        <>
          <bacc-derived-road kind="small-road" rows="4" letters outcomes="BPPB" />
          <bacc-bead-plate labels="totals" rows={5} hands={[]} />
          <bacc-scoreboard table-name="Table 7" bead-labels="letters" ended class="wall" />
          <bacc-stats show="counts" />
          <bacc-chart kind="frequencies" />
        </>
      );`,
      bad: `export const page = (
        <>
          <bacc-derived-road kind="banana" />
          <bacc-bead-plate labels="klingon" />
          <bacc-big-road kind="small-road" />
        </>
      );`,
    };
    const files = Object.entries(pages).map(([name, tsx]) => {
      const file = join(folder, `${name}.tsx`);
      // A minimal JSX setup: no React, only the global namespace the package declares.
      writeFileSync(file, `import type {} from './jsx.js';\n${tsx}\n`);
      return file;
    });
    const program = ts.createProgram(files, {
      jsx: ts.JsxEmit.Preserve,
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
      types: [],
      experimentalDecorators: true,
      useDefineForClassFields: false,
    });
    const diagnostics = ts.getPreEmitDiagnostics(program);
    const errors = (page: keyof typeof pages) =>
      diagnostics
        .filter((diagnostic) => diagnostic.file?.fileName === join(folder, `${page}.tsx`))
        .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));

    it('finds no error in the declarations themselves', () => {
      expect(diagnostics.filter((diagnostic) => diagnostic.file?.fileName === join(folder, 'jsx.d.ts')).map((d) => d.messageText)).toEqual(
        [],
      );
    });

    it('takes the values the elements take', () => {
      expect(errors('good')).toEqual([]);
    });

    it('refuses kind="banana", labels="klingon" and an attribute an element does not have', () => {
      const found = errors('bad');
      expect(found).toHaveLength(3);
      expect(found[0]).toContain(`Type '"banana"' is not assignable to type '"big-eye-boy" | "small-road" | "cockroach-pig"`);
      expect(found[1]).toContain(`Type '"klingon"' is not assignable to type '"chinese" | "letters" | "totals"`);
      expect(found[2]).toContain(`Property 'kind' does not exist`);
    });
  });
});
