import { expect, fixture, html } from '@open-wc/testing';
import '../../components/define/scoreboard.js';
import type { BaccScoreboard } from '../../components/bacc-scoreboard.js';
import { Shoe } from '../../src/game/shoe.js';
import { handRecord, type HandRecord } from '../../src/shoes/document.js';

const dealt = (count: number): HandRecord[] => {
  const shoe = new Shoe({ seed: 'no-shoe' });
  return Array.from({ length: count }, () => handRecord(shoe.dealHand()));
};

/** The header as a person reads it, without the table name. */
const headerText = (el: BaccScoreboard): string =>
  [...el.shadowRoot!.querySelector('header')!.children]
    .filter((item) => item.tagName !== 'H1')
    .map((item) => item.textContent)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('<bacc-scoreboard> with no shoe', () => {
  afterEach(() => {
    document.documentElement.removeAttribute('lang');
  });

  it('says there is no shoe yet, never "Shoe 1 Hand 0", when it is given no shoe number', async () => {
    for (const el of [
      await fixture<BaccScoreboard>(html`<bacc-scoreboard></bacc-scoreboard>`),
      await fixture<BaccScoreboard>(html`<bacc-scoreboard shoe-number="0"></bacc-scoreboard>`),
      await fixture<BaccScoreboard>(html`<bacc-scoreboard shoe-number=""></bacc-scoreboard>`),
    ]) {
      const text = headerText(el);
      expect(text).to.contain('No shoe yet');
      expect(text).not.to.match(/Shoe \d/);
      expect(text).not.to.match(/Hand \d/);
    }
  });

  it('gives the hand number alone when it has hands but no shoe number', async () => {
    const el = await fixture<BaccScoreboard>(html`<bacc-scoreboard .hands=${dealt(5)}></bacc-scoreboard>`);
    expect(headerText(el)).to.contain('Hand 5');
    expect(headerText(el)).not.to.contain('Shoe');
  });

  it('shows the shoe and hand numbers an embedder sets, also with no hands yet, and forgets the shoe when the attribute goes', async () => {
    const el = await fixture<BaccScoreboard>(html`<bacc-scoreboard shoe-number="3"></bacc-scoreboard>`);
    expect(headerText(el)).to.contain('Shoe 3 Hand 0');
    expect(headerText(el)).not.to.contain('No shoe');
    el.removeAttribute('shoe-number');
    await el.updateComplete;
    expect(headerText(el)).to.contain('No shoe yet');
  });

  it('says so in Chinese', async () => {
    document.documentElement.lang = 'zh-Hans';
    const el = await fixture<BaccScoreboard>(html`<bacc-scoreboard></bacc-scoreboard>`);
    expect(headerText(el)).to.contain('尚无牌靴');
  });
});
