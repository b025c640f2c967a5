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

/** "Big Road, 6 columns: column 1 banker 2; …", or "Big Road: nothing yet" when there are no items. */
export function roadSummary(localize: Terms<RoadTerms>, road: string, count: string, items: readonly string[]): string {
  if (items.length === 0) return localize.term('roadSummaryEmpty', road);
  return localize.term('roadSummary', road, count, joinItems(localize, items));
}
