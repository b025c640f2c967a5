import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { Shoe, orderedShoe, CARD_CODES, formatCode } from '../../../src/game/shoe.js';
import { resolveCompleteHand } from '../../../src/game/hand.js';
import { parseCard } from '../../../src/game/cards.js';
import { simulateShoes, shoeSeed } from '../../../src/game/simulate.js';
import { SeededRandom, CryptoRandom, RandomWords, shuffleInPlace, uniformIndex } from '../../../src/game/random.js';

const rankOf = (card: string): number => parseCard(card).rank;

/**
 * How many cards the tableau of docs/rules.md deals for a hand starting with these cards, written out
 * plainly and apart from src/game/tableau.ts, so a shoe is checked against the rule sheet itself.
 */
function tableauCardCount(cards: string[]): number {
  const value = (card: string): number => Math.min(rankOf(card) + 1, 10) % 10;
  const player = (value(cards[0]!) + value(cards[2]!)) % 10;
  const banker = (value(cards[1]!) + value(cards[3]!)) % 10;
  if (player >= 8 || banker >= 8) return 4;
  if (player >= 6) return banker <= 5 ? 5 : 4;
  const third = value(cards[4]!);
  const bankerDraws =
    banker <= 2 ||
    (banker === 3 && third !== 8) ||
    (banker === 4 && third >= 2 && third <= 7) ||
    (banker === 5 && third >= 4 && third <= 7) ||
    (banker === 6 && (third === 6 || third === 7));
  return bankerDraws ? 6 : 5;
}

describe('formatCode', () => {
  it('names every card code in canonical notation, and refuses a number that is not one', () => {
    expect(Array.from({ length: CARD_CODES }, (_, code) => formatCode(code)).slice(0, 5)).toEqual(['AS', 'AH', 'AD', 'AC', '2S']);
    expect(formatCode(CARD_CODES - 1)).toBe('KC');
    for (const code of Array.from({ length: CARD_CODES }, (_, code) => code))
      expect(parseCard(formatCode(code))).toEqual({ rank: code >> 2, suit: 'SHDC'[code & 3] });
    for (const bad of [-1, CARD_CODES, 1.5, Number.NaN]) expect(() => formatCode(bad), String(bad)).toThrow(RangeError);
  });
});

describe('Shoe', () => {
  it('burns the turned card and as many cards as its value (ten for a ten-value card)', () => {
    const burns = new Set<number>();
    fc.assert(
      fc.property(fc.string(), (seed) => {
        const shoe = new Shoe({ seed });
        expect(shoe.burnCard).toBe(formatCode(shoe.order[0]!));
        expect(shoe.burned).toBe(Math.min(rankOf(shoe.burnCard!) + 1, 10));
        expect(shoe.cardsLeft).toBe(416 - 1 - shoe.burned);
        expect(shoe.cardsDealt).toBe(0);
        expect(shoe.dealHand().cards[0]).toBe(formatCode(shoe.order[1 + shoe.burned]!));
        burns.add(shoe.burned);
      }),
      { numRuns: 200 },
    );
    expect(burns.size).toBe(10);
    expect(new Shoe({ seed: 'no burn', rules: { burn: false } })).toMatchObject({ burnCard: null, burned: 0, cardsLeft: 416 });
  });

  it('brings the cut card out in the hand that deals the card at its position', () => {
    fc.assert(
      fc.property(fc.string(), (seed) => {
        const shoe = new Shoe({ seed });
        let dealt = 1 + shoe.burned;
        for (const hand of shoe.dealAll()) {
          const before = dealt;
          dealt += hand.cards.length;
          expect(hand.cutCardOut).toBe(before <= shoe.cutIndex && dealt > shoe.cutIndex);
        }
      }),
      { numRuns: 30 },
    );
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

  it('deals only hands the tableau allows, checked against a plain transcription of the rule sheet', () => {
    fc.assert(
      fc.property(fc.string(), (seed) => {
        for (const hand of new Shoe({ seed }).dealAll()) {
          expect(hand.cards.length).toBe(tableauCardCount(hand.cards));
          expect(resolveCompleteHand(hand.cards).winner).toBe(hand.winner);
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
      fc.property(
        fc.string({ minLength: 1 }),
        fc.integer({ min: 1, max: 4 }),
        decks,
        fc.integer({ min: 0, max: 1 }),
        (seed, shoes, deckCount, handsAfterCut) => {
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
        },
      ),
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

  it('rejects the biased draws in the shoe shuffle itself', () => {
    // For 416 cards the 16-bit threshold is 65536 mod 416 = 224: the first draw, 0, is rejected,
    // and the next, 0xFFFF, picks position 0xFFFF·416 >> 16 = 415 for the first card.
    const words = [0x0000_ffff];
    let next = 0;
    const random = new RandomWords(
      { fill: (buffer) => buffer.forEach((_, i) => (buffer[i] = words[next++] ?? Math.imul(next, 0x9e3779b1) >>> 0)) },
      1,
    );
    const cards = Uint16Array.from({ length: 416 }, (_, i) => i);
    shuffleInPlace(cards, random);
    expect(cards[0]).toBe(415);
  });

  it('shuffles with the crypto source into a permutation', () => {
    const cards = orderedShoe(8);
    shuffleInPlace(cards, new RandomWords(new CryptoRandom()));
    expect(Array.from(cards).sort((a, b) => a - b)).toEqual(Array.from(orderedShoe(8)).sort((a, b) => a - b));
    expect(CARD_CODES).toBe(52);
  });
});
