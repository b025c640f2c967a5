/**
 * The import worker: reads an import file and checks its shoes off the page (import-checks.ts), so a
 * 50 MB file no longer freezes the page for up to 0.8 s at a time while JSON.parse and
 * parseShoeDocument run. It posts progress, then the shoes in batches, or the refusal as a kind.
 * The page ends it (terminate) to cancel.
 */
import type { ShoeRecord } from '../../../src/shoes/document.js';
import { readAndCheck, type ImportProgress, type ImportRefusal } from './import-checks.js';

/** What the page sends: the file to read. */
export interface ImportRequest {
  file: Blob;
}

/** What the worker sends back, in order: progress, then either batches of shoes and `done`, or `refused` or `failed`. */
export type ImportReply =
  | { type: 'progress'; progress: ImportProgress }
  | { type: 'shoes'; shoes: ShoeRecord[] }
  | { type: 'done' }
  | { type: 'refused'; refusal: ImportRefusal }
  | { type: 'failed'; message: string };

/**
 * Shoes per message. The page copies each message in one go when it arrives: all 3,000 shoes of a
 * 30 MB file in one message would be one long task on the page; 100 a message keep each copy short.
 */
const SHOES_PER_MESSAGE = 100;
/** Progress is posted at most this often (milliseconds): the page draws it, and a message per shoe would only queue up. */
const PROGRESS_EVERY_MS = 50;

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ImportRequest>) => void) | null;
  postMessage(reply: ImportReply): void;
};

scope.onmessage = (event) => void work(event.data.file);

async function work(file: Blob): Promise<void> {
  let posted = 0;
  const onProgress = (progress: ImportProgress): void => {
    const now = performance.now();
    if (progress.done < progress.total && progress.done > 0 && now - posted < PROGRESS_EVERY_MS) return;
    posted = now;
    scope.postMessage({ type: 'progress', progress });
  };
  try {
    const outcome = await readAndCheck(file, { onProgress, pause: () => Promise.resolve() });
    if (!outcome.ok) {
      scope.postMessage({ type: 'refused', refusal: outcome.refusal });
      return;
    }
    for (let start = 0; start < outcome.shoes.length; start += SHOES_PER_MESSAGE) {
      scope.postMessage({ type: 'shoes', shoes: outcome.shoes.slice(start, start + SHOES_PER_MESSAGE) });
    }
    scope.postMessage({ type: 'done' });
  } catch (error) {
    scope.postMessage({ type: 'failed', message: String(error) });
  }
}
