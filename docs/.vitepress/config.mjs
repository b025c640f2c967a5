/**
 * The docs site (npm run docs): the pages of docs/ built by VitePress into dist-docs/, beside the
 * elements' live page that vite.docs.config.ts builds into dist-docs/elements/.
 */
const guide = [
  { text: 'The wall screen', link: '/guide/wall-screen' },
  { text: 'The console', link: '/guide/console' },
  { text: 'History', link: '/guide/history' },
  { text: 'Running a room', link: '/guide/room' },
  { text: 'The room’s record', link: '/guide/recorder' },
  { text: 'The pit’s reports', link: '/guide/reports' },
  { text: 'Reading the record with Grafana', link: '/guide/grafana' },
  { text: 'Card shoes and scanners', link: '/guide/card-shoes' },
  { text: 'Embedding the elements', link: '/guide/embedding' },
  { text: 'The bacc command', link: '/guide/cli' },
  { text: 'Contributing', link: '/guide/contributing' },
];
const about = [
  { text: 'Architecture', link: '/architecture' },
  { text: 'Rules and sources', link: '/rules' },
  { text: 'Glossary', link: '/glossary' },
];
const reference = [
  { text: 'bacc outputs', link: '/reference/cli' },
  { text: 'Shoe document', link: '/reference/shoe-document' },
  { text: "Room's messages", link: '/reference/room-messages' },
  { text: 'Card shoe lines', link: '/reference/reader-lines' },
  { text: 'Evidence output', link: '/reference/evidence-output' },
  { text: 'Report views', link: '/reference/report-views' },
  { text: 'Elements API', link: '/reference/elements' },
];

export default {
  title: 'Baccarat scoreboard',
  description: 'A road-map scoreboard for mini-baccarat tables. Play money only.',
  lang: 'en',
  outDir: '../dist-docs',
  // Outside docs/, so neither git, eslint nor prettier ever sees VitePress's prebundled files.
  cacheDir: '../node_modules/.cache/vitepress',
  cleanUrls: false,
  // Every internal link must resolve: a dead one fails the build. The elements' page is built beside the site.
  ignoreDeadLinks: [/^\/elements\//],
  // elements/ is the live page's source (vite.docs.config.ts), not pages of this site.
  srcExclude: ['elements/**'],
  themeConfig: {
    nav: [
      { text: 'Guides', link: '/guide/wall-screen' },
      { text: 'Reference', link: '/reference/cli' },
      { text: 'Elements, live', link: '/elements/index.html', target: '_self' },
    ],
    sidebar: [
      { text: 'Guides', items: guide },
      { text: 'How it works', items: about },
      { text: 'Reference', items: reference },
    ],
    search: { provider: 'local' },
    footer: { message: 'Play money only. Past results do not predict the next hand.' },
  },
};
