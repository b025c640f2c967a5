/**
 * Chinese on any screen (issue 15): this Chromium has no CJK font of its own (like Debian's on a
 * fresh machine), so a Chinese label is drawn with a real glyph only through the font the app
 * ships. Every Chinese text the scoreboard, the console and History render is read from their
 * shadow roots and checked: its element's font stack names the shipped family, the family is
 * loaded for it, and the font has a glyph for each of its characters. The font is split in two
 * slices; the evidence page's further characters are fetched only by a page that draws them.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../../../components/app/kiosk/bacc-kiosk.js';
import type { BaccKiosk } from '../../../../components/app/kiosk/bacc-kiosk.js';
import { CHINESE_FONT_FAMILY, loadChineseFont } from '../../../../components/app/shared/chinese-font.js';
import { CHINESE_FONT_RANGES } from '../../../../components/app/fonts/noto-sans-sc-ranges.js';
import { simulateShoeRecords } from '../../../../src/shoes/document.js';
import { until } from '../../../support/wait.js';
import { freshStorage } from '../../../support/browser/storage.js';
import { scoreboardOf } from '../kiosk/attract-parts.js';

const CJK =
  /[\u2e80-\u2fdf\u3000-\u30ff\u3100-\u312f\u31c0-\u31ef\u3200-\u33ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]/u;

const mount = (search: string) => fixture<BaccKiosk>(html`<bacc-kiosk notice-duration="60000" .search=${search}></bacc-kiosk>`);

/** A Chinese text on screen and the element that draws it. */
interface Label {
  text: string;
  element: Element;
}

/** Every text with a CJK character in `root`, through every shadow root below it, with the element it is drawn by. */
function chineseLabels(root: Node): Label[] {
  const labels: Label[] = [];
  const visit = (node: Node): void => {
    if (node instanceof Text) {
      const parent = node.parentElement;
      if (parent && !['STYLE', 'SCRIPT', 'TEMPLATE'].includes(parent.tagName) && CJK.test(node.data)) {
        labels.push({ text: node.data.trim(), element: parent });
      }
      return;
    }
    if (node instanceof Element) {
      for (const attribute of ['placeholder']) {
        const value = node.getAttribute(attribute);
        if (value !== null && CJK.test(value)) labels.push({ text: value, element: node });
      }
      if (node.shadowRoot) visit(node.shadowRoot);
    }
    for (const child of node.childNodes) visit(child);
  };
  visit(root);
  return labels;
}

/** Where a label is, for a failure message: the chain of elements and shadow hosts up to the page. */
function whereIs(element: Element): string {
  const path: string[] = [];
  let node: Node | null = element;
  while (node && path.length < 6) {
    if (node instanceof Element)
      path.unshift(node.tagName.toLowerCase() + (node.classList.length ? `.${[...node.classList].join('.')}` : ''));
    node = node.parentNode instanceof ShadowRoot ? node.parentNode.host : node.parentNode;
  }
  return path.join(' > ');
}

const probe = document.createElement('canvas').getContext('2d')!;

/**
 * The characters of `text` the shipped font has no glyph for, at `weight`. The probe's stack is a
 * monospace font without CJK glyphs, then the shipped one: every CJK glyph of Noto Sans SC is one
 * em wide, and a character that no font has is drawn as the first font's missing-glyph box, narrower.
 */
function missingGlyphs(text: string, weight: string): string[] {
  probe.font = `${weight} 100px monospace, "${CHINESE_FONT_FAMILY}"`;
  return [...text].filter((character) => CJK.test(character) && Math.abs(probe.measureText(character).width - 100) > 0.5);
}

/** What is wrong with each label: a font stack without the shipped family, the family not loaded for it, a missing glyph. */
function problems(labels: Label[]): string[] {
  return labels.flatMap(({ text, element }) => {
    const style = getComputedStyle(element);
    const found: string[] = [];
    if (!style.fontFamily.includes(CHINESE_FONT_FAMILY)) found.push(`font stack "${style.fontFamily}" without ${CHINESE_FONT_FAMILY}`);
    if (!document.fonts.check(`${style.fontWeight} 16px "${CHINESE_FONT_FAMILY}"`, text)) found.push('font not loaded');
    const missing = missingGlyphs(text, style.fontWeight);
    if (missing.length > 0) found.push(`no glyph for ${missing.join('')}`);
    return found.map((problem) => `${whereIs(element)} "${text}": ${problem}`);
  });
}

const fontFetches = () => performance.getEntriesByType('resource').filter((entry) => /noto-sans-sc-.*\.woff2/.test(entry.name));
const chineseFaces = () => [...document.fonts].filter((face) => face.family.replace(/"/g, '') === CHINESE_FONT_FAMILY);
const sliceFaces = (slice: keyof typeof CHINESE_FONT_RANGES) =>
  chineseFaces().filter((face) => face.unicodeRange === CHINESE_FONT_RANGES[slice]);
const evidenceFetches = () => fontFetches().filter((entry) => /noto-sans-sc-evidence/.test(entry.name));

/** A character only the evidence slice has: the first of its unicode-range. */
const evidenceCharacter = String.fromCodePoint(parseInt(/^U\+([0-9A-F]+)/i.exec(CHINESE_FONT_RANGES.evidence)![1]!, 16));

describe('the Chinese font', () => {
  let storage: Awaited<ReturnType<typeof freshStorage>>;
  beforeEach(async () => {
    storage = await freshStorage();
  });
  afterEach(async () => {
    await storage.teardown();
    document.documentElement.lang = 'en';
  });

  // First, while nothing in this page has asked for Chinese yet.
  it('is neither declared nor fetched by a page in English', async () => {
    const el = await mount('?lang=en&seed=en&speed=0.2');
    await until(() => (scoreboardOf(el)?.hands.length ?? 0) >= 3, 'a few hands', 5000);
    await document.fonts.ready;
    expect(chineseFaces()).to.deep.equal([]);
    expect(fontFetches()).to.deep.equal([]);
  });

  it('is loaded by the kiosk as soon as it is in Chinese, from the app itself', async () => {
    await mount('?lang=zh&mode=history');
    await until(
      () => sliceFaces('app').length > 0 && sliceFaces('app').every((face) => face.status === 'loaded'),
      'the Chinese faces to load',
      5000,
    );
    // Both slices' faces are declared, each for exactly its characters; History fetches only the first slice.
    expect(sliceFaces('app').map((face) => face.weight)).to.have.members(['400', '700']);
    expect(sliceFaces('evidence').map((face) => face.weight)).to.have.members(['400', '700']);
    expect(chineseFaces()).to.have.length(4);
    for (const entry of fontFetches()) expect(new URL(entry.name).origin).to.equal(location.origin);
    expect(fontFetches().map((entry) => new URL(entry.name).pathname.split('/').pop())).to.have.members([
      'noto-sans-sc-app-400.woff2',
      'noto-sans-sc-app-700.woff2',
    ]);
  });

  it('loads once however often it is asked for, and an English text keeps the page’s own font', async () => {
    expect(await loadChineseFont()).to.equal(true);
    expect(await loadChineseFont()).to.equal(true);
    expect(chineseFaces()).to.have.length(4);
    // The faces cover CJK code points only: Latin letters, digits and general punctuation never match them.
    const starts = chineseFaces().flatMap((face) =>
      [...face.unicodeRange.matchAll(/U\+([0-9a-f]+)/gi)].map((match) => parseInt(match[1]!, 16)),
    );
    expect(Math.min(...starts)).to.be.at.least(0x2e80);
    expect(missingGlyphs('庄闲和', '400')).to.deep.equal([]);
    // The probe does tell a missing glyph: a character no translation uses is not in the subset.
    expect(missingGlyphs('鑫', '400')).to.deep.equal(['鑫']);
  });

  it('draws every Chinese label of the scoreboard with a real glyph', async () => {
    const el = await mount('?lang=zh&seed=zh&speed=0.2');
    await loadChineseFont();
    await until(() => (scoreboardOf(el)?.hands.length ?? 0) >= 8, 'a few hands', 8000);
    await document.fonts.ready;
    const labels = chineseLabels(scoreboardOf(el)!);
    expect(labels.length, 'Chinese labels on the scoreboard').to.be.greaterThan(10);
    expect(problems(labels)).to.deep.equal([]);
  });

  it('does not fetch the evidence page’s slice for a page that shows only the kiosk’s labels', async () => {
    const el = await mount('?lang=zh&seed=zh&speed=0.2');
    expect(await loadChineseFont()).to.equal(true);
    await until(() => (scoreboardOf(el)?.hands.length ?? 0) >= 3, 'a few hands', 5000);
    await document.fonts.ready;
    expect(chineseLabels(el).length, 'Chinese labels on the kiosk').to.be.greaterThan(10);
    expect(sliceFaces('app').map((face) => face.status)).to.deep.equal(['loaded', 'loaded']);
    expect(sliceFaces('evidence').map((face) => face.status)).to.deep.equal(['unloaded', 'unloaded']);
    expect(evidenceFetches()).to.deep.equal([]);
  });

  it('draws every Chinese label of the console with a real glyph', async () => {
    const el = await mount('?lang=zh&mode=operator&table=Font');
    await loadChineseFont();
    await until(() => el.shadowRoot?.querySelector('bacc-operator')?.consoleController?.ready === true, 'the console', 5000);
    await el.shadowRoot!.querySelector('bacc-operator')!.updateComplete;
    await document.fonts.ready;
    const labels = chineseLabels(el.shadowRoot!.querySelector('bacc-operator')!);
    expect(labels.length, 'Chinese labels on the console').to.be.greaterThan(10);
    expect(problems(labels)).to.deep.equal([]);
  });

  it('draws every Chinese label of History with a real glyph', async () => {
    await storage.store.importShoes(simulateShoeRecords({ shoes: 3, seed: 'font', table: 'Font', now: () => new Date(2026, 2, 1, 12) }));
    const el = await mount('?lang=zh&mode=history');
    await loadChineseFont();
    await until(
      () => (el.shadowRoot?.querySelector('bacc-history')?.shadowRoot?.querySelectorAll('tr[data-shoe-id]').length ?? 0) === 3,
      'the shoes',
      5000,
    );
    await document.fonts.ready;
    const labels = chineseLabels(el.shadowRoot!.querySelector('bacc-history')!);
    expect(labels.length, 'Chinese labels in History').to.be.greaterThan(10);
    expect(problems(labels)).to.deep.equal([]);
  });

  // Last: after it, the evidence slice is loaded in this page.
  it('fetches the evidence page’s slice when a page draws one of its characters, and draws it', async () => {
    expect(evidenceFetches()).to.deep.equal([]);
    const el = await fixture<HTMLParagraphElement>(
      html`<p style="font-family: monospace, '${CHINESE_FONT_FAMILY}'; font-weight: 700">庄 ${evidenceCharacter}</p>`,
    );
    await until(
      () => sliceFaces('evidence').some((face) => face.weight === '700' && face.status === 'loaded'),
      'the evidence slice to load',
      5000,
    );
    expect(evidenceFetches().map((entry) => new URL(entry.name).pathname.split('/').pop())).to.deep.equal([
      'noto-sans-sc-evidence-700.woff2',
    ]);
    expect(missingGlyphs(el.textContent, '700')).to.deep.equal([]);
    expect(await loadChineseFont({ evidence: true })).to.equal(true);
    expect(sliceFaces('evidence').map((face) => face.status)).to.deep.equal(['loaded', 'loaded']);
    expect(document.fonts.check(`400 16px "${CHINESE_FONT_FAMILY}"`, `庄闲和${evidenceCharacter}`)).to.equal(true);
  });
});
