/**
 * A Chinese table name on a display in Chinese, as a clerk spelled it (?lang=zh-Hans): its
 * characters the translations lack draw from the whole font's slices, the labels still from the
 * translations' subset, and a slice is fetched only for a character of the name the subset lacks.
 */
import { expect } from '@open-wc/testing';
import { until } from '../../../support/wait.js';
import { freshStorage } from '../../../support/browser/storage.js';
import { CHINESE_FONT_FAMILY } from '../../../../components/app/shared/chinese-font.js';
import { CHINESE_FONT_RANGES } from '../../../../components/app/fonts/noto-sans-sc-ranges.js';
import { CJK, LIMITS, NAME, chineseTexts, boxes, fullFetches, inSubset, mount, nameBoxes, slicesOf } from './chinese-name-checks.js';

describe('a Chinese table name', () => {
  let storage: Awaited<ReturnType<typeof freshStorage>>;
  beforeEach(async () => {
    storage = await freshStorage();
  });
  afterEach(async () => {
    await storage.teardown();
    document.documentElement.lang = 'en';
  });

  it('draws on the display in Chinese (lang=zh-Hans), its labels still from the subset', async () => {
    const el = await mount(`?lang=zh-Hans&mode=display&table=${encodeURIComponent(NAME)}&limits=${encodeURIComponent(LIMITS)}`);
    await until(() => nameBoxes(el).length === 0, 'the name drawn', 10_000).catch(() => {
      throw new Error(nameBoxes(el).join('; '));
    });
    // The labels: the subset's faces loaded, and a slice of the whole font fetched only for a character the subset lacks.
    const subset = [...document.fonts].filter((face) => face.family.replace(/"/g, '') === CHINESE_FONT_FAMILY);
    expect(subset.filter((face) => face.unicodeRange === CHINESE_FONT_RANGES.app).map((face) => face.status)).to.deep.equal([
      'loaded',
      'loaded',
    ]);
    const needed = new Set([...(NAME + LIMITS)].filter((c) => CJK.test(c) && !inSubset.has(c.codePointAt(0)!)).flatMap(slicesOf));
    expect(fullFetches().length).to.be.greaterThan(0);
    expect(fullFetches().filter((name) => !needed.has(name))).to.deep.equal([]);
    // The labels themselves have no box either.
    const labels = chineseTexts(el.shadowRoot!).filter(({ text }) => !text.includes('龍') && !text.includes('鑫'));
    expect(labels.length).to.be.greaterThan(0);
    expect(labels.flatMap(({ text, element }) => boxes(text, element))).to.deep.equal([]);
  });
});
