/** The console and its stored shoes: reading, writing, failing writes, reloads, other windows and a blocked upgrade. */
import { expect } from '@open-wc/testing';
import '../../../../components/app/operator/bacc-operator.js';
import { ScoreboardStore, StorageError } from '../../../../components/app/shared/data/scoreboard-store.js';
import { makeRules } from '../../../../src/game/rules.js';
import { press, mountConsole, scoreboardOf, textOf, shownOutcomes, newShoe, refusalOf } from './operator-helpers.js';
import { freshStorage, gatedStore, storeLike } from '../../../support/browser/storage.js';
import { delay, until } from '../../../support/wait.js';
import { closeStorage, openStorage, storageStatus } from '../../../../components/app/shared/data/storage.js';
import { Shoe } from '../../../../src/game/shoe.js';
import { handRecord } from '../../../../src/shoes/document.js';

const TABLE = 'Table 9';

/** A database `name` as version 2 of the app left it, held open by an "older tab" that will not let go. */
async function olderTabHolding(name: string): Promise<IDBDatabase> {
  (await ScoreboardStore.open({ name, version: 2 })).close();
  return new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(name, 2);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('could not open the database'));
  });
}

async function storedShoe(store: ScoreboardStore) {
  return store.latestShoe({ table: TABLE });
}

describe('<bacc-operator> and its stored shoes', () => {
  let storage: Awaited<ReturnType<typeof freshStorage>>;
  beforeEach(async () => {
    storage = await freshStorage();
  });
  afterEach(async () => {
    await storage.teardown();
  });

  it('asks the operator to wait, rather than blaming another window, when S is pressed before the stored shoe is read', async () => {
    // A store whose read of the table's stored shoe has not come back yet.
    const slow = storeLike(storage.store, { latestShoe: () => new Promise<undefined>(() => undefined) });
    const el = await mountConsole(TABLE, { store: slow, reading: true });
    await press('s');
    await until(() => refusalOf(el) !== '', 'the refusal');
    expect(refusalOf(el)).to.equal('The stored shoe is still being read; try again in a moment.');
    expect(el.consoleController.shoe).to.equal(null);
  });

  it('takes up the open shoe exactly after a reload, and goes on recording it', async () => {
    const first = await mountConsole(TABLE);
    await newShoe(first);
    await press('1', 'b', 'p', 'n', 't');
    await until(() => shownOutcomes(first) === 'BPT', 'three hands');
    const before = scoreboardOf(first).hands;
    const shoeId = first.consoleController.shoe!.id;
    first.remove();
    const second = await mountConsole(TABLE);
    expect(second.consoleController.shoe!.id).to.equal(shoeId);
    expect(scoreboardOf(second).hands).to.deep.equal(before);
    await press('b');
    await until(() => shownOutcomes(second) === 'BPTB', 'the fourth hand');
    await until(() => second.consoleController.unsaved === 0, 'the hand to be written');
    expect((await storedShoe(storage.store))!.hands.map((hand) => hand.outcome).join('')).to.equal('BPTB');
  });

  it('keeps hands on screen when writes fail, says so, and saves them when storage recovers', async () => {
    let full = true;
    const real = storage.store;
    const quota = () =>
      Promise.reject(new StorageError('quota', 'Storage is full: could not save. Free some space or delete old shoes in History.'));
    const failing = storeLike(real, {
      createShoe: (shoe, origin) => (full ? quota() : real.createShoe(shoe, origin)),
      appendHand: (id, index, hand) => (full ? quota() : real.appendHand(id, index, hand)),
      replaceHand: (id, index, hand) => (full ? quota() : real.replaceHand(id, index, hand)),
      removeLastHand: (id, index) => (full ? quota() : real.removeLastHand(id, index)),
      endShoe: (id, at) => (full ? quota() : real.endShoe(id, at)),
    });
    const el = await mountConsole(TABLE, { store: failing, retryDelays: [100] });
    await newShoe(el);
    await press('b', 'p');
    await until(() => shownOutcomes(el) === 'BP', 'both hands on screen');
    await el.updateComplete;
    expect(textOf(el, '[part="status"]')).to.equal(
      '3 changes not saved yet (kept on this screen), retrying: Storage is full: could not save. Free some space or delete old shoes in History.',
    );
    expect(await real.latestShoe({ table: TABLE })).to.equal(undefined);
    // Closing the window now would lose them: the browser is asked to check with the operator.
    const leaving = new Event('beforeunload', { cancelable: true });
    dispatchEvent(leaving);
    expect(leaving.defaultPrevented).to.equal(true);
    full = false;
    await until(() => el.consoleController.unsaved === 0, 'the retry to write everything');
    await el.updateComplete;
    expect(textOf(el, '[part="status"]')).to.equal('');
    const leavingSaved = new Event('beforeunload', { cancelable: true });
    dispatchEvent(leavingSaved);
    expect(leavingSaved.defaultPrevented).to.equal(false);
    expect((await real.latestShoe({ table: TABLE }))!.hands.map((hand) => hand.outcome)).to.deep.equal(['B', 'P']);
  });

  it('shows no hand before it is stored', async () => {
    const gated = gatedStore(storage.store);
    const el = await mountConsole(TABLE, { store: gated.store });
    await newShoe(el);
    await press('b');
    await until(() => gated.waiting() === 1, 'the hand to be on its way to storage');
    await delay(100);
    await el.updateComplete;
    expect(shownOutcomes(el)).to.equal('');
    expect((await storedShoe(storage.store))!.hands).to.deep.equal([]);
    gated.release();
    await until(() => shownOutcomes(el) === 'B', 'the hand to be shown once stored');
    expect((await storedShoe(storage.store))!.hands.map((hand) => hand.outcome)).to.deep.equal(['B']);
  });

  it('goes on with the same shoe when it is taken off the page and put back', async () => {
    const el = await mountConsole(TABLE);
    await newShoe(el);
    await press('b');
    await until(() => shownOutcomes(el) === 'B' && el.consoleController.unsaved === 0, 'the first hand to be written');
    const parent = el.parentElement!;
    el.remove();
    parent.append(el);
    await until(() => el.consoleController.ready, 'the console to keep the table again');
    await press('p');
    await until(() => shownOutcomes(el) === 'BP', 'the next hand on screen');
    await until(() => el.consoleController.unsaved === 0, 'the hand to be written');
    expect((await storedShoe(storage.store))!.hands.map((hand) => hand.outcome).join('')).to.equal('BP');
    expect(refusalOf(el)).to.equal('');
  });

  it('lets one console record a table: a second one shows the shoe read-only, says why, and takes over when the first closes', async () => {
    const first = await mountConsole(TABLE);
    await newShoe(first);
    await press('b');
    await until(() => shownOutcomes(first) === 'B' && first.consoleController.unsaved === 0, 'the first hand to be written');
    const second = await mountConsole(TABLE, { readOnly: true });
    await until(() => shownOutcomes(second) === 'B', 'the second console to show the stored shoe');
    expect(textOf(second, '.shoe-state')).to.contain('being recorded in another window');
    // The first records, the second refuses and follows.
    await press('p');
    await until(() => shownOutcomes(first) === 'BP' && first.consoleController.unsaved === 0, 'the first console to record');
    await until(() => shownOutcomes(second) === 'BP', 'the second console to follow');
    await second.consoleController.recordOutcome('T');
    await second.updateComplete;
    expect(refusalOf(second)).to.contain('This table is being recorded in another window');
    expect((await storedShoe(storage.store))!.hands.map((hand) => hand.outcome).join('')).to.equal('BP');
    // While it takes the table over, the second console keeps showing the shoe: never an empty board.
    const seen = new Set<string>();
    const watch = setInterval(() => seen.add(second.consoleController.hands.map((hand) => hand.outcome).join('')), 0);
    first.remove();
    await until(() => second.consoleController.ready && !second.consoleController.readOnly, 'the second console to take over');
    clearInterval(watch);
    // Its refusal from the time another window held the table is gone with that window.
    await second.updateComplete;
    expect(refusalOf(second)).to.equal('');
    expect([...seen]).to.deep.equal(['BP']);
    expect(second.consoleController.shoe!.hands.map((hand) => hand.outcome).join('')).to.equal('BP');
    await press('t');
    await until(() => shownOutcomes(second) === 'BPT' && second.consoleController.unsaved === 0, 'the second console to record');
    expect((await storedShoe(storage.store))!.hands.map((hand) => hand.outcome).join('')).to.equal('BPT');
  });

  it('shows a write refused as a conflict as an alert, with what to do', async () => {
    const real = storage.store;
    const conflicting = storeLike(real, {
      appendHand: () => Promise.reject(new StorageError('conflict', 'Hand 1 of the shoe cannot be saved: 2 hands are stored.')),
    });
    const el = await mountConsole(TABLE, { store: conflicting, retryDelays: [50] });
    await newShoe(el);
    await press('b');
    await until(() => el.consoleController.storageProblem?.kind === 'conflict', 'the conflict');
    await el.updateComplete;
    const alert = textOf(el, 'p.conflict');
    expect(alert).to.contain('not retried').and.to.contain('reload');
    expect(alert).to.match(/^Not saved \(1 change\), and not retried/);
    expect(el.shadowRoot!.querySelector('p.conflict')!.getAttribute('role')).to.equal('alert');
  });

  it('gives a hand the flags and the correction chosen when its key was pressed, not when it is written', async () => {
    const el = await mountConsole(TABLE);
    await newShoe(el);
    const { consoleController } = el;
    void consoleController.recordOutcome('B');
    void consoleController.recordOutcome('P');
    consoleController.toggleFlag('playerPair');
    await consoleController.recordOutcome('T');
    expect(scoreboardOf(el).hands.map((hand) => [hand.outcome, hand.playerPair])).to.deep.equal([
      ['B', false],
      ['P', false],
      ['T', true],
    ]);
    // A hand pressed before the correction began is added, and the correction waits for the next one.
    const added = consoleController.recordOutcome('T');
    consoleController.beginCorrection(1);
    await added;
    expect(shownOutcomes(el)).to.equal('BPTT');
    await consoleController.recordOutcome('P');
    expect(shownOutcomes(el)).to.equal('PPTT');
    await until(() => consoleController.unsaved === 0, 'the hands to be written');
    expect((await storedShoe(storage.store))!.hands.map((hand) => hand.outcome).join('')).to.equal('PPTT');
  });

  it('keeps a new shoe in memory while an older tab blocks the upgrade, and writes it in order once storage opens', async () => {
    await closeStorage();
    const name = `bacc-blocked-${Date.now()}`;
    const older = await olderTabHolding(name);
    const opened = openStorage({ name });
    await until(() => storageStatus().state === 'blocked', 'the upgrade to be blocked');
    try {
      const el = await mountConsole(TABLE);
      expect(textOf(el, '[part="status"]')).to.contain('close it so this one can open them');
      await newShoe(el);
      await press('b', 'p');
      await until(() => shownOutcomes(el) === 'BP', 'the hands kept on screen');
      expect(el.consoleController.unsaved).to.equal(3);
      expect(textOf(el, '.done')).to.equal('Hand 2 recorded on this screen, not saved yet.');
      older.close();
      const store = await opened;
      await until(() => el.consoleController.unsaved === 0, 'the kept changes to be written');
      const stored = (await store.latestShoe({ table: TABLE }))!;
      expect(stored.id).to.equal(el.consoleController.shoe!.id);
      expect(stored.hands.map((hand) => hand.outcome).join('')).to.equal('BP');
      await el.updateComplete;
      expect(textOf(el, '[part="status"]')).to.equal('');
      // "Not saved yet" is no longer true once written.
      expect(textOf(el, '.done')).to.equal('Hand 2 recorded.');
    } finally {
      older.close();
      await closeStorage();
      await ScoreboardStore.deleteDatabase(name);
    }
  });

  it('says why it waits, in a window queued behind a blocked upgrade, and records once the stored shoes open', async () => {
    await closeStorage();
    const name = `bacc-queued-${Date.now()}`;
    const older = await olderTabHolding(name);
    // The first window to ask for the upgrade is told it is blocked; this page's request waits behind it.
    let firstTold = false;
    const first = ScoreboardStore.open({ name, onBlocked: () => (firstTold = true) });
    await until(() => firstTold, 'the first window to be told');
    const opened = openStorage({ name, waitMs: 300 });
    await until(() => storageStatus().state === 'waiting', 'the page to say it is waiting', 3000);
    try {
      const el = await mountConsole(TABLE, { reading: true });
      expect(textOf(el, '[part="status"]'))
        .to.contain('The stored shoes have not opened yet')
        .and.contain('Close the other scoreboard tabs');
      // Still reading the table's stored shoe, which may be open: nothing starts over it.
      await press('s');
      await until(() => refusalOf(el) !== '', 'the refusal');
      expect(refusalOf(el)).to.equal('The stored shoe is still being read; try again in a moment.');
      expect(el.consoleController.shoe).to.equal(null);
      older.close();
      (await first).close();
      const store = await opened;
      await until(() => el.consoleController.ready, 'the stored shoe to be read');
      await el.updateComplete;
      expect(textOf(el, '[part="status"]')).to.equal('');
      await newShoe(el);
      await press('b');
      await until(() => shownOutcomes(el) === 'B' && el.consoleController.unsaved === 0, 'the hand recorded and written');
      expect((await store.latestShoe({ table: TABLE }))!.hands.map((hand) => hand.outcome)).to.deep.equal(['B']);
    } finally {
      older.close();
      await first.then(
        (store) => store.close(),
        () => undefined,
      );
      await closeStorage();
      await ScoreboardStore.deleteDatabase(name);
    }
  });

  it('takes up an open simulated shoe after a reload and deals on from its seed', async () => {
    const first = await mountConsole(TABLE);
    await press('i');
    await until(() => textOf(first, '.shoe-state').startsWith('Simulated shoe'), 'a simulated shoe');
    await press('d', 'd');
    await until(() => scoreboardOf(first).hands.length === 2 && first.consoleController.unsaved === 0, 'two dealt hands written');
    const kept = first.consoleController.shoe!;
    first.remove();
    const second = await mountConsole(TABLE);
    expect(second.consoleController.shoe!.id).to.equal(kept.id);
    expect(second.consoleController.simulating).to.equal(true);
    await press('d');
    await until(() => scoreboardOf(second).hands.length === 3, 'the next dealt hand');
    const replay = new Shoe({ rules: kept.rules, seed: kept.seed });
    expect(scoreboardOf(second).hands).to.deep.equal(Array.from({ length: 3 }, () => handRecord(replay.dealHand())));
  });

  it('ends a stored simulated shoe its seed does not deal, instead of taking it up', async () => {
    const rules = makeRules();
    // Hands another seed dealt, stored under this one.
    const dealt = handRecord(new Shoe({ rules, seed: 'other' }).dealHand());
    await storage.store.createShoe(
      {
        id: 'edited',
        table: TABLE,
        source: 'simulated',
        seed: 'mine',
        startedAt: new Date().toISOString(),
        endedAt: null,
        rules,
        hands: [dealt],
      },
      'console',
    );
    const el = await mountConsole(TABLE);
    expect(textOf(el, '.shoe-state')).to.contain('No shoe in play');
    await until(() => el.consoleController.unsaved === 0, 'the end to be written');
    expect((await storage.store.getShoe('edited'))!.endedAt).to.be.a('string');
  });
});
