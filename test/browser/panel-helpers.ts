/** What the panel tests share: hands with cards from a seeded shoe, and text as a person reads it. */
import { Shoe } from '../../src/game/shoe.js';
import { handRecord, type HandRecord } from '../../src/shoes/document.js';
import { RANKS } from '../../src/game/cards.js';

/** Every hand of a seeded 8-deck shoe, with cards, as the shoe export document stores them. */
export function cardedHands(seed: string): HandRecord[] {
  return new Shoe({ seed }).dealAll().map(handRecord);
}

/** Cards left of each rank A…K after these hands, counted here from the cards themselves. */
export function cardsLeftByRank(hands: readonly HandRecord[], decks = 8): number[] {
  const left = new Array<number>(13).fill(4 * decks);
  for (const hand of hands) {
    for (const card of hand.cards ?? []) left[RANKS.indexOf(card.charAt(0) as (typeof RANKS)[number])]!--;
  }
  return left;
}

/** The element's shadow root text with its white space collapsed, as a person reads it. */
export function textOf(root: Element | ShadowRoot | null | undefined): string {
  return (root?.textContent ?? '').replace(/\s+/g, ' ').trim();
}
