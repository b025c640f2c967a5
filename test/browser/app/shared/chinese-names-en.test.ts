/**
 * A Chinese table name on a display in English: the page declares the whole font's slices, and
 * fetches only those holding the characters it draws.
 */
import { expect } from '@open-wc/testing';
import { until } from '../../../support/wait.js';
import { freshStorage } from '../../../support/browser/storage.js';
import { CHINESE_FULL_FONT_FAMILY } from '../../../../components/app/shared/chinese-font.js';
import { CJK, LIMITS, NAME, chineseTexts, fullFetches, mount, nameBoxes, slicesOf } from './chinese-name-checks.js';

describe('a Chinese table name', () => {
  let storage: Awaited<ReturnType<typeof freshStorage>>;
  beforeEach(async () => {
    storage = await freshStorage();
  });
  afterEach(async () => {
    await storage.teardown();
    document.documentElement.lang = 'en';
  });

  it('draws on the display in English, fetching only the slices of its characters', async () => {
    const el = await mount(`?lang=en&mode=display&table=${encodeURIComponent(NAME)}&limits=${encodeURIComponent(LIMITS)}`);
    await until(() => nameBoxes(el).length === 0, 'the name drawn', 10_000).catch(() => {
      throw new Error(nameBoxes(el).join('; '));
    });
    expect(document.documentElement.lang).to.equal('en');
    const needed = new Set([...(NAME + LIMITS)].filter((c) => CJK.test(c)).flatMap(slicesOf));
    expect(fullFetches().filter((name) => !needed.has(name))).to.deep.equal([]);
    // Drawn from the whole font's slices: no other family on this page has a CJK face, and they are loaded for the name's characters.
    expect(fullFetches().length).to.be.greaterThan(0);
    for (const { text, element } of chineseTexts(el.shadowRoot!)) {
      const weight = getComputedStyle(element).fontWeight;
      expect(document.fonts.check(`${weight} 16px "${CHINESE_FULL_FONT_FAMILY}"`, text), `${text} at ${weight}`).to.equal(true);
    }
  });
});
