/**
 * The words the roads' text alternatives are made of, in the element's language. Counts are terms
 * of their own because English plurals differ and Chinese does not.
 */
import type { RoadTerms } from '../locales/en.js';
import type { Terms } from './localize.js';

/** "6 columns". */
export const columnCount = (localize: Terms<RoadTerms>, count: number): string => localize.term('roadColumns', count);

/** "18 hands". */
export const handCount = (localize: Terms<RoadTerms>, count: number): string => localize.term('roadHands', count);

/** "2 ties". */
export const tieCount = (localize: Terms<RoadTerms>, count: number): string => localize.term('roadTies', count);

/** "1 banker pair". */
export const bankerPairCount = (localize: Terms<RoadTerms>, count: number): string => localize.term('roadBankerPairs', count);

/** "1 player pair". */
export const playerPairCount = (localize: Terms<RoadTerms>, count: number): string => localize.term('roadPlayerPairs', count);

/** Joins the parts of one item: "player 3, 1 tie". */
export function joinParts(localize: Terms<RoadTerms>, parts: readonly string[]): string {
  return parts.join(localize.term('roadPartSeparator'));
}

/** Joins items: "column 1 banker 2; column 2 player 3". */
export function joinItems(localize: Terms<RoadTerms>, items: readonly string[]): string {
  return items.join(localize.term('roadItemSeparator'));
}

/**
 * How many columns a road's text alternative reads out, the newest: about what a wide screen shows.
 * Every column made it grow without end: 10,000 outcomes gave an 84 KB hidden paragraph, 100,000 gave
 * 2.29 MB and 540 ms of a render, which no one listens through.
 */
export const READ_OUT_COLUMNS = 60;

/** The columns a text alternative reads out (the newest READ_OUT_COLUMNS), with the number of each from 1, and how many earlier ones it leaves out. */
export function readOutColumns<T>(columns: readonly T[]): { columns: { column: T; number: number }[]; earlier: number } {
  const earlier = Math.max(0, columns.length - READ_OUT_COLUMNS);
  return { columns: columns.slice(earlier).map((column, index) => ({ column, number: earlier + index + 1 })), earlier };
}

/**
 * "Big Road, 6 columns: column 1 banker 2; …", or "Big Road: nothing yet" when there are no items;
 * "…, 80 columns: 20 earlier columns not read out; column 21 …" when `earlier` columns were left out.
 */
export function roadSummary(localize: Terms<RoadTerms>, road: string, count: string, items: readonly string[], earlier = 0): string {
  if (items.length === 0) return localize.term('roadSummaryEmpty', road);
  const read = earlier > 0 ? [localize.term('roadEarlierColumns', earlier), ...items] : items;
  return localize.term('roadSummary', road, count, joinItems(localize, read));
}
