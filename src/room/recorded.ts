/**
 * The recorder's acknowledgement (room contract 1.2): once the room's recorder has committed a
 * table's shoe to its ledger, it publishes, retained on `bacc/v1/tables/<key>/recorded`, which
 * shoe, as of which revision of which console session, with how many hands. A console shows from it
 * how far its hands are safe beyond its own browser. Screens of 1.1 never subscribe to the topic.
 */
import * as v from 'valibot';
import {
  envelopeRefusalLogText,
  ROOM_PROTOCOL_VERSION,
  ROOM_TOPIC_ROOT,
  tableKey,
  readJsonMessage,
  type EnvelopeRefusal,
} from './messages.js';

/** An acknowledgement is a few hundred bytes: anything larger is not one. */
export const MAX_RECORDED_MESSAGE_BYTES = 4 * 1024;

/** How far ahead of the reader's clock an acknowledgement's time may be (as for the room's other messages). */
const FUTURE_TOLERANCE_MS = 24 * 60 * 60 * 1000;

/** What the recorder committed for one table. */
export interface TableRecordedMessage {
  format: 'bacc-table-recorded';
  version: typeof ROOM_PROTOCOL_VERSION;
  table: string;
  /** The shoe committed, as it stood at `revision` of `session` (the console's own counting). */
  shoeId: string;
  /** The console session whose state was committed ('' for a 1.0 console). */
  session: string;
  revision: number;
  /** The shoe's hands as committed. */
  handCount: number;
  /** When the recorder committed it (ISO 8601). */
  at: string;
  /** The recorder's name, for people (two recorders may share one ledger). */
  recorder: string;
}

/** The retained topic of a table's acknowledgements. */
export function recordedTopic(table: string): string {
  return `${ROOM_TOPIC_ROOT}/${tableKey(table)}/recorded`;
}

/** Every table's acknowledgements (a recorder's ACL line and a tool's subscription). */
export const EVERY_RECORDED_TOPIC = `${ROOM_TOPIC_ROOT}/+/recorded`;

export function tableRecordedMessage(
  fields: Omit<TableRecordedMessage, 'format' | 'version' | 'at'>,
  at: Date = new Date(),
): TableRecordedMessage {
  return { format: 'bacc-table-recorded', version: ROOM_PROTOCOL_VERSION, ...fields, at: at.toISOString() };
}

const recordedSchema = v.looseObject({
  format: v.literal('bacc-table-recorded'),
  version: v.literal(ROOM_PROTOCOL_VERSION),
  table: v.pipe(v.string(), v.maxLength(200)),
  shoeId: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  session: v.pipe(v.string(), v.regex(/^[\x21-\x7e]{0,64}$/)),
  revision: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(Number.MAX_SAFE_INTEGER)),
  handCount: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(200)),
  at: v.pipe(v.string(), v.isoTimestamp()),
  recorder: v.pipe(v.string(), v.maxLength(200)),
});

export type RecordedReading =
  | { ok: true; message: TableRecordedMessage }
  | { ok: false; refusal: EnvelopeRefusal | { kind: 'bad-message'; path: string; detail: string } | { kind: 'wrong-table' } };

/** A refused acknowledgement in one line for the log (English, like every log line). */
export function recordedRefusalLogText(refusal: Extract<RecordedReading, { ok: false }>['refusal']): string {
  switch (refusal.kind) {
    case 'too-large':
    case 'not-json':
    case 'newer-version':
      return envelopeRefusalLogText(refusal, ROOM_PROTOCOL_VERSION);
    case 'bad-message':
      return `bad acknowledgement at "${refusal.path}": ${refusal.detail}`;
    case 'wrong-table':
      return "the acknowledgement names another table than its topic's";
  }
}

/** Reads an acknowledgement received on `table`'s `recorded` topic, with the room's envelope checks. */
export function readRecordedMessage(table: string, text: string, bytes: number, now: Date = new Date()): RecordedReading {
  const envelope = readJsonMessage(text, bytes, MAX_RECORDED_MESSAGE_BYTES, ROOM_PROTOCOL_VERSION);
  if (!envelope.ok) return envelope;
  const result = v.safeParse(recordedSchema, envelope.json);
  if (!result.success) {
    const issue = result.issues[0];
    return { ok: false, refusal: { kind: 'bad-message', path: v.getDotPath(issue) ?? '', detail: issue.message } };
  }
  const message = result.output;
  if (message.table !== table) return { ok: false, refusal: { kind: 'wrong-table' } };
  if (Date.parse(message.at) > now.getTime() + FUTURE_TOLERANCE_MS) {
    return { ok: false, refusal: { kind: 'bad-message', path: 'at', detail: 'more than a day ahead of this clock' } };
  }
  const { format, version, shoeId, session, revision, handCount, at, recorder } = message;
  return { ok: true, message: { format, version, table, shoeId, session, revision, handCount, at, recorder } };
}
