import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

/**
 * The elements' live page of the docs site (npm run docs builds the VitePress pages first, then this
 * page into dist-docs/elements/): every element from the repository's sources, with its API from the
 * manifest that npm run build:lib writes, so the page shows what the package ships.
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
  root: fileURLToPath(new URL('docs/elements', import.meta.url)),
  // Relative URLs, so the built site works from any folder of any host.
  base: './',
  publicDir: false,
  build: {
    // Its own folder of the site: emptying it leaves the VitePress pages beside it alone.
    outDir: fileURLToPath(new URL('dist-docs/elements', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
  },
  preview: { host: '127.0.0.1', port: 4174 },
  plugins: [customElementsManifest(), sourcesKeepSideEffects()],
});
