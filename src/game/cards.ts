/**
 * Cards and their baccarat values.
 *
 * Notation (the contract in docs/reference/cli.md, "Cards"): rank then optional suit. Ranks `A 2 3 4 5 6 7 8 9 T J Q K`
 * (`10` accepted for T), suits `S H D C`; input is case-insensitive, output upper case.
 */

/** The thirteen ranks in their canonical order; rank-count arrays use this order. */
export const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K'] as const;
/** The four suits. */
export const SUITS = ['S', 'H', 'D', 'C'] as const;

export type Rank = (typeof RANKS)[number];
export type Suit = (typeof SUITS)[number];
/** A card in canonical notation, e.g. `9H`, `TD`, or `K` when the suit is unknown. */
export type Card = string;

/** Baccarat value of each rank index (A=1, 2–9 face value, T J Q K = 0). */
export const RANK_VALUES: readonly number[] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0];

/** Why a card could not be read: its text is no card in the notation. */
export interface CardProblem {
  kind: 'unknown-card';
  /** The text given for the card. */
  text: string;
}

/**
 * A card that could not be read: `problem` says why, as a kind and its values, for a page to word;
 * the message is the same in English, for logs and the command line.
 */
export class CardError extends Error {
  override name = 'CardError';

  constructor(readonly problem: CardProblem) {
    super(cardProblemLogText(problem));
  }
}

/** A card problem in English, for a CardError's message (logs and the CLI; a page words the problem itself). */
export function cardProblemLogText(problem: CardProblem): string {
  return `unknown card "${problem.text}": expected a rank A 2-9 T J Q K (or 10) and an optional suit S H D C`;
}

/** A parsed card: its rank index (0 = ace … 12 = king) and suit, if given. */
export interface ParsedCard {
  rank: number;
  suit: Suit | null;
}

/**
 * Reads a card in the project's notation, as one shared frozen card per rank and suit (so cards can
 * be told apart by identity).
 * @example parseCard('10h') // { rank: 9, suit: 'H' }
 * @throws CardError when the text is not a card.
 */
export function parseCard(text: string): ParsedCard {
  // Stored and dealt cards are already canonical: every road and statistic reads each hand's cards.
  const canonical = CANONICAL_CARDS.get(text);
  if (canonical !== undefined) return canonical;
  const upper = String(text).trim().toUpperCase();
  const match = /^(10|[A2-9TJQK])([SHDC])?$/.exec(upper);
  if (!match) throw new CardError({ kind: 'unknown-card', text: String(text) });
  // Any spelling gives the same shared card as its canonical notation (`10h`, `th` → `TH`).
  return CANONICAL_CARDS.get(`${match[1] === '10' ? 'T' : match[1]}${match[2] ?? ''}`)!;
}

/**
 * Writes a card in canonical notation.
 * @example formatCard({ rank: 9, suit: null }) // 'T'
 */
export function formatCard(card: ParsedCard): Card {
  return CANONICAL_TEXT.get(card) ?? `${RANKS[card.rank]}${card.suit ?? ''}`;
}

/**
 * Each canonical notation (`9H`, `T`) read once, frozen, and its text by card. Reading a recorded
 * 80-hand shoe into a road tracker (which resolves every hand's cards) took 160–255 µs warm and
 * 11–15 ms for the first five shoes in Node, against 75–135 µs and 6.6–7.4 ms with this table.
 */
const CANONICAL_CARDS = new Map<string, ParsedCard>();
const CANONICAL_TEXT = new Map<ParsedCard, Card>();
for (const [rank, rankText] of RANKS.entries()) {
  for (const suit of [null, ...SUITS]) {
    const card: ParsedCard = Object.freeze({ rank, suit });
    const text = `${rankText}${suit ?? ''}`;
    CANONICAL_CARDS.set(text, card);
    CANONICAL_TEXT.set(card, text);
  }
}

/** One card more than a shoe holds: of that very card (suit and rank), or of its rank. */
export interface CardExcess {
  of: 'card' | 'rank';
  card: Card;
  rank: Rank;
  decks: number;
  /** How many the shoe holds. */
  limit: number;
}

/**
 * The cards of one shoe counted against what its decks hold: each suited card once per deck, each
 * rank four times per deck, whether its cards were written with their suits or without.
 * @example
 * const count = new ShoeCardCount(1);
 * count.add('9H'); count.add('9'); count.add('9'); count.add('9');
 * count.problemWith('9S') // 'this 1-deck shoe holds only 4 cards of rank 9'
 */
export class ShoeCardCount {
  private readonly ranks = new Array<number>(RANKS.length).fill(0);
  private readonly suited = new Map<ParsedCard, number>();

  constructor(readonly decks: number) {}

  /** Why one more `card` cannot be in this shoe, in words for a log or the CLI, or null when it can. @throws CardError */
  problemWith(text: string): string | null {
    const excess = this.excess(text);
    return excess && cardExcessLogText(excess);
  }

  /** Which limit one more `card` would break (that card, or its rank), or null when it fits. @throws CardError */
  excess(text: string): CardExcess | null {
    const card = parseCard(text);
    const rank = RANKS[card.rank]!;
    if (card.suit !== null && (this.suited.get(card) ?? 0) >= this.decks) {
      return { of: 'card', card: formatCard(card), rank, decks: this.decks, limit: this.decks };
    }
    if (this.ranks[card.rank]! >= 4 * this.decks)
      return { of: 'rank', card: formatCard(card), rank, decks: this.decks, limit: 4 * this.decks };
    return null;
  }

  /** Counts `card` in, whether or not it fits (`problemWith` says). @throws CardError */
  add(text: string): void {
    const card = parseCard(text);
    this.ranks[card.rank]!++;
    if (card.suit !== null) this.suited.set(card, (this.suited.get(card) ?? 0) + 1);
  }
}

/**
 * One card too many in English, for logs and the CLI (a page words the CardExcess itself).
 * @example cardExcessLogText({ of: 'rank', card: '9S', rank: '9', decks: 1, limit: 4 }) // 'a 1-deck shoe holds only 4 cards of rank 9'
 */
export function cardExcessLogText(excess: CardExcess): string {
  return excess.of === 'card'
    ? `this ${excess.decks}-deck shoe holds only ${excess.limit} ${excess.card}`
    : `this ${excess.decks}-deck shoe holds only ${excess.limit} cards of rank ${excess.rank}`;
}

/** Normalises a card's notation: `'10h'` → `'TH'`. @throws CardError */
export function normalizeCard(text: string): Card {
  return formatCard(parseCard(text));
}

/** Baccarat value of a card in notation. @example cardValue('KD') // 0 */
export function cardValue(text: string): number {
  return RANK_VALUES[parseCard(text).rank]!;
}

/** A hand's total: the sum of its values, mod 10. @example handTotal(['7S', '8D']) // 5 */
export function handTotal(cards: readonly string[]): number {
  let sum = 0;
  for (const card of cards) sum += cardValue(card);
  return sum % 10;
}
