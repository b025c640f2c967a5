/**
 * What went wrong with storage, as the store throws it: a kind and its parameters for the page to
 * word (storage-words.ts), and an English message for logs and the command line.
 */
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
  /** markRecorded */
  | { action: 'mark-recorded' }
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
    case 'mark-recorded':
      return 'mark the shoe recorded centrally';
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

/** A difference in English, for a StorageError's message ("hands: hand 5", "startedAt: "2026-…" stored, "2026-…" in the file"). */
export function differenceLogText(difference: ShoeDifference): string {
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
