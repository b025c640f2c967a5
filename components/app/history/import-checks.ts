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
} from '../../../src/shoe-document.js';

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
  | { kind: 'bad-json'; detail: string }
  | { kind: 'bad-document'; where: ShoeDocumentPlace; problem: ShoeDocumentProblem };

/** The shoes of a file, or why it is refused. */
export type ImportOutcome = { ok: true; shoes: ShoeRecord[] } | { ok: false; refusal: ImportRefusal };

/** What the import work is given: where progress goes, and a pause the page uses to draw between slices of work. */
export interface ImportWork {
  onProgress: (progress: ImportProgress) => void;
  /** Awaited between slices of work (every chunk read, every shoe checked): the page yields there; a worker need not. */
  pause: () => Promise<void>;
}

/**
 * Reads and checks an import file: its text (UTF-8, decoded fatally), its JSON, and its shoes, all
 * refused exactly as parseShoeDocument refuses the whole document.
 */
export async function readAndCheck(file: Blob, work: ImportWork, now = new Date()): Promise<ImportOutcome> {
  const text = await readText(file, work);
  if (text === null) return { ok: false, refusal: { kind: 'not-text' } };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, refusal: { kind: 'bad-json', detail: (error as Error).message } };
  }
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
