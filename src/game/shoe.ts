/**
 * A shoe: N decks shuffled fairly, the burn, the cut card, and dealing hand by hand.
 */
import { RANKS, SUITS, RANK_VALUES, type Card } from './cards.js';
import { resolveCompleteHand, type ResolvedHand } from './hand.js';
import { bankerDraws, playerDraws } from './tableau.js';
import { makeRules, type TableRules } from './rules.js';
import { CryptoRandom, RandomWords, SeededRandom, shuffleInPlace } from './random.js';

/** Card codes are rank × 4 + suit: 0 = AS … 51 = KC. */
export const CARD_CODES = 52;
/** Baccarat value of each card code. */
export const CODE_VALUES: Uint8Array = Uint8Array.from({ length: CARD_CODES }, (_, code) => RANK_VALUES[code >> 2]!);

/** Every card code's canonical notation, made once: each dealt card is the same string, not a new one. */
const CODE_CARDS: readonly Card[] = Array.from({ length: CARD_CODES }, (_, code) => `${RANKS[code >> 2]}${SUITS[code & 3]}`);

/**
 * Canonical notation of a card code: `formatCode(0)` is `'AS'`.
 * @throws RangeError for a number that is not a card code (0–51).
 */
export function formatCode(code: number): Card {
  const card = CODE_CARDS[code];
  if (card === undefined) throw new RangeError(`${code} is not a card code (0–51)`);
  return card;
}

/** The unshuffled shoe: `decks` copies of each card code, in order. */
export function orderedShoe(decks: number): Uint8Array {
  const cards = new Uint8Array(decks * CARD_CODES);
  for (let i = 0; i < cards.length; i++) cards[i] = i % CARD_CODES;
  return cards;
}

/** How many cards the burn takes after the turned card: its value, ten for a ten-value card. */
export function burnCount(turnedCode: number): number {
  return CODE_VALUES[turnedCode] || 10;
}

export interface ShoeOptions {
  /** Table rules (decks, burn, cut card); defaults from `DEFAULT_RULES`. */
  rules?: Partial<TableRules>;
  /** A seed replays the same shoe; without one the shuffle uses `crypto.getRandomValues`. */
  seed?: string | null;
}

/** A hand dealt from a shoe, with its position in the shoe. */
export interface DealtHand extends ResolvedHand {
  /** 1 for the first hand of the shoe. */
  handNumber: number;
  /** This hand brought out the cut card. */
  cutCardOut: boolean;
}

/**
 * A shuffled shoe dealt one hand at a time.
 * @example
 * const shoe = new Shoe({ seed: 'demo' });
 * while (!shoe.finished) console.log(shoe.dealHand().winner);
 */
export class Shoe {
  /** The rules the shoe follows. */
  readonly rules: TableRules;
  /** The seed it was shuffled with, or null for a crypto shuffle. */
  readonly seed: string | null;
  /** The whole shoe in dealing order (card codes), burn included. */
  readonly order: Uint8Array;
  /** The card turned up for the burn, or null when the table does not burn. */
  readonly burnCard: Card | null;
  /** Cards burned face down after the turned card. */
  readonly burned: number;
  /** Index in `order` at which the cut card sits. */
  readonly cutIndex: number;
  private position: number;
  private hands = 0;
  private handsLeftAfterCut = -1;
  private readonly left: number[];
  private readonly seen: number[];

  constructor(options: ShoeOptions = {}) {
    this.rules = makeRules(options.rules);
    this.seed = options.seed ?? null;
    const random = new RandomWords(this.seed === null ? new CryptoRandom() : new SeededRandom(this.seed), 256);
    this.order = orderedShoe(this.rules.decks);
    shuffleInPlace(this.order, random);
    this.left = new Array<number>(13).fill(4 * this.rules.decks);
    this.seen = new Array<number>(13).fill(0);
    this.cutIndex = this.order.length - this.rules.cutCardFromEnd;
    this.position = 0;
    if (this.rules.burn) {
      const turned = this.order[0]!;
      this.burnCard = formatCode(turned);
      this.burned = burnCount(turned);
      this.seen[turned >> 2]!++;
      for (let i = 0; i <= this.burned; i++) this.left[this.order[i]! >> 2]!--;
      this.position = 1 + this.burned;
    } else {
      this.burnCard = null;
      this.burned = 0;
    }
  }

  /** The cut card has come out and the hands after it are dealt. */
  get finished(): boolean {
    return this.handsLeftAfterCut === 0;
  }

  /** The cut card has come out. */
  get cutCardOut(): boolean {
    return this.handsLeftAfterCut >= 0;
  }

  /** Hands dealt so far. */
  get handsDealt(): number {
    return this.hands;
  }

  /** Cards dealt to hands so far (the burn not counted). */
  get cardsDealt(): number {
    return this.position - (this.rules.burn ? 1 + this.burned : 0);
  }

  /** Cards still in the shoe (behind and in front of the cut card). */
  get cardsLeft(): number {
    return this.order.length - this.position;
  }

  /** Cards still in the shoe, by rank (A, 2, …, 9, T, J, Q, K). */
  remainingByRank(): number[] {
    return [...this.left];
  }

  /**
   * Cards the table has not seen, by rank: the shoe's remaining cards plus the burned ones, which
   * went face down. The odds a person at the table can know come from these.
   */
  unseenByRank(): number[] {
    return this.seen.map((seen) => 4 * this.rules.decks - seen);
  }

  /**
   * Deals the next hand by the tableau.
   * @throws Error when the shoe is finished.
   */
  dealHand(): DealtHand {
    if (this.finished) throw new Error('the shoe is finished: the cut card is out and its last hand dealt');
    // Four cards, then the tableau's third cards on the totals, and the hand resolved once, complete.
    // Resolving it again after every card (parsing each card again) cost ~6 µs a hand, most of it
    // garbage, and an import deals every seeded shoe it reads again to check it (dealAlong).
    const codes = [this.take(), this.take(), this.take(), this.take()];
    const player = (CODE_VALUES[codes[0]!]! + CODE_VALUES[codes[2]!]!) % 10;
    const banker = (CODE_VALUES[codes[1]!]! + CODE_VALUES[codes[3]!]!) % 10;
    let playerThird: number | null = null;
    if (playerDraws(player, banker)) {
      const code = this.take();
      codes.push(code);
      playerThird = CODE_VALUES[code]!;
    }
    if (bankerDraws(player, banker, playerThird)) codes.push(this.take());
    const result = resolveCompleteHand(codes.map(formatCode));
    this.hands++;
    const cutCardOut = this.handsLeftAfterCut < 0 && this.position > this.cutIndex;
    if (cutCardOut) this.handsLeftAfterCut = this.rules.handsAfterCut;
    else if (this.handsLeftAfterCut > 0) this.handsLeftAfterCut--;
    return { ...result, handNumber: this.hands, cutCardOut };
  }

  /** The next card out of the shoe, counted as dealt. */
  private take(): number {
    const code = this.order[this.position++]!;
    this.left[code >> 2]!--;
    this.seen[code >> 2]!++;
    return code;
  }

  /** Deals every remaining hand. */
  dealAll(): DealtHand[] {
    const hands: DealtHand[] = [];
    while (!this.finished) hands.push(this.dealHand());
    return hands;
  }
}
