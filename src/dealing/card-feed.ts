/**
 * The dealing procedure as a state machine: a card-reading shoe's events go in (src/reader/lines.ts),
 * the shoe's events come out, in order, with the cards counted against the rules' decks.
 *
 * - At the start, and after each `shoe` event, the first card is the burn card, turned face up; then
 *   that many cards (its value, a ten or a face card counting 10) are burned. (No burn when the
 *   rules say so.) The burn is one event once its last card is out.
 * - Then each card is placed by the tableau: P1 B1 P2 B2, then the third cards as the rules
 *   require. A finished hand is recorded at once (a `hand` event), and the next card starts the
 *   next hand.
 * - `cut`: the hand in play (or, between hands, the next hand) is the one in which the cut card came
 *   out; it is finished, then `handsAfterCut` more hands, then the shoe ends (`shoe-end`).
 * - A card the table cannot deal — one after the shoe has ended, or one the decks no longer hold
 *   (counting burned and cancelled cards) — stops the feed with a `question`: nothing is accepted
 *   until the clerk answers `cancelCard()` (the card is set aside with the burn, out of play) or
 *   `voidHand()` (the hand in play and that card are void; the next card starts a new hand).
 * - A `cancel` from the device takes the last card read out of the hand in play (a card drawn by
 *   mistake); it is a cancelled card, out of play.
 * - `voidShoe()`: the shoe is void; nothing more is placed until a `shoe` event starts a new one.
 * - `dummyHand()`: the hand in play (or the next one) is dealt by the tableau but not played: it
 *   ends in a `dummy-hand` event instead of a `hand`, and takes no hand number.
 *
 * A void hand takes no hand number either: the next hand dealt has the number it would have had, and
 * counts as it would have among the hands after the cut card.
 *
 * What the console stores of a shoe (its hands, and the other events `shoeEventOf` gives, each after the
 * hands recorded before it) is enough to take the procedure up again: `CardFeed.resume` after a reload,
 * `followRecord` when the record changed under the feed (an undo, a redo, a correction).
 */
import { ShoeCardCount, cardValue, formatCard, parseCard, type Card, type CardExcess } from '../game/cards.js';
import { resolveHand, type Side } from '../game/hand.js';
import { makeRules, type TableRules } from '../game/rules.js';
import type { HandRecord, ShoeEvent } from '../shoes/records.js';
import type { ShoeLineEvent } from '../reader/lines.js';

/** Why a card stopped the feed. */
export type QuestionReason =
  /** The shoe has ended (the cut card and the hands after it are out). */
  | { kind: 'shoe-ended' }
  /** The decks hold no more of this card (or its rank), counting every card read in this shoe. */
  | ({ kind: 'too-many' } & CardExcess);

/** A card waiting for the clerk's answer. */
export interface FeedQuestion {
  card: Card;
  why: QuestionReason;
}

/** The shoe's events, in the order they happened. Hand numbers count recorded hands, from 1. */
export type FeedEvent =
  /** A new shoe (a `shoe` line), with the device's pack id. */
  | { kind: 'shoe-start'; pack: string }
  /** The burn: the card turned face up and the cards burned after it, as read. */
  | { kind: 'burn'; card: Card; burned: Card[] }
  /** A hand recorded; `cutCardOut` when the cut card came out in it. */
  | { kind: 'hand'; hand: HandRecord; cards: Card[]; handNumber: number; cutCardOut: boolean }
  /** A hand dealt and not played (marked with `dummyHand()`). */
  | { kind: 'dummy-hand'; cards: Card[] }
  /** The cut card came out after `afterHand` hands were recorded; the shoe ends after hand `lastHand`. */
  | { kind: 'cut'; afterHand: number; lastHand: number }
  /** A card the table cannot deal: the feed waits for the clerk. */
  | { kind: 'question'; card: Card; why: QuestionReason }
  /**
   * A card taken out of play: by the device (a card drawn by mistake) or by the clerk (answering a
   * question). `hand` is the number of the hand in play, or null when none was.
   */
  | { kind: 'cancelled'; card: Card; hand: number | null; by: 'device' | 'clerk' }
  /** The hand in play declared void, with its cards (and the questioned card, if any). */
  | { kind: 'void-hand'; hand: number | null; cards: Card[] }
  /** The shoe declared void; `cards` were in play (and the questioned card, if any). */
  | { kind: 'void-shoe'; cards: Card[] }
  /** The shoe ended: after the cut card's hands, or `early` when a new shoe started first. */
  | { kind: 'shoe-end'; hands: number; early: boolean }
  /** The shoe's lid opened or closed. */
  | { kind: 'lid'; open: boolean };

/** Why the feed refused an event or a clerk's action; a refusal changes nothing. */
export type FeedRefusal =
  /** A question waits for `cancelCard()` or `voidHand()`. */
  | { kind: 'awaiting-answer'; question: FeedQuestion }
  /** The shoe is void: only a new shoe is accepted. */
  | { kind: 'shoe-void' }
  /** The shoe has ended (a cut, a cancel or a dummy hand after the end). */
  | { kind: 'shoe-ended' }
  /** The cut card is already out. */
  | { kind: 'cut-already-out' }
  /** A cancel with no card in the hand in play. */
  | { kind: 'nothing-to-cancel' }
  /** A cancel naming another card than the last one read. */
  | { kind: 'not-last-card'; card: Card; last: Card }
  /** `cancelCard()` with no question waiting. */
  | { kind: 'no-question' }
  /** `voidHand()` with no hand in play and no question. */
  | { kind: 'no-hand-in-play' }
  /** `dummyHand()` twice for the same hand. */
  | { kind: 'already-dummy' };

/** What one event or action did: the events it added, or why it was refused. */
export type FeedResult = { accepted: true; events: FeedEvent[] } | { accepted: false; refusal: FeedRefusal };

/** Where the shoe is in its procedure. */
export type FeedPhase = 'burn-turn' | 'burning' | 'dealing' | 'ended' | 'void';

/** The current shoe's cards by where they went; `left` is what its decks still hold. */
export interface FeedCounts {
  /** Cards dealt face up to hands: recorded, dummy, void and in play. */
  seen: number;
  /** The burn: the turned card and the cards burned after it. */
  burned: number;
  /** Cards cancelled by the device or the clerk. */
  cancelled: number;
  /** decks × 52 less the cards above. */
  left: number;
}

/** The count at the end of a shoe: whether seen + burned + cancelled + left make the decks. */
export interface Reconciliation extends FeedCounts {
  /** seen + burned + cancelled + left. */
  total: number;
  /** decks × 52. */
  shoeCards: number;
  /**
   * Every card out of the shoe was counted. False for a feed resumed from a shoe stored without some
   * of its cards (see `CardFeed.uncounted`): its `left` includes cards that are out, and `holds` is false.
   */
  cardsKnown: boolean;
  /** The total is the decks' cards, every card out was counted, and no question is waiting. */
  holds: boolean;
}

/** What a feed resumed from a stored shoe could not count, so that its counts cannot add up. */
export interface UncountedCards {
  /** Hands stored without their cards (entered by outcome). */
  hands: number;
  /** The burn is past (hands were stored) but was not stored, so its cards are unknown. */
  burn: boolean;
}

/**
 * A shoe as the console stores it (a ShoeRecord has these fields): its hands and the other events of its
 * procedure, in order, each after the `afterHand` hands recorded before it; `ended` once the shoe has ended.
 */
export interface StoredShoe {
  hands: readonly HandRecord[];
  events?: readonly ShoeEvent[] | undefined;
  ended?: boolean;
}

/** An event as the console is asked to store it: it adds when (`at`) and after how many hands (`afterHand`). */
export type FedShoeEvent = Unplaced<ShoeEvent>;
type Unplaced<E> = E extends ShoeEvent ? Omit<E, 'at' | 'afterHand'> : never;

export interface CardFeedOptions {
  /** Table rules (decks, burn, hands after the cut card); defaults from `DEFAULT_RULES`. */
  rules?: Partial<TableRules>;
}

/**
 * The dealing procedure of one table, shoe after shoe.
 * @example
 * const feed = new CardFeed({ rules: { decks: 8 } });
 * feed.feed({ kind: 'card', card: '3H' }); // the burn card: three more cards are burned
 * // … then each card is placed by the tableau, and `hand` events come out as hands finish.
 */
export class CardFeed {
  /** The rules the feed follows. */
  readonly rules: TableRules;
  private readonly log: FeedEvent[] = [];
  private state: FeedPhase = 'dealing';
  private pending: FeedQuestion | null = null;
  private count!: ShoeCardCount;
  private turned: Card | null = null;
  private burnedCards: Card[] = [];
  private burnLeft = 0;
  private inPlay: Card[] = [];
  private recorded = 0;
  private lastHandNumber: number | null = null;
  private dummy = false;
  private begun = false;
  private tally: Omit<FeedCounts, 'left'> = { seen: 0, burned: 0, cancelled: 0 };
  private unknown: UncountedCards = { hands: 0, burn: false };

  constructor(options: CardFeedOptions = {}) {
    this.rules = makeRules(options.rules);
    this.reset();
  }

  /**
   * The procedure of a stored shoe taken up where its record stands: hands recorded, counts (seen,
   * burned, cancelled, left), the burn done or not, the cut card and the hands left after it, a void or
   * an ended shoe. Its `events` start empty. It resumes between hands: the cards of a hand in play, of a
   * burn not finished, a card in question and a dummy mark are not stored, so they are not there.
   *
   * Hands stored by outcome (without cards), or hands stored with no burn before them where the rules
   * burn, count as recorded, but their cards are unknown: `uncounted` says so, and `reconcile` never holds.
   * Events are taken in their stored order, each after the hands before it (`afterHand`, at most the
   * hands there are: an undo removes a hand and leaves the events after it, which then follow the last hand).
   * Nothing in a record that passed import validation makes it throw.
   * @example
   * const feed = CardFeed.resume(shoe.rules, { hands: shoe.hands, events: shoe.events, ended: shoe.endedAt !== null });
   * feed.handsRecorded // shoe.hands.length: the next hand is number shoe.hands.length + 1
   */
  static resume(rules: Partial<TableRules>, stored: StoredShoe): CardFeed {
    const feed = new CardFeed({ rules });
    feed.replay(stored);
    return feed;
  }

  /**
   * This feed rebuilt on its shoe's record as it stands now (after an undo, a redo, a correction, a hand
   * entered by hand), as `resume` rebuilds it, keeping this feed's events and reading again, in order, what
   * it held that is not stored: the burn or the hand in play (with its dummy mark) and the card in question.
   * A card in question the rebuilt shoe can deal (the shoe no longer ended after an undo, say) is placed;
   * one it still cannot is the question again (no new event when its reason is the same).
   * `events`: what reading them again added; `unread`: the cards behind a question that reading raised,
   * to be read once it is answered. Following a record that is this feed's own changes nothing.
   * `rules`: the stored shoe's, when they may differ from this feed's (a feed made before the shoe was read).
   */
  followRecord(stored: StoredShoe, rules: Partial<TableRules> = this.rules): { feed: CardFeed; events: FeedEvent[]; unread: Card[] } {
    const next = CardFeed.resume(rules, stored);
    for (const event of this.log) next.log.push(event);
    next.dummy = this.dummy;
    const question = this.pending;
    const burning = this.state === 'burning';
    const cards = burning ? [this.turned!, ...this.burnedCards] : [...this.inPlay];
    // Cards the table took stay taken where the rebuilt shoe is at the same step (they were read before
    // any card stored since, a cancelled copy say); elsewhere they are read again, as new.
    const taken = burning ? next.state === 'burn-turn' : next.state === 'dealing';
    const events: FeedEvent[] = [];
    const unread: Card[] = [];
    for (const card of cards) {
      if (next.pending) unread.push(card);
      // Refused only by a void shoe, which places no card: it is dropped as a card read then would be.
      else events.push(...added(taken ? next.place(card) : next.feed({ kind: 'card', card })));
    }
    if (question && next.pending) unread.push(question.card);
    else if (question) {
      const result = next.feed({ kind: 'card', card: question.card });
      const asked = next.pending;
      // Asked again for the same reason: the same question, not a new event.
      if (asked && sameQuestion(asked, question)) next.log.pop();
      else events.push(...added(result));
    }
    return { feed: next, events, unread };
  }

  /** Every event since the feed started, in order (a `shoe-start` begins each new shoe's). */
  get events(): readonly FeedEvent[] {
    return this.log;
  }

  /** Where the shoe is in its procedure. */
  get phase(): FeedPhase {
    return this.state;
  }

  /** The card waiting for the clerk's answer, or null. */
  get question(): FeedQuestion | null {
    return this.pending;
  }

  /** The cards of the hand in play, in dealing order. */
  get handCards(): readonly Card[] {
    return this.inPlay;
  }

  /** Who receives the next card, or null while burning, after the end or in a void shoe. */
  get next(): Side | null {
    if (this.state !== 'dealing') return null;
    const result = resolveHand(this.inPlay);
    return result.complete ? 'player' : result.next;
  }

  /** Hands recorded in this shoe. */
  get handsRecorded(): number {
    return this.recorded;
  }

  /** The number of the shoe's last hand once the cut card is out, else null. */
  get lastHand(): number | null {
    return this.lastHandNumber;
  }

  /** The cut card has come out in this shoe. */
  get cutCardOut(): boolean {
    return this.lastHandNumber !== null;
  }

  /** The burn so far: the turned card (null before it) and the cards burned after it. */
  get burn(): { card: Card | null; burned: readonly Card[]; toBurn: number } {
    return { card: this.turned, burned: this.burnedCards, toBurn: this.burnLeft };
  }

  /** The hand in play (or the next) is marked as a dummy hand. */
  get dummyMarked(): boolean {
    return this.dummy;
  }

  /** What a resumed feed could not count of its shoe (hands without cards, a burn not stored), or null when it counted every card. */
  get uncounted(): UncountedCards | null {
    return this.unknown.hands > 0 || this.unknown.burn ? { ...this.unknown } : null;
  }

  /** This shoe's cards by where they went (`left` includes the cards `uncounted` could not count). */
  get counts(): FeedCounts {
    const { seen, burned, cancelled } = this.tally;
    return { seen, burned, cancelled, left: this.rules.decks * 52 - seen - burned - cancelled };
  }

  /**
   * Whether this shoe's cards add up: seen + burned + cancelled + left = decks × 52, where `left` is
   * the cards counted left in the shoe at its end (by default what the feed's own count leaves).
   */
  reconcile(left: number = this.counts.left): Reconciliation {
    const { seen, burned, cancelled } = this.tally;
    const total = seen + burned + cancelled + left;
    const shoeCards = this.rules.decks * 52;
    const cardsKnown = this.uncounted === null;
    const holds = cardsKnown && total === shoeCards && left >= 0 && this.pending === null;
    return { seen, burned, cancelled, left, total, shoeCards, cardsKnown, holds };
  }

  /**
   * Reads one event of a card-reading shoe (as src/reader/lines.ts parses it). A hello is taken and
   * changes nothing; lid events are kept in order; while a question waits, everything else is refused.
   * @throws CardError for a card event whose card is no card (a parser never gives one).
   */
  feed(event: ShoeLineEvent): FeedResult {
    if (event.kind === 'hello') return this.accept([]);
    if (event.kind === 'lid') return this.accept([{ kind: 'lid', open: event.open }]);
    if (this.pending) return refuse({ kind: 'awaiting-answer', question: this.pending });
    if (event.kind === 'shoe') return this.newShoe(event.pack);
    if (this.state === 'void') return refuse({ kind: 'shoe-void' });
    switch (event.kind) {
      case 'card':
        return this.card(normal(event.card));
      case 'cut':
        return this.cut();
      case 'cancel':
        return this.cancel(normal(event.card));
    }
  }

  /** The clerk's answer to a question: the card is set aside, out of play. */
  cancelCard(): FeedResult {
    const question = this.pending;
    if (!question) return refuse({ kind: 'no-question' });
    this.pending = null;
    this.count.add(question.card);
    this.tally.cancelled++;
    return this.accept([{ kind: 'cancelled', card: question.card, hand: this.handInPlay(), by: 'clerk' }]);
  }

  /** The clerk voids the hand in play, and the card in question if one waits. */
  voidHand(): FeedResult {
    const question = this.pending;
    if (!question && this.inPlay.length === 0) return refuse({ kind: 'no-hand-in-play' });
    const hand = this.handInPlay();
    const cards = [...this.inPlay];
    if (question) {
      cards.push(question.card);
      this.count.add(question.card);
      this.tally.seen++;
      this.pending = null;
    }
    this.inPlay = [];
    this.dummy = false;
    return this.accept([{ kind: 'void-hand', hand, cards }]);
  }

  /** The clerk voids the shoe: nothing more is placed until a new shoe. */
  voidShoe(): FeedResult {
    if (this.state === 'void') return refuse({ kind: 'shoe-void' });
    const cards = [...this.inPlay];
    if (this.pending) {
      cards.push(this.pending.card);
      this.count.add(this.pending.card);
      this.tally.seen++;
      this.pending = null;
    }
    this.inPlay = [];
    this.state = 'void';
    return this.accept([{ kind: 'void-shoe', cards }]);
  }

  /** The clerk marks the hand in play (or, between hands, the next one) as a dummy hand, dealt and not played. */
  dummyHand(): FeedResult {
    if (this.pending) return refuse({ kind: 'awaiting-answer', question: this.pending });
    if (this.state === 'void') return refuse({ kind: 'shoe-void' });
    if (this.state === 'ended') return refuse({ kind: 'shoe-ended' });
    if (this.dummy) return refuse({ kind: 'already-dummy' });
    this.dummy = true;
    return this.accept([]);
  }

  /** Starts a new shoe, ending the one in play early (its hand in play void) if it had begun. */
  private newShoe(pack: string): FeedResult {
    const events: FeedEvent[] = [];
    if (this.begun && this.state !== 'ended' && this.state !== 'void') {
      if (this.inPlay.length > 0) events.push({ kind: 'void-hand', hand: this.handInPlay(), cards: [...this.inPlay] });
      events.push({ kind: 'shoe-end', hands: this.recorded, early: true });
    }
    this.reset();
    events.push({ kind: 'shoe-start', pack });
    return this.accept(events);
  }

  private card(card: Card): FeedResult {
    const excess = this.count.excess(card);
    if (this.state === 'ended' || excess) {
      this.pending = { card, why: excess ? { kind: 'too-many', ...excess } : { kind: 'shoe-ended' } };
      return this.accept([{ kind: 'question', ...this.pending }]);
    }
    return this.place(card);
  }

  /** Places a card the table can deal: the burn's, or the hand in play's. */
  private place(card: Card): FeedResult {
    this.begun = true;
    this.count.add(card);
    if (this.state === 'burn-turn') {
      this.turned = card;
      this.burnLeft = cardValue(card) || 10;
      this.tally.burned++;
      this.state = 'burning';
      return this.accept([]);
    }
    if (this.state === 'burning') {
      this.burnedCards.push(card);
      this.tally.burned++;
      if (--this.burnLeft > 0) return this.accept([]);
      this.state = 'dealing';
      return this.accept([{ kind: 'burn', card: this.turned!, burned: [...this.burnedCards] }]);
    }
    this.inPlay.push(card);
    this.tally.seen++;
    const result = resolveHand(this.inPlay);
    if (!result.complete) return this.accept([]);
    const cards = result.cards;
    this.inPlay = [];
    if (this.dummy) {
      this.dummy = false;
      return this.accept([{ kind: 'dummy-hand', cards }]);
    }
    const handNumber = ++this.recorded;
    const hand: HandRecord = {
      cards,
      outcome: result.winner,
      playerPair: result.playerPair,
      bankerPair: result.bankerPair,
      natural: result.natural,
      playerTotal: result.playerTotal,
      bankerTotal: result.bankerTotal,
    };
    const cutHand = this.lastHandNumber === null ? null : this.lastHandNumber - this.rules.handsAfterCut;
    const events: FeedEvent[] = [{ kind: 'hand', hand, cards: [...cards], handNumber, cutCardOut: handNumber === cutHand }];
    if (handNumber === this.lastHandNumber) {
      this.state = 'ended';
      events.push({ kind: 'shoe-end', hands: handNumber, early: false });
    }
    return this.accept(events);
  }

  private cut(): FeedResult {
    if (this.state === 'ended') return refuse({ kind: 'shoe-ended' });
    if (this.lastHandNumber !== null) return refuse({ kind: 'cut-already-out' });
    this.begun = true;
    this.lastHandNumber = this.recorded + 1 + this.rules.handsAfterCut;
    return this.accept([{ kind: 'cut', afterHand: this.recorded, lastHand: this.lastHandNumber }]);
  }

  private cancel(card: Card): FeedResult {
    if (this.state === 'ended') return refuse({ kind: 'shoe-ended' });
    const last = this.inPlay[this.inPlay.length - 1];
    if (last === undefined) return refuse({ kind: 'nothing-to-cancel' });
    if (last !== card) return refuse({ kind: 'not-last-card', card, last });
    this.inPlay.pop();
    this.tally.seen--;
    this.tally.cancelled++;
    return this.accept([{ kind: 'cancelled', card, hand: this.recorded + 1, by: 'device' }]);
  }

  /** The number the hand in play would take, or null when no hand is in play (burning, or after the end). */
  private handInPlay(): number | null {
    return this.state === 'dealing' || this.inPlay.length > 0 ? this.recorded + 1 : null;
  }

  private reset(): void {
    this.state = this.rules.burn ? 'burn-turn' : 'dealing';
    this.pending = null;
    this.count = new ShoeCardCount(this.rules.decks);
    this.turned = null;
    this.burnedCards = [];
    this.burnLeft = 0;
    this.inPlay = [];
    this.recorded = 0;
    this.lastHandNumber = null;
    this.dummy = false;
    this.begun = false;
    this.tally = { seen: 0, burned: 0, cancelled: 0 };
    this.unknown = { hands: 0, burn: false };
  }

  /** Takes a fresh shoe to where `stored` stands: its events in stored order, each after the hands before it. */
  private replay(stored: StoredShoe): void {
    const { hands } = stored;
    const events = stored.events ?? [];
    this.begun = hands.length > 0 || events.length > 0;
    let placed = 0;
    for (const event of events) {
      while (placed < Math.min(event.afterHand, hands.length)) this.replayHand(hands[placed++]!);
      this.replayEvent(event);
    }
    while (placed < hands.length) this.replayHand(hands[placed++]!);
    if (stored.ended && this.state !== 'void') this.state = 'ended';
  }

  private replayHand(hand: HandRecord): void {
    this.pastBurn();
    this.recorded++;
    if (hand.cards) this.countOut(hand.cards, 'seen');
    else this.unknown.hands++;
    // As `card` ends the shoe with the cut card's last hand (a reopened shoe may store more).
    if (this.state === 'dealing' && this.lastHandNumber !== null && this.recorded >= this.lastHandNumber) this.state = 'ended';
  }

  private replayEvent(event: ShoeEvent): void {
    switch (event.kind) {
      case 'burn':
        // A second burn before any hand: the device started the shoe again (a `shoe` line) and the console
        // kept one record for both, as it keeps an open shoe with no hand. The feed counted afresh then.
        if (this.state === 'dealing' && this.recorded === 0) {
          this.reset();
          this.begun = true;
        }
        this.countOut([event.card, ...event.burned], 'burned');
        if (this.state === 'burn-turn' || this.state === 'burning') {
          this.turned = event.card;
          this.burnedCards = [...event.burned];
          this.state = 'dealing';
        }
        return;
      case 'cut':
        // As `cut` does: not taken after the end or a first cut card.
        if (this.state !== 'ended' && this.lastHandNumber === null) this.lastHandNumber = this.recorded + 1 + this.rules.handsAfterCut;
        return;
      case 'cancelled':
        this.countOut([event.card], 'cancelled');
        return;
      case 'dummy-hand':
        this.pastBurn();
        this.countOut(event.cards, 'seen');
        return;
      case 'void-hand':
        this.countOut(event.cards, 'seen');
        return;
      case 'void-shoe':
        this.countOut(event.cards, 'seen');
        this.state = 'void';
        return;
    }
  }

  /** A hand was dealt: the burn is past, unknown when the shoe stored none. */
  private pastBurn(): void {
    if (this.state !== 'burn-turn' && this.state !== 'burning') return;
    this.unknown.burn = true;
    this.state = 'dealing';
  }

  /** Counts stored cards out of the shoe; a text that is no card (import validation lets none through) is tallied, not counted by rank. */
  private countOut(cards: readonly Card[], where: Exclude<keyof FeedCounts, 'left'>): void {
    for (const card of cards) {
      try {
        this.count.add(card);
      } catch {
        /* the tally below still has it */
      }
      this.tally[where]++;
    }
  }

  private accept(events: FeedEvent[]): FeedResult {
    this.log.push(...events);
    return { accepted: true, events };
  }
}

const refuse = (refusal: FeedRefusal): FeedResult => ({ accepted: false, refusal });

const added = (result: FeedResult): FeedEvent[] => (result.accepted ? result.events : []);

const sameQuestion = (a: FeedQuestion, b: FeedQuestion): boolean => a.card === b.card && JSON.stringify(a.why) === JSON.stringify(b.why);

/**
 * What the console stores for a feed event (CardFeedController sends it with `recordFedEvent`), or null for one it
 * does not: a hand is stored as a hand, the start and end of a shoe as the shoe's, a question and the lid not at all.
 * @example shoeEventOf({ kind: 'cut', afterHand: 40, lastHand: 42 }) // { kind: 'cut' }
 */
export function shoeEventOf(event: FeedEvent): FedShoeEvent | null {
  switch (event.kind) {
    case 'burn':
      return { kind: 'burn', card: event.card, burned: [...event.burned] };
    case 'cut':
      return { kind: 'cut' };
    case 'cancelled':
      return { kind: 'cancelled', card: event.card, by: event.by };
    case 'void-hand':
    case 'void-shoe':
    case 'dummy-hand':
      return { kind: event.kind, cards: [...event.cards] };
    default:
      return null;
  }
}

/**
 * The record the console keeps of a feed's current shoe (its events after the last `shoe-start`): the
 * hands, the other events after the hands recorded before them (at `at`), and whether the cut card's last
 * hand ended it. What `CardFeed.resume` takes up again.
 */
export function storedShoeOf(
  events: readonly FeedEvent[],
  at = new Date(0).toISOString(),
): { hands: HandRecord[]; events: ShoeEvent[]; ended: boolean } {
  let start = events.length;
  while (start > 0 && events[start - 1]!.kind !== 'shoe-start') start--;
  const stored: ReturnType<typeof storedShoeOf> = { hands: [], events: [], ended: false };
  for (const event of events.slice(start)) {
    if (event.kind === 'hand') stored.hands.push(event.hand);
    else if (event.kind === 'shoe-end') stored.ended = !event.early;
    else {
      const kept = shoeEventOf(event);
      if (kept) stored.events.push({ ...kept, at, afterHand: stored.hands.length });
    }
  }
  return stored;
}

/** A card in canonical notation (the parsers give it so; a caller building events may not). */
const normal = (card: Card): Card => formatCard(parseCard(card));
