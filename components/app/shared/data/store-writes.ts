/**
 * The store's writes: each change to a shoe is one transaction over both stores, so its summary
 * never disagrees with its hands, and a refused write leaves nothing behind.
 */
import type { AuditEntry, HandRecord, ShoeEvent, ShoeRecord } from '../../../../src/shoes/records.js';
import { auditFields, eventFields } from '../../../../src/shoes/records.js';
import { StorageError, storageError, type StorageAction } from './storage-error.js';
import {
  handsOf,
  shoeDay,
  startKey,
  type Database,
  type RecordedCentrally,
  type ShoeOrigin,
  type ShoeSummary,
  type WriteTransaction,
} from './store-schema.js';
import { exportableShoe, shoeFields, storedFields, toShoeRecord } from './store-records.js';

/**
 * Runs `body` in one read-write transaction over both stores: all of it is written, or (when it
 * throws) none of it, and the error becomes a StorageError of `action`.
 */
export async function write(db: Database, action: StorageAction, body: (tx: WriteTransaction) => Promise<void>): Promise<void> {
  let tx: WriteTransaction;
  try {
    tx = db.transaction(['shoes', 'hands'], 'readwrite');
  } catch (error) {
    throw storageError(error, action);
  }
  try {
    await body(tx);
    await tx.done;
  } catch (error) {
    // A refused write must leave nothing behind; the transaction may already be finished.
    try {
      tx.abort();
    } catch {
      /* already aborted or committed */
    }
    await tx.done.catch(() => undefined);
    throw storageError(error, action);
  }
}

/** A shoe's summary, read in a write transaction. @throws StorageError `conflict` (`no-shoe`) when it is not stored. */
export async function summaryFor(tx: WriteTransaction, shoeId: string, action: StorageAction): Promise<ShoeSummary> {
  const summary = await tx.objectStore('shoes').get(shoeId);
  if (!summary) throw new StorageError('conflict', `No shoe "${shoeId}" is stored.`, { action, conflict: { conflict: 'no-shoe', shoeId } });
  return summary;
}

/** A summary about to be written with a change: the recorder's acknowledgement no longer covers the shoe. */
function unacknowledged(summary: ShoeSummary): ShoeSummary {
  const changed = { ...summary };
  delete changed.recordedCentrally;
  return changed;
}

/** ScoreboardStore.markRecorded, on `db`. */
export async function markRecorded(db: Database, shoe: ShoeRecord, mark: RecordedCentrally): Promise<'marked' | 'changed'> {
  let result: 'marked' | 'changed' = 'changed';
  await write(db, { action: 'mark-recorded' }, async (tx) => {
    const summary = await tx.objectStore('shoes').get(shoe.id);
    if (!summary) return;
    const hands = await tx.objectStore('hands').getAll(handsOf(shoe.id));
    // Compared in this transaction: a change written after the acknowledged one is never marked.
    // The shoe's number is the store's to give: the console's copy may not have it yet.
    const acknowledged = exportableShoe({ ...shoe, number: summary.number });
    if (JSON.stringify(toShoeRecord(summary, hands)) !== JSON.stringify(acknowledged) || mark.handCount !== shoe.hands.length) return;
    await tx.objectStore('shoes').put({ ...summary, recordedCentrally: { ...mark } });
    result = 'marked';
  });
  return result;
}

/** ScoreboardStore.createShoe, on `db`. */
export async function createShoe(db: Database, shoe: ShoeRecord, origin: ShoeOrigin = 'console'): Promise<number> {
  const action = { action: 'save-new-shoe' } as const;
  let number = 0;
  await write(db, action, async (tx) => {
    if (await tx.objectStore('shoes').getKey(shoe.id)) {
      throw new StorageError('conflict', `A shoe with id "${shoe.id}" is already stored.`, {
        action,
        conflict: { conflict: 'shoe-exists', shoeId: shoe.id },
      });
    }
    number = shoe.number ?? (await nextShoeNumber(tx, shoe.table, shoe.startedAt));
    await putShoe(tx, shoe, origin, number);
  });
  return number;
}

/** ScoreboardStore.appendHand, on `db`. */
export async function appendHand(db: Database, shoeId: string, index: number, hand: HandRecord): Promise<void> {
  const action = { action: 'save-hand', hand: index + 1 } as const;
  await write(db, action, async (tx) => {
    const summary = await summaryFor(tx, shoeId, action);
    if (summary.handCount !== index) {
      const conflict = { conflict: 'not-next-hand', shoeId, hand: index + 1, stored: summary.handCount } as const;
      throw new StorageError('conflict', `Hand ${index + 1} of shoe "${shoeId}" cannot be saved: ${summary.handCount} hands are stored.`, {
        action,
        conflict,
      });
    }
    await tx.objectStore('hands').put({ ...storedFields(hand), shoeId, index });
    await tx.objectStore('shoes').put({
      ...unacknowledged(summary),
      handCount: index + 1,
      outcomes: summary.outcomes + hand.outcome,
      updatedAt: new Date().toISOString(),
    });
  });
}

/** ScoreboardStore.replaceHand, on `db`. */
export async function replaceHand(db: Database, shoeId: string, index: number, hand: HandRecord): Promise<void> {
  const action = { action: 'correct-hand', hand: index + 1 } as const;
  await write(db, action, async (tx) => {
    const summary = await summaryFor(tx, shoeId, action);
    if (index < 0 || index >= summary.handCount) {
      throw new StorageError('conflict', `Shoe "${shoeId}" has no hand ${index + 1} to correct.`, {
        action,
        conflict: { conflict: 'no-hand', shoeId, hand: index + 1 },
      });
    }
    await tx.objectStore('hands').put({ ...storedFields(hand), shoeId, index });
    const outcomes = summary.outcomes.slice(0, index) + hand.outcome + summary.outcomes.slice(index + 1);
    await tx.objectStore('shoes').put({ ...unacknowledged(summary), outcomes, updatedAt: new Date().toISOString() });
  });
}

/** ScoreboardStore.removeLastHand, on `db`. */
export async function removeLastHand(db: Database, shoeId: string, index: number): Promise<void> {
  const action = { action: 'undo-hand', hand: index + 1 } as const;
  await write(db, action, async (tx) => {
    const summary = await summaryFor(tx, shoeId, action);
    if (summary.handCount !== index + 1) {
      throw new StorageError('conflict', `Hand ${index + 1} is not the last hand of shoe "${shoeId}".`, {
        action,
        conflict: { conflict: 'not-last-hand', shoeId, hand: index + 1 },
      });
    }
    await tx.objectStore('hands').delete([shoeId, index]);
    await tx.objectStore('shoes').put({
      ...unacknowledged(summary),
      handCount: index,
      outcomes: summary.outcomes.slice(0, index),
      updatedAt: new Date().toISOString(),
    });
  });
}

/** ScoreboardStore.endShoe, on `db`. */
export async function endShoe(db: Database, shoeId: string, endedAt: string): Promise<void> {
  const action = { action: 'end-shoe' } as const;
  await write(db, action, async (tx) => {
    const summary = await summaryFor(tx, shoeId, action);
    await tx.objectStore('shoes').put({ ...unacknowledged(summary), endedAt, updatedAt: new Date().toISOString() });
  });
}

/** ScoreboardStore.reopenShoe, on `db`. */
export async function reopenShoe(db: Database, shoeId: string): Promise<void> {
  const action = { action: 'reopen-shoe' } as const;
  await write(db, action, async (tx) => {
    const summary = await summaryFor(tx, shoeId, action);
    const refuse = () =>
      new StorageError('conflict', `Shoe "${shoeId}" cannot be reopened: it is open, or a newer shoe of its table was started.`, {
        action,
        conflict: { conflict: 'not-reopenable', shoeId },
      });
    if (summary.endedAt === null) throw refuse();
    const range = IDBKeyRange.bound([summary.table, summary.startKey], [summary.table, '\uffff'], true);
    for (let cursor = await tx.objectStore('shoes').index('tableStartKey').openCursor(range); cursor; cursor = await cursor.continue()) {
      if (cursor.value.origin === summary.origin && cursor.value.id !== shoeId) throw refuse();
    }
    await tx.objectStore('shoes').put({ ...unacknowledged(summary), endedAt: null, updatedAt: new Date().toISOString() });
  });
}

/** ScoreboardStore.appendEvent, on `db`. */
export async function appendEvent(db: Database, shoeId: string, event: ShoeEvent): Promise<void> {
  const action = { action: 'save-event' } as const;
  await write(db, action, async (tx) => {
    const summary = await summaryFor(tx, shoeId, action);
    const events = [...(summary.events ?? []), eventFields(event)];
    await tx.objectStore('shoes').put({ ...unacknowledged(summary), events, updatedAt: new Date().toISOString() });
  });
}

/** ScoreboardStore.appendAudit, on `db`. */
export async function appendAudit(db: Database, shoeId: string, entry: AuditEntry): Promise<void> {
  const action = { action: 'save-audit' } as const;
  await write(db, action, async (tx) => {
    const summary = await summaryFor(tx, shoeId, action);
    const audit = [...(summary.audit ?? []), auditFields(entry)];
    await tx.objectStore('shoes').put({ ...unacknowledged(summary), audit, updatedAt: new Date().toISOString() });
  });
}

/** ScoreboardStore.keepReceivedShoe, on `db`. */
export async function keepReceivedShoe(db: Database, shoe: ShoeRecord): Promise<'kept' | 'own'> {
  const action: StorageAction = shoe.hands.length > 0 ? { action: 'save-hand', hand: shoe.hands.length } : { action: 'save-new-shoe' };
  let result: 'kept' | 'own' = 'kept';
  await write(db, action, async (tx) => {
    const stored = await tx.objectStore('shoes').get(shoe.id);
    if (stored && stored.origin !== 'received') {
      result = 'own';
      return;
    }
    // A shorter shoe (an undo) leaves no hand of the longer copy behind.
    await tx.objectStore('hands').delete(handsOf(shoe.id));
    const number = shoe.number ?? stored?.number ?? (await nextShoeNumber(tx, shoe.table, shoe.startedAt));
    await putShoe(tx, shoe, 'received', number, new Date().toISOString());
  });
  return result;
}

/** ScoreboardStore.adoptRoomShoe, on `db`. */
export async function adoptRoomShoe(db: Database, shoe: ShoeRecord): Promise<'adopted' | { differsAt: number }> {
  const action: StorageAction = { action: 'import-shoes' };
  let result: 'adopted' | { differsAt: number } = 'adopted';
  await write(db, action, async (tx) => {
    const stored = await tx.objectStore('shoes').get(shoe.id);
    if (stored?.origin === 'console') {
      const kept = await tx.objectStore('hands').getAll(handsOf(shoe.id));
      const differsAt = kept.findIndex((hand, index) => {
        const other = shoe.hands[index];
        return other === undefined || JSON.stringify(storedFields(other)) !== JSON.stringify(storedFields(hand));
      });
      if (differsAt >= 0) {
        result = { differsAt: differsAt + 1 };
        return;
      }
    }
    await tx.objectStore('hands').delete(handsOf(shoe.id));
    const number = shoe.number ?? stored?.number ?? (await nextShoeNumber(tx, shoe.table, shoe.startedAt));
    await putShoe(tx, shoe, 'console', number, new Date().toISOString());
  });
  return result;
}

/** ScoreboardStore.deleteShoe, on `db`. */
export async function deleteShoe(db: Database, id: string, options: { refuseOpenConsoleShoe?: boolean } = {}): Promise<void> {
  const action = { action: 'delete-shoe' } as const;
  await write(db, action, async (tx) => {
    if (options.refuseOpenConsoleShoe) {
      const summary = await tx.objectStore('shoes').get(id);
      if (summary && summary.origin === 'console' && summary.endedAt === null) {
        throw new StorageError('conflict', `Shoe "${id}" is still being recorded by a console: end it there first.`, {
          action,
          conflict: { conflict: 'shoe-in-play', shoeId: id },
        });
      }
    }
    await tx.objectStore('hands').delete(handsOf(id));
    await tx.objectStore('shoes').delete(id);
  });
}

/** The numbers of the stored shoes of `table` on the UTC day of `startedAt`, read in the caller's write transaction. */
export async function numbersOfDay(tx: WriteTransaction, table: string, startedAt: string): Promise<Set<number>> {
  const day = shoeDay(startedAt);
  const numbers = new Set<number>();
  const range = IDBKeyRange.bound([table, day], [table, `${day}\uffff`]);
  for (let cursor = await tx.objectStore('shoes').index('tableStartKey').openCursor(range); cursor; cursor = await cursor.continue()) {
    numbers.add(cursor.value.number);
  }
  return numbers;
}

/**
 * The number the next shoe of `table` started at `startedAt` gets: one more than the highest of the
 * table's shoes of that UTC day (1 for the day's first). Read in the caller's write transaction, so
 * no other write comes in between.
 */
async function nextShoeNumber(tx: WriteTransaction, table: string, startedAt: string): Promise<number> {
  return Math.max(0, ...(await numbersOfDay(tx, table, startedAt))) + 1;
}

/** Puts a whole shoe: its summary (with `origin`, `number` and `updatedAt`) and every hand. */
export async function putShoe(
  tx: WriteTransaction,
  shoe: ShoeRecord,
  origin: ShoeOrigin,
  number: number,
  updatedAt: string = shoe.endedAt ?? shoe.startedAt,
): Promise<void> {
  const hands = tx.objectStore('hands');
  const summary: ShoeSummary = {
    ...shoeFields(shoe),
    number,
    handCount: shoe.hands.length,
    outcomes: shoe.hands.map((hand) => hand.outcome).join(''),
    updatedAt,
    startKey: startKey(shoe.startedAt),
    origin,
  };
  await tx.objectStore('shoes').put(summary);
  await Promise.all(shoe.hands.map((hand, index) => hands.put({ ...storedFields(hand), shoeId: shoe.id, index })));
}
