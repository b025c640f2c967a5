/**
 * Every element's class, registering no tag: for a page that chooses its own tag names, or
 * registers them in a scoped registry. `<bacc-scoreboard>` draws its parts by their own tags, so a
 * page that uses it registers those under their usual names (or imports `define/scoreboard.js`).
 * The elements fire no events of their own: each only paints the hands it is given.
 */
export { BaccBeadPlate } from './bacc-bead-plate.js';
export { BaccBigRoad } from './bacc-big-road.js';
export { BaccChart } from './bacc-chart.js';
export { BaccDerivedRoad } from './bacc-derived-road.js';
export { BaccLastHand } from './bacc-last-hand.js';
export { BaccOddsNote } from './bacc-odds-note.js';
export { BaccPredictions } from './bacc-predictions.js';
export { BaccScoreboard } from './bacc-scoreboard.js';
export { BaccStats } from './bacc-stats.js';
