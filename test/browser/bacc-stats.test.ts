import { expect, fixture, html } from '@open-wc/testing';
import '../../components/define/stats.js';
import type { BaccStats } from '../../components/bacc-stats.js';
import { handsFromOutcomes } from '../../src/roads/roads.js';
import { makeRules } from '../../src/game/rules.js';
import { cardedHands, textOf } from './panel-helpers.js';
import { eventsFiredDuring } from './event-spy.js';
import { inLocale } from './locale-switch.js';

/** The figure and share shown for one statistic. */
function stat(el: BaccStats, name: string): { figure: string; share: string; text: string } {
  const tile = el.shadowRoot!.querySelector(`[data-stat="${name}"]`);
  return {
    figure: textOf(tile?.querySelector('.figure')),
    share: textOf(tile?.querySelector('.share')),
    text: textOf(tile),
  };
}

describe('<bacc-stats>', () => {
  it('shows the counts, or the other figures, as show says; a value it does not take warns once and shows all', async () => {
    const hands = cardedHands('show').slice(0, 12);
    const names = (el: BaccStats) => [...el.shadowRoot!.querySelectorAll('.tile')].map((tile) => tile.getAttribute('data-stat'));
    const counts = await fixture<BaccStats>(html`<bacc-stats show="counts" .hands=${hands}></bacc-stats>`);
    expect(names(counts)).to.deep.equal(['banker', 'player', 'tie', 'hands', 'pairs']);
    const details = await fixture<BaccStats>(html`<bacc-stats show="details" .hands=${hands}></bacc-stats>`);
    expect(names(details)).to.deep.equal(['streak', 'longest', 'naturals', 'banker-six', 'cards-dealt', 'cards-left']);
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (message: string) => warnings.push(message);
    try {
      const all = await fixture<BaccStats>(html`<bacc-stats show="everything" .hands=${hands}></bacc-stats>`);
      all.hands = [...hands];
      await all.updateComplete;
      expect(names(all)).to.have.length(11);
    } finally {
      console.warn = warn;
    }
    expect(warnings).to.deep.equal(['bacc-stats: show must be one of all, counts, details; got "everything", using all']);
  });

  it('shows pairs and naturals as unknown, not 0, once a hand was recorded by its outcome alone', async () => {
    const el = await fixture<BaccStats>(
      html`<bacc-stats .hands=${[...cardedHands('unknown').slice(0, 3), ...handsFromOutcomes('BP')]}></bacc-stats>`,
    );
    for (const name of ['pairs', 'naturals']) {
      expect(stat(el, name).figure, name).to.equal('–');
      expect(stat(el, name).text, name).to.contain('unknown: some hands were recorded without their cards');
    }
    el.hands = cardedHands('unknown').slice(0, 5);
    await el.updateComplete;
    expect(stat(el, 'naturals').figure).to.match(/^\d+$/);
  });

  it('counts banker, player and tie wins with their share of the hands', async () => {
    const el = await fixture<BaccStats>(html`<bacc-stats .hands=${handsFromOutcomes('BBBPTPB')}></bacc-stats>`);
    expect(stat(el, 'hands').figure).to.equal('7');
    expect(stat(el, 'banker')).to.include({ figure: '4', share: '57.1%' });
    expect(stat(el, 'player')).to.include({ figure: '2', share: '28.6%' });
    expect(stat(el, 'tie')).to.include({ figure: '1', share: '14.3%' });
  });

  it('shows the current streak by side and the longest streak of each side, ties not breaking them', async () => {
    const el = await fixture<BaccStats>(html`<bacc-stats .hands=${handsFromOutcomes('BBBPTPB')}></bacc-stats>`);
    expect(stat(el, 'streak').text).to.contain('Banker').and.contain('1');
    expect(stat(el, 'longest-banker').figure).to.equal('3');
    expect(stat(el, 'longest-player').figure).to.equal('2');

    el.hands = handsFromOutcomes('BBBPTPBPPTPP');
    await el.updateComplete;
    expect(stat(el, 'streak').text).to.contain('Player');
    expect(stat(el, 'streak').figure).to.equal('4');
    expect(stat(el, 'longest-player').figure).to.equal('4');
  });

  it('shows dashes for shares and no streak before the first hand', async () => {
    const el = await fixture<BaccStats>(html`<bacc-stats></bacc-stats>`);
    expect(stat(el, 'hands').figure).to.equal('0');
    expect(stat(el, 'banker')).to.include({ figure: '0', share: '–' });
    expect(stat(el, 'streak').figure).to.equal('–');
  });

  it('counts pairs, naturals, banker wins with 6 and the cards dealt and left from hands with cards', async () => {
    const hands = cardedHands('stats');
    const el = await fixture<BaccStats>(html`<bacc-stats .hands=${hands}></bacc-stats>`);
    const count = (test: (hand: (typeof hands)[number]) => boolean): string => String(hands.filter(test).length);
    const dealt = hands.reduce((sum, hand) => sum + hand.cards!.length, 0);
    expect(stat(el, 'hands').figure).to.equal(String(hands.length));
    expect(stat(el, 'player-pairs').figure).to.equal(count((hand) => hand.playerPair));
    expect(stat(el, 'banker-pairs').figure).to.equal(count((hand) => hand.bankerPair));
    expect(stat(el, 'naturals').figure).to.equal(count((hand) => hand.natural));
    expect(stat(el, 'banker-six').figure).to.equal(count((hand) => hand.outcome === 'B' && hand.bankerTotal === 6));
    expect(stat(el, 'cards-dealt').figure).to.equal(String(dealt));
    expect(stat(el, 'cards-left').figure).to.equal(String(8 * 52 - dealt));
  });

  it('counts the cards left from the deck count of the rules', async () => {
    const hands = cardedHands('six decks').slice(0, 10);
    const dealt = hands.reduce((sum, hand) => sum + hand.cards!.length, 0);
    const el = await fixture<BaccStats>(html`<bacc-stats .hands=${hands} .rules=${makeRules({ decks: 6 })}></bacc-stats>`);
    expect(stat(el, 'cards-left').figure).to.equal(String(6 * 52 - dealt));
  });

  it('leaves out the cards dealt and left when a hand was recorded without cards', async () => {
    const hands = [...cardedHands('mixed').slice(0, 5), ...handsFromOutcomes('B')];
    const el = await fixture<BaccStats>(html`<bacc-stats .hands=${hands}></bacc-stats>`);
    expect(el.shadowRoot!.querySelector('[data-stat="cards-dealt"]')).to.equal(null);
    expect(el.shadowRoot!.querySelector('[data-stat="cards-left"]')).to.equal(null);
  });

  it('follows hands added one at a time and an undone hand', async () => {
    const all = handsFromOutcomes('BPBBT');
    const el = await fixture<BaccStats>(html`<bacc-stats .hands=${all.slice(0, 4)}></bacc-stats>`);
    el.hands = all;
    await el.updateComplete;
    expect(stat(el, 'tie').figure).to.equal('1');
    el.hands = all.slice(0, 3);
    await el.updateComplete;
    expect(stat(el, 'hands').figure).to.equal('3');
    expect(stat(el, 'banker')).to.include({ figure: '2', share: '66.7%' });
  });

  it('tells banker from player by letter and name, not by colour alone', async () => {
    const el = await fixture<BaccStats>(html`<bacc-stats .hands=${handsFromOutcomes('BP')}></bacc-stats>`);
    expect(stat(el, 'banker').text).to.contain('B').and.contain('Banker');
    expect(stat(el, 'player').text).to.contain('P').and.contain('Player');
  });

  it('fires no event when its properties are set', async () => {
    const el = await fixture<BaccStats>(html`<bacc-stats></bacc-stats>`);
    const fired = await eventsFiredDuring(el, async () => {
      el.hands = cardedHands('events');
      el.rules = makeRules({ decks: 6 });
      await el.updateComplete;
    });
    expect(fired).to.have.length(0);
  });

  it('passes an accessibility audit, with and without cards', async () => {
    const el = await fixture<BaccStats>(html`<bacc-stats .hands=${cardedHands('a11y')}></bacc-stats>`);
    await expect(el).to.be.accessible();
    el.hands = handsFromOutcomes('BPT');
    await el.updateComplete;
    await expect(el).to.be.accessible();
  });

  it('speaks Simplified Chinese when the page switches locale', async () => {
    const el = await fixture<BaccStats>(html`<bacc-stats .hands=${handsFromOutcomes('BBP')}></bacc-stats>`);
    await inLocale('zh-Hans', el, () => {
      expect(stat(el, 'hands').text).to.contain('局数');
      expect(stat(el, 'banker').text).to.contain('庄');
    });
    await el.updateComplete;
    expect(stat(el, 'hands').text).to.contain('Hands');
  });
});
