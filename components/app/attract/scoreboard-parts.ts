/**
 * The attract mode's scoreboard, registered in stages so that a slow screen paints its roads first:
 * the scoreboard and its roads now, the other panels after the first frame is painted, one tag per
 * task. Registered all at once, the scoreboard's first render was one task of 200–250 ms at
 * Lighthouse's 4× slowdown (a single long task after the first paint); an element whose tag is not
 * registered yet is an empty box in its panel, and takes the properties already given to it when its
 * tag is registered (Lit keeps them), so the board ends exactly as it would have.
 */
import { BaccScoreboard } from '../../bacc-scoreboard.js';
import { BaccBigRoad } from '../../bacc-big-road.js';
import { BaccBeadPlate } from '../../bacc-bead-plate.js';
import { BaccDerivedRoad } from '../../bacc-derived-road.js';
import { BaccLastHand } from '../../bacc-last-hand.js';
import { BaccStats } from '../../bacc-stats.js';
import { BaccPredictions } from '../../bacc-predictions.js';
import { BaccOddsNote } from '../../bacc-odds-note.js';
import { BaccChart } from '../../bacc-chart.js';
import { defineElement } from '../../internal/define-element.js';

/** Registered before the attract mode's first render: what a passer-by sees first. */
const FIRST: readonly (readonly [string, CustomElementConstructor])[] = [
  ['bacc-scoreboard', BaccScoreboard],
  ['bacc-big-road', BaccBigRoad],
  ['bacc-bead-plate', BaccBeadPlate],
  ['bacc-derived-road', BaccDerivedRoad],
];

/** Registered after the first paint, in this order, each in a task of its own (its elements' first render is that task). */
const AFTER_FIRST_PAINT: readonly (readonly [string, CustomElementConstructor])[] = [
  ['bacc-last-hand', BaccLastHand],
  ['bacc-stats', BaccStats],
  ['bacc-predictions', BaccPredictions],
  ['bacc-odds-note', BaccOddsNote],
  ['bacc-chart', BaccChart],
];

for (const [tag, element] of FIRST) defineElement(tag, element);

/**
 * Resolves once a frame has been painted (a task queued from an animation frame runs after that
 * frame's paint), or after a second where no frame comes (a page in a tab not shown draws none).
 */
const afterNextPaint = (): Promise<void> =>
  new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve));
    setTimeout(resolve, 1000);
  });

/** Resolves in a task of its own, so that the browser may paint and handle input between two registrations. */
const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve));

/** Resolves once every element of the scoreboard is registered (and has rendered for the first time). */
export const scoreboardPartsDefined: Promise<void> = (async () => {
  await afterNextPaint();
  for (const [tag, element] of AFTER_FIRST_PAINT) {
    defineElement(tag, element);
    await nextTask();
  }
})();
