/** What the Node tests of the store share: a fresh database per test, and a recorded shoe from outcomes. */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach } from 'vitest';
import { ScoreboardStore } from '../../../../../components/app/shared/data/scoreboard-store.js';
import type { ShoeRecord } from '../../../../../src/shoes/document.js';
import { handsFromOutcomes } from '../../../../../src/roads/roads.js';

let counter = 0;

/**
 * Opens a fresh database (fake-indexeddb) before each test and deletes it after; the test reads
 * `current.store` and `current.name`, and may replace `current.store` (after closing it, say).
 */
export function freshStorePerTest(prefix: string): { store: ScoreboardStore; name: string } {
  const current = { store: null as unknown as ScoreboardStore, name: '' };
  beforeEach(async () => {
    current.name = `${prefix}-${++counter}`;
    current.store = await ScoreboardStore.open({ name: current.name });
  });
  afterEach(async () => {
    current.store.close();
    await ScoreboardStore.deleteDatabase(current.name);
  });
  return current;
}

/** An open recorded shoe of 8 decks with the hands of `outcomes` (by outcome only). */
export function recordedShoe(id: string, table: string, startedAt: string, outcomes = ''): ShoeRecord {
  return {
    id,
    table,
    source: 'recorded',
    seed: null,
    startedAt,
    endedAt: null,
    rules: {
      decks: 8,
      banker: 'commission',
      commission: 0.05,
      tiePays: 8,
      pairPays: 11,
      dragonBonus: true,
      burn: true,
      cutCardFromEnd: 14,
      handsAfterCut: 1,
    },
    hands: handsFromOutcomes(outcomes),
  };
}
