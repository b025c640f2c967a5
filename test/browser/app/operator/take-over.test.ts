import { expect } from '@open-wc/testing';
import '../../../../components/app/operator/bacc-operator.js';
import type { BaccOperator } from '../../../../components/app/operator/bacc-operator.js';
import { StorageError } from '../../../../components/app/shared/data/scoreboard-store.js';
import { mountConsole } from './operator-helpers.js';
import { freshStorage, storeLike } from '../../../support/browser/storage.js';
import { delay, until } from '../../../support/wait.js';

const TABLE = 'Take-over table';
/** Quick retries of a failed write, so a test sees what a window kept to retry. */
const retryDelays = [20];

const outcomes = (el: BaccOperator) => el.consoleController.hands.map((hand) => hand.outcome).join('');

describe('<bacc-operator> taking the table over', () => {
  let storage: Awaited<ReturnType<typeof freshStorage>>;
  beforeEach(async () => {
    storage = await freshStorage();
  });
  afterEach(async () => {
    await storage.teardown();
  });

  const storedOutcomes = async () => (await storage.store.latestShoe({ table: TABLE }))!.hands.map((hand) => hand.outcome).join('');

  it('takes the table from the window that records it, which writes nothing from then on, not even what it kept to retry', async () => {
    let full = false;
    const quota = () => Promise.reject(new StorageError('quota', 'Storage is full.'));
    const first = await mountConsole(TABLE, {
      retryDelays,
      store: storeLike(storage.store, { appendHand: (id, i, h) => (full ? quota() : storage.store.appendHand(id, i, h)) }),
    });
    await first.consoleController.confirm('new-shoe');
    await first.consoleController.recordOutcome('B');
    full = true;
    await first.consoleController.recordOutcome('P');
    expect(first.consoleController.unsaved).to.equal(1);
    const second = await mountConsole(TABLE, { retryDelays, readOnly: true });
    expect(second.consoleController.canTakeOver).to.equal(true);
    second.consoleController.takeOver();
    await until(() => second.consoleController.ready, 'the second window to record the table');
    await until(() => first.consoleController.readOnly, 'the first window to see it lost the table');
    expect(first.consoleController.message?.news).to.deep.equal({ about: 'table-taken', unsaved: 1, typed: '' });
    expect(first.consoleController.unsaved).to.equal(0);
    expect(outcomes(second)).to.equal('B');
    // Storage recovers: the first window's kept hand is never written.
    full = false;
    await delay(150);
    expect(await storedOutcomes()).to.equal('B');
    await first.consoleController.recordOutcome('T');
    expect(first.consoleController.message?.news.about).to.equal('read-only');
    await second.consoleController.recordOutcome('P');
    expect(await storedOutcomes()).to.equal('BP');
    await until(() => outcomes(first) === 'BP', 'the first window to follow the second');
  });

  it('lets the window that lost the table take it back, with what the other recorded', async () => {
    const first = await mountConsole(TABLE, { retryDelays });
    await first.consoleController.confirm('new-shoe');
    await first.consoleController.recordOutcome('B');
    const second = await mountConsole(TABLE, { retryDelays, readOnly: true });
    second.consoleController.takeOver();
    await until(() => first.consoleController.readOnly && second.consoleController.ready, 'the second window to take the table');
    await second.consoleController.recordOutcome('T');
    first.consoleController.takeOver();
    await until(() => second.consoleController.readOnly && first.consoleController.ready, 'the first window to take it back');
    expect(outcomes(first)).to.equal('BT');
    // Its actions from before are no longer its to undo: undo removes the last hand.
    await first.consoleController.undo();
    expect(await storedOutcomes()).to.equal('B');
  });

  it('a page reloaded while it kept the table takes it back from the tab that got it meanwhile', async () => {
    const waiting = await mountConsole(TABLE, { retryDelays });
    await waiting.consoleController.confirm('new-shoe');
    // As the reloading page unloads, it notes that it kept the table (pagehide); back, it takes it.
    sessionStorage.setItem(`bacc-scoreboard-held-before-reload:bacc-scoreboard:console:${TABLE}`, String(Date.now()));
    const reloaded = await mountConsole(TABLE, { retryDelays });
    await until(() => waiting.consoleController.readOnly, 'the other tab to go back to showing the shoe');
    expect(reloaded.consoleController.readOnly).to.equal(false);
    expect(sessionStorage.length).to.equal(0);
  });
});
