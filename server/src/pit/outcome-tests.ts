/**
 * The outcome tests of a report (#26): each group's (a table's, or a table's hour's) banker, player
 * and tie, naturals, player pairs and banker pairs against the exact figures of a hand from a full
 * shoe, each a chi-square goodness-of-fit test, corrected by Holm's method for every test one call
 * makes, so that a room of many tables and hours is flagged only where it strays more than chance
 * explains.
 *
 * | test         | over          | categories                 | degrees of freedom |
 * |--------------|---------------|----------------------------|--------------------|
 * | `outcome`    | all hands     | banker, player, tie        | 2                  |
 * | `natural`    | carded hands  | natural (either hand), not | 1                  |
 * | `playerPair` | carded hands  | player pair, not           | 1                  |
 * | `bankerPair` | carded hands  | banker pair, not           | 1                  |
 *
 * A hand recorded by its outcome only has no cards, so it counts in the outcome test and never in
 * the others: those run over the `carded` hands.
 */
import { exactOdds, fullShoe } from '../../../src/game/odds.js';

/** What a report counts of one group of hands. */
export interface OutcomeGroup {
  /** What the group is, for the report and for errors: `Table 7`, or `Table 7 2026-03-01T02`. */
  key: string;
  /** The decks of the group's shoes, 1–8: what it is tested against. */
  decks: number;
  hands: number;
  banker: number;
  player: number;
  tie: number;
  /** Hands whose cards were recorded: naturals and pairs are known for these only. */
  carded: number;
  naturals: number;
  playerPairs: number;
  bankerPairs: number;
}

export interface OutcomeTestOptions {
  /** The family-wise significance level: the chance of any false flag in the whole call (default 0.01). */
  significance?: number;
  /** The least expected count of every category for a test to be made (default 5). */
  minimumExpected?: number;
}

export type OutcomeTestKind = 'outcome' | 'natural' | 'playerPair' | 'bankerPair';

/** The categories of each test, in the order of its `observed` and `expected` counts. */
export const TEST_CATEGORIES: Readonly<Record<OutcomeTestKind, readonly string[]>> = {
  outcome: ['banker', 'player', 'tie'],
  natural: ['natural', 'none'],
  playerPair: ['pair', 'none'],
  bankerPair: ['pair', 'none'],
};

interface OutcomeTestCounts {
  kind: OutcomeTestKind;
  /** The hands the test runs over: all of the group's for `outcome`, its carded ones for the others. */
  hands: number;
  /** Hands of each category, in the order of `TEST_CATEGORIES[kind]`. */
  observed: number[];
  /** The exact expectation of each category over `hands`. */
  expected: number[];
}

/** A test that was made. */
export interface MadeOutcomeTest extends OutcomeTestCounts {
  status: 'tested';
  /** Pearson's chi-square: the sum of (observed − expected)² / expected. */
  statistic: number;
  degreesOfFreedom: number;
  /** The chance of a statistic at least this large if the hands follow the exact odds. */
  pValue: number;
  /** The p-value after Holm's correction for every test of the call: compare it with the significance. */
  adjustedPValue: number;
  /** Holm's method rejects the exact odds at the family-wise significance. */
  flagged: boolean;
}

/** A test not made: some category's expected count is below the minimum, too few hands to judge. */
export interface UnmadeOutcomeTest extends OutcomeTestCounts {
  status: 'too-few-hands';
  flagged: false;
}

export type OutcomeTest = MadeOutcomeTest | UnmadeOutcomeTest;

export interface GroupOutcomeTests {
  key: string;
  decks: number;
  tests: Record<OutcomeTestKind, OutcomeTest>;
  /** Any of the group's tests is flagged. */
  flagged: boolean;
}

export interface OutcomeTestReport {
  significance: number;
  minimumExpected: number;
  /** Tests made in the call: the family Holm's correction counts (tests with too few hands are not). */
  testsMade: number;
  flaggedCount: number;
  /** In the order of the groups given. */
  groups: GroupOutcomeTests[];
}

/** What a flag means, in plain words, for the page to show beside the tests (and translate). */
export const OUTCOME_TESTS_EXPLAINED =
  'A flag is a reason to look, not proof: with many tables and hours some figures stray by chance, and the tests are corrected for how many were made.';

/** A group or an option the tests cannot take; the message names the group and the field. */
export class OutcomeTestInputError extends Error {
  override name = 'OutcomeTestInputError';
  constructor(
    readonly group: string | null,
    readonly field: string,
    problem: string,
  ) {
    super(group === null ? `outcome tests: ${field} ${problem}` : `outcome tests: group ${JSON.stringify(group)}: ${field} ${problem}`);
  }
}

/** The exact chance of each counted event in one hand dealt from a full shoe. */
export interface ExpectedFigures {
  banker: number;
  player: number;
  tie: number;
  /** Either hand has a natural. */
  natural: number;
  playerPair: number;
  bankerPair: number;
}

// exactOdds takes 100 ms or more; a report asks for the same few deck counts over and over.
const figuresByDecks = new Map<number, ExpectedFigures>();

/**
 * The exact figures of a hand from a full shoe of `decks` decks, computed once per deck count.
 *
 * A whole shoe dealt down to the cut card differs from these fresh-shoe figures by about 1e-4 or
 * less (docs/rules.md, "Cut-card effect"): a chi-square test would need some 10⁸ hands to see that,
 * and a year of the bench's room is 7 million, so they are the expectation of every hand of a shoe.
 * @example expectedFigures(8).banker // 0.4585974…
 */
export function expectedFigures(decks: number): ExpectedFigures {
  let figures = figuresByDecks.get(decks);
  if (!figures) {
    const { banker, player, tie, natural, playerPair, bankerPair } = exactOdds(fullShoe(decks));
    figures = Object.freeze({ banker, player, tie, natural, playerPair, bankerPair });
    figuresByDecks.set(decks, figures);
  }
  return figures;
}

const COUNT_FIELDS = ['hands', 'banker', 'player', 'tie', 'carded', 'naturals', 'playerPairs', 'bankerPairs'] as const;

function checkGroup(group: OutcomeGroup): void {
  const key = String(group.key);
  const refuse = (field: string, problem: string): never => {
    throw new OutcomeTestInputError(key, field, problem);
  };
  if (!Number.isInteger(group.decks) || group.decks < 1 || group.decks > 8) {
    refuse('decks', `must be a whole number from 1 to 8; got ${String(group.decks)}`);
  }
  for (const field of COUNT_FIELDS) {
    const count = group[field];
    if (!Number.isSafeInteger(count) || count < 0) refuse(field, `must be a whole number, 0 or more; got ${String(count)}`);
  }
  const decided = group.banker + group.player + group.tie;
  if (decided !== group.hands) refuse('hands', `must equal banker + player + tie (${decided}); got ${group.hands}`);
  if (group.carded > group.hands) refuse('carded', `must be at most hands (${group.hands}); got ${group.carded}`);
  for (const field of ['naturals', 'playerPairs', 'bankerPairs'] as const) {
    if (group[field] > group.carded) refuse(field, `must be at most carded (${group.carded}); got ${group[field]}`);
  }
}

/**
 * The chance that a chi-square variable of `degreesOfFreedom` is at least `x`: the regularized upper
 * incomplete gamma function Q(df/2, x/2).
 *
 * Written here rather than taken from a library: the well-kept one (stdlib's gammainc) installs 206
 * packages and 23 MB for these few dozen lines, and jstat gives only the lower tail, whose 1 − P loses
 * every digit of the small p-values a correction for many tests compares. The method is Numerical
 * Recipes' gammp/gammq: the series of P below a + 1, where it converges fast and P is not near 1, and
 * the continued fraction of Q (modified Lentz) above, which keeps small tails to about 1e-13 of
 * themselves (checked against e^(−x/2) and erfc(√(x/2)) down to 1e-219).
 * @example chiSquareUpperTail(3.841459, 1) // 0.05000…
 */
export function chiSquareUpperTail(x: number, degreesOfFreedom: number): number {
  if (!Number.isInteger(degreesOfFreedom) || degreesOfFreedom < 1) {
    throw new RangeError(`degrees of freedom must be a whole number, 1 or more; got ${String(degreesOfFreedom)}`);
  }
  if (Number.isNaN(x) || x < 0) throw new RangeError(`a chi-square statistic is 0 or more; got ${String(x)}`);
  if (x === 0) return 1;
  if (x === Infinity) return 0;
  const a = degreesOfFreedom / 2;
  const z = x / 2;
  // The common factor e^−z z^a / Γ(a), in logarithms so that neither part overflows on its own.
  const logFactor = -z + a * Math.log(z) - logGammaOfHalf(a);
  if (z < a + 1) {
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < 1000 && Math.abs(term) > Math.abs(sum) * 1e-16; n++) {
      term *= z / (a + n);
      sum += term;
    }
    return Math.max(0, 1 - sum * Math.exp(logFactor));
  }
  const tiny = 1e-300;
  let b = z + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let fraction = d;
  for (let n = 1; n < 1000; n++) {
    const an = -n * (n - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const step = d * c;
    fraction *= step;
    if (Math.abs(step - 1) < 1e-16) break;
  }
  return Math.min(1, Math.exp(logFactor) * fraction);
}

/**
 * ln Γ(a) for a half of a whole number, by the recurrence Γ(b + 1) = b Γ(b) from Γ(1) = 1 or
 * Γ(1/2) = √π: exact to rounding, so no approximation of Γ (Lanczos' and the like) needs checking
 * for the whole-number degrees of freedom a chi-square test has.
 */
function logGammaOfHalf(a: number): number {
  const whole = Number.isInteger(a);
  let log = whole ? 0 : 0.5 * Math.log(Math.PI);
  for (let b = whole ? 1 : 0.5; b < a; b++) log += Math.log(b);
  return log;
}

/**
 * Holm's step-down adjustment of p-values for a family of tests: sorted smallest first, the i-th
 * (from 0) of m is multiplied by m − i, capped at 1, and never less than the one before it. A test
 * is rejected at family-wise level α exactly when its adjusted p-value is at most α, which is Holm's
 * rule of rejecting while p(i) ≤ α / (m − i) and stopping at the first that is not.
 * @example holmAdjusted([0.001, 0.01, 0.03, 0.2]) // [0.004, 0.03, 0.06, 0.2]
 */
export function holmAdjusted(pValues: readonly number[]): number[] {
  const count = pValues.length;
  const order = pValues.map((_, i) => i).sort((i, j) => pValues[i]! - pValues[j]!);
  const adjusted = new Array<number>(count);
  let largest = 0;
  order.forEach((index, rank) => {
    largest = Math.max(largest, Math.min(1, (count - rank) * pValues[index]!));
    adjusted[index] = largest;
  });
  return adjusted;
}

function testCounts(kind: OutcomeTestKind, hands: number, observed: number[], chances: number[]): OutcomeTestCounts {
  return { kind, hands, observed, expected: chances.map((chance) => chance * hands) };
}

/**
 * The outcome tests of a report's groups, corrected together by Holm's method.
 *
 * A test is made only when every category's expected count is at least `minimumExpected` (5,
 * Cochran's rule): below it the chi-square distribution is a poor guide to the statistic, so the
 * test is reported as too few hands, neither computed nor flagged, and not counted in the family.
 * @example outcomeTests([{ key: 'Table 7', decks: 8, hands: 100, banker: 46, player: 45, tie: 9, carded: 0, naturals: 0, playerPairs: 0, bankerPairs: 0 }]).testsMade // 1
 * @throws OutcomeTestInputError for a count that is negative, fractional or inconsistent, decks not 1–8, or an option out of range.
 */
export function outcomeTests(groups: readonly OutcomeGroup[], options: OutcomeTestOptions = {}): OutcomeTestReport {
  const significance = options.significance ?? 0.01;
  const minimumExpected = options.minimumExpected ?? 5;
  if (!(significance > 0 && significance < 1)) {
    throw new OutcomeTestInputError(null, 'significance', `must be between 0 and 1; got ${String(significance)}`);
  }
  if (!(minimumExpected > 0 && Number.isFinite(minimumExpected))) {
    throw new OutcomeTestInputError(null, 'minimumExpected', `must be a number above 0; got ${String(minimumExpected)}`);
  }
  groups.forEach(checkGroup);

  const made: MadeOutcomeTest[] = [];
  const judge = (counts: OutcomeTestCounts): OutcomeTest => {
    if (counts.expected.some((expected) => expected < minimumExpected)) return { ...counts, status: 'too-few-hands', flagged: false };
    const statistic = counts.observed.reduce((sum, observed, i) => sum + (observed - counts.expected[i]!) ** 2 / counts.expected[i]!, 0);
    const degreesOfFreedom = counts.observed.length - 1;
    const pValue = chiSquareUpperTail(statistic, degreesOfFreedom);
    const test: MadeOutcomeTest = {
      ...counts,
      status: 'tested',
      statistic,
      degreesOfFreedom,
      pValue,
      adjustedPValue: pValue,
      flagged: false,
    };
    made.push(test);
    return test;
  };
  const tested = groups.map((group) => {
    const odds = expectedFigures(group.decks);
    const { hands, carded } = group;
    const tests: Record<OutcomeTestKind, OutcomeTest> = {
      outcome: judge(testCounts('outcome', hands, [group.banker, group.player, group.tie], [odds.banker, odds.player, odds.tie])),
      natural: judge(testCounts('natural', carded, [group.naturals, carded - group.naturals], [odds.natural, 1 - odds.natural])),
      playerPair: judge(
        testCounts('playerPair', carded, [group.playerPairs, carded - group.playerPairs], [odds.playerPair, 1 - odds.playerPair]),
      ),
      bankerPair: judge(
        testCounts('bankerPair', carded, [group.bankerPairs, carded - group.bankerPairs], [odds.bankerPair, 1 - odds.bankerPair]),
      ),
    };
    return { key: group.key, decks: group.decks, tests };
  });

  const adjusted = holmAdjusted(made.map((test) => test.pValue));
  made.forEach((test, i) => {
    test.adjustedPValue = adjusted[i]!;
    test.flagged = test.adjustedPValue <= significance;
  });
  const reports = tested.map((group) => ({ ...group, flagged: Object.values(group.tests).some((test) => test.flagged) }));
  return {
    significance,
    minimumExpected,
    testsMade: made.length,
    flaggedCount: made.filter((test) => test.flagged).length,
    groups: reports,
  };
}
