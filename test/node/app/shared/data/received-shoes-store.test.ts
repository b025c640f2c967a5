import { describe, expect, it } from 'vitest';
import { ScoreboardStore, StorageError } from '../../../../../components/app/shared/data/scoreboard-store.js';
import { freshStorePerTest, recordedShoe } from './store-fixtures.js';

/** A display machine's copy of a console's shoe, received through the broker (fake-indexeddb). */
const current = freshStorePerTest('received');

const outcomesOf = (shoe: { hands: readonly { outcome: string }[] } | undefined): string =>
  (shoe?.hands ?? []).map((hand) => hand.outcome).join('');

describe('ScoreboardStore.keepReceivedShoe', () => {
  it('keeps a received shoe whole, under its id and number, with origin "received"', async () => {
    const received = { ...recordedShoe('r1', 'T7', '2026-11-01T10:00:00.000Z', 'BPT'), number: 4 };
    expect(await current.store.keepReceivedShoe(received)).toBe('kept');
    expect(await current.store.getShoe('r1')).toEqual(received);
    const summary = await current.store.getSummary('r1');
    expect(summary).toMatchObject({ origin: 'received', number: 4, handCount: 3, outcomes: 'BPT' });
  });

  it('replaces the copy when a later one has more hands, fewer (an undo), other hands or an end', async () => {
    const start = { ...recordedShoe('r1', 'T7', '2026-11-01T10:00:00.000Z', 'BP'), number: 2 };
    await current.store.keepReceivedShoe(start);
    await current.store.keepReceivedShoe({ ...start, hands: recordedShoe('x', 'T7', start.startedAt, 'BPBBT').hands });
    expect(outcomesOf(await current.store.getShoe('r1'))).toBe('BPBBT');
    await current.store.keepReceivedShoe({ ...start, hands: recordedShoe('x', 'T7', start.startedAt, 'BPP').hands });
    expect(outcomesOf(await current.store.getShoe('r1'))).toBe('BPP');
    expect((await current.store.getSummary('r1'))?.handCount).toBe(3);
    expect(await current.store.getHand('r1', 3)).toBeUndefined();
    await current.store.keepReceivedShoe({ ...start, endedAt: '2026-11-01T11:00:00.000Z' });
    expect(await current.store.getShoe('r1')).toMatchObject({ endedAt: '2026-11-01T11:00:00.000Z', number: 2 });
    expect(await current.store.countShoes()).toBe(1);
  });

  it("never touches this browser's own shoe of that id, and says so", async () => {
    const own = recordedShoe('mine', 'T7', '2026-11-01T10:00:00.000Z', 'BP');
    const number = await current.store.createShoe(own, 'console');
    const before = await current.store.getSummary('mine');
    expect(await current.store.keepReceivedShoe({ ...own, number, hands: recordedShoe('x', 'T7', own.startedAt, 'TTT').hands })).toBe(
      'own',
    );
    expect(await current.store.getSummary('mine')).toEqual(before);
    expect(outcomesOf(await current.store.getShoe('mine'))).toBe('BP');
    await current.store.importShoes([recordedShoe('imported', 'T7', '2026-11-01T09:00:00.000Z', 'P')]);
    expect(await current.store.keepReceivedShoe(recordedShoe('imported', 'T7', '2026-11-01T09:00:00.000Z', 'PB'))).toBe('own');
    expect((await current.store.getSummary('imported'))?.origin).toBe('import');
  });

  it('numbers a received shoe that comes without a number as its table and day go on', async () => {
    await current.store.createShoe(recordedShoe('a', 'T7', '2026-11-01T08:00:00.000Z'));
    await current.store.keepReceivedShoe(recordedShoe('r', 'T7', '2026-11-01T10:00:00.000Z', 'B'));
    expect((await current.store.getSummary('r'))?.number).toBe(2);
    await current.store.keepReceivedShoe(recordedShoe('r', 'T7', '2026-11-01T10:00:00.000Z', 'BB'));
    expect((await current.store.getSummary('r'))?.number).toBe(2);
  });

  it('is found by latestShoe with origin "received", alone or beside "console"', async () => {
    await current.store.createShoe(recordedShoe('console', 'T7', '2026-11-01T08:00:00.000Z'), 'console');
    await current.store.keepReceivedShoe({ ...recordedShoe('received', 'T7', '2026-11-01T10:00:00.000Z', 'P'), number: 1 });
    await current.store.createShoe(recordedShoe('attract', 'T7', '2026-11-01T11:00:00.000Z'), 'attract');
    expect((await current.store.latestShoe({ table: 'T7', origin: 'received' }))?.id).toBe('received');
    expect((await current.store.latestShoe({ table: 'T7', origin: 'console' }))?.id).toBe('console');
    expect((await current.store.latestShoe({ table: 'T7', origin: ['received', 'console'] }))?.id).toBe('received');
    expect((await current.store.latestShoe({ table: 'T7' }))?.id).toBe('attract');
    expect(await current.store.latestShoe({ table: 'T8', origin: ['received', 'console'] })).toBeUndefined();
  });

  it('is listed and exported like any other shoe', async () => {
    const received = { ...recordedShoe('r1', 'T7', '2026-11-01T10:00:00.000Z', 'BPT'), number: 3 };
    await current.store.keepReceivedShoe(received);
    expect((await current.store.listShoes()).shoes.map((shoe) => [shoe.id, shoe.origin])).toEqual([['r1', 'received']]);
    expect(await current.store.exportShoes()).toEqual([received]);
  });

  it("fails as the store's writes fail: a StorageError naming what it was doing, and nothing written", async () => {
    current.store.close();
    const error = await current.store
      .keepReceivedShoe(recordedShoe('r1', 'T7', '2026-11-01T10:00:00.000Z', 'BP'))
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StorageError);
    expect(error).toMatchObject({ kind: 'failed', action: { action: 'save-hand', hand: 2 } });
    current.store = await ScoreboardStore.open({ name: current.name });
    expect(await current.store.countShoes()).toBe(0);
  });
});
