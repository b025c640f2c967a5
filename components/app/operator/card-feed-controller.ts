/**
 * The dealing procedure at the console: every card source (the serial line, the bridge through the
 * broker, a scanner) feeds one CardFeed, and what the feed says is done through the console's own
 * recording path: a finished hand is recorded as a typed one is (undo, the screens…), a new shoe
 * starts one, the end of the shoe ends it. A card the table cannot deal stops the feed: the lines
 * that come meanwhile wait, in order, until the clerk cancels the card or voids the hand.
 *
 * The feed follows the console's record of the open shoe: after a reload (or once another window lets the
 * table go) it takes the stored shoe up where it stands, and whenever the record changes other than by the
 * feed's own writes (an undo, a redo, a correction, a hand entered by hand) it is rebuilt on it, so its hand
 * numbers and counts are the record's. The hand in play and a card in question are kept (see `followStoredShoe`).
 *
 * Lines read before the stored shoe is (after a reload) wait for it. The device's numbered lines are marked as
 * kept once their effects are stored (`onLinesKept`): a console reopened mid-hand has the lines after the
 * mark sent again, reads the hand in play's cards again, and skips the lines of that hand whose effect is
 * stored already (a card drawn by mistake and its cancel, the cut card), so nothing is recorded twice.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import {
  CardFeed,
  shoeEventOf,
  type FeedEvent,
  type FeedQuestion,
  type FeedRefusal,
  type Reconciliation,
} from '../../../src/dealing/card-feed.js';
import {
  isRefusal,
  type LineParseResult,
  type LineRefusal,
  type ReadLineEvent,
  type ResumeRequest,
  type ShoeLineEvent,
} from '../../../src/reader/lines.js';
import type { LineMark } from '../../../src/reader/resend.js';
import type { TableRules } from '../../../src/game/rules.js';
import type { AuditAction, ShoeRecord } from '../../../src/shoes/records.js';
import type { ConsoleController } from './console-controller.js';

/** How many of the shoe's events the console shows. */
const SHOWN_EVENTS = 8;

export class CardFeedController implements ReactiveController {
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
  /** The feed's writes to the console not finished yet: until they are, the record lags behind the feed. */
  private writing = 0;
  /** The console's shoe as last looked at (the record is replaced, never mutated, at each change). */
  private looked: ShoeRecord | null = null;
  /** The feed was rebuilt on a stored shoe (and so has that shoe's rules). */
  private followed = false;
  /** The pack of the device's numbered lines being read. */
  private pack: string | null = null;
  /** The last numbered line after which nothing was in play, waiting for the feed's writes to finish. */
  private mark: ResumeRequest = null;
  /** Numbered lines after the mark whose effect is stored (see `LineMark`). */
  private kept: number[] = [];
  /** The number of the last card line read (a device's cancel takes that card back). */
  private lastCardLine: number | null = null;
  /** The mark kept before this page opened has been read. */
  private resumed = false;

  /**
   * @param onLinesKept called with the device's last numbered line whose every effect is stored and
   * after which no card is in play (a console reopened mid-hand asks its device for the lines after it),
   * and the later lines whose effect is stored too.
   * @param keptBefore the mark kept before the page opened (read at the first line).
   */
  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly consoleController: ConsoleController,
    private readonly rules: () => TableRules,
    private readonly onLinesKept: (mark: LineMark) => void = () => undefined,
    private readonly keptBefore: () => LineMark = () => null,
  ) {
    this.feed = new CardFeed({ rules: rules() });
    host.addController(this);
  }

  hostConnected(): void {
    /* nothing runs: the feed is read and written as the console is */
  }

  /**
   * The console's shoe changed (read after a reload, a hand added, undone, corrected…): the feed follows an
   * open recorded shoe once its own writes are done. A change the feed made itself rebuilds it as it was.
   */
  hostUpdate(): void {
    const shoe = this.consoleController.shoe;
    if (!this.consoleController.ready || this.consoleController.readOnly || this.writing > 0) return;
    if (shoe !== this.looked) {
      this.looked = shoe;
      // An ended shoe takes no more hands (a new one is started for the next), a simulated one takes none from the feed.
      // Drawn by the update under way: no other is asked for.
      if (shoe && shoe.endedAt === null && shoe.source === 'recorded') return this.follow(shoe);
    }
    // Lines that came while the stored shoe was being read.
    if (this.waiting.length > 0 && !this.feed.question) this.drain();
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

  /**
   * Rebuilds the feed on `shoe` as stored (its rules, hands and events: `CardFeed.followRecord`), keeping what
   * is not stored: the burn or hand in play, the dummy mark, the card in question and the lines held behind it.
   * While the feed's own writes are under way the record lags behind it: the feed follows the console's shoe
   * once they are done instead (as `hostUpdate` does: an open recorded one). A simulated shoe, or none, leaves
   * the feed as it is. Following the record the feed itself wrote changes nothing.
   */
  followStoredShoe(shoe: ShoeRecord | null): void {
    this.follow(shoe);
    this.host.requestUpdate();
  }

  private follow(shoe: ShoeRecord | null): void {
    if (this.writing > 0) {
      this.looked = null;
      return;
    }
    if (!shoe || shoe.source !== 'recorded') return;
    const followed = this.feed.followRecord({ hands: shoe.hands, events: shoe.events, ended: shoe.endedAt !== null }, shoe.rules);
    this.feed = followed.feed;
    this.followed = true;
    if (this.feed.phase !== 'ended') this.reconciliation = null;
    this.waiting.unshift(...followed.unread.map((card): ShoeLineEvent => ({ kind: 'card', card })));
    for (const event of followed.events) this.apply(event);
    this.drain();
  }

  /** The clerk started a shoe by hand (S): the procedure starts again, the burn first. */
  newShoe(): void {
    this.feed = new CardFeed({ rules: this.rules() });
    this.followed = false;
    // The shoe on screen is being ended: the feed waits for the new one rather than following it.
    this.looked = this.consoleController.shoe;
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
    if (!this.followed && this.feed.events.length === 0 && seen + burned + cancelled === 0)
      this.feed = new CardFeed({ rules: this.rules() });
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

  /** Carries out what the clerk's action added; `audited`: the action is kept in the audit trail too (when a clerk signed in). */
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
      void this.consoleController.audit(audited, hand);
    }
    this.drain();
    this.host.requestUpdate();
    return true;
  }

  private drain(): void {
    // Still reading the stored shoe (after a reload): the lines are read once the feed follows it.
    if (!this.consoleController.ready && !this.consoleController.readOnly) return;
    this.resume();
    while (this.waiting.length > 0 && !this.feed.question) {
      const event = this.waiting.shift()!;
      if (this.storedAlready(event)) continue;
      if (event.kind === 'card') this.cardsRead++;
      const result = this.feed.feed(event);
      if (!result.accepted) {
        this.feedRefusal = result.refusal;
        continue;
      }
      const stored = result.events.some((done) => done.kind !== 'hand' && shoeEventOf(done) !== null);
      for (const done of result.events) this.apply(done);
      this.markLine(event, stored);
    }
  }

  /** Takes up the mark kept before the page opened: its pack, and the lines after it already stored. */
  private resume(): void {
    if (this.resumed) return;
    this.resumed = true;
    const held = this.keptBefore();
    if (!held || this.pack !== null) return;
    this.pack = held.pack;
    this.mark = { pack: held.pack, last: held.last };
    this.kept = [...(held.kept ?? [])];
  }

  /** A line of the hand that was in play at a reload whose effect is stored already: read again, it would count twice. */
  private storedAlready(event: ReadLineEvent): boolean {
    const { number } = event;
    const { mark } = this;
    return number !== undefined && event.kind !== 'shoe' && mark?.pack === this.pack && number > mark.last && this.kept.includes(number);
  }

  /**
   * Notes a numbered line after which the feed is between hands, or one whose effect was stored (`stored`)
   * with a hand in play; they are said kept once the writes are done.
   */
  private markLine(event: ReadLineEvent, stored: boolean): void {
    if (event.kind === 'shoe') this.pack = event.pack;
    if (event.number === undefined || this.pack === null) return;
    if (event.kind === 'card') this.lastCardLine = event.number;
    const between = this.feed.handCards.length === 0 && !this.feed.question && this.feed.phase !== 'burning';
    if (between) {
      this.mark = { pack: this.pack, last: event.number };
      this.kept = [];
    } else if (stored && this.mark?.pack === this.pack) {
      // A cancel took back the card read just before it: both lines' effect is the stored cancelled card.
      if (event.kind === 'cancel' && this.lastCardLine !== null) this.kept.push(this.lastCardLine);
      this.kept.push(event.number);
    } else return;
    if (this.writing === 0) this.onLinesKept(this.keptMark());
  }

  /** The mark with the lines after it already stored. */
  private keptMark(): LineMark {
    return this.mark && (this.kept.length > 0 ? { ...this.mark, kept: [...this.kept] } : this.mark);
  }

  private apply(event: FeedEvent): void {
    switch (event.kind) {
      case 'shoe-start':
        this.reconciliation = null;
        this.followed = false;
        return this.write(this.consoleController.startFedShoe());
      case 'hand':
        return this.write(this.consoleController.recordFedHand(event.hand));
      case 'shoe-end':
        if (!event.early) {
          this.reconciliation = this.feed.reconcile();
          this.write(this.consoleController.endFedShoe());
        }
        return;
      default: {
        // Kept with the shoe, in order with its hands (the burn, the cut card, cancelled cards, voids, dummy hands).
        const stored = shoeEventOf(event);
        if (stored) this.write(this.consoleController.recordFedEvent(stored));
        return;
      }
    }
  }

  /** Waits for one of the feed's writes; once the last is done the record is looked at again (see hostUpdate). */
  private write(written: Promise<unknown>): void {
    this.writing++;
    const done = (): void => {
      if (--this.writing > 0) return;
      if (this.mark) this.onLinesKept(this.keptMark());
      this.host.requestUpdate();
    };
    void written.then(done, done);
  }
}
