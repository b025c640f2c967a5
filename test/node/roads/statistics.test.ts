import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { ShoeStatistics, StatisticsError, type StatisticsSummary } from '../../../src/roads/statistics.js';
import { resolveCompleteHand, HandError } from '../../../src/game/hand.js';
import { exactOdds, fullShoe } from '../../../src/game/odds.js';
import { RANKS } from '../../../src/game/cards.js';
import { handRecord, simulateShoeRecords, type HandRecord } from '../../../src/shoes/document.js';
import { handsFromOutcomes, outcomeHand } from '../../../src/roads/roads.js';

/** The stored record of a hand dealt from these cards. */
const dealt = (...cards: string[]): HandRecord => handRecord(resolveCompleteHand(cards));
const PLAYER_NATURAL_9 = dealt('9H', '2C', 'KD', '5S'); // player 9 against 7
const BANKER_NATURAL_9 = dealt('2H', '9C', '3D', 'KS'); // banker 9 against 5
const BOTH_NATURAL = dealt('8H', '9C', 'KD', 'KS'); // player 8, banker 9
const BANKER_WINS_ON_6 = dealt('2H', '3C', '3D', '3S', 'TH'); // player 5, banker 6
const PLAYER_PAIR_NATURAL = dealt('9H', '9C', '9D', '5S'); // player 8 with a pair of nines

const statsOf = (hands: readonly HandRecord[], decks?: number): ShoeStatistics => {
  const stats = new ShoeStatistics({ decks });
  for (const hand of hands) stats.add(hand);
  return stats;
};

describe('ShoeStatistics', () => {
  it('counts banker, player and tie hands with their share in percent', () => {
    expect(statsOf(handsFromOutcomes('BBPT')).summary()).toMatchObject({
      hands: 4,
      banker: 2,
      player: 1,
      tie: 1,
      bankerPercent: 50,
      playerPercent: 25,
      tiePercent: 25,
    });
  });

  it('reports zeros and no streak before the first hand', () => {
    expect(new ShoeStatistics().summary()).toEqual({
      hands: 0,
      banker: 0,
      player: 0,
      tie: 0,
      bankerPercent: 0,
      playerPercent: 0,
      tiePercent: 0,
      playerPairs: 0,
      bankerPairs: 0,
      naturals: { player: 0, banker: 0, unknownSide: 0, hands: 0 },
      bankerWinsOn6: 0,
      handsWithTotals: 0,
      currentStreak: null,
      longestBankerStreak: 0,
      longestPlayerStreak: 0,
      handsWithCards: 0,
      cardsDealt: 0,
      cardsLeft: 416,
    } satisfies StatisticsSummary);
  });

  it('counts player pairs and banker pairs', () => {
    const hands = [
      { ...outcomeHand('B'), playerPair: true, bankerPair: true },
      { ...outcomeHand('T'), bankerPair: true },
      PLAYER_PAIR_NATURAL,
    ];
    expect(statsOf(hands).summary()).toMatchObject({ playerPairs: 2, bankerPairs: 2 });
  });

  it('counts naturals by side from the cards, and a natural recorded without cards as of unknown side', () => {
    const hands = [
      PLAYER_NATURAL_9,
      BANKER_NATURAL_9,
      BOTH_NATURAL,
      { ...outcomeHand('P'), natural: true },
      outcomeHand('B'),
      BANKER_WINS_ON_6,
    ];
    expect(statsOf(hands).summary().naturals).toEqual({ player: 2, banker: 2, unknownSide: 1, hands: 4 });
  });

  it('counts banker wins with 6 from the cards or the totals, among the hands whose totals are known', () => {
    const hands = [
      BANKER_WINS_ON_6,
      { ...outcomeHand('B'), playerTotal: 4, bankerTotal: 6 },
      { ...outcomeHand('B'), playerTotal: 4, bankerTotal: 7 },
      { ...outcomeHand('T'), playerTotal: 6, bankerTotal: 6 },
      outcomeHand('B'),
    ];
    expect(statsOf(hands).summary()).toMatchObject({ bankerWinsOn6: 2, handsWithTotals: 4 });
  });

  it('keeps the current streak through ties and the longest streak of each side', () => {
    const summary = statsOf(handsFromOutcomes('BBTBPPPPTBT')).summary();
    expect(summary).toMatchObject({ currentStreak: { side: 'B', length: 1 }, longestBankerStreak: 3, longestPlayerStreak: 4 });
    expect(statsOf(handsFromOutcomes('TT')).summary().currentStreak).toBeNull();
  });

  it('counts the cards dealt and the cards left in a shoe of the given decks', () => {
    const hands = [PLAYER_NATURAL_9, BANKER_WINS_ON_6];
    expect(statsOf(hands).summary()).toMatchObject({ handsWithCards: 2, cardsDealt: 9, cardsLeft: 416 - 9 });
    expect(statsOf(hands, 6).summary()).toMatchObject({ cardsDealt: 9, cardsLeft: 312 - 9 });
  });

  it('does not know the cards left once a hand was recorded without cards', () => {
    const stats = statsOf([PLAYER_NATURAL_9, outcomeHand('B')]);
    expect(stats.summary()).toMatchObject({ handsWithCards: 1, cardsDealt: 4, cardsLeft: null });
    expect(stats.remainingCounts()).toBeNull();
    expect(stats.nextHandOdds()).toBeNull();
  });

  it('does not know the cards left when the hands hold more of a rank than the shoe does', () => {
    // Six tens in one hand: 0 against 0, both draw a ten, a tie; a single deck has four.
    const stats = statsOf([dealt('TH', 'TC', 'TD', 'TS', 'TH', 'TC')], 1);
    expect(stats.summary()).toMatchObject({ cardsDealt: 6, cardsLeft: null });
    expect(stats.nextHandOdds()).toBeNull();
  });

  it('gives the exact odds of the next hand from the full shoe less the cards seen', () => {
    const stats = statsOf([PLAYER_NATURAL_9, BANKER_WINS_ON_6]);
    const expected = fullShoe(8);
    for (const card of ['9H', '2C', 'KD', '5S', '2H', '3C', '3D', '3S', 'TH'])
      expected[RANKS.indexOf(card[0] as (typeof RANKS)[number])]! -= 1;
    expect(stats.remainingCounts()).toEqual(expected);
    expect(stats.nextHandOdds()).toEqual(exactOdds(expected));
    expect(stats.nextHandOdds()?.cardsLeft).toBe(407);
  });

  it('gives the full-shoe odds beside them, as published', () => {
    expect(new ShoeStatistics({ decks: 8 }).fullShoeOdds().banker).toBeCloseTo(0.458597, 6);
    expect(new ShoeStatistics({ decks: 6 }).fullShoeOdds().tie).toBeCloseTo(0.095069, 6);
  });

  it('computes the next-hand odds when asked and keeps them until the next add or undo', () => {
    const stats = statsOf([PLAYER_NATURAL_9]);
    const first = stats.nextHandOdds();
    expect(stats.nextHandOdds()).toBe(first);
    stats.add(BANKER_NATURAL_9);
    const second = stats.nextHandOdds();
    expect(second).not.toBe(first);
    expect(second?.cardsLeft).toBe(408);
    stats.undo();
    const third = stats.nextHandOdds();
    expect(third).not.toBe(second);
    expect(third).toEqual(first);
  });

  it('restores every figure when the last hand is undone, and ignores an undo with no hands', () => {
    const stats = statsOf([PLAYER_NATURAL_9, BANKER_NATURAL_9, ...handsFromOutcomes('BBB')]);
    const before = stats.summary();
    stats.add(BANKER_WINS_ON_6);
    stats.undo();
    expect(stats.summary()).toEqual(before);
    const empty = new ShoeStatistics();
    empty.undo();
    expect(empty.summary()).toEqual(new ShoeStatistics().summary());
  });

  it('forgets every hand on clear', () => {
    const stats = statsOf([PLAYER_NATURAL_9, ...handsFromOutcomes('PPB')]);
    stats.clear();
    expect(stats.summary()).toEqual(new ShoeStatistics().summary());
  });

  it('refuses a hand whose cards resolve to another outcome, and counts nothing', () => {
    const stats = statsOf(handsFromOutcomes('B'));
    expect(() => stats.add({ ...PLAYER_NATURAL_9, outcome: 'B' })).toThrow('hand 2: its cards 9H 2C KD 5S give outcome P, not B');
    expect(() => stats.add({ ...PLAYER_NATURAL_9, playerPair: true })).toThrow('playerPair false, not true');
    expect(stats.summary()).toEqual(statsOf(handsFromOutcomes('B')).summary());
  });

  it('refuses cards the rules cannot deal as a finished hand', () => {
    expect(() => new ShoeStatistics().add({ ...PLAYER_NATURAL_9, cards: ['9H', '2C', 'KD'] })).toThrow(HandError);
  });

  it('refuses totals that name another winner, and totals that are not totals', () => {
    const stats = new ShoeStatistics();
    expect(() => stats.add({ ...outcomeHand('B'), playerTotal: 7, bankerTotal: 6 })).toThrow(
      'hand 1: player 7 against banker 6 gives outcome P, not B',
    );
    expect(() => stats.add({ ...outcomeHand('B'), playerTotal: 4, bankerTotal: 16 })).toThrow(StatisticsError);
    expect(stats.hands).toBe(0);
  });

  it('refuses an unknown outcome', () => {
    expect(() => new ShoeStatistics().add({ ...outcomeHand('B'), outcome: 'X' as 'B' })).toThrow(
      'hand 1: outcome must be "B", "P" or "T"; got "X"',
    );
  });

  it('refuses a deck count outside 1 to 8', () => {
    expect(() => new ShoeStatistics({ decks: 9 })).toThrow('decks must be a whole number from 1 to 8; got 9');
    expect(() => new ShoeStatistics({ decks: 0 })).toThrow(StatisticsError);
  });
});

/** The figures counted plainly from the whole list of hands. */
function countedPlainly(hands: readonly HandRecord[]): Partial<StatisticsSummary> {
  const results = hands
    .filter((hand) => hand.outcome !== 'T')
    .map((hand) => hand.outcome)
    .join('');
  const streaks = results.match(/B+|P+/g) ?? [];
  const longest = (side: string): number => Math.max(0, ...streaks.filter((streak) => streak[0] === side).map((streak) => streak.length));
  const last = streaks.at(-1);
  const count = (test: (hand: HandRecord) => boolean): number => hands.filter(test).length;
  return {
    hands: hands.length,
    banker: count((hand) => hand.outcome === 'B'),
    player: count((hand) => hand.outcome === 'P'),
    tie: count((hand) => hand.outcome === 'T'),
    playerPairs: count((hand) => hand.playerPair),
    bankerPairs: count((hand) => hand.bankerPair),
    currentStreak: last === undefined ? null : { side: last[0] as 'B' | 'P', length: last.length },
    longestBankerStreak: longest('B'),
    longestPlayerStreak: longest('P'),
    cardsDealt: hands.reduce((sum, hand) => sum + (hand.cards?.length ?? 0), 0),
    bankerWinsOn6: count((hand) => hand.outcome === 'B' && hand.bankerTotal === 6),
  };
}

describe('ShoeStatistics over random shoes', () => {
  const dealtShoe = fc.string({ minLength: 1, maxLength: 8 }).map((seed) => simulateShoeRecords({ shoes: 1, seed })[0]!.hands);
  const outcomeShoe = fc
    .array(
      fc.record({
        outcome: fc.constantFrom('B' as const, 'P' as const, 'T' as const),
        playerPair: fc.boolean(),
        bankerPair: fc.boolean(),
        natural: fc.boolean(),
      }),
      { maxLength: 200 },
    )
    .map((hands) => hands.map((hand) => ({ ...hand, cards: null, playerTotal: null, bankerTotal: null })));

  it('agree with counting the hands plainly, for dealt shoes and outcome-only shoes', () => {
    fc.assert(
      fc.property(fc.oneof(dealtShoe, outcomeShoe), (hands) => {
        expect(statsOf(hands).summary()).toMatchObject(countedPlainly(hands));
      }),
      { numRuns: 60 },
    );
  });

  it('give the same figures after any mix of adds and undos as counting the remaining hands afresh', () => {
    fc.assert(
      fc.property(dealtShoe, fc.array(fc.boolean(), { maxLength: 200 }), (shoe, undos) => {
        const stats = new ShoeStatistics();
        const hands: HandRecord[] = [];
        let next = 0;
        for (const undo of undos) {
          if (undo) {
            stats.undo();
            hands.pop();
          } else if (next < shoe.length) {
            stats.add(shoe[next]!);
            hands.push(shoe[next++]!);
          }
        }
        const fresh = statsOf(hands);
        expect(stats.summary()).toEqual(fresh.summary());
        expect(stats.remainingCounts()).toEqual(fresh.remainingCounts());
      }),
      { numRuns: 60 },
    );
  });
});
