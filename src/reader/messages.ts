/**
 * Reader lines through the room's broker: what a shoe bridge (`bacc shoe`, a card-reading shoe on
 * another box) publishes and what the table's console checks before it feeds a line to its card
 * feed. Contract version 1, stated in docs/reference/reader-lines.md. DOM-free: the bridge, the
 * console and the tests build and read the same messages.
 *
 * Topic `bacc/v1/tables/<table key>/reader` (the table key as in src/room/messages.ts), QoS 1, not
 * retained. One message carries the lines the bridge accepted since its last message, in order:
 *
 * ```json
 * {"format":"bacc-reader-lines","version":1,"source":"bridge-3f9a0c12d4e5","seq":1,"protocol":"bacc","lines":["BACC-SHOE 1","SHOE sim-1","CARD 9H"]}
 * ```
 *
 * - `source`: the bridge's id for one run, 1–64 visible ASCII characters; a bridge started again
 *   takes a new one, so its `seq` starts again at 1.
 * - `seq`: 1 for a source's first message, one more for each next one. QoS 1 may deliver a message
 *   twice (the bridge sends it again when the broker's acknowledgement was lost): a console drops
 *   a `seq` it has read from that source, and a `seq` more than one ahead is a gap (lines lost).
 * - `protocol`: the line protocol of src/reader/lines.ts the lines are in.
 * - `lines`: 1–64 lines, each 1–256 characters without CR or LF, each one its protocol's parser
 *   accepts (the bridge publishes no refused line; a message holding one is refused whole).
 */
import * as v from 'valibot';
import { envelopeRefusalLogText, readJsonMessage, ROOM_TOPIC_ROOT, tableKey } from '../room/messages.js';
import {
  MAX_LINE_LENGTH,
  SHOE_PROTOCOLS,
  isRefusal,
  lineParser,
  type LineRefusalReason,
  type ReadLineEvent,
  type ResumeRequest,
  type ShoeProtocol,
} from './lines.js';

export const READER_MESSAGE_FORMAT = 'bacc-reader-lines';
export const READER_MESSAGE_VERSION = 1;

/** The most lines one message carries. */
export const MAX_READER_LINES = 64;

/**
 * The largest message read, in bytes: 64 lines of 256 characters, each character escaped by JSON
 * at its longest (`\u001f`, 6 bytes), fit, so a message the builder makes is never refused as too large.
 */
export const MAX_READER_MESSAGE_BYTES = 128 * 1024;

/** A source id: 1–64 visible ASCII characters. */
const SOURCE_ID = /^[\x21-\x7e]{1,64}$/;

/** One message of reader lines. */
export interface ReaderLinesMessage {
  format: typeof READER_MESSAGE_FORMAT;
  version: typeof READER_MESSAGE_VERSION;
  source: string;
  seq: number;
  protocol: ShoeProtocol;
  lines: string[];
}

/** The reader topic of a table. */
export function readerTopic(table: string): string {
  return `${ROOM_TOPIC_ROOT}/${tableKey(table)}/reader`;
}

/** The subscription that takes every table's reader lines. */
export const EVERY_READER_TOPIC = `${ROOM_TOPIC_ROOT}/+/reader`;

/** The table a reader topic is about, or null when it is no table's reader topic. */
export function readReaderTopic(topic: string): string | null {
  const prefix = `${ROOM_TOPIC_ROOT}/`;
  if (!topic.startsWith(prefix)) return null;
  const [key, kind, ...rest] = topic.slice(prefix.length).split('/');
  if (key === undefined || key === '' || kind !== 'reader' || rest.length > 0) return null;
  try {
    return decodeURIComponent(key);
  } catch {
    return null;
  }
}

/** Why a line cannot travel in a reader message, or null when it can. */
function lineProblem(line: string): string | null {
  if (line.length === 0) return 'an empty line';
  if (line.length > MAX_LINE_LENGTH) return `a line longer than ${MAX_LINE_LENGTH} characters`;
  if (/[\r\n]/.test(line)) return 'a line with CR or LF in it';
  return null;
}

/**
 * A reader message.
 * @throws RangeError for a source id, seq or lines the contract does not allow (the bridge never
 * makes one: it batches at most `MAX_READER_LINES` lines its parser accepted).
 */
export function readerLinesMessage(source: string, seq: number, protocol: ShoeProtocol, lines: readonly string[]): ReaderLinesMessage {
  if (!SOURCE_ID.test(source)) throw new RangeError('a reader source id is 1–64 visible ASCII characters');
  if (!Number.isSafeInteger(seq) || seq < 1) throw new RangeError(`seq must be a whole number from 1; got ${seq}`);
  if (!SHOE_PROTOCOLS.includes(protocol)) throw new RangeError(`unknown protocol ${String(protocol)}`);
  if (lines.length < 1 || lines.length > MAX_READER_LINES) throw new RangeError(`a reader message carries 1 to ${MAX_READER_LINES} lines`);
  for (const line of lines) {
    const problem = lineProblem(line);
    if (problem !== null) throw new RangeError(`a reader message cannot carry ${problem}`);
  }
  return { format: READER_MESSAGE_FORMAT, version: READER_MESSAGE_VERSION, source, seq, protocol, lines: [...lines] };
}

/** Why a received reader message is refused, as data. */
export type ReaderRefusal =
  | { kind: 'not-ours'; topic: string }
  | { kind: 'too-large'; bytes: number; most: number }
  | { kind: 'not-json' }
  | { kind: 'newer-version'; version: number }
  | { kind: 'bad-message'; path: string; detail: string }
  /** Line `index` (from 0) is one its protocol's parser refuses. */
  | { kind: 'bad-line'; index: number; reason: LineRefusalReason };

export type ReaderReading =
  { ok: true; table: string; message: ReaderLinesMessage; events: ReadLineEvent[] } | { ok: false; refusal: ReaderRefusal };

const lineSchema = v.pipe(
  v.string(),
  v.minLength(1),
  v.maxLength(MAX_LINE_LENGTH),
  v.check((line) => !/[\r\n]/.test(line), 'a line holds no CR or LF'),
);
const messageSchema = v.looseObject({
  format: v.literal(READER_MESSAGE_FORMAT),
  version: v.literal(READER_MESSAGE_VERSION),
  source: v.pipe(v.string(), v.regex(SOURCE_ID, 'a source id is 1–64 visible ASCII characters')),
  seq: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(Number.MAX_SAFE_INTEGER)),
  protocol: v.picklist(SHOE_PROTOCOLS),
  lines: v.pipe(v.array(lineSchema), v.minLength(1), v.maxLength(MAX_READER_LINES)),
});

const refused = (refusal: ReaderRefusal): ReaderReading => ({ ok: false, refusal });

/**
 * Reads one reader message as a console receives it: its topic, its text and its size in bytes.
 * Every line is parsed with its protocol's parser; the events come back in order with the message.
 */
export function readReaderMessage(topic: string, text: string, bytes: number): ReaderReading {
  const table = readReaderTopic(topic);
  if (table === null) return refused({ kind: 'not-ours', topic });
  const envelope = readJsonMessage(text, bytes, MAX_READER_MESSAGE_BYTES, READER_MESSAGE_VERSION);
  if (!envelope.ok) return refused(envelope.refusal);
  const result = v.safeParse(messageSchema, envelope.json);
  if (!result.success) {
    const issue = result.issues[0];
    return refused({ kind: 'bad-message', path: v.getDotPath(issue) ?? '', detail: issue.message });
  }
  const { source, seq, protocol, lines } = result.output;
  const parse = lineParser(protocol);
  const events: ReadLineEvent[] = [];
  for (const [index, line] of lines.entries()) {
    const parsed = parse(line);
    if (isRefusal(parsed)) return refused({ kind: 'bad-line', index, reason: parsed.refused });
    events.push(parsed);
  }
  const message: ReaderLinesMessage = { format: READER_MESSAGE_FORMAT, version: READER_MESSAGE_VERSION, source, seq, protocol, lines };
  return { ok: true, table, message, events };
}

/** A refusal in one line for the log (English, like every log line). */
export function readerRefusalLogText(refusal: ReaderRefusal): string {
  switch (refusal.kind) {
    case 'not-ours':
      return `not a reader topic: ${refusal.topic.slice(0, 120)}`;
    case 'too-large':
    case 'not-json':
    case 'newer-version':
      return envelopeRefusalLogText(refusal, READER_MESSAGE_VERSION);
    case 'bad-message':
      return `bad message at "${refusal.path}": ${refusal.detail}`;
    case 'bad-line':
      return `line ${refusal.index + 1} refused by its protocol: ${refusal.reason}`;
  }
}

/** Where a message stands in its source's sequence. */
export type ReaderSequenceStep =
  /** The next one (or a source's first): read its lines. */
  | { kind: 'next' }
  /** A seq already read from this source: drop it. */
  | { kind: 'repeat' }
  /** `missing` messages were lost before this one: read it, and say lines were lost. */
  | { kind: 'gap'; missing: number };

/**
 * Follows each source's seq, for a console: each message read is `next`, a `repeat` to drop, or
 * comes after a `gap`. A source's first message is `next` whatever its seq (a console may join late).
 */
export class ReaderSequence {
  private readonly last = new Map<string, number>();

  /** Where `message` stands; a `next` or `gap` message is taken as read. */
  step(message: Pick<ReaderLinesMessage, 'source' | 'seq'>): ReaderSequenceStep {
    const last = this.last.get(message.source);
    if (last !== undefined && message.seq <= last) return { kind: 'repeat' };
    this.last.set(message.source, message.seq);
    if (last === undefined || message.seq === last + 1) return { kind: 'next' };
    return { kind: 'gap', missing: message.seq - last - 1 };
  }
}

/**
 * A console's request for lines again, on `bacc/v1/tables/<key>/reader-request` (QoS 1, not retained;
 * the table's console login writes it, and the bridge, logged in as the table, reads it):
 *
 * ```json
 * {"format":"bacc-reader-request","version":1,"held":{"pack":"sim-1","last":41}}
 * ```
 *
 * `held`: the device's numbered lines the console holds (lines 1 to `last` of `pack`), or null for none.
 * The bridge answers with ordinary reader messages (next seqs of its source) holding the lines after
 * those, or the whole pack when the console holds another one; a bridge without this request ignores it.
 */
export const READER_REQUEST_FORMAT = 'bacc-reader-request';

/** The largest request read, in bytes (a pack id is at most 64 characters). */
export const MAX_READER_REQUEST_BYTES = 1024;

export interface ReaderRequestMessage {
  format: typeof READER_REQUEST_FORMAT;
  version: typeof READER_MESSAGE_VERSION;
  held: ResumeRequest;
}

/** The topic a table's console asks its bridge on. */
export function readerRequestTopic(table: string): string {
  return `${ROOM_TOPIC_ROOT}/${tableKey(table)}/reader-request`;
}

/**
 * A request for the lines after `held`.
 * @throws RangeError for a pack id or line number the device's protocol does not allow.
 */
export function readerRequestMessage(held: ResumeRequest): ReaderRequestMessage {
  if (held && (!PACK_ID.test(held.pack) || !Number.isSafeInteger(held.last) || held.last < 0 || held.last > MAX_LINE_NUMBER))
    throw new RangeError('a request holds a pack id of 1–64 visible ASCII characters and a line number from 0');
  return { format: READER_REQUEST_FORMAT, version: READER_MESSAGE_VERSION, held: held ? { pack: held.pack, last: held.last } : null };
}

const PACK_ID = /^[\x21-\x7e]{1,64}$/;
const MAX_LINE_NUMBER = 999_999_999;

const requestSchema = v.looseObject({
  format: v.literal(READER_REQUEST_FORMAT),
  version: v.literal(READER_MESSAGE_VERSION),
  held: v.nullable(
    v.looseObject({
      pack: v.pipe(v.string(), v.regex(PACK_ID, 'a pack id is 1–64 visible ASCII characters')),
      last: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_LINE_NUMBER)),
    }),
  ),
});

export type ReaderRequestReading = { ok: true; table: string; held: ResumeRequest } | { ok: false; refusal: ReaderRefusal };

/** Reads a request as a bridge receives it: its topic, its text and its size in bytes. */
export function readReaderRequest(topic: string, text: string, bytes: number): ReaderRequestReading {
  const prefix = `${ROOM_TOPIC_ROOT}/`;
  const [key, kind, ...rest] = topic.startsWith(prefix) ? topic.slice(prefix.length).split('/') : [];
  let table: string | null = null;
  try {
    if (key !== undefined && key !== '' && kind === 'reader-request' && rest.length === 0) table = decodeURIComponent(key);
  } catch {
    table = null;
  }
  if (table === null) return { ok: false, refusal: { kind: 'not-ours', topic } };
  const envelope = readJsonMessage(text, bytes, MAX_READER_REQUEST_BYTES, READER_MESSAGE_VERSION);
  if (!envelope.ok) return { ok: false, refusal: envelope.refusal };
  const result = v.safeParse(requestSchema, envelope.json);
  if (!result.success) {
    const issue = result.issues[0];
    return { ok: false, refusal: { kind: 'bad-message', path: v.getDotPath(issue) ?? '', detail: issue.message } };
  }
  const { held } = result.output;
  return { ok: true, table, held: held && held.last > 0 ? { pack: held.pack, last: held.last } : null };
}
