/**
 * Persistence: every shoe and every hand in IndexedDB, through `idb`. This module and its parts beside
 * it (store-schema, store-reads, store-writes, store-import, store-records, storage-error) are the only
 * ones that import `idb` or touch IndexedDB; the pure core never imports them, and components reach
 * them through controllers.
 *
 * Layout: `shoes` holds one summary per shoe (everything but its hands, plus the hand count and
 * the outcomes as a string, so history pages and their small big-road pictures need no hands);
 * `hands` holds one record per hand, keyed by [shoe id, index]. Every change to a shoe is one
 * transaction over both stores, so the summary never disagrees with the hands. A shoe's events and
 * audit trail (few, and shown with the shoe in history) are kept in its summary, in order; a summary
 * stored before shoes had them has neither, which means none, so no schema upgrade was needed.
 */
import { deleteDB } from 'idb';
import type { AuditEntry, HandRecord, ShoeEvent, ShoeRecord } from '../../../../src/shoes/records.js';
import type { ShoeStore } from '../../../../src/shoes/keeper.js';
import {
  DATABASE_NAME,
  openDatabase,
  type Database,
  type OpenOptions,
  type RecordedCentrally,
  type ShoeOrigin,
  type ShoeSummary,
} from './store-schema.js';
import type { HistoryQuery } from './store-reads.js';
import type { ImportOptions, ImportResult } from './store-import.js';
import * as reads from './store-reads.js';
import * as writes from './store-writes.js';
import * as imports from './store-import.js';

// Everything the store offered from this one module, where its importers find it.
export {
  DATABASE_NAME,
  DATABASE_VERSION,
  MIGRATIONS,
  shoeDay,
  startKey,
  type OpenOptions,
  type RecordedCentrally,
  type ScoreboardSchema,
  type ShoeOrigin,
  type ShoeSummary,
  type StoredHand,
} from './store-schema.js';
export {
  StorageError,
  storageError,
  type ShoeDifference,
  type StorageAction,
  type StorageConflict,
  type StorageErrorDetails,
  type StorageErrorKind,
} from './storage-error.js';
export type { HistoryQuery } from './store-reads.js';
export type { ImportOptions, ImportResult, RenumberedShoe } from './store-import.js';

/** The shoes and hands kept in IndexedDB: the one entry point to them (its parts live in the store-*.ts files beside it). */
export class ScoreboardStore implements ShoeStore {
  private constructor(
    private readonly db: Database,
    /** The database's name. */
    readonly name: string,
  ) {}

  /**
   * Opens (creating or upgrading) the database.
   * @throws StorageError `unavailable` when there is no IndexedDB, `newer` when a newer version wrote it.
   */
  static async open(options: OpenOptions = {}): Promise<ScoreboardStore> {
    const { db, name } = await openDatabase(options);
    return new ScoreboardStore(db, name);
  }

  /** Deletes a whole database (tests, and a full reset). */
  static async deleteDatabase(name = DATABASE_NAME): Promise<void> {
    await deleteDB(name);
  }

  close(): void {
    this.db.close();
  }

  /**
   * Stores a new shoe with the hands it already has. A shoe without a `number` gets the next number
   * of its table and day, decided in this transaction, so two windows starting shoes at once never
   * get the same one.
   * @returns the shoe's number as stored
   * @throws StorageError `conflict` when the id is taken.
   */
  async createShoe(shoe: ShoeRecord, origin: ShoeOrigin = 'console'): Promise<number> {
    return writes.createShoe(this.db, shoe, origin);
  }

  /**
   * Appends one hand, in its own transaction with the shoe's summary.
   * @throws StorageError `conflict` unless `index` is the shoe's next hand.
   */
  async appendHand(shoeId: string, index: number, hand: HandRecord): Promise<void> {
    return writes.appendHand(this.db, shoeId, index, hand);
  }

  /** Replaces a hand already stored (a correction). */
  async replaceHand(shoeId: string, index: number, hand: HandRecord): Promise<void> {
    return writes.replaceHand(this.db, shoeId, index, hand);
  }

  /** Removes the last hand (undo). @throws StorageError `conflict` unless hand `index` is the last one stored. */
  async removeLastHand(shoeId: string, index: number): Promise<void> {
    return writes.removeLastHand(this.db, shoeId, index);
  }

  /** Marks a shoe finished. */
  async endShoe(shoeId: string, endedAt: string): Promise<void> {
    return writes.endShoe(this.db, shoeId, endedAt);
  }

  /**
   * Opens an ended shoe again (`endedAt` back to null): the console's undo of End shoe, or its
   * "reopen the last shoe".
   * @throws StorageError `conflict` when the shoe is not stored, is not ended, or is no longer the
   * newest shoe of its table and origin (a newer shoe was started since: two open shoes of a table
   * would leave the console unsure which to resume).
   */
  async reopenShoe(shoeId: string): Promise<void> {
    return writes.reopenShoe(this.db, shoeId);
  }

  /**
   * Appends one event of the dealing procedure to a shoe's events, in its own transaction.
   * @throws StorageError `conflict` (`no-shoe`) when the shoe is not stored.
   */
  async appendEvent(shoeId: string, event: ShoeEvent): Promise<void> {
    return writes.appendEvent(this.db, shoeId, event);
  }

  /**
   * Appends one entry to a shoe's audit trail, in its own transaction.
   * @throws StorageError `conflict` (`no-shoe`) when the shoe is not stored.
   */
  async appendAudit(shoeId: string, entry: AuditEntry): Promise<void> {
    return writes.appendAudit(this.db, shoeId, entry);
  }

  /**
   * Marks a shoe recorded centrally (`recordedCentrally` on its summary) when it is stored exactly
   * as `shoe`, the shoe the room's recorder acknowledged; any later write of the shoe drops the mark.
   * @returns `marked`, or `changed` when the stored shoe is not `shoe` (changed since, or gone): nothing written.
   */
  async markRecorded(shoe: ShoeRecord, mark: RecordedCentrally): Promise<'marked' | 'changed'> {
    return writes.markRecorded(this.db, shoe, mark);
  }

  /** One shoe with all its hands, or undefined. */
  async getShoe(id: string): Promise<ShoeRecord | undefined> {
    return reads.getShoe(this.db, id);
  }

  /**
   * One hand of a shoe (`index` 0 for the first), as `getShoe` gives it, or undefined when the shoe
   * has no such hand: a display that hears "hand N added" reads only that hand.
   */
  async getHand(shoeId: string, index: number): Promise<HandRecord | undefined> {
    return reads.getHand(this.db, shoeId, index);
  }

  /** One shoe's summary, or undefined. */
  async getSummary(id: string): Promise<ShoeSummary | undefined> {
    return reads.getSummary(this.db, id);
  }

  /**
   * The newest shoe (by start time) matching the filter, or undefined. `origin` is one origin or
   * several (a display's kept copy: `['received', 'console']`).
   */
  async latestShoe(
    filter: { table?: string; source?: ShoeRecord['source']; open?: boolean; origin?: ShoeOrigin | readonly ShoeOrigin[] } = {},
  ): Promise<ShoeRecord | undefined> {
    const summary = await reads.latestSummary(this.db, filter);
    return summary && this.getShoe(summary.id);
  }

  /**
   * Keeps a copy of a shoe received through the room's broker (a display or lobby machine), whole,
   * in one transaction: its summary and its hands replace whatever copy was kept before under its
   * id, with origin `received` and the number the console gave it. A shoe stored here under that
   * id with another origin (this browser's own console shoe, when console and display share a
   * browser) is never touched.
   * @returns `kept`, or `own` when the id belongs to a shoe of another origin (nothing written).
   * @throws StorageError as any write (`save-hand` of its last hand, `save-new-shoe` without hands).
   */
  async keepReceivedShoe(shoe: ShoeRecord): Promise<'kept' | 'own'> {
    return writes.keepReceivedShoe(this.db, shoe);
  }

  /**
   * Takes up, as this browser's console shoe, the shoe the room's screens show (a console taking its
   * table over from another machine): written whole, in one transaction, replacing a copy kept here
   * under its id, unless this browser's console recorded that shoe with a hand the room's copy lacks
   * or has otherwise: then nothing is written, and the first such hand (from 1) is returned, so no
   * recorded hand is lost.
   */
  async adoptRoomShoe(shoe: ShoeRecord): Promise<'adopted' | { differsAt: number }> {
    return writes.adoptRoomShoe(this.db, shoe);
  }

  /** A page of history, newest first, and how many shoes match in all. */
  async listShoes(query: HistoryQuery = {}): Promise<{ shoes: ShoeSummary[]; total: number }> {
    return reads.listShoes(this.db, query);
  }

  /** Every table name that has a stored shoe, sorted. */
  async tables(): Promise<string[]> {
    return reads.tables(this.db);
  }

  /** How many shoes are stored. */
  async countShoes(): Promise<number> {
    return reads.countShoes(this.db);
  }

  /**
   * Deletes one shoe and all its hands, in one transaction.
   * @param options.refuseOpenConsoleShoe refuse (StorageError `conflict`, `shoe-in-play`) when the shoe is an
   * open console shoe: History's Delete, so a console never goes on recording a shoe that is gone.
   * The check is made in the delete's own transaction, so a console cannot reopen or start it in between.
   */
  async deleteShoe(id: string, options: { refuseOpenConsoleShoe?: boolean } = {}): Promise<void> {
    return writes.deleteShoe(this.db, id, options);
  }

  /**
   * Stores imported shoes, all or nothing, in one transaction. A shoe already stored with exactly
   * the same content is skipped (importing a file twice is harmless); a different shoe under a
   * stored id refuses the whole import.
   *
   * A shoe keeps the number the file gives it unless a shoe of its table and UTC day has that number
   * already (a stored shoe, or one earlier in the file): such a shoe, and a shoe without a number (one
   * exported before shoes had numbers), gets the next number of its table and day once the file's
   * other shoes are in, in start order, decided in this transaction.
   * @param options.onProgress called as each shoe is taken up (stored or skipped): `done` of `total`.
   * @param options.signal stops the import: the transaction is aborted, so nothing of it is stored,
   *   and the promise rejects with the signal's reason.
   * @returns the ids of the shoes added, in the file's order, how many were already stored, and the
   *   shoes stored under another number than the file gave them, in the order they were numbered.
   * @throws StorageError `conflict` naming the first shoe whose id is taken; nothing is written.
   */
  async importShoes(shoes: readonly ShoeRecord[], options: ImportOptions = {}): Promise<ImportResult> {
    return imports.importShoes(this.db, shoes, options);
  }

  /**
   * Reads shoes for export, oldest first, in batches so a progress bar can move.
   * @param ids the shoes to read, or undefined for all of them.
   */
  async exportShoes(ids?: readonly string[], onProgress?: (done: number, total: number) => void): Promise<ShoeRecord[]> {
    return reads.exportShoes(this.db, ids, onProgress);
  }
}
