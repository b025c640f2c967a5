/**
 * One plain sentence per measurement of an evidence run (issue #17), in the app's locale through
 * `msg()`: what followed the pattern, its 95% interval as ± half its width, the hands it rests on,
 * and a fresh shoe's figure beside it. Where the interval excludes that figure a second sentence
 * says so and by how much: a real effect is never rounded away (`by` keeps two significant digits
 * however small), and none is invented (the words come from `excludesExact`, not from rounding).
 */
import { msg, str } from '@lit/localize';
import type { DerivedRoadName } from '../../../src/roads.js';
import type { Interval, Measurement, OutcomeMeasurement } from '../../../src/evidence-measurements.js';
import { LAST_CHOP, RUN_LENGTHS } from '../../../src/evidence.js';
import { roadName } from '../road-words.js';

const ROAD_IDS: Record<string, DerivedRoadName> = {
  'big-eye-boy': 'bigEyeBoy',
  'small-road': 'smallRoad',
  'cockroach-pig': 'cockroachPig',
};

function language(): string {
  return (typeof document === 'undefined' ? '' : document.documentElement.lang) || 'en';
}

/** A proper minus sign: Intl writes a hyphen. */
const minus = (text: string): string => text.replace(/^-/, '−');

/** Formats by locale and kind, made once: a redraw formats some two hundred numbers, and making a format costs more than using it. */
const formats = new Map<string, Intl.NumberFormat>();
function format(kind: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${language()} ${kind}`;
  let made = formats.get(key);
  if (!made) formats.set(key, (made = new Intl.NumberFormat(language(), options)));
  return made;
}

/** A whole count with the locale's grouping: 2,104,000. */
export function formatCount(value: number): string {
  return format('count', { maximumFractionDigits: 0 }).format(value);
}

function fixed(value: number, decimals: number): string {
  return minus(format(`fixed ${decimals}`, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(value));
}

/** Decimals that show the first significant digit of the ± (0.4 → 1, 0.04 → 2), between 1 and 3. */
export function decimalsFor(halfWidth: number): number {
  if (!(halfWidth > 0) || !Number.isFinite(halfWidth)) return 1;
  return Math.min(3, Math.max(1, -Math.floor(Math.log10(halfWidth))));
}

/** Two significant digits, never rounded to 0: the distance of an interval that excludes the exact figure. */
function significant(value: number): string {
  return format('significant', { maximumSignificantDigits: 2 }).format(Math.abs(value));
}

/** Numbers of a share in percent, all to the decimals the ± needs. */
function percents(observed: number, interval: Interval, exact: number): { observed: string; half: string; exact: string } {
  const half = ((interval[1] - interval[0]) / 2) * 100;
  const decimals = decimalsFor(half);
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

/** "The interval excludes … by 0.12 percentage points above it", or '' when it holds the exact figure. */
function excludesShare(by: number): string {
  if (by === 0) return '';
  const amount = significant(by * 100);
  return by > 0
    ? msg(str`The interval excludes the fresh shoe's figure: it lies ${amount} percentage points above it.`, {
        id: 'evidence-excludes-above',
      })
    : msg(str`The interval excludes the fresh shoe's figure: it lies ${amount} percentage points below it.`, {
        id: 'evidence-excludes-below',
      });
}

function nextHandSentence(m: OutcomeMeasurement): string {
  const side = sentenceSide(m);
  const decided = formatCount(m.decided);
  const sentences: string[] = [];
  if (m.id === 'all-hands') {
    if (m.decided === 0) return msg('No decided hand yet.', { id: 'evidence-all-none' });
    const p = percents(m.observed.banker, m.ci95.banker, m.exact.banker);
    sentences.push(
      msg(str`Of ${decided} decided hands, banker won ${p.observed} (±${p.half}); a fresh shoe gives ${p.exact}.`, {
        id: 'evidence-all-hands',
      }),
    );
  } else {
    const condition = conditionText(m.id);
    if (m.decided === 0) return msg(str`${condition}: no decided hand yet.`, { id: 'evidence-none' });
    const p = percents(m.observed[side], m.ci95[side], m.exact[side]);
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
  const excludes = excludesShare(m.by[side]);
  if (excludes) sentences.push(excludes);
  // The other side of a decided hand mirrors this one; ties are their own share, said only when they stand out.
  if (m.by.tie !== 0) {
    const t = percents(m.observed.tie, m.ci95.tie, m.exact.tie);
    const amount = significant(m.by.tie * 100);
    sentences.push(
      m.by.tie > 0
        ? msg(
            str`Ties were ${t.observed} of these hands (±${t.half}): the interval excludes a fresh shoe's ${t.exact}, lying ${amount} percentage points above it.`,
            {
              id: 'evidence-tie-excludes-above',
            },
          )
        : msg(
            str`Ties were ${t.observed} of these hands (±${t.half}): the interval excludes a fresh shoe's ${t.exact}, lying ${amount} percentage points below it.`,
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
      const p = percents(m.observed.match, m.ci95.match, m.exact.match);
      const decided = formatCount(m.decided);
      const sentence = msg(
        str`${road}'s prediction (the side that keeps its pattern) was the next decided hand ${p.observed} of the time (±${p.half}) in ${decided} hands; chance gives ${p.exact}.`,
        { id: 'evidence-prediction' },
      );
      const excludes = excludesShare(m.by.match);
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
        const amount = significant(m.by.returnPerUnit * 100);
        parts.push(
          m.by.returnPerUnit > 0
            ? msg(str`The interval excludes the fresh shoe's figure: it lies ${amount} per 100 staked above it.`, {
                id: 'evidence-excludes-return-above',
              })
            : msg(str`The interval excludes the fresh shoe's figure: it lies ${amount} per 100 staked below it.`, {
                id: 'evidence-excludes-return-below',
              }),
        );
      }
      return parts.join(' ');
    }
  }
}
