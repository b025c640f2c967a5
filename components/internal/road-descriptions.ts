/**
 * The words the roads' text alternatives are made of, through msg() so they follow the locale.
 * Counts have their own one/other messages because English plurals differ and Chinese does not.
 */
import { msg, str } from '@lit/localize';

/** "6 columns". */
export function columnCount(count: number): string {
  return count === 1 ? msg(str`${count} column`, { id: 'road-columns-one' }) : msg(str`${count} columns`, { id: 'road-columns-other' });
}

/** "18 hands". */
export function handCount(count: number): string {
  return count === 1 ? msg(str`${count} hand`, { id: 'road-hands-one' }) : msg(str`${count} hands`, { id: 'road-hands-other' });
}

/** "2 ties". */
export function tieCount(count: number): string {
  return count === 1 ? msg(str`${count} tie`, { id: 'road-ties-one' }) : msg(str`${count} ties`, { id: 'road-ties-other' });
}

/** "1 banker pair". */
export function bankerPairCount(count: number): string {
  return count === 1
    ? msg(str`${count} banker pair`, { id: 'road-banker-pairs-one' })
    : msg(str`${count} banker pairs`, { id: 'road-banker-pairs-other' });
}

/** "1 player pair". */
export function playerPairCount(count: number): string {
  return count === 1
    ? msg(str`${count} player pair`, { id: 'road-player-pairs-one' })
    : msg(str`${count} player pairs`, { id: 'road-player-pairs-other' });
}

/** Joins the parts of one item: "player 3, 1 tie". */
export function joinParts(parts: readonly string[]): string {
  return parts.join(msg(', ', { id: 'road-part-separator' }));
}

/** Joins items: "column 1 banker 2; column 2 player 3". */
export function joinItems(items: readonly string[]): string {
  return items.join(msg('; ', { id: 'road-item-separator' }));
}

/** "Big Road, 6 columns: column 1 banker 2; …", or "Big Road: nothing yet" when there are no items. */
export function roadSummary(road: string, count: string, items: readonly string[]): string {
  if (items.length === 0) return msg(str`${road}: nothing yet`, { id: 'road-summary-empty' });
  return msg(str`${road}, ${count}: ${joinItems(items)}`, { id: 'road-summary' });
}
