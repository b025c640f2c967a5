/**
 * Chinese table names on any screen (issue #28, point 9), for chinese-names-en.test.ts and
 * chinese-names-zh.test.ts (one page each: the language a page starts in decides when it declares
 * the whole font). This Chromium has no CJK font of its own, and a table's name is not the
 * translations' words, so 龍鳳桌 or 鑫隆厅 draws as boxes unless the page brings the whole font.
 * Each character of a text is drawn on a canvas with the font its element computes, and must differ
 * from the box that font draws for a character no font has, and be one em wide as every CJK glyph
 * of Noto Sans SC is.
 */
import { fixture, html } from '@open-wc/testing';
import '../../../../components/app/kiosk/bacc-kiosk.js';
import type { BaccKiosk } from '../../../../components/app/kiosk/bacc-kiosk.js';
import { unicodeRangeOf } from '../../../../components/app/shared/chinese-font.js';
import { CHINESE_FONT_RANGES } from '../../../../components/app/fonts/noto-sans-sc-ranges.js';
import { CHINESE_FULL_FONT_SLICES } from '../../../../components/app/fonts/noto-sans-sc-full.js';

export const NAME = '龍鳳桌 VIP';
export const LIMITS = '鑫隆厅 100–5,000';
export const CJK = /[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]/u;

export const mount = (search: string) => fixture<BaccKiosk>(html`<bacc-kiosk notice-duration="60000" .search=${search}></bacc-kiosk>`);

/** The code points a unicode-range covers. */
export const codePointsOf = (range: string): Set<number> =>
  new Set(
    range.split(',').flatMap((part) => {
      const [first, last = first] = part
        .trim()
        .slice(2)
        .split('-')
        .map((hex) => parseInt(hex, 16));
      return Array.from({ length: last! - first! + 1 }, (_, i) => first! + i);
    }),
  );
export const inSubset = codePointsOf(CHINESE_FONT_RANGES.app);

/** The file name of a whole-font slice, as fetched: noto-sans-sc-full-<slice>-<weight>.woff2. */
const fileName = (url: string): string => new URL(url).pathname.split('/').pop()!;
export const slicesOf = (character: string): string[] =>
  CHINESE_FULL_FONT_SLICES.filter((slice) => codePointsOf(unicodeRangeOf(slice.runs)).has(character.codePointAt(0)!)).flatMap((slice) =>
    [slice[400], slice[700]].map((url) => fileName(url.href)),
  );
export const fullFetches = () =>
  performance
    .getEntriesByType('resource')
    .map((entry) => fileName(entry.name))
    .filter((name) => name.startsWith('noto-sans-sc-full-'));

/** Every element under `root`, through shadow roots, whose own text has a CJK character, with that text. */
export function chineseTexts(root: Node): { text: string; element: Element }[] {
  const found: { text: string; element: Element }[] = [];
  const visit = (node: Node): void => {
    if (node instanceof Text && node.parentElement && node.parentElement.tagName !== 'STYLE' && CJK.test(node.data)) {
      found.push({ text: node.data.trim(), element: node.parentElement });
    }
    if (node instanceof Element && node.shadowRoot) visit(node.shadowRoot);
    for (const child of node.childNodes) visit(child);
  };
  visit(root);
  return found;
}

const canvas = document.createElement('canvas');
canvas.width = canvas.height = 64;
const context = canvas.getContext('2d', { willReadFrequently: true })!;

/** The pixels of `character` drawn 48 px in `font` (a weight and a family list), and its width. */
function drawn(character: string, font: string): { pixels: string; width: number } {
  context.clearRect(0, 0, 64, 64);
  context.font = `${font.replace(/^(\S+) /, '$1 48px ')}`;
  context.textBaseline = 'top';
  context.fillText(character, 4, 4);
  return { pixels: context.getImageData(0, 0, 64, 64).data.join(), width: context.measureText(character).width };
}

/** A code point no font has (the last private-use one): what the stack draws for it is its box. */
const NO_GLYPH = String.fromCodePoint(0x10fffd);

/** The CJK characters of `text` that `element`'s own font draws as a box: the same pixels as the box, or not one em wide. */
export function boxes(text: string, element: Element): string[] {
  const style = getComputedStyle(element);
  const font = `${style.fontWeight} ${style.fontFamily}`;
  const box = drawn(NO_GLYPH, font).pixels;
  return [...text].filter((character) => {
    if (!CJK.test(character)) return false;
    const glyph = drawn(character, font);
    return glyph.pixels === box || Math.abs(glyph.width - 48) > 0.5;
  });
}

/** What of the name and limits the display draws as boxes, each with its element. */
export function nameBoxes(kiosk: BaccKiosk): string[] {
  const texts = chineseTexts(kiosk.shadowRoot!).filter(({ text }) => text.includes('龍') || text.includes('鑫'));
  if (texts.length < 2) return [`the name and limits are not on screen (${texts.map(({ text }) => text).join(' | ')})`];
  return texts.flatMap(({ text, element }) => {
    const missing = boxes(text, element);
    return missing.length > 0 ? [`<${element.localName}> "${text}": ${missing.join('')} drawn as boxes`] : [];
  });
}
