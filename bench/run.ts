/**
 * `npm run bench`: runs every benchmark, prints each figure on its own line with the machine it
 * ran on, and writes bench/results.json. Targets live here, never in timed unit tests.
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem, platform, release } from 'node:os';
import { fileURLToPath } from 'node:url';
import { oddsBenchmarks, simulationBenchmarks } from './core.js';
import { roadBenchmarks } from './roads.js';
import { displayBenchmarks } from './display.js';
import { storageBenchmarks } from './storage.js';
import { evidenceBenchmarks } from './evidence.js';
import { roomBenchmarks } from './room.js';
import { recordBenchmarks } from './record.js';
import { reportsBenchmarks } from './reports.js';
import { readerBenchmarks } from './reader.js';
import { kioskPanelBenchmarks } from './kiosk-panels.js';
import { lighthouseBenchmarks } from './lighthouse.js';
import type { BenchFigure } from './harness.js';

const machine = {
  cpu: cpus()[0]?.model ?? 'unknown',
  cores: cpus().length,
  memoryGiB: Math.round(totalmem() / 2 ** 30),
  os: `${platform()} ${release()}`,
  node: process.version,
  loadAverageAtStart: loadavg().map((load) => Number(load.toFixed(2))),
};

console.log(
  `Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, ${machine.os}, Node ${machine.node}, load ${machine.loadAverageAtStart.join(' ')}`,
);

const groups: [string, () => BenchFigure[] | Promise<BenchFigure[]>][] = [
  ['exact odds', oddsBenchmarks],
  ['simulation', simulationBenchmarks],
  ['roads', roadBenchmarks],
  ['display', displayBenchmarks],
  ['storage', storageBenchmarks],
  ['evidence', evidenceBenchmarks],
  ['kiosk panels', kioskPanelBenchmarks],
  ['room', roomBenchmarks],
  ['record', recordBenchmarks],
  ['reports', reportsBenchmarks],
  ['reader', readerBenchmarks],
  ['lighthouse', lighthouseBenchmarks],
];

const figures: BenchFigure[] = [];
const format = (value: number): string => (value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2));
const report = (figure: BenchFigure): void => {
  figures.push(figure);
  const verdict = figure.target === 'information' ? '' : figure.met ? `  meets ${figure.target}` : `  MISSES ${figure.target}`;
  console.log(
    `${figure.name}: median ${format(figure.median)} ${figure.unit} (p25 ${format(figure.p25)}, p75 ${format(figure.p75)}, ${figure.samples} samples)${verdict}`,
  );
};

for (const [, run] of groups) for (const figure of await run()) report(figure);

const out = fileURLToPath(new URL('../../bench/results.json', import.meta.url));
writeFileSync(out, `${JSON.stringify({ date: new Date().toISOString(), machine, figures }, null, 2)}\n`);
console.log(`Wrote ${out}`);
