/**
 * How a screen of the room (a wall display, the lobby) follows tables through the broker: every
 * message is checked (readRoomMessage) and settled by revision (a RoomTableFollower per table); a
 * change that cannot be followed asks for the table's retained state again, a few times a little
 * apart (the console publishes its change before its state), and then lets go, so the next change
 * asks afresh: a read that found a refused or older state never holds a table back. A refused
 * message is counted and logged once, however often the broker hands it over again (a retained
 * state is read on every resync). A flood from a table's login is not checked message by message:
 * each table has a budget of checking time (CheckBudget); beyond it the table's messages are dropped
 * unread, the burst is counted as one refusal, and the table's retained state is read every
 * FLOOD_STATE_READ_MS until the burst ends, and once after, so the console's hands still show. DOM-free: the
 * display and the lobby differ only in what they subscribe to and how they show it.
 */
import { RoomTableFollower } from '../../../../src/room/follower.js';
import { readRoomMessage, readTopic, roomRefusalLogText, type RoomRefusal } from '../../../../src/room/messages.js';
import { CheckBudget, DEFAULT_CHECK_BUDGET, type CheckBudgetOptions } from './check-budget.js';

/** What a message did to a table a screen shows. */
export type FollowedNews = 'shown' | 'added' | 'presence';

export interface RoomFollowingOptions {
  /** Asks the broker for `table`'s retained state again (a link's readRetained of its state topic). */
  readState: (table: string) => Promise<void> | void;
  /** The one table followed (a display); any table the broker delivers when absent (the lobby). */
  table?: string;
  /** A table's shoe or presence changed on screen. */
  onNews: (table: string, follower: RoomTableFollower, news: FollowedNews) => void;
  /** A message was refused (counted in `refused`). */
  onRefused?: () => void;
  /** A table's state was received, whatever became of it (the lobby tells "loading" from "no shoe yet"). */
  onStateRead?: (table: string) => void;
  /** The screen's clock (tests). */
  now?: () => Date;
  /** Wait before reading a state again when the one read is older than the change that asked (default 300 ms). */
  stateReadDelay?: number;
  /** Checking time each table may cost (tests); DEFAULT_CHECK_BUDGET otherwise. */
  budget?: CheckBudgetOptions;
}

/** While a table's messages are dropped unread, its retained state is read this often. */
export const FLOOD_STATE_READ_MS = 250;

/** A burst of dropped messages ends once none has been dropped for this long. */
export const FLOOD_QUIET_MS = 1000;

/** A burst of one table's messages dropped unread: how many, when the last, and the timer that reads the state meanwhile. */
interface Flood {
  dropped: number;
  lastAt: number;
  timer: ReturnType<typeof setInterval>;
}

/** Reads of one table's state after a change that asked for it, before letting go until the next change. */
export const MAX_STATE_READS = 4;

/** Refused messages remembered (their text, by topic) so that one handed over again is not counted twice. */
const REMEMBERED_REFUSALS = 1000;

/** A read of a table's state under way: the revision wanted, the reads made, and the wait before the next. */
interface StateRead {
  wanted: number;
  reads: number;
  timer: ReturnType<typeof setTimeout> | undefined;
}

export class RoomFollowing {
  /** Messages refused, each counted once. */
  refused = 0;
  /** The tables followed, by name. */
  readonly followers = new Map<string, RoomTableFollower>();

  private readonly reading = new Map<string, StateRead>();
  /** The shoe of each table whose state was read again for its number. */
  private readonly numberAsked = new Map<string, string>();
  /** The text of the last message refused on each topic. */
  private readonly lastRefused = new Map<string, string>();
  private readonly budget: CheckBudget;
  private readonly floods = new Map<string, Flood>();
  private stopped = false;

  constructor(private readonly options: RoomFollowingOptions) {
    if (options.table !== undefined) this.followers.set(options.table, new RoomTableFollower(options.table));
    this.budget = new CheckBudget(options.budget ?? DEFAULT_CHECK_BUDGET);
  }

  /**
   * One message as the broker delivered it: checked, then followed; `retained` when the broker kept
   * it from before. A retained message comes only when this screen reads a state, so it is always
   * checked (what it cost is still taken from the table's budget); any other is dropped unread
   * when its table has used up its budget.
   */
  receive(topic: string, text: string, bytes: number, retained = false): void {
    if (this.stopped) return;
    const table = readTopic(topic)?.table ?? topic;
    if (!retained && !this.budget.allows(table)) return this.drop(table, topic);
    const started = this.budget.now();
    try {
      this.check(topic, text, bytes, retained);
    } finally {
      this.budget.spend(table, this.budget.now() - started);
    }
  }

  private check(topic: string, text: string, bytes: number, retained: boolean): void {
    const now = this.options.now?.() ?? new Date();
    // A state of the shoe shown is checked from its first new hand (a copy kept on this machine is checked whole).
    const reading = readRoomMessage(topic, text, bytes, now, (table) => {
      const follower = this.followers.get(table);
      return follower && follower.revision > 0 ? follower.shoe : null;
    });
    if (!reading.ok) {
      // A refused state was read all the same: the table's tile is no longer waiting for it.
      const place = readTopic(topic);
      if (place?.kind === 'state' && (this.options.table ?? place.table) === place.table) this.options.onStateRead?.(place.table);
      return this.refuse(topic, text, reading.refusal);
    }
    const { received } = reading;
    const table = received.table;
    // Not this screen's table (a subscription it no longer holds, say): not refused, not shown.
    if (this.options.table !== undefined && table !== this.options.table) return;
    const follower = this.followerOf(table);
    switch (received.kind) {
      case 'presence':
        // A retained last will was written when the console connected: when it left is not known.
        // A new holder's revisions count from where it started: its state is read and taken.
        if (follower.receivePresence(received.message, retained ? null : now)) this.readState(table);
        this.options.onNews(table, follower, 'presence');
        return;
      case 'state': {
        const outcome = follower.receiveState(received.message);
        this.stateArrived(table, follower);
        if (outcome.kind === 'refused') return this.refuse(topic, text, outcome.refusal);
        if (outcome.kind === 'shown') this.options.onNews(table, follower, 'shown');
        return;
      }
      case 'change': {
        const outcome = follower.receiveChange(received.message, now);
        if (outcome.kind === 'refused') return this.refuse(topic, text, outcome.refusal);
        if (outcome.kind === 'resync') this.readState(table, received.message.revision);
        else if (outcome.kind === 'added') {
          this.options.onNews(table, follower, 'added');
          this.askNumber(table, follower);
        }
        return;
      }
    }
  }

  /** Reads `table`'s retained state until it is at least at `wanted` (0: whatever it holds), a few times at most. */
  readState(table: string, wanted = 0): void {
    if (this.stopped) return;
    const pending = this.reading.get(table);
    if (pending) {
      pending.wanted = Math.max(pending.wanted, wanted);
      return;
    }
    const read: StateRead = { wanted, reads: 0, timer: undefined };
    this.reading.set(table, read);
    this.read(table, read);
  }

  /** After a reconnection: every read under way starts again (what was asked may have been lost). */
  restartReads(): void {
    for (const [table, read] of [...this.reading]) {
      clearTimeout(read.timer);
      this.reading.delete(table);
      this.readState(table, read.wanted);
    }
  }

  /** Stops every read under way; nothing received after changes anything. */
  stop(): void {
    this.stopped = true;
    for (const read of this.reading.values()) clearTimeout(read.timer);
    this.reading.clear();
    for (const flood of this.floods.values()) clearInterval(flood.timer);
    this.floods.clear();
  }

  /**
   * A message of `table` dropped unread (its budget is used up). The first of a burst is counted as
   * one refusal and logged; meanwhile the table's retained state, which only its console's login
   * writes, is read every FLOOD_STATE_READ_MS, and once more when the burst is over.
   */
  private drop(table: string, topic: string): void {
    const flood = this.floods.get(table);
    if (flood) {
      flood.dropped++;
      flood.lastAt = this.budget.now();
      return;
    }
    const started: Flood = {
      dropped: 1,
      lastAt: this.budget.now(),
      timer: setInterval(() => {
        const over = this.budget.now() - started.lastAt >= FLOOD_QUIET_MS;
        if (over) {
          clearInterval(started.timer);
          this.floods.delete(table);
          console.info(`bacc: the burst on table "${table.slice(0, 60)}" is over: ${started.dropped} messages were dropped unread`);
        }
        this.readNow(table);
      }, FLOOD_STATE_READ_MS),
    };
    this.floods.set(table, started);
    this.refused++;
    console.warn(
      `bacc: refused a message on ${topic}: too many messages (more than this screen checks for one table); ` +
        'the table’s messages are dropped unread until they slow down, and its state is read instead',
    );
    this.options.onRefused?.();
    this.readNow(table);
  }

  /** Reads `table`'s state once, apart from the reads a change asked for (which wait for a revision). */
  private readNow(table: string): void {
    void Promise.resolve()
      .then(() => this.options.readState(table))
      .catch(() => undefined);
  }

  /**
   * A console publishes a new shoe before its store numbers it, and its hands carry no number: the
   * state of a later revision does, so it is read once a shoe (after the hand is shown, not instead).
   */
  private askNumber(table: string, follower: RoomTableFollower): void {
    const shoe = follower.shoe;
    if (!shoe || shoe.number !== undefined || this.numberAsked.get(table) === shoe.id) return;
    this.numberAsked.set(table, shoe.id);
    this.readState(table, follower.revision);
  }

  private followerOf(table: string): RoomTableFollower {
    let follower = this.followers.get(table);
    if (!follower) {
      follower = new RoomTableFollower(table);
      this.followers.set(table, follower);
    }
    return follower;
  }

  private read(table: string, read: StateRead): void {
    read.reads++;
    this.readNow(table);
    // No answer, or one older than wanted, within the wait: read again, a few times, then let go.
    read.timer = setTimeout(() => {
      if (this.reading.get(table) !== read) return;
      if ((this.followers.get(table)?.revision ?? 0) >= read.wanted || read.reads >= MAX_STATE_READS) this.reading.delete(table);
      else this.read(table, read);
    }, this.options.stateReadDelay ?? 300);
  }

  /** A state of `table` arrived (shown, older, or refused): a read that wanted it is done once it is as new as wanted. */
  private stateArrived(table: string, follower: RoomTableFollower): void {
    this.options.onStateRead?.(table);
    const read = this.reading.get(table);
    if (read && follower.revision >= read.wanted) {
      clearTimeout(read.timer);
      this.reading.delete(table);
    }
  }

  /** Counts and logs a refusal, unless it is the very message last refused on that topic handed over again. */
  private refuse(topic: string, text: string, refusal: RoomRefusal): void {
    if (this.lastRefused.get(topic) === text) return;
    if (this.lastRefused.size >= REMEMBERED_REFUSALS) this.lastRefused.clear();
    this.lastRefused.set(topic, text);
    this.refused++;
    console.warn(`bacc: refused a message on ${topic}: ${roomRefusalLogText(refusal)}`);
    this.options.onRefused?.();
  }
}
