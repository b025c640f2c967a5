/**
 * The custom-elements manifest of the package (npm run build:lib writes lib/custom-elements.json):
 * every element's attributes, properties, events, slots, parts and CSS custom properties, read
 * from the sources. Module paths are rewritten to the published files (lib/…/*.js), which is
 * what tools that read the manifest import.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const published = (path) =>
  path
    .replace(/^\//, '')
    .replace(/^(components|src)\//, 'lib/$1/')
    .replace(/\.ts$/, '.js');

/** The exported constants of the sources whose value is a literal (`export const DEFAULT_ROWS = 6;`), by name. */
function literalConstants(folders) {
  const constants = new Map();
  const visit = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (path.endsWith('.ts'))
        for (const [, name, value] of readFileSync(path, 'utf8').matchAll(
          /^export const ([A-Z][A-Z0-9_]*)(?::[^=]+)? = (-?\d+(?:\.\d+)?|'[^'\n]*'|true|false);/gm,
        ))
          constants.set(name, value);
    }
  };
  for (const folder of folders) visit(folder);
  return constants;
}

/**
 * The sources' exported aliases of string literals (`export type DerivedRoadKind = 'big-eye-boy' | …;`,
 * on one line or several), by name, each as its union written out.
 */
function literalUnions(folders) {
  const unions = new Map();
  const visit = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (path.endsWith('.ts'))
        for (const [, name, union] of readFileSync(path, 'utf8').matchAll(/^export type ([A-Z]\w*) =\s*((?:\|?\s*'[^'\n]*'\s*)+);/gm))
          unions.set(name, [...union.matchAll(/'[^'\n]*'/g)].map(([literal]) => literal).join(' | '));
    }
  };
  for (const folder of folders) visit(folder);
  return unions;
}

export default {
  globs: ['components/bacc-*.ts', 'components/define/*.ts', 'components/internal/*.ts'],
  outdir: 'lib',
  litelement: true,
  dependencies: false,
  packagejson: false,
  plugins: [
    {
      name: 'published-paths',
      packageLinkPhase({ customElementsManifest }) {
        for (const module of customElementsManifest.modules) {
          module.path = published(module.path);
          for (const declaration of module.declarations ?? []) {
            if (declaration.superclass?.module) declaration.superclass.module = published(declaration.superclass.module);
            // An inherited member, attribute or event names the base class's module, published as the rest.
            for (const item of [...(declaration.members ?? []), ...(declaration.attributes ?? []), ...(declaration.events ?? [])]) {
              if (item.inheritedFrom?.module) item.inheritedFrom.module = published(item.inheritedFrom.module);
            }
          }
          for (const entry of module.exports ?? []) {
            if (entry.declaration?.module) entry.declaration.module = published(entry.declaration.module);
          }
        }
      },
    },
    {
      // A default written as a constant (`rows = DEFAULT_ROWS`) is that constant's value for a consumer: "6", not "DEFAULT_ROWS".
      name: 'constant-defaults',
      packageLinkPhase({ customElementsManifest }) {
        const constants = literalConstants(['src', 'components']);
        for (const module of customElementsManifest.modules) {
          for (const declaration of module.declarations ?? []) {
            for (const item of [...(declaration.members ?? []), ...(declaration.attributes ?? [])]) {
              if (typeof item.default === 'string' && constants.has(item.default)) item.default = constants.get(item.default);
            }
          }
        }
      },
    },
    {
      // An attribute's type as a person types its value: `'big-eye-boy' | 'small-road' | 'cockroach-pig'`, not `DerivedRoadKind`, which an editor cannot offer.
      name: 'literal-union-types',
      packageLinkPhase({ customElementsManifest }) {
        const unions = literalUnions(['src', 'components']);
        const written = (text) => text.replace(/\b[A-Z]\w*\b/g, (name) => unions.get(name) ?? name);
        for (const module of customElementsManifest.modules) {
          for (const declaration of module.declarations ?? []) {
            for (const item of [...(declaration.members ?? []), ...(declaration.attributes ?? [])]) {
              if (typeof item.type?.text === 'string') item.type.text = written(item.type.text);
            }
          }
        }
      },
    },
    {
      /*
       * Each tag is defined by its define entry (components/define/*.ts, published as
       * baccarat-scoreboard/<name>.js), the only modules the package's exports let a consumer import
       * that register one; the class module (lib/components/bacc-*.js) is not exported. The entries
       * register through defineElement, which the analyzer does not read, so the definitions are
       * written here, each naming the class as its entry re-exports it.
       */
      name: 'definitions-in-define-entries',
      packageLinkPhase({ customElementsManifest }) {
        const tagOf = new Map();
        for (const module of customElementsManifest.modules) {
          module.exports = (module.exports ?? []).filter((entry) => entry.kind !== 'custom-element-definition');
          for (const declaration of module.declarations ?? []) if (declaration.tagName) tagOf.set(declaration.name, declaration.tagName);
        }
        for (const module of customElementsManifest.modules) {
          if (!module.path.startsWith('lib/components/define/')) continue;
          for (const entry of [...module.exports]) {
            const tagName = entry.kind === 'js' ? tagOf.get(entry.name) : undefined;
            if (tagName && module.path === `lib/components/define/${tagName.replace(/^bacc-/, '')}.js`) {
              module.exports.push({
                kind: 'custom-element-definition',
                name: tagName,
                declaration: { name: entry.name, module: module.path },
              });
            }
          }
        }
      },
    },
  ],
};
