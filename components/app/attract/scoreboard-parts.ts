/**
 * The attract mode's scoreboard, registered in stages so that a slow screen never runs one long
 * task to draw it: the scoreboard now (its panels, empty), then each road in a task of its own, then,
 * after the first frame is painted, each other panel in a task of its own. Registered all at once,
 * the first render was one task of 41–44 ms of main-thread time on this machine (170–290 ms at
 * Lighthouse's 4× slowdown); in stages, each task is under 13 ms. An element whose tag is not
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

type Part = readonly [tag: string, element: CustomElementConstructor];

/** Registered next, before the first paint, one a task: what a passer-by sees first. */
const ROADS: readonly Part[] = [
  ['bacc-big-road', BaccBigRoad],
  ['bacc-bead-plate', BaccBeadPlate],
  ['bacc-derived-road', BaccDerivedRoad],
];

/** Registered after the first paint, in this order, each in a task of its own (its elements' first render is that task). */
const AFTER_FIRST_PAINT: readonly Part[] = [
  ['bacc-last-hand', BaccLastHand],
  ['bacc-stats', BaccStats],
  ['bacc-predictions', BaccPredictions],
  ['bacc-odds-note', BaccOddsNote],
  ['bacc-chart', BaccChart],
];

// Before the attract mode's first render, which lays out its panels.
defineElement('bacc-scoreboard', BaccScoreboard);

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
  for (const [tag, element] of ROADS) {
    await nextTask();
    defineElement(tag, element);
  }
  await afterNextPaint();
  for (const [tag, element] of AFTER_FIRST_PAINT) {
    defineElement(tag, element);
    await nextTask();
  }
})();
