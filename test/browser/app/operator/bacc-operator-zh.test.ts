import { expect } from '@open-wc/testing';
import '../../../../components/app/operator/bacc-operator.js';
import type { BaccOperator } from '../../../../components/app/operator/bacc-operator.js';
import { useLocale } from '../../../../components/app/shared/localization.js';
import { StorageError } from '../../../../components/app/shared/data/scoreboard-store.js';
import { press, mountConsole } from './operator-helpers.js';
import { freshStorage, storeLike } from '../../../support/browser/storage.js';
import { until } from '../../../support/wait.js';

/** Latin words of three letters or more: English left on a Chinese screen (card names like "9H" and keys like "S" are not words). */
const englishWords = (text: string): string[] => text.match(/[A-Za-z]{3,}/g) ?? [];

/** Everything the console's panel shows a person, its buttons' labels included, less the key names (Esc) shown beside them. */
function panelText(el: BaccOperator): string {
  const panel = el.shadowRoot!.querySelector('section.panel')!.cloneNode(true) as HTMLElement;
  for (const key of panel.querySelectorAll('kbd')) key.remove();
  return panel.textContent.replace(/\s+/g, ' ');
}

describe('<bacc-operator> in Simplified Chinese', () => {
  let storage: Awaited<ReturnType<typeof freshStorage>>;
  beforeEach(async () => {
    storage = await freshStorage();
    await useLocale('zh-Hans');
  });
  afterEach(async () => {
    await useLocale('en');
    await storage.teardown();
  });

  it('says a refusal, a storage failure and a confirmation in Chinese, with no English left on screen', async () => {
    let full = true;
    const real = storage.store;
    const quota = () =>
      Promise.reject(new StorageError('quota', 'Storage is full: could not save.', { action: { action: 'save-hand', hand: 1 } }));
    const failing = storeLike(real, {
      appendHand: (id, index, hand) => (full ? quota() : real.appendHand(id, index, hand)),
    });
    const el = await mountConsole('zh', { store: failing, retryDelays: [100] });

    // A refusal: no shoe is in play yet.
    await press('b');
    await until(() => el.consoleController.message?.kind === 'refused', 'the refusal');
    await el.updateComplete;
    const refusal = el.shadowRoot!.querySelector('[role="alert"]')!.textContent;
    expect(refusal).to.contain('没有进行中的牌靴');
    expect(englishWords(panelText(el)), panelText(el)).to.deep.equal([]);

    // A new shoe, then a hand the storage refuses: kept on screen, and said in Chinese.
    await press('s');
    await until(() => el.consoleController.shoeOpen, 'a new shoe');
    await press('b');
    await until(() => el.consoleController.unsaved > 0 && el.consoleController.storageProblem !== null, 'the failed write');
    await el.updateComplete;
    const status = el.shadowRoot!.querySelector('[part="status"]')!.textContent;
    expect(status).to.contain('存储空间已满');
    expect(englishWords(panelText(el)), panelText(el)).to.deep.equal([]);

    // Storage recovers; a confirmation (end the shoe?) and what happened are Chinese too.
    full = false;
    await until(() => el.consoleController.unsaved === 0, 'the hand to be written');
    await press('e');
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('.confirm')!.textContent).to.contain('结束');
    expect(englishWords(panelText(el)), panelText(el)).to.deep.equal([]);
    await press('y');
    await until(() => !el.consoleController.shoeOpen, 'the shoe to end');
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('.done')!.textContent).to.contain('牌靴已结束');
    expect(englishWords(panelText(el)), panelText(el)).to.deep.equal([]);
  });
});
