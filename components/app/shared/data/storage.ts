/**
 * The page's one connection to the stored shoes. Every element that reads or writes shoes asks
 * here, so a page opens IndexedDB once, and trouble opening it (no IndexedDB, an upgrade blocked
 * by an older tab) reaches every element that shows storage status.
 */
import { ScoreboardStore, StorageError, type OpenOptions } from './scoreboard-store.js';

/** What the page's storage is doing; `storageStatusText` (storage-words.ts) words it for the screen. */
export type StorageStatus =
  | { state: 'opening' }
  /** Still opening after a while, with nothing said why: shown, but the page keeps waiting for it. */
  | { state: 'waiting' }
  /** An older tab holds the database open, so the upgrade waits until it closes. */
  | { state: 'blocked' }
  | { state: 'open'; store: ScoreboardStore }
  | { state: 'failed'; error: StorageError };

type Listener = (status: StorageStatus) => void;

let status: StorageStatus = { state: 'opening' };
let opening: Promise<ScoreboardStore> | null = null;
const listeners = new Set<Listener>();

function set(next: StorageStatus): void {
  status = next;
  for (const listener of listeners) listener(next);
}

/** The current status of the page's storage. */
export function storageStatus(): StorageStatus {
  return status;
}

/** Calls `listener` on every status change; returns the function that stops it. */
export function onStorageStatus(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * How long opening may take before the page says it is waiting: only the first page to ask for an
 * upgrade an older tab blocks is told (`blocked`); pages opened after it wait in line in silence.
 * Waiting is only said, not acted on: a slow disk or a long upgrade looks the same, and a page that
 * gave up on reading its table's open shoe would start another and leave that one behind.
 */
const OPEN_WAIT_MS = 2000;

/**
 * Opens the stored shoes once per page (later calls share it).
 * @throws StorageError when IndexedDB is unavailable or was written by a newer version.
 */
export function openStorage(options: Pick<OpenOptions, 'name'> & { waitMs?: number } = {}): Promise<ScoreboardStore> {
  if (!opening) {
    set({ state: 'opening' });
    const waiting = setTimeout(() => {
      if (status.state !== 'opening') return;
      set({ state: 'waiting' });
    }, options.waitMs ?? OPEN_WAIT_MS);
    opening = ScoreboardStore.open({
      name: options.name,
      onBlocked: () => set({ state: 'blocked' }),
      onClosedForUpgrade: () => {
        opening = null;
        set({
          state: 'failed',
          error: new StorageError('closed', 'A newer version of the scoreboard opened in another tab: reload this one.'),
        });
      },
    }).then(
      (store) => {
        clearTimeout(waiting);
        set({ state: 'open', store });
        // Ask that the browser keep the shoes from whichever screen opens them first: a console or
        // kiosk that never shows History writes the hands that matter most.
        void keepShoes();
        return store;
      },
      (error: unknown) => {
        clearTimeout(waiting);
        const storageError =
          error instanceof StorageError
            ? error
            : new StorageError('failed', `Could not open the stored shoes: ${String(error)}`, {
                action: { action: 'open-shoes' },
                detail: String(error),
                cause: error,
              });
        set({ state: 'failed', error: storageError });
        // A later call tries again (the user may have freed space or closed the other tab).
        opening = null;
        throw storageError;
      },
    );
  }
  return opening;
}

let keeping: Promise<boolean> | null = null;

/**
 * Asks the browser, once per page, to keep the shoes when space runs low, unless it already does;
 * resolves with whether it does, or null where the browser cannot be asked.
 */
export function keepShoes(): Promise<boolean | null> {
  const storage = globalThis.navigator?.storage;
  if (!storage?.persisted || !storage.persist) return Promise.resolve(null);
  keeping ??= (async () => (await storage.persisted()) || (await storage.persist()))().catch(() => false);
  return keeping;
}

/** Closes the page's connection (tests; a database reset). */
export async function closeStorage(): Promise<void> {
  const pending = opening;
  opening = null;
  if (pending) (await pending.catch(() => null))?.close();
  set({ state: 'opening' });
}
