/**
 * The cards of a shoe that everyone at the table saw leave it outside its recorded hands, from the
 * shoe's events: what the exact odds of the next hand leave out (`withoutCards` in src/game/odds.ts).
 */
import type { Card } from '../game/cards.js';
import type { ShoeEvent } from './records.js';

/**
 * The exposed cards of a shoe's events, in order: the burn's card turned face up (never the cards
 * burned face down after it, which nobody saw), a cancelled card, and the cards of a void hand, a
 * dummy hand or a void shoe (dealt face up). With `hands`, only the events that happened while at
 * most that many hands were recorded: what was known when hand `hands` was the last on screen.
 * @example exposedCards({ events: [{ kind: 'burn', at, afterHand: 0, card: '3H', burned: ['4C', '5C', '6C'] }] }) // ['3H']
 */
export function exposedCards(shoe: { readonly events?: readonly ShoeEvent[] } | null | undefined, hands = Infinity): Card[] {
  const exposed: Card[] = [];
  for (const event of shoe?.events ?? []) {
    if (event.afterHand > hands) continue;
    switch (event.kind) {
      case 'burn':
      case 'cancelled':
        exposed.push(event.card);
        break;
      case 'void-hand':
      case 'void-shoe':
      case 'dummy-hand':
        exposed.push(...event.cards);
        break;
      case 'cut':
        break;
    }
  }
  return exposed;
}
