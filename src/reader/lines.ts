/**
 * The line protocols of card-reading shoes: a splitter that turns a serial line's chunks into whole
 * lines, and one parser per protocol that reads a line into a shoe event or refuses it with a reason.
 *
 * The protocols, the project's own version 1 with its numbered lines and the host's `RESUME`, are a
 * contract stated in docs/reference/reader-lines.md: one event a line, at most `MAX_LINE_LENGTH`
 * characters, ending in LF, CR or CRLF. The card shoe reads cards only; the procedure
 * (src/dealing/card-feed.ts) knows which are the burn.
 */
import { RANKS, parseCard, formatCard, CardError, type Card } from '../game/cards.js';

/** The longest line any protocol sends, in characters, its line ending not counted. */
export const MAX_LINE_LENGTH = 256;

/** What a device said on one line. */
export type ShoeLineEvent =
  | { kind: 'hello'; version: number }
  | { kind: 'shoe'; pack: string }
  | { kind: 'card'; card: Card }
  | { kind: 'cut' }
  | { kind: 'cancel'; card: Card }
  | { kind: 'lid'; open: boolean };

/** Why a line was refused. */
export type LineRefusalReason =
  /** Nothing but spaces. */
  | 'blank'
  /** The first word is none of the protocol's keywords. */
  | 'unknown-keyword'
  /** A keyword without the argument it takes, with one it does not take, or with too many. */
  | 'bad-arguments'
  /** The card is no card of the protocol (an unknown rank or suit, or no suit). */
  | 'unknown-card'
  /** A pack id that is empty, longer than 64 or not visible ASCII. */
  | 'bad-pack-id'
  /** `BACC-SHOE` with a version this reader does not speak. */
  | 'unsupported-version'
  /** Not JSON, or JSON that is not an object. */
  | 'not-json'
  /** A JSON object without a `card` string. */
  | 'no-card'
  /** Longer than `MAX_LINE_LENGTH` (from the splitter). */
  | 'too-long'
  /** The line was cut off: the stream ended before its line ending (from the splitter). */
  | 'incomplete';

/** A refused line: why, and the line (cut to `MAX_LINE_LENGTH` characters). */
export interface LineRefusal {
  refused: LineRefusalReason;
  line: string;
}

/** An event with the number its line carried (the project's protocol; absent when unnumbered). */
export type ReadLineEvent = ShoeLineEvent & { number?: number };

export type LineParseResult = ReadLineEvent | LineRefusal;

/** Whether a parse result is a refusal. */
export function isRefusal(result: LineParseResult): result is LineRefusal {
  return 'refused' in result;
}

/** What the splitter found: a whole line, or a line refused (too long, or cut off at the end). */
export type SplitItem = { kind: 'line'; line: string } | { kind: 'refused'; refusal: LineRefusal };

/**
 * Splits a serial line's text, chunk by chunk, into whole lines. A line ends at LF, CR or CRLF (a
 * CRLF split across two chunks is still one ending); empty lines are dropped. A line longer than
 * `MAX_LINE_LENGTH` is refused once, as soon as it is too long, and the rest of it skipped up to the
 * next line ending: the splitter never holds more than `MAX_LINE_LENGTH` characters.
 * @example
 * const splitter = new LineSplitter();
 * splitter.push('CARD 9'); // []
 * splitter.push('H\r\nCUT\n'); // [{ kind: 'line', line: 'CARD 9H' }, { kind: 'line', line: 'CUT' }]
 */
export class LineSplitter {
  private pending = '';
  private skipping = false;
  private afterCR = false;

  constructor(readonly maxLength: number = MAX_LINE_LENGTH) {}

  /** Characters held for an unfinished line (never more than `maxLength`). */
  get held(): number {
    return this.pending.length;
  }

  /** Reads one chunk; returns the lines it finishes, in order. */
  push(chunk: string): SplitItem[] {
    const items: SplitItem[] = [];
    let start = 0;
    for (let i = 0; i < chunk.length; i++) {
      const code = chunk.charCodeAt(i);
      if (code !== 10 && code !== 13) continue;
      if (code === 10 && this.afterCR && i === start) {
        // The LF of a CRLF whose CR ended the line before.
        this.afterCR = false;
        start = i + 1;
        continue;
      }
      this.take(chunk.slice(start, i), items);
      this.finishLine(items);
      this.afterCR = code === 13;
      start = i + 1;
    }
    if (start < chunk.length) {
      this.afterCR = false;
      this.take(chunk.slice(start), items);
    }
    return items;
  }

  /** The stream ended (or the cable was pulled): an unfinished line is refused as incomplete and dropped. */
  end(): SplitItem[] {
    const items: SplitItem[] = [];
    if (this.pending.length > 0) items.push({ kind: 'refused', refusal: { refused: 'incomplete', line: this.pending } });
    this.pending = '';
    this.skipping = false;
    this.afterCR = false;
    return items;
  }

  /** Adds part of a line, refusing it once when it grows too long. */
  private take(part: string, items: SplitItem[]): void {
    if (this.skipping || part.length === 0) return;
    if (this.pending.length + part.length > this.maxLength) {
      const line = (this.pending + part.slice(0, this.maxLength - this.pending.length)).slice(0, this.maxLength);
      items.push({ kind: 'refused', refusal: { refused: 'too-long', line } });
      this.pending = '';
      this.skipping = true;
      return;
    }
    this.pending += part;
  }

  /** A line ending: the line held is whole (unless it was refused as too long). */
  private finishLine(items: SplitItem[]): void {
    if (!this.skipping && this.pending.length > 0) items.push({ kind: 'line', line: this.pending });
    this.pending = '';
    this.skipping = false;
  }
}

/** The protocols a reader understands: the project's own, a suit and rank 01–13, and JSON lines. */
export type ShoeProtocol = 'bacc' | 'suit-rank' | 'json';

/** The protocols, in the order a settings page lists them. */
export const SHOE_PROTOCOLS: readonly ShoeProtocol[] = ['bacc', 'suit-rank', 'json'];

/** The version of the project's protocol this reader speaks. */
export const BACC_PROTOCOL_VERSION = 1;

const refuse = (refused: LineRefusalReason, line: string): LineRefusal => ({ refused, line: line.slice(0, MAX_LINE_LENGTH) });

/** A card with its suit in the project's notation (`9H`, `td`, `10s`), or null. */
function suitedCard(text: string): Card | null {
  try {
    const card = parseCard(text);
    return card.suit === null ? null : formatCard(card);
  } catch (error) {
    if (error instanceof CardError) return null;
    throw error;
  }
}

/** Visible ASCII (0x21–0x7E), 1–64 characters. */
const PACK_ID = /^[\x21-\x7e]{1,64}$/;

/**
 * Reads one line of the project's protocol, version 1 (see the table at the top of this module).
 * @example parseBaccLine('card 9h') // { kind: 'card', card: '9H' }
 * @example parseBaccLine('CARD 9') // { refused: 'unknown-card', line: 'CARD 9' }
 */
export function parseBaccLine(line: string): LineParseResult {
  const words = line.trim().split(/[ \t]+/);
  if (words[0] === '') return refuse('blank', line);
  if (LINE_NUMBER.test(words[0]!) && words.length > 1) {
    const event = parseBaccWords(words.slice(1), line);
    return isRefusal(event) || event.kind === 'hello' ? event : { ...event, number: Number(words[0]) };
  }
  return parseBaccWords(words, line);
}

/** A line's number: 1 to 999 999 999, no leading zero. */
const LINE_NUMBER = /^[1-9][0-9]{0,8}$/;

function parseBaccWords(words: string[], line: string): LineParseResult {
  const keyword = words[0]!.toUpperCase();
  const args = words.slice(1);
  const one = (): string | null => (args.length === 1 ? args[0]! : null);
  switch (keyword) {
    case 'BACC-SHOE': {
      const text = one();
      if (text === null) return refuse('bad-arguments', line);
      if (!/^[0-9]{1,4}$/.test(text)) return refuse('bad-arguments', line);
      const version = Number(text);
      return version === BACC_PROTOCOL_VERSION ? { kind: 'hello', version } : refuse('unsupported-version', line);
    }
    case 'SHOE': {
      const pack = one();
      if (pack === null) return refuse(args.length === 0 ? 'bad-arguments' : 'bad-pack-id', line);
      return PACK_ID.test(pack) ? { kind: 'shoe', pack } : refuse('bad-pack-id', line);
    }
    case 'CARD':
    case 'CANCEL': {
      const text = one();
      if (text === null) return refuse('bad-arguments', line);
      const card = suitedCard(text);
      if (card === null) return refuse('unknown-card', line);
      return keyword === 'CARD' ? { kind: 'card', card } : { kind: 'cancel', card };
    }
    case 'CUT':
      return args.length === 0 ? { kind: 'cut' } : refuse('bad-arguments', line);
    case 'LID': {
      const state = one()?.toUpperCase();
      if (state === 'OPEN') return { kind: 'lid', open: true };
      if (state === 'CLOSED') return { kind: 'lid', open: false };
      return refuse('bad-arguments', line);
    }
    default:
      return refuse('unknown-keyword', line);
  }
}

/** What a host writes back to a device speaking the project's protocol (see the top of this module). */
export type ResumeRequest = { pack: string; last: number } | null;

/** The host's line: `RESUME <pack> <n>`, or `RESUME` when it holds no numbered line. */
export function formatResumeLine(request: ResumeRequest): string {
  return request ? `RESUME ${request.pack} ${request.last}` : 'RESUME';
}

/**
 * Reads a host's line (the device's side): a resume request, or undefined when the line is none.
 * @example parseResumeLine('RESUME sim-7 41') // { pack: 'sim-7', last: 41 }
 */
export function parseResumeLine(line: string): ResumeRequest | undefined {
  const words = line.trim().split(/[ \t]+/);
  if (words[0]!.toUpperCase() !== 'RESUME') return undefined;
  if (words.length === 1) return null;
  if (words.length === 3 && PACK_ID.test(words[1]!) && /^(0|[1-9][0-9]{0,8})$/.test(words[2]!))
    return { pack: words[1]!, last: Number(words[2]) };
  return undefined;
}

/**
 * The numbers of a device's lines as a host reads them: which pack and line it holds, whether a line
 * is one it already holds (a repeat, sent again after a resume), and whether a number skipped (lines
 * lost on the way: the host asks for them again and takes nothing out of order meanwhile).
 */
export class LineNumbers {
  private pack: string | null;
  private last: number;

  /** `held`: what a host held before (a console reopened), so the device is asked for what follows. */
  constructor(held: ResumeRequest = null) {
    this.pack = held?.pack ?? null;
    this.last = held?.last ?? 0;
  }

  /** What the host holds, for its `RESUME` line. */
  get held(): ResumeRequest {
    return this.pack !== null && this.last > 0 ? { pack: this.pack, last: this.last } : null;
  }

  /**
   * Sorts one event: `take` (new, in order, or unnumbered), `repeat` (held already), or `gap` (a
   * number skipped; only when `strict`, for a host that can ask again — otherwise it is taken).
   */
  sort(event: ReadLineEvent, strict: boolean): 'take' | 'repeat' | 'gap' {
    const { number } = event;
    if (number === undefined) {
      if (event.kind === 'shoe') this.startPack(null, 0);
      return 'take';
    }
    if (event.kind === 'shoe' && event.pack !== this.pack) {
      if (strict && number !== 1) return 'gap';
      this.startPack(event.pack, number);
      return 'take';
    }
    // A host that can ask waits for the pack's first line; one that cannot (it joined mid-shoe) takes what
    // comes, numbers still telling a repeat.
    if (strict && this.pack === null) return 'gap';
    if (this.last > 0 && number <= this.last) return 'repeat';
    if (strict && number !== this.last + 1) return 'gap';
    this.last = number;
    return 'take';
  }

  /** Holds `held` from now on (less than before: the lines after it are taken again when they come). */
  holdOnly(held: ResumeRequest): void {
    this.startPack(held?.pack ?? null, held?.last ?? 0);
  }

  private startPack(pack: string | null, last: number): void {
    this.pack = pack;
    this.last = last;
  }
}

/** A suit letter and a rank 1–13 as numbers (1 ace … 10 ten, 11 jack, 12 queen, 13 king) to a card. */
function cardOf(suit: string, rank: number): Card {
  return `${RANKS[rank - 1]!}${suit.toUpperCase()}`;
}

/**
 * Reads one line of the suit-and-rank protocol: a suit letter `S H D C` then a two-digit rank 01–13
 * (01 ace, 02–10 their value, 11 jack, 12 queen, 13 king), either case, spaces around ignored.
 * @example parseSuitRankLine('D12') // { kind: 'card', card: 'QD' }
 */
export function parseSuitRankLine(line: string): LineParseResult {
  const text = line.trim();
  if (text === '') return refuse('blank', line);
  const match = /^([SHDC])(0[1-9]|1[0-3])$/i.exec(text);
  if (!match) return refuse('unknown-card', line);
  return { kind: 'card', card: cardOf(match[1]!, Number(match[2])) };
}

const LETTER_RANKS: Readonly<Record<string, number>> = { A: 1, J: 11, Q: 12, K: 13 };

/**
 * Reads one line of the JSON protocol: an object with a `card` string, a suit letter `S H D C` then
 * a rank `1`–`13` (no leading zero) or `A J Q K`, either case (`"h10"` is the ten of hearts, `"hA"`
 * and `"h1"` its ace). Other keys (a timestamp, a sequence number) are ignored; an object without
 * a `card` string, or with a card that is none of these, is refused, as is a line that is not a
 * JSON object.
 * @example parseJsonLine('{"card":"h10"}') // { kind: 'card', card: 'TH' }
 */
export function parseJsonLine(line: string): LineParseResult {
  const text = line.trim();
  if (text === '') return refuse('blank', line);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return refuse('not-json', line);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return refuse('not-json', line);
  const card = (value as Record<string, unknown>)['card'];
  if (typeof card !== 'string') return refuse('no-card', line);
  const match = /^([SHDC])([1-9]|1[0-3]|[AJQK])$/i.exec(card);
  if (!match) return refuse('unknown-card', line);
  const rank = match[2]!.toUpperCase();
  return { kind: 'card', card: cardOf(match[1]!, LETTER_RANKS[rank] ?? Number(rank)) };
}

/** The parser of a protocol. */
export function lineParser(protocol: ShoeProtocol): (line: string) => LineParseResult {
  switch (protocol) {
    case 'bacc':
      return parseBaccLine;
    case 'suit-rank':
      return parseSuitRankLine;
    case 'json':
      return parseJsonLine;
  }
}

/** A line read: its text (null for a refusal from the splitter) and what it said. */
export interface ReadLine {
  line: string;
  result: LineParseResult;
}

export interface ShoeLineReaderOptions {
  /**
   * Writes a line back to the device (a host on the serial line itself). With it, the reader answers
   * a hello and a skipped number with `RESUME`, and takes no numbered line out of order; without it
   * (lines relayed by a bridge) it takes what comes, dropping only repeats.
   */
  answer?: (line: string) => void;
  /** The numbered lines held already (kept by a host that was reopened). */
  held?: ResumeRequest;
  /** Clock, for tests. */
  now?: () => number;
}

/** How long a reader waits for the lines it asked again before it asks once more. */
export const ASK_AGAIN_MS = 1000;

/**
 * A line reader for one protocol: the splitter, the parser and the line numbers together. Each chunk
 * gives its events and refusals in order; repeats are dropped; the reader counts each kind.
 * @example new ShoeLineReader('suit-rank').push('D12\r\nX05\r\n') // [{ kind: 'card', card: 'QD' }, { refused: 'unknown-card', line: 'X05' }]
 */
export class ShoeLineReader {
  private readonly splitter: LineSplitter;
  private readonly parse: (line: string) => LineParseResult;
  private readonly numbers: LineNumbers;
  private askedAt: number | null = null;
  /** Lines read as events so far. */
  accepted = 0;
  /** Lines refused so far (too long and incomplete ones included). */
  refused = 0;
  /** Numbered lines dropped because they were held already (sent again after a resume). */
  repeated = 0;
  /** Numbered lines dropped after a skipped number, until the lines missing come again. */
  skipped = 0;

  constructor(
    readonly protocol: ShoeProtocol,
    private readonly options: ShoeLineReaderOptions = {},
  ) {
    this.splitter = new LineSplitter();
    this.parse = lineParser(protocol);
    this.numbers = new LineNumbers(options.held);
  }

  /** The host opened the line: it says what it holds, so the device goes on from there. */
  opened(): void {
    this.ask();
  }

  /**
   * Asks the device for its lines after `held` (a bridge asked for lines it no longer keeps): they are
   * taken again as they come, not dropped as repeats.
   */
  resumeFrom(held: ResumeRequest): void {
    this.numbers.holdOnly(held);
    this.ask();
  }

  /** Reads one chunk of the line's text. */
  push(chunk: string): LineParseResult[] {
    return this.read(chunk).map((item) => item.result);
  }

  /** Reads one chunk, keeping each line's text with what it said. */
  read(chunk: string): ReadLine[] {
    return this.count(this.splitter.push(chunk));
  }

  /** The stream ended: an unfinished line is refused. */
  end(): LineParseResult[] {
    return this.count(this.splitter.end()).map((item) => item.result);
  }

  private count(items: SplitItem[]): ReadLine[] {
    const read: ReadLine[] = [];
    for (const item of items) {
      const line = item.kind === 'line' ? item.line : item.refusal.line;
      const result = item.kind === 'line' ? this.parse(item.line) : item.refusal;
      if (isRefusal(result)) {
        this.refused++;
        read.push({ line, result });
        continue;
      }
      if (result.kind === 'hello') {
        this.ask();
      } else {
        const sorted = this.numbers.sort(result, this.options.answer !== undefined);
        if (sorted === 'repeat') {
          this.repeated++;
          continue;
        }
        if (sorted === 'gap') {
          this.skipped++;
          if (this.askedAt === null || this.now() - this.askedAt >= ASK_AGAIN_MS) this.ask();
          continue;
        }
        this.askedAt = null;
      }
      this.accepted++;
      read.push({ line, result });
    }
    return read;
  }

  private ask(): void {
    if (!this.options.answer || this.protocol !== 'bacc') return;
    this.askedAt = this.now();
    this.options.answer(formatResumeLine(this.numbers.held));
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }
}

/**
 * A card in each protocol's spelling, for a simulator or a test: `formatCardLine('QD', 'suit-rank')`
 * is `'D12'`, in `'bacc'` it is `'CARD QD'`, in `'json'` `'{"card":"D12"}'`.
 * @throws CardError when the card has no suit or is no card.
 */
export function formatCardLine(card: Card, protocol: ShoeProtocol): string {
  const parsed = parseCard(card);
  if (parsed.suit === null) throw new CardError({ kind: 'unknown-card', text: card });
  const rank = parsed.rank + 1;
  switch (protocol) {
    case 'bacc':
      return `CARD ${formatCard(parsed)}`;
    case 'suit-rank':
      return `${parsed.suit}${String(rank).padStart(2, '0')}`;
    case 'json':
      return JSON.stringify({ card: `${parsed.suit}${rank}` });
  }
}
