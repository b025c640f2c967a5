import { expect } from '@open-wc/testing';
import { resolveHand, Shoe, exactOdds, fullShoe, simulateShoes } from '../../src/index.js';

describe('the pure core runs unchanged in Chromium', () => {
  it('resolves a hand', () => {
    const hand = resolveHand(['9h', '2c', 'kd', '5s']);
    expect(hand.complete && hand.winner).to.equal('P');
  });

  it('shuffles a shoe with crypto.getRandomValues and deals it to the cut card', () => {
    const shoe = new Shoe();
    const hands = shoe.dealAll();
    expect(shoe.seed).to.equal(null);
    expect(hands.length).to.be.greaterThan(60);
    expect(hands.filter((hand) => hand.cutCardOut)).to.have.length(1);
  });

  it('replays a seeded shoe exactly as in Node', () => {
    // The same seed gives the same tally in Node (test/node/game/shoe.test.ts checks Shoe against it).
    const tally = simulateShoes(1, { seed: 'x' });
    const hands = new Shoe({ seed: 'x' }).dealAll();
    expect(tally.hands).to.equal(hands.length);
    expect(tally.banker).to.equal(hands.filter((hand) => hand.winner === 'B').length);
  });

  it('computes the exact odds of a full shoe', () => {
    expect(exactOdds(fullShoe(8)).banker.toFixed(6)).to.equal('0.458597');
  });
});
