/**
 * Importing an export file's shoes: all or nothing, in one transaction; a shoe stored already with
 * the same content is skipped, a different one under its id refuses the whole file.
 */
import type { ShoeRecord } from '../../../../src/shoes/records.js';
import { StorageError, differenceLogText, type ShoeDifference } from './storage-error.js';
import { handsOf, shoeDay, startKey, type Database } from './store-schema.js';
import { exportableShoe, toShoeRecord } from './store-records.js';
import { numbersOfDay, putShoe, write } from './store-writes.js';

/** How importShoes reports and stops. */
export interface ImportOptions {
  /** Called as each shoe of the file is taken up (stored, or skipped as already stored). */
  onProgress?: (done: number, total: number) => void;
  /** Aborts the import: nothing of it is stored. */
  signal?: AbortSignal;
}

/** A shoe importShoes stored under another number than its file gave it, as a shoe of its table and day had that one. */
export interface RenumberedShoe {
  id: string;
  table: string;
  startedAt: string;
  /** The number in the file. */
  from: number;
  /** The number stored. */
  to: number;
}

/** What importShoes did. */
export interface ImportResult {
  /** The ids of the shoes added, in the file's order. */
  added: string[];
  /** How many of the file's shoes were stored already, with the same content. */
  skipped: number;
  /** The shoes stored under another number than the file gave them. */
  renumbered: RenumberedShoe[];
}

/** ScoreboardStore.importShoes, on `db`. */
export async function importShoes(db: Database, shoes: readonly ShoeRecord[], options: ImportOptions = {}): Promise<ImportResult> {
  const { onProgress, signal } = options;
  const added: string[] = [];
  const renumbered: RenumberedShoe[] = [];
  let skipped = 0;
  let done = 0;
  const total = shoes.length;
  const action = { action: 'import-shoes' } as const;
  signal?.throwIfAborted();
  try {
    await write(db, action, async (tx) => {
      // The numbers taken on each table and day this import touches, read once and kept up to date as shoes are put.
      const days = new Map<string, Set<number>>();
      const numbersOf = async (shoe: ShoeRecord): Promise<Set<number>> => {
        const key = `${shoe.table}\n${shoeDay(shoe.startedAt)}`;
        let numbers = days.get(key);
        if (!numbers) {
          numbers = await numbersOfDay(tx, shoe.table, shoe.startedAt);
          days.set(key, numbers);
        }
        return numbers;
      };
      const taken = (): void => {
        done++;
        onProgress?.(done, total);
      };
      const toNumber: { shoe: ShoeRecord; position: number; key: string }[] = [];
      for (const [position, shoe] of shoes.entries()) {
        signal?.throwIfAborted();
        const existing = await tx.objectStore('shoes').get(shoe.id);
        if (existing) {
          const hands = await tx.objectStore('hands').getAll(handsOf(shoe.id));
          // firstDifference leaves the number out: a file without numbers (or another browser's) holds the same shoe.
          const difference = firstDifference(toShoeRecord(existing, hands), exportableShoe(shoe));
          if (difference === null) {
            skipped++;
            taken();
            continue;
          }
          const conflict = { conflict: 'import-differs', shoeId: shoe.id, position: position + 1, difference } as const;
          throw new StorageError(
            'conflict',
            `Shoe ${position + 1} (id "${shoe.id}") is already stored with different ${differenceLogText(difference)}.`,
            { action, conflict },
          );
        }
        added.push(shoe.id);
        const numbers = await numbersOf(shoe);
        if (shoe.number !== undefined && !numbers.has(shoe.number)) {
          numbers.add(shoe.number);
          await putShoe(tx, shoe, 'import', shoe.number);
          taken();
        } else {
          toNumber.push({ shoe, position, key: startKey(shoe.startedAt) });
        }
      }
      toNumber.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.position - b.position));
      for (const { shoe } of toNumber) {
        signal?.throwIfAborted();
        const numbers = await numbersOf(shoe);
        // The next after the highest taken, as nextShoeNumber gives it.
        const number = Math.max(0, ...numbers) + 1;
        numbers.add(number);
        await putShoe(tx, shoe, 'import', number);
        if (shoe.number !== undefined)
          renumbered.push({ id: shoe.id, table: shoe.table, startedAt: shoe.startedAt, from: shoe.number, to: number });
        taken();
      }
      signal?.throwIfAborted();
    });
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    throw error;
  }
  return { added, skipped, renumbered };
}

/**
 * What first differs between a stored shoe and an incoming one with its id, or null when they are
 * the same shoe. A seeded simulation run twice, say, deals the same hands at other times.
 */
function firstDifference(stored: ShoeRecord, incoming: ShoeRecord): ShoeDifference | null {
  for (const field of ['table', 'source', 'seed', 'startedAt', 'endedAt'] as const) {
    if (stored[field] !== incoming[field]) return { field, stored: stored[field], incoming: incoming[field] };
  }
  if (JSON.stringify(stored.rules) !== JSON.stringify(incoming.rules)) return { field: 'rules' };
  // Absent and empty are the same: no events, no audit.
  if (JSON.stringify(stored.events ?? []) !== JSON.stringify(incoming.events ?? [])) return { field: 'events' };
  if (JSON.stringify(stored.audit ?? []) !== JSON.stringify(incoming.audit ?? [])) return { field: 'audit' };
  if (stored.hands.length !== incoming.hands.length)
    return { field: 'hands', stored: stored.hands.length, incoming: incoming.hands.length };
  const hand = stored.hands.findIndex((storedHand, index) => JSON.stringify(storedHand) !== JSON.stringify(incoming.hands[index]));
  return hand === -1 ? null : { field: 'hand', hand: hand + 1 };
}
