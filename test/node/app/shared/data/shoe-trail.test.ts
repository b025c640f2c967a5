import { describe, expect, it } from 'vitest';
import { openDB } from 'idb';
import { DATABASE_VERSION, ScoreboardStore, StorageError } from '../../../../../components/app/shared/data/scoreboard-store.js';
import { parseShoeDocument, shoeDocumentText, type AuditEntry, type ShoeEvent } from '../../../../../src/shoes/document.js';
import { ShoeKeeper } from '../../../../../src/shoes/keeper.js';
import { freshStorePerTest, recordedShoe } from './store-fixtures.js';

const current = freshStorePerTest('shoe-trail');

const burn: ShoeEvent = { kind: 'burn', at: '2026-12-01T10:00:01.000Z', afterHand: 0, card: '3H', burned: ['4C', '5C', '6C'] };
const cancelled: ShoeEvent = { kind: 'cancelled', at: '2026-12-01T10:05:00.000Z', afterHand: 2, card: 'QS', by: 'clerk' };
const cut: ShoeEvent = { kind: 'cut', at: '2026-12-01T10:06:00.000Z', afterHand: 3 };
const corrected: AuditEntry = { at: '2026-12-01T10:07:00.000Z', operator: 'Wei', action: 'correct', hand: 2, reason: 'misread card' };
const undone: AuditEntry = { at: '2026-12-01T10:08:00.000Z', operator: 'Ana', action: 'undo', hand: 3, reason: 'wrong key' };

describe('a shoe’s events and audit trail in the store (fake-indexeddb)', () => {
  it('appends events and audit entries, each in its own transaction, and reads them back in order', async () => {
    const { store } = current;
    await store.createShoe(recordedShoe('a', 'T1', '2026-12-01T10:00:00.000Z', 'BPB'));
    await store.appendEvent('a', burn);
    await store.appendAudit('a', corrected);
    await store.appendEvent('a', cancelled);
    await store.appendAudit('a', undone);
    const shoe = await store.getShoe('a');
    expect(shoe?.events).toEqual([burn, cancelled]);
    expect(shoe?.audit).toEqual([corrected, undone]);
    // History's list has them too, without reading hands.
    const { shoes } = await store.listShoes();
    expect(shoes[0]?.events).toHaveLength(2);
    expect(shoes[0]?.audit).toHaveLength(2);
  });

  it('refuses an event or entry for a shoe not stored, with its StorageError', async () => {
    const event = await current.store.appendEvent('missing', cut).catch((error: unknown) => error);
    expect(event).toBeInstanceOf(StorageError);
    expect(event).toMatchObject({
      kind: 'conflict',
      action: { action: 'save-event' },
      conflict: { conflict: 'no-shoe', shoeId: 'missing' },
    });
    const entry = await current.store.appendAudit('missing', undone).catch((error: unknown) => error);
    expect(entry).toMatchObject({ kind: 'conflict', action: { action: 'save-audit' }, conflict: { conflict: 'no-shoe' } });
    expect(await current.store.countShoes()).toBe(0);
  });

  it('exports them, imports them into another browser, and exports the same bytes', async () => {
    const { store } = current;
    await store.createShoe(recordedShoe('a', 'T1', '2026-12-01T10:00:00.000Z', 'BPB'));
    await store.appendEvent('a', burn);
    await store.appendEvent('a', cut);
    await store.appendAudit('a', corrected);
    await store.createShoe(recordedShoe('b', 'T1', '2026-12-01T11:00:00.000Z', 'P'));
    const text = shoeDocumentText(await store.exportShoes());
    expect(text).toContain('"version": 2');
    const other = await ScoreboardStore.open({ name: `${current.name}-other` });
    try {
      const read = parseShoeDocument(JSON.parse(text), new Date('2026-12-01T12:00:00Z'));
      expect((await other.importShoes(read.shoes)).added).toEqual(['a', 'b']);
      expect(shoeDocumentText(await other.exportShoes())).toBe(text);
      // The same file again is the same shoes: skipped, not refused.
      expect((await other.importShoes(read.shoes)).skipped).toBe(2);
      // Another trail under a stored id is another shoe.
      const changed = { ...read.shoes[0]!, audit: [] };
      await expect(other.importShoes([changed])).rejects.toMatchObject({ conflict: { difference: { field: 'audit' } } });
    } finally {
      other.close();
      await ScoreboardStore.deleteDatabase(`${current.name}-other`);
    }
  });

  it('reads shoes stored before there were events (a database of schema 4) as having none, and appends to them', async () => {
    // No upgrade: DATABASE_VERSION is still 4, and a summary written without the fields means none.
    expect(DATABASE_VERSION).toBe(4);
    await current.store.createShoe(recordedShoe('old', 'T1', '2026-12-01T09:00:00.000Z', 'BB'));
    const raw = await openDB(current.name);
    const stored = (await raw.get('shoes', 'old')) as Record<string, unknown>;
    expect(stored).not.toHaveProperty('events');
    raw.close();
    expect(await current.store.getShoe('old')).not.toHaveProperty('events');
    await current.store.appendEvent('old', cut);
    expect((await current.store.getShoe('old'))?.events).toEqual([cut]);
  });
});

describe('ShoeKeeper: events and audit entries written in order with the hands', () => {
  it('writes them in order, keeps them in memory through a failing disk, and writes them when it recovers', async () => {
    const { store } = current;
    let failing = false;
    const order: string[] = [];
    const due: (() => void)[] = [];
    const guarded =
      <A extends unknown[]>(name: string, write: (...args: A) => Promise<unknown>) =>
      async (...args: A) => {
        if (failing) throw new StorageError('quota', 'full');
        order.push(name);
        await write(...args);
      };
    const keeper = new ShoeKeeper({
      store: {
        createShoe: guarded('start', (shoe) => store.createShoe(shoe)),
        appendHand: guarded('add', (id: string, index: number, hand) => store.appendHand(id, index, hand)),
        replaceHand: guarded('replace', (id: string, index: number, hand) => store.replaceHand(id, index, hand)),
        removeLastHand: guarded('undo', (id: string, index: number) => store.removeLastHand(id, index)),
        endShoe: guarded('end', (id: string, at: string) => store.endShoe(id, at)),
        appendEvent: guarded('event', (id: string, event: ShoeEvent) => store.appendEvent(id, event)),
        appendAudit: guarded('audit', (id: string, entry: AuditEntry) => store.appendAudit(id, entry)),
      },
      schedule: (callback) => {
        due.push(callback);
        return () => undefined;
      },
    });
    const shoe = recordedShoe('k', 'T1', '2026-12-01T10:00:00.000Z', 'BP');
    await keeper.startShoe({ ...shoe, hands: [] });
    expect(await keeper.recordEvent(burn)).toBe(true);
    failing = true;
    expect(await keeper.addHand(shoe.hands[0]!)).toBe(false);
    expect(await keeper.recordAudit(corrected)).toBe(false);
    expect(await keeper.recordEvent(cancelled)).toBe(false);
    expect(keeper.shoe?.events).toEqual([burn, cancelled]);
    expect(keeper.shoe?.audit).toEqual([corrected]);
    expect(keeper.unsaved).toBe(3);
    failing = false;
    due.splice(0).forEach((callback) => callback());
    expect(await keeper.flush()).toBe(true);
    expect(order).toEqual(['start', 'event', 'add', 'audit', 'event']);
    const stored = await store.getShoe('k');
    expect(stored?.events).toEqual([burn, cancelled]);
    expect(stored?.audit).toEqual([corrected]);
    expect(stored?.hands).toHaveLength(1);
  });

  it('refuses an event before a shoe starts, and with a store that cannot keep them', async () => {
    const keeper = new ShoeKeeper({ store: current.store, schedule: () => () => undefined });
    expect(() => keeper.recordEvent(cut)).toThrow(RangeError);
    const plain = {
      createShoe: (shoe: Parameters<ScoreboardStore['createShoe']>[0]) => current.store.createShoe(shoe),
      appendHand: () => Promise.resolve(),
      replaceHand: () => Promise.resolve(),
      removeLastHand: () => Promise.resolve(),
      endShoe: () => Promise.resolve(),
    };
    const old = new ShoeKeeper({ store: plain, schedule: () => () => undefined });
    await old.startShoe(recordedShoe('p', 'T1', '2026-12-01T10:00:00.000Z'));
    expect(() => old.recordEvent(cut)).toThrow(/cannot keep events/);
    expect(() => old.recordAudit(undone)).toThrow(/cannot keep an audit trail/);
  });
});
