import { describe, expect, it } from 'vitest';
import { ScoreboardStore, StorageError } from '../../../../../components/app/shared/data/scoreboard-store.js';
import { simulateShoeRecords } from '../../../../../src/shoes/document.js';
import { handsFromOutcomes } from '../../../../../src/roads/roads.js';
import { freshStorePerTest, recordedShoe } from './store-fixtures.js';

const current = freshStorePerTest('get-hand');

describe('ScoreboardStore.getHand (fake-indexeddb)', () => {
  it('reads one hand exactly as getShoe gives it, by its index from 0', async () => {
    const [simulated] = simulateShoeRecords({ shoes: 1, seed: 'one hand' });
    const shoe = simulated!;
    await current.store.createShoe({ ...shoe, hands: shoe.hands.slice(0, 3) });
    await current.store.appendHand(shoe.id, 3, shoe.hands[3]!);
    const whole = await current.store.getShoe(shoe.id);
    for (let index = 0; index < 4; index++) {
      const hand = await current.store.getHand(shoe.id, index);
      expect(hand).toEqual(shoe.hands[index]);
      expect(hand).toEqual(whole!.hands[index]);
      // The hand record only, in the export document's field order: not where it is stored.
      expect(Object.keys(hand!)).toEqual(Object.keys(whole!.hands[index]!));
    }
  });

  it('gives undefined for a hand not stored: past the end, undone, or of a shoe not stored', async () => {
    const shoe = recordedShoe('a', 'T1', '2026-12-01T10:00:00.000Z', 'BP');
    const [first] = shoe.hands;
    await current.store.createShoe(shoe);
    expect(await current.store.getHand('a', 2)).toBeUndefined();
    expect(await current.store.getHand('a', -1)).toBeUndefined();
    expect(await current.store.getHand('missing', 0)).toBeUndefined();
    await current.store.removeLastHand('a', 1);
    expect(await current.store.getHand('a', 1)).toBeUndefined();
    expect(await current.store.getHand('a', 0)).toEqual(first);
  });

  it('follows a correction', async () => {
    const [banker, player] = handsFromOutcomes('BP');
    await current.store.createShoe({ ...recordedShoe('a', 'T1', '2026-12-01T10:00:00.000Z'), hands: [banker!] });
    await current.store.replaceHand('a', 0, player!);
    expect(await current.store.getHand('a', 0)).toEqual(player);
  });

  it('says what it could not read as a StorageError', async () => {
    current.store.close();
    await expect(current.store.getHand('a', 0)).rejects.toBeInstanceOf(StorageError);
    await expect(current.store.getHand('a', 0)).rejects.toThrow(/hand 1/);
    current.store = await ScoreboardStore.open({ name: current.name });
  });
});
