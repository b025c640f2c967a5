import { describe, expect, it } from 'vitest';
import { ReceivedShoeKeeper, type ReceivedShoeStore } from '../../../../../components/app/shared/room/received-shoes.js';
import { StorageError } from '../../../../../components/app/shared/data/scoreboard-store.js';
import type { ShoeRecord } from '../../../../../src/shoes/document.js';
import { recordedShoe } from '../data/store-fixtures.js';

/** A store whose writes wait until the test lets them finish, recording what they were given. */
function slowStore(): ReceivedShoeStore & { written: string[]; finish: (error?: unknown) => void; pending: () => number } {
  const waits: { resolve: () => void; reject: (error: unknown) => void }[] = [];
  const written: string[] = [];
  return {
    written,
    pending: () => waits.length,
    finish(error?: unknown) {
      const next = waits.shift()!;
      if (error === undefined) next.resolve();
      else next.reject(error);
    },
    keepReceivedShoe(shoe: ShoeRecord) {
      written.push(`${shoe.id}:${shoe.hands.map((hand) => hand.outcome).join('')}`);
      return new Promise<'kept'>((resolve, reject) => waits.push({ resolve: () => resolve('kept'), reject }));
    },
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
const shoe = (id: string, outcomes: string) => recordedShoe(id, 'T7', '2026-11-01T10:00:00.000Z', outcomes);

describe('ReceivedShoeKeeper', () => {
  it('writes one copy of a shoe at a time, and then only the newest that waited', async () => {
    const store = slowStore();
    const keeper = new ReceivedShoeKeeper({ store: () => store });
    keeper.keep(shoe('a', 'B'));
    await tick();
    keeper.keep(shoe('a', 'BP'));
    keeper.keep(shoe('a', 'BPT'));
    keeper.keep(shoe('b', 'P'));
    await tick();
    expect(store.written).toEqual(['a:B', 'b:P']);
    store.finish();
    store.finish();
    await tick();
    expect(store.written).toEqual(['a:B', 'b:P', 'a:BPT']);
    store.finish();
    await keeper.settled();
    expect(store.pending()).toBe(0);
  });

  it('says why a copy could not be kept, goes on, and clears it once one is kept', async () => {
    const store = slowStore();
    const troubles: (string | null)[] = [];
    const keeper = new ReceivedShoeKeeper({ store: () => store, onTrouble: (trouble) => troubles.push(trouble) });
    keeper.keep(shoe('a', 'B'));
    await tick();
    store.finish(new StorageError('quota', 'full', { action: { action: 'save-hand', hand: 1 } }));
    await tick();
    expect(keeper.trouble).toBe('Storage is full: could not save hand 1. Free some space or delete old shoes in History.');
    keeper.keep(shoe('a', 'BB'));
    await tick();
    store.finish();
    await keeper.settled();
    expect(keeper.trouble).toBeNull();
    expect(troubles).toEqual([expect.stringContaining('Storage is full'), null]);
  });

  it('holds the copies while storage is not open, and writes the newest when it is', async () => {
    const store = slowStore();
    let open = false;
    const keeper = new ReceivedShoeKeeper({ store: () => (open ? store : null) });
    keeper.keep(shoe('a', 'B'));
    keeper.keep(shoe('a', 'BB'));
    await keeper.settled();
    expect(store.written).toEqual([]);
    open = true;
    keeper.resume();
    await tick();
    expect(store.written).toEqual(['a:BB']);
    store.finish();
    await keeper.settled();
  });
});
