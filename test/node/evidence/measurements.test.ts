import { describe, it, expect } from 'vitest';
import { createTally, tallyOutcomeShoes, tallyRun } from '../../../src/evidence/evidence.js';
import { distanceFrom, measurements, wilsonInterval, type Measurement } from '../../../src/evidence/measurements.js';
import { exactOdds, fullShoe } from '../../../src/game/odds.js';
import { SeededRandom } from '../../../src/game/random.js';

const odds8 = exactOdds(fullShoe(8));

/** How many standard errors `m`'s observations lie from its exact figures, the largest over its keys. */
function largestZ(m: Measurement): number {
  if (m.kind === 'strategy') {
    const [low, high] = m.ci95.returnPerUnit;
    return Math.abs(m.observed.returnPerUnit - m.exact.returnPerUnit) / ((high - low) / (2 * 1.959963984540054));
  }
  const z = (observed: number, exact: number, n: number): number => Math.abs(observed - exact) / Math.sqrt((exact * (1 - exact)) / n);
  if (m.kind === 'prediction') return z(m.observed.match, m.exact.match, m.decided);
  return Math.max(z(m.observed.banker, m.exact.banker, m.decided), z(m.observed.tie, m.exact.tie, m.n));
}

/**
 * Shoes of outcomes drawn independently with a fresh shoe's probabilities, except that after a run
 * of exactly three bankers the next hand is banker with probability `bankerAfterThree`.
 */
function craftedShoes(shoes: number, bankerAfterThree: number): string[] {
  const random = new SeededRandom('a crooked shoe');
  const words = new Uint32Array(1);
  const uniform = (): number => {
    random.fill(words);
    return words[0]! / 2 ** 32;
  };
  const list: string[] = [];
  for (let s = 0; s < shoes; s++) {
    let shoe = '';
    let run = 0;
    let side = '';
    for (let h = 0; h < 80; h++) {
      const u = uniform();
      const banker = side === 'B' && run === 3 ? bankerAfterThree : odds8.banker;
      const outcome = u < banker ? 'B' : u < banker + odds8.tie ? 'T' : 'P';
      shoe += outcome;
      if (outcome === 'T') continue;
      run = outcome === side ? run + 1 : 1;
      side = outcome;
    }
    list.push(shoe);
  }
  return list;
}

describe('wilsonInterval', () => {
  it('gives the textbook figures and stays inside [0, 1]', () => {
    const [low, high] = wilsonInterval(5, 10);
    expect(low).toBeCloseTo(0.2366, 4);
    expect(high).toBeCloseTo(0.7634, 4);
    expect(wilsonInterval(0, 10)[0]).toBe(0);
    expect(wilsonInterval(0, 10)[1]).toBeCloseTo(0.2775, 4);
    expect(wilsonInterval(10, 10)[1]).toBe(1);
    expect(wilsonInterval(0, 0)).toEqual([0, 1]);
  });

  it('measures how far an interval lies from a value, with its direction', () => {
    expect(distanceFrom([0.4, 0.5], 0.45)).toBe(0);
    expect(distanceFrom([0.4, 0.5], 0.3)).toBeCloseTo(0.1, 12);
    expect(distanceFrom([0.4, 0.5], 0.6)).toBeCloseTo(-0.1, 12);
  });
});

describe('measurements', () => {
  const run = tallyRun('evidence agrees with the odds', 2_000_000, 8);
  const list = measurements(run, 8);

  it('agrees with the exact odds on 2 million seeded hands: no figure 4.5 standard errors away', () => {
    expect(list.length).toBe(1 + 20 + 7 + 6 + 3 + 3);
    const far = list.filter((m) => largestZ(m) > 4.5).map((m) => `${m.id} z=${largestZ(m).toFixed(2)}`);
    expect(far).toEqual([]);
    // 95% intervals miss now and then; far fewer than half of them here.
    expect(list.filter((m) => m.excludesExact).length).toBeLessThan(list.length / 3);
  });

  it('holds full-precision counts, frequencies and the exact figures of a fresh shoe', () => {
    const all = list.find((m) => m.id === 'all-hands')!;
    if (all.kind !== 'next-hand') throw new Error('all-hands is a next-hand measurement');
    expect(all.n).toBeGreaterThanOrEqual(2_000_000);
    expect(all.n).toBe(all.counts.banker + all.counts.player + all.counts.tie);
    expect(all.observed.banker).toBe(all.counts.banker / all.decided);
    expect(all.observed.tie).toBe(all.counts.tie / all.n);
    expect(all.exact.banker).toBe(odds8.banker / (odds8.banker + odds8.player));
    expect(all.exact.tie).toBe(odds8.tie);
    expect(all.question).toMatch(/ties skipped/);
    const banker = list.find((m) => m.id === 'strategy-always-banker')!;
    if (banker.kind !== 'strategy') throw new Error('a strategy');
    expect(banker.exact.returnPerUnit).toBeCloseTo(-odds8.houseEdge.banker, 15);
    expect(banker.observed.returnPerUnit).toBeCloseTo((all.counts.banker * 0.95 - all.counts.player) / all.n, 12);
    const prediction = list.find((m) => m.id === 'prediction-big-eye-boy')!;
    if (prediction.kind !== 'prediction') throw new Error('a prediction');
    expect(prediction.exact.match).toBeGreaterThan(0.49);
    expect(prediction.exact.match).toBeLessThan(0.51);
    const ids = list.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(
      expect.arrayContaining([
        'after-banker-run-6',
        'after-player-run-10',
        'after-chop-8',
        'after-cockroach-pig-blue',
        'strategy-follow-run',
      ]),
    );
  });

  it('catches a crooked stream: banker favoured after exactly three bankers', () => {
    const crooked = measurements(tallyOutcomeShoes(craftedShoes(20_000, 0.55)), 8);
    const afterThree = crooked.find((m) => m.id === 'after-banker-run-3')!;
    if (afterThree.kind !== 'next-hand') throw new Error('a next-hand measurement');
    expect(afterThree.excludesExact).toBe(true);
    expect(afterThree.by.banker).toBeGreaterThan(0.02);
    expect(afterThree.by.player).toBeLessThan(-0.02);
    // What was dealt fairly stays within its intervals' reach.
    const fair = crooked.filter((m) => /^after-(player-run|banker-run-[12]$)/.test(m.id));
    expect(fair.filter((m) => largestZ(m) > 4.5).map((m) => m.id)).toEqual([]);
    // The follow-the-run bettor profits from the crook; it shows.
    const follow = crooked.find((m) => m.id === 'strategy-follow-run')!;
    expect(follow.excludesExact).toBe(true);
  });

  it('says "no data" as NaN (null in JSON), never as a made-up figure', () => {
    const empty = measurements(createTally(), 8);
    const json = JSON.parse(JSON.stringify(empty)) as { observed: Record<string, unknown>; excludesExact: boolean; n: number }[];
    for (const m of json) {
      expect(m.n).toBe(0);
      expect(Object.values(m.observed).every((value) => value === null)).toBe(true);
      expect(m.excludesExact).toBe(false);
    }
    expect(() => measurements(new Float64Array(2), 8)).toThrow(RangeError);
  });

  it('takes the exact figures for the decks dealt', () => {
    const one = exactOdds(fullShoe(1));
    const measured = measurements(run, 1).find((m) => m.id === 'all-hands')!;
    expect(measured.exact).toEqual({
      banker: one.banker / (one.banker + one.player),
      player: one.player / (one.banker + one.player),
      tie: one.tie,
    });
  });
});
