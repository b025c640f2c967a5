/**
 * The database: its name and version, the layout of its two stores (see scoreboard-store.ts), the
 * migrations that bring an older database up to this version, and opening it.
 */
import { openDB, type DBSchema, type IDBPDatabase, type IDBPTransaction } from 'idb';
import type { HandRecord, ShoeRecord } from '../../../../src/shoes/records.js';
import type { KeeperOrigin } from '../../../../src/shoes/keeper.js';
import { StorageError, storageError } from './storage-error.js';

export const DATABASE_NAME = 'bacc-scoreboard';
/** The schema version this code writes; `MIGRATIONS` brings any older database up to it. */
export const DATABASE_VERSION = 4;

/** A shoe as listed in history: its record without the hands, and what the hands add up to. */
export interface ShoeSummary extends Omit<ShoeRecord, 'hands' | 'number'> {
  /** The shoe's number on its table on the UTC day it started (see `nextShoeNumber`); every stored shoe has one. */
  number: number;
  handCount: number;
  /** Every hand's outcome in order, e.g. "BPPTB": counts and the small big-road picture. */
  outcomes: string;
  /** ISO-8601: when a hand or the end was last written. */
  updatedAt: string;
  /**
   * `startedAt` in UTC (`toISOString()` form), so that shoes sort and filter by when they started
   * whatever offset or precision their own timestamp was written with (imports keep theirs).
   */
  startKey: string;
  /** Who wrote the shoe here; not part of the export document. */
  origin: ShoeOrigin;
  /**
   * The room's recorder acknowledged the shoe as it stands here (as this browser's console heard
   * it); absent when it did not, or the shoe changed since: every other write of the summary drops
   * it. Not part of the export document. An optional field, so no schema upgrade (as `events`).
   */
  recordedCentrally?: RecordedCentrally;
}

/** What the room's recorder acknowledged of a stored shoe (room contract 1.2's `recorded` message). */
export interface RecordedCentrally {
  /** The shoe's hands as acknowledged (all of them: the mark covers the shoe as stored). */
  handCount: number;
  /** When the recorder committed it (ISO 8601), and its name. */
  at: string;
  recorder: string;
}

/**
 * Where a stored shoe came from: the attract kiosk dealing by itself, an operator's console, an
 * import, or the room's broker (`received`: a copy of another machine's console shoe, kept by a
 * display so a reboot without network still shows it). A console resumes and a one-browser display
 * follows only console shoes; the kiosk resumes only its own; imported and received shoes are never
 * resumed (a received one is written again, whole, only by `keepReceivedShoe`).
 */
export type ShoeOrigin = KeeperOrigin | 'import' | 'received';

/** A stored hand: the hand record and where it belongs. */
export interface StoredHand extends HandRecord {
  shoeId: string;
  /** 0 for the first hand of the shoe. */
  index: number;
}

export interface ScoreboardSchema extends DBSchema {
  shoes: {
    key: string;
    value: ShoeSummary;
    indexes: { startKey: string; tableStartKey: [string, string] };
  };
  hands: {
    key: [string, number];
    value: StoredHand;
  };
}

/** The database as this code reads and writes it. */
export type Database = IDBPDatabase<ScoreboardSchema>;
/** A transaction that writes a shoe: its summary and its hands together. */
export type WriteTransaction = IDBPTransaction<ScoreboardSchema, ['shoes', 'hands'], 'readwrite'>;
// Migrations work on the schema as it was at their version, not on today's: untyped.
type UpgradeDatabase = IDBPDatabase;
type UpgradeTransaction = IDBPTransaction<unknown, string[], 'versionchange'>;

/**
 * Schema migrations, in order: migration k brings a database from version k − 1 to k. A database
 * opened at version N runs every migration above its old version, in one upgrade transaction.
 */
export const MIGRATIONS: readonly ((db: UpgradeDatabase, transaction: UpgradeTransaction) => void)[] = [
  () => {
    /* version 0: no database */
  },
  // 1: shoe summaries by id, newest-first listing by start time; hands by [shoe, index].
  (db) => {
    const shoes = db.createObjectStore('shoes', { keyPath: 'id' });
    shoes.createIndex('startedAt', 'startedAt');
    db.createObjectStore('hands', { keyPath: ['shoeId', 'index'] });
  },
  // 2: history filtered by table, still newest first.
  (_db, transaction) => {
    transaction.objectStore('shoes').createIndex('tableStartedAt', ['table', 'startedAt']);
  },
  // 3: order and filter by the start time in UTC: "2026-11-30T09:00:00+08:00" started before
  // "2026-11-30T02:00:00.000Z", which a comparison of the strings as written gets wrong.
  (_db, transaction) => {
    const shoes = transaction.objectStore('shoes');
    shoes.deleteIndex('startedAt');
    shoes.deleteIndex('tableStartedAt');
    shoes.createIndex('startKey', 'startKey');
    shoes.createIndex('tableStartKey', ['table', 'startKey']);
    // The upgrade transaction stays open while these requests run; nothing else may be awaited here.
    void (async () => {
      for (let cursor = await shoes.openCursor(); cursor; cursor = await cursor.continue()) {
        const value = cursor.value as { startedAt: string; origin?: string };
        // Shoes stored before origins were kept were written by a console or an import: follow them as a console's.
        await cursor.update({ ...value, startKey: startKey(value.startedAt), origin: value.origin ?? 'console' });
      }
    })();
  },
  // 4: a shoe's number belongs to the shoe: after End and New shoe the console still said "Shoe 1", a
  // second kiosk "Shoe 0". Shoes stored before are numbered per table and UTC day, in start order.
  (_db, transaction) => {
    const shoes = transaction.objectStore('shoes');
    void (async () => {
      let day: [string, string] | null = null;
      let number = 0;
      for (let cursor = await shoes.index('tableStartKey').openCursor(); cursor; cursor = await cursor.continue()) {
        const value = cursor.value as { table: string; startKey: string };
        const shoeDay: [string, string] = [value.table, value.startKey.slice(0, 10)];
        number = day !== null && day[0] === shoeDay[0] && day[1] === shoeDay[1] ? number + 1 : 1;
        day = shoeDay;
        await cursor.update({ ...value, number });
      }
    })();
  },
];

/**
 * The day a shoe is numbered in: the UTC date of its start, `2026-11-30`. UTC, not the local day, so
 * every window, machine and import agrees on a shoe's day whatever its clock's time zone.
 */
export function shoeDay(startedAt: string): string {
  return startKey(startedAt).slice(0, 10);
}

/** A start time as the UTC string the indexes compare. */
export function startKey(startedAt: string): string {
  const time = Date.parse(startedAt);
  return Number.isNaN(time) ? startedAt : new Date(time).toISOString();
}

export interface OpenOptions {
  /** Database name; tests use their own. */
  name?: string;
  /** Schema version to open at; tests of migrations open older ones. */
  version?: number;
  /** Another tab holds the database open at an older version: the upgrade waits until it closes. */
  onBlocked?: () => void;
  /** Another tab wants to upgrade the database: this connection closes itself so it can. */
  onClosedForUpgrade?: () => void;
}

/**
 * Opens (creating or upgrading) the database: ScoreboardStore.open.
 * @throws StorageError `unavailable` when there is no IndexedDB, `newer` when a newer version wrote it.
 */
export async function openDatabase(options: OpenOptions = {}): Promise<{ db: Database; name: string }> {
  const name = options.name ?? DATABASE_NAME;
  if (!(globalThis as { indexedDB?: IDBFactory }).indexedDB) {
    throw new StorageError(
      'unavailable',
      'This browser offers no IndexedDB here (a private window or a blocked site setting?): shoes cannot be kept.',
      { action: { action: 'open-shoes' } },
    );
  }
  const version = options.version ?? DATABASE_VERSION;
  let db: Database;
  try {
    db = await openDB<ScoreboardSchema>(name, version, {
      upgrade(database, oldVersion, newVersion, transaction) {
        for (let step = oldVersion + 1; step <= (newVersion ?? version); step++)
          MIGRATIONS[step]?.(database as unknown as UpgradeDatabase, transaction as unknown as UpgradeTransaction);
      },
      blocked() {
        options.onBlocked?.();
      },
      blocking() {
        // Closing lets the other tab's upgrade go ahead; this tab's later writes fail and say so.
        db.close();
        options.onClosedForUpgrade?.();
      },
    });
  } catch (error) {
    if (
      (error as { name?: string } | null)?.name === 'InvalidStateError' ||
      (error as { name?: string } | null)?.name === 'SecurityError'
    ) {
      const detail = (error as Error).message;
      throw new StorageError('unavailable', `IndexedDB refused to open: ${detail}`, {
        action: { action: 'open-shoes' },
        detail,
        cause: error,
      });
    }
    throw storageError(error, { action: 'open-shoes' });
  }
  return { db, name };
}

/** Every hand of a shoe, as a key range of the `hands` store. */
export function handsOf(shoeId: string): IDBKeyRange {
  return IDBKeyRange.bound([shoeId, 0], [shoeId, Number.MAX_SAFE_INTEGER]);
}
