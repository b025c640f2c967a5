// The outcome tests of a report (#26): chi-square p-values against published table values, Holm's
// correction against a worked example, groups at their expectation never flagged, a glaring bias
// flagged, naturals and pairs counted over the carded hands only, and bad input refused by name.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  OutcomeTestInputError,
  chiSquareUpperTail,
  expectedFigures,
  holmAdjusted,
  outcomeTests,
  type OutcomeGroup,
  type OutcomeTest,
} from '../src/pit/outcome-tests.js';

/** A group of `hands` hands, all carded, at the 8-deck expectation rounded to whole hands, with `changes` on top. */
function groupAtExpectation(key: string, hands: number, decks = 8, carded = hands, changes: Partial<OutcomeGroup> = {}): OutcomeGroup {
  const odds = expectedFigures(decks);
  const banker = Math.round(hands * odds.banker);
  const player = Math.round(hands * odds.player);
  return {
    key,
    decks,
    hands,
    banker,
    player,
    tie: hands - banker - player,
    carded,
    naturals: Math.round(carded * odds.natural),
    playerPairs: Math.round(carded * odds.playerPair),
    bankerPairs: Math.round(carded * odds.bankerPair),
    ...changes,
  };
}

function made(test: OutcomeTest | undefined) {
  if (test?.status !== 'tested') throw new Error(`expected a test made, got ${test?.status ?? 'none'}`);
  return test;
}

describe('chiSquareUpperTail', () => {
  // Upper quantiles from the published chi-square tables (NIST/SEMATECH e-Handbook, 1.3.6.7.4).
  it.each([
    [3.841, 1, 0.05],
    [6.635, 1, 0.01],
    [5.991, 2, 0.05],
    [9.21, 2, 0.01],
    [9.488, 4, 0.05],
    [13.277, 4, 0.01],
    [18.307, 10, 0.05],
    [23.209, 10, 0.01],
    // Lower quantiles, where the series is used (x below df/2 + 1), to 6 figures: the density is steep there.
    [0.00393214, 1, 0.95],
    [0.102587, 2, 0.95],
    [3.940299, 10, 0.95],
  ])('gives the table value at x = %f with %i degrees of freedom: %f', (x, df, p) => {
    expect(Math.abs(chiSquareUpperTail(x, df) - p)).toBeLessThan(1e-4);
  });

  it('matches e^(−x/2) for 2 degrees of freedom to 12 decimals, and the 6-decimal quantiles of 1', () => {
    for (const x of [0.01, 0.5, 1, 2.5, 4, 7.3, 20, 60]) expect(chiSquareUpperTail(x, 2)).toBeCloseTo(Math.exp(-x / 2), 12);
    expect(chiSquareUpperTail(3.841459, 1)).toBeCloseTo(0.05, 6);
    expect(chiSquareUpperTail(6.634897, 1)).toBeCloseTo(0.01, 6);
    expect(chiSquareUpperTail(10.827566, 1)).toBeCloseTo(0.001, 7);
  });

  it('keeps small tails to 1e-12 of themselves, not rounded to 0', () => {
    // e^(−x/2) = 1e-20 at x = 40 ln 10.
    expect(chiSquareUpperTail(40 * Math.log(10), 2) / 1e-20).toBeCloseTo(1, 12);
    // For 1 degree of freedom, Q = erfc(√(x/2)); these are Python's math.erfc.
    const erfcValues: [number, number][] = [
      [0.1, 0.7518296340458492],
      [3, 0.08326451666355043],
      [10, 0.0015654022580025488],
      [30, 4.320463057827492e-8],
      [100, 1.5239706048320995e-23],
      [1000, 1.7958327848006385e-219],
    ];
    for (const [x, q] of erfcValues) expect(chiSquareUpperTail(x, 1) / q).toBeCloseTo(1, 12);
  });

  it('is 1 at x = 0 and about 0 at x = 1000, never NaN', () => {
    for (const df of [1, 2, 4, 10]) {
      expect(chiSquareUpperTail(0, df)).toBe(1);
      const far = chiSquareUpperTail(1000, df);
      expect(far).toBeGreaterThanOrEqual(0);
      expect(far).toBeLessThan(1e-200);
      expect(chiSquareUpperTail(1e9, df)).toBe(0);
      expect(chiSquareUpperTail(Infinity, df)).toBe(0);
    }
  });

  it('falls as x grows and stays within [0, 1]', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 500, noNaN: true }),
        fc.double({ min: 0, max: 500, noNaN: true }),
        fc.integer({ min: 1, max: 12 }),
        (a, b, df) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          const pLow = chiSquareUpperTail(low, df);
          const pHigh = chiSquareUpperTail(high, df);
          expect(pLow).toBeGreaterThanOrEqual(pHigh - 1e-15);
          expect(pHigh).toBeGreaterThanOrEqual(0);
          expect(pLow).toBeLessThanOrEqual(1);
        },
      ),
    );
  });

  it('refuses a negative or NaN statistic and degrees of freedom that are not whole', () => {
    expect(() => chiSquareUpperTail(-1, 1)).toThrow(RangeError);
    expect(() => chiSquareUpperTail(Number.NaN, 1)).toThrow(RangeError);
    expect(() => chiSquareUpperTail(1, 0)).toThrow(RangeError);
    expect(() => chiSquareUpperTail(1, 1.5)).toThrow(RangeError);
  });
});

describe('holmAdjusted', () => {
  it('rejects the first two of 0.001, 0.01, 0.03, 0.2 at 0.05, stopping at the third', () => {
    // Sorted: 0.001 ≤ 0.05/4 = 0.0125 rejected; 0.01 ≤ 0.05/3 ≈ 0.0167 rejected; 0.03 > 0.05/2 = 0.025: stop.
    const adjusted = holmAdjusted([0.03, 0.001, 0.2, 0.01]);
    expect(adjusted[0]).toBeCloseTo(0.06, 12);
    expect(adjusted[1]).toBeCloseTo(0.004, 12);
    expect(adjusted[2]).toBeCloseTo(0.2, 12);
    expect(adjusted[3]).toBeCloseTo(0.03, 12);
    expect(adjusted.map((p) => p <= 0.05)).toEqual([false, true, false, true]);
  });

  it('rejects all of 0.01, 0.015, 0.02, 0.04 at 0.05 where Bonferroni (0.0125 each) rejects only the first', () => {
    const adjusted = holmAdjusted([0.01, 0.015, 0.02, 0.04]);
    expect(adjusted.every((p) => p <= 0.05)).toBe(true);
    expect([0.01, 0.015, 0.02, 0.04].filter((p) => p * 4 <= 0.05)).toHaveLength(1);
  });

  it('never lowers a p-value, keeps the order of the p-values and caps at 1', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 40 }), (pValues) => {
        const adjusted = holmAdjusted(pValues);
        pValues.forEach((p, i) => {
          expect(adjusted[i]).toBeGreaterThanOrEqual(p);
          expect(adjusted[i]).toBeLessThanOrEqual(1);
          pValues.forEach((q, j) => {
            if (p < q) expect(adjusted[i]).toBeLessThanOrEqual(adjusted[j]!);
          });
        });
      }),
    );
  });
});

describe('expectedFigures', () => {
  it('gives the published 8-deck figures (docs/rules.md) to 6 decimals', () => {
    const odds = expectedFigures(8);
    expect(odds.banker).toBeCloseTo(0.458597, 6);
    expect(odds.player).toBeCloseTo(0.446247, 6);
    expect(odds.tie).toBeCloseTo(0.095156, 6);
    expect(odds.playerPair).toBeCloseTo(0.074699, 6);
    expect(odds.bankerPair).toBeCloseTo(0.074699, 6);
  });

  it('computes each deck count once and gives the same figures again', () => {
    expect(expectedFigures(6)).toBe(expectedFigures(6));
    expect(expectedFigures(6).banker).toBeCloseTo(0.458653, 6);
  });
});

describe('outcomeTests', () => {
  it('makes the four tests of a group with their counts, expectations and degrees of freedom', () => {
    const group = groupAtExpectation('Table 7', 10_000);
    const report = outcomeTests([group]);
    const odds = expectedFigures(8);
    const [tested] = report.groups;
    expect(tested?.key).toBe('Table 7');
    const outcome = made(tested?.tests.outcome);
    expect(outcome.observed).toEqual([group.banker, group.player, group.tie]);
    expect(outcome.expected[0]).toBeCloseTo(10_000 * odds.banker, 9);
    expect(outcome.expected[2]).toBeCloseTo(10_000 * odds.tie, 9);
    expect(outcome.degreesOfFreedom).toBe(2);
    const natural = made(tested?.tests.natural);
    expect(natural.observed).toEqual([group.naturals, 10_000 - group.naturals]);
    expect(natural.degreesOfFreedom).toBe(1);
    expect(made(tested?.tests.playerPair).degreesOfFreedom).toBe(1);
    expect(made(tested?.tests.bankerPair).degreesOfFreedom).toBe(1);
    expect(report.testsMade).toBe(4);
    expect(report.significance).toBe(0.01);
  });

  it('computes Pearson’s statistic and its p-value for a worked outcome test', () => {
    // 1,000 hands at 8 decks: expected 458.597, 446.247, 95.156.
    const report = outcomeTests([{ ...groupAtExpectation('Table 1', 1000, 8, 0), banker: 480, player: 430, tie: 90 }]);
    const outcome = made(report.groups[0]?.tests.outcome);
    const odds = expectedFigures(8);
    const statistic =
      (480 - 1000 * odds.banker) ** 2 / (1000 * odds.banker) +
      (430 - 1000 * odds.player) ** 2 / (1000 * odds.player) +
      (90 - 1000 * odds.tie) ** 2 / (1000 * odds.tie);
    expect(outcome.statistic).toBeCloseTo(statistic, 12);
    expect(outcome.statistic).toBeCloseTo(1.8697, 4);
    expect(outcome.pValue).toBeCloseTo(Math.exp(-statistic / 2), 12);
    expect(outcome.flagged).toBe(false);
  });

  it('never flags groups whose counts are their expectation rounded to whole hands', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            hands: fc.integer({ min: 0, max: 2_000_000 }),
            cardedShare: fc.double({ min: 0, max: 1, noNaN: true }),
            decks: fc.integer({ min: 1, max: 8 }),
          }),
          { minLength: 1, maxLength: 12 },
        ),
        fc.constantFrom(0.001, 0.01, 0.05),
        (specs, significance) => {
          const groups = specs.map(({ hands, cardedShare, decks }, i) =>
            groupAtExpectation(`Table ${i}`, hands, decks, Math.floor(hands * cardedShare)),
          );
          const report = outcomeTests(groups, { significance });
          expect(report.flaggedCount).toBe(0);
          expect(report.groups.every((group) => !group.flagged)).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('flags a table whose 10,000 hands all went to the banker, and only that table', () => {
    const biased: OutcomeGroup = { ...groupAtExpectation('Table 3', 10_000), banker: 10_000, player: 0, tie: 0 };
    const report = outcomeTests([groupAtExpectation('Table 1', 10_000), biased, groupAtExpectation('Table 5', 10_000)]);
    const outcome = made(report.groups[1]?.tests.outcome);
    expect(outcome.flagged).toBe(true);
    expect(outcome.pValue).toBe(0);
    expect(Number.isNaN(outcome.adjustedPValue)).toBe(false);
    expect(report.groups.map((group) => group.flagged)).toEqual([false, true, false]);
    expect(report.flaggedCount).toBe(1);
    expect(report.testsMade).toBe(12);
  });

  it('corrects for every test of the call: a p-value flagged alone is not flagged among many', () => {
    // 2,000 hands with 70 naturals too many (about 3.3 standard deviations): p ≈ 0.001 on its own.
    const odds = expectedFigures(8);
    const suspect = groupAtExpectation('Table 9', 2000, 8, 2000, { naturals: Math.round(2000 * odds.natural) + 70 });
    const alone = made(outcomeTests([suspect]).groups[0]?.tests.natural);
    expect(alone.pValue).toBeLessThan(0.002);
    expect(alone.flagged).toBe(true);
    const others = Array.from({ length: 30 }, (_, i) => groupAtExpectation(`Table ${i}`, 2000));
    const crowded = outcomeTests([suspect, ...others]);
    const amongMany = made(crowded.groups[0]?.tests.natural);
    expect(amongMany.pValue).toBe(alone.pValue);
    expect(crowded.testsMade).toBe(124);
    expect(amongMany.adjustedPValue).toBeGreaterThan(0.01);
    expect(amongMany.flagged).toBe(false);
  });

  it('tests naturals and pairs over the carded hands only', () => {
    // 5,000 hands of which 2,000 carded: the naturals and pairs expected of 2,000 hands.
    const odds = expectedFigures(8);
    const group = groupAtExpectation('Table 2', 5000, 8, 2000);
    const [tested] = outcomeTests([group]).groups;
    for (const kind of ['natural', 'playerPair', 'bankerPair'] as const) {
      const test = made(tested?.tests[kind]);
      expect(test.hands).toBe(2000);
      expect(test.observed[0]! + test.observed[1]!).toBe(2000);
    }
    expect(made(tested?.tests.natural).expected[0]).toBeCloseTo(2000 * odds.natural, 9);
    expect(made(tested?.tests.playerPair).expected[0]).toBeCloseTo(2000 * odds.playerPair, 9);
    expect(made(tested?.tests.outcome).hands).toBe(5000);
    // The same naturals over all 5,000 hands would be far too few: flagged if the wrong base were used.
    expect(made(tested?.tests.natural).flagged).toBe(false);
  });

  it('reports naturals and pairs as too few hands when no hand was carded, and counts them out of the family', () => {
    const group = groupAtExpectation('Table 4', 5000, 8, 0);
    const report = outcomeTests([group]);
    const tests = report.groups[0]!.tests;
    expect(tests.outcome.status).toBe('tested');
    for (const kind of ['natural', 'playerPair', 'bankerPair'] as const) {
      expect(tests[kind].status).toBe('too-few-hands');
      expect(tests[kind].flagged).toBe(false);
    }
    expect(report.testsMade).toBe(1);
  });

  it('makes a test only when every expected count is at least 5 (ties decide: 53 hands at 8 decks)', () => {
    // 52 × 0.095156 = 4.95 ties expected; 53 × 0.095156 = 5.04.
    expect(outcomeTests([groupAtExpectation('Table 6', 52)]).groups[0]?.tests.outcome.status).toBe('too-few-hands');
    expect(outcomeTests([groupAtExpectation('Table 6', 53)]).groups[0]?.tests.outcome.status).toBe('tested');
    // Even a glaring bias is not flagged with too few hands to judge.
    const tiny = outcomeTests([{ ...groupAtExpectation('Table 6', 40, 8, 0), banker: 40, player: 0, tie: 0 }]);
    expect(tiny.groups[0]?.flagged).toBe(false);
    expect(tiny.testsMade).toBe(0);
    expect(outcomeTests([groupAtExpectation('Table 6', 52)], { minimumExpected: 1 }).groups[0]?.tests.outcome.status).toBe('tested');
  });

  it.each([
    [{ banker: -1 }, 'banker'],
    [{ hands: 101 }, 'hands'],
    [{ banker: 46.5 }, 'banker'],
    [{ naturals: 101 }, 'naturals'],
    [{ playerPairs: 101 }, 'playerPairs'],
    [{ bankerPairs: 101 }, 'bankerPairs'],
    [{ carded: 101 }, 'carded'],
    [{ decks: 0 }, 'decks'],
    [{ decks: 9 }, 'decks'],
    [{ decks: 6.5 }, 'decks'],
  ] as [Partial<OutcomeGroup>, string][])('refuses %o, naming the group and the field %s', (changes, field) => {
    const group = groupAtExpectation('Table 8 2026-03-01T02', 100, 8, 100, changes);
    const refused = (() => {
      try {
        outcomeTests([groupAtExpectation('Table 1', 100), group]);
      } catch (error) {
        return error;
      }
      return null;
    })();
    expect(refused).toBeInstanceOf(OutcomeTestInputError);
    expect(refused).toMatchObject({ group: 'Table 8 2026-03-01T02', field });
    expect((refused as Error).message).toContain('"Table 8 2026-03-01T02"');
    expect((refused as Error).message).toContain(field);
  });

  it('refuses a significance outside (0, 1) and a minimum expected count of 0', () => {
    expect(() => outcomeTests([], { significance: 0 })).toThrow(/significance/);
    expect(() => outcomeTests([], { significance: 1.5 })).toThrow(/significance/);
    expect(() => outcomeTests([], { minimumExpected: 0 })).toThrow(/minimumExpected/);
  });

  it('gives an empty report for no groups', () => {
    expect(outcomeTests([])).toMatchObject({ testsMade: 0, flaggedCount: 0, groups: [] });
  });
});
