import { describe, expect, it } from 'vitest';
import { freshStorePerTest, recordedShoe } from './store-fixtures.js';

const current = freshStorePerTest('import-progress');

const FILE = ['a', 'b', 'c', 'd'].map((id, i) => recordedShoe(id, 'T', `2026-11-30T0${i + 1}:00:00.000Z`, 'BP'));

describe('importShoes reports its progress and can be stopped (issue #14, point 5)', () => {
  it('calls its progress callback as each shoe is taken up, stored or skipped, up to the total', async () => {
    await current.store.importShoes([FILE[1]!]);
    const steps: [number, number][] = [];
    const result = await current.store.importShoes(FILE, { onProgress: (done, total) => steps.push([done, total]) });
    expect(result.skipped).toBe(1);
    expect(steps).toEqual([
      [1, 4],
      [2, 4],
      [3, 4],
      [4, 4],
    ]);
  });

  it('stores nothing when its signal aborts while it stores, and rejects with the signal’s reason', async () => {
    const stop = new AbortController();
    const reason = new DOMException('Cancelled', 'AbortError');
    const importing = current.store.importShoes(FILE, { signal: stop.signal, onProgress: (done) => done === 2 && stop.abort(reason) });
    await expect(importing).rejects.toBe(reason);
    expect(await current.store.countShoes()).toBe(0);
    // The store is fine afterwards.
    expect((await current.store.importShoes(FILE)).added).toHaveLength(4);
  });

  it('stores nothing when its signal aborted before it started', async () => {
    const stop = new AbortController();
    stop.abort();
    await expect(current.store.importShoes(FILE, { signal: stop.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(await current.store.countShoes()).toBe(0);
  });

  it('stores nothing when its signal aborts after the last shoe is written, before the transaction ends', async () => {
    const stop = new AbortController();
    const importing = current.store.importShoes(FILE, { signal: stop.signal, onProgress: (done, total) => done === total && stop.abort() });
    await expect(importing).rejects.toMatchObject({ name: 'AbortError' });
    expect(await current.store.countShoes()).toBe(0);
  });
});
