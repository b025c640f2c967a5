/**
 * The store's reads: a shoe or a hand, a page of history, the table names, and every shoe for an
 * export, each in one transaction so it sees one consistent picture.
 */
import type { HandRecord, ShoeRecord } from '../../../../src/shoes/records.js';
import { storageError, type StorageAction } from './storage-error.js';
import { handsOf, startKey, type Database, type ShoeOrigin, type ShoeSummary } from './store-schema.js';
import { storedFields, toShoeRecord } from './store-records.js';

/** A filter and page of the history list. */
export interface HistoryQuery {
  /** Only shoes of this table. */
  table?: string | undefined;
  /** Only shoes started at or after this time (ISO-8601, any offset). */
  from?: string | undefined;
  /** Only shoes started before this time (ISO-8601, any offset). */
  to?: string | undefined;
  /** Shoes to skip (newest first). */
  offset?: number;
  /** Shoes per page. */
  limit?: number;
}

/** Runs a read, its failure a StorageError of `action`. */
export async function read<T>(action: StorageAction, body: () => Promise<T>): Promise<T> {
  try {
    return await body();
  } catch (error) {
    throw storageError(error, action);
  }
}

/** ScoreboardStore.getShoe, on `db`. */
export async function getShoe(db: Database, id: string): Promise<ShoeRecord | undefined> {
  return read({ action: 'read-shoe' }, async () => {
    const tx = db.transaction(['shoes', 'hands']);
    const summary = await tx.objectStore('shoes').get(id);
    if (!summary) return undefined;
    const hands = await tx.objectStore('hands').getAll(handsOf(id));
    return toShoeRecord(summary, hands);
  });
}

/** ScoreboardStore.getHand, on `db`. */
export async function getHand(db: Database, shoeId: string, index: number): Promise<HandRecord | undefined> {
  return read({ action: 'read-hand', hand: index + 1 }, async () => {
    const hand = await db.get('hands', [shoeId, index]);
    return hand && storedFields(hand);
  });
}

/** ScoreboardStore.getSummary, on `db`. */
export async function getSummary(db: Database, id: string): Promise<ShoeSummary | undefined> {
  return read({ action: 'read-shoe' }, () => db.get('shoes', id));
}

/** ScoreboardStore.listShoes, on `db`. */
export async function listShoes(db: Database, query: HistoryQuery = {}): Promise<{ shoes: ShoeSummary[]; total: number }> {
  return read({ action: 'list-shoes' }, async () => {
    const tx = db.transaction('shoes');
    const from = query.from === undefined ? '' : startKey(query.from);
    const to = query.to === undefined ? '\uffff' : startKey(query.to);
    // An end before the start matches nothing (IDBKeyRange would throw on it).
    if (to <= from) return { shoes: [], total: 0 };
    const [index, range] =
      query.table === undefined
        ? ([tx.store.index('startKey'), IDBKeyRange.bound(from, to, false, true)] as const)
        : ([tx.store.index('tableStartKey'), IDBKeyRange.bound([query.table, from], [query.table, to], false, true)] as const);
    const total = await index.count(range);
    const shoes: ShoeSummary[] = [];
    const limit = query.limit ?? 20;
    let cursor = await index.openCursor(range, 'prev');
    if (cursor && (query.offset ?? 0) > 0) cursor = await cursor.advance(query.offset ?? 0);
    for (; cursor && shoes.length < limit; cursor = await cursor.continue()) shoes.push(cursor.value);
    return { shoes, total };
  });
}

/** ScoreboardStore.tables, on `db`. */
export async function tables(db: Database): Promise<string[]> {
  return read({ action: 'list-tables' }, async () => {
    const tables: string[] = [];
    const index = db.transaction('shoes').store.index('tableStartKey');
    let cursor = await index.openKeyCursor();
    while (cursor) {
      const table = cursor.key[0];
      tables.push(table);
      // Jump past every other shoe of this table.
      cursor = await cursor.continue([table, '\uffff']);
    }
    return tables;
  });
}

/** ScoreboardStore.countShoes, on `db`. */
export async function countShoes(db: Database): Promise<number> {
  return read({ action: 'count-shoes' }, () => db.count('shoes'));
}

/** ScoreboardStore.exportShoes, on `db`. */
export async function exportShoes(
  db: Database,
  ids?: readonly string[],
  onProgress?: (done: number, total: number) => void,
): Promise<ShoeRecord[]> {
  return read({ action: 'export-shoes' }, async () => {
    // One transaction for the whole export: a consistent picture even while another window writes.
    // It stays open because only its own requests are awaited; each batch's results arrive as a
    // separate task, so a progress bar can move in between.
    const tx = db.transaction(['shoes', 'hands']);
    const shoes = tx.objectStore('shoes');
    const summaries =
      ids === undefined
        ? await shoes.index('startKey').getAll()
        : (await Promise.all(ids.map((id) => shoes.get(id)))).filter((summary): summary is ShoeSummary => summary !== undefined);
    const hands = tx.objectStore('hands');
    const records: ShoeRecord[] = [];
    const batch = 50;
    for (let start = 0; start < summaries.length; start += batch) {
      const slice = summaries.slice(start, start + batch);
      const handLists = await Promise.all(slice.map((summary) => hands.getAll(handsOf(summary.id))));
      slice.forEach((summary, i) => records.push(toShoeRecord(summary, handLists[i]!)));
      onProgress?.(records.length, summaries.length);
    }
    if (summaries.length === 0) onProgress?.(0, 0);
    return records;
  });
}

/** The summary of ScoreboardStore.latestShoe's shoe, on `db`. */
export async function latestSummary(
  db: Database,
  filter: { table?: string; source?: ShoeRecord['source']; open?: boolean; origin?: ShoeOrigin | readonly ShoeOrigin[] } = {},
): Promise<ShoeSummary | undefined> {
  const origins = filter.origin === undefined ? undefined : typeof filter.origin === 'string' ? [filter.origin] : filter.origin;
  return read({ action: 'find-latest-shoe' }, async () => {
    const tx = db.transaction('shoes');
    let cursor =
      filter.table === undefined
        ? await tx.store.index('startKey').openCursor(null, 'prev')
        : await tx.store.index('tableStartKey').openCursor(IDBKeyRange.bound([filter.table, ''], [filter.table, '\uffff']), 'prev');
    for (; cursor; cursor = await cursor.continue()) {
      const shoe = cursor.value;
      if (filter.source !== undefined && shoe.source !== filter.source) continue;
      if (origins !== undefined && !origins.includes(shoe.origin)) continue;
      if (filter.open !== undefined && (shoe.endedAt === null) !== filter.open) continue;
      return shoe;
    }
    return undefined;
  });
}
