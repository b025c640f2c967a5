/**
 * The editor data the package ships (scripts/editor-data.mjs, run by `npm run build:lib` on the
 * manifest): VS Code's HTML custom data and the JSX types list every element and attribute, an
 * enumerated attribute with the values a person types, and TypeScript refuses a value the element
 * does not take (`<bacc-derived-road kind="banana">`) while taking one it does.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
    // Inside the repository, so that the React declarations find React's types in its node_modules.
    mkdirSync(join('node_modules', '.cache'), { recursive: true });
    const folder = resolve(mkdtempSync(join('node_modules', '.cache', 'bacc-jsx-')));
    afterAll(() => rmSync(folder, { recursive: true, force: true }));
    // The declarations import each element's class; here from the sources, which need no build.
    const fromSources = editorData(manifest, { classModule: (path) => resolve(path.replace(/^lib\//, '')) });
    for (const name of ['jsx.d.ts', 'react-jsx.d.ts']) writeFileSync(join(folder, name), fromSources[name]!);

    const good = `export const page = (
      <>
        <bacc-derived-road kind="small-road" rows="4" letters outcomes="BPPB" />
        <bacc-bead-plate labels="totals" rows={5} hands={[]} />
        <bacc-scoreboard table-name="Table 7" bead-labels="letters" ended />
        <bacc-stats show="counts" />
        <bacc-chart kind="frequencies" />
      </>
    );`;
    const bad = `export const page = (
      <>
        <bacc-derived-road kind="banana" />
        <bacc-bead-plate labels="klingon" />
        <bacc-big-road kind="small-road" />
      </>
    );`;

    /**
     * TypeScript's errors in each page and in the declarations, by file name, the pages written as
     * `<name>.tsx` after `header`. One program for both pages: compiling the elements' sources takes seconds.
     */
    function check(header: string, jsx: Pick<ts.CompilerOptions, 'jsx' | 'jsxImportSource'>): Map<string, string[]> {
      const pages = Object.entries({ good, bad }).map(([name, tsx]) => {
        const file = join(folder, `${jsx.jsxImportSource ?? 'global'}-${name}.tsx`);
        writeFileSync(file, `${header}\n${tsx}\n`);
        return file;
      });
      const program = ts.createProgram(pages, {
        ...jsx,
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
      // Only the pages' and the declarations' own errors: checking all the elements' sources would take far longer.
      const errors = new Map<string, string[]>();
      for (const file of program.getSourceFiles().filter((source) => source.fileName.startsWith(folder))) {
        const found = [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)];
        if (found.length > 0)
          errors.set(
            file.fileName.slice(folder.length + 1),
            found.map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')),
          );
      }
      return errors;
    }

    /** The three errors of the bad page: a kind and a labels the elements do not take, and an attribute the big road does not have. */
    function expectRefused(found: string[] | undefined): void {
      expect(found).toHaveLength(3);
      expect(found![0]).toContain(`Type '"banana"' is not assignable to type '"big-eye-boy" | "small-road" | "cockroach-pig"`);
      expect(found![1]).toContain(`Type '"klingon"' is not assignable to type '"chinese" | "letters" | "totals"`);
      expect(found![2]).toContain(`Property 'kind' does not exist`);
    }

    // Checked as the file is collected, as the manifest above is made: each takes seconds on a busy machine.
    const globalErrors = check(`import type {} from './jsx.js';`, { jsx: ts.JsxEmit.Preserve });
    const reactErrors = check(`import type {} from './react-jsx.js';`, { jsx: ts.JsxEmit.ReactJSX, jsxImportSource: 'react' });

    it('in the global JSX namespace (a minimal JSX setup, no React): takes small-road, refuses banana', () => {
      const errors = globalErrors;
      expect(errors.get('global-good.tsx')).toBeUndefined();
      expect(errors.get('jsx.d.ts')).toBeUndefined();
      expectRefused(errors.get('global-bad.tsx'));
    });

    it('in React 19’s JSX (react-jsx with @types/react): takes small-road, refuses banana', () => {
      const errors = reactErrors;
      expect(errors.get('react-good.tsx')).toBeUndefined();
      expect(errors.get('react-jsx.d.ts')).toBeUndefined();
      expectRefused(errors.get('react-bad.tsx'));
    });
  });
});
