/**
 * Labels and number formats the panels share, looked up at render time in the element's language.
 */
import type { Terms } from './localize.js';

export const playerPairLabel = (localize: Terms): string => localize.term('playerPair');
export const bankerPairLabel = (localize: Terms): string => localize.term('bankerPair');
export const naturalLabel = (localize: Terms): string => localize.term('natural');

/**
 * A probability (a fraction of 1) as a percentage with `digits` decimals.
 * @example percent(0.4585974, 2) // '45.86%'
 */
export function percent(fraction: number, digits: number): string {
  return `${(fraction * 100).toFixed(digits)}%`;
}

/**
 * A share of the hands as a percentage with one decimal; a dash before the first hand.
 * @example share(3, 8) // '37.5%'
 */
export function share(count: number, hands: number): string {
  return hands === 0 ? '–' : percent(count / hands, 1);
}

/**
 * A number of hands, in words.
 * @example handCount(46) // '46 hands'
 */
export function handCount(localize: Terms, hands: number): string {
  return localize.term('panelsHands', hands);
}

/**
 * The banker-minus-player count in words: who is ahead and by how many.
 * @example lead(3) // 'banker +3'
 */
export function lead(localize: Terms, count: number): string {
  if (count > 0) return localize.term('panelsLeadBanker', count);
  if (count < 0) return localize.term('panelsLeadPlayer', -count);
  return localize.term('panelsLeadLevel');
}
