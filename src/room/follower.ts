/**
 * One table as a screen follows it through the broker: the shoe it shows, at which revision, and
 * whether its console is connected. Order and duplicates are settled by revision, never by arrival:
 * a message at or below the revision shown changes nothing; a hand added right after the revision
 * shown is added (one road update); anything else (a gap, a correction, an undo, a new shoe)
 * asks for the table's retained state, which replaces what is shown when it is newer. A message
 * far behind the one shown is refused (a replay), not merely passed over.
 *
 * Only the console that holds the table is followed: the session its latest presence names (the
 * last will of another session is passed over). A state or change of another session (a forger's,
 * or the console the table was taken from, sent before it heard) is refused; a presence naming a
 * new holder resets the revision shown, since a new session counts from where it started: its next
 * state is taken whatever its revision. DOM-free.
 */
import {
  checkedShoeWith,
  type ConsolePresenceMessage,
  type RoomRefusal,
  type TableChangeMessage,
  type TableStateMessage,
} from './messages.js';
import type { ShoeRecord } from '../shoes/document.js';

/** What a message did: shown whole, a hand added, nothing (already shown), a refusal, or "read the whole state again". */
export type FollowOutcome =
  { kind: 'shown' } | { kind: 'added' } | { kind: 'stale' } | { kind: 'resync' } | { kind: 'refused'; refusal: RoomRefusal };

/** The console's presence as a screen knows it: online or not, and since when (the screen's clock when it learned, if the message does not say). */
export interface KnownPresence {
  online: boolean;
  /** ISO 8601, or null when not known (a last will found retained, written before the console left). */
  since: string | null;
}

/**
 * How far behind the revision shown a message may be and still be an old one arriving late (a
 * retained state read just before its change's): further back it is a replay or a forgery, refused.
 * More changes than a console makes in a day's play.
 */
const FAR_PAST = 100_000;

/** The refusal of a message far behind the revision shown. */
function farPast(revision: number, shown: number): FollowOutcome | null {
  if (revision >= shown - FAR_PAST) return null;
  return {
    kind: 'refused',
    refusal: { kind: 'bad-message', path: 'revision', detail: 'more than 100,000 revisions behind the revision shown' },
  };
}

/** The refusal of a state or change from a console session that does not hold the table. */
const NOT_HOLDER: FollowOutcome = {
  kind: 'refused',
  refusal: { kind: 'bad-message', path: 'session', detail: 'not from the console that holds the table' },
};

export class RoomTableFollower {
  /** The highest revision shown; 0 before any. */
  revision = 0;
  /** The table's current shoe, or null when its console has none (or nothing was received yet). */
  shoe: ShoeRecord | null = null;
  /** The table's limits as its console shows them. */
  limits = '';
  /** When the state shown was sent (ISO 8601), or null. */
  sentAt: string | null = null;
  /** The console's presence, or null before any was received. */
  presence: KnownPresence | null = null;
  /** The session of the console that holds the table ('' for a 1.0 console), from its latest presence; null before one. */
  holder: string | null = null;
  /** The session whose state is shown ('' for a 1.0 console), or null when not known (nothing shown, or a copy kept from before sessions). */
  session: string | null = null;

  constructor(readonly table: string) {}

  /**
   * Starts from a copy kept on this machine, shown until the broker says more: at revision 0, so
   * the table's state replaces it whatever its revision. Nothing happens once something is shown.
   */
  restore(kept: { shoe: ShoeRecord | null; limits: string; sentAt: string | null }): void {
    if (this.revision > 0 || this.shoe !== null) return;
    Object.assign(this, kept);
  }

  /** The table's retained state, received on joining or after asking again: taken when newer than what is shown. */
  receiveState(state: TableStateMessage): FollowOutcome {
    if (!this.fromHolder(state.session)) return NOT_HOLDER;
    const incoming = state.document.shoes[0] ?? null;
    // The state of the revision shown may give the number of a shoe first published without one.
    const shoe = this.shoe;
    if (state.revision === this.revision && shoe?.number === undefined && incoming?.id === shoe?.id && incoming?.number !== undefined) {
      this.shoe = { ...shoe!, number: incoming.number };
      return { kind: 'shown' };
    }
    if (state.revision <= this.revision) return farPast(state.revision, this.revision) ?? { kind: 'stale' };
    this.shoe = incoming && this.shoe ? sameHandsKept(this.shoe, incoming) : incoming;
    this.revision = state.revision;
    this.limits = state.limits;
    this.sentAt = state.sentAt;
    this.session = state.session ?? '';
    return { kind: 'shown' };
  }

  /** One change as the console published it. */
  receiveChange(change: TableChangeMessage, now: Date = new Date()): FollowOutcome {
    if (!this.fromHolder(change.session)) return NOT_HOLDER;
    if (change.revision <= this.revision) return farPast(change.revision, this.revision) ?? { kind: 'stale' };
    const shoe = this.shoe;
    const next = change.after === this.revision && shoe !== null && change.shoeId === shoe.id && (change.session ?? '') === this.session;
    if (next && change.change === 'add' && change.handCount === shoe.hands.length + 1 && change.hand !== undefined) {
      const checked = checkedShoeWith(shoe, change.hand, now);
      if (!checked.ok) return { kind: 'refused', refusal: checked.refusal };
      this.shoe = checked.shoe;
      this.revision = change.revision;
      return { kind: 'added' };
    }
    if (next && change.change === 'undo' && change.handCount === shoe.hands.length - 1) {
      this.shoe = { ...shoe, hands: shoe.hands.slice(0, change.handCount) };
      this.revision = change.revision;
      return { kind: 'added' };
    }
    return { kind: 'resync' };
  }

  /**
   * The console's presence; `receivedAt` stands in for a time the message does not carry (its last
   * will). True when it names a holder other than the session shown: its state is to be read, and
   * taken whatever its revision (a new session counts from where it started).
   */
  receivePresence(presence: ConsolePresenceMessage, receivedAt: Date | null): boolean {
    // The last will of a console that does not hold the table (one it was taken from) says nothing of the holder.
    if (!presence.online && this.holder !== null && (presence.session ?? '') !== this.holder) return false;
    this.presence = { online: presence.online, since: presence.at ?? receivedAt?.toISOString() ?? null };
    this.holder = presence.session ?? '';
    // Nothing shown yet: the state comes with the subscription, nothing to read again.
    if (this.holder === this.session || this.revision === 0) return false;
    this.revision = 0;
    return true;
  }

  /** A message of `session` may be shown: it is the holder's, or no presence has named one yet. */
  private fromHolder(session: string | undefined): boolean {
    return this.holder === null || this.holder === (session ?? '');
  }
}

/**
 * `incoming` with the hands it shares with `shown` (same shoe, same hand in the same place) kept as
 * the objects already shown, so a screen's roads add the new hands instead of starting again.
 */
function sameHandsKept(shown: ShoeRecord, incoming: ShoeRecord): ShoeRecord {
  if (shown.id !== incoming.id) return incoming;
  const hands = incoming.hands.map((hand, index) => {
    const old = shown.hands[index];
    // A state read against the shoe shown gives back its unchanged hands as the same objects.
    return old && (old === hand || JSON.stringify(old) === JSON.stringify(hand)) ? old : hand;
  });
  return { ...incoming, hands };
}
