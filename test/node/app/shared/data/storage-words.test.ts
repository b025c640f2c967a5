import { describe, expect, it } from 'vitest';
import { StorageError } from '../../../../../components/app/shared/data/scoreboard-store.js';
import { keeperProblemText, storageErrorText, storageStatusText } from '../../../../../components/app/shared/data/storage-words.js';

const conflict = (details: ConstructorParameters<typeof StorageError>[2]) => new StorageError('conflict', 'log text', details);

describe('storage-words (English)', () => {
  it('words a full disk by what the store was doing', () => {
    expect(storageErrorText(new StorageError('quota', 'log text', { action: { action: 'save-hand', hand: 3 } }))).toBe(
      'Storage is full: could not save hand 3. Free some space or delete old shoes in History.',
    );
    expect(storageErrorText(new StorageError('quota', 'log text'))).toBe(
      'Storage is full: could not save. Free some space or delete old shoes in History.',
    );
  });

  it('never shows the error’s own message, which is for the logs', () => {
    const texts = [
      new StorageError('failed', 'log text', { action: { action: 'delete-shoe' }, detail: 'The transaction was aborted.' }),
      new StorageError('failed', 'log text', { action: { action: 'list-shoes' } }),
      new StorageError('failed', 'log text'),
      new StorageError('newer', 'log text'),
      new StorageError('unavailable', 'log text'),
      new StorageError('closed', 'log text'),
      new StorageError('blocked', 'log text'),
      conflict({}),
    ].map(storageErrorText);
    expect(texts[0]).toBe('Could not delete the shoe: The transaction was aborted.');
    expect(texts[1]).toBe('Could not list the stored shoes.');
    for (const text of texts) expect(text).not.toContain('log text');
  });

  it('says what a conflicting write disagreed with', () => {
    expect(storageErrorText(conflict({ conflict: { conflict: 'not-next-hand', shoeId: 's', hand: 4, stored: 2 } }))).toBe(
      'Hand 4 of this shoe cannot be saved: 2 hands are stored.',
    );
    // History names the shoe itself; the store's refusal never quotes its internal id (issue #14).
    expect(storageErrorText(conflict({ conflict: { conflict: 'shoe-in-play', shoeId: 's' } }))).toBe(
      'This shoe is still being recorded by a console: end it there first (key E), then delete it here.',
    );
    // One hand in the singular, and never the shoe's internal id (issue #14).
    expect(storageErrorText(conflict({ conflict: { conflict: 'not-next-hand', shoeId: 's', hand: 3, stored: 1 } }))).toBe(
      'Hand 3 of this shoe cannot be saved: 1 hand is stored.',
    );
    // The console's shoe is "this shoe": its internal id means nothing to a clerk (issue #14).
    expect(storageErrorText(conflict({ conflict: { conflict: 'shoe-exists', shoeId: 's' } }))).toBe('This shoe is already stored.');
    expect(storageErrorText(conflict({ conflict: { conflict: 'no-shoe', shoeId: 's' } }))).toBe(
      'This shoe is no longer stored (deleted in History, perhaps).',
    );
    expect(storageErrorText(conflict({ conflict: { conflict: 'no-hand', shoeId: 's', hand: 9 } }))).toBe(
      'This shoe has no hand 9 to correct.',
    );
    expect(storageErrorText(conflict({ conflict: { conflict: 'not-last-hand', shoeId: 's', hand: 1 } }))).toBe(
      'Hand 1 is not the last hand of this shoe.',
    );
    expect(storageErrorText(conflict({ conflict: { conflict: 'not-reopenable', shoeId: 's' } }))).not.toContain('"s"');
    const differs = (difference: Parameters<typeof importDiffers>[0]) => storageErrorText(importDiffers(difference));
    expect(differs({ field: 'startedAt', stored: '2026-11-01T10:00:00.000Z', incoming: '2026-11-02T10:00:00.000Z' })).toBe(
      'Shoe 2 (id "x") is already stored with different startedAt: "2026-11-01T10:00:00.000Z" stored, "2026-11-02T10:00:00.000Z" in the file.',
    );
    expect(differs({ field: 'seed', stored: null, incoming: 'a' })).toBe(
      'Shoe 2 (id "x") is already stored with different seed: null stored, "a" in the file.',
    );
    expect(differs({ field: 'rules' })).toBe('Shoe 2 (id "x") is already stored with different rules.');
    expect(differs({ field: 'hands', stored: 40, incoming: 39 })).toBe(
      'Shoe 2 (id "x") is already stored with different hands: 40 stored, 39 in the file.',
    );
    expect(differs({ field: 'hand', hand: 5 })).toBe('Shoe 2 (id "x") is already stored with different hands: hand 5.');
  });

  it('words the keeper’s problems, and says to reload after a conflict', () => {
    expect(keeperProblemText({ kind: 'unavailable' })).toBe('The storage is not open yet: hands are kept on this screen until it is.');
    const quota = new StorageError('quota', 'log text', { action: { action: 'end-shoe' } });
    expect(keeperProblemText({ kind: 'quota', error: quota })).toBe(
      'Storage is full: could not end the shoe. Free some space or delete old shoes in History.',
    );
    const refused = conflict({ conflict: { conflict: 'not-last-hand', shoeId: 's', hand: 2 } });
    expect(keeperProblemText({ kind: 'conflict', error: refused })).toBe(
      'Hand 2 is not the last hand of this shoe. The stored shoe was changed elsewhere (another window?): reload to see it; the changes made here are not saved.',
    );
  });

  it('words the page’s storage status only when it is in trouble', () => {
    expect(storageStatusText({ state: 'opening' })).toBeNull();
    expect(storageStatusText({ state: 'waiting' })).toMatch(/^The stored shoes have not opened yet: .*Close the other scoreboard tabs/);
    expect(storageStatusText({ state: 'blocked' })).toMatch(
      /^Another scoreboard tab or window is using an older version of the stored shoes/,
    );
    expect(storageStatusText({ state: 'failed', error: new StorageError('closed', 'log text') })).toBe(
      'A newer version of the scoreboard opened in another tab: reload this one.',
    );
  });
});

function importDiffers(
  difference: Extract<NonNullable<StorageError['conflict']>, { conflict: 'import-differs' }>['difference'],
): StorageError {
  return conflict({ conflict: { conflict: 'import-differs', shoeId: 'x', position: 2, difference } });
}
