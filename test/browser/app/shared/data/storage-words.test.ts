// Storage trouble worded for the screen, in Simplified Chinese: what the real IndexedDB store
// reports as kinds and values comes out in the page's language, not in the store's English.
import { expect } from '@open-wc/testing';
import { ScoreboardStore, StorageError } from '../../../../../components/app/shared/data/scoreboard-store.js';
import { simulateShoeRecords } from '../../../../../src/shoes/document.js';
import { keeperProblemText, storageErrorText, storageStatusText } from '../../../../../components/app/shared/data/storage-words.js';
import { useLocale } from '../../../../../components/app/shared/localization.js';

/** A sentence in Chinese: Han characters, and no run of three English words. */
function expectChinese(text: string | null): void {
  expect(text).to.match(/\p{Script=Han}/u);
  expect(text).not.to.match(/[A-Za-z]+ [A-Za-z]+ [A-Za-z]+/);
}

describe('storage trouble in Simplified Chinese', () => {
  const name = `storage-words-test-${Date.now()}`;
  let store: ScoreboardStore;

  beforeEach(async () => {
    store = await ScoreboardStore.open({ name });
    await useLocale('zh-Hans');
  });

  afterEach(async () => {
    await useLocale('en');
    store.close();
    await ScoreboardStore.deleteDatabase(name);
  });

  it('words a write the store refuses as a conflict, and the keeper’s advice to reload', async () => {
    const [shoe] = simulateShoeRecords({ shoes: 1, seed: 'words' });
    await store.createShoe({ ...shoe!, hands: [] });
    const error = await store.appendHand(shoe!.id, 4, shoe!.hands[0]!).catch((refused: unknown) => refused);
    expect(error).to.be.instanceOf(StorageError);
    const text = storageErrorText(error);
    // The shoe is the console's own: never named by its internal id (issue #14).
    expect(text).to.equal('无法保存这一靴的第 5 局：已保存了 0 局。');
    expectChinese(keeperProblemText({ kind: 'conflict', error }).replace(shoe!.id, ''));
    expect(keeperProblemText({ kind: 'conflict', error })).to.contain('请重新加载');
  });

  it('words an import that brings another version of a stored shoe, naming the field in Chinese', async () => {
    const [shoe] = simulateShoeRecords({ shoes: 1, seed: 'words-import' });
    await store.importShoes([shoe!]);
    const error = await store.importShoes([{ ...shoe!, table: 'Another table' }]).catch((refused: unknown) => refused);
    expect(storageErrorText(error)).to.equal(
      `第 1 靴（ID“${shoe!.id}”）已经保存过，但内容不同：牌桌，已保存的是 ${JSON.stringify(shoe!.table)}，文件中的是 "Another table"。`,
    );
  });

  it('words every kind of storage trouble, and the page’s storage status', () => {
    const errors = [
      new StorageError('quota', 'log', { action: { action: 'save-hand', hand: 3 } }),
      new StorageError('quota', 'log'),
      new StorageError('newer', 'log'),
      new StorageError('unavailable', 'log'),
      new StorageError('blocked', 'log'),
      new StorageError('closed', 'log'),
      new StorageError('failed', 'log', { action: { action: 'export-shoes' } }),
      new StorageError('failed', 'log'),
      new StorageError('conflict', 'log', { conflict: { conflict: 'no-shoe', shoeId: 'x' } }),
    ];
    for (const error of errors) expectChinese(storageErrorText(error));
    expect(storageErrorText(errors[0])).to.equal('存储空间已满：无法保存第 3 局。请释放一些空间，或在历史记录中删除旧的牌靴。');
    expectChinese(keeperProblemText({ kind: 'unavailable' }));
    for (const status of [{ state: 'waiting' }, { state: 'blocked' }, { state: 'failed', error: errors[5]! }] as const) {
      expectChinese(storageStatusText(status));
    }
  });
});
