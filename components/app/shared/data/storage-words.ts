/**
 * Storage trouble in words for the screen. The store, the shoe keeper and the page's storage status
 * report kinds and values (StorageError, KeeperProblem, StorageStatus); this module alone words them,
 * each sentence through msg(), so they follow the page's language. Simplified Chinese:
 * components/app/locales/zh-Hans/storage.ts.
 */
import { msg, str } from '@lit/localize';
import { StorageError, type ShoeDifference, type StorageAction, type StorageConflict } from './scoreboard-store.js';
import type { KeeperProblem } from '../../../../src/shoes/keeper.js';
import type { StorageStatus } from './storage.js';

/** What the store was doing, as a verb phrase that follows "could not" ("save hand 3"). */
function actionText(action: StorageAction): string {
  switch (action.action) {
    case 'open-shoes':
      return msg('open the stored shoes', { id: 'storage-doing-open' });
    case 'save-new-shoe':
      return msg('save the new shoe', { id: 'storage-doing-save-new-shoe' });
    case 'save-hand': {
      const hand = action.hand;
      return msg(str`save hand ${hand}`, { id: 'storage-doing-save-hand' });
    }
    case 'correct-hand': {
      const hand = action.hand;
      return msg(str`correct hand ${hand}`, { id: 'storage-doing-correct-hand' });
    }
    case 'undo-hand': {
      const hand = action.hand;
      return msg(str`undo hand ${hand}`, { id: 'storage-doing-undo-hand' });
    }
    case 'end-shoe':
      return msg('end the shoe', { id: 'storage-doing-end-shoe' });
    case 'reopen-shoe':
      return msg('reopen the shoe', { id: 'storage-doing-reopen-shoe' });
    case 'save-event':
      return msg('save an event of the shoe', { id: 'storage-doing-save-event' });
    case 'save-audit':
      return msg('save an entry of the audit trail', { id: 'storage-doing-save-audit' });
    case 'mark-recorded':
      return msg('mark the shoe recorded centrally', { id: 'storage-doing-mark-recorded' });
    case 'read-shoe':
      return msg('read the shoe', { id: 'storage-doing-read-shoe' });
    case 'read-hand': {
      const hand = action.hand;
      return msg(str`read hand ${hand}`, { id: 'storage-doing-read-hand' });
    }
    case 'find-latest-shoe':
      return msg('find the latest shoe', { id: 'storage-doing-find-latest-shoe' });
    case 'list-shoes':
      return msg('list the stored shoes', { id: 'storage-doing-list-shoes' });
    case 'list-tables':
      return msg('list the tables', { id: 'storage-doing-list-tables' });
    case 'count-shoes':
      return msg('count the stored shoes', { id: 'storage-doing-count-shoes' });
    case 'delete-shoe':
      return msg('delete the shoe', { id: 'storage-doing-delete-shoe' });
    case 'import-shoes':
      return msg('import the shoes', { id: 'storage-doing-import-shoes' });
    case 'export-shoes':
      return msg('read the shoes for export', { id: 'storage-doing-export-shoes' });
  }
}

/** A shoe field named in an import's refusal. */
function fieldText(field: 'table' | 'source' | 'seed' | 'startedAt' | 'endedAt'): string {
  // The English names are the export document's own field names, as the file shows them.
  switch (field) {
    case 'table':
      return msg('table', { id: 'storage-field-table' });
    case 'source':
      return msg('source', { id: 'storage-field-source' });
    case 'seed':
      return msg('seed', { id: 'storage-field-seed' });
    case 'startedAt':
      return msg('startedAt', { id: 'storage-field-started-at' });
    case 'endedAt':
      return msg('endedAt', { id: 'storage-field-ended-at' });
  }
}

/** What differs between a stored shoe and an imported one ("hands: hand 5"). */
function differenceText(difference: ShoeDifference): string {
  switch (difference.field) {
    case 'rules':
      return msg('rules', { id: 'storage-differs-rules' });
    case 'events':
      return msg('events', { id: 'storage-differs-events' });
    case 'audit':
      return msg('audit trail', { id: 'storage-differs-audit' });
    case 'hands': {
      const { stored, incoming } = difference;
      return msg(str`hands: ${stored} stored, ${incoming} in the file`, { id: 'storage-differs-hand-count' });
    }
    case 'hand': {
      const hand = difference.hand;
      return msg(str`hands: hand ${hand}`, { id: 'storage-differs-hand' });
    }
    default: {
      const field = fieldText(difference.field);
      // Values as the file writes them: "2026-11-01T10:00:00.000Z" in quotes, null bare.
      const stored = JSON.stringify(difference.stored);
      const incoming = JSON.stringify(difference.incoming);
      return msg(str`${field}: ${stored} stored, ${incoming} in the file`, { id: 'storage-differs-field' });
    }
  }
}

/** What a write disagreed with in the store. */
function conflictText(conflict: StorageConflict | null): string {
  if (!conflict) return msg('The change does not match the stored shoe.', { id: 'storage-conflict' });
  // A write's conflict is about the shoe on screen: it is "this shoe", never its internal id.
  switch (conflict.conflict) {
    case 'shoe-exists':
      return msg('This shoe is already stored.', { id: 'storage-conflict-shoe-exists' });
    case 'no-shoe':
      return msg('This shoe is no longer stored (deleted in History, perhaps).', { id: 'storage-conflict-no-shoe' });
    case 'not-next-hand': {
      // The console's own shoe: named by the screen around the message, never by its internal id.
      const { hand, stored } = conflict;
      return stored === 1
        ? msg(str`Hand ${hand} of this shoe cannot be saved: 1 hand is stored.`, { id: 'storage-conflict-not-next-hand-one' })
        : msg(str`Hand ${hand} of this shoe cannot be saved: ${stored} hands are stored.`, { id: 'storage-conflict-not-next-hand' });
    }
    case 'no-hand': {
      const hand = conflict.hand;
      return msg(str`This shoe has no hand ${hand} to correct.`, { id: 'storage-conflict-no-hand' });
    }
    case 'not-last-hand': {
      const hand = conflict.hand;
      return msg(str`Hand ${hand} is not the last hand of this shoe.`, { id: 'storage-conflict-not-last-hand' });
    }
    case 'not-reopenable':
      return msg('This shoe cannot be reopened: it is not ended, or a newer shoe of its table was started since.', {
        id: 'storage-conflict-not-reopenable',
      });
    case 'shoe-in-play':
      // History names the shoe itself (table, number, start): never by its internal id.
      return msg('This shoe is still being recorded by a console: end it there first (key E), then delete it here.', {
        id: 'storage-conflict-shoe-in-play',
      });
    case 'import-differs': {
      // In a file, the id is what tells its shoes apart.
      const { position, shoeId } = conflict;
      const difference = differenceText(conflict.difference);
      return msg(str`Shoe ${position} (id "${shoeId}") is already stored with different ${difference}.`, {
        id: 'storage-conflict-import-differs',
      });
    }
  }
}

/** Another scoreboard tab holds an older version of the database open, so this page cannot open it. */
function blockedText(): string {
  return msg(
    'Another scoreboard tab or window is using an older version of the stored shoes: close it so this one can open them. Until then stored shoes cannot be shown, and the hands of a new shoe started here are kept on this screen only, then saved in order once the stored shoes open.',
    { id: 'storage-blocked' },
  );
}

/**
 * What went wrong with storage, in words for the screen: a StorageError by its kind and
 * parameters; anything else is a defect, said in general words and logged in full (its own
 * message is English, for the logs).
 * @example
 * storageErrorText(new StorageError('quota', '…', { action: { action: 'save-hand', hand: 3 } }))
 * // 'Storage is full: could not save hand 3. Free some space or delete old shoes in History.'
 */
export function storageErrorText(error: unknown): string {
  if (!(error instanceof StorageError)) {
    console.error('Stored shoes:', error);
    return msg('Something went wrong with the stored shoes (details in the browser console).', { id: 'storage-error-other' });
  }
  const { action, detail } = error;
  switch (error.kind) {
    case 'quota':
      if (!action)
        return msg('Storage is full: could not save. Free some space or delete old shoes in History.', { id: 'storage-quota-save' });
      return msg(str`Storage is full: could not ${actionText(action)}. Free some space or delete old shoes in History.`, {
        id: 'storage-quota',
      });
    case 'newer':
      return detail === null
        ? msg('The stored shoes were written by a newer version of the scoreboard; reload to update.', { id: 'storage-newer' })
        : msg(str`The stored shoes were written by a newer version of the scoreboard; reload to update (${detail}).`, {
            id: 'storage-newer-detail',
          });
    case 'unavailable':
      return detail === null
        ? msg('This browser offers no IndexedDB here (a private window or a blocked site setting?): shoes cannot be kept.', {
            id: 'storage-unavailable',
          })
        : msg(str`IndexedDB refused to open: ${detail}`, { id: 'storage-refused' });
    case 'blocked':
      return blockedText();
    case 'closed':
      return msg('A newer version of the scoreboard opened in another tab: reload this one.', { id: 'storage-closed' });
    case 'conflict':
      return conflictText(error.conflict);
    case 'failed':
      // The error's own message is English for the logs: only the browser's words (detail) are shown.
      if (action && detail !== null) return msg(str`Could not ${actionText(action)}: ${detail}`, { id: 'storage-failed-doing-detail' });
      if (action) return msg(str`Could not ${actionText(action)}.`, { id: 'storage-failed-doing' });
      if (detail !== null) return msg(str`The stored shoes could not be used: ${detail}`, { id: 'storage-failed-detail' });
      return msg('The stored shoes could not be used.', { id: 'storage-failed' });
  }
}

/**
 * Why the shoe keeper's changes wait, in words for the screen; a conflict also says what to do.
 * @example
 * keeperProblemText({ kind: 'unavailable' }) // 'The storage is not open yet: hands are kept on this screen until it is.'
 */
export function keeperProblemText(problem: KeeperProblem): string {
  if (problem.error === undefined) {
    // The keeper's own kind: it has no store to write to.
    return msg('The storage is not open yet: hands are kept on this screen until it is.', { id: 'storage-not-open' });
  }
  const reason = storageErrorText(problem.error);
  if (problem.kind !== 'conflict') return reason;
  return msg(
    str`${reason} The stored shoe was changed elsewhere (another window?): reload to see it; the changes made here are not saved.`,
    { id: 'storage-changed-elsewhere' },
  );
}

/**
 * What the screen should say about the page's storage: why it is not open (yet), or null when it is,
 * or is simply opening.
 */
export function storageStatusText(status: StorageStatus): string | null {
  switch (status.state) {
    case 'opening':
    case 'open':
      return null;
    case 'waiting':
      return msg(
        'The stored shoes have not opened yet: another scoreboard tab or window may be holding an older version of them, or waiting for one. Close the other scoreboard tabs and windows if this lasts; this screen goes on once they open.',
        { id: 'storage-waiting' },
      );
    case 'blocked':
      return blockedText();
    case 'failed':
      return storageErrorText(status.error);
  }
}
