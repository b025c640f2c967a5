/**
 * Writes the editor data of the package from its manifest (lib/custom-elements.json, which
 * `npm run build:lib` makes just before running this), so editors offer what the elements take:
 *
 * - lib/vscode.html-custom-data.json: VS Code's HTML custom data (every tag, its attributes and
 *   the values an enumerated one takes), for `html.customData` in a project's settings;
 * - lib/jsx.d.ts: the tags in the global `JSX.IntrinsicElements` (any JSX setup that reads it);
 * - lib/react-jsx.d.ts: the same props in React 19's `react` module (`React.JSX`), kept apart
 *   because augmenting `react` fails to type-check where React's types are not installed.
 *
 * Usage: node scripts/editor-data.mjs [manifest] [folder]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The elements of a manifest, by tag, with the module (a path in the package, lib/components/….js) that declares each class. */
function manifestElements(manifest) {
  return manifest.modules
    .flatMap((module) => (module.declarations ?? []).map((declaration) => ({ declaration, path: module.path })))
    .filter(({ declaration }) => declaration.customElement && declaration.tagName)
    .sort((a, b) => a.declaration.tagName.localeCompare(b.declaration.tagName));
}

/** The values an attribute's type spells out ('big-eye-boy' | …), without null, undefined or the empty string; none for a free value. */
function literalValues(type) {
  const parts = (type ?? '').split('|').map((part) => part.trim());
  if (!parts.some((part) => /^'.*'$/.test(part))) return [];
  return parts.filter((part) => /^'.+'$/.test(part)).map((part) => part.slice(1, -1));
}

const oneLine = (text) => (text ?? '').replace(/\s*\n\s*/g, ' ').trim();

/** The attribute's summary for the editor: its description, its default when it has one. */
function attributeText(attribute) {
  const defaultValue =
    attribute.default && attribute.default !== "''" && attribute.default !== 'undefined' ? ` Default: ${attribute.default}.` : '';
  return oneLine(`${attribute.description ?? ''}${defaultValue}`);
}

function htmlCustomData(elements) {
  return {
    version: 1.1,
    tags: elements.map(({ declaration }) => ({
      name: declaration.tagName,
      description: oneLine(declaration.description),
      attributes: (declaration.attributes ?? []).map((attribute) => {
        const values = literalValues(attribute.type?.text);
        return {
          name: attribute.name,
          description: attributeText(attribute),
          ...(attribute.type?.text === 'boolean' ? { valueSet: 'v' } : {}),
          ...(values.length > 0 ? { values: values.map((name) => ({ name })) } : {}),
        };
      }),
    })),
  };
}

/** An attribute's type in JSX, where markup writes every value as text: `rows="4"` and `rows={4}` both, `letters` alone. */
function jsxAttributeType(type) {
  const values = literalValues(type);
  if (values.length > 0) return values.map((value) => `'${value}'`).join(' | ');
  const parts = new Set((type ?? 'string').split('|').map((part) => part.trim()));
  const types = [];
  if (parts.has('boolean')) types.push('boolean');
  if (parts.has('number')) types.push('number', '`${number}`');
  if (parts.has('string') || types.length === 0) types.push('string');
  return types.join(' | ');
}

const className = (declaration) => declaration.name;

/** An import of each element's class, from the module `classModule` gives for its path in the package. */
const classImports = (elements, classModule) =>
  elements.map(({ declaration, path }) => `import type { ${className(declaration)} } from '${classModule(path)}';`);
const interfaceName = (declaration) => `${className(declaration)}Props`;

/** The props interface of each element: its attributes, then its properties that no attribute sets (`.hands`), typed by its class. */
function propsInterfaces(elements, classModule) {
  const imports = classImports(elements, classModule);
  const interfaces = elements.map(({ declaration }) => {
    const attributes = (declaration.attributes ?? []).map(
      (attribute) =>
        `  /** ${attributeText(attribute).replace(/\*\//g, '*\\/')} */\n  '${attribute.name}'?: ${jsxAttributeType(attribute.type?.text)};`,
    );
    const attributeFields = new Set((declaration.attributes ?? []).map((attribute) => attribute.fieldName));
    const properties = (declaration.members ?? [])
      .filter(
        (member) => member.kind === 'field' && !member.static && !member.privacy && !member.readonly && !attributeFields.has(member.name),
      )
      .map(
        (member) =>
          `  /** ${oneLine(member.description).replace(/\*\//g, '*\\/')} */\n  ${member.name}?: ${className(declaration)}['${member.name}'];`,
      );
    return `/** \`<${declaration.tagName}>\`'s attributes and properties. */\nexport interface ${interfaceName(declaration)} {\n${[...attributes, ...properties].join('\n')}\n}`;
  });
  return { imports, interfaces };
}

const header = (what) => `/* Generated by scripts/editor-data.mjs from custom-elements.json (npm run build:lib): ${what}. Do not edit. */`;

function globalJsx(elements, classModule) {
  const { imports, interfaces } = propsInterfaces(elements, classModule);
  const tags = elements.map(({ declaration }) => `      '${declaration.tagName}': BaccElementProps<${interfaceName(declaration)}>;`);
  return `${header("the elements in the global JSX namespace; import type {} from 'baccarat-scoreboard/jsx.js'")}
${imports.join('\n')}

${interfaces.join('\n\n')}

/** What any element takes besides its own: the global attributes a page sets on one. */
export interface BaccGlobalAttributes {
  id?: string;
  class?: string;
  className?: string;
  style?: string | Record<string, string | number>;
  lang?: string;
  slot?: string;
  hidden?: boolean;
  title?: string;
  tabIndex?: number;
  children?: unknown;
  key?: string | number;
  ref?: unknown;
}

export type BaccElementProps<Props> = Props & BaccGlobalAttributes;

/** Every element by its tag. */
export interface BaccIntrinsicElements {
${elements.map(({ declaration }) => `  '${declaration.tagName}': BaccElementProps<${interfaceName(declaration)}>;`).join('\n')}
}

declare global {
  namespace JSX {
    interface IntrinsicElements {
${tags.join('\n')}
    }
  }
}
`;
}

function reactJsx(elements, classModule) {
  const tags = elements.map(
    ({ declaration }) =>
      `      '${declaration.tagName}': ${interfaceName(declaration)} & HTMLAttributes<${className(declaration)}> & RefAttributes<${className(declaration)}>;`,
  );
  return `${header("the elements in React 19's JSX (React.JSX.IntrinsicElements); import type {} from 'baccarat-scoreboard/react-jsx.js'")}
import type { HTMLAttributes, RefAttributes } from 'react';
${classImports(elements, classModule).join('\n')}
import type { ${elements.map(({ declaration }) => interfaceName(declaration)).join(', ')} } from './jsx.js';

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
${tags.join('\n')}
    }
  }
}
`;
}

/**
 * The editor data of `manifest`, by file name (all in one folder, the package's lib/). `classModule`
 * gives the module a declaration file imports an element's class from, for its path in the
 * package: by default the published file beside them (lib/components/x.js is ./components/x.js).
 */
export function editorData(manifest, { classModule = (path) => `./${path.replace(/^lib\//, '')}` } = {}) {
  const elements = manifestElements(manifest);
  return {
    'vscode.html-custom-data.json': `${JSON.stringify(htmlCustomData(elements), null, 2)}\n`,
    'jsx.d.ts': globalJsx(elements, classModule),
    'jsx.js': `${header('the JSX types are in jsx.d.ts; this module has nothing to run')}\nexport {};\n`,
    'react-jsx.d.ts': reactJsx(elements, classModule),
    'react-jsx.js': `${header('the React JSX types are in react-jsx.d.ts; this module has nothing to run')}\nexport {};\n`,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const repository = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const manifestFile = resolve(repository, process.argv[2] ?? 'lib/custom-elements.json');
  const folder = resolve(repository, process.argv[3] ?? 'lib');
  const files = editorData(JSON.parse(readFileSync(manifestFile, 'utf8')));
  for (const [name, text] of Object.entries(files)) writeFileSync(resolve(folder, name), text);
  console.log(
    `editor data: ${Object.keys(files)
      .map((name) => `lib/${name}`)
      .join(', ')}`,
  );
}
