/**
 * The dealing procedure at the console: every card source (the serial line, the bridge through the
 * broker, a scanner) feeds one CardFeed, and what the feed says is done through the console's own
 * recording path: a finished hand is recorded as a typed one is (undo, the screens…), a new shoe
 * starts one, the end of the shoe ends it. A card the table cannot deal stops the feed: the lines
 * that come meanwhile wait, in order, until the clerk cancels the card or voids the hand.
 */
import type { ReactiveControllerHost } from 'lit';
import { CardFeed, type FeedEvent, type FeedQuestion, type FeedRefusal, type Reconciliation } from '../../../src/card-feed.js';
import { isRefusal, type LineParseResult, type LineRefusal, type ShoeLineEvent } from '../../../src/shoe-lines.js';
import type { TableRules } from '../../../src/rules.js';
import type { AuditAction } from '../../../src/shoe-records.js';
import type { OperatorConsoleController } from './operator-console.js';

/** How many of the shoe's events the console shows. */
const SHOWN_EVENTS = 8;

export class FeedDesk {
  /** The procedure of the shoe in play. */
  feed: CardFeed;
  /** Lines refused from the card shoe (noise, half lines, unknown cards), since the page opened. */
  refused = 0;
  /** The last line refused. */
  lastRefused: LineRefusal | null = null;
  /** What the feed refused last (a cancel of another card, a cut twice…). */
  feedRefusal: FeedRefusal | null = null;
  /** The count at the end of the last shoe, or null while it is dealt. */
  reconciliation: Reconciliation | null = null;
  /** Cards read from any source since the page opened. */
  cardsRead = 0;
  /** Events read while a question waits, to be fed once it is answered. */
  private waiting: ShoeLineEvent[] = [];

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly desk: OperatorConsoleController,
    private readonly rules: () => TableRules,
  ) {
    this.feed = new CardFeed({ rules: rules() });
  }

  /** The question waiting for the clerk, or null. */
  get question(): FeedQuestion | null {
    return this.feed.question;
  }

  /** The shoe's latest events, oldest first. */
  get shownEvents(): FeedEvent[] {
    const events = this.feed.events;
    let start = events.length - 1;
    while (start >= 0 && events[start]!.kind !== 'shoe-start') start--;
    return events.slice(Math.max(start, events.length - SHOWN_EVENTS, 0));
  }

  /** Events waiting behind a question. */
  get held(): number {
    return this.waiting.length;
  }

  /** The clerk started a shoe by hand (S): the procedure starts again, the burn first. */
  newShoe(): void {
    this.feed = new CardFeed({ rules: this.rules() });
    this.waiting = [];
    this.reconciliation = null;
    this.feedRefusal = null;
    this.host.requestUpdate();
  }

  /** Lines read from a serial line or a scanner: refused ones are counted, the rest fed in order. */
  takeResults(results: readonly LineParseResult[]): void {
    const events: ShoeLineEvent[] = [];
    for (const result of results) {
      if (isRefusal(result)) {
        this.refused++;
        this.lastRefused = result;
      } else events.push(result);
    }
    this.take(events);
  }

  /** Events read (from the bridge, already checked). */
  take(events: readonly ShoeLineEvent[]): void {
    // The table's rules may have been set after the console was made: a feed that has read nothing takes them.
    const { seen, burned, cancelled } = this.feed.counts;
    if (this.feed.events.length === 0 && seen + burned + cancelled === 0) this.feed = new CardFeed({ rules: this.rules() });
    this.waiting.push(...events);
    this.drain();
    this.host.requestUpdate();
  }

  /** The clerk's answer: the card in question is set aside (a cancelled card). */
  cancelCard(): boolean {
    return this.answer(this.feed.cancelCard(), 'cancel');
  }

  /** The clerk voids the hand in play (with the card in question, if one waits). */
  voidHand(): boolean {
    return this.answer(this.feed.voidHand(), 'void-hand');
  }

  /** The clerk voids the shoe: nothing more is placed until a new shoe. */
  voidShoe(): boolean {
    return this.answer(this.feed.voidShoe(), 'void-shoe');
  }

  /** The clerk marks the hand in play (or the next) as a dummy hand, dealt and not played. */
  dummyHand(): boolean {
    return this.answer(this.feed.dummyHand());
  }

  /** Carries out what the clerk's action added; `audited`: the action is kept in the audit trail too (when an operator signed in). */
  private answer(result: ReturnType<CardFeed['cancelCard']>, audited?: AuditAction): boolean {
    if (!result.accepted) {
      this.feedRefusal = result.refusal;
      this.host.requestUpdate();
      return false;
    }
    this.feedRefusal = null;
    for (const event of result.events) this.apply(event);
    if (audited) {
      const event = result.events[0];
      const hand = event && (event.kind === 'cancelled' || event.kind === 'void-hand') ? event.hand : null;
      void this.desk.audit(audited, hand);
    }
    this.drain();
    this.host.requestUpdate();
    return true;
  }

  private drain(): void {
    while (this.waiting.length > 0 && !this.feed.question) {
      const event = this.waiting.shift()!;
      if (event.kind === 'card') this.cardsRead++;
      const result = this.feed.feed(event);
      if (!result.accepted) {
        this.feedRefusal = result.refusal;
        continue;
      }
      for (const done of result.events) this.apply(done);
    }
  }

  private apply(event: FeedEvent): void {
    switch (event.kind) {
      case 'shoe-start':
        this.reconciliation = null;
        void this.desk.startFedShoe();
        return;
      case 'hand':
        void this.desk.recordFedHand(event.hand);
        return;
      case 'shoe-end':
        if (!event.early) {
          this.reconciliation = this.feed.reconcile();
          void this.desk.endFedShoe();
        }
        return;
      // Kept with the shoe, in order with its hands.
      case 'burn':
        void this.desk.recordFedEvent({ kind: 'burn', card: event.card, burned: [...event.burned] });
        return;
      case 'cut':
        void this.desk.recordFedEvent({ kind: 'cut' });
        return;
      case 'cancelled':
        void this.desk.recordFedEvent({ kind: 'cancelled', card: event.card, by: event.by });
        return;
      case 'void-hand':
      case 'void-shoe':
      case 'dummy-hand':
        void this.desk.recordFedEvent({ kind: event.kind, cards: [...event.cards] });
        return;
      default:
        return;
    }
  }
}
