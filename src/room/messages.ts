/**
 * What travels between a table's console and the room's screens through an MQTT broker: the
 * topics, the three messages, and the checks every screen makes before it shows anything.
 * Contract version 1: docs/reference/room-messages.md. DOM-free: the page,
 * the CLI and the benchmarks build and read the same messages.
 *
 * Per table, under `bacc/v1/tables/<table key>/`:
 * - `state`, retained: the table's current shoe, whole, as a shoe export document (so a screen
 *   that joins late shows it at once, and checks it as an import is checked);
 * - `change`: one change, as it happens; a hand added carries the hand, so a screen adds it;
 * - `presence`, retained: whether the console is connected (its last will says it left), and which
 *   console holds the table: its `session` (one page of one machine) and `machine` (its name).
 *
 * Since 1.1, a console's messages carry its `session`, and a screen follows only the session of
 * the table's latest presence (the console that holds the table). Revisions count up within a
 * session and do not follow any clock. The version number stays 1: a screen of 1.0 reads 1.1's
 * messages and passes over the fields it does not know.
 */
import * as v from 'valibot';
import { normaliseFreeText } from '../shoes/table-names.js';
import {
  parseShoeDocument,
  SHOE_DOCUMENT_FORMAT,
  SHOE_DOCUMENT_VERSION,
  ShoeDocumentError,
  type HandRecord,
  type ShoeDocumentPlace,
  type ShoeDocumentProblem,
  type ShoeRecord,
} from '../shoes/document.js';

/** The version of the room's topics and messages; a screen refuses a newer one rather than guess. */
export const ROOM_PROTOCOL_VERSION = 1;

/** Every table's topics start here. */
export const ROOM_TOPIC_ROOT = 'bacc/v1/tables';

/** The largest message a screen reads: a 200-hand shoe with every card is about 40 KB. */
export const MAX_ROOM_MESSAGE_BYTES = 256 * 1024;

/**
 * How far ahead of a screen's clock a time a message states may be: clocks differ, but a time
 * from next year is a forgery. Revisions are counts, not times (see `nextRevision`).
 */
const FUTURE_TOLERANCE_MS = 24 * 60 * 60 * 1000;

/** Limits shown on a screen are at most this long (as the kiosk's `limits=`). */
const MAX_LIMITS_LENGTH = 60;

/** A console machine's name, as screens and other consoles show it. */
export const MAX_MACHINE_LENGTH = 60;

export type RoomTopicKind = 'state' | 'change' | 'presence';

/**
 * A table's name as one topic level: percent-encoded, so `/`, `+` and `#` (which MQTT reads as
 * levels and wildcards) never appear. A console's broker user is named by this key too (the ACL
 * lets user `<key>` write `bacc/v1/tables/<key>/#` only).
 */
export function tableKey(table: string): string {
  return encodeURIComponent(table);
}

/** The three topics of one table. */
export function tableTopics(table: string): Readonly<Record<RoomTopicKind, string>> {
  const base = `${ROOM_TOPIC_ROOT}/${tableKey(table)}`;
  return { state: `${base}/state`, change: `${base}/change`, presence: `${base}/presence` };
}

/** The subscriptions that take every table's topic of a kind (a lobby's). */
export function everyTableTopic(kind: RoomTopicKind): string {
  return `${ROOM_TOPIC_ROOT}/+/${kind}`;
}

/** The table and kind a topic is about, or null when it is not one of the room's. */
export function readTopic(topic: string): { table: string; kind: RoomTopicKind } | null {
  const prefix = `${ROOM_TOPIC_ROOT}/`;
  if (!topic.startsWith(prefix)) return null;
  const [key, kind, ...rest] = topic.slice(prefix.length).split('/');
  if (key === undefined || rest.length > 0 || (kind !== 'state' && kind !== 'change' && kind !== 'presence')) return null;
  try {
    return { table: decodeURIComponent(key), kind };
  } catch {
    return null;
  }
}

/** The table as it is now: published retained on `state` after every change. */
export interface TableStateMessage {
  format: 'bacc-table-state';
  version: typeof ROOM_PROTOCOL_VERSION;
  /** Grows with every change the console publishes; a screen keeps the highest it has shown. */
  revision: number;
  /** The table's name, as in its topic. */
  table: string;
  /** The table's limits as its console shows them (play money), or ''. */
  limits: string;
  /** When the console published this (ISO 8601). */
  sentAt: string;
  /** The current shoe as a shoe export document: one shoe, or none before the first is started. */
  document: { format: typeof SHOE_DOCUMENT_FORMAT; version: typeof SHOE_DOCUMENT_VERSION; shoes: ShoeRecord[] };
  /** The console session that published it (1.1; absent from a 1.0 console). */
  session?: string;
}

/**
 * What changed: a hand added, the last one undone, one corrected, a shoe started, ended or
 * reopened; or `state`: the console published its whole state again (back after the broker or it
 * was away), which every screen reads.
 */
export type TableChangeKind = 'add' | 'undo' | 'correct' | 'start' | 'end' | 'reopen' | 'state';

/** One change, published on `change` right after it is written on the console (before the new state). */
export interface TableChangeMessage {
  format: 'bacc-table-change';
  version: typeof ROOM_PROTOCOL_VERSION;
  revision: number;
  /** The revision this change follows: a screen that has shown another one has missed something. */
  after: number;
  shoeId: string;
  change: TableChangeKind;
  /** The shoe's hands once the change is written. */
  handCount: number;
  /** The hand added (`add` only). */
  hand?: HandRecord;
  /** The console session that published it (1.1; absent from a 1.0 console). */
  session?: string;
}

/** Whether the table's console is connected; `online: false` is also its last will. */
export interface ConsolePresenceMessage {
  format: 'bacc-console-presence';
  version: typeof ROOM_PROTOCOL_VERSION;
  online: boolean;
  /** When the console said so (ISO 8601); null in the last will, which is written when it connects. */
  at: string | null;
  /** The console session that holds the table (1.1): one page on one machine, for as long as it is open. */
  session?: string;
  /** The name of the machine that console runs on, for people (1.1). */
  machine?: string;
}

export type RoomMessage =
  | { kind: 'state'; table: string; message: TableStateMessage }
  | { kind: 'change'; table: string; message: TableChangeMessage }
  | { kind: 'presence'; table: string; message: ConsolePresenceMessage };

/** Why a received message is refused, as data (the page words it; the log gets `roomRefusalLogText`). */
export type RoomRefusal =
  | { kind: 'not-ours'; topic: string }
  | { kind: 'too-large'; bytes: number; most: number }
  | { kind: 'not-json' }
  | { kind: 'newer-version'; version: number }
  | { kind: 'bad-message'; path: string; detail: string }
  | { kind: 'wrong-table'; topicTable: string; messageTable: string }
  | { kind: 'bad-shoe'; problem: ShoeDocumentProblem; where: ShoeDocumentPlace; detail: string };

export type RoomReading = { ok: true; received: RoomMessage } | { ok: false; refusal: RoomRefusal };

const revision = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(Number.MAX_SAFE_INTEGER));
/** A console session's id: visible ASCII, as a bridge's source is. */
const session = v.optional(v.pipe(v.string(), v.regex(/^[\x21-\x7e]{1,64}$/)));
const envelope = { version: v.literal(ROOM_PROTOCOL_VERSION), revision, session };
const stateSchema = v.looseObject({
  format: v.literal('bacc-table-state'),
  ...envelope,
  table: v.pipe(v.string(), v.maxLength(200)),
  limits: v.pipe(v.string(), v.maxLength(200)),
  sentAt: v.pipe(v.string(), v.isoTimestamp()),
  document: v.looseObject({ shoes: v.pipe(v.array(v.unknown()), v.maxLength(1)) }),
});
const changeSchema = v.looseObject({
  format: v.literal('bacc-table-change'),
  ...envelope,
  after: revision,
  shoeId: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  change: v.picklist(['add', 'undo', 'correct', 'start', 'end', 'reopen', 'state']),
  handCount: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(200)),
  hand: v.optional(v.unknown()),
});
const presenceSchema = v.looseObject({
  format: v.literal('bacc-console-presence'),
  version: v.literal(ROOM_PROTOCOL_VERSION),
  online: v.boolean(),
  at: v.nullable(v.pipe(v.string(), v.isoTimestamp())),
  session,
  machine: v.optional(v.pipe(v.string(), v.maxLength(200))),
});

function refused(refusal: RoomRefusal): RoomReading {
  return { ok: false, refusal };
}

function schemaRefusal(issues: [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]]): RoomReading {
  const issue = issues[0];
  return refused({ kind: 'bad-message', path: v.getDotPath(issue) ?? '', detail: issue.message });
}

/**
 * Reads one message as a screen receives it: its topic, its text and its size in bytes. The shoe
 * of a state is checked with the same schema and rules as an import (parseShoeDocument: every
 * hand resolved again, no card more often than the decks hold); a state's table must be its
 * topic's. A change's hand is checked when it is added to a shoe (`checkedShoeWith`), since a
 * hand is possible or not only in its shoe. `shown` gives the shoe a screen shows of a table (one
 * read here before): a state of it is checked from its first hand that differs, so a state a hand
 * longer costs one hand's check, not the shoe's.
 */
export function readRoomMessage(
  topic: string,
  text: string,
  bytes: number,
  now: Date = new Date(),
  shown: (table: string) => ShoeRecord | null = () => null,
): RoomReading {
  const place = readTopic(topic);
  if (!place) return refused({ kind: 'not-ours', topic });
  const envelope = readJsonMessage(text, bytes, MAX_ROOM_MESSAGE_BYTES, ROOM_PROTOCOL_VERSION);
  if (!envelope.ok) return refused(envelope.refusal);
  const { json } = envelope;
  const { table, kind } = place;
  const latest = now.getTime() + FUTURE_TOLERANCE_MS;
  const future = (field: string): RoomReading =>
    refused({ kind: 'bad-message', path: field, detail: 'more than a day ahead of this screen’s clock' });
  switch (kind) {
    case 'presence': {
      const result = v.safeParse(presenceSchema, json);
      if (!result.success) return schemaRefusal(result.issues);
      const presence = result.output;
      if (presence.at !== null && Date.parse(presence.at) > latest) return future('at');
      const machine =
        presence.machine === undefined || presence.machine === '' ? undefined : normaliseFreeText(presence.machine, MAX_MACHINE_LENGTH);
      if (machine && !machine.ok)
        return refused({ kind: 'bad-message', path: 'machine', detail: 'the machine name holds a character a screen may not show' });
      const message: ConsolePresenceMessage = {
        format: 'bacc-console-presence',
        version: ROOM_PROTOCOL_VERSION,
        online: presence.online,
        at: presence.at,
        ...(presence.session !== undefined ? { session: presence.session } : {}),
        ...(machine?.ok ? { machine: machine.name } : {}),
      };
      return { ok: true, received: { kind, table, message } };
    }
    case 'change': {
      const result = v.safeParse(changeSchema, json);
      if (!result.success) return schemaRefusal(result.issues);
      if (result.output.revision <= result.output.after) {
        return refused({ kind: 'bad-message', path: 'revision', detail: 'a change must come after the revision it follows' });
      }
      return { ok: true, received: { kind, table, message: result.output as TableChangeMessage } };
    }
    case 'state': {
      const result = v.safeParse(stateSchema, json);
      if (!result.success) return schemaRefusal(result.issues);
      const state = result.output;
      if (Date.parse(state.sentAt) > latest) return future('sentAt');
      if (state.table !== table) return refused({ kind: 'wrong-table', topicTable: table, messageTable: state.table });
      const limits = state.limits === '' ? ({ ok: true, name: '' } as const) : normaliseFreeText(state.limits, MAX_LIMITS_LENGTH);
      if (!limits.ok) return refused({ kind: 'bad-message', path: 'limits', detail: 'limits hold a character a screen may not show' });
      let shoes: ShoeRecord[];
      try {
        shoes = parseShoeDocument(state.document, now, shown(table)).shoes;
      } catch (error) {
        if (!(error instanceof ShoeDocumentError)) throw error;
        return refused({ kind: 'bad-shoe', problem: error.problem, where: error.where, detail: error.message });
      }
      const shoe = shoes[0];
      if (shoe && shoe.table !== table) return refused({ kind: 'wrong-table', topicTable: table, messageTable: shoe.table });
      const message: TableStateMessage = {
        format: 'bacc-table-state',
        version: ROOM_PROTOCOL_VERSION,
        revision: state.revision,
        table,
        limits: limits.name,
        sentAt: state.sentAt,
        document: { format: SHOE_DOCUMENT_FORMAT, version: SHOE_DOCUMENT_VERSION, shoes },
        ...(state.session !== undefined ? { session: state.session } : {}),
      };
      return { ok: true, received: { kind, table, message } };
    }
  }
}

/** Why a message's envelope is refused, before its fields are read. */
export type EnvelopeRefusal =
  { kind: 'too-large'; bytes: number; most: number } | { kind: 'not-json' } | { kind: 'newer-version'; version: number };

/**
 * The JSON of a message of at most `most` bytes whose `version` (if it has one) is no newer than
 * `supported`: what every message the room reads is checked for first (room and reader messages).
 */
export function readJsonMessage(
  text: string,
  bytes: number,
  most: number,
  supported: number,
): { ok: true; json: unknown } | { ok: false; refusal: EnvelopeRefusal } {
  if (bytes > most) return { ok: false, refusal: { kind: 'too-large', bytes, most } };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, refusal: { kind: 'not-json' } };
  }
  if (typeof json === 'object' && json !== null && 'version' in json && typeof json.version === 'number' && json.version > supported) {
    return { ok: false, refusal: { kind: 'newer-version', version: json.version } };
  }
  return { ok: true, json };
}

/**
 * `shoe` with `hand` added, checked whole as an import would check it (the hand must resolve,
 * state what its cards give, and not use a card the decks no longer hold).
 */
export function checkedShoeWith(
  shoe: ShoeRecord,
  hand: unknown,
  now: Date = new Date(),
): { ok: true; shoe: ShoeRecord } | { ok: false; refusal: RoomRefusal } {
  try {
    const document = parseShoeDocument(
      { format: SHOE_DOCUMENT_FORMAT, version: SHOE_DOCUMENT_VERSION, shoes: [{ ...shoe, hands: [...shoe.hands, hand] }] },
      now,
      shoe,
    );
    const checked = document.shoes[0]!;
    // The hands already shown stay the same objects, so the roads add one hand rather than start again.
    return { ok: true, shoe: { ...shoe, hands: [...shoe.hands, checked.hands[checked.hands.length - 1]!] } };
  } catch (error) {
    if (!(error instanceof ShoeDocumentError)) throw error;
    return { ok: false, refusal: { kind: 'bad-shoe', problem: error.problem, where: error.where, detail: error.message } };
  }
}

/** An envelope's refusal in one line for the log, for a message whose newest known version is `supported`. */
export function envelopeRefusalLogText(refusal: EnvelopeRefusal, supported: number): string {
  switch (refusal.kind) {
    case 'too-large':
      return `message of ${refusal.bytes} bytes, more than ${refusal.most}`;
    case 'not-json':
      return 'not JSON';
    case 'newer-version':
      return `version ${refusal.version}, newer than ${supported}`;
  }
}

/** A refusal in one line for the log (English, like every log line; the screen words it in its language). */
export function roomRefusalLogText(refusal: RoomRefusal): string {
  switch (refusal.kind) {
    case 'not-ours':
      return `not a table topic: ${refusal.topic.slice(0, 120)}`;
    case 'too-large':
    case 'not-json':
    case 'newer-version':
      return envelopeRefusalLogText(refusal, ROOM_PROTOCOL_VERSION);
    case 'bad-message':
      return `bad message at "${refusal.path}": ${refusal.detail}`;
    case 'wrong-table':
      return `the message names table "${refusal.messageTable.slice(0, 60)}" on table "${refusal.topicTable.slice(0, 60)}"'s topic`;
    case 'bad-shoe':
      return `impossible shoe: ${refusal.detail}`;
  }
}

/**
 * The revision after `last`, the highest this console has published or found retained for its
 * table: one more. No clock: a console machine whose clock runs ahead or behind counts the same.
 */
export function nextRevision(last: number): number {
  return last + 1;
}

/**
 * The highest revision a console goes on from: a retained state at or above it (a forgery, most
 * likely) leaves no room to count up, so the console takes the table again with a new session
 * and counts from 1, which screens follow from its new presence.
 */
export const HIGHEST_REVISION = 2 ** 52;

/** The state message of a table whose current shoe is `shoe` (null before one is started). */
export function tableStateMessage(
  table: string,
  limits: string,
  shoe: ShoeRecord | null,
  revision: number,
  sentAt: Date = new Date(),
  session?: string,
): TableStateMessage {
  return {
    format: 'bacc-table-state',
    version: ROOM_PROTOCOL_VERSION,
    revision,
    table,
    limits,
    sentAt: sentAt.toISOString(),
    document: { format: SHOE_DOCUMENT_FORMAT, version: SHOE_DOCUMENT_VERSION, shoes: shoe ? [shoe] : [] },
    ...(session !== undefined ? { session } : {}),
  };
}

/** A presence message: the console is connected (`online`, now) or has left; `holder` names its session and machine. */
export function presenceMessage(online: boolean, at: Date | null, holder?: { session: string; machine: string }): ConsolePresenceMessage {
  return {
    format: 'bacc-console-presence',
    version: ROOM_PROTOCOL_VERSION,
    online,
    at: at ? at.toISOString() : null,
    ...(holder ? { session: holder.session, machine: holder.machine } : {}),
  };
}
