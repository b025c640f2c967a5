/**
 * One plain sentence per measurement of an evidence run (issue #17), in the app's locale through
 * `msg()`: what followed the pattern, its 95% interval as ± half its width, the hands it rests on,
 * and a fresh shoe's figure beside it. Where the interval excludes that figure a second sentence
 * says so and by how much: a real effect is never rounded away (`by` keeps two significant digits
 * however small), and none is invented (the words come from `excludesExact`, not from rounding).
 */
import { msg, str } from '@lit/localize';
import type { DerivedRoadName } from '../../../src/roads/roads.js';
import type { Interval, Measurement, OutcomeMeasurement } from '../../../src/evidence/measurements.js';
import { LAST_CHOP, RUN_LENGTHS } from '../../../src/evidence/evidence.js';
import { roadName } from '../shared/road-words.js';

const ROAD_IDS: Record<string, DerivedRoadName> = {
  'big-eye-boy': 'bigEyeBoy',
  'small-road': 'smallRoad',
  'cockroach-pig': 'cockroachPig',
};

/**
 * Numbers as both of the app's languages write them, English and Simplified Chinese alike: a point
 * for decimals, a comma between groups of three digits, a proper minus sign. Written out rather
 * than through Intl.NumberFormat: the page's first number format loads the locale's data, some
 * 40 ms of the main thread in one go, the largest share of putting the element on the page.
 */
function grouped(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A decimal string ("-1234.5") grouped, with a proper minus sign ("−1,234.5"); "-0.00" is "0.00". */
function written(text: string): string {
  const negative = text.startsWith('-') && /[1-9]/.test(text);
  const [whole, fraction] = text.replace(/^-/, '').split('.') as [string, string | undefined];
  return `${negative ? '−' : ''}${grouped(whole)}${fraction === undefined ? '' : `.${fraction}`}`;
}

/** A whole count with grouping: 2,104,000. */
export function formatCount(value: number): string {
  return Number.isFinite(value) ? written(Math.round(value).toFixed(0)) : String(value);
}

function fixed(value: number, decimals: number): string {
  return Number.isFinite(value) ? written(value.toFixed(decimals)) : String(value);
}

/** Decimals that show the first significant digit of the ± (0.4 → 1, 0.04 → 2), between 1 and 3. */
export function decimalsFor(halfWidth: number): number {
  if (!(halfWidth > 0) || !Number.isFinite(halfWidth)) return 1;
  return Math.min(3, Math.max(1, -Math.floor(Math.log10(halfWidth))));
}

/** At most two significant digits, never rounded to 0: the distance of an interval that excludes the exact figure (0.012, 1.2, 12). */
function significant(value: number): string {
  const size = Math.abs(value);
  if (!(size > 0) || !Number.isFinite(size)) return fixed(size, 0);
  const decimals = Math.min(100, Math.max(0, 1 - Math.floor(Math.log10(size))));
  const rounded = Number(size.toPrecision(2));
  const text = rounded.toFixed(decimals);
  return written(text.includes('.') ? text.replace(/\.?0+$/, '') : text);
}

/** Numbers of a share in percent, all to the decimals the ± needs (or more, given). */
function percents(
  observed: number,
  interval: Interval,
  exact: number,
  decimals = decimalsFor(((interval[1] - interval[0]) / 2) * 100),
): { observed: string; half: string; exact: string } {
  const half = ((interval[1] - interval[0]) / 2) * 100;
  return { observed: `${fixed(observed * 100, decimals)}%`, half: `${fixed(half, decimals)}%`, exact: `${fixed(exact * 100, decimals)}%` };
}

/** The condition of a next-hand measurement, as the start of a sentence ("After 6 bankers in a row"). */
export function conditionText(id: string): string {
  const run = /^after-(banker|player)-run-(\d+)$/.exec(id);
  if (run) {
    const k = Number(run[2]);
    if (run[1] === 'banker') {
      if (k === 1) return msg('After a single banker', { id: 'evidence-banker-run-one' });
      if (k >= RUN_LENGTHS) return msg(str`After ${k} or more bankers in a row`, { id: 'evidence-banker-run-more' });
      return msg(str`After ${k} bankers in a row`, { id: 'evidence-banker-run' });
    }
    if (k === 1) return msg('After a single player', { id: 'evidence-player-run-one' });
    if (k >= RUN_LENGTHS) return msg(str`After ${k} or more players in a row`, { id: 'evidence-player-run-more' });
    return msg(str`After ${k} players in a row`, { id: 'evidence-player-run' });
  }
  const chop = /^after-chop-(\d+)$/.exec(id);
  if (chop) {
    const k = Number(chop[1]);
    if (k >= LAST_CHOP) return msg(str`After a chop of ${k} or more alternations`, { id: 'evidence-chop-more' });
    return msg(str`After a chop of ${k} alternations`, { id: 'evidence-chop' });
  }
  const mark = /^after-(big-eye-boy|small-road|cockroach-pig)-(red|blue)$/.exec(id);
  if (mark) {
    const road = roadName(ROAD_IDS[mark[1]!]!);
    return mark[2] === 'red'
      ? msg(str`After ${road}'s newest mark was red`, { id: 'evidence-mark-red' })
      : msg(str`After ${road}'s newest mark was blue`, { id: 'evidence-mark-blue' });
  }
  return id;
}

/** A short label for a chart's category: "6", "10+", "Big Eye Boy red". */
export function categoryLabel(id: string): string {
  const run = /^after-(?:banker|player)-run-(\d+)$/.exec(id);
  if (run) return Number(run[1]) >= RUN_LENGTHS ? `${run[1]}+` : run[1]!;
  const chop = /^after-chop-(\d+)$/.exec(id);
  if (chop) return Number(chop[1]) >= LAST_CHOP ? `${chop[1]}+` : chop[1]!;
  const mark = /^after-(big-eye-boy|small-road|cockroach-pig)-(red|blue)$/.exec(id);
  if (mark) {
    const road = roadName(ROAD_IDS[mark[1]!]!);
    return mark[2] === 'red' ? msg(str`${road} red`, { id: 'evidence-label-red' }) : msg(str`${road} blue`, { id: 'evidence-label-blue' });
  }
  const prediction = /^prediction-(big-eye-boy|small-road|cockroach-pig)$/.exec(id);
  if (prediction) return roadName(ROAD_IDS[prediction[1]!]!);
  if (id === 'strategy-always-banker') return msg('Always banker', { id: 'evidence-label-always-banker' });
  if (id === 'strategy-follow-run') return msg('Follow the run', { id: 'evidence-label-follow-run' });
  if (id === 'strategy-big-eye-boy') return msg("Big Eye Boy's prediction", { id: 'evidence-label-big-eye-boy' });
  return id;
}

/** The side a next-hand sentence speaks of: the run's own side after a player run (does the dragon go on?), banker otherwise. */
export function sentenceSide(measurement: OutcomeMeasurement): 'banker' | 'player' {
  return measurement.id.startsWith('after-player-run-') ? 'player' : 'banker';
}

/**
 * Decimals at which an interval's end nearest the exact figure and the exact figure (in the same
 * unit, percent or per 100) print apart by about their real distance (from `least` up, at most 8):
 * a last digit no coarser than half the distance, so that 49.22% and 49.26% are not printed 49.2%
 * and 49.3%, a distance of 0.04 looking like 0.1; and printed differently, which rounding to the
 * nearest (monotone) prints in the right order: an interval that excludes the figure is seen to.
 */
export function decimalsApart(end: number, exact: number, least: number): number {
  const distance = Math.abs(end - exact);
  let decimals = distance > 0 ? Math.max(least, Math.ceil(-Math.log10(distance / 2))) : least;
  decimals = Math.min(8, decimals);
  while (decimals < 8 && fixed(end, decimals) === fixed(exact, decimals)) decimals++;
  return decimals;
}

/** An interval that excludes the exact figure, in percent: its ends, the exact figure and the distance, to the decimals that show them apart. */
function excludedPercents(
  interval: Interval,
  exact: number,
  by: number,
  least: number,
): { low: string; high: string; exact: string; by: string } {
  const end = by > 0 ? interval[0] * 100 : interval[1] * 100;
  const decimals = decimalsApart(end, exact * 100, least);
  const distance = fixed(Math.abs(by) * 100, decimals);
  return {
    low: `${fixed(interval[0] * 100, decimals)}%`,
    high: `${fixed(interval[1] * 100, decimals)}%`,
    exact: `${fixed(exact * 100, decimals)}%`,
    // The distance as printed ends is the difference of the printed figures, give or take a last digit; never 0.
    by: /[1-9]/.test(distance) ? distance : significant(by * 100),
  };
}

/** "Its 95% interval, 50.81%–51.20%, lies above a fresh shoe's 50.68% by 0.13 percentage points.", or '' when it holds the exact figure. */
function excludesShare(interval: Interval, exact: number, by: number): string {
  if (by === 0) return '';
  const half = ((interval[1] - interval[0]) / 2) * 100;
  const e = excludedPercents(interval, exact, by, decimalsFor(half));
  return by > 0
    ? msg(str`Its 95% interval, ${e.low}–${e.high}, excludes a fresh shoe's ${e.exact}: it lies above it by ${e.by} percentage points.`, {
        id: 'evidence-excludes-above',
      })
    : msg(str`Its 95% interval, ${e.low}–${e.high}, excludes a fresh shoe's ${e.exact}: it lies below it by ${e.by} percentage points.`, {
        id: 'evidence-excludes-below',
      });
}

/** Whether a measurement's condition never arose in the hands counted. */
function notSeen(m: Measurement): boolean {
  return m.n === 0;
}

function nextHandSentence(m: OutcomeMeasurement): string {
  const side = sentenceSide(m);
  const decided = formatCount(m.decided);
  const sentences: string[] = [];
  // Where the interval excludes the fresh shoe's figure, the observed and exact figures take the decimals that show it.
  const by = m.by[side];
  const least = decimalsFor(((m.ci95[side][1] - m.ci95[side][0]) / 2) * 100);
  const decimals = by === 0 ? least : decimalsApart((by > 0 ? m.ci95[side][0] : m.ci95[side][1]) * 100, m.exact[side] * 100, least);
  if (m.id === 'all-hands') {
    if (notSeen(m)) return msg('No hand dealt yet.', { id: 'evidence-all-not-seen' });
    if (m.decided === 0) return msg('No decided hand yet: only ties so far.', { id: 'evidence-all-none' });
    const p = percents(m.observed.banker, m.ci95.banker, m.exact.banker, decimals);
    sentences.push(
      msg(str`Of ${decided} decided hands, banker won ${p.observed} (±${p.half}); a fresh shoe gives ${p.exact}.`, {
        id: 'evidence-all-hands',
      }),
    );
  } else {
    const condition = conditionText(m.id);
    if (notSeen(m)) return msg(str`${condition}: not seen yet in these shoes.`, { id: 'evidence-not-seen' });
    if (m.decided === 0) return msg(str`${condition}: no decided hand yet, only ties.`, { id: 'evidence-none' });
    const p = percents(m.observed[side], m.ci95[side], m.exact[side], decimals);
    sentences.push(
      side === 'banker'
        ? msg(
            str`${condition}, the next decided hand was banker ${p.observed} of the time (±${p.half}) in ${decided} hands; a fresh shoe gives ${p.exact}.`,
            {
              id: 'evidence-next-banker',
            },
          )
        : msg(
            str`${condition}, the next decided hand was player ${p.observed} of the time (±${p.half}) in ${decided} hands; a fresh shoe gives ${p.exact}.`,
            {
              id: 'evidence-next-player',
            },
          ),
    );
  }
  const excludes = excludesShare(m.ci95[side], m.exact[side], by);
  if (excludes) sentences.push(excludes);
  // The other side of a decided hand mirrors this one; ties are their own share, said only when they stand out.
  if (m.by.tie !== 0) {
    const half = ((m.ci95.tie[1] - m.ci95.tie[0]) / 2) * 100;
    const e = excludedPercents(m.ci95.tie, m.exact.tie, m.by.tie, decimalsFor(half));
    const observed = `${fixed(m.observed.tie * 100, decimalsApart((m.by.tie > 0 ? m.ci95.tie[0] : m.ci95.tie[1]) * 100, m.exact.tie * 100, decimalsFor(half)))}%`;
    sentences.push(
      m.by.tie > 0
        ? msg(
            str`Ties were ${observed} of these hands (95% interval ${e.low}–${e.high}), above a fresh shoe's ${e.exact} by ${e.by} percentage points.`,
            {
              id: 'evidence-tie-excludes-above',
            },
          )
        : msg(
            str`Ties were ${observed} of these hands (95% interval ${e.low}–${e.high}), below a fresh shoe's ${e.exact} by ${e.by} percentage points.`,
            {
              id: 'evidence-tie-excludes-below',
            },
          ),
    );
  }
  return sentences.join(' ');
}

/** Per 100 staked, to the decimals the ± needs (at least 2). */
function perHundred(value: number, half: number): string {
  return fixed(value * 100, Math.max(2, decimalsFor(half * 100)));
}

/**
 * The sentence of one measurement.
 * @param all the whole list, for the strategies' comparison with always betting banker
 */
export function measurementSentence(m: Measurement, all: readonly Measurement[] = []): string {
  switch (m.kind) {
    case 'next-hand':
      return nextHandSentence(m);
    case 'prediction': {
      const road = categoryLabel(m.id);
      if (m.decided === 0) return msg(str`${road}'s prediction: no decided hand yet.`, { id: 'evidence-prediction-none' });
      const least = decimalsFor(((m.ci95.match[1] - m.ci95.match[0]) / 2) * 100);
      const decimals =
        m.by.match === 0 ? least : decimalsApart((m.by.match > 0 ? m.ci95.match[0] : m.ci95.match[1]) * 100, m.exact.match * 100, least);
      const p = percents(m.observed.match, m.ci95.match, m.exact.match, decimals);
      const decided = formatCount(m.decided);
      const sentence = msg(
        str`${road}'s prediction (the side that keeps its pattern) was the next decided hand ${p.observed} of the time (±${p.half}) in ${decided} hands; chance gives ${p.exact}.`,
        { id: 'evidence-prediction' },
      );
      const excludes = excludesShare(m.ci95.match, m.exact.match, m.by.match);
      return excludes ? `${sentence} ${excludes}` : sentence;
    }
    case 'strategy': {
      if (m.n === 0) return '';
      const [low, high] = m.ci95.returnPerUnit;
      const half = (high - low) / 2;
      const value = perHundred(m.observed.returnPerUnit, half);
      const plusMinus = perHundred(half, half);
      const exact = perHundred(m.exact.returnPerUnit, half);
      const bets = formatCount(m.n);
      let sentence: string;
      if (m.id === 'strategy-always-banker')
        sentence = msg(
          str`Always betting banker returned ${value} per 100 staked (±${plusMinus}) over ${bets} hands; a fresh shoe gives ${exact}.`,
          {
            id: 'evidence-strategy-banker',
          },
        );
      else if (m.id === 'strategy-follow-run')
        sentence = msg(
          str`Always following the current run returned ${value} per 100 staked (±${plusMinus}) over ${bets} hands; a fresh shoe gives ${exact}.`,
          { id: 'evidence-strategy-follow-run' },
        );
      else
        sentence = msg(
          str`Always betting Big Eye Boy's prediction returned ${value} per 100 staked (±${plusMinus}) over ${bets} hands; a fresh shoe gives ${exact}.`,
          { id: 'evidence-strategy-big-eye-boy' },
        );
      const parts = [sentence];
      const banker = all.find((other) => other.id === 'strategy-always-banker');
      if (banker && banker !== m && banker.kind === 'strategy' && banker.n > 0) {
        const bankerValue = perHundred(banker.observed.returnPerUnit, half);
        parts.push(msg(str`Always betting banker returned ${bankerValue} in the same shoes.`, { id: 'evidence-strategy-beside-banker' }));
      }
      if (m.by.returnPerUnit !== 0) {
        const by = m.by.returnPerUnit;
        const digits = decimalsApart((by > 0 ? low : high) * 100, m.exact.returnPerUnit * 100, Math.max(2, decimalsFor(half * 100)));
        const ends = { low: fixed(low * 100, digits), high: fixed(high * 100, digits), exact: fixed(m.exact.returnPerUnit * 100, digits) };
        const distance = fixed(Math.abs(by) * 100, digits);
        const amount = /[1-9]/.test(distance) ? distance : significant(by * 100);
        parts.push(
          by > 0
            ? msg(
                str`Its 95% interval, ${ends.low} to ${ends.high} per 100 staked, excludes a fresh shoe's ${ends.exact}: it lies above it by ${amount}.`,
                { id: 'evidence-excludes-return-above' },
              )
            : msg(
                str`Its 95% interval, ${ends.low} to ${ends.high} per 100 staked, excludes a fresh shoe's ${ends.exact}: it lies below it by ${amount}.`,
                { id: 'evidence-excludes-return-below' },
              ),
        );
      }
      return parts.join(' ');
    }
  }
}

/**
 * The questions a wall screen leads with, in order, after any whose interval excludes the fresh
 * shoe's figure: every hand, the dragons players follow, a long chop, the derived roads' marks and
 * the ask road's prediction, and following the run.
 */
export const HEADLINE_IDS: readonly string[] = [
  'all-hands',
  'after-banker-run-6',
  'after-player-run-6',
  'after-chop-4',
  'after-big-eye-boy-red',
  'prediction-big-eye-boy',
  'strategy-follow-run',
];

/**
 * The measurements in the order a screen shows their sentences: those whose interval excludes the
 * fresh shoe's figure first (as the list has them), then the headlines, then the rest in the
 * list's order. Those without a sentence (a strategy before any bet) are left out.
 */
export function screenOrder(list: readonly Measurement[]): Measurement[] {
  const rank = (m: Measurement): number => {
    if (m.excludesExact) return 0;
    const headline = HEADLINE_IDS.indexOf(m.id);
    return headline >= 0 ? 1 + headline / HEADLINE_IDS.length : 2;
  };
  return list
    .filter((m) => m.kind !== 'strategy' || m.n > 0)
    .map((m, index) => ({ m, index, rank: rank(m) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ m }) => m);
}
