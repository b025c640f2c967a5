/**
 * The copy-paste embeds the page shows. The plain page's import map is the one the package's
 * end-to-end test proves works without a bundler (test/e2e/package.test.ts), with chart.js and
 * its colour library added for the scoreboard.
 */
import { sampleOutcomes } from './samples.js';

const modules = './node_modules/';

/** The plain page's import map, for a page served beside node_modules/ (the package's end-to-end test uses it too). */
export const importMap = {
  imports: {
    'baccarat-scoreboard': `${modules}baccarat-scoreboard/lib/src/index.js`,
    'baccarat-scoreboard/big-road.js': `${modules}baccarat-scoreboard/lib/components/define/big-road.js`,
    'baccarat-scoreboard/scoreboard.js': `${modules}baccarat-scoreboard/lib/components/define/scoreboard.js`,
    lit: `${modules}lit/index.js`,
    'lit/': `${modules}lit/`,
    '@lit/reactive-element': `${modules}@lit/reactive-element/reactive-element.js`,
    '@lit/reactive-element/': `${modules}@lit/reactive-element/`,
    'lit-html': `${modules}lit-html/lit-html.js`,
    'lit-html/': `${modules}lit-html/`,
    'lit-element/': `${modules}lit-element/`,
    'chart.js': `${modules}chart.js/dist/chart.js`,
    '@kurkle/color': `${modules}@kurkle/color/dist/color.esm.js`,
    valibot: `${modules}valibot/dist/index.mjs`,
  },
};

/** What a page with one road needs mapped: the road's entry and Lit (the roads load neither chart.js nor valibot). */
export const staticImportMap = {
  imports: Object.fromEntries(
    Object.entries(importMap.imports).filter(
      ([name]) => name === 'baccarat-scoreboard/big-road.js' || /^(lit|@lit|lit-html|lit-element)\b/.test(name),
    ),
  ),
};

const indented = (text: string, spaces: number) =>
  text
    .split('\n')
    .map((line) => ' '.repeat(spaces) + line)
    .join('\n');

export interface EmbedExample {
  id: string;
  title: string;
  /** What the example is for and what it needs, in a sentence or two. */
  about: string;
  /** The file's name, for the code block's label. */
  file: string;
  code: string;
}

export const embedExamples: EmbedExample[] = [
  {
    id: 'embed-static',
    title: 'Static outcomes, one line',
    about:
      'A road drawn from a string of outcomes (B, P, T), no script of your own: the element entry registers the tag, ' +
      'the attribute is the data. A browser resolves a bare name such as baccarat-scoreboard/big-road.js only through an ' +
      'import map: this one is for a page served beside node_modules/ (npm install the package, from its tarball until it is on the registry: see the README); with a bundler ' +
      '(Vite, webpack, esbuild) leave it out and keep the import.',
    file: 'results.html',
    code: `<script type="importmap">
${indented(JSON.stringify(staticImportMap, null, 2), 2)}
</script>
<script type="module">import 'baccarat-scoreboard/big-road.js';</script>
<bacc-big-road outcomes="${sampleOutcomes}"></bacc-big-road>`,
  },
  {
    id: 'embed-plain',
    title: 'Plain HTML, no bundler',
    about:
      'Install the package (npm install /path/to/baccarat-scoreboard-0.1.0.tgz, made by npm pack: it is not on the registry yet), then serve this page beside node_modules/. The import map tells the browser ' +
      'where the package and Lit are; the hands come from the core (here from outcomes, or from a shoe export document).',
    file: 'index.html',
    code: `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Table 7</title>
    <script type="importmap">
${indented(JSON.stringify(importMap, null, 2), 6)}
    </script>
    <script type="module">
      import 'baccarat-scoreboard/scoreboard.js';
      import { handsFromOutcomes } from 'baccarat-scoreboard';

      const scoreboard = document.querySelector('bacc-scoreboard');
      // Replace the array to show new hands; never mutate it.
      scoreboard.hands = handsFromOutcomes('BPPBBTPBPPB');
    </script>
    <style>
      bacc-scoreboard {
        display: block;
        height: 80vh;
        --bacc-banker-color: #c62828;
      }
    </style>
  </head>
  <body>
    <bacc-scoreboard table-name="Table 7" limits="10–500" shoe-number="1" letters></bacc-scoreboard>
  </body>
</html>`,
  },
  {
    id: 'embed-react',
    title: 'A framework page: React 19',
    about:
      'React 19 sets a custom element’s properties, so hands={hands} reaches the element’s .hands property. ' +
      'Import the entry once for its side effect (it registers the tags).',
    file: 'TableBoard.jsx',
    code: `import 'baccarat-scoreboard/scoreboard.js';
import 'baccarat-scoreboard/big-road.js';
// The Chinese words' font, fetched only when a page draws Chinese (a screen without a CJK font shows boxes otherwise).
import 'baccarat-scoreboard/chinese-font.css';

/** hands: an array of hand records (a shoe export's hands), replaced on every new hand. */
export function TableBoard({ table, hands, chinese = false }) {
  return (
    <section lang={chinese ? 'zh-Hans' : 'en'}>
      <div style={{ height: '70vh' }}>
        <bacc-scoreboard table-name={table} hands={hands} letters />
      </div>
      <bacc-big-road hands={hands} rows={6} />
    </section>
  );
}`,
  },
  {
    id: 'embed-vue',
    title: 'A framework page: Vue 3',
    about:
      'Tell Vue’s compiler the bacc- tags are custom elements (vite.config: vue({ template: { compilerOptions: ' +
      "{ isCustomElement: (tag) => tag.startsWith('bacc-') } } })), and bind hands as a property with .prop.",
    file: 'TableBoard.vue',
    code: `<script setup>
import 'baccarat-scoreboard/big-road.js';
import 'baccarat-scoreboard/stats.js';

defineProps({ hands: { type: Array, required: true } });
</script>

<template>
  <bacc-big-road :hands.prop="hands" letters></bacc-big-road>
  <bacc-stats :hands.prop="hands"></bacc-stats>
</template>`,
  },
  {
    id: 'embed-own-names',
    title: 'Tags of your own',
    about:
      'baccarat-scoreboard/elements.js gives the classes and registers nothing: define them under names of your own. ' +
      'The define entries still register the bacc- tags, with a subclass where you already registered the class ' +
      '(a registry takes a constructor once), so importing both never throws. <bacc-scoreboard> draws its parts by ' +
      'their bacc- tags: a page that shows it imports baccarat-scoreboard/scoreboard.js, whatever else it names.',
    file: 'my-elements.js',
    code: `import { BaccBigRoad, BaccStats } from 'baccarat-scoreboard/elements.js';

customElements.define('casino-road', BaccBigRoad);
customElements.define('casino-stats', BaccStats);

// Later, or in another script of the same page: registers every bacc- tag, casino-road and casino-stats still work.
import('baccarat-scoreboard/scoreboard.js');`,
  },
];
