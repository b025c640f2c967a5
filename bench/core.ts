/**
 * Benchmarks of the rules core: exact odds per composition and whole-shoe simulation.
 */
import { exactOdds, fullShoe } from '../src/game/odds.js';
import { simulateShoes } from '../src/game/simulate.js';
import { SeededRandom, RandomWords, shuffleInPlace } from '../src/game/random.js';
import { orderedShoe } from '../src/game/shoe.js';
import { timePerOperation, microsecondsFigure, rateFigure, quartiles, type BenchFigure } from './harness.js';
import { straightforwardOdds } from './straightforward-odds.js';

/** Depleted 8-deck compositions: a seeded shoe with 50 to 350 cards already dealt. */
function depletedShoes(count: number): number[][] {
  const random = new RandomWords(new SeededRandom('bench-depleted'));
  const shoes: number[][] = [];
  for (let i = 0; i < count; i++) {
    const order = orderedShoe(8);
    shuffleInPlace(order, random);
    const dealt = 50 + ((i * 37) % 301);
    const counts = fullShoe(8);
    for (let k = 0; k < dealt; k++) counts[order[k]! >> 2]!--;
    shoes.push(counts);
  }
  return shoes;
}

export function oddsBenchmarks(): BenchFigure[] {
  const full = fullShoe(8);
  const depleted = depletedShoes(64);
  exactOdds(full); // builds the deal table once, as the first call in any process does

  const fullSamples = timePerOperation(
    () => {
      for (let i = 0; i < 50; i++) exactOdds(full);
    },
    { operations: 50, samples: 40, warmup: 20 },
  );

  const depletedSamples = timePerOperation(
    () => {
      for (const counts of depleted) exactOdds(counts);
    },
    { operations: depleted.length, samples: 40, warmup: 5 },
  );

  // Side by side with a direct enumeration of every ordered deal, on the same compositions,
  // interleaved so that both see the same machine load.
  const fastTimes: number[] = [];
  const directTimes: number[] = [];
  for (let round = 0; round < 12; round++) {
    const counts = depleted[round]!;
    fastTimes.push(...timePerOperation(() => exactOdds(counts), { operations: 1, samples: 5, warmup: 2 }));
    directTimes.push(...timePerOperation(() => straightforwardOdds(counts), { operations: 1, samples: 5, warmup: 1 }));
  }
  const speedup = quartiles(directTimes).median / quartiles(fastTimes).median;

  return [
    microsecondsFigure('exact odds of the next hand, full 8-deck shoe (all figures and house edges)', fullSamples, 100),
    microsecondsFigure('exact odds of the next hand, depleted 8-deck shoes (50–350 cards out)', depletedSamples, 100),
    {
      name: 'exact odds: multiset table vs a direct enumeration of every ordered deal (times faster, side by side)',
      median: speedup,
      p25: quartiles(directTimes).p25 / quartiles(fastTimes).p75,
      p75: quartiles(directTimes).p75 / quartiles(fastTimes).p25,
      unit: '×',
      samples: fastTimes.length,
      target: 'information',
      met: true,
    },
  ];
}

export function simulationBenchmarks(): BenchFigure[] {
  const figures: BenchFigure[] = [];
  for (const [label, seed, minimum] of [
    ['seeded generator (xoshiro128**)', 'bench', 20],
    ['crypto.getRandomValues', null, 10],
  ] as const) {
    let shoeRun = 0;
    const shoesPerSample = 1500;
    const rates: number[] = [];
    const run = (): number => simulateShoes(shoesPerSample, { seed: seed === null ? null : `${seed}-${shoeRun++}` }).hands;
    for (let i = 0; i < 5; i++) run();
    for (let s = 0; s < 15; s++) {
      const start = performance.now();
      const hands = run();
      rates.push(hands / ((performance.now() - start) * 1000));
    }
    figures.push(
      rateFigure(`simulation, whole 8-deck shoes shuffled, dealt and resolved, one core, ${label}`, rates, 'M hands/s', minimum),
    );
  }
  return figures;
}
