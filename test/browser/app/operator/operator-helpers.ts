/** Shared set-up of the operator, display and kiosk storage tests: a database of their own per test. */
import { fixtureCleanup } from '@open-wc/testing';
import { closeStorage, openStorage } from '../../../../components/app/data/storage.js';
import { ScoreboardStore } from '../../../../src/persistence/scoreboard-store.js';
import type { KeptShoeStore } from '../../../../components/app/data/kept-shoe.js';
import { ACTIONS_KEY_PREFIX, ENTRY_MODE_KEY_PREFIX, LAST_ENTRY_MODE_KEY } from '../../../../components/app/operator/operator-console.js';

export const wait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `condition` holds, or fails naming `what` after `ms`. */
export async function until(condition: () => boolean, what: string, ms = 3000): Promise<void> {
  const end = performance.now() + ms;
  while (!condition()) {
    if (performance.now() > end) throw new Error(`timed out waiting for ${what}`);
    await wait(10);
  }
}

let count = 0;

/** Opens the page's storage on a fresh database for this test; returns it and its teardown. */
export async function freshStorage(): Promise<{ store: ScoreboardStore; name: string; teardown: () => Promise<void> }> {
  await closeStorage();
  forgetEntryModes();
  const name = `bacc-test-${Date.now()}-${count++}`;
  const store = await openStorage({ name });
  return {
    store,
    name,
    teardown: async () => {
      // Elements first, so nothing writes to the database while it is deleted.
      fixtureCleanup();
      forgetEntryModes();
      await closeStorage();
      await ScoreboardStore.deleteDatabase(name);
    },
  };
}

/** A store that passes everything to `real` except what `overrides` replaces (a failing write, say). */
export function storeLike(real: ScoreboardStore, overrides: Partial<KeptShoeStore> = {}): KeptShoeStore {
  return {
    createShoe: (shoe, origin) => real.createShoe(shoe, origin),
    appendHand: (id, index, hand) => real.appendHand(id, index, hand),
    replaceHand: (id, index, hand) => real.replaceHand(id, index, hand),
    removeLastHand: (id, index) => real.removeLastHand(id, index),
    endShoe: (id, at) => real.endShoe(id, at),
    latestShoe: (filter) => real.latestShoe(filter),
    listShoes: (query) => real.listShoes(query),
    deleteShoe: (id) => real.deleteShoe(id),
    ...overrides,
  };
}

/**
 * A store whose `appendHand` waits until the test lets it write: a hand that is "being written"
 * for as long as the test needs. Everything else goes straight to `real`.
 */
export function gatedStore(real: ScoreboardStore): { store: KeptShoeStore; waiting: () => number; release: () => void } {
  const gates: (() => void)[] = [];
  const store = storeLike(real, {
    appendHand: async (id, index, hand) => {
      await new Promise<void>((resolve) => gates.push(resolve));
      await real.appendHand(id, index, hand);
    },
  });
  return {
    store,
    waiting: () => gates.length,
    release: () => {
      for (const open of gates.splice(0)) open();
    },
  };
}

/**
 * Forgets what each table's console kept in localStorage (its entry mode, its undo and redo lists),
 * so each test starts in outcome entry with nothing to undo.
 */
export function forgetEntryModes(): void {
  for (const key of Object.keys(localStorage)) {
    if (key.startsWith(ENTRY_MODE_KEY_PREFIX) || key.startsWith(ACTIONS_KEY_PREFIX)) localStorage.removeItem(key);
  }
  localStorage.removeItem(LAST_ENTRY_MODE_KEY);
}
