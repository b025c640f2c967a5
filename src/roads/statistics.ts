/**
 * Running statistics of one shoe, updated a hand at a time and undoable, beside the exact odds of
 * the next hand from the cards left.
 *
 * Why a per-hand history instead of recounting on undo: each hand writes a few numbers (what it
 * counted, its cards, the streaks after it) to one array of small integers, so undo reads back
 * the previous state in constant time and adding a hand allocates nothing once the array has
 * grown. A plain array, not an Int32Array: V8 keeps typed arrays over 64 bytes off the heap,
 * and allocating one cost about 3 µs, the time of ten hands (see src/roads/grid.ts).
 */
import { parseCard } from '../game/cards.js';
import { resolveCompleteHand, type ResolvedHand, type Winner } from '../game/hand.js';
import { exactOdds, fullShoe, type NextHandOdds } from '../game/odds.js';
import { DEFAULT_RULES, type TableRules } from '../game/rules.js';
import type { HandRecord } from '../shoes/document.js';

/** A hand that contradicts itself (its cards resolve to another outcome), or a bad setting. */
export class StatisticsError extends Error {
  override name = 'StatisticsError';
}

/** The current streak: the side of the last banker/player result and how many in a row (ties do not break it). */
export interface Streak {
  side: 'B' | 'P';
  length: number;
}

/** Naturals counted by side. */
export interface NaturalCounts {
  /** Hands where the player had a natural (known from the cards). */
  player: number;
  /** Hands where the banker had a natural (known from the cards). */
  banker: number;
  /** Hands recorded without cards but flagged natural: the side is not known. */
  unknownSide: number;
  /** Hands with a natural of either side; a hand where both had one counts once. */
  hands: number;
}

/** The shoe's statistics at one moment; a plain object, safe to keep and compare. */
export interface StatisticsSummary {
  hands: number;
  banker: number;
  player: number;
  tie: number;
  /** Share of all hands, ties included, in percent (0 when no hands). */
  bankerPercent: number;
  playerPercent: number;
  tiePercent: number;
  playerPairs: number;
  bankerPairs: number;
  naturals: NaturalCounts;
  /** Banker wins with a final total of 6, among the hands whose totals are known. */
  bankerWinsOn6: number;
  /** Hands whose player and banker totals are known. */
  handsWithTotals: number;
  /** Null before the first banker or player result. */
  currentStreak: Streak | null;
  longestBankerStreak: number;
  longestPlayerStreak: number;
  /** Hands recorded with their cards. */
  handsWithCards: number;
  /** Cards seen in hands (the burned cards are never seen). */
  cardsDealt: number;
  /**
   * Cards not yet seen: the full shoe less the cards seen in hands. Null when a hand was
   * recorded without cards, or when the hands hold more of a rank than the shoe does.
   */
  cardsLeft: number | null;
}

/** What a reader of the statistics may call: everything but add and undo. */
export interface ShoeStatisticsView {
  readonly decks: number;
  readonly rules: Readonly<TableRules>;
  /** Hands counted. */
  readonly hands: number;
  summary(): StatisticsSummary;
  remainingCounts(): number[] | null;
  nextHandOdds(): NextHandOdds | null;
  fullShoeOdds(): NextHandOdds;
}

/** Settings: the shoe's deck count (default: the rules', else 8) and the pay tables for house edges. */
export interface StatisticsOptions {
  decks?: number;
  rules?: Readonly<TableRules>;
}

// What one hand counted, as bits of its history entry.
const OUTCOME_MASK = 3;
const OUTCOME_CODES = { B: 0, P: 1, T: 2 } as const;
const PLAYER_PAIR = 1 << 2;
const BANKER_PAIR = 1 << 3;
const PLAYER_NATURAL = 1 << 4;
const BANKER_NATURAL = 1 << 5;
const NATURAL_UNKNOWN_SIDE = 1 << 6;
const TOTALS_KNOWN = 1 << 7;
const BANKER_WINS_ON_6 = 1 << 8;
const HAS_CARDS = 1 << 9;

// One history entry per hand: its bits, its cards, and the streaks once it was counted.
const ENTRY_FLAGS = 0;
/** Card count in bits 0–2, then each card's rank index (0–12) in 4 bits. */
const ENTRY_CARDS = 1;
/** 0 before any banker/player result, 1 banker, 2 player. */
const ENTRY_STREAK_SIDE = 2;
const ENTRY_STREAK_LENGTH = 3;
const ENTRY_LONGEST_BANKER = 4;
const ENTRY_LONGEST_PLAYER = 5;
const ENTRY_STRIDE = 6;

const NO_SIDE = 0;
const BANKER_SIDE = 1;
const PLAYER_SIDE = 2;

/** 0, 1, 2 for B, P, T; −1 for anything else (records may come from files). */
function outcomeCode(outcome: unknown): number {
  return outcome === 'B' ? OUTCOME_CODES.B : outcome === 'P' ? OUTCOME_CODES.P : outcome === 'T' ? OUTCOME_CODES.T : -1;
}

/**
 * The running statistics of one shoe. `add` counts a hand, `undo` removes the last one; the exact
 * odds of the next hand are computed only when asked for and kept until the next add or undo.
 * @example
 * const stats = new ShoeStatistics({ decks: 8 });
 * stats.add({ outcome: 'B', cards: ['2H', '3C', '3D', '3S', 'TH'], playerPair: false, bankerPair: false,
 *             natural: false, playerTotal: 5, bankerTotal: 6 });
 * stats.summary().bankerWinsOn6 // 1
 */
export class ShoeStatistics implements ShoeStatisticsView {
  readonly decks: number;
  readonly rules: Readonly<TableRules>;
  private count = 0;
  /** ENTRY_STRIDE numbers per hand; keeps its length on undo, later hands overwrite. */
  private readonly history: number[] = [];
  private outcomes = [0, 0, 0];
  private playerPairs = 0;
  private bankerPairs = 0;
  private playerNaturals = 0;
  private bankerNaturals = 0;
  private unknownSideNaturals = 0;
  private naturalHands = 0;
  private bankerWinsOn6 = 0;
  private handsWithTotals = 0;
  private handsWithCards = 0;
  private cardsDealt = 0;
  /** Cards seen of each rank, A … K. */
  private readonly seen: number[] = new Array<number>(13).fill(0);
  private streakSide = NO_SIDE;
  private streakLength = 0;
  private longestBanker = 0;
  private longestPlayer = 0;
  /** `undefined` until asked for since the last add or undo. */
  private nextOdds: NextHandOdds | null | undefined = undefined;
  private fullOdds: NextHandOdds | undefined = undefined;

  /** @throws StatisticsError for a deck count other than a whole number from 1 to 8. */
  constructor(options: StatisticsOptions = {}) {
    this.rules = options.rules ?? DEFAULT_RULES;
    this.decks = options.decks ?? this.rules.decks;
    if (!Number.isInteger(this.decks) || this.decks < 1 || this.decks > 8) {
      throw new StatisticsError(`decks must be a whole number from 1 to 8; got ${String(this.decks)}`);
    }
  }

  /** Hands counted. */
  get hands(): number {
    return this.count;
  }

  /**
   * Counts a hand. A hand with cards is resolved by the rules, and must agree with its record.
   * Nothing changes when it throws.
   * @throws StatisticsError for an unknown outcome or a record its cards or totals contradict.
   * @throws HandError for cards the rules cannot deal as a finished hand.
   */
  add(hand: HandRecord): void {
    const outcome = outcomeCode(hand.outcome);
    if (outcome < 0) {
      throw new StatisticsError(`hand ${this.count + 1}: outcome must be "B", "P" or "T"; got ${JSON.stringify(hand.outcome)}`);
    }
    let flags = outcome;
    let cards = 0;
    if (hand.playerPair) flags |= PLAYER_PAIR;
    if (hand.bankerPair) flags |= BANKER_PAIR;
    if (hand.cards != null) {
      const resolved = resolveCompleteHand(hand.cards);
      this.checkAgreement(hand, resolved);
      flags |= HAS_CARDS | TOTALS_KNOWN;
      if (resolved.playerNatural) flags |= PLAYER_NATURAL;
      if (resolved.bankerNatural) flags |= BANKER_NATURAL;
      if (resolved.bankerWinsOn6) flags |= BANKER_WINS_ON_6;
      cards = resolved.cards.length;
      for (let i = 0; i < resolved.cards.length; i++) {
        cards |= parseCard(resolved.cards[i]!).rank << (3 + 4 * i);
      }
    } else {
      if (hand.natural) flags |= NATURAL_UNKNOWN_SIDE;
      if (hand.playerTotal != null && hand.bankerTotal != null) {
        this.checkTotals(hand, hand.playerTotal, hand.bankerTotal);
        flags |= TOTALS_KNOWN;
        if (hand.outcome === 'B' && hand.bankerTotal === 6) flags |= BANKER_WINS_ON_6;
      }
    }
    this.count1(flags, cards, 1);

    if (outcome !== OUTCOME_CODES.T) {
      const side = outcome === OUTCOME_CODES.B ? BANKER_SIDE : PLAYER_SIDE;
      if (side === this.streakSide) this.streakLength++;
      else {
        this.streakSide = side;
        this.streakLength = 1;
      }
      if (side === BANKER_SIDE) this.longestBanker = Math.max(this.longestBanker, this.streakLength);
      else this.longestPlayer = Math.max(this.longestPlayer, this.streakLength);
    }

    const entry = this.count * ENTRY_STRIDE;
    const history = this.history;
    if (entry === history.length) history.push(flags, cards, this.streakSide, this.streakLength, this.longestBanker, this.longestPlayer);
    else {
      history[entry + ENTRY_FLAGS] = flags;
      history[entry + ENTRY_CARDS] = cards;
      history[entry + ENTRY_STREAK_SIDE] = this.streakSide;
      history[entry + ENTRY_STREAK_LENGTH] = this.streakLength;
      history[entry + ENTRY_LONGEST_BANKER] = this.longestBanker;
      history[entry + ENTRY_LONGEST_PLAYER] = this.longestPlayer;
    }
    this.count++;
    this.nextOdds = undefined;
  }

  /** Removes the last hand counted, restoring every figure to what it was before it; nothing happens when there are no hands. */
  undo(): void {
    if (this.count === 0) return;
    this.count--;
    const entry = this.count * ENTRY_STRIDE;
    this.count1(this.history[entry + ENTRY_FLAGS]!, this.history[entry + ENTRY_CARDS]!, -1);
    if (this.count === 0) {
      this.streakSide = NO_SIDE;
      this.streakLength = 0;
      this.longestBanker = 0;
      this.longestPlayer = 0;
    } else {
      const previous = entry - ENTRY_STRIDE;
      this.streakSide = this.history[previous + ENTRY_STREAK_SIDE]!;
      this.streakLength = this.history[previous + ENTRY_STREAK_LENGTH]!;
      this.longestBanker = this.history[previous + ENTRY_LONGEST_BANKER]!;
      this.longestPlayer = this.history[previous + ENTRY_LONGEST_PLAYER]!;
    }
    this.nextOdds = undefined;
  }

  /** Forgets every hand, keeping the settings (a new shoe). */
  clear(): void {
    // Undoing hand by hand costs nanoseconds a hand and cannot forget a field that add sets.
    while (this.count > 0) this.undo();
  }

  /** The statistics now, as a plain object. */
  summary(): StatisticsSummary {
    const hands = this.count;
    const [banker, player, tie] = this.outcomes as [number, number, number];
    const percent = (n: number): number => (hands === 0 ? 0 : (n / hands) * 100);
    return {
      hands,
      banker,
      player,
      tie,
      bankerPercent: percent(banker),
      playerPercent: percent(player),
      tiePercent: percent(tie),
      playerPairs: this.playerPairs,
      bankerPairs: this.bankerPairs,
      naturals: {
        player: this.playerNaturals,
        banker: this.bankerNaturals,
        unknownSide: this.unknownSideNaturals,
        hands: this.naturalHands,
      },
      bankerWinsOn6: this.bankerWinsOn6,
      handsWithTotals: this.handsWithTotals,
      currentStreak: this.streakSide === NO_SIDE ? null : { side: this.streakSide === BANKER_SIDE ? 'B' : 'P', length: this.streakLength },
      longestBankerStreak: this.longestBanker,
      longestPlayerStreak: this.longestPlayer,
      handsWithCards: this.handsWithCards,
      cardsDealt: this.cardsDealt,
      cardsLeft: this.remainingCounts()?.reduce((sum, n) => sum + n, 0) ?? null,
    };
  }

  /**
   * Cards left of each rank A, 2, …, 9, T, J, Q, K: the full shoe less the cards seen in hands
   * (burned cards are unknown, so they count as left). Null when a hand was recorded without
   * cards, or the hands hold more of a rank than the shoe does.
   */
  remainingCounts(): number[] | null {
    if (this.handsWithCards !== this.count) return null;
    const counts = fullShoe(this.decks);
    for (let rank = 0; rank < counts.length; rank++) {
      const left = counts[rank]! - this.seen[rank]!;
      if (left < 0) return null;
      counts[rank] = left;
    }
    return counts;
  }

  /**
   * Exact odds of the next hand from the cards left; null when the cards left are unknown or
   * fewer than six. Computed on first request (about 100 µs) and kept until the next add or undo.
   */
  nextHandOdds(): NextHandOdds | null {
    if (this.nextOdds === undefined) {
      const counts = this.remainingCounts();
      const left = counts?.reduce((sum, n) => sum + n, 0) ?? 0;
      this.nextOdds = counts !== null && left >= 6 ? exactOdds(counts, this.rules) : null;
    }
    return this.nextOdds;
  }

  /** Exact odds of a hand from a full shoe of this many decks, for comparison; computed once. */
  fullShoeOdds(): NextHandOdds {
    return (this.fullOdds ??= exactOdds(fullShoe(this.decks), this.rules));
  }

  /** Adds (sign 1) or removes (sign −1) what one hand counted. */
  private count1(flags: number, cards: number, sign: 1 | -1): void {
    this.outcomes[flags & OUTCOME_MASK]! += sign;
    if (flags & PLAYER_PAIR) this.playerPairs += sign;
    if (flags & BANKER_PAIR) this.bankerPairs += sign;
    if (flags & PLAYER_NATURAL) this.playerNaturals += sign;
    if (flags & BANKER_NATURAL) this.bankerNaturals += sign;
    if (flags & NATURAL_UNKNOWN_SIDE) this.unknownSideNaturals += sign;
    if (flags & (PLAYER_NATURAL | BANKER_NATURAL | NATURAL_UNKNOWN_SIDE)) this.naturalHands += sign;
    if (flags & TOTALS_KNOWN) this.handsWithTotals += sign;
    if (flags & BANKER_WINS_ON_6) this.bankerWinsOn6 += sign;
    if (flags & HAS_CARDS) {
      this.handsWithCards += sign;
      const n = cards & 7;
      this.cardsDealt += sign * n;
      for (let i = 0; i < n; i++) this.seen[(cards >>> (3 + 4 * i)) & 15]! += sign;
    }
  }

  /** A record with cards must state what its cards resolve to. */
  private checkAgreement(hand: HandRecord, resolved: ResolvedHand): void {
    const disagreements: string[] = [];
    const compare = (field: string, stated: unknown, actual: unknown): void => {
      if (stated !== actual) disagreements.push(`${field} ${String(actual)}, not ${String(stated)}`);
    };
    compare('outcome', hand.outcome, resolved.winner);
    compare('playerPair', hand.playerPair, resolved.playerPair);
    compare('bankerPair', hand.bankerPair, resolved.bankerPair);
    compare('natural', hand.natural, resolved.natural);
    if (hand.playerTotal != null) compare('playerTotal', hand.playerTotal, resolved.playerTotal);
    if (hand.bankerTotal != null) compare('bankerTotal', hand.bankerTotal, resolved.bankerTotal);
    if (disagreements.length > 0) {
      throw new StatisticsError(`hand ${this.count + 1}: its cards ${resolved.cards.join(' ')} give ${disagreements.join(', ')}`);
    }
  }

  /** Totals recorded without cards must be totals, and name the stated winner. */
  private checkTotals(hand: HandRecord, playerTotal: number, bankerTotal: number): void {
    const isTotal = (n: number): boolean => Number.isInteger(n) && n >= 0 && n <= 9;
    if (!isTotal(playerTotal) || !isTotal(bankerTotal)) {
      throw new StatisticsError(`hand ${this.count + 1}: totals must be whole numbers from 0 to 9; got ${playerTotal} and ${bankerTotal}`);
    }
    const winner: Winner = playerTotal > bankerTotal ? 'P' : bankerTotal > playerTotal ? 'B' : 'T';
    if (winner !== hand.outcome) {
      throw new StatisticsError(
        `hand ${this.count + 1}: player ${playerTotal} against banker ${bankerTotal} gives outcome ${winner}, not ${hand.outcome}`,
      );
    }
  }
}
