/**
 * The pure core of the baccarat scoreboard: cards, rules, hand resolution, bets, shoes, odds and
 * simulation. No DOM, no storage: it runs the same in Node, the page and a worker.
 */
export * from './cards.js';
export * from './tableau.js';
export * from './hand.js';
export * from './rules.js';
export * from './bets.js';
export * from './random.js';
export * from './shoe.js';
export * from './odds.js';
export * from './simulate.js';
export * from './shoe-document.js';
export * from './roads.js';
export * from './stats.js';
export * from './road-follower.js';
export * from './list-follower.js';
export * from './statistics-follower.js';
export * from './recording.js';
export * from './shoe-keeper.js';
export * from './shoe-csv.js';
