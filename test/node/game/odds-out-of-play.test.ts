/**
 * Cards out of play and the exact odds (#28, point 15): cards everyone saw leave the shoe (a
 * cancelled card, the burn's turned card) come out of the composition, and the odds stay exact;
 * cards burned face down stay in, which is exact too, as the average over what they could be.
 */
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { exactOdds, fullShoe, withoutCards, type NextHandOdds } from '../../../src/game/odds.js';
import { parseCard, RANKS, SUITS, CardError } from '../../../src/game/cards.js';
import { resolveHand } from '../../../src/game/hand.js';

/** The 13 rank counts of a list of physical cards. */
function compositionOf(cards: readonly string[]): number[] {
  const counts = new Array<number>(13).fill(0);
  for (const card of cards) counts[parseCard(card).rank]!++;
  return counts;
}

interface Tally {
  banker: number;
  player: number;
  tie: number;
  natural: number;
  playerPair: number;
  bankerPair: number;
}

/**
 * Brute force over the physical cards themselves, each told apart by its suit: every ordering of
 * the cards a hand can take, dealt by resolveHand; a hand of k cards stands for the orderings of the
 * rest of a six-card window, so each hand counts (n − k)(n − k − 1)… times.
 */
function bruteForce(shoe: readonly string[]): Tally {
  const n = shoe.length;
  const counts: Tally = { banker: 0, player: 0, tie: 0, natural: 0, playerPair: 0, bankerPair: 0 };
  let total = 0;
  const used = new Array<boolean>(n).fill(false);
  const walk = (sequence: string[]): void => {
    const hand = resolveHand(sequence);
    if (hand.complete) {
      let ways = 1;
      for (let k = sequence.length; k < 6; k++) ways *= n - k;
      total += ways;
      counts[hand.winner === 'B' ? 'banker' : hand.winner === 'P' ? 'player' : 'tie'] += ways;
      if (hand.natural) counts.natural += ways;
      if (hand.playerPair) counts.playerPair += ways;
      if (hand.bankerPair) counts.bankerPair += ways;
      return;
    }
    for (let i = 0; i < n; i++) {
      if (used[i]) continue;
      used[i] = true;
      walk([...sequence, shoe[i]!]);
      used[i] = false;
    }
  };
  walk([]);
  const fractions = { ...counts };
  for (const key of Object.keys(fractions) as (keyof Tally)[]) fractions[key] = counts[key] / total;
  return fractions;
}

function expectSameOdds(odds: NextHandOdds, expected: Tally): void {
  for (const key of Object.keys(expected) as (keyof Tally)[]) expect(odds[key], key).toBeCloseTo(expected[key], 12);
}

/** A small shoe with every value and some pairs, so that removing a card moves every figure. */
const SMALL_SHOE = ['AS', '2H', '3D', '4C', '5S', '5H', '6H', '7D', '8C', '8S', '9S', 'KC'];

describe('exact odds with cards out of play, against a brute force over the physical cards', () => {
  it('leaves a cancelled card and the burn’s turned card out, exactly', () => {
    const exposed = ['5S', 'KC'];
    const rest = SMALL_SHOE.filter((card) => !exposed.includes(card));
    const odds = exactOdds(withoutCards(compositionOf(SMALL_SHOE), exposed)!);
    expectSameOdds(odds, bruteForce(rest));
    expect(odds.cardsLeft).toBe(10);
    // And it is not the shoe's own odds: the cards out of play changed them.
    expect(odds.banker).not.toBeCloseTo(exactOdds(compositionOf(SMALL_SHOE)).banker, 6);
  });

  it('leaves cards burned face down in: their average over what they could be is the shoe’s odds', () => {
    // The hand after a face-down burn of one card, weighed over every card it could have been, is
    // the hand dealt with the card in the shoe: why the odds count burned cards as left.
    const shoe = SMALL_SHOE.slice(2, 11);
    const unburned = bruteForce(shoe);
    const averaged: Tally = { banker: 0, player: 0, tie: 0, natural: 0, playerPair: 0, bankerPair: 0 };
    for (const burned of shoe) {
      const after = bruteForce(shoe.filter((card) => card !== burned));
      for (const key of Object.keys(averaged) as (keyof Tally)[]) averaged[key] += after[key] / shoe.length;
    }
    for (const key of Object.keys(averaged) as (keyof Tally)[]) expect(averaged[key], key).toBeCloseTo(unburned[key], 12);
    expectSameOdds(exactOdds(compositionOf(shoe)), unburned);
  });
});

describe('withoutCards', () => {
  it('takes one card of each rank given, whatever its spelling or suit', () => {
    const left = withoutCards(fullShoe(8), ['QS', '3h', '10D', 'Q'])!;
    expect(left).toEqual(fullShoe(8).map((n, rank) => (rank === 11 ? n - 2 : rank === 2 || rank === 9 ? n - 1 : n)));
  });

  it('gives null for more of a rank than is left, and refuses what is not a card', () => {
    expect(withoutCards([1, 0, 0, 0, 0, 0, 0, 0, 0, 6, 0, 0, 0], ['AS', 'AH'])).toBeNull();
    expect(() => withoutCards(fullShoe(8), ['X1'])).toThrow(CardError);
  });

  it('leaves the composition given unchanged', () => {
    const counts = fullShoe(6);
    withoutCards(counts, ['AS']);
    expect(counts).toEqual(fullShoe(6));
  });
});

/** A shoe of up to two decks' worth of cards with suits, and which of them are out of play. */
const shoeAndExposed = fc
  .array(fc.tuple(fc.constantFrom(...RANKS), fc.constantFrom(...SUITS)), { minLength: 8, maxLength: 60 })
  .chain((picked) => {
    const shoe = picked.map(([rank, suit]) => `${rank}${suit}`);
    return fc.record({
      shoe: fc.constant(shoe),
      exposed: fc.uniqueArray(fc.nat(shoe.length - 1), { maxLength: shoe.length - 6 }),
    });
  });

describe('exact odds with cards removed are the odds of the shoe without them (property)', () => {
  it('for any shoe and any of its cards out of play', () => {
    fc.assert(
      fc.property(shoeAndExposed, ({ shoe, exposed }) => {
        const outOfPlay = exposed.map((i) => shoe[i]!);
        const rest = shoe.filter((_, i) => !exposed.includes(i));
        const left = withoutCards(compositionOf(shoe), outOfPlay);
        expect(left).toEqual(compositionOf(rest));
        expect(exactOdds(left!)).toEqual(exactOdds(compositionOf(rest)));
        // The order the cards came out in changes nothing.
        expect(withoutCards(compositionOf(shoe), [...outOfPlay].reverse())).toEqual(left);
      }),
      { numRuns: 200 },
    );
  });

  it('one card at a time is the same as all at once', () => {
    fc.assert(
      fc.property(shoeAndExposed, ({ shoe, exposed }) => {
        const outOfPlay = exposed.map((i) => shoe[i]!);
        let left: number[] | null = compositionOf(shoe);
        for (const card of outOfPlay) left = withoutCards(left!, [card]);
        expect(left).toEqual(withoutCards(compositionOf(shoe), outOfPlay));
      }),
      { numRuns: 200 },
    );
  });
});
