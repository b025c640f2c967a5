/**
 * The attract mode's scoreboard, registered in stages so that a slow screen never runs one long
 * task to draw it: the scoreboard now (its panels, empty), then each of its parts in a task of its
 * own, its roads first. Registered all at once, the first render was one task of 41–44 ms of
 * main-thread time on this machine (170–290 ms at Lighthouse's 4× slowdown); in stages, each task is
 * under 13 ms. An element whose tag is not registered yet is an empty box in its panel, and takes
 * the properties already given to it when its tag is registered (Lit keeps them), so the board ends
 * exactly as it would have. The attract mode shows the board once `scoreboardPartsDefined` resolves:
 * shown part by part, the panels that came later pushed the others down (a phone's board grows with
 * its panels), a layout shift of 0.5–0.7 in Lighthouse's mobile runs.
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

/** Registered after the scoreboard, in this order, each in a task of its own (its elements' first render is that task). */
const PARTS: readonly Part[] = [
  ['bacc-big-road', BaccBigRoad],
  ['bacc-bead-plate', BaccBeadPlate],
  ['bacc-derived-road', BaccDerivedRoad],
  ['bacc-last-hand', BaccLastHand],
  ['bacc-stats', BaccStats],
  ['bacc-predictions', BaccPredictions],
  ['bacc-odds-note', BaccOddsNote],
  ['bacc-chart', BaccChart],
];

// Before the attract mode's first render, which lays out its panels.
defineElement('bacc-scoreboard', BaccScoreboard);

/** Resolves in a task of its own, so that the browser may handle input between two registrations. */
const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve));

/** Resolves once every element of the scoreboard is registered (and has rendered for the first time). */
export const scoreboardPartsDefined: Promise<void> = (async () => {
  for (const [tag, element] of PARTS) {
    await nextTask();
    defineElement(tag, element);
  }
  await nextTask();
})();
