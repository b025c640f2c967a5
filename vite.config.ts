import { defineConfig } from 'vitest/config';
import { VitePWA } from 'vite-plugin-pwa';
import type { Plugin } from 'vite';

/**
 * The page names the attract mode's scripts for preloading in its HTML, beside the entry's: the kiosk
 * shows that mode unless the URL names another. Preloaded by Vite's loader instead, they were ten
 * links added from script in the page's first long task, fetched only once the entry had run. The
 * other modes fetch them too, which the service worker does anyway as it precaches the build.
 */
function preloadAttractMode(): Plugin {
  let base = '/';
  return {
    name: 'bacc-preload-attract-mode',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const files = new Set<string>();
        const visit = (fileName: string): void => {
          if (files.has(fileName)) return;
          files.add(fileName);
          for (const imported of chunks.find((chunk) => chunk.fileName === fileName)?.imports ?? []) visit(imported);
        };
        const attract = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('components/app/attract/bacc-attract.ts'));
        if (attract) visit(attract.fileName);
        // The entry and the scripts it imports are preloaded by Vite already.
        for (const entry of chunks.filter((chunk) => chunk.isEntry)) {
          files.delete(entry.fileName);
          for (const imported of entry.imports) files.delete(imported);
        }
        return [...files].map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

export default defineConfig({
  server: { host: '127.0.0.1', port: 5173 },
  // The app is index.html alone: the docs' pages (docs/, dist-docs/) are not its entries to pre-bundle.
  optimizeDeps: { entries: ['index.html'] },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  build: {
    outDir: 'dist',
    target: 'es2022',
    // dist/.vite/manifest.json: which chunks each part loads (the size budget of the kiosk reads it).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What every page loads, beside its entry, in one chunk: Lit, the localization runtimes and
          // words, and the modules every element shares. Left alone, Rolldown split them in two (the modules that
          // lazy chunks without Lit also import: @lit/localize and the table rules), and History's
          // first page with 1,000 stored shoes came up later for the third module request
          // (5–35 ms, side by side). An end-to-end test keeps History's first page to three scripts:
          // the entry, this chunk and History's own (loaded on demand, so the attract kiosk does not carry it).
          groups: [
            {
              name: 'page',
              test: /node_modules[\\/](lit|lit-html|lit-element|@lit)[\\/]|components[\\/](styles[\\/]theme|internal[\\/]localize|locales[\\/].*|app[\\/]localization)\.ts$|src[\\/]rules\.ts$/,
            },
            // chart.js (and the colour library it brings) on its own, named for what it is: <bacc-chart> loads
            // it after the kiosk's first frame, and History's evidence page with its charts.
            { name: 'chart.js', test: /node_modules[\\/](chart\.js|@kurkle)[\\/]|components[\\/]controllers[\\/]chart-parts\.ts$/ },
          ],
        },
      },
    },
  },
  plugins: [
    preloadAttractMode(),
    // The kiosk runs for days beside a table, network or not: a service worker precaches the built
    // page and everything it loads (Workbox, through vite-plugin-pwa), and a new build replaces it
    // on its own. Stored shoes live in IndexedDB, so an update never touches them.
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: 'script-defer',
      manifest: {
        name: 'Baccarat scoreboard',
        short_name: 'Scoreboard',
        description: 'Mini-baccarat road-map scoreboard. Play money only. Past results do not predict the next hand.',
        display: 'fullscreen',
        background_color: '#0b0f14',
        theme_color: '#0b0f14',
        // PNG, drawn from scripts/icon.svg by `npm run icons` (why not the SVG: see that script).
        icons: [
          { src: 'icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: 'icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        ],
      },
      workbox: {
        // woff2: the Chinese font (components/app/shared/chinese-font.ts), which a kiosk in Chinese needs offline too.
        globPatterns: ['**/*.{js,css,html,png,webmanifest,woff2}'],
        // The storage benchmark builds its own page into the app's folder: not part of the app. The
        // whole Chinese font's slices (4.7 MB) are not precached: each is kept as a page first draws it.
        globIgnores: ['bench/**', 'assets/noto-sans-sc-full-*.woff2'],
        runtimeCaching: [
          {
            // A slice of the whole Chinese font (a table name's characters; chinese-font.ts), kept once
            // fetched, so that the name still draws offline. Its name carries its content's hash.
            urlPattern: /\/assets\/noto-sans-sc-full-[\w-]+\.woff2$/,
            handler: 'CacheFirst',
            options: { cacheName: 'chinese-font-slices', cacheableResponse: { statuses: [200] } },
          },
        ],
        // The kiosk's settings are in the query string (?mode=operator&table=…): one cached page serves them all.
        ignoreURLParametersMatching: [/.*/],
        navigateFallback: 'index.html',
        // Take over the page that installed it, so the first visit is already covered offline.
        clientsClaim: true,
      },
    }),
  ],
  test: {
    include: ['test/node/**/*.test.ts', 'server/test/**/*.test.ts'],
    environment: 'node',
  },
});
