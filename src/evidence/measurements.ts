/**
 * An evidence tally (src/evidence/evidence.ts) read out as measurements, the `bacc evidence` contract of
 * docs/reference/evidence-output.md: for each question the count, the observed frequencies, their 95% intervals, and the
 * exact full-shoe figure beside them, in full precision. Nothing is rounded and nothing is
 * smoothed: where an interval excludes the exact figure, `excludesExact` says so and `by` says by
 * how much.
 *
 * Kept apart from the tally so that a worker that only deals and counts does not load the odds.
 */
import { betReturn, type SettleableHand } from '../game/bets.js';
import { exactOdds, fullShoe, type NextHandOdds } from '../game/odds.js';
import { makeRules, type TableRules } from '../game/rules.js';
import {
  FIRST_CHOP,
  LAST_CHOP,
  OUTCOME_BANKER,
  OUTCOME_PLAYER,
  OUTCOME_TIE,
  ROW_ALL,
  ROW_BANKER_RUN,
  ROW_CHOP,
  ROW_MARK,
  ROW_PLAYER_RUN,
  ROW_PREDICTION,
  RUN_LENGTHS,
  TALLY_LENGTH,
  rowOffset,
} from './evidence.js';

/** A 95% interval, [low, high]. */
export type Interval = [number, number];

/** The normal quantile of a two-sided 95% interval. */
export const Z95 = 1.959963984540054;

interface MeasurementBase {
  /** Stable identifier, e.g. `after-banker-run-6`. */
  id: string;
  /** What was measured, in one English sentence, saying how ties are counted. */
  question: string;
  /** Hands dealt while the condition held (ties included), or bets placed. */
  n: number;
  /** Whether any of the intervals excludes its exact figure. */
  excludesExact: boolean;
}

/** What the next hand was after a condition on the roads. */
export interface OutcomeMeasurement extends MeasurementBase {
  kind: 'next-hand';
  /** Of the n hands, the banker and player ones: each the next decided hand after the condition arose. */
  decided: number;
  counts: { banker: number; player: number; tie: number };
  /** banker, player: shares of the `decided` hands; tie: share of all n hands. NaN (null in JSON) when there were none. */
  observed: { banker: number; player: number; tie: number };
  ci95: { banker: Interval; player: Interval; tie: Interval };
  /** A fresh shoe's figures: banker and player shares of decided hands, tie per hand. */
  exact: { banker: number; player: number; tie: number };
  /** How far each interval lies from the exact figure: 0 when it holds it, positive when above, negative when below. */
  by: { banker: number; player: number; tie: number };
}

/** How often a derived road's ask-road prediction was the next decided hand. */
export interface PredictionMeasurement extends MeasurementBase {
  kind: 'prediction';
  /** Of the n hands with a prediction, the banker and player ones. */
  decided: number;
  counts: { matched: number; missed: number; tie: number; predictedBanker: number; predictedPlayer: number };
  observed: { match: number };
  ci95: { match: Interval };
  /** The chance rate: a fresh shoe's share of decided hands for the side predicted, weighted as the predictions were. */
  exact: { match: number };
  by: { match: number };
}

/** What a betting strategy returned per unit staked. */
export interface StrategyMeasurement extends MeasurementBase {
  kind: 'strategy';
  counts: { bankerBets: number; playerBets: number; wins: number; losses: number; pushes: number };
  /** Net return per unit staked (−0.0106 is a loss of 1.06% of the stakes). */
  observed: { returnPerUnit: number };
  /** Normal interval from the bets' own variance. */
  ci95: { returnPerUnit: Interval };
  /** A fresh shoe's expected return for the same numbers of banker and player bets. */
  exact: { returnPerUnit: number };
  by: { returnPerUnit: number };
}

export type Measurement = OutcomeMeasurement | PredictionMeasurement | StrategyMeasurement;

/**
 * The Wilson score interval of `successes` in `trials` at the normal quantile `z`
 * ([0, 1] for no trials).
 */
export function wilsonInterval(successes: number, trials: number, z = Z95): Interval {
  if (trials <= 0) return [0, 1];
  const p = successes / trials;
  const z2 = z * z;
  const denominator = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denominator;
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials));
  // At 0 or all successes the bound is exactly 0 or 1; the arithmetic can land a hair inside.
  return [successes <= 0 ? 0 : Math.max(0, centre - half), successes >= trials ? 1 : Math.min(1, centre + half)];
}

/** How far `interval` lies from `value`: 0 when it holds it, positive when it lies above, negative below. */
export function distanceFrom(interval: Interval, value: number): number {
  if (interval[0] > value) return interval[0] - value;
  if (interval[1] < value) return interval[1] - value;
  return 0;
}

/** Derived roads as the measurements name them. */
const ROADS = [
  { id: 'big-eye-boy', name: 'Big Eye Boy' },
  { id: 'small-road', name: 'Small Road' },
  { id: 'cockroach-pig', name: 'Cockroach Pig' },
] as const;

const TIES_NOTE =
  'banker and player are shares of the next decided hand, ties skipped; tie is the share of every hand dealt while the condition held; conditions are read within a shoe, ties skipped';

const winnerHand = (winner: 'B' | 'P' | 'T'): SettleableHand => ({
  winner,
  natural: false,
  margin: 1,
  bankerWinsOn6: false,
  playerPair: false,
  bankerPair: false,
});

/**
 * A fresh shoe's exact odds, as `measurements` compares a tally with them: a page may compute them
 * once in a worker (the first computation takes tens of milliseconds) and pass them in.
 */
export function evidenceOdds(decks: number, rules?: Partial<TableRules>): NextHandOdds {
  return exactOdds(fullShoe(decks), makeRules({ ...rules, decks }));
}

/**
 * The measurements of a tally, in a fixed order: every hand, banker runs, player runs, chops,
 * derived-road marks, ask-road predictions, strategies.
 * @param decks the shoe the run dealt, for the exact figures
 * @param rules pay tables for the strategies (default: the usual table, 5% commission)
 * @param odds `evidenceOdds(decks, rules)`, when computed already
 * @throws RangeError for an array that is not a tally.
 */
export function measurements(tally: Float64Array, decks: number, rules?: Partial<TableRules>, odds?: NextHandOdds): Measurement[] {
  if (tally.length !== TALLY_LENGTH) throw new RangeError(`an evidence tally has ${TALLY_LENGTH} counts; got ${tally.length}`);
  const table = makeRules({ ...rules, decks });
  odds ??= exactOdds(fullShoe(decks), table);
  const decidedOdds = odds.banker + odds.player;
  const exact = { banker: odds.banker / decidedOdds, player: odds.player / decidedOdds, tie: odds.tie };
  const list: Measurement[] = [];
  const outcome = (row: number, id: string, condition: string): OutcomeMeasurement => {
    const at = rowOffset(row);
    const banker = tally[at + OUTCOME_BANKER]!;
    const player = tally[at + OUTCOME_PLAYER]!;
    const tie = tally[at + OUTCOME_TIE]!;
    const decided = banker + player;
    const n = decided + tie;
    const ci95 = { banker: wilsonInterval(banker, decided), player: wilsonInterval(player, decided), tie: wilsonInterval(tie, n) };
    const by = {
      banker: distanceFrom(ci95.banker, exact.banker),
      player: distanceFrom(ci95.player, exact.player),
      tie: distanceFrom(ci95.tie, exact.tie),
    };
    return {
      kind: 'next-hand',
      id,
      question: `${condition}: what was the next hand? (${TIES_NOTE}.)`,
      n,
      decided,
      counts: { banker, player, tie },
      observed: { banker: banker / decided, player: player / decided, tie: tie / n },
      ci95,
      exact: { ...exact },
      excludesExact: by.banker !== 0 || by.player !== 0 || by.tie !== 0,
      by,
    };
  };

  list.push(outcome(ROW_ALL, 'all-hands', 'Any hand, no condition'));
  for (const [side, firstRow] of [
    ['banker', ROW_BANKER_RUN],
    ['player', ROW_PLAYER_RUN],
  ] as const) {
    for (let k = 1; k <= RUN_LENGTHS; k++) {
      const length = k < RUN_LENGTHS ? `exactly ${k}` : `${k} or more`;
      list.push(
        outcome(
          firstRow + k - 1,
          `after-${side}-run-${k}`,
          `After a run of ${length} ${side} decided hand${k === 1 ? '' : 's'} in a row (the current run's length now)`,
        ),
      );
    }
  }
  for (let k = FIRST_CHOP; k <= LAST_CHOP; k++) {
    const count =
      k < LAST_CHOP
        ? `exactly ${k} alternations (the last ${k + 1} decided hands alternate, the one before them does not continue the pattern)`
        : `${k} or more alternations (at least the last ${k + 1} decided hands alternate)`;
    list.push(outcome(ROW_CHOP + k - FIRST_CHOP, `after-chop-${k}`, `After a chop of ${count}`));
  }
  ROADS.forEach((road, r) => {
    for (const [colour, c] of [
      ['red', 0],
      ['blue', 1],
    ] as const) {
      list.push(outcome(ROW_MARK + 2 * r + c, `after-${road.id}-${colour}`, `After ${road.name}'s newest mark was ${colour}`));
    }
  });

  ROADS.forEach((road, r) => {
    const predictedBanker = rowOffset(ROW_PREDICTION + 2 * r);
    const predictedPlayer = rowOffset(ROW_PREDICTION + 2 * r + 1);
    const bankerRight = tally[predictedBanker + OUTCOME_BANKER]!;
    const bankerWrong = tally[predictedBanker + OUTCOME_PLAYER]!;
    const playerRight = tally[predictedPlayer + OUTCOME_PLAYER]!;
    const playerWrong = tally[predictedPlayer + OUTCOME_BANKER]!;
    const tie = tally[predictedBanker + OUTCOME_TIE]! + tally[predictedPlayer + OUTCOME_TIE]!;
    const matched = bankerRight + playerRight;
    const decided = matched + bankerWrong + playerWrong;
    const chance = ((bankerRight + bankerWrong) * exact.banker + (playerRight + playerWrong) * exact.player) / decided;
    const ci95 = { match: wilsonInterval(matched, decided) };
    const by = { match: distanceFrom(ci95.match, chance) };
    list.push({
      kind: 'prediction',
      id: `prediction-${road.id}`,
      question:
        `Before each hand, ${road.name}'s ask road predicts the side whose hypothetical mark would be red (the side that keeps the road's pattern, as players read it): ` +
        'how often was the next decided hand that side (ties skipped), against the chance rate of a fresh shoe for the sides predicted?',
      n: decided + tie,
      decided,
      counts: {
        matched,
        missed: decided - matched,
        tie,
        predictedBanker: bankerRight + bankerWrong + tally[predictedBanker + OUTCOME_TIE]!,
        predictedPlayer: playerRight + playerWrong + tally[predictedPlayer + OUTCOME_TIE]!,
      },
      observed: { match: matched / decided },
      ci95,
      exact: { match: chance },
      excludesExact: by.match !== 0,
      by,
    });
  });

  const bankerWin = betReturn('banker', winnerHand('B'), table);
  const playerWin = betReturn('player', winnerHand('P'), table);
  const bankerExpected = -odds.houseEdge.banker;
  const playerExpected = -odds.houseEdge.player;
  const strategy = (id: string, description: string, rows: { bankerRows: number[]; playerRows: number[] }): StrategyMeasurement => {
    const sum = (rowList: number[], outcomeCode: number): number =>
      rowList.reduce((total, row) => total + tally[rowOffset(row) + outcomeCode]!, 0);
    const bankerWins = sum(rows.bankerRows, OUTCOME_BANKER);
    const bankerLosses = sum(rows.bankerRows, OUTCOME_PLAYER);
    const bankerPushes = sum(rows.bankerRows, OUTCOME_TIE);
    const playerWins = sum(rows.playerRows, OUTCOME_PLAYER);
    const playerLosses = sum(rows.playerRows, OUTCOME_BANKER);
    const playerPushes = sum(rows.playerRows, OUTCOME_TIE);
    const bankerBets = bankerWins + bankerLosses + bankerPushes;
    const playerBets = playerWins + playerLosses + playerPushes;
    const n = bankerBets + playerBets;
    const losses = bankerLosses + playerLosses;
    const total = bankerWins * bankerWin + playerWins * playerWin - losses;
    const squares = bankerWins * bankerWin * bankerWin + playerWins * playerWin * playerWin + losses;
    const mean = total / n;
    const half = Z95 * Math.sqrt(Math.max(squares / n - mean * mean, 0) / n);
    const ci95 = { returnPerUnit: n > 0 ? ([mean - half, mean + half] as Interval) : ([-1, Math.max(bankerWin, playerWin)] as Interval) };
    const expected = (bankerBets * bankerExpected + playerBets * playerExpected) / n;
    const by = { returnPerUnit: distanceFrom(ci95.returnPerUnit, expected) };
    return {
      kind: 'strategy',
      id,
      question: `${description}: what did it return per unit staked? (One unit a hand, ties push, banker wins pay ${bankerWin} to 1; against a fresh shoe's expected return for the same banker and player bets.)`,
      n,
      counts: { bankerBets, playerBets, wins: bankerWins + playerWins, losses, pushes: bankerPushes + playerPushes },
      observed: { returnPerUnit: mean },
      ci95,
      exact: { returnPerUnit: expected },
      excludesExact: by.returnPerUnit !== 0,
      by,
    };
  };
  const range = (first: number, count: number): number[] => Array.from({ length: count }, (_, i) => first + i);
  // Every hand's bet is in ROW_ALL's banker column; the run's side and Big Eye Boy's prediction are rows of the tally already.
  list.push(strategy('strategy-always-banker', 'Always betting banker, every hand', { bankerRows: [ROW_ALL], playerRows: [] }));
  list.push(
    strategy(
      'strategy-follow-run',
      "Always betting the side of the current run (the last decided hand's side), from the shoe's first decided hand",
      {
        bankerRows: range(ROW_BANKER_RUN, RUN_LENGTHS),
        playerRows: range(ROW_PLAYER_RUN, RUN_LENGTHS),
      },
    ),
  );
  list.push(
    strategy(
      'strategy-big-eye-boy',
      "Always betting Big Eye Boy's ask-road prediction (the side whose mark would be red), whenever it has one",
      {
        bankerRows: [ROW_PREDICTION],
        playerRows: [ROW_PREDICTION + 1],
      },
    ),
  );
  return list;
}
