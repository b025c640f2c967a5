import { expect, fixture, html } from '@open-wc/testing';
import '../../components/define/last-hand.js';
import type { BaccLastHand } from '../../components/bacc-last-hand.js';
import { resolveCompleteHand } from '../../src/game/hand.js';
import { handsFromOutcomes } from '../../src/roads/roads.js';
import { handRecord, type HandRecord } from '../../src/shoes/document.js';
import { cardedHands, textOf } from './panel-helpers.js';
import { eventsFiredDuring } from './event-spy.js';

const hand = (...cards: string[]): HandRecord => handRecord(resolveCompleteHand(cards));

function side(el: BaccLastHand, name: 'player' | 'banker'): { total: string; cards: string[]; third: string[] } {
  const box = el.shadowRoot!.querySelector(`.side.${name}`)!;
  const label = (card: Element): string => card.getAttribute('aria-label')!;
  return {
    total: textOf(box.querySelector('.total')),
    cards: [...box.querySelectorAll('[part~="card"]')].map(label),
    third: [...box.querySelectorAll('[part~="third-card"]')].map(label),
  };
}

describe('<bacc-last-hand>', () => {
  it('says there is no hand yet before the first hand', async () => {
    const el = await fixture<BaccLastHand>(html`<bacc-last-hand></bacc-last-hand>`);
    expect(textOf(el.shadowRoot!.querySelector('[part="empty"]'))).to.equal('No hands yet.');
  });

  it("shows each side's cards and total, the winner and a natural", async () => {
    const el = await fixture<BaccLastHand>(html`<bacc-last-hand .hands=${[hand('9H', '2C', 'KD', '5S')]}></bacc-last-hand>`);
    expect(side(el, 'player')).to.deep.equal({ total: 'total 9', cards: ['9 of hearts', 'king of diamonds'], third: [] });
    expect(side(el, 'banker')).to.deep.equal({ total: 'total 7', cards: ['2 of clubs', '5 of spades'], third: [] });
    const headline = textOf(el.shadowRoot!.querySelector('[part="headline"]'));
    expect(headline).to.contain('Hand 1').and.contain('Player wins');
    expect(textOf(el.shadowRoot!.querySelector('[part="flags"]'))).to.equal('Natural');
  });

  it('draws each card face with its rank and suit symbol, hearts and diamonds in red', async () => {
    const el = await fixture<BaccLastHand>(html`<bacc-last-hand .hands=${[hand('TH', 'AC', '4D', 'QS', '2C', '6H')]}></bacc-last-hand>`);
    const faces = [...el.shadowRoot!.querySelectorAll('[part~="card"]')];
    expect(faces.map((face) => textOf(face))).to.deep.equal(['10♥', '4♦', '2♣', 'A♣', 'Q♠', '6♥']);
    expect(faces.map((face) => face.classList.contains('red'))).to.deep.equal([true, true, false, false, false, true]);
    const [ten, , , ace] = faces;
    expect(getComputedStyle(ten!).color).to.not.equal(getComputedStyle(ace!).color);
  });

  it('sets third cards apart, lying sideways with an upright face, and named as third cards', async () => {
    // Player 0+4 = 4 draws a 2 (6); banker 1+0 = 1 draws a 6 (7): the banker wins 7 to 6.
    const el = await fixture<BaccLastHand>(html`<bacc-last-hand .hands=${[hand('TH', 'AC', '4D', 'QS', '2C', '6H')]}></bacc-last-hand>`);
    expect(side(el, 'player').third).to.deep.equal(['third card: 2 of clubs']);
    expect(side(el, 'banker').third).to.deep.equal(['third card: 6 of hearts']);
    expect(side(el, 'player').total).to.equal('total 6');
    expect(side(el, 'banker').total).to.equal('total 7');
    const third = el.shadowRoot!.querySelector('[part~="third-card"]')!.getBoundingClientRect();
    const first = el.shadowRoot!.querySelector('[part="card"]')!.getBoundingClientRect();
    // The card lies sideways (wider than tall) while its rank stays upright (no rotation).
    expect(third.width).to.be.greaterThan(third.height);
    expect(first.height).to.be.greaterThan(first.width);
    expect(getComputedStyle(el.shadowRoot!.querySelector('[part~="third-card"]')!).transform).to.equal('none');
    expect(textOf(el.shadowRoot!.querySelector('[part="headline"]'))).to.contain('Banker wins');
  });

  it('names both pairs when the first two cards of each side match', async () => {
    const el = await fixture<BaccLastHand>(html`<bacc-last-hand .hands=${[hand('4H', '2C', '4D', '2S')]}></bacc-last-hand>`);
    expect(textOf(el.shadowRoot!.querySelector('[part="flags"]')))
      .to.contain('Player pair')
      .and.contain('Banker pair');
  });

  it('shows only the last hand of a shoe dealt from a shoe', async () => {
    const hands = cardedHands('last');
    const last = hands[hands.length - 1]!;
    const el = await fixture<BaccLastHand>(html`<bacc-last-hand .hands=${hands}></bacc-last-hand>`);
    const resolved = resolveCompleteHand(last.cards!);
    expect(textOf(el.shadowRoot!.querySelector('[part="headline"]'))).to.contain(`Hand ${hands.length}`);
    expect(side(el, 'player').cards).to.have.length(resolved.player.length);
    expect(side(el, 'banker').cards).to.have.length(resolved.banker.length);
    expect(side(el, 'player').total).to.equal(`total ${last.playerTotal}`);
    expect(side(el, 'banker').total).to.equal(`total ${last.bankerTotal}`);
  });

  it('shows the outcome alone when the last hand was recorded without cards', async () => {
    const el = await fixture<BaccLastHand>(html`<bacc-last-hand .hands=${handsFromOutcomes('BPT')}></bacc-last-hand>`);
    const text = textOf(el.shadowRoot);
    expect(text).to.contain('Hand 3').and.contain('Tie').and.contain('Cards not recorded.');
    expect(el.shadowRoot!.querySelectorAll('[part~="card"]')).to.have.length(0);
    expect(el.shadowRoot!.querySelector('[part="side"]')).to.equal(null);
  });

  it('announces each new hand politely to screen readers', async () => {
    const el = await fixture<BaccLastHand>(html`<bacc-last-hand></bacc-last-hand>`);
    const status = el.shadowRoot!.querySelector('[role="status"]')!;
    expect(textOf(status)).to.equal('');
    el.hands = [hand('9H', '2C', 'KD', '5S')];
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[role="status"]')).to.equal(status);
    expect(textOf(status)).to.equal('Hand 1: Player wins. Player 9, banker 7.');
  });

  it('fires no event when its hands are set', async () => {
    const el = await fixture<BaccLastHand>(html`<bacc-last-hand></bacc-last-hand>`);
    const fired = await eventsFiredDuring(el, async () => {
      el.hands = cardedHands('events');
      await el.updateComplete;
      el.hands = handsFromOutcomes('B');
      await el.updateComplete;
    });
    expect(fired).to.have.length(0);
  });

  it('passes an accessibility audit before the first hand, with cards, and without', async () => {
    const el = await fixture<BaccLastHand>(html`<bacc-last-hand></bacc-last-hand>`);
    await expect(el).to.be.accessible();
    el.hands = [hand('TH', 'AC', '4D', 'QS', '2C', '6H')];
    await el.updateComplete;
    await expect(el).to.be.accessible();
    el.hands = handsFromOutcomes('P');
    await el.updateComplete;
    await expect(el).to.be.accessible();
  });
});

describe('<bacc-last-hand> flags', () => {
  it('takes no more height with a flag than without one: the pills do not make the top line taller', async () => {
    const heightOf = async (hands: HandRecord[]): Promise<number> => {
      const el = await fixture<BaccLastHand>(
        html`<bacc-last-hand style="display: block; width: 760px; font-size: 26px" .hands=${hands}></bacc-last-hand>`,
      );
      return el.getBoundingClientRect().height;
    };
    // 8 and 9 dealt: a natural, with a pair on each side; the same totals without flags.
    const flagged = hand('4H', '9C', '4D', '9S');
    expect(flagged.natural && flagged.playerPair && flagged.bankerPair).to.equal(true);
    const plain = hand('2H', '3C', '4D', '4S');
    expect(plain.natural || plain.playerPair || plain.bankerPair).to.equal(false);
    expect(await heightOf([flagged])).to.be.at.most((await heightOf([plain])) + 0.5);
  });
});
