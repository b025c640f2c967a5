/**
 * Writes docs/reference/elements.md, the elements' API page of the docs site, from the manifest
 * that `npm run build:lib` makes (lib/custom-elements.json), so the page says what the package
 * ships and is never edited by hand. `npm run docs` runs it before VitePress; the page is not
 * committed (.gitignore).
 *
 * Usage: node scripts/elements-reference.mjs [manifest] [page]
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repository = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const manifestFile = resolve(repository, process.argv[2] ?? 'lib/custom-elements.json');
const pageFile = resolve(repository, process.argv[3] ?? 'docs/reference/elements.md');

/** Text for a table cell: one line, HTML and the table's own bars written as text. */
function cell(text) {
  if (text === undefined || text === null || text === '') return '';
  return String(text)
    .replace(/\s*\n\s*/g, ' ')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\|/g, '\\|');
}

/** A code span in a table cell (a bar inside it still needs its escape). */
const code = (text) => (text ? `\`${String(text).replace(/\|/g, '\\|')}\`` : '');

function table(headers, rows) {
  if (rows.length === 0) return 'None.\n';
  const lines = [`| ${headers.join(' | ')} |`, `| ${headers.map(() => '---').join(' | ')} |`];
  for (const row of rows) lines.push(`| ${row.join(' | ')} |`);
  return `${lines.join('\n')}\n`;
}

const isPublicField = (member) =>
  member.kind === 'field' &&
  member.privacy !== 'private' &&
  member.privacy !== 'protected' &&
  !member.static &&
  !member.name.startsWith('#');

function elements(manifest) {
  if (!Array.isArray(manifest?.modules)) throw new Error(`${manifestFile} has no modules: run npm run build:lib`);
  return manifest.modules
    .flatMap((module) => module.declarations ?? [])
    .filter((declaration) => declaration.tagName)
    .sort((a, b) => a.tagName.localeCompare(b.tagName));
}

function elementSection(element) {
  const entry = `baccarat-scoreboard/${element.tagName.replace(/^bacc-/, '')}.js`;
  const parts = [
    `## \`<${element.tagName}>\`\n`,
    `Class \`${element.name}\`, registered by \`import '${entry}'\`.\n`,
    `${cell(element.description ?? element.summary ?? '')}\n`,
    '### Attributes\n',
    table(
      ['attribute', 'type', 'default', 'description'],
      (element.attributes ?? []).map((a) => [code(a.name), code(a.type?.text), code(a.default), cell(a.description)]),
    ),
    '### Properties\n',
    table(
      ['property', 'type', 'default', 'description'],
      (element.members ?? []).filter(isPublicField).map((m) => [code(m.name), code(m.type?.text), code(m.default), cell(m.description)]),
    ),
    '### Events\n',
    table(
      ['event', 'type', 'description'],
      (element.events ?? []).map((e) => [code(e.name), code(e.type?.text), cell(e.description)]),
    ),
    '### Slots\n',
    table(
      ['slot', 'description'],
      (element.slots ?? []).map((s) => [code(s.name || '(default)'), cell(s.description)]),
    ),
    '### CSS parts\n',
    table(
      ['part', 'description'],
      (element.cssParts ?? []).map((p) => [code(p.name), cell(p.description)]),
    ),
    '### CSS custom properties\n',
    table(
      ['property', 'description'],
      (element.cssProperties ?? []).map((p) => [code(p.name), cell(p.description)]),
    ),
  ];
  return parts.join('\n');
}

const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const found = elements(manifest);
const page = [
  '# Elements API',
  '',
  '<!-- Written by scripts/elements-reference.mjs from lib/custom-elements.json: edit the JSDoc of the element, not this page. -->',
  '',
  'The public API of every element the package registers, read from its custom elements manifest',
  '(`baccarat-scoreboard/custom-elements.json`). How to embed them: [Embedding the elements](../guide/embedding.md);',
  'each one live, with a theme playground: [the elements page](/elements/index.html){target="_self"}.',
  '',
  '::: v-pre',
  '',
  ...found.map(elementSection),
  ':::',
  '',
].join('\n');

mkdirSync(dirname(pageFile), { recursive: true });
writeFileSync(pageFile, page);
console.log(`${pageFile}: ${found.length} elements`);
