/**
 * How this console's shoe stands against the room's (the table's retained state): whether taking
 * the table would change a hand the screens show. Hands are compared as the store keeps them.
 */
import type { HandRecord, ShoeRecord } from '../../../src/shoes/records.js';
import { storedFields } from '../shared/data/store-records.js';

const same = (a: HandRecord, b: HandRecord): boolean => JSON.stringify(storedFields(a)) === JSON.stringify(storedFields(b));

/**
 * The first hand (from 1) of the room's shoe that this console's shoe lacks or has otherwise, or 0
 * when this console's shoe holds every hand of the room's as it is (it may hold more): null when they
 * are not the same shoe.
 */
export function firstDifference(mine: ShoeRecord, room: ShoeRecord): number | null {
  if (mine.id !== room.id) return null;
  const index = room.hands.findIndex((hand, i) => mine.hands[i] === undefined || !same(hand, mine.hands[i]));
  return index + 1;
}

/** Hands this console recorded that the room's copy of the same shoe lacks or has otherwise, as a range from 1; null when none. */
export function handsNotInRoom(mine: ShoeRecord | null, room: ShoeRecord | null): { from: number; to: number } | null {
  if (!mine || !room || mine.id !== room.id) return null;
  const index = mine.hands.findIndex((hand, i) => room.hands[i] === undefined || !same(hand, room.hands[i]));
  return index < 0 ? null : { from: index + 1, to: mine.hands.length };
}
