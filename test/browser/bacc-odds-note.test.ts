import { expect, fixture, html } from '@open-wc/testing';
import '../../components/define/odds-note.js';
import type { BaccOddsNote } from '../../components/bacc-odds-note.js';
import { exactOdds, fullShoe } from '../../src/game/odds.js';
import { handsFromOutcomes } from '../../src/roads/roads.js';
import { makeRules } from '../../src/game/rules.js';
import { cardedHands, cardsLeftByRank, textOf } from './panel-helpers.js';
import { eventsFiredDuring } from './event-spy.js';

function odds(el: BaccOddsNote): Record<string, string> {
  const entries = [...el.shadowRoot!.querySelectorAll('[data-outcome]')].map((entry): [string, string] => [
    entry.getAttribute('data-outcome')!,
    textOf(entry.querySelector('dd')),
  ]);
  return Object.fromEntries(entries);
}

const basis = (el: BaccOddsNote): Element => el.shadowRoot!.querySelector('[part="basis"]')!;
const twoDecimals = (fraction: number): string => `${(fraction * 100).toFixed(2)}%`;

describe('<bacc-odds-note>', () => {
  it('says that past results do not predict the next hand, even before the first hand', async () => {
    const el = await fixture<BaccOddsNote>(html`<bacc-odds-note></bacc-odds-note>`);
    const notice = el.shadowRoot!.querySelector('[part="notice"]')!;
    expect(textOf(notice)).to.equal('Past results do not predict the next hand.');
    expect(notice.getBoundingClientRect().height).to.be.greaterThan(0);
  });

  it('shows the full-shoe odds, and says so, when hands were recorded without cards', async () => {
    const el = await fixture<BaccOddsNote>(html`<bacc-odds-note .hands=${handsFromOutcomes('BPPBT')}></bacc-odds-note>`);
    expect(odds(el)).to.deep.equal({ B: '45.86%', P: '44.62%', T: '9.52%' });
    expect(basis(el).getAttribute('data-basis')).to.equal('full-shoe');
    expect(textOf(basis(el)))
      .to.contain('full 8-deck shoe')
      .and.contain('Not every hand has its cards recorded');
  });

  it('shows the exact odds of the next hand from the cards left when every hand has its cards', async () => {
    const hands = cardedHands('odds').slice(0, 30);
    const left = cardsLeftByRank(hands);
    const expected = exactOdds(left);
    const el = await fixture<BaccOddsNote>(html`<bacc-odds-note .hands=${hands}></bacc-odds-note>`);
    expect(basis(el).getAttribute('data-basis')).to.equal('next-hand');
    expect(textOf(basis(el))).to.contain(`from the ${left.reduce((a, b) => a + b, 0)} cards left`);
    expect(odds(el)).to.deep.equal({ B: twoDecimals(expected.banker), P: twoDecimals(expected.player), T: twoDecimals(expected.tie) });
  });

  it('once the shoe is over, gives the odds of a new shoe’s first hand and says so', async () => {
    const hands = cardedHands('over').slice(0, 30);
    const el = await fixture<BaccOddsNote>(html`<bacc-odds-note .hands=${hands} .rules=${makeRules({ decks: 6 })}></bacc-odds-note>`);
    expect(basis(el).getAttribute('data-basis')).to.equal('next-hand');
    el.ended = true;
    await el.updateComplete;
    expect(basis(el).getAttribute('data-basis')).to.equal('new-shoe');
    expect(textOf(basis(el))).to.equal('This shoe is over. Exact odds of the first hand of a new 6-deck shoe:');
    const full = exactOdds(fullShoe(6));
    expect(odds(el)).to.deep.equal({ B: twoDecimals(full.banker), P: twoDecimals(full.player), T: twoDecimals(full.tie) });
    el.ended = false;
    await el.updateComplete;
    expect(basis(el).getAttribute('data-basis')).to.equal('next-hand');
  });

  it('moves the odds on as each hand with cards is added', async () => {
    const hands = cardedHands('moves');
    const el = await fixture<BaccOddsNote>(html`<bacc-odds-note .hands=${hands.slice(0, 40)}></bacc-odds-note>`);
    el.hands = hands.slice(0, 41);
    await el.updateComplete;
    expect(odds(el).B).to.equal(twoDecimals(exactOdds(cardsLeftByRank(hands.slice(0, 41))).banker));
  });

  it('shows the full-shoe odds before the first hand, for the deck count of the rules', async () => {
    const el = await fixture<BaccOddsNote>(html`<bacc-odds-note .rules=${makeRules({ decks: 6 })}></bacc-odds-note>`);
    expect(textOf(basis(el)))
      .to.contain('full 6-deck shoe')
      .and.not.contain('Not every hand');
    expect(odds(el).B).to.equal(twoDecimals(exactOdds(fullShoe(6)).banker));
  });

  it('falls back to the full-shoe odds when one hand lacks its cards', async () => {
    const hands = [...cardedHands('one without').slice(0, 10), ...handsFromOutcomes('P')];
    const el = await fixture<BaccOddsNote>(html`<bacc-odds-note .hands=${hands}></bacc-odds-note>`);
    expect(basis(el).getAttribute('data-basis')).to.equal('full-shoe');
    expect(odds(el).B).to.equal('45.86%');
  });

  it('fires no event when its properties are set', async () => {
    const el = await fixture<BaccOddsNote>(html`<bacc-odds-note></bacc-odds-note>`);
    const fired = await eventsFiredDuring(el, async () => {
      el.hands = cardedHands('events').slice(0, 5);
      el.rules = makeRules({ decks: 6 });
      await el.updateComplete;
    });
    expect(fired).to.have.length(0);
  });

  it('passes an accessibility audit, with and without cards', async () => {
    const el = await fixture<BaccOddsNote>(html`<bacc-odds-note .hands=${cardedHands('a11y').slice(0, 8)}></bacc-odds-note>`);
    await expect(el).to.be.accessible();
    el.hands = handsFromOutcomes('BP');
    await el.updateComplete;
    await expect(el).to.be.accessible();
  });

  it('paints its first frame before the odds are worked out, with a placeholder instead of figures, then shows them', async () => {
    // Rules no other test asked for, so their odds are not known yet.
    const rules = makeRules({ decks: 5, tiePays: 9 });
    const el = document.createElement('bacc-odds-note');
    el.rules = rules;
    document.body.append(el);
    try {
      // The first render, which the page paints, comes before the odds.
      await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
      expect(el.hasUpdated).to.equal(true);
      expect(odds(el)).to.deep.equal({ B: '…', P: '…', T: '…' });
      expect(el.shadowRoot!.querySelector('[part="odds"]')!.getAttribute('aria-busy')).to.equal('true');
      expect(textOf(basis(el))).to.contain('full 5-deck shoe');
      await el.updateComplete;
      const full = exactOdds(fullShoe(5), rules);
      expect(odds(el)).to.deep.equal({ B: twoDecimals(full.banker), P: twoDecimals(full.player), T: twoDecimals(full.tie) });
      expect(el.shadowRoot!.querySelector('[part="odds"]')!.getAttribute('aria-busy')).to.equal('false');
    } finally {
      el.remove();
    }
  });

  it('keeps its figures until the next hand’s odds are there, then shows them in one update', async () => {
    const hands = cardedHands('in one update');
    const el = await fixture<BaccOddsNote>(html`<bacc-odds-note .hands=${hands.slice(0, 20)}></bacc-odds-note>`);
    const shown: string[] = [];
    const watcher = new MutationObserver(() => shown.push(odds(el).B!));
    watcher.observe(el.shadowRoot!, { subtree: true, characterData: true, childList: true });
    el.hands = hands.slice(0, 21);
    await el.updateComplete;
    watcher.disconnect();
    expect(shown).to.not.include('…');
    expect(odds(el).B).to.equal(twoDecimals(exactOdds(cardsLeftByRank(hands.slice(0, 21))).banker));
  });
});
