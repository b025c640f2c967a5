/**
 * The road and side words the app's own sentences are made of (History's thumbnails and picture,
 * the console, the import's refusals), through `msg()` so they follow the app's @lit/localize
 * locale. The embeddable elements say the same words through their own terms
 * (components/locales/en.ts); the ids are the ones their templates always had.
 */
import { msg, str } from '@lit/localize';
import type { Side, Winner } from '../../../src/game/hand.js';
import type { DerivedRoadName } from '../../../src/roads/roads.js';

export const outcomeLetter = (outcome: Winner): string =>
  outcome === 'B' ? msg('B', { id: 'banker' }) : outcome === 'P' ? msg('P', { id: 'player' }) : msg('T', { id: 'tie' });

/** Who receives a card, in lower case for the middle of a sentence: player or banker. */
export const sideName = (side: Side): string =>
  side === 'player' ? msg('player', { id: 'side-player' }) : msg('banker', { id: 'side-banker' });

export const roadName = (road: DerivedRoadName | 'beadPlate' | 'bigRoad'): string => {
  switch (road) {
    case 'beadPlate':
      return msg('Bead Plate', { id: 'bead-plate' });
    case 'bigRoad':
      return msg('Big Road', { id: 'big-road' });
    case 'bigEyeBoy':
      return msg('Big Eye Boy', { id: 'big-eye-boy' });
    case 'smallRoad':
      return msg('Small Road', { id: 'small-road' });
    case 'cockroachPig':
      return msg('Cockroach Pig', { id: 'cockroach-pig' });
  }
};

/** "6 columns". */
export function columnCount(count: number): string {
  return count === 1 ? msg(str`${count} column`, { id: 'road-columns-one' }) : msg(str`${count} columns`, { id: 'road-columns-other' });
}

/** "2 ties". */
export function tieCount(count: number): string {
  return count === 1 ? msg(str`${count} tie`, { id: 'road-ties-one' }) : msg(str`${count} ties`, { id: 'road-ties-other' });
}

/** Joins the parts of one item: "player 3, 1 tie". */
export function joinParts(parts: readonly string[]): string {
  return parts.join(msg(', ', { id: 'road-part-separator' }));
}

/** "Big Road, 6 columns: column 1 banker 2; …", or "Big Road: nothing yet" when there are no items. */
export function roadSummary(road: string, count: string, items: readonly string[]): string {
  if (items.length === 0) return msg(str`${road}: nothing yet`, { id: 'road-summary-empty' });
  return msg(str`${road}, ${count}: ${items.join(msg('; ', { id: 'road-item-separator' }))}`, { id: 'road-summary' });
}
