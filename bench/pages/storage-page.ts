/**
 * The in-page half of the storage benchmark (bench/storage.ts drives it with playwright-core):
 * Chromium's real IndexedDB through the app's own store.
 */
import { ScoreboardStore, DATABASE_NAME } from '../../components/app/shared/data/scoreboard-store.js';
import { simulateShoeRecords, shoeDocumentText, type ShoeRecord } from '../../src/shoes/document.js';
import { makeRules } from '../../src/game/rules.js';

/** Replaces the app's database with `shoes` simulated shoes (about 80 hands each), in batches. */
async function populate(shoes: number): Promise<number> {
  await ScoreboardStore.deleteDatabase(DATABASE_NAME);
  const store = await ScoreboardStore.open();
  let hands = 0;
  for (let start = 0; start < shoes; start += 100) {
    const batch = simulateShoeRecords({
      shoes: Math.min(100, shoes - start),
      seed: `bench-${start}`,
      table: start % 200 ? 'Table 2' : 'Table 1',
    });
    hands += batch.reduce((sum, shoe) => sum + shoe.hands.length, 0);
    await store.importShoes(batch);
  }
  store.close();
  return hands;
}

/** Milliseconds to save each hand of a simulated shoe, one transaction per hand, as a session does. */
async function saveHands(seed: string): Promise<number[]> {
  const store = await ScoreboardStore.open({ name: 'bench-save' });
  const [shoe] = simulateShoeRecords({ shoes: 1, seed });
  const record: ShoeRecord = { ...shoe!, id: `${seed}-${Date.now()}`, endedAt: null, rules: makeRules(), hands: [] };
  await store.createShoe(record);
  const times: number[] = [];
  for (const [index, hand] of shoe!.hands.entries()) {
    const start = performance.now();
    await store.appendHand(record.id, index, hand);
    times.push(performance.now() - start);
  }
  store.close();
  return times;
}

/** Milliseconds to read every stored shoe and write the export document as a JSON file (Blob). */
async function exportAll(): Promise<{ ms: number; shoes: number; bytes: number }> {
  const start = performance.now();
  const store = await ScoreboardStore.open();
  const shoes = await store.exportShoes();
  // The text and Blob the app's "Export all (JSON)" downloads.
  const blob = new Blob([shoeDocumentText(shoes)], { type: 'application/json' });
  const ms = performance.now() - start;
  store.close();
  return { ms, shoes: shoes.length, bytes: blob.size };
}

Object.assign(globalThis, { storageBench: { populate, saveHands, exportAll } });
