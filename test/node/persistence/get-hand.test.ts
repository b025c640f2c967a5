import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ScoreboardStore, StorageError } from '../../../src/persistence/scoreboard-store.js';
import { simulateShoeRecords } from '../../../src/shoe-document.js';
import { handsFromOutcomes } from '../../../src/roads.js';

let name: string;
let counter = 0;
let store: ScoreboardStore;

beforeEach(async () => {
  name = `get-hand-${++counter}`;
  store = await ScoreboardStore.open({ name });
});

afterEach(async () => {
  store.close();
  await ScoreboardStore.deleteDatabase(name);
});

describe('ScoreboardStore.getHand (fake-indexeddb)', () => {
  it('reads one hand exactly as getShoe gives it, by its index from 0', async () => {
    const [simulated] = simulateShoeRecords({ shoes: 1, seed: 'one hand' });
    const shoe = simulated!;
    await store.createShoe({ ...shoe, hands: shoe.hands.slice(0, 3) });
    await store.appendHand(shoe.id, 3, shoe.hands[3]!);
    const whole = await store.getShoe(shoe.id);
    for (let index = 0; index < 4; index++) {
      const hand = await store.getHand(shoe.id, index);
      expect(hand).toEqual(shoe.hands[index]);
      expect(hand).toEqual(whole!.hands[index]);
      // The hand record only, in the export document's field order: not where it is stored.
      expect(Object.keys(hand!)).toEqual(Object.keys(whole!.hands[index]!));
    }
  });

  it('gives undefined for a hand not stored: past the end, undone, or of a shoe not stored', async () => {
    const [first, second] = handsFromOutcomes('BP');
    await store.createShoe({
      id: 'a',
      table: 'T1',
      source: 'recorded',
      seed: null,
      startedAt: '2026-12-01T10:00:00.000Z',
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
      hands: [first!, second!],
    });
    expect(await store.getHand('a', 2)).toBeUndefined();
    expect(await store.getHand('a', -1)).toBeUndefined();
    expect(await store.getHand('missing', 0)).toBeUndefined();
    await store.removeLastHand('a', 1);
    expect(await store.getHand('a', 1)).toBeUndefined();
    expect(await store.getHand('a', 0)).toEqual(first);
  });

  it('follows a correction', async () => {
    const [banker, player] = handsFromOutcomes('BP');
    await store.createShoe({
      id: 'a',
      table: 'T1',
      source: 'recorded',
      seed: null,
      startedAt: '2026-12-01T10:00:00.000Z',
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
      hands: [banker!],
    });
    await store.replaceHand('a', 0, player!);
    expect(await store.getHand('a', 0)).toEqual(player);
  });

  it('says what it could not read as a StorageError', async () => {
    store.close();
    await expect(store.getHand('a', 0)).rejects.toBeInstanceOf(StorageError);
    await expect(store.getHand('a', 0)).rejects.toThrow(/hand 1/);
    store = await ScoreboardStore.open({ name });
  });
});
