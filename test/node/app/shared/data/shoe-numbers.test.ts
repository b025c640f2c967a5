import { describe, expect, it } from 'vitest';
import { openDB } from 'idb';
import { ScoreboardStore, MIGRATIONS } from '../../../../../components/app/shared/data/scoreboard-store.js';
import { parseShoeDocument, shoeDocumentText, simulateShoeRecords, type ShoeRecord } from '../../../../../src/shoes/document.js';
import { freshStorePerTest, recordedShoe } from './store-fixtures.js';

const current = freshStorePerTest('shoe-numbers');

describe('shoe numbers, per table and UTC day', () => {
  it('gives each new shoe the next number of its table and day, and keeps it with the shoe', async () => {
    const store = current.store;
    expect(await store.createShoe(recordedShoe('a1', 'A', '2026-11-30T08:00:00.000Z'))).toBe(1);
    expect(await store.createShoe(recordedShoe('a2', 'A', '2026-11-30T09:00:00.000Z'))).toBe(2);
    expect(await store.createShoe(recordedShoe('b1', 'B', '2026-11-30T09:30:00.000Z'))).toBe(1);
    // The next UTC day starts again at 1.
    expect(await store.createShoe(recordedShoe('a-next-day', 'A', '2026-12-01T00:10:00.000Z'))).toBe(1);
    // 23:30 in New York on the 30th is 04:30 UTC on the 1st: the second shoe of that UTC day.
    expect(await store.createShoe(recordedShoe('a-new-york', 'A', '2026-11-30T23:30:00-05:00'))).toBe(2);
    expect((await store.getShoe('a2'))?.number).toBe(2);
    expect((await store.getSummary('a-new-york'))?.number).toBe(2);
    expect((await store.latestShoe({ table: 'A' }))?.number).toBe(2);
  });

  it('counts on from the highest number of the day, so a deleted shoe does not give its number twice', async () => {
    const store = current.store;
    for (const id of ['s1', 's2', 's3']) await store.createShoe(recordedShoe(id, 'T', `2026-11-30T0${id[1]}:00:00.000Z`));
    await store.deleteShoe('s1');
    expect(await store.createShoe(recordedShoe('s4', 'T', '2026-11-30T05:00:00.000Z'))).toBe(4);
  });

  it('gives two shoes created at once two numbers, never the same one', async () => {
    const other = await ScoreboardStore.open({ name: current.name });
    try {
      const numbers = await Promise.all([
        current.store.createShoe(recordedShoe('one', 'T', '2026-11-30T08:00:00.000Z')),
        other.createShoe(recordedShoe('two', 'T', '2026-11-30T08:00:00.000Z')),
        current.store.createShoe(recordedShoe('three', 'T', '2026-11-30T08:00:01.000Z')),
      ]);
      expect([...numbers].sort()).toEqual([1, 2, 3]);
      const stored = await Promise.all(['one', 'two', 'three'].map((id) => current.store.getShoe(id)));
      expect(stored.map((shoe) => shoe?.number)).toEqual(numbers);
    } finally {
      other.close();
    }
  });

  it('keeps the number a new shoe brings', async () => {
    expect(await current.store.createShoe({ ...recordedShoe('given', 'T', '2026-11-30T08:00:00.000Z'), number: 7 })).toBe(7);
    expect(await current.store.createShoe(recordedShoe('after', 'T', '2026-11-30T09:00:00.000Z'))).toBe(8);
  });

  it('imports numbered shoes with their numbers, and numbers the others in start order after the shoes of their day', async () => {
    const store = current.store;
    await store.createShoe(recordedShoe('stored', 'T', '2026-11-30T12:00:00.000Z'));
    const { added } = await store.importShoes([
      recordedShoe('late', 'T', '2026-11-30T20:00:00.000Z'),
      { ...recordedShoe('numbered', 'T', '2026-11-30T06:00:00.000Z'), number: 5 },
      recordedShoe('early', 'T', '2026-11-30T07:00:00.000Z'),
      recordedShoe('other-table', 'U', '2026-11-30T07:00:00.000Z'),
    ]);
    expect(added).toEqual(['late', 'numbered', 'early', 'other-table']);
    const numbers = await Promise.all(['stored', 'numbered', 'early', 'late', 'other-table'].map((id) => store.getShoe(id)));
    expect(numbers.map((shoe) => shoe?.number)).toEqual([1, 5, 6, 7, 1]);
  });

  it('skips a shoe imported again without its number, keeping the number it has', async () => {
    const store = current.store;
    await store.createShoe(recordedShoe('first', 'T', '2026-11-30T08:00:00.000Z', 'BP'));
    await store.createShoe(recordedShoe('second', 'T', '2026-11-30T09:00:00.000Z', 'PB'));
    const withoutNumber = { ...(await store.getShoe('second'))! };
    delete withoutNumber.number;
    expect(await store.importShoes([withoutNumber])).toEqual({ added: [], skipped: 1, renumbered: [] });
    expect((await store.getShoe('second'))?.number).toBe(2);
  });

  it('exports each shoe with its number, and export, import elsewhere and export again keeps them byte for byte', async () => {
    await current.store.createShoe(recordedShoe('first', 'T', '2026-11-30T08:00:00.000Z', 'BPT'));
    await current.store.createShoe(recordedShoe('second', 'T', '2026-11-30T09:00:00.000Z', 'PP'));
    const text = shoeDocumentText(await current.store.exportShoes());
    expect(text).toContain('"table": "T",\n      "number": 2,');
    const other = await ScoreboardStore.open({ name: `${current.name}-other` });
    try {
      expect((await other.importShoes(parseShoeDocument(JSON.parse(text), new Date('2026-11-30T12:00:00Z')).shoes)).renumbered).toEqual([]);
      expect(shoeDocumentText(await other.exportShoes(['first', 'second']))).toBe(text);
      expect(await other.createShoe(recordedShoe('next', 'T', '2026-11-30T10:00:00.000Z'))).toBe(3);
    } finally {
      other.close();
      await ScoreboardStore.deleteDatabase(`${current.name}-other`);
    }
  });

  it('gives an imported shoe whose number a stored shoe of its table and day has the next free number, and says so', async () => {
    await current.store.createShoe(recordedShoe('first', 'T', '2026-11-30T08:00:00.000Z', 'BPT'));
    await current.store.createShoe(recordedShoe('second', 'T', '2026-11-30T09:00:00.000Z', 'PP'));
    const text = shoeDocumentText(await current.store.exportShoes());
    const other = await ScoreboardStore.open({ name: `${current.name}-other` });
    try {
      // Another browser's shoe of the same table and day, already numbered 1: the file's shoe 1 becomes 3.
      await other.createShoe(recordedShoe('theirs', 'T', '2026-11-30T07:00:00.000Z'));
      const { added, renumbered } = await other.importShoes(parseShoeDocument(JSON.parse(text), new Date('2026-11-30T12:00:00Z')).shoes);
      expect(added).toEqual(['first', 'second']);
      expect(renumbered).toEqual([{ id: 'first', table: 'T', startedAt: '2026-11-30T08:00:00.000Z', from: 1, to: 3 }]);
      const numbers = await Promise.all(['theirs', 'first', 'second'].map(async (id) => (await other.getShoe(id))?.number));
      expect(numbers).toEqual([1, 3, 2]);
      expect(await other.createShoe(recordedShoe('next', 'T', '2026-11-30T10:00:00.000Z'))).toBe(4);
    } finally {
      other.close();
      await ScoreboardStore.deleteDatabase(`${current.name}-other`);
    }
  });

  it('renumbers a shoe whose number an earlier shoe of the same file has, and numbers the unnumbered, never twice the same', async () => {
    const { renumbered } = await current.store.importShoes([
      { ...recordedShoe('a', 'T', '2026-11-30T08:00:00.000Z'), number: 1 },
      { ...recordedShoe('b', 'T', '2026-11-30T09:00:00.000Z'), number: 1 },
      recordedShoe('c', 'T', '2026-11-30T07:00:00.000Z'),
      { ...recordedShoe('d', 'T', '2026-11-30T10:00:00.000Z'), number: 2 },
      // Another day, or another table: number 1 is free there.
      { ...recordedShoe('e', 'T', '2026-12-01T09:00:00.000Z'), number: 1 },
      { ...recordedShoe('f', 'U', '2026-11-30T09:00:00.000Z'), number: 1 },
    ]);
    const numbers = await Promise.all(['a', 'b', 'c', 'd', 'e', 'f'].map(async (id) => (await current.store.getShoe(id))?.number));
    // c has no number and started first: it is numbered before b, whose number a took.
    expect(numbers).toEqual([1, 4, 3, 2, 1, 1]);
    expect(renumbered).toEqual([{ id: 'b', table: 'T', startedAt: '2026-11-30T09:00:00.000Z', from: 1, to: 4 }]);
  });

  it('reads back what bacc simulate numbered', async () => {
    const shoes = simulateShoeRecords({ shoes: 3, seed: 'numbers' });
    expect(shoes.map((shoe) => shoe.number)).toEqual([1, 2, 3]);
    await current.store.importShoes(shoes);
    expect((await current.store.exportShoes()).map((shoe) => shoe.number)).toEqual([1, 2, 3]);
  });
});

describe('migration 4', () => {
  it('numbers the shoes of a version-3 database per table and UTC day, in start order, and counts on from them', async () => {
    const oldName = `${current.name}-v3`;
    const old = await openDB(oldName, 3, {
      upgrade: (db, oldVersion, _newVersion, transaction) => {
        for (let step = oldVersion + 1; step <= 3; step++) MIGRATIONS[step]!(db, transaction);
      },
    });
    const summary = (id: string, table: string, startedAt: string) => {
      const shoe: Partial<ShoeRecord> = recordedShoe(id, table, startedAt);
      delete shoe.hands;
      const startKey = new Date(startedAt).toISOString();
      return { ...shoe, handCount: 0, outcomes: '', updatedAt: startedAt, startKey, origin: 'console' };
    };
    await old.put('shoes', summary('t-second', 'T', '2026-11-30T02:00:00.000Z'));
    // 09:00 in UTC+8 is 01:00 UTC: the day's first shoe of T.
    await old.put('shoes', summary('t-first', 'T', '2026-11-30T09:00:00+08:00'));
    await old.put('shoes', summary('t-next-day', 'T', '2026-12-01T02:00:00.000Z'));
    await old.put('shoes', summary('u-first', 'U', '2026-11-30T03:00:00.000Z'));
    old.close();

    const upgraded = await ScoreboardStore.open({ name: oldName });
    try {
      const numbered = await Promise.all(['t-first', 't-second', 't-next-day', 'u-first'].map((id) => upgraded.getShoe(id)));
      expect(numbered.map((shoe) => shoe?.number)).toEqual([1, 2, 1, 1]);
      expect(await upgraded.createShoe(recordedShoe('t-third', 'T', '2026-11-30T05:00:00.000Z'))).toBe(3);
    } finally {
      upgraded.close();
      await ScoreboardStore.deleteDatabase(oldName);
    }
  });
});
