/**
 * The one check of a `.cardsOutOfPlay` value (DOM-free), and when two of them are the same cards: a
 * page builds a new list from its shoe's events at every render, which must not redraw the board.
 */
import { parseCard, type Card } from '../../src/game/cards.js';

/** The cards a `.cardsOutOfPlay` value gives: the list when every entry is a card; none for null or undefined; none otherwise, with one warning. */
export function acceptedCards(value: unknown, element: string): readonly Card[] {
  if (value == null) return [];
  const wrong = Array.isArray(value) ? value.findIndex((card) => !isCard(card)) : null;
  if (wrong === -1) return value as readonly Card[];
  const problem = wrong === null ? 'expected an array of cards' : `cardsOutOfPlay[${wrong}] is not a card`;
  console.warn(`${element}: .cardsOutOfPlay refused, leaving no card out: ${problem}`);
  return [];
}

/** Whether two `.cardsOutOfPlay` values differ: by their cards, not by which list holds them. */
export function cardsChanged(value: unknown, old: unknown): boolean {
  if (value === old) return false;
  if (!Array.isArray(value) || !Array.isArray(old)) return true;
  return value.length !== old.length || value.some((card, i) => card !== old[i]);
}

function isCard(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    parseCard(value);
    return true;
  } catch {
    return false;
  }
}
