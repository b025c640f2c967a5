/**
 * Benchmarks of the roads engine: adding a hand to every road and the statistics, and a whole
 * shoe from scratch, over seeded random 80-hand shoes.
 */
import { RoadTracker } from '../src/roads/roads.js';
import { SeededRandom, RandomWords } from '../src/game/random.js';
import type { HandRecord } from '../src/shoes/document.js';
import { timePerOperation, microsecondsFigure, type BenchFigure } from './harness.js';

const HANDS_PER_SHOE = 80;
const TWO_POW_32 = 0x1_0000_0000;

/** Outcome-only shoes with the full-shoe frequencies of banker, player, tie and pairs. */
function randomShoes(count: number): HandRecord[][] {
  const random = new RandomWords(new SeededRandom('bench-roads'));
  const uniform = (): number => random.next() / TWO_POW_32;
  const shoes: HandRecord[][] = [];
  for (let s = 0; s < count; s++) {
    const hands: HandRecord[] = [];
    for (let h = 0; h < HANDS_PER_SHOE; h++) {
      const u = uniform();
      hands.push({
        cards: null,
        outcome: u < 0.458597 ? 'B' : u < 0.458597 + 0.446247 ? 'P' : 'T',
        playerPair: uniform() < 0.074699,
        bankerPair: uniform() < 0.074699,
        natural: false,
        playerTotal: null,
        bankerTotal: null,
      });
    }
    shoes.push(hands);
  }
  return shoes;
}

export function roadBenchmarks(): BenchFigure[] {
  const shoes = randomShoes(64);
  const operations = shoes.length * HANDS_PER_SHOE;
  const tracker = new RoadTracker();
  // Reading the predictions after every hand, as the scoreboard does, keeps them in the figure;
  // the sink stops the engine from dropping unused work.
  let sink = 0;

  const addSamples = timePerOperation(
    () => {
      for (const shoe of shoes) {
        tracker.clear();
        for (const hand of shoe) {
          tracker.add(hand);
          if (tracker.predictions().B.bigEyeBoy === 'red') sink++;
        }
      }
    },
    { operations, samples: 60, warmup: 30 },
  );

  const shoeSamples = timePerOperation(
    () => {
      for (const shoe of shoes) {
        const fresh = new RoadTracker();
        for (const hand of shoe) fresh.add(hand);
        sink += fresh.hands.length;
      }
    },
    { operations: shoes.length, samples: 60, warmup: 30 },
  );

  const snapshotSamples = timePerOperation(
    () => {
      for (const shoe of shoes) sink += new RoadTracker().addAll(shoe).snapshot().bigRoad.cells.length;
    },
    { operations: shoes.length, samples: 60, warmup: 30 },
  );

  if (sink < 0) console.log(sink);
  return [
    microsecondsFigure('roads: add one hand, updating all five roads, the predictions and the statistics (no exact odds)', addSamples, 2),
    microsecondsFigure('roads: a whole 80-hand shoe from scratch (new tracker, every road and statistic)', shoeSamples, 50),
    microsecondsFigure('roads: a whole 80-hand shoe from scratch and its snapshot (the bacc roads JSON objects)', snapshotSamples, 100),
  ];
}
