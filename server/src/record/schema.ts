/**
 * The ledger's tables as Kysely sees them: one query code for SQLite and PostgreSQL. Append-only:
 * rows are inserted, never updated or deleted (`hand_hour` aside: counts kept of them). A shoe's
 * content is kept as versions; a hand, event or audit entry row holds its place from the version it
 * first appeared in (`from_version`), so a correction or an undo adds rows and every earlier version
 * of the shoe can still be read back.
 * Times are ISO 8601 in UTC with milliseconds (`…T02:00:00.000Z`), so they sort as text on both.
 * Booleans are 0/1 integers on both.
 */
import type { Generated } from 'kysely';

export interface RoomTableRow {
  name: string;
  first_seen_at: string;
}

/** What a shoe is for its whole life: never changes once recorded. */
export interface ShoeRow {
  shoe_id: string;
  table_name: string;
  source: 'simulated' | 'recorded';
  seed: string | null;
  /** The table's rules as JSON (as the shoe document writes them). */
  rules: string;
  /** As the console wrote it (export gives it back unchanged); `started_utc` for ranges. */
  started_at: string;
  started_utc: string;
  first_recorded_at: string;
  /** The pack id of the card shoe's SHOE line before the shoe's first state, or null (typed by hand). */
  pack_id: string | null;
}

/** One version of a shoe: what a console's state held at one of its revisions, as it differs from the previous. */
export interface ShoeVersionRow {
  shoe_id: string;
  /** 1, 2, … in the order recorded. */
  version: number;
  /** SHA-256 of the shoe as it stands in this version (its content, limits included). */
  digest: string;
  /** The console session whose state this was ('' for a 1.0 console) and its revision there. */
  session: string;
  revision: number;
  limits: string;
  number: number | null;
  ended_at: string | null;
  hand_count: number;
  /** Null when the document had no `events` (or `audit`) field, so an export gives back the same text. */
  event_count: number | null;
  audit_count: number | null;
  /** The console's `sentAt` (UTC) and when this recorder committed it. */
  sent_utc: string;
  recorded_at: string;
  recorder: string;
}

/** A hand in its place (`position`, from 1), as it stands from `from_version` on. */
export interface HandRow {
  shoe_id: string;
  position: number;
  from_version: number;
  outcome: 'B' | 'P' | 'T';
  player_pair: number;
  banker_pair: number;
  natural: number;
  player_total: number | null;
  banker_total: number | null;
  /** The cards in dealing order, space-separated (`9H KS 2D 3C`), or null for a hand recorded by outcome. */
  cards: string | null;
  /** When the state that first held this hand here was sent (UTC): the hand's time for reports. */
  dealt_utc: string;
}

/** An event of the dealing procedure or an audit entry in its place, as JSON in the document's field order. */
export interface ShoeEntryRow {
  shoe_id: string;
  list: 'event' | 'audit';
  position: number;
  from_version: number;
  /** The event's kind or the audit entry's action, for queries. */
  kind: string;
  body: string;
}

/**
 * One table's hands in one UTC hour, as they stand: kept by the recorder in the transaction of each
 * version it writes (a hand a correction or an undo supersedes is taken off the hour it was dealt
 * in), so reports read hours instead of hands. Not part of the record: counted from it, and the one
 * table whose rows change.
 */
export interface HandHourRow {
  table_name: string;
  /** The hour dealt, `dealt_utc`'s first 13 characters: `2026-03-01T02`. */
  hour: string;
  hands: number;
  banker: number;
  player: number;
  tie: number;
  /** Of the hands with cards only (`carded`): a hand recorded by its outcome has none known. */
  naturals: number;
  player_pairs: number;
  banker_pairs: number;
  carded: number;
}

export interface PresenceRow {
  id: Generated<number>;
  table_name: string;
  session: string;
  machine: string | null;
  online: number;
  /** The time the console stated, or null for its last will. */
  at_utc: string | null;
  /** What makes the same presence from two recorders (or delivered twice) one row. */
  presence_key: string;
  received_at: string;
  recorder: string;
}

export interface RefusalRow {
  id: Generated<number>;
  topic: string;
  received_at: string;
  reason: string;
  bytes: number;
  /** SHA-256 of the message: the same message refused twice is one row. */
  digest: string;
  recorder: string;
}

export interface ReaderLineRow {
  table_name: string;
  source: string;
  seq: number;
  protocol: string;
  /** The message's lines as a JSON array. */
  lines: string;
  received_at: string;
}

/** A login of the pit's view: a person with a role; the password kept as a scrypt hash. */
export interface PitUserRow {
  name: string;
  role: 'pit' | 'surveillance' | 'admin';
  password_hash: string;
  created_at: string;
}

/** A signed-in session: the SHA-256 of its token (the token itself is never stored) and when it ends. */
export interface PitLoginRow {
  token_hash: string;
  user_name: string;
  created_at: string;
  expires_at: string;
}

/**
 * A surveillance login's acknowledgement of one of the room's exceptions (server/src/pit/exceptions.ts):
 * who, when and why. Append-only: an exception is acknowledged once, and the first stays.
 */
export interface ExceptionAckRow {
  /** The exception's id: its ledger row's unique key, encoded (see exceptionId). */
  exception_id: string;
  /** The login's name when it acknowledged (kept as given: a login removed later leaves it). */
  acknowledged_by: string;
  acknowledged_at: string;
  note: string;
}

export interface LedgerTables {
  room_table: RoomTableRow;
  shoe: ShoeRow;
  shoe_version: ShoeVersionRow;
  hand: HandRow;
  shoe_entry: ShoeEntryRow;
  hand_hour: HandHourRow;
  presence: PresenceRow;
  refusal: RefusalRow;
  reader_line: ReaderLineRow;
  pit_user: PitUserRow;
  pit_login: PitLoginRow;
  exception_ack: ExceptionAckRow;
}
