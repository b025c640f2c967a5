/**
 * Reading an import file into shoes, before anything is stored: its size, its type, its text, its
 * JSON, then the shoe export document's schema and every hand resolved again (parseShoeDocument).
 * The reading and checking run in a worker (import-worker.ts), or on the page in slices where there
 * is none, reporting progress. Any refusal is an ImportRefusedError whose message says what is wrong
 * in words for the screen: a ShoeDocumentError's place and problem are worded by import-words.ts,
 * never by its English message.
 */
import { msg, str } from '@lit/localize';
import { ShoeDocumentError, type ShoeRecord } from '../../../src/shoes/document.js';
import { formatBytes, MAX_IMPORT_BYTES } from './file-sizes.js';
import { shoeDocumentErrorText } from './import-words.js';
import { readAndCheck, type ImportOutcome, type ImportProgress, type ImportRefusal } from './import-checks.js';
import type { ImportReply, ImportRequest } from './import-worker.js';

export type { ImportProgress, ImportStep } from './import-checks.js';

/** A file import refused before anything was stored. */
export class ImportRefusedError extends Error {
  override name = 'ImportRefusedError';
}

/** Whether a file is meant to hold JSON: by its type when the browser gives one, else by its name. */
function looksLikeJson(file: File): boolean {
  const type = file.type.toLowerCase();
  if (type === 'application/json' || type.endsWith('+json') || type === 'text/json') return true;
  return /\.json$/i.test(file.name) && (type === '' || type.startsWith('text/') || type === 'application/octet-stream');
}

/** An import stopped by its AbortSignal (the Cancel button) before anything was stored. */
export class ImportCancelledError extends Error {
  override name = 'ImportCancelledError';
}

/** How readImportFile reports and stops. */
export interface ReadOptions {
  /** Called as the file is read and its shoes checked. */
  onProgress?: (progress: ImportProgress) => void;
  /** Stops the reading and checking: readImportFile then rejects with an ImportCancelledError. */
  signal?: AbortSignal;
}

/**
 * The shoes of an import file, checked through and through, read and checked in a worker (or on
 * the page, in slices with the page drawn between them, where a worker cannot be started).
 * @throws ImportRefusedError naming the file and what is wrong: too large, not JSON, not UTF-8,
 *   not valid JSON, or (from parseShoeDocument) the first bad shoe, hand and field.
 * @throws ImportCancelledError when `signal` aborts first.
 */
export async function readImportFile(file: File, maxBytes = MAX_IMPORT_BYTES, options: ReadOptions = {}): Promise<ShoeRecord[]> {
  const name = file.name;
  if (file.size > maxBytes) {
    const size = formatBytes(file.size);
    const limit = formatBytes(maxBytes);
    throw new ImportRefusedError(msg(str`"${name}" is ${size}, more than the ${limit} an import may be.`, { id: 'import-too-large' }));
  }
  if (!looksLikeJson(file)) {
    const type = file.type || msg('unknown', { id: 'import-unknown-type' });
    throw new ImportRefusedError(
      msg(str`"${name}" is not a JSON file (type ${type}): import reads the JSON export of the scoreboard.`, {
        id: 'import-not-json-type',
      }),
    );
  }
  const onProgress = options.onProgress ?? (() => undefined);
  const signal = options.signal ?? new AbortController().signal;
  const outcome = (await inWorker(file, onProgress, signal)) ?? (await onThePage(file, onProgress, signal));
  if (!outcome.ok) throw refusalError(name, outcome.refusal);
  return outcome.shoes;
}

/**
 * The shoes of a shoe export document already in hand (one of the room's record, as its recorder
 * sent it): read and checked as an import file is (readAndCheck), on the page, as one document is small.
 * @throws ImportRefusedError naming `name` and what is wrong, as an import file's refusal does.
 */
export async function checkShoeDocument(document: Blob, name: string): Promise<ShoeRecord[]> {
  const outcome = await readAndCheck(document, { onProgress: () => undefined, pause: () => Promise.resolve() });
  if (!outcome.ok) throw refusalError(name, outcome.refusal);
  return outcome.shoes;
}

/** A refusal from the import work, worded for the screen. */
function refusalError(name: string, refusal: ImportRefusal): ImportRefusedError {
  switch (refusal.kind) {
    case 'not-text':
      return new ImportRefusedError(msg(str`"${name}" is not UTF-8 text.`, { id: 'import-not-text' }));
    case 'bad-json': {
      // The browser's words are English whatever the page's language: they go to the log, for diagnosis.
      console.warn(`Import: "${name}" is not valid JSON. The browser says: ${refusal.detail}`);
      const at = refusal.at;
      if (at === null) return new ImportRefusedError(msg(str`"${name}" is not valid JSON.`, { id: 'import-bad-json' }));
      const { line, column } = at;
      return new ImportRefusedError(
        at.end
          ? msg(str`"${name}" is not JSON: it breaks off at line ${line}, column ${column}.`, { id: 'import-bad-json-breaks-off' })
          : msg(str`"${name}" is not JSON: it has an unexpected character at line ${line}, column ${column}.`, {
              id: 'import-bad-json-unexpected',
            }),
      );
    }
    case 'bad-document': {
      const detail = shoeDocumentErrorText(new ShoeDocumentError(refusal.problem, refusal.where));
      return new ImportRefusedError(msg(str`"${name}" is not a valid shoe export: ${detail}.`, { id: 'import-bad-document' }));
    }
  }
}

/**
 * The import work in a worker; undefined when no worker can be started (none in this browser, or
 * its script failed to load before it answered), for the page to do it itself.
 */
function inWorker(file: File, onProgress: (progress: ImportProgress) => void, signal: AbortSignal): Promise<ImportOutcome | undefined> {
  if (typeof Worker === 'undefined') return Promise.resolve(undefined);
  if (signal.aborted) return Promise.reject(new ImportCancelledError());
  let worker: Worker;
  try {
    worker = new Worker(new URL('./import-worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return Promise.resolve(undefined);
  }
  return new Promise<ImportOutcome | undefined>((resolve, reject) => {
    const shoes: ShoeRecord[] = [];
    let answered = false;
    const finish = (): void => {
      worker.terminate();
      signal.removeEventListener('abort', cancel);
    };
    const cancel = (): void => {
      finish();
      reject(new ImportCancelledError());
    };
    signal.addEventListener('abort', cancel);
    worker.onerror = (event) => {
      event.preventDefault();
      finish();
      if (answered) reject(new Error(`The import worker failed: ${event.message}`));
      else resolve(undefined);
    };
    worker.onmessage = (event: MessageEvent<ImportReply>) => {
      answered = true;
      const reply = event.data;
      switch (reply.type) {
        case 'progress':
          onProgress(reply.progress);
          break;
        case 'shoes':
          shoes.push(...reply.shoes);
          break;
        case 'done':
          finish();
          resolve({ ok: true, shoes });
          break;
        case 'refused':
          finish();
          resolve({ ok: false, refusal: reply.refusal });
          break;
        case 'failed':
          finish();
          reject(new Error(`The import worker failed: ${reply.message}`));
          break;
      }
    };
    worker.postMessage({ file } satisfies ImportRequest);
  });
}

/**
 * How long the page works before it lets the browser draw (milliseconds): well under a frame's
 * 16 ms, so a progress bar and the rest of the page keep moving.
 */
const SLICE_MS = 10;

/**
 * A frame drawn: after the next animation frame (or after 100 ms, as a hidden tab draws none), so the
 * progress bar shows the stage just finished.
 */
function frameDrawn(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 100);
  });
}

/**
 * The import work on the page, in slices of at most about SLICE_MS, yielding to the browser between
 * them and drawing a frame between stages.
 */
async function onThePage(file: File, onProgress: (progress: ImportProgress) => void, signal: AbortSignal): Promise<ImportOutcome> {
  let sliceStart = performance.now();
  const pause = async (stageEnd = false): Promise<void> => {
    // Limitation: JSON.parse of the whole text still runs in one go on the page (a large file freezes it that long).
    if (stageEnd) {
      await frameDrawn();
      sliceStart = performance.now();
    } else if (performance.now() - sliceStart >= SLICE_MS) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      sliceStart = performance.now();
    }
    if (signal.aborted) throw new ImportCancelledError();
  };
  await pause();
  return readAndCheck(file, { onProgress, pause });
}
