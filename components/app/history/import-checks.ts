/**
 * The work of an import between choosing the file and storing its shoes, for the import worker
 * (import-worker.ts) and, where there is no worker, for the page: reading the file's text, parsing
 * its JSON and checking its shoes (parseShoeDocument), reporting progress as it goes. It words
 * nothing: a refusal is a kind with its values, which the page words (shoe-import.ts, import-words.ts).
 */
import {
  parseShoeDocument,
  ShoeDocumentError,
  type ShoeDocumentPlace,
  type ShoeDocumentProblem,
  type ShoeRecord,
} from '../../../src/shoes/document.js';

/** The steps of an import, in order: reading the file, checking its shoes, storing them. */
export type ImportStep = 'reading' | 'checking' | 'storing';

/** How far an import has got: `done` of `total` (bytes read, shoes checked, shoes stored) in its step. */
export interface ImportProgress {
  step: ImportStep;
  done: number;
  total: number;
}

/** Why a file's text is refused, as a kind and its values (the page words it). */
export type ImportRefusal =
  | { kind: 'not-text' }
  /**
   * Not JSON: `at` is where it first goes wrong (`end` when the text breaks off before the JSON is
   * complete), or null when that cannot be told; `detail` is the browser's own words, for the log only.
   */
  | { kind: 'bad-json'; at: JsonErrorPlace | null; detail: string }
  | { kind: 'bad-document'; where: ShoeDocumentPlace; problem: ShoeDocumentProblem };

/** The shoes of a file, or why it is refused. */
export type ImportOutcome = { ok: true; shoes: ShoeRecord[] } | { ok: false; refusal: ImportRefusal };

/** What the import work is given: where progress goes, and a pause the page uses to draw between slices of work. */
export interface ImportWork {
  onProgress: (progress: ImportProgress) => void;
  /**
   * Awaited between slices of work (every chunk read, every shoe checked) and, with `stageEnd`, at the
   * end of a stage (the text read, the JSON parsed): the page yields there; a worker need not.
   */
  pause: (stageEnd?: boolean) => Promise<void>;
}

/**
 * Reads and checks an import file: its text (UTF-8, decoded fatally), its JSON, and its shoes, all
 * refused exactly as parseShoeDocument refuses the whole document.
 */
export async function readAndCheck(file: Blob, work: ImportWork, now = new Date()): Promise<ImportOutcome> {
  const text = await readText(file, work);
  if (text === null) return { ok: false, refusal: { kind: 'not-text' } };
  await work.pause(true);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const offset = jsonErrorOffset(text);
    const at = offset === null ? null : { ...lineAndColumn(text, offset), end: offset >= text.length };
    return { ok: false, refusal: { kind: 'bad-json', at, detail: (error as Error).message } };
  }
  await work.pause(true);
  try {
    return { ok: true, shoes: await checkShoes(json, work, now) };
  } catch (error) {
    if (!(error instanceof ShoeDocumentError)) throw error;
    return { ok: false, refusal: { kind: 'bad-document', where: error.where, problem: error.problem } };
  }
}

/**
 * The file's text, read chunk by chunk so progress can follow the bytes, or null when its bytes are
 * not UTF-8. A streaming decoder gives the same text as decoding the whole at once (the byte order
 * mark dropped once, at the start) and refuses the same bytes.
 */
async function readText(file: Blob, work: ImportWork): Promise<string | null> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const parts: string[] = [];
  const reader = file.stream().getReader();
  let done = 0;
  work.onProgress({ step: 'reading', done, total: file.size });
  for (;;) {
    const chunk = await reader.read();
    if (chunk.done) break;
    try {
      parts.push(decoder.decode(chunk.value, { stream: true }));
    } catch {
      await reader.cancel();
      return null;
    }
    done += chunk.value.byteLength;
    work.onProgress({ step: 'reading', done, total: file.size });
    await work.pause();
  }
  try {
    parts.push(decoder.decode());
  } catch {
    return null;
  }
  return parts.join('');
}

/**
 * parseShoeDocument's shoes, checked one shoe at a time so progress can follow them. The result is
 * the whole document's, refusal for refusal: the document without its shoes is checked first (its
 * format and version), then each shoe as a document of its own with the same `now`. parseShoeDocument
 * checks every shoe's shape before any shoe's content, so when anything is wrong (a shoe refused, two
 * shoes with one id, a list longer than the schema allows) the whole document is parsed again for the
 * first problem it names; when nothing is, its shoes are these, as each shoe is checked on its own.
 * @throws ShoeDocumentError as parseShoeDocument(input, now) does.
 */
export async function checkShoes(input: unknown, work: ImportWork, now: Date): Promise<ShoeRecord[]> {
  const whole = (): ShoeRecord[] => parseShoeDocument(input, now).shoes;
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return whole();
  const shoesIn = (input as { shoes?: unknown }).shoes;
  // More shoes than the schema allows: its refusal is the whole document's.
  if (!Array.isArray(shoesIn) || shoesIn.length > 100_000) return whole();
  try {
    parseShoeDocument({ ...input, shoes: [] }, now);
  } catch {
    return whole();
  }
  const shoes: ShoeRecord[] = [];
  const ids = new Set<string>();
  const total = shoesIn.length;
  work.onProgress({ step: 'checking', done: 0, total });
  for (const shoe of shoesIn) {
    let checked: ShoeRecord;
    try {
      [checked] = parseShoeDocument({ ...input, shoes: [shoe] }, now).shoes as [ShoeRecord];
    } catch {
      return whole();
    }
    if (ids.has(checked.id)) return whole();
    ids.add(checked.id);
    shoes.push(checked);
    work.onProgress({ step: 'checking', done: shoes.length, total });
    await work.pause();
  }
  return shoes;
}

/** Where a text stops being JSON: a line and column (from 1, in characters), and whether the text breaks off there. */
export interface JsonErrorPlace {
  line: number;
  column: number;
  /** The text ends before its JSON does. */
  end: boolean;
}

/**
 * Where `text` first stops being JSON (RFC 8259): the offset of the first character no JSON text could
 * have there, the text's length when it breaks off, or null when it is JSON after all. The browser's
 * JSON.parse says where only in its own words (in English, and not always with a position), so the
 * place is found again here, once JSON.parse has refused the text.
 */
export function jsonErrorOffset(text: string): number | null {
  const n = text.length;
  let i = 0;
  const isDigit = (at: number): boolean => at < n && text.charCodeAt(at) >= 0x30 && text.charCodeAt(at) <= 0x39;
  const skipSpace = (): void => {
    while (i < n && ' \t\n\r'.includes(text[i]!)) i++;
  };
  // Each reader starts at its first character and leaves `i` after the value, or on the character it refuses.
  const readString = (): boolean => {
    for (i++; i < n; i++) {
      const code = text.charCodeAt(i);
      if (code === 0x22) {
        i++;
        return true;
      }
      if (code < 0x20) return false;
      if (code === 0x5c) {
        i++;
        if (i < n && text[i] === 'u') {
          for (let digit = 0; digit < 4; digit++) if (++i >= n || !/[0-9a-fA-F]/.test(text[i]!)) return false;
        } else if (i >= n || !'"\\/bfnrt'.includes(text[i]!)) return false;
      }
    }
    return false;
  };
  const readDigits = (): boolean => {
    if (!isDigit(i)) return false;
    while (isDigit(i)) i++;
    return true;
  };
  const readNumber = (): boolean => {
    if (text[i] === '-') i++;
    if (text[i] === '0') i++;
    else if (!readDigits()) return false;
    if (text[i] === '.') {
      i++;
      if (!readDigits()) return false;
    }
    if (text[i] === 'e' || text[i] === 'E') {
      i++;
      if (text[i] === '+' || text[i] === '-') i++;
      if (!readDigits()) return false;
    }
    return true;
  };
  const readWord = (word: string): boolean => {
    for (const character of word) {
      if (text[i] !== character) return false;
      i++;
    }
    return true;
  };
  const readScalar = (): boolean => {
    const character = text[i]!;
    if (character === '"') return readString();
    if (character === 't') return readWord('true');
    if (character === 'f') return readWord('false');
    if (character === 'n') return readWord('null');
    if (character === '-' || isDigit(i)) return readNumber();
    return false;
  };
  const open: ('array' | 'object')[] = [];
  let expecting: 'value' | 'key' | 'next' = 'value';
  for (;;) {
    skipSpace();
    if (expecting === 'next' && open.length === 0) return i < n ? i : null;
    if (i >= n) return n;
    const character = text[i]!;
    if (expecting === 'value') {
      if (character === '{' || character === '[') {
        i++;
        skipSpace();
        if (text[i] === (character === '{' ? '}' : ']')) {
          i++;
          expecting = 'next';
        } else {
          open.push(character === '{' ? 'object' : 'array');
          expecting = character === '{' ? 'key' : 'value';
        }
        continue;
      }
      if (!readScalar()) return Math.min(i, n);
      expecting = 'next';
    } else if (expecting === 'key') {
      if (character !== '"' || !readString()) return Math.min(i, n);
      skipSpace();
      if (i >= n) return n;
      if (text[i] !== ':') return i;
      i++;
      expecting = 'value';
    } else {
      const inside = open.at(-1)!;
      if (character === ',') {
        i++;
        expecting = inside === 'object' ? 'key' : 'value';
      } else if (character === (inside === 'object' ? '}' : ']')) {
        i++;
        open.pop();
      } else return i;
    }
  }
}

/** The line and column (from 1; columns in characters, not UTF-16 units) of `offset` in `text`. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let newline = text.indexOf('\n'); newline !== -1 && newline < offset; newline = text.indexOf('\n', newline + 1)) {
    line++;
    lineStart = newline + 1;
  }
  let column = 1;
  for (let at = lineStart; at < offset; at++) {
    const code = text.charCodeAt(at);
    // The second half of a character written as two UTF-16 units is not a column of its own.
    if (!(code >= 0xdc00 && code <= 0xdfff && at > lineStart && text.charCodeAt(at - 1) >= 0xd800 && text.charCodeAt(at - 1) <= 0xdbff))
      column++;
  }
  return { line, column };
}
