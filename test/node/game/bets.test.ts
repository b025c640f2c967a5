import { describe, it, expect } from 'vitest';
import { settleBet, betReturn } from '../../../src/game/bets.js';
import { resolveHand, type ResolvedHand } from '../../../src/game/hand.js';
import { makeRules, DEFAULT_RULES } from '../../../src/game/rules.js';

const hand = (cards: string[]): ResolvedHand => {
  const result = resolveHand(cards);
  if (!result.complete) throw new Error('unfinished hand in a test');
  return result;
};

// Banker natural 9 beats player 7: a natural banker win by 2.
const bankerNatural = hand(['3H', '9C', '4D', 'KS']);
// Player 5 draws T → 5; banker 3+3=6 stands; banker wins with 6 by 1.
const bankerOnSix = hand(['2H', '3C', '3D', '3S', 'TH']);
// Player 2+2=4 draws 5 → 9; banker K+K=0 draws 0 → 0: player wins by 9, no natural.
const playerByNine = hand(['2H', 'KC', '2D', 'KS', '5H', 'QD']);
// Player 4+4 and banker 8+K: a tie of two naturals 8, with a player pair.
const naturalTie = hand(['4H', '8C', '4D', 'KS']);
const noCommission = makeRules({ banker: 'no-commission' });

describe('settleBet', () => {
  it('pays banker 1:1 less 5% commission', () => {
    expect(settleBet('banker', 100, bankerNatural, DEFAULT_RULES)).toEqual({ result: 'win', amount: 95 });
    expect(settleBet('banker', 10, bankerNatural, DEFAULT_RULES)).toEqual({ result: 'win', amount: 9.5 });
  });

  it('pays a no-commission banker win on 6 at 1:2 and other banker wins at 1:1', () => {
    expect(settleBet('banker', 100, bankerOnSix, noCommission)).toEqual({ result: 'win', amount: 50 });
    expect(settleBet('banker', 100, bankerNatural, noCommission)).toEqual({ result: 'win', amount: 100 });
  });

  it('pushes player and banker on a tie and pays the tie 8:1 or 9:1', () => {
    expect(settleBet('player', 100, naturalTie, DEFAULT_RULES)).toEqual({ result: 'push', amount: 0 });
    expect(settleBet('banker', 100, naturalTie, DEFAULT_RULES)).toEqual({ result: 'push', amount: 0 });
    expect(settleBet('tie', 100, naturalTie, DEFAULT_RULES)).toEqual({ result: 'win', amount: 800 });
    expect(settleBet('tie', 100, naturalTie, makeRules({ tiePays: 9 }))).toEqual({ result: 'win', amount: 900 });
    expect(settleBet('tie', 100, bankerNatural, DEFAULT_RULES)).toEqual({ result: 'loss', amount: -100 });
  });

  it('pays the pairs 11:1 on the first two cards of each hand', () => {
    expect(naturalTie.playerPair).toBe(true);
    expect(settleBet('playerPair', 10, naturalTie, DEFAULT_RULES)).toEqual({ result: 'win', amount: 110 });
    expect(settleBet('bankerPair', 10, naturalTie, DEFAULT_RULES)).toEqual({ result: 'loss', amount: -10 });
  });

  it('settles the Dragon Bonus by its pay table', () => {
    expect(settleBet('dragonBanker', 10, bankerNatural, DEFAULT_RULES)).toEqual({ result: 'win', amount: 10 });
    expect(settleBet('dragonPlayer', 10, bankerNatural, DEFAULT_RULES)).toEqual({ result: 'loss', amount: -10 });
    expect(settleBet('dragonPlayer', 10, naturalTie, DEFAULT_RULES)).toEqual({ result: 'push', amount: 0 });
    expect(settleBet('dragonPlayer', 10, playerByNine, DEFAULT_RULES)).toEqual({ result: 'win', amount: 300 });
    // A non-natural win by 1 loses the Dragon Bonus.
    expect(settleBet('dragonBanker', 10, bankerOnSix, DEFAULT_RULES)).toEqual({ result: 'loss', amount: -10 });
  });

  it('pays player 1:1, and loses player and banker bets when the other side wins', () => {
    expect(settleBet('player', 100, playerByNine, DEFAULT_RULES)).toEqual({ result: 'win', amount: 100 });
    expect(settleBet('player', 100, bankerNatural, DEFAULT_RULES)).toEqual({ result: 'loss', amount: -100 });
    expect(settleBet('banker', 100, playerByNine, DEFAULT_RULES)).toEqual({ result: 'loss', amount: -100 });
    expect(settleBet('banker', 100, playerByNine, noCommission)).toEqual({ result: 'loss', amount: -100 });
  });

  it('loses the Dragon Bonus on a tie without naturals and on a win by less than 4 without a natural', () => {
    const hand = (winner: 'P' | 'B' | 'T', margin: number, natural = false) =>
      ({ winner, natural, margin, bankerWinsOn6: false, playerPair: false, bankerPair: false }) as const;
    expect(betReturn('dragonPlayer', hand('T', 0), DEFAULT_RULES)).toBe(-1);
    expect(betReturn('dragonBanker', hand('T', 0), DEFAULT_RULES)).toBe(-1);
    for (const margin of [1, 2, 3]) {
      expect(betReturn('dragonPlayer', hand('P', margin), DEFAULT_RULES)).toBe(-1);
      expect(betReturn('dragonBanker', hand('B', margin), DEFAULT_RULES)).toBe(-1);
    }
    expect(betReturn('dragonBanker', hand('B', 9), DEFAULT_RULES)).toBe(30);
    expect(betReturn('dragonBanker', hand('B', 1, true), DEFAULT_RULES)).toBe(1);
  });

  it('pays the Dragon Bonus margins 4 to 8 at 1, 2, 4, 6 and 10 to 1', () => {
    const pays = [4, 5, 6, 7, 8].map((margin) =>
      betReturn(
        'dragonPlayer',
        { winner: 'P', natural: false, margin, bankerWinsOn6: false, playerPair: false, bankerPair: false },
        DEFAULT_RULES,
      ),
    );
    expect(pays).toEqual([1, 2, 4, 6, 10]);
  });

  it('refuses unknown bets, stakes that are not positive, and a Dragon Bonus the table does not offer', () => {
    expect(() => settleBet('side' as never, 10, bankerNatural, DEFAULT_RULES)).toThrow(/unknown bet "side"/);
    expect(() => settleBet('banker', 0, bankerNatural, DEFAULT_RULES)).toThrow(/positive/);
    expect(() => settleBet('banker', Number.NaN, bankerNatural, DEFAULT_RULES)).toThrow(/positive/);
    expect(() => settleBet('dragonPlayer', 10, bankerNatural, makeRules({ dragonBonus: false }))).toThrow(/Dragon Bonus/);
  });
});

describe('makeRules', () => {
  it('fills in the usual table', () => {
    expect(makeRules()).toEqual({ ...DEFAULT_RULES });
    expect(makeRules({ decks: 6 }).decks).toBe(6);
  });

  it('names the setting that is out of range', () => {
    expect(() => makeRules({ decks: 9 })).toThrow(/decks must be a whole number from 1 to 8; got 9/);
    expect(() => makeRules({ tiePays: 7 })).toThrow(/tiePays/);
    expect(() => makeRules({ banker: 'sometimes' as never })).toThrow(/banker must be/);
    expect(() => makeRules({ cutCardFromEnd: 3 })).toThrow(/cutCardFromEnd must be a whole number from 12/);
    expect(() => makeRules({ handsAfterCut: 2 })).toThrow(/handsAfterCut/);
  });
});
