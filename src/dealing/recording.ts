/**
 * Recording a real table's hands: by outcome (banker, player or tie, with pair and natural flags)
 * or card by card, each card checked by the rules core before it is accepted.
 */
import { parseCard, formatCard, ShoeCardCount, CardError, type Card, type CardExcess } from '../game/cards.js';
import { resolveHand, type Side, type Winner } from '../game/hand.js';
import type { HandRecord } from '../shoes/document.js';
import { outcomeHand } from '../roads/roads.js';

/** A hand as a clerk enters it by outcome only. */
export interface OutcomeEntry {
  outcome: Winner;
  playerPair?: boolean;
  bankerPair?: boolean;
  natural?: boolean;
}

/**
 * The stored form of a hand entered by outcome: no cards, no totals.
 * @example outcomeEntryHand({ outcome: 'B', playerPair: true }).cards // null
 */
export function outcomeEntryHand(entry: OutcomeEntry): HandRecord {
  return {
    ...outcomeHand(entry.outcome),
    playerPair: entry.playerPair ?? false,
    bankerPair: entry.bankerPair ?? false,
    natural: entry.natural ?? false,
  };
}

/** Why a typed card was refused, for the page to word: every case names what it found. */
export type CardRefusal =
  /** The hand is finished and waits to be recorded. */
  | { kind: 'hand-complete'; playerTotal: number; bankerTotal: number }
  | { kind: 'unknown-card'; text: string }
  /**
   * The shoe already holds as many of this card (or rank) as its decks have: `typed` of them among
   * this hand's cards typed so far, the rest recorded in earlier hands.
   */
  | ({ kind: 'too-many'; typed: number } & CardExcess);

/** What became of one typed card: refused with a reason, or accepted (finishing the hand or not). */
export type CardEntryResult =
  | { accepted: false; refusal: CardRefusal }
  | { accepted: true; card: Card; hand: HandRecord; next: null }
  | { accepted: true; card: Card; hand: null; next: Side };

/**
 * Card-by-card entry of one hand. Each card is read, checked against the cards the shoe can still
 * hold, and dealt by the tableau; when the tableau finishes the hand, `add` returns it, and the hand
 * waits in `hand` until `take()`: a card typed after that is one the tableau would not deal, and is
 * refused, so a clerk who expected a third card learns the hand was already over.
 * @example
 * const entry = new CardEntry(8, []);
 * entry.add('9h'); entry.add('2c'); entry.add('kd');
 * entry.add('5s').hand?.outcome // 'P'
 * entry.add('3h').accepted // false: both hands stand
 * entry.take()?.outcome // 'P', and the entry is empty again
 */
export class CardEntry {
  private readonly typed: Card[] = [];
  private finished: HandRecord | null = null;

  /**
   * @param decks decks in the shoe, which bound how many copies of a card can appear.
   * @param shoeHands the hands of the shoe already recorded (minus the one being corrected).
   */
  constructor(
    private readonly decks: number,
    private readonly shoeHands: readonly HandRecord[],
  ) {}

  /** The cards accepted so far for this hand, in dealing order. */
  get cards(): readonly Card[] {
    return this.typed;
  }

  /** The hand the typed cards complete, waiting for `take()`, or null while it is unfinished. */
  get hand(): HandRecord | null {
    return this.finished;
  }

  /** Who receives the next card. */
  get next(): Side {
    const result = resolveHand(this.typed);
    return result.complete ? 'player' : result.next;
  }

  /** Reads one typed card (`9h`, `tc`, `10d`, `k`) and deals it, or says why it is refused; a refused card changes nothing. */
  add(text: string): CardEntryResult {
    if (this.finished) {
      const { playerTotal, bankerTotal } = this.finished;
      return { accepted: false, refusal: { kind: 'hand-complete', playerTotal: playerTotal!, bankerTotal: bankerTotal! } };
    }
    let card: Card;
    try {
      card = formatCard(parseCard(text));
    } catch (error) {
      if (error instanceof CardError) return { accepted: false, refusal: { kind: 'unknown-card', text } };
      throw error;
    }
    const tooMany = this.excessCopies(card);
    if (tooMany) return { accepted: false, refusal: { kind: 'too-many', typed: this.typedCopies(tooMany), ...tooMany } };
    // One readable card more on an unfinished hand always resolves: a card after the hand is
    // finished is refused above.
    const result = resolveHand([...this.typed, card]);
    this.typed.push(card);
    if (!result.complete) return { accepted: true, card, hand: null, next: result.next };
    const hand: HandRecord = {
      cards: result.cards,
      outcome: result.winner,
      playerPair: result.playerPair,
      bankerPair: result.bankerPair,
      natural: result.natural,
      playerTotal: result.playerTotal,
      bankerTotal: result.bankerTotal,
    };
    this.finished = hand;
    return { accepted: true, card, hand, next: null };
  }

  /** Hands over the finished hand and starts the next one; null (and nothing changes) while unfinished. */
  take(): HandRecord | null {
    const hand = this.finished;
    if (hand) this.clear();
    return hand;
  }

  /** Takes back the last card typed for this hand; false when there is none. */
  removeLast(): boolean {
    this.finished = null;
    return this.typed.pop() !== undefined;
  }

  /** Forgets the cards typed for this hand. */
  clear(): void {
    this.typed.length = 0;
    this.finished = null;
  }

  /** How many of the cards typed for this hand count against `excess` (the same card, or the same rank). */
  private typedCopies(excess: CardExcess): number {
    const { rank } = parseCard(excess.card);
    return this.typed.filter((typed) => (excess.of === 'card' ? typed === excess.card : parseCard(typed).rank === rank)).length;
  }

  private excessCopies(card: Card): CardExcess | null {
    const count = new ShoeCardCount(this.decks);
    for (const hand of this.shoeHands) hand.cards?.forEach((other) => count.add(other));
    this.typed.forEach((other) => count.add(other));
    return count.excess(card);
  }
}
