/**
 * A small benchmark harness: warm up, take many samples, report the median. The machines are
 * shared and noisy, so every figure is a median of samples, never a single run.
 */
import { performance } from 'node:perf_hooks';

/** One reported figure, as written to bench/results.json. */
export interface BenchFigure {
  /** What was measured, e.g. "exact odds, full 8-deck shoe". */
  name: string;
  /** The median over samples. */
  median: number;
  /** Unit of `median` and the quartiles, e.g. "µs" or "M hands/s". */
  unit: string;
  p25: number;
  p75: number;
  samples: number;
  /** The target as the issue states it, e.g. "≤ 100 µs". */
  target: string;
  /** Whether the median meets the target. */
  met: boolean;
}

/** Median and quartiles of a list of numbers. */
export function quartiles(values: number[]): { p25: number; median: number; p75: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number): number => {
    const position = (sorted.length - 1) * q;
    const low = Math.floor(position);
    const high = Math.ceil(position);
    return sorted[low]! + (sorted[high]! - sorted[low]!) * (position - low);
  };
  return { p25: at(0.25), median: at(0.5), p75: at(0.75) };
}

/**
 * Times `run` (which performs `operations` operations per call) over `samples` samples after
 * `warmup` calls, returning microseconds per operation for each sample.
 */
export function timePerOperation(run: () => void, options: { operations: number; samples: number; warmup: number }): number[] {
  for (let i = 0; i < options.warmup; i++) run();
  const perOperation: number[] = [];
  for (let s = 0; s < options.samples; s++) {
    const start = performance.now();
    run();
    perOperation.push(((performance.now() - start) * 1000) / options.operations);
  }
  return perOperation;
}

/** Builds a figure whose median must stay at or under a bound, e.g. a time in µs or ms. */
export function upperBoundFigure(name: string, samples: number[], unit: string, maximum: number): BenchFigure {
  const { p25, median, p75 } = quartiles(samples);
  return { name, median, p25, p75, unit, samples: samples.length, target: `≤ ${maximum} ${unit}`, met: median <= maximum };
}

/** Builds a figure for a time per operation in µs with an upper bound. */
export function microsecondsFigure(name: string, samples: number[], maxMicroseconds: number): BenchFigure {
  return upperBoundFigure(name, samples, 'µs', maxMicroseconds);
}

/** Builds a figure for a rate with a lower bound. */
export function rateFigure(name: string, rates: number[], unit: string, minimum: number): BenchFigure {
  const { p25, median, p75 } = quartiles(rates);
  return { name, median, p25, p75, unit, samples: rates.length, target: `≥ ${minimum} ${unit}`, met: median >= minimum };
}
