/**
 * Fast simulation of whole shoes: shuffled, burned, dealt to the cut card and resolved, counting
 * outcomes. Deals exactly what `Shoe` deals for the same seed (a test holds them together), but
 * in one typed-array loop with table lookups and no allocation per hand.
 */
import { BANKER_DRAWS } from './tableau.js';
import { makeRules, type TableRules } from './rules.js';
import { CryptoRandom, RandomWords, SeededRandom, shuffleInPlace } from './random.js';
import { CODE_VALUES, orderedShoe, burnCount } from './shoe.js';

/** Counts over simulated hands. */
export interface SimulationTally {
  shoes: number;
  hands: number;
  banker: number;
  player: number;
  tie: number;
  playerPair: number;
  bankerPair: number;
  natural: number;
  bankerWinsOn6: number;
}

/**
 * The seed of shoe k (from 1) in a run seeded with `seed`: the first shoe uses the seed itself,
 * so any stored shoe replays from its own seed alone.
 */
export function shoeSeed(seed: string, shoeNumber: number): string {
  return shoeNumber === 1 ? seed : `${seed}#${shoeNumber}`;
}

/** (a + b) mod 10 for a, b ≤ 9, by lookup. */
const MOD10 = Uint8Array.from({ length: 19 }, (_, n) => n % 10);

/**
 * Simulates whole shoes and counts their outcomes.
 * @param seed replays exactly (shoe k uses `shoeSeed(seed, k)`); null shuffles with crypto.getRandomValues
 * @example simulateShoes(100, { seed: 'run-1' }).hands // about 8,000
 */
export function simulateShoes(shoes: number, options: { rules?: Partial<TableRules>; seed?: string | null } = {}): SimulationTally {
  const rules = makeRules(options.rules);
  const template = orderedShoe(rules.decks);
  const order = new Uint8Array(template.length);
  const cutIndex = order.length - rules.cutCardFromEnd;
  const seed = options.seed ?? null;
  // One crypto stream serves every shoe; a seeded run restarts the stream from each shoe's seed.
  const random = new RandomWords(seed === null ? new CryptoRandom() : new SeededRandom(shoeSeed(seed, 1)), seed === null ? 16384 : 256);
  let hands = 0;
  let banker = 0;
  let player = 0;
  let tie = 0;
  let playerPair = 0;
  let bankerPair = 0;
  let natural = 0;
  let bankerWinsOn6 = 0;

  for (let shoe = 1; shoe <= shoes; shoe++) {
    if (seed !== null) random.restart(new SeededRandom(shoeSeed(seed, shoe)));
    order.set(template);
    shuffleInPlace(order, random);
    let position = rules.burn ? 1 + burnCount(order[0]!) : 0;
    let handsLeftAfterCut = -1;
    while (handsLeftAfterCut !== 0) {
      const p1 = order[position]!;
      const b1 = order[position + 1]!;
      const p2 = order[position + 2]!;
      const b2 = order[position + 3]!;
      position += 4;
      let playerTotal = MOD10[CODE_VALUES[p1]! + CODE_VALUES[p2]!]!;
      let bankerTotal = MOD10[CODE_VALUES[b1]! + CODE_VALUES[b2]!]!;
      if ((p1 ^ p2) < 4) playerPair++;
      if ((b1 ^ b2) < 4) bankerPair++;
      if (playerTotal >= 8 || bankerTotal >= 8) {
        natural++;
      } else {
        // Column 10 of the banker's table means the player stood.
        let column = 10;
        if (playerTotal <= 5) {
          column = CODE_VALUES[order[position++]!]!;
          playerTotal = MOD10[playerTotal + column]!;
        }
        if (BANKER_DRAWS[bankerTotal * 11 + column] === 1) {
          bankerTotal = MOD10[bankerTotal + CODE_VALUES[order[position++]!]!]!;
        }
      }
      if (bankerTotal > playerTotal) {
        banker++;
        if (bankerTotal === 6) bankerWinsOn6++;
      } else if (playerTotal > bankerTotal) player++;
      else tie++;
      hands++;
      if (handsLeftAfterCut < 0) {
        if (position > cutIndex) handsLeftAfterCut = rules.handsAfterCut;
      } else handsLeftAfterCut--;
    }
  }
  return { shoes, hands, banker, player, tie, playerPair, bankerPair, natural, bankerWinsOn6 };
}

export type { TableRules };
