/**
 * Builds the Chinese font the kiosk ships: Noto Sans SC (SIL Open Font License, through
 * @fontsource/noto-sans-sc), cut down to the CJK characters the Simplified Chinese translations
 * use, into components/fonts/, which the elements package ships. A kiosk without a CJK font
 * (Debian's Chromium on a fresh machine) would otherwise draw every Chinese label as an empty box.
 *
 * The characters are split in two slices, as Fontsource splits the whole font: `app`, those of
 * every translation but the evidence page's, with EXTRA_CHARACTERS (the scoreboard, the console,
 * History, the lobby, the elements' terms…), and `evidence`, those only the evidence page uses.
 * Each slice is one woff2 per weight, and its faces are declared for exactly its characters
 * (components/app/fonts/noto-sans-sc-ranges.ts for the app's loader, and
 * components/fonts/chinese-font.css, the @font-face rules a site imports with the elements, both
 * written here too), so a browser fetches the evidence slice only when a page draws one of its
 * characters.
 *
 * Fontsource splits the font into ~100 slices by unicode-range; the labels' characters fall in a
 * dozen or more of them. Each slice holding some is cut down to those characters with HarfBuzz
 * (subset-font), the pieces are joined into one TrueType font here (glyf outlines, no layout
 * tables: Chinese labels need no shaping), and HarfBuzz cuts the joined font once more, which
 * rewrites its tables cleanly and compresses it to woff2.
 *
 * It also copies the whole font for table names (any Chinese name, in either language): Fontsource's
 * slices that hold CJK characters, as they are, into components/fonts/full/, declared in a family of
 * their own (FULL_FAMILY) in chinese-font.css and in components/app/fonts/noto-sans-sc-full.ts.
 *
 * Run `node scripts/build-chinese-font.mjs` after a translation gains a character;
 * test/node/app/shared/chinese-font.test.ts fails until then, naming the missing characters.
 */
import { copyFileSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import subsetFont from 'subset-font';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The weights the elements use: 400 for text, 700 for titles and buttons (600 picks 700). */
export const WEIGHTS = [400, 700];

/** Where the fonts go: shipped with the elements; the app's loader (components/app/shared/chinese-font.ts) imports them. */
export const FONT_DIR = join(root, 'components', 'fonts');

/** The slices, in the order the loader declares them. */
export const SLICES = ['app', 'evidence'];

/** The translations whose characters, but for those the other translations use too, make the evidence slice. */
export const EVIDENCE_TRANSLATIONS = ['components/app/locales/zh-Hans/evidence.ts'];

export const fontFile = (slice, weight) => join(FONT_DIR, `noto-sans-sc-${slice}-${weight}.woff2`);

/** The generated module giving each slice's unicode-range to components/app/shared/chinese-font.ts. */
export const RANGES_FILE = join(root, 'components', 'app', 'fonts', 'noto-sans-sc-ranges.ts');

/** The generated stylesheet a site imports for the elements' Chinese (baccarat-scoreboard/chinese-font.css). */
export const CSS_FILE = join(FONT_DIR, 'chinese-font.css');

/** The family the faces take: the elements' default font stack names it first. */
export const FAMILY = 'Noto Sans SC';

/**
 * The characters the font carries: CJK punctuation, CJK radicals and ideographs (with extension A
 * and the compatibility block), bopomofo, kana, and fullwidth forms. Latin text, digits and general
 * punctuation keep the page's own font. The same ranges are the @font-face's unicode-range.
 */
export const CJK_RANGES = [
  [0x2e80, 0x2fdf],
  [0x3000, 0x30ff],
  [0x3100, 0x312f],
  [0x31c0, 0x31ef],
  [0x3200, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xf900, 0xfaff],
  [0xfe30, 0xfe4f],
  [0xff00, 0xffef],
];

const isCjk = (codePoint) => CJK_RANGES.some(([first, last]) => codePoint >= first && codePoint <= last);

/** Characters kept whatever the translations say: the ones a Chinese sentence is likely to gain. */
export const EXTRA_CHARACTERS = '，。、：；？！（）《》「」“”…·';

/** Every Simplified Chinese translation file: any file under components/ in a locales folder whose name mentions zh. */
export function translationFiles(from = root) {
  const walk = (folder) =>
    readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(folder, entry.name)) : [join(folder, entry.name)],
    );
  return walk(join(from, 'components'))
    .filter((file) => {
      const path = relative(from, file).split(sep).join('/');
      return /\/locales\//.test(path) && /zh/i.test(path.slice(path.indexOf('/locales/'))) && /\.(ts|js|json|xlf)$/.test(path);
    })
    .sort();
}

/** The CJK code points of `text`, once each, in code point order. */
const cjkCodePoints = (text) => [...new Set([...text].map((c) => c.codePointAt(0)).filter(isCjk))].sort((a, b) => a - b);

const isEvidence = (file, from) => EVIDENCE_TRANSLATIONS.includes(relative(from, file).split(sep).join('/'));

/** The CJK characters the translations use, with the extras, once each, in code point order. */
export function chineseCharacters(from = root) {
  const text = translationFiles(from)
    .map((file) => readFileSync(file, 'utf8'))
    .join('');
  return cjkCodePoints(text + EXTRA_CHARACTERS);
}

/**
 * The code points of each slice: `app`, those of every translation but the evidence page's, with
 * the extras; `evidence`, those of the evidence page's translation that `app` lacks.
 */
export function sliceCharacters(from = root) {
  const files = translationFiles(from);
  const read = (list) => list.map((file) => readFileSync(file, 'utf8')).join('');
  const app = cjkCodePoints(read(files.filter((file) => !isEvidence(file, from))) + EXTRA_CHARACTERS);
  const inApp = new Set(app);
  const evidence = cjkCodePoints(read(files.filter((file) => isEvidence(file, from)))).filter((c) => !inApp.has(c));
  return { app, evidence };
}

/** A CSS unicode-range listing exactly `codePoints`: runs of consecutive code points as one range. */
export function unicodeRange(codePoints) {
  const sorted = [...new Set(codePoints)].sort((a, b) => a - b);
  const hex = (n) => n.toString(16).toUpperCase();
  const ranges = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    ranges.push(i === j ? `U+${hex(sorted[i])}` : `U+${hex(sorted[i])}-${hex(sorted[j])}`);
    i = j + 1;
  }
  return ranges.join(', ');
}

/** The code points a unicode-range covers. */
export function rangeCodePoints(range) {
  return range
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .flatMap((part) => {
      const [first, last = first] = part
        .slice(2)
        .split('-')
        .map((n) => parseInt(n, 16));
      return Array.from({ length: last - first + 1 }, (_, i) => first + i);
    });
}

/** The generated module: each slice's unicode-range. */
export function rangesModule(slices) {
  const lines = SLICES.map((slice) => `  ${slice}:\n    '${unicodeRange(slices[slice])}',`);
  return [
    '// Generated by scripts/build-chinese-font.mjs: do not edit. Run `node scripts/build-chinese-font.mjs`.',
    '/** The characters of each slice of the Chinese font, as the unicode-range of its faces. */',
    'export const CHINESE_FONT_RANGES = {',
    ...lines,
    '} as const;',
    '',
  ].join('\n');
}

/**
 * The generated stylesheet: one @font-face per slice and weight, each for exactly its slice's
 * characters, so a page fetches a file only when it draws one of them, and an English page none.
 */
export function fontCss(slices, full = fullSlices()) {
  const faces = SLICES.flatMap((slice) =>
    WEIGHTS.map((weight) =>
      [
        '@font-face {',
        `  font-family: '${FAMILY}';`,
        '  font-style: normal;',
        `  font-weight: ${weight};`,
        '  font-display: swap;',
        `  src: url('./noto-sans-sc-${slice}-${weight}.woff2') format('woff2');`,
        `  unicode-range: ${unicodeRange(slices[slice])};`,
        '}',
      ].join('\n'),
    ),
  );
  return [
    '/*',
    ' * Generated by scripts/build-chinese-font.mjs: do not edit. Run `node scripts/build-chinese-font.mjs`.',
    ' * The Chinese the elements draw, for a screen without a CJK font of its own: Noto Sans SC (SIL Open',
    ' * Font License, OFL.txt beside this file), cut to the characters of their Simplified Chinese words.',
    ' */',
    ...faces,
    '/* The whole font, in its slices, for the characters the words above lack (a table name): fetched only for what a page draws. */',
    ...fullFontCss(full),
    '',
  ].join('\n');
}

/** Fontsource's slices of one weight: file and the code points its unicode-range covers. */
function slices(weight) {
  const require = createRequire(import.meta.url);
  const css = readFileSync(require.resolve(`@fontsource/noto-sans-sc/${weight}.css`), 'utf8');
  const folder = dirname(require.resolve(`@fontsource/noto-sans-sc/${weight}.css`));
  return [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map(([, body]) => {
    const file = /url\(\.\/(files\/[^)]+\.woff2)\)/.exec(body)[1];
    const ranges = /unicode-range:\s*([^;]+);/
      .exec(body)[1]
      .split(',')
      .map((range) => {
        const [first, last = first] = range.trim().slice(2).split('-');
        return [parseInt(first, 16), parseInt(last, 16)];
      });
    return { file: join(folder, file), ranges };
  });
}

// --- Reading and writing TrueType tables -------------------------------------------------------

function readTables(font) {
  const tables = new Map();
  const count = font.readUInt16BE(4);
  for (let i = 0; i < count; i++) {
    const at = 12 + 16 * i;
    const tag = font.toString('latin1', at, at + 4);
    const offset = font.readUInt32BE(at + 8);
    const length = font.readUInt32BE(at + 12);
    tables.set(tag, font.subarray(offset, offset + length));
  }
  return tables;
}

/** The glyph of each code point, from a cmap's format 4 or 12 subtable. */
export function readCmap(font) {
  const cmap = readTables(font).get('cmap');
  const map = new Map();
  const count = cmap.readUInt16BE(2);
  for (let i = 0; i < count; i++) {
    const offset = cmap.readUInt32BE(4 + 8 * i + 4);
    const format = cmap.readUInt16BE(offset);
    if (format === 12) {
      const groups = cmap.readUInt32BE(offset + 12);
      for (let g = 0; g < groups; g++) {
        const at = offset + 16 + 12 * g;
        const [start, end, glyph] = [cmap.readUInt32BE(at), cmap.readUInt32BE(at + 4), cmap.readUInt32BE(at + 8)];
        for (let c = start; c <= end; c++) map.set(c, glyph + c - start);
      }
    } else if (format === 4) {
      const segments = cmap.readUInt16BE(offset + 6) / 2;
      const ends = offset + 14;
      const starts = ends + 2 * segments + 2;
      const deltas = starts + 2 * segments;
      const rangeOffsets = deltas + 2 * segments;
      for (let s = 0; s < segments; s++) {
        const [end, start, delta, rangeOffset] = [
          cmap.readUInt16BE(ends + 2 * s),
          cmap.readUInt16BE(starts + 2 * s),
          cmap.readInt16BE(deltas + 2 * s),
          cmap.readUInt16BE(rangeOffsets + 2 * s),
        ];
        for (let c = start; c <= end && c !== 0xffff; c++) {
          let glyph;
          if (rangeOffset === 0) glyph = (c + delta) & 0xffff;
          else {
            const raw = cmap.readUInt16BE(rangeOffsets + 2 * s + rangeOffset + 2 * (c - start));
            glyph = raw === 0 ? 0 : (raw + delta) & 0xffff;
          }
          if (glyph !== 0) map.set(c, glyph);
        }
      }
    }
  }
  return map;
}

/** One font's glyphs (outline bytes and horizontal metrics) and the code points that name them. */
function readGlyphs(font) {
  const tables = readTables(font);
  const head = tables.get('head');
  const longLoca = head.readInt16BE(50) === 1;
  const count = tables.get('maxp').readUInt16BE(4);
  const metrics = tables.get('hhea').readUInt16BE(34);
  const loca = tables.get('loca');
  const glyf = tables.get('glyf');
  const hmtx = tables.get('hmtx');
  const at = (i) => (longLoca ? loca.readUInt32BE(4 * i) : 2 * loca.readUInt16BE(2 * i));
  const glyphs = [];
  for (let i = 0; i < count; i++) {
    const m = Math.min(i, metrics - 1);
    const advance = hmtx.readUInt16BE(4 * m);
    const lsb = i < metrics ? hmtx.readInt16BE(4 * i + 2) : hmtx.readInt16BE(4 * metrics + 2 * (i - metrics));
    glyphs.push({ outline: Buffer.from(glyf.subarray(at(i), at(i + 1))), advance, lsb });
  }
  return { tables, glyphs, cmap: readCmap(font) };
}

/** Moves a composite glyph's component references by `shift` glyphs. */
function shiftComponents(outline, shift) {
  if (outline.length === 0 || outline.readInt16BE(0) >= 0) return outline;
  const copy = Buffer.from(outline);
  let at = 10;
  for (;;) {
    const flags = copy.readUInt16BE(at);
    copy.writeUInt16BE(copy.readUInt16BE(at + 2) + shift, at + 2);
    at += 4 + (flags & 0x0001 ? 4 : 2);
    if (flags & 0x0008) at += 2;
    else if (flags & 0x0040) at += 4;
    else if (flags & 0x0080) at += 8;
    if (!(flags & 0x0020)) return copy;
  }
}

function writeFont(tables) {
  const tags = [...tables.keys()].sort();
  const header = Buffer.alloc(12 + 16 * tags.length);
  header.writeUInt32BE(0x00010000, 0);
  header.writeUInt16BE(tags.length, 4);
  const power = 2 ** Math.floor(Math.log2(tags.length));
  header.writeUInt16BE(power * 16, 6);
  header.writeUInt16BE(Math.log2(power), 8);
  header.writeUInt16BE(tags.length * 16 - power * 16, 10);
  const bodies = [];
  let offset = header.length;
  tags.forEach((tag, i) => {
    const body = tables.get(tag);
    const padded = Buffer.concat([body, Buffer.alloc((4 - (body.length % 4)) % 4)]);
    let sum = 0;
    for (let j = 0; j < padded.length; j += 4) sum = (sum + padded.readUInt32BE(j)) >>> 0;
    const at = 12 + 16 * i;
    header.write(tag, at, 'latin1');
    header.writeUInt32BE(sum, at + 4);
    header.writeUInt32BE(offset, at + 8);
    header.writeUInt32BE(body.length, at + 12);
    bodies.push(padded);
    offset += padded.length;
  });
  return Buffer.concat([header, ...bodies]);
}

/** Joins fonts cut from the same family into one: their glyphs one after another, one cmap. */
function joinFonts(fonts) {
  const parts = fonts.map(readGlyphs);
  const glyphs = [parts[0].glyphs[0]]; // .notdef
  const cmap = new Map();
  for (const part of parts) {
    const shift = glyphs.length - 1;
    for (const glyph of part.glyphs.slice(1)) glyphs.push({ ...glyph, outline: shiftComponents(glyph.outline, shift) });
    for (const [codePoint, glyph] of part.cmap) if (!cmap.has(codePoint)) cmap.set(codePoint, glyph + shift);
  }
  const tables = new Map(parts[0].tables);
  for (const tag of ['GSUB', 'GPOS', 'GDEF', 'BASE', 'STAT', 'vhea', 'vmtx', 'VORG', 'DSIG', 'hdmx', 'LTSH', 'kern']) tables.delete(tag);

  const padded = glyphs.map(({ outline }) => Buffer.concat([outline, Buffer.alloc(outline.length % 2)]));
  const loca = Buffer.alloc(4 * (glyphs.length + 1));
  let offset = 0;
  padded.forEach((outline, i) => {
    loca.writeUInt32BE(offset, 4 * i);
    offset += outline.length;
  });
  loca.writeUInt32BE(offset, 4 * glyphs.length);
  tables.set('glyf', Buffer.concat(padded));
  tables.set('loca', loca);

  const hmtx = Buffer.alloc(4 * glyphs.length);
  glyphs.forEach(({ advance, lsb }, i) => {
    hmtx.writeUInt16BE(advance, 4 * i);
    hmtx.writeInt16BE(lsb, 4 * i + 2);
  });
  tables.set('hmtx', hmtx);

  const hhea = Buffer.from(parts[0].tables.get('hhea'));
  hhea.writeUInt16BE(Math.max(...glyphs.map((g) => g.advance)), 10);
  hhea.writeUInt16BE(glyphs.length, 34);
  tables.set('hhea', hhea);

  const maxp = Buffer.from(parts[0].tables.get('maxp'));
  maxp.writeUInt16BE(glyphs.length, 4);
  // The limits (points, contours, component depth…): the largest of the joined fonts'.
  for (let at = 6; at + 2 <= maxp.length; at += 2)
    maxp.writeUInt16BE(Math.max(...parts.map((p) => p.tables.get('maxp').readUInt16BE(at))), at);
  tables.set('maxp', maxp);

  const head = Buffer.from(parts[0].tables.get('head'));
  head.writeUInt32BE(0, 8); // checksum adjustment: HarfBuzz writes it in the final pass
  head.writeInt16BE(Math.min(...parts.map((p) => p.tables.get('head').readInt16BE(36))), 36);
  head.writeInt16BE(Math.min(...parts.map((p) => p.tables.get('head').readInt16BE(38))), 38);
  head.writeInt16BE(Math.max(...parts.map((p) => p.tables.get('head').readInt16BE(40))), 40);
  head.writeInt16BE(Math.max(...parts.map((p) => p.tables.get('head').readInt16BE(42))), 42);
  head.writeInt16BE(1, 50); // long loca
  tables.set('head', head);

  const post = Buffer.from(parts[0].tables.get('post').subarray(0, 32));
  post.writeUInt32BE(0x00030000, 0); // no glyph names
  tables.set('post', post);

  // cmap: one format 12 subtable (Windows, full Unicode), one group per code point.
  const entries = [...cmap].sort(([a], [b]) => a - b);
  const subtable = Buffer.alloc(16 + 12 * entries.length);
  subtable.writeUInt16BE(12, 0);
  subtable.writeUInt32BE(subtable.length, 4);
  subtable.writeUInt32BE(entries.length, 12);
  entries.forEach(([codePoint, glyph], i) => {
    subtable.writeUInt32BE(codePoint, 16 + 12 * i);
    subtable.writeUInt32BE(codePoint, 20 + 12 * i);
    subtable.writeUInt32BE(glyph, 24 + 12 * i);
  });
  const cmapHeader = Buffer.alloc(12);
  cmapHeader.writeUInt16BE(1, 2);
  cmapHeader.writeUInt16BE(3, 4);
  cmapHeader.writeUInt16BE(10, 6);
  cmapHeader.writeUInt32BE(12, 8);
  tables.set('cmap', Buffer.concat([cmapHeader, subtable]));

  return writeFont(tables);
}

/** The font of one weight holding `codePoints`, as woff2. */
export async function buildFont(weight, codePoints) {
  const wanted = new Set(codePoints);
  const pieces = [];
  for (const slice of slices(weight)) {
    const here = [...wanted].filter((c) => slice.ranges.some(([first, last]) => c >= first && c <= last));
    if (here.length === 0) continue;
    here.forEach((c) => wanted.delete(c));
    pieces.push(await subsetFont(readFileSync(slice.file), String.fromCodePoint(...here), { targetFormat: 'sfnt', noHinting: true }));
  }
  if (wanted.size > 0) throw new Error(`Noto Sans SC has no slice for ${String.fromCodePoint(...wanted)}`);
  return subsetFont(joinFonts(pieces), String.fromCodePoint(...codePoints), { targetFormat: 'woff2', noHinting: true });
}

/**
 * The whole font, for the characters no translation uses (a table name such as 龍鳳桌 or 鑫隆厅): a
 * second family whose faces are Fontsource's own unicode-range slices, copied as they are into
 * components/fonts/full/, so a page fetches only the slices holding the characters it draws (one or
 * two for a name). Only the slices with CJK characters are kept, and each face is declared for its
 * CJK characters alone, so Latin text never falls into it; the translations' subset comes first in
 * the font stack, so a page in Chinese still draws its labels from that one small file.
 */
export const FULL_FAMILY = 'Noto Sans SC Full';

/** Where the whole font's slices go, beside the subset (shipped with the elements too). */
export const FULL_DIR = join(FONT_DIR, 'full');

/** The generated module giving the app's loader each slice of the whole font: its unicode-range and files. */
export const FULL_MODULE_FILE = join(root, 'components', 'app', 'fonts', 'noto-sans-sc-full.ts');

export const fullFontName = (slice, weight) => `noto-sans-sc-full-${slice}-${weight}.woff2`;

/**
 * Fontsource's slices that hold CJK characters, the same for every weight: each slice's name (its
 * number), its CJK code points, and its file for each weight.
 */
export function fullSlices() {
  const byName = new Map();
  for (const weight of WEIGHTS) {
    for (const { file, ranges } of slices(weight)) {
      const name = /noto-sans-sc-([\w-]+)-\d+-normal\.woff2$/.exec(file)[1];
      const codePoints = ranges.flatMap(([first, last]) => Array.from({ length: last - first + 1 }, (_, i) => first + i)).filter(isCjk);
      if (codePoints.length === 0) continue;
      const slice = byName.get(name) ?? { name, codePoints, files: {} };
      slice.files[weight] = file;
      byName.set(name, slice);
    }
  }
  return [...byName.values()].sort((a, b) => a.codePoints[0] - b.codePoints[0]);
}

/**
 * Code points, written short for the app's module (a third of the unicode-range text, gzipped):
 * each run of consecutive code points as the distance from the end of the run before (from 0 for
 * the first) and, for a run longer than one, `+` and how many follow, both in base 36, separated by
 * spaces. chinese-font.ts's `unicodeRangeOf` reads it back.
 */
export function encodeRuns(codePoints) {
  const sorted = [...new Set(codePoints)].sort((a, b) => a - b);
  const runs = [];
  let end = 0;
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    const gap = (sorted[i] - end).toString(36);
    runs.push(j > i ? `${gap}+${(j - i).toString(36)}` : gap);
    end = sorted[j];
    i = j + 1;
  }
  return runs.join(' ');
}

/** The generated module: each slice of the whole font, its code points (`encodeRuns`) and its file for each weight. */
export function fullModule(slices) {
  const entries = slices.map(({ name, codePoints }) =>
    [
      '  {',
      `    runs: '${encodeRuns(codePoints)}',`,
      ...WEIGHTS.map((weight) => `    ${weight}: new URL('../../fonts/full/${fullFontName(name, weight)}', import.meta.url),`),
      '  },',
    ].join('\n'),
  );
  return [
    '// Generated by scripts/build-chinese-font.mjs: do not edit. Run `node scripts/build-chinese-font.mjs`.',
    "/** The slices of the whole Chinese font: each one's CJK characters, in runs (unicodeRangeOf in chinese-font.ts reads them), and its file for each weight. */",
    `export const CHINESE_FULL_FONT_SLICES: readonly ({ runs: string } & Record<${WEIGHTS.join(' | ')}, URL>)[] = [`,
    ...entries,
    '];',
    '',
  ].join('\n');
}

/** The @font-face rules of the whole font's slices, for chinese-font.css. */
export function fullFontCss(slices) {
  return slices.flatMap(({ name, codePoints }) =>
    WEIGHTS.map((weight) =>
      [
        '@font-face {',
        `  font-family: '${FULL_FAMILY}';`,
        '  font-style: normal;',
        `  font-weight: ${weight};`,
        '  font-display: swap;',
        `  src: url('./full/${fullFontName(name, weight)}') format('woff2');`,
        `  unicode-range: ${unicodeRange(codePoints)};`,
        '}',
      ].join('\n'),
    ),
  );
}

/** The code points a woff2 (or any font subset-font reads) maps to a glyph. */
export async function fontCodePoints(font) {
  const sfnt = await subsetFont(font, null, { keepAllGlyphs: true, targetFormat: 'sfnt' });
  return new Set(readCmap(sfnt).keys());
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const started = performance.now();
  const slices = sliceCharacters();
  mkdirSync(FONT_DIR, { recursive: true });
  for (const slice of SLICES) {
    const codePoints = slices[slice];
    for (const weight of WEIGHTS) {
      const font = await buildFont(weight, codePoints);
      const covered = await fontCodePoints(font);
      const missing = codePoints.filter((c) => !covered.has(c));
      if (missing.length > 0) throw new Error(`the ${slice} ${weight} font lost ${String.fromCodePoint(...missing)}`);
      writeFileSync(fontFile(slice, weight), font);
      console.log(`${relative(root, fontFile(slice, weight))}: ${codePoints.length} characters, ${font.length} bytes`);
    }
  }
  const full = fullSlices();
  rmSync(FULL_DIR, { recursive: true, force: true });
  mkdirSync(FULL_DIR, { recursive: true });
  let fullBytes = 0;
  for (const slice of full) {
    for (const weight of WEIGHTS) {
      copyFileSync(slice.files[weight], join(FULL_DIR, fullFontName(slice.name, weight)));
      fullBytes += statSync(slice.files[weight]).size;
    }
  }
  console.log(`${relative(root, FULL_DIR)}: ${full.length} slices of the whole font, ${WEIGHTS.length} weights, ${fullBytes} bytes`);
  // Formatted as the repository's prettier would, so that a rebuild changes nothing it need not.
  const prettier = await import('prettier');
  const options = (await prettier.resolveConfig(RANGES_FILE)) ?? {};
  writeFileSync(RANGES_FILE, await prettier.format(rangesModule(slices), { ...options, filepath: RANGES_FILE }));
  console.log(`${relative(root, RANGES_FILE)}: ${SLICES.map((slice) => unicodeRange(slices[slice]).split(',').length).join(' + ')} ranges`);
  writeFileSync(FULL_MODULE_FILE, await prettier.format(fullModule(full), { ...options, filepath: FULL_MODULE_FILE }));
  console.log(`${relative(root, FULL_MODULE_FILE)}: ${full.length} slices`);
  const cssOptions = (await prettier.resolveConfig(CSS_FILE)) ?? {};
  writeFileSync(CSS_FILE, await prettier.format(fontCss(slices, full), { ...cssOptions, filepath: CSS_FILE }));
  console.log(`${relative(root, CSS_FILE)}: ${(SLICES.length + full.length) * WEIGHTS.length} faces`);
  console.log(`in ${Math.round(performance.now() - started)} ms`);
}
