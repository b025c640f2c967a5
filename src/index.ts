/**
 * The pure core of the baccarat scoreboard: cards, rules, hand resolution, bets, shoes, odds and
 * simulation. No DOM, no storage: it runs the same in Node, the page and a worker.
 */
export * from './game/cards.js';
export * from './game/tableau.js';
export * from './game/hand.js';
export * from './game/rules.js';
export * from './game/bets.js';
export * from './game/random.js';
export * from './game/shoe.js';
export * from './game/odds.js';
export * from './game/simulate.js';
export * from './shoes/document.js';
export * from './roads/roads.js';
export * from './roads/text.js';
export * from './roads/statistics.js';
export * from './roads/road-follower.js';
export * from './roads/list-follower.js';
export * from './roads/statistics-follower.js';
export * from './dealing/recording.js';
export * from './shoes/keeper.js';
export * from './shoes/csv.js';
