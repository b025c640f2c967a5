/**
 * Persistence: every shoe and every hand in IndexedDB, through `idb`. This is the only module that
 * imports `idb` or touches IndexedDB; the pure core never imports it (tsconfig.core.json leaves it
 * out), and components reach it through controllers.
 *
 * Layout: `shoes` holds one summary per shoe (everything but its hands, plus the hand count and
 * the outcomes as a string, so history pages and their small big-road pictures need no hands);
 * `hands` holds one record per hand, keyed by [shoe id, index]. Every change to a shoe is one
 * transaction over both stores, so the summary never disagrees with the hands. A shoe's events and
 * audit trail (few, and shown with the shoe in history) are kept in its summary, in order; a summary
 * stored before shoes had them has neither, which means none, so no schema upgrade was needed.
 */
import { openDB, deleteDB, type DBSchema, type IDBPDatabase, type IDBPTransaction } from 'idb';
import {
  auditFields,
  eventFields,
  type AuditEntry,
  type HandRecord,
  type ShoeEvent,
  type ShoeRecord,
} from '../../../../src/shoes/records.js';
import type { KeeperOrigin, ShoeStore } from '../../../../src/shoes/keeper.js';

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

type Database = IDBPDatabase<ScoreboardSchema>;
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

/**
 * What the store was doing when storage failed, for the page to word ("save hand 3"). Hands are
 * numbered from 1, as on screen.
 */
export type StorageAction =
  | { action: 'open-shoes' }
  | { action: 'save-new-shoe' }
  | { action: 'save-hand'; hand: number }
  | { action: 'correct-hand'; hand: number }
  | { action: 'undo-hand'; hand: number }
  | { action: 'end-shoe' }
  | { action: 'reopen-shoe' }
  /** appendEvent */
  | { action: 'save-event' }
  /** appendAudit */
  | { action: 'save-audit' }
  | { action: 'read-shoe' }
  | { action: 'read-hand'; hand: number }
  | { action: 'find-latest-shoe' }
  | { action: 'list-shoes' }
  | { action: 'list-tables' }
  | { action: 'count-shoes' }
  | { action: 'delete-shoe' }
  | { action: 'import-shoes' }
  | { action: 'export-shoes' };

/** A field of a stored shoe that an import's shoe of the same id gives otherwise. */
export type ShoeDifference =
  | { field: 'table' | 'source' | 'seed' | 'startedAt' | 'endedAt'; stored: string | null; incoming: string | null }
  | { field: 'rules' }
  /** Other events or another audit trail. */
  | { field: 'events' | 'audit' }
  /** Another number of hands. */
  | { field: 'hands'; stored: number; incoming: number }
  /** The same number of hands, and hand `hand` (from 1) is the first that differs. */
  | { field: 'hand'; hand: number };

/** What a write disagreed with in the store (another window changed or deleted the shoe, say). Hands are numbered from 1. */
export type StorageConflict =
  /** createShoe: a shoe with this id is stored already. */
  | { conflict: 'shoe-exists'; shoeId: string }
  /** A change to a shoe that is not stored. */
  | { conflict: 'no-shoe'; shoeId: string }
  /** appendHand: `hand` is not the next hand, as `stored` hands are stored. */
  | { conflict: 'not-next-hand'; shoeId: string; hand: number; stored: number }
  /** replaceHand: the shoe has no hand `hand` to correct. */
  | { conflict: 'no-hand'; shoeId: string; hand: number }
  /** removeLastHand: `hand` is not the shoe's last stored hand. */
  | { conflict: 'not-last-hand'; shoeId: string; hand: number }
  /** reopenShoe: the shoe is not ended, or a newer shoe of its table and origin was started since. */
  | { conflict: 'not-reopenable'; shoeId: string }
  /** deleteShoe with `refuseOpenConsoleShoe`: an operator console is still recording the shoe. */
  | { conflict: 'shoe-in-play'; shoeId: string }
  /** importShoes: the file's shoe `position` (from 1) is stored under its id with other content. */
  | { conflict: 'import-differs'; shoeId: string; position: number; difference: ShoeDifference };

/**
 * Which kind of storage trouble. unavailable: no IndexedDB; blocked: an older tab holds the database;
 * closed: this page let go of the database so a newer version in another tab could upgrade it;
 * quota: the disk or quota is full; newer: the database was written by a newer version; conflict:
 * the write disagrees with what is stored; failed: any other failed read or write.
 */
export type StorageErrorKind = 'unavailable' | 'blocked' | 'closed' | 'quota' | 'newer' | 'conflict' | 'failed';

/** The parameters of a StorageError, beside its kind. */
export interface StorageErrorDetails {
  /** What the store was doing. */
  action?: StorageAction;
  /** What a `conflict` disagreed with. */
  conflict?: StorageConflict;
  /** The browser's own words for what went wrong (IndexedDB's message), when it gave any. */
  detail?: string;
  cause?: unknown;
}

/**
 * What went wrong with storage: a kind and its parameters, which the page words in its language
 * (components/app/shared/data/storage-words.ts). The message is an English sentence for logs and the
 * command line, never shown on the page.
 */
export class StorageError extends Error {
  override name = 'StorageError';
  /** What the store was doing, or null when the thrower did not say. */
  readonly action: StorageAction | null;
  /** What a `conflict` disagreed with, or null. */
  readonly conflict: StorageConflict | null;
  /** The browser's own words (IndexedDB's message), or null. */
  readonly detail: string | null;

  constructor(
    readonly kind: StorageErrorKind,
    message: string,
    details: StorageErrorDetails = {},
  ) {
    super(message, 'cause' in details ? { cause: details.cause } : undefined);
    this.action = details.action ?? null;
    this.conflict = details.conflict ?? null;
    this.detail = details.detail ?? null;
  }
}

/** An action in English, for a StorageError's message (logs; the page words actions itself). */
function actionLogText(action: StorageAction): string {
  switch (action.action) {
    case 'open-shoes':
      return 'open the stored shoes';
    case 'save-new-shoe':
      return 'save the new shoe';
    case 'save-hand':
      return `save hand ${action.hand}`;
    case 'correct-hand':
      return `correct hand ${action.hand}`;
    case 'undo-hand':
      return `undo hand ${action.hand}`;
    case 'end-shoe':
      return 'end the shoe';
    case 'reopen-shoe':
      return 'reopen the shoe';
    case 'save-event':
      return 'save an event of the shoe';
    case 'save-audit':
      return 'save an entry of the audit trail';
    case 'read-shoe':
      return 'read the shoe';
    case 'read-hand':
      return `read hand ${action.hand}`;
    case 'find-latest-shoe':
      return 'find the latest shoe';
    case 'list-shoes':
      return 'list the stored shoes';
    case 'list-tables':
      return 'list the tables';
    case 'count-shoes':
      return 'count the stored shoes';
    case 'delete-shoe':
      return 'delete the shoe';
    case 'import-shoes':
      return 'import the shoes';
    case 'export-shoes':
      return 'read the shoes for export';
  }
}

/** Turns whatever IndexedDB threw while doing `action` into a StorageError of the right kind. */
export function storageError(error: unknown, action: StorageAction): StorageError {
  if (error instanceof StorageError) return error;
  const name = (error as { name?: string } | null)?.name ?? '';
  const detail = (error as { message?: string } | null)?.message ?? String(error);
  const doing = actionLogText(action);
  if (name === 'QuotaExceededError') {
    return new StorageError('quota', `Storage is full: could not ${doing}. Free some space or delete old shoes in History.`, {
      action,
      detail,
      cause: error,
    });
  }
  if (name === 'VersionError') {
    return new StorageError('newer', `The stored shoes were written by a newer version of the scoreboard; reload to update (${detail}).`, {
      action,
      detail,
      cause: error,
    });
  }
  return new StorageError('failed', `Could not ${doing}: ${detail}`, { action, detail, cause: error });
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

/** The shoes and hands kept in IndexedDB. */
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
    const action = { action: 'save-new-shoe' } as const;
    let number = 0;
    await this.write(action, async (tx) => {
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

  /**
   * Appends one hand, in its own transaction with the shoe's summary.
   * @throws StorageError `conflict` unless `index` is the shoe's next hand.
   */
  async appendHand(shoeId: string, index: number, hand: HandRecord): Promise<void> {
    const action = { action: 'save-hand', hand: index + 1 } as const;
    await this.write(action, async (tx) => {
      const summary = await this.summaryFor(tx, shoeId, action);
      if (summary.handCount !== index) {
        const conflict = { conflict: 'not-next-hand', shoeId, hand: index + 1, stored: summary.handCount } as const;
        throw new StorageError(
          'conflict',
          `Hand ${index + 1} of shoe "${shoeId}" cannot be saved: ${summary.handCount} hands are stored.`,
          { action, conflict },
        );
      }
      await tx.objectStore('hands').put({ ...storedFields(hand), shoeId, index });
      await tx
        .objectStore('shoes')
        .put({ ...summary, handCount: index + 1, outcomes: summary.outcomes + hand.outcome, updatedAt: new Date().toISOString() });
    });
  }

  /** Replaces a hand already stored (a correction). */
  async replaceHand(shoeId: string, index: number, hand: HandRecord): Promise<void> {
    const action = { action: 'correct-hand', hand: index + 1 } as const;
    await this.write(action, async (tx) => {
      const summary = await this.summaryFor(tx, shoeId, action);
      if (index < 0 || index >= summary.handCount) {
        throw new StorageError('conflict', `Shoe "${shoeId}" has no hand ${index + 1} to correct.`, {
          action,
          conflict: { conflict: 'no-hand', shoeId, hand: index + 1 },
        });
      }
      await tx.objectStore('hands').put({ ...storedFields(hand), shoeId, index });
      const outcomes = summary.outcomes.slice(0, index) + hand.outcome + summary.outcomes.slice(index + 1);
      await tx.objectStore('shoes').put({ ...summary, outcomes, updatedAt: new Date().toISOString() });
    });
  }

  /** Removes the last hand (undo). @throws StorageError `conflict` unless hand `index` is the last one stored. */
  async removeLastHand(shoeId: string, index: number): Promise<void> {
    const action = { action: 'undo-hand', hand: index + 1 } as const;
    await this.write(action, async (tx) => {
      const summary = await this.summaryFor(tx, shoeId, action);
      if (summary.handCount !== index + 1) {
        throw new StorageError('conflict', `Hand ${index + 1} is not the last hand of shoe "${shoeId}".`, {
          action,
          conflict: { conflict: 'not-last-hand', shoeId, hand: index + 1 },
        });
      }
      await tx.objectStore('hands').delete([shoeId, index]);
      await tx
        .objectStore('shoes')
        .put({ ...summary, handCount: index, outcomes: summary.outcomes.slice(0, index), updatedAt: new Date().toISOString() });
    });
  }

  /** Marks a shoe finished. */
  async endShoe(shoeId: string, endedAt: string): Promise<void> {
    const action = { action: 'end-shoe' } as const;
    await this.write(action, async (tx) => {
      const summary = await this.summaryFor(tx, shoeId, action);
      await tx.objectStore('shoes').put({ ...summary, endedAt, updatedAt: new Date().toISOString() });
    });
  }

  /**
   * Opens an ended shoe again (`endedAt` back to null): the console's undo of End shoe, or its
   * "reopen the last shoe".
   * @throws StorageError `conflict` when the shoe is not stored, is not ended, or is no longer the
   * newest shoe of its table and origin (a newer shoe was started since: two open shoes of a table
   * would leave the console unsure which to resume).
   */
  async reopenShoe(shoeId: string): Promise<void> {
    const action = { action: 'reopen-shoe' } as const;
    await this.write(action, async (tx) => {
      const summary = await this.summaryFor(tx, shoeId, action);
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
      await tx.objectStore('shoes').put({ ...summary, endedAt: null, updatedAt: new Date().toISOString() });
    });
  }

  /**
   * Appends one event of the dealing procedure to a shoe's events, in its own transaction.
   * @throws StorageError `conflict` (`no-shoe`) when the shoe is not stored.
   */
  async appendEvent(shoeId: string, event: ShoeEvent): Promise<void> {
    const action = { action: 'save-event' } as const;
    await this.write(action, async (tx) => {
      const summary = await this.summaryFor(tx, shoeId, action);
      const events = [...(summary.events ?? []), eventFields(event)];
      await tx.objectStore('shoes').put({ ...summary, events, updatedAt: new Date().toISOString() });
    });
  }

  /**
   * Appends one entry to a shoe's audit trail, in its own transaction.
   * @throws StorageError `conflict` (`no-shoe`) when the shoe is not stored.
   */
  async appendAudit(shoeId: string, entry: AuditEntry): Promise<void> {
    const action = { action: 'save-audit' } as const;
    await this.write(action, async (tx) => {
      const summary = await this.summaryFor(tx, shoeId, action);
      const audit = [...(summary.audit ?? []), auditFields(entry)];
      await tx.objectStore('shoes').put({ ...summary, audit, updatedAt: new Date().toISOString() });
    });
  }

  /** One shoe with all its hands, or undefined. */
  async getShoe(id: string): Promise<ShoeRecord | undefined> {
    return this.read({ action: 'read-shoe' }, async () => {
      const tx = this.db.transaction(['shoes', 'hands']);
      const summary = await tx.objectStore('shoes').get(id);
      if (!summary) return undefined;
      const hands = await tx.objectStore('hands').getAll(handsOf(id));
      return toShoeRecord(summary, hands);
    });
  }

  /**
   * One hand of a shoe (`index` 0 for the first), as `getShoe` gives it, or undefined when the shoe
   * has no such hand: a display that hears "hand N added" reads only that hand.
   */
  async getHand(shoeId: string, index: number): Promise<HandRecord | undefined> {
    return this.read({ action: 'read-hand', hand: index + 1 }, async () => {
      const hand = await this.db.get('hands', [shoeId, index]);
      return hand && storedFields(hand);
    });
  }

  /** One shoe's summary, or undefined. */
  async getSummary(id: string): Promise<ShoeSummary | undefined> {
    return this.read({ action: 'read-shoe' }, () => this.db.get('shoes', id));
  }

  /**
   * The newest shoe (by start time) matching the filter, or undefined. `origin` is one origin or
   * several (a display's kept copy: `['received', 'console']`).
   */
  async latestShoe(
    filter: { table?: string; source?: ShoeRecord['source']; open?: boolean; origin?: ShoeOrigin | readonly ShoeOrigin[] } = {},
  ): Promise<ShoeRecord | undefined> {
    const origins = filter.origin === undefined ? undefined : typeof filter.origin === 'string' ? [filter.origin] : filter.origin;
    const summary = await this.read({ action: 'find-latest-shoe' }, async () => {
      const tx = this.db.transaction('shoes');
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
    const action: StorageAction = shoe.hands.length > 0 ? { action: 'save-hand', hand: shoe.hands.length } : { action: 'save-new-shoe' };
    let result: 'kept' | 'own' = 'kept';
    await this.write(action, async (tx) => {
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

  /** A page of history, newest first, and how many shoes match in all. */
  async listShoes(query: HistoryQuery = {}): Promise<{ shoes: ShoeSummary[]; total: number }> {
    return this.read({ action: 'list-shoes' }, async () => {
      const tx = this.db.transaction('shoes');
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

  /** Every table name that has a stored shoe, sorted. */
  async tables(): Promise<string[]> {
    return this.read({ action: 'list-tables' }, async () => {
      const tables: string[] = [];
      const index = this.db.transaction('shoes').store.index('tableStartKey');
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

  /** How many shoes are stored. */
  async countShoes(): Promise<number> {
    return this.read({ action: 'count-shoes' }, () => this.db.count('shoes'));
  }

  /**
   * Deletes one shoe and all its hands, in one transaction.
   * @param options.refuseOpenConsoleShoe refuse (StorageError `conflict`, `shoe-in-play`) when the shoe is an
   * open console shoe: History's Delete, so a console never goes on recording a shoe that is gone.
   * The check is made in the delete's own transaction, so a console cannot reopen or start it in between.
   */
  async deleteShoe(id: string, options: { refuseOpenConsoleShoe?: boolean } = {}): Promise<void> {
    const action = { action: 'delete-shoe' } as const;
    await this.write(action, async (tx) => {
      if (options.refuseOpenConsoleShoe) {
        const summary = await tx.objectStore('shoes').get(id);
        if (summary && summary.origin === 'console' && summary.endedAt === null) {
          throw new StorageError('conflict', `Shoe "${id}" is still being recorded by an operator console: end it there first.`, {
            action,
            conflict: { conflict: 'shoe-in-play', shoeId: id },
          });
        }
      }
      await tx.objectStore('hands').delete(handsOf(id));
      await tx.objectStore('shoes').delete(id);
    });
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
    const { onProgress, signal } = options;
    const added: string[] = [];
    const renumbered: RenumberedShoe[] = [];
    let skipped = 0;
    let done = 0;
    const total = shoes.length;
    const action = { action: 'import-shoes' } as const;
    signal?.throwIfAborted();
    try {
      await this.write(action, async (tx) => {
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
   * Reads shoes for export, oldest first, in batches so a progress bar can move.
   * @param ids the shoes to read, or undefined for all of them.
   */
  async exportShoes(ids?: readonly string[], onProgress?: (done: number, total: number) => void): Promise<ShoeRecord[]> {
    return this.read({ action: 'export-shoes' }, async () => {
      // One transaction for the whole export: a consistent picture even while another window writes.
      // It stays open because only its own requests are awaited; each batch's results arrive as a
      // separate task, so a progress bar can move in between.
      const tx = this.db.transaction(['shoes', 'hands']);
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

  private async summaryFor(tx: WriteTransaction, shoeId: string, action: StorageAction): Promise<ShoeSummary> {
    const summary = await tx.objectStore('shoes').get(shoeId);
    if (!summary)
      throw new StorageError('conflict', `No shoe "${shoeId}" is stored.`, { action, conflict: { conflict: 'no-shoe', shoeId } });
    return summary;
  }

  private async write(action: StorageAction, body: (tx: WriteTransaction) => Promise<void>): Promise<void> {
    let tx: WriteTransaction;
    try {
      tx = this.db.transaction(['shoes', 'hands'], 'readwrite');
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

  private async read<T>(action: StorageAction, body: () => Promise<T>): Promise<T> {
    try {
      return await body();
    } catch (error) {
      throw storageError(error, action);
    }
  }
}

type WriteTransaction = IDBPTransaction<ScoreboardSchema, ['shoes', 'hands'], 'readwrite'>;

function handsOf(shoeId: string): IDBKeyRange {
  return IDBKeyRange.bound([shoeId, 0], [shoeId, Number.MAX_SAFE_INTEGER]);
}

/** The numbers of the stored shoes of `table` on the UTC day of `startedAt`, read in the caller's write transaction. */
async function numbersOfDay(tx: WriteTransaction, table: string, startedAt: string): Promise<Set<number>> {
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

async function putShoe(
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

/** The shoe fields of the export document, in its order (so exports are byte-for-byte stable). */
function shoeFields(shoe: Omit<ShoeRecord, 'hands'>): Omit<ShoeRecord, 'hands'> {
  return {
    id: shoe.id,
    table: shoe.table,
    ...(shoe.number === undefined ? {} : { number: shoe.number }),
    source: shoe.source,
    seed: shoe.seed,
    startedAt: shoe.startedAt,
    endedAt: shoe.endedAt,
    rules: { ...shoe.rules },
    ...(shoe.events === undefined ? {} : { events: shoe.events.map(eventFields) }),
    ...(shoe.audit === undefined ? {} : { audit: shoe.audit.map(auditFields) }),
  };
}

/** The hand fields of the export document, in its order. */
function storedFields(hand: HandRecord): HandRecord {
  return {
    cards: hand.cards === null ? null : [...hand.cards],
    outcome: hand.outcome,
    playerPair: hand.playerPair,
    bankerPair: hand.bankerPair,
    natural: hand.natural,
    playerTotal: hand.playerTotal,
    bankerTotal: hand.bankerTotal,
  };
}

function exportableShoe(shoe: ShoeRecord): ShoeRecord {
  return { ...shoeFields(shoe), hands: shoe.hands.map(storedFields) };
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

/** A difference in English, for a StorageError's message ("hands: hand 5", "startedAt: "2026-…" stored, "2026-…" in the file"). */
function differenceLogText(difference: ShoeDifference): string {
  switch (difference.field) {
    case 'rules':
    case 'events':
    case 'audit':
      return difference.field;
    case 'hands':
      return `hands: ${difference.stored} stored, ${difference.incoming} in the file`;
    case 'hand':
      return `hands: hand ${difference.hand}`;
    default:
      return `${difference.field}: ${JSON.stringify(difference.stored)} stored, ${JSON.stringify(difference.incoming)} in the file`;
  }
}

function toShoeRecord(summary: ShoeSummary, hands: readonly StoredHand[]): ShoeRecord {
  return { ...shoeFields(summary), hands: hands.map(storedFields) };
}
