import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { Shoe, orderedShoe, CARD_CODES, formatCode } from '../../src/shoe.js';
import { resolveCompleteHand, resolveHand } from '../../src/hand.js';
import { parseCard } from '../../src/cards.js';
import { simulateShoes, shoeSeed } from '../../src/simulate.js';
import { SeededRandom, CryptoRandom, RandomWords, shuffleInPlace, uniformIndex } from '../../src/random.js';

const rankOf = (card: string): number => parseCard(card).rank;

describe('Shoe', () => {
  it('burns the turned card and as many cards as its value (ten for a ten-value card)', () => {
    const shoe = new Shoe({ seed: 'burn' });
    const turnedValue = Math.min(rankOf(shoe.burnCard!) + 1, 10);
    expect(shoe.burned).toBe(turnedValue >= 10 ? 10 : turnedValue);
    expect(shoe.cardsLeft).toBe(416 - 1 - shoe.burned);
    expect(shoe.cardsDealt).toBe(0);
  });

  it('deals until the cut card, then the hand in play and one more', () => {
    const shoe = new Shoe({ seed: 'cut', rules: { cutCardFromEnd: 14, handsAfterCut: 1 } });
    const hands = shoe.dealAll();
    const cutHand = hands.findIndex((hand) => hand.cutCardOut);
    expect(cutHand).toBe(hands.length - 2);
    expect(shoe.finished).toBe(true);
    expect(() => shoe.dealHand()).toThrow(/finished/);
    // The cut card sat 14 cards from the end: at most 14 minus the two hands after it are left.
    expect(shoe.cardsLeft).toBeLessThan(14);
  });

  it('ends with the hand in play when no hand follows the cut card', () => {
    const hands = new Shoe({ seed: 'cut', rules: { handsAfterCut: 0 } }).dealAll();
    expect(hands.at(-1)!.cutCardOut).toBe(true);
    expect(hands.filter((hand) => hand.cutCardOut)).toHaveLength(1);
  });

  it('reports the cards left by rank, and the unseen cards including the face-down burn', () => {
    const shoe = new Shoe({ seed: 'ranks', rules: { decks: 6 } });
    const hand = shoe.dealHand();
    const left = shoe.remainingByRank();
    const unseen = shoe.unseenByRank();
    expect(left.reduce((a, b) => a + b)).toBe(shoe.cardsLeft);
    expect(unseen.reduce((a, b) => a + b)).toBe(312 - 1 - hand.cards.length);
    for (const card of hand.cards) expect(unseen[rankOf(card)]).toBeLessThan(24);
  });

  it('deals with crypto.getRandomValues when no seed is given', () => {
    const a = new Shoe();
    const b = new Shoe();
    expect(a.seed).toBeNull();
    expect(Array.from(a.order)).not.toEqual(Array.from(b.order));
  });
});

describe('Shoe properties', () => {
  const decks = fc.integer({ min: 1, max: 8 });

  it('deals each of its cards exactly once', () => {
    fc.assert(
      fc.property(fc.string(), decks, (seed, deckCount) => {
        const shoe = new Shoe({ seed, rules: { decks: deckCount, cutCardFromEnd: 14 } });
        const hands = shoe.dealAll();
        const burned = Array.from(shoe.order.subarray(0, 1 + shoe.burned), formatCode);
        const dealt = hands.flatMap((hand) => hand.cards);
        const rest = Array.from(shoe.order.subarray(shoe.order.length - shoe.cardsLeft), formatCode);
        const all = [...burned, ...dealt, ...rest].sort();
        expect(all).toEqual(Array.from(orderedShoe(deckCount), formatCode).sort());
        expect(shoe.remainingByRank().reduce((a, b) => a + b)).toBe(rest.length);
      }),
      { numRuns: 60 },
    );
  });

  it('deals only hands the tableau allows', () => {
    fc.assert(
      fc.property(fc.string(), (seed) => {
        for (const hand of new Shoe({ seed }).dealAll()) {
          const again = resolveCompleteHand(hand.cards);
          expect(again.winner).toBe(hand.winner);
          // No prefix of a dealt hand is already finished: no card was dealt beyond the tableau.
          expect(resolveHand(hand.cards.slice(0, -1)).complete).toBe(false);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('gives the same shoe for the same seed', () => {
    fc.assert(
      fc.property(fc.string(), decks, (seed, deckCount) => {
        const a = new Shoe({ seed, rules: { decks: deckCount } });
        const b = new Shoe({ seed, rules: { decks: deckCount } });
        expect(Array.from(a.order)).toEqual(Array.from(b.order));
        expect(a.dealAll()).toEqual(b.dealAll());
      }),
      { numRuns: 50 },
    );
  });

  it('gives different shoes for different seeds', () => {
    expect(Array.from(new Shoe({ seed: 'a' }).order)).not.toEqual(Array.from(new Shoe({ seed: 'b' }).order));
  });

  it('simulates exactly what Shoe deals for the same seed', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.integer({ min: 1, max: 4 }), decks, fc.integer({ min: 0, max: 1 }), (seed, shoes, deckCount, handsAfterCut) => {
        const rules = { decks: deckCount, handsAfterCut, cutCardFromEnd: 16 };
        const tally = simulateShoes(shoes, { seed, rules });
        const hands = Array.from({ length: shoes }, (_, k) => new Shoe({ seed: shoeSeed(seed, k + 1), rules }).dealAll()).flat();
        const count = (test: (hand: (typeof hands)[number]) => boolean): number => hands.filter(test).length;
        expect(tally).toEqual({
          shoes,
          hands: hands.length,
          banker: count((h) => h.winner === 'B'),
          player: count((h) => h.winner === 'P'),
          tie: count((h) => h.winner === 'T'),
          playerPair: count((h) => h.playerPair),
          bankerPair: count((h) => h.bankerPair),
          natural: count((h) => h.natural),
          bankerWinsOn6: count((h) => h.bankerWinsOn6),
        });
      }),
      { numRuns: 40 },
    );
  });
});

describe('uniform draws', () => {
  it('stays inside the bound, for 16-bit and 32-bit bounds', () => {
    const random = new RandomWords(new SeededRandom('bounds'));
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 21 }), (bound) => {
        const value = uniformIndex(bound, random);
        expect(Number.isInteger(value) && value >= 0 && value < bound).toBe(true);
      }),
    );
  });

  it('rejects the low products that would bias a draw', () => {
    // For bound 3 the 16-bit threshold is 65536 mod 3 = 1: a draw whose product has low half 0
    // is rejected. The word 0 gives two such draws; 0xFFFF then gives 0xFFFF·3 = 0x2FFFD → 2.
    const words = [0x0000_0000, 0xffff_ffff];
    let next = 0;
    const random = new RandomWords({ fill: (buffer) => buffer.forEach((_, i) => (buffer[i] = words[next++]!)) }, 1);
    expect(uniformIndex(3, random)).toBe(2);
    expect(next).toBe(2);
  });

  it('shuffles with the crypto source into a permutation', () => {
    const cards = orderedShoe(8);
    shuffleInPlace(cards, new RandomWords(new CryptoRandom()));
    expect(Array.from(cards).sort((a, b) => a - b)).toEqual(Array.from(orderedShoe(8)).sort((a, b) => a - b));
    expect(CARD_CODES).toBe(52);
  });
});
