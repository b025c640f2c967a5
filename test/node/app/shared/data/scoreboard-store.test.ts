import { describe, expect, it } from 'vitest';
import { openDB } from 'idb';
import { ScoreboardStore, StorageError, DATABASE_VERSION, MIGRATIONS } from '../../../../../components/app/shared/data/scoreboard-store.js';
import { simulateShoeRecords, parseShoeDocument, shoeDocument } from '../../../../../src/shoes/document.js';
import { handsFromOutcomes } from '../../../../../src/roads/roads.js';
import { freshStorePerTest, recordedShoe } from './store-fixtures.js';

const current = freshStorePerTest('test');

describe('ScoreboardStore (fake-indexeddb)', () => {
  it('keeps a shoe and its hands, one write per hand, and reads back exactly what was written', async () => {
    const [simulated] = simulateShoeRecords({ shoes: 1, seed: 'keep' });
    await current.store.createShoe({ ...simulated!, hands: [] });
    for (const [index, hand] of simulated!.hands.entries()) await current.store.appendHand(simulated!.id, index, hand);
    await current.store.endShoe(simulated!.id, simulated!.endedAt!);
    expect(await current.store.getShoe(simulated!.id)).toEqual(simulated);
    const summary = await current.store.getSummary(simulated!.id);
    expect(summary?.handCount).toBe(simulated!.hands.length);
    expect(summary?.outcomes).toBe(simulated!.hands.map((hand) => hand.outcome).join(''));
  });

  it('refuses a hand out of turn and leaves the shoe as it was', async () => {
    await current.store.createShoe(recordedShoe('a', 'T1', '2026-11-01T10:00:00.000Z', 'BP'));
    const [hand] = handsFromOutcomes('T');
    await expect(current.store.appendHand('a', 5, hand!)).rejects.toMatchObject({
      kind: 'conflict',
      action: { action: 'save-hand', hand: 6 },
      conflict: { conflict: 'not-next-hand', shoeId: 'a', hand: 6, stored: 2 },
    });
    await expect(current.store.appendHand('missing', 0, hand!)).rejects.toBeInstanceOf(StorageError);
    await expect(current.store.appendHand('missing', 0, hand!)).rejects.toMatchObject({
      conflict: { conflict: 'no-shoe', shoeId: 'missing' },
    });
    await expect(current.store.createShoe(recordedShoe('a', 'T1', '2026-11-01T10:00:00.000Z'))).rejects.toMatchObject({
      action: { action: 'save-new-shoe' },
      conflict: { conflict: 'shoe-exists', shoeId: 'a' },
    });
    expect((await current.store.getShoe('a'))?.hands.map((h) => h.outcome).join('')).toBe('BP');
  });

  it('undoes the last hand and corrects an earlier one', async () => {
    await current.store.createShoe(recordedShoe('a', 'T1', '2026-11-01T10:00:00.000Z', 'BPT'));
    await current.store.removeLastHand('a', 2);
    await expect(current.store.removeLastHand('a', 0)).rejects.toMatchObject({
      kind: 'conflict',
      action: { action: 'undo-hand', hand: 1 },
      conflict: { conflict: 'not-last-hand', hand: 1 },
    });
    await expect(current.store.replaceHand('a', 5, handsFromOutcomes('P')[0]!)).rejects.toMatchObject({
      action: { action: 'correct-hand', hand: 6 },
      conflict: { conflict: 'no-hand', shoeId: 'a', hand: 6 },
    });
    await current.store.replaceHand('a', 0, handsFromOutcomes('P')[0]!);
    expect((await current.store.getShoe('a'))?.hands.map((h) => h.outcome).join('')).toBe('PP');
    expect((await current.store.getSummary('a'))?.outcomes).toBe('PP');
  });

  it('reopens an ended shoe, and refuses to reopen an open one or one a newer shoe of its table followed', async () => {
    await current.store.createShoe(recordedShoe('a', 'T1', '2026-11-01T10:00:00.000Z', 'BP'));
    await expect(current.store.reopenShoe('a')).rejects.toMatchObject({
      kind: 'conflict',
      action: { action: 'reopen-shoe' },
      conflict: { conflict: 'not-reopenable', shoeId: 'a' },
    });
    await current.store.endShoe('a', '2026-11-01T11:00:00.000Z');
    await current.store.reopenShoe('a');
    expect((await current.store.getShoe('a'))?.endedAt).toBeNull();
    expect((await current.store.latestShoe({ table: 'T1', open: true }))?.hands.map((h) => h.outcome).join('')).toBe('BP');
    await current.store.endShoe('a', '2026-11-01T11:00:00.000Z');
    // Another table's shoe and an import do not stand in the way; a newer console shoe of the table does.
    await current.store.createShoe(recordedShoe('other', 'T2', '2026-11-01T12:00:00.000Z'));
    await current.store.reopenShoe('a');
    await current.store.endShoe('a', '2026-11-01T11:00:00.000Z');
    await current.store.createShoe(recordedShoe('b', 'T1', '2026-11-01T12:00:00.000Z'));
    await expect(current.store.reopenShoe('a')).rejects.toMatchObject({ conflict: { conflict: 'not-reopenable', shoeId: 'a' } });
    await expect(current.store.reopenShoe('missing')).rejects.toMatchObject({ conflict: { conflict: 'no-shoe', shoeId: 'missing' } });
    expect((await current.store.getShoe('a'))?.endedAt).toBe('2026-11-01T11:00:00.000Z');
  });

  it('refuses, when asked, to delete an open console shoe, deciding in the delete itself', async () => {
    await current.store.createShoe(recordedShoe('open', 'T1', '2026-11-01T10:00:00.000Z', 'BP'), 'console');
    await current.store.createShoe(recordedShoe('attract', 'T1', '2026-11-01T10:00:00.000Z', 'B'), 'attract');
    await current.store.createShoe(recordedShoe('imported', 'T1', '2026-11-01T10:00:00.000Z', 'B'), 'import');
    await expect(current.store.deleteShoe('open', { refuseOpenConsoleShoe: true })).rejects.toMatchObject({
      kind: 'conflict',
      action: { action: 'delete-shoe' },
      conflict: { conflict: 'shoe-in-play', shoeId: 'open' },
    });
    expect((await current.store.getShoe('open'))?.hands).toHaveLength(2);
    await current.store.deleteShoe('attract', { refuseOpenConsoleShoe: true });
    await current.store.deleteShoe('imported', { refuseOpenConsoleShoe: true });
    await current.store.endShoe('open', '2026-11-01T11:00:00.000Z');
    await current.store.deleteShoe('open', { refuseOpenConsoleShoe: true });
    expect(await current.store.countShoes()).toBe(0);
  });

  it('lists history newest first, paged, filtered by table and date, with the total', async () => {
    for (let day = 1; day <= 9; day++) {
      await current.store.createShoe(recordedShoe(`s${day}`, day % 2 ? 'Odd' : 'Even', `2026-11-0${day}T10:00:00.000Z`, 'B'.repeat(day)));
    }
    const page = await current.store.listShoes({ limit: 3 });
    expect(page.total).toBe(9);
    expect(page.shoes.map((s) => s.id)).toEqual(['s9', 's8', 's7']);
    expect((await current.store.listShoes({ limit: 3, offset: 3 })).shoes.map((s) => s.id)).toEqual(['s6', 's5', 's4']);
    const odd = await current.store.listShoes({ table: 'Odd', from: '2026-11-03', to: '2026-11-08' });
    expect(odd.shoes.map((s) => s.id)).toEqual(['s7', 's5', 's3']);
    expect(odd.total).toBe(3);
    // A range that ends before it starts matches nothing, rather than failing.
    expect(await current.store.listShoes({ from: '2026-11-08', to: '2026-11-03' })).toEqual({ shoes: [], total: 0 });
    expect(await current.store.tables()).toEqual(['Even', 'Odd']);
    expect((await current.store.latestShoe({ table: 'Even' }))?.id).toBe('s8');
  });

  it('deletes a shoe with all its hands', async () => {
    await current.store.createShoe(recordedShoe('a', 'T1', '2026-11-01T10:00:00.000Z', 'BPPB'));
    await current.store.createShoe(recordedShoe('b', 'T1', '2026-11-02T10:00:00.000Z', 'PP'));
    await current.store.deleteShoe('a');
    expect(await current.store.getShoe('a')).toBeUndefined();
    expect((await current.store.getShoe('b'))?.hands).toHaveLength(2);
    expect(await current.store.countShoes()).toBe(1);
  });

  it('imports all or nothing: a clashing id refuses the whole file and changes nothing', async () => {
    await current.store.createShoe(recordedShoe('taken', 'T1', '2026-11-01T10:00:00.000Z', 'BBB'));
    const clash = [
      recordedShoe('new', 'T1', '2026-11-02T10:00:00.000Z', 'P'),
      recordedShoe('taken', 'T1', '2026-11-01T10:00:00.000Z', 'PPP'),
    ];
    await expect(current.store.importShoes(clash)).rejects.toThrow(
      /^Shoe 2 \(id "taken"\) is already stored with different hands: hand 1\.$/,
    );
    await expect(current.store.importShoes(clash)).rejects.toMatchObject({
      action: { action: 'import-shoes' },
      conflict: { conflict: 'import-differs', shoeId: 'taken', position: 2, difference: { field: 'hand', hand: 1 } },
    });
    expect(await current.store.countShoes()).toBe(1);
    expect(await current.store.getShoe('new')).toBeUndefined();
    expect(await current.store.importShoes([recordedShoe('taken', 'T1', '2026-11-01T10:00:00.000Z', 'BBB'), clash[0]!])).toEqual({
      added: ['new'],
      skipped: 1,
      renumbered: [],
    });
  });

  it('says what differs when an import brings another version of a stored shoe', async () => {
    // A seeded simulation run twice: the same hands, dealt at another time.
    const first = simulateShoeRecords({ shoes: 1, seed: 'twice', now: () => new Date('2026-11-01T10:00:00.000Z') });
    const again = simulateShoeRecords({ shoes: 1, seed: 'twice', now: () => new Date('2026-11-02T10:00:00.000Z') });
    await current.store.importShoes(first);
    await expect(current.store.importShoes(again)).rejects.toThrow(
      'Shoe 1 (id "simulated:twice") is already stored with different startedAt: "2026-11-01T10:00:00.000Z" stored, "2026-11-02T10:00:00.000Z" in the file.',
    );
    await expect(current.store.importShoes(again)).rejects.toMatchObject({
      conflict: { difference: { field: 'startedAt', stored: '2026-11-01T10:00:00.000Z', incoming: '2026-11-02T10:00:00.000Z' } },
    });
    const shorter = { ...first[0]!, hands: first[0]!.hands.slice(0, -1) };
    await expect(current.store.importShoes([shorter])).rejects.toThrow(
      `different hands: ${first[0]!.hands.length} stored, ${first[0]!.hands.length - 1} in the file.`,
    );
    const otherRules = { ...first[0]!, rules: { ...first[0]!.rules, tiePays: 9 } };
    await expect(current.store.importShoes([otherRules])).rejects.toThrow(/with different rules\.$/);
    expect(await current.store.importShoes(first)).toEqual({ added: [], skipped: 1, renumbered: [] });
  });

  it('keeps who wrote each shoe, and never offers an imported open shoe for resuming', async () => {
    await current.store.createShoe(recordedShoe('console', 'T1', '2026-11-01T10:00:00.000Z', 'B'));
    await current.store.createShoe(recordedShoe('kiosk', 'T1', '2026-11-02T10:00:00.000Z', 'P'), 'attract');
    await current.store.importShoes([recordedShoe('imported', 'T1', '2026-11-03T10:00:00.000Z', 'T')]);
    expect((await current.store.listShoes()).shoes.map((s) => [s.id, s.origin])).toEqual([
      ['imported', 'import'],
      ['kiosk', 'attract'],
      ['console', 'console'],
    ]);
    expect((await current.store.latestShoe({ table: 'T1', open: true, origin: 'console' }))?.id).toBe('console');
    expect((await current.store.latestShoe({ table: 'T1', open: true, origin: 'attract' }))?.id).toBe('kiosk');
    // The origin is the store's own business: the shoe as exported has no such field.
    expect(Object.keys((await current.store.getShoe('imported'))!)).not.toContain('origin');
  });

  it('export, import into an empty database, export again gives identical JSON', async () => {
    const shoes = simulateShoeRecords({ shoes: 3, seed: 'round-trip' });
    await current.store.importShoes(shoes);
    const first = JSON.stringify(shoeDocument(await current.store.exportShoes()), null, 2);
    const other = await ScoreboardStore.open({ name: `${current.name}-other` });
    try {
      await other.importShoes(parseShoeDocument(JSON.parse(first)).shoes);
      expect(JSON.stringify(shoeDocument(await other.exportShoes()), null, 2)).toBe(first);
    } finally {
      other.close();
      await ScoreboardStore.deleteDatabase(`${current.name}-other`);
    }
  });

  it('reports export progress in batches up to the total', async () => {
    await current.store.importShoes(simulateShoeRecords({ shoes: 120, seed: 'progress' }));
    const steps: [number, number][] = [];
    const records = await current.store.exportShoes(undefined, (done, total) => steps.push([done, total]));
    expect(records).toHaveLength(120);
    expect(steps).toEqual([
      [50, 120],
      [100, 120],
      [120, 120],
    ]);
  });
});

describe('schema migrations', () => {
  it('upgrades a version-2 database without losing its shoes, and orders them by their start in UTC', async () => {
    const oldName = `${current.name}-v2`;
    // A database as version 2 wrote it: summaries without startKey, indexes on the start as written.
    const old = await openDB(oldName, 2, {
      upgrade: (db, oldVersion, _newVersion, transaction) => {
        for (let step = oldVersion + 1; step <= 2; step++) MIGRATIONS[step]!(db, transaction);
      },
    });
    const summary = (id: string, startedAt: string) => ({
      id,
      table: 'T9',
      source: 'recorded',
      seed: null,
      startedAt,
      endedAt: null,
      rules: recordedShoe('x', 'x', startedAt).rules,
      handCount: 1,
      outcomes: 'B',
      updatedAt: startedAt,
    });
    // 09:00 in UTC+8 is 01:00 UTC: it started before the 02:00 UTC shoe, though its text sorts after.
    await old.put('shoes', summary('utc-two', '2026-11-30T02:00:00.000Z'));
    await old.put('shoes', summary('utc-one', '2026-11-30T09:00:00+08:00'));
    await old.put('hands', { ...handsFromOutcomes('B')[0]!, shoeId: 'utc-one', index: 0 });
    await old.put('hands', { ...handsFromOutcomes('B')[0]!, shoeId: 'utc-two', index: 0 });
    old.close();

    const upgraded = await ScoreboardStore.open({ name: oldName });
    try {
      expect((await upgraded.listShoes({ table: 'T9' })).shoes.map((s) => s.id)).toEqual(['utc-two', 'utc-one']);
      expect((await upgraded.listShoes({ from: '2026-11-30T01:30:00.000Z' })).shoes.map((s) => s.id)).toEqual(['utc-two']);
      // The shoe keeps its timestamp exactly as it was written.
      expect((await upgraded.getShoe('utc-one'))?.startedAt).toBe('2026-11-30T09:00:00+08:00');
      expect((await upgraded.getSummary('utc-one'))?.origin).toBe('console');
      expect((await upgraded.exportShoes()).map((shoe) => shoe.id)).toEqual(['utc-one', 'utc-two']);
    } finally {
      upgraded.close();
      await ScoreboardStore.deleteDatabase(oldName);
    }
    expect(MIGRATIONS).toHaveLength(DATABASE_VERSION + 1);
  });

  it('orders and filters imported shoes by their start in UTC, whatever offset they were written with', async () => {
    await current.store.importShoes([
      recordedShoe('tokyo', 'T', '2026-11-30T10:00:00+09:00'),
      recordedShoe('london', 'T', '2026-11-30T02:00:00Z'),
      recordedShoe('new-york', 'T', '2026-11-29T20:30:00-05:00'),
    ]);
    expect((await current.store.listShoes()).shoes.map((s) => s.id)).toEqual(['london', 'new-york', 'tokyo']);
    expect((await current.store.listShoes({ to: '2026-11-30T01:15:00.000Z' })).shoes.map((s) => s.id)).toEqual(['tokyo']);
  });

  it('says so when another tab blocks the upgrade, and opens once it closes', async () => {
    const blockedName = `${current.name}-blocked`;
    const holder = await openDB(blockedName, 1, { upgrade: (db) => MIGRATIONS[1]!(db as never, undefined as never) });
    let blocked = false;
    const opening = ScoreboardStore.open({ name: blockedName, onBlocked: () => (blocked = true) });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(blocked).toBe(true);
    holder.close();
    const opened = await opening;
    opened.close();
    await ScoreboardStore.deleteDatabase(blockedName);
  });

  it('refuses a database written by a newer version with a clear message', async () => {
    const newerName = `${current.name}-newer`;
    (await openDB(newerName, DATABASE_VERSION + 1)).close();
    await expect(ScoreboardStore.open({ name: newerName })).rejects.toMatchObject({
      kind: 'newer',
      action: { action: 'open-shoes' },
      detail: expect.any(String) as unknown,
    });
    await ScoreboardStore.deleteDatabase(newerName);
  });

  it('says IndexedDB is unavailable when the browser offers none', async () => {
    const saved = globalThis.indexedDB;
    // @ts-expect-error simulating a browser without IndexedDB
    delete globalThis.indexedDB;
    try {
      await expect(ScoreboardStore.open({ name: 'none' })).rejects.toMatchObject({ kind: 'unavailable' });
    } finally {
      globalThis.indexedDB = saved;
    }
  });
});
