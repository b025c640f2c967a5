/**
 * The page's storage in browser tests, for every folder that stores shoes (operator, display,
 * history, kiosk): a database of its own per test, and stores that fail or hold a write on cue.
 */
import { fixtureCleanup } from '@open-wc/testing';
import { closeStorage, openStorage } from '../../../components/app/shared/data/storage.js';
import { ScoreboardStore } from '../../../components/app/shared/data/scoreboard-store.js';
import type { KeptShoeStore } from '../../../components/app/shared/data/kept-shoe.js';
import { ACTIONS_KEY_PREFIX } from '../../../components/app/operator/clerk-actions.js';
import { ENTRY_MODE_KEY_PREFIX, LAST_ENTRY_MODE_KEY } from '../../../components/app/operator/entry-mode.js';

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
