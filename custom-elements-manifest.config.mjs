/**
 * The custom-elements manifest of the package (npm run build:lib writes lib/custom-elements.json):
 * every element's attributes, properties, events, slots, parts and CSS custom properties, read
 * from the sources. Module paths are rewritten to the published files (lib/…/*.js), which is
 * what tools that read the manifest import.
 */
const published = (path) =>
  path
    .replace(/^\//, '')
    .replace(/^(components|src)\//, 'lib/$1/')
    .replace(/\.ts$/, '.js');

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
          }
          for (const entry of module.exports ?? []) {
            if (entry.declaration?.module) entry.declaration.module = published(entry.declaration.module);
          }
        }
      },
    },
  ],
};
