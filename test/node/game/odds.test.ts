import { describe, it, expect } from 'vitest';
import { exactOdds, fullShoe, outcomeClassCounts, CompositionError, OUTCOME_CLASSES } from '../../../src/game/odds.js';
import { makeRules } from '../../../src/game/rules.js';
import { resolveHand } from '../../../src/game/hand.js';

/** the published exact figures of docs/rules.md (fractions; the table gives edges in percent). */
const PUBLISHED = {
  8: {
    banker: 0.458597,
    player: 0.446247,
    tie: 0.095156,
    bankerEdge: 0.010579,
    playerEdge: 0.012351,
    tieEdge8: 0.143596,
    tieEdge9: 0.04844,
    pair: 0.074699,
    pairEdge: 0.103614,
    noCommissionEdge: 0.014581,
    dragonPlayer: 0.026517,
    dragonBanker: 0.093731,
  },
  6: {
    banker: 0.458653,
    player: 0.446279,
    tie: 0.095069,
    bankerEdge: 0.010558,
    playerEdge: 0.012374,
    tieEdge8: 0.144382,
    tieEdge9: 0.049313,
    pair: 0.073955,
    pairEdge: 0.11254,
    noCommissionEdge: null,
    dragonPlayer: 0.026675,
    dragonBanker: 0.093889,
  },
} as const;

describe('exactOdds reproduces the published figures to 6 decimals', () => {
  for (const decks of [8, 6] as const) {
    const figures = PUBLISHED[decks];
    const odds = exactOdds(fullShoe(decks));
    const nineToOne = exactOdds(fullShoe(decks), makeRules({ decks, tiePays: 9 }));

    it(`gives banker, player and tie for ${decks} decks`, () => {
      expect(odds.banker).toBeCloseTo(figures.banker, 6);
      expect(odds.player).toBeCloseTo(figures.player, 6);
      expect(odds.tie).toBeCloseTo(figures.tie, 6);
      expect(odds.banker + odds.player + odds.tie).toBeCloseTo(1, 12);
    });

    it(`gives the main bets' house edges for ${decks} decks`, () => {
      expect(odds.houseEdge.banker).toBeCloseTo(figures.bankerEdge, 6);
      expect(odds.houseEdge.player).toBeCloseTo(figures.playerEdge, 6);
      expect(odds.houseEdge.tie).toBeCloseTo(figures.tieEdge8, 6);
      expect(nineToOne.houseEdge.tie).toBeCloseTo(figures.tieEdge9, 6);
      if (figures.noCommissionEdge !== null) {
        expect(odds.houseEdge.noCommissionBanker).toBeCloseTo(figures.noCommissionEdge, 6);
      }
    });

    it(`gives the pair and Dragon Bonus figures for ${decks} decks`, () => {
      expect(odds.playerPair).toBeCloseTo(figures.pair, 6);
      expect(odds.bankerPair).toBeCloseTo(figures.pair, 6);
      expect(odds.houseEdge.playerPair).toBeCloseTo(figures.pairEdge, 6);
      expect(odds.houseEdge.bankerPair).toBeCloseTo(figures.pairEdge, 6);
      expect(odds.houseEdge.dragonBonusPlayer).toBeCloseTo(figures.dragonPlayer, 6);
      expect(odds.houseEdge.dragonBonusBanker).toBeCloseTo(figures.dragonBanker, 6);
    });
  }

  it('gives the exact 8-deck combination counts', () => {
    const { classes, total } = outcomeClassCounts(fullShoe(8));
    const sums = { B: 0, P: 0, T: 0 };
    classes.forEach((count, c) => (sums[OUTCOME_CLASSES[c]!.winner] += count));
    expect(total).toBe(4_998_398_275_503_360);
    expect(sums.B).toBe(2_292_252_566_437_888);
    expect(sums.P).toBe(2_230_518_282_592_256);
    expect(sums.T).toBe(475_627_426_473_216);
  });
});

/**
 * An independent count: walk every deal card by card, letting resolveHand say who receives the
 * next card, and weigh each deal by drawing its cards without replacement, in BigInt.
 */
function enumerateWithResolveHand(counts: number[]): Map<string, bigint> {
  const valueCounts = new Array<number>(10).fill(0);
  counts.forEach((n, rank) => (valueCounts[rank >= 9 ? 0 : rank + 1]! += n));
  const cards = counts.reduce((a, b) => a + b, 0);
  const representative = ['T', 'A', '2', '3', '4', '5', '6', '7', '8', '9'];
  const totals = new Map<string, bigint>();
  const used = new Array<number>(10).fill(0);
  const walk = (sequence: string[], weight: bigint): void => {
    const hand = resolveHand(sequence);
    if (hand.complete) {
      // Scale every deal to the six-card window, as the published counts do.
      let scaled = weight;
      for (let k = sequence.length; k < 6; k++) scaled *= BigInt(cards - k);
      const key = `${hand.winner}|${hand.natural}|${hand.margin}|${hand.bankerWinsOn6}`;
      totals.set(key, (totals.get(key) ?? 0n) + scaled);
      return;
    }
    for (let v = 0; v < 10; v++) {
      const available = valueCounts[v]! - used[v]!;
      if (available <= 0) continue;
      used[v]!++;
      walk([...sequence, representative[v]!], weight * BigInt(available));
      used[v]!--;
    }
  };
  walk([], 1n);
  return totals;
}

function engineTotals(counts: number[]): Map<string, number> {
  const { classes } = outcomeClassCounts(counts);
  const totals = new Map<string, number>();
  classes.forEach((count, c) => {
    if (count === 0) return;
    const { winner, natural, margin, bankerWinsOn6 } = OUTCOME_CLASSES[c]!;
    const key = `${winner}|${natural}|${margin}|${bankerWinsOn6}`;
    totals.set(key, (totals.get(key) ?? 0) + count);
  });
  return totals;
}

describe('the exact-odds engine and resolveHand agree on a full enumeration of deals', () => {
  const compositions: [string, number[]][] = [
    ['a full 8-deck shoe', fullShoe(8)],
    ['a depleted shoe', [3, 7, 0, 12, 5, 9, 1, 4, 11, 6, 2, 8, 10]],
  ];
  for (const [name, counts] of compositions) {
    it(`counts every outcome class identically for ${name}`, () => {
      const expected = enumerateWithResolveHand(counts);
      const actual = engineTotals(counts);
      expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort());
      for (const [key, count] of expected) {
        expect(count < 2n ** 53n).toBe(true);
        expect(actual.get(key), key).toBe(Number(count));
      }
    }, 60_000);
  }
});

describe('exactOdds on depleted shoes', () => {
  it('changes with the cards left: a shoe rich in nines favours naturals', () => {
    const nineRich = fullShoe(8).map((n, rank) => (rank === 8 ? n + 40 : n));
    expect(exactOdds(nineRich).natural).toBeGreaterThan(exactOdds(fullShoe(8)).natural + 0.01);
  });

  it('gives a pair probability from the ranks left', () => {
    const counts = [2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4];
    // Pairs: two aces (2·1) or two kings (4·3) of 6·5 ordered pairs.
    expect(exactOdds(counts).playerPair).toBeCloseTo((2 + 12) / 30, 12);
  });

  it('refuses a composition that is not 13 whole counts of at least six cards', () => {
    expect(() => exactOdds([1, 2, 3])).toThrow(CompositionError);
    expect(() => exactOdds(new Array(13).fill(0.5))).toThrow(/whole number/);
    expect(() => exactOdds([-1, ...new Array<number>(12).fill(4)])).toThrow(/whole number/);
    expect(() => exactOdds([5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])).toThrow(/six cards/);
  });

  it('handles a shoe of only six ten-value cards: every hand is a 0-0 tie', () => {
    const odds = exactOdds([0, 0, 0, 0, 0, 0, 0, 0, 0, 6, 0, 0, 0]);
    expect(odds.tie).toBe(1);
    expect(odds.natural).toBe(0);
  });
});
