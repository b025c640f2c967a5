import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

/**
 * The docs page (npm run docs, served by npm run docs:serve): a static site built from docs/ into
 * dist-docs/, showing the elements from the repository's sources and their API from the manifest
 * that npm run build:lib writes, so the page documents what the package ships.
 */
const manifestFile = fileURLToPath(new URL('lib/custom-elements.json', import.meta.url));
const MANIFEST_ID = 'virtual:custom-elements-manifest';

/** `import manifest from 'virtual:custom-elements-manifest'` is lib/custom-elements.json, imported as JSON. */
function customElementsManifest(): Plugin {
  return {
    name: 'custom-elements-manifest',
    resolveId(source) {
      if (source !== MANIFEST_ID) return null;
      if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: run npm run build:lib (npm run docs does) first`);
      return manifestFile;
    },
  };
}

const sources = fileURLToPath(new URL('.', import.meta.url));

/**
 * The repository's own modules keep their side effects. package.json's `sideEffects` speaks for
 * the published files (lib/): read for the sources too, it would let the bundler drop an import
 * made only for its effect (an element entry registering its tag, the elements' terms registering
 * themselves), and the page would show unregistered tags and untranslated words.
 */
function sourcesKeepSideEffects(): Plugin {
  return {
    name: 'sources-keep-side-effects',
    transform(code, id) {
      if (!id.startsWith(sources) || id.includes('/node_modules/')) return null;
      return { code, map: null, moduleSideEffects: true };
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('docs', import.meta.url)),
  // Relative URLs, so the built site works from any folder of any host.
  base: './',
  publicDir: false,
  build: {
    outDir: fileURLToPath(new URL('dist-docs', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
  },
  preview: { host: '127.0.0.1', port: 4174 },
  plugins: [customElementsManifest(), sourcesKeepSideEffects()],
});
