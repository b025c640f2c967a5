import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../../components/app/operator/bacc-operator.js';
import '../../../../components/app/display/bacc-table-display.js';
import type { BaccOperator } from '../../../../components/app/operator/bacc-operator.js';
import type { BaccTableDisplay } from '../../../../components/app/display/bacc-table-display.js';
import type { RecordedHand } from '../../../../components/app/operator/console-types.js';
import { ScoreboardStore, StorageError } from '../../../../components/app/shared/data/scoreboard-store.js';
import { makeRules } from '../../../../src/game/rules.js';
import { eventsFiredDuring } from '../../event-spy.js';
import { press, cardField, cardFieldFocused, mountConsole } from './operator-helpers.js';
import { freshStorage, gatedStore, storeLike } from '../../../support/browser/storage.js';
import { delay, until } from '../../../support/wait.js';
import { closeStorage, openStorage, storageStatus } from '../../../../components/app/shared/data/storage.js';
import { TableChannel } from '../../../../components/app/shared/data/table-channel.js';
import { Shoe } from '../../../../src/game/shoe.js';
import { handRecord } from '../../../../src/shoes/document.js';

const TABLE = 'Table 9';
const scoreboardOf = (el: HTMLElement) => el.shadowRoot!.querySelector('bacc-scoreboard')!;
const textOf = (el: BaccOperator, selector: string) => el.shadowRoot!.querySelector(selector)!.textContent.trim();
const outcomes = (el: BaccOperator) =>
  scoreboardOf(el)
    .hands.map((hand) => hand.outcome)
    .join('');

const refusal = (el: BaccOperator) => textOf(el, '[role="alert"]');

/** A database `name` as version 2 of the app left it, held open by an "older tab" that will not let go. */
async function olderTabHolding(name: string): Promise<IDBDatabase> {
  (await ScoreboardStore.open({ name, version: 2 })).close();
  return new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(name, 2);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('could not open the database'));
  });
}

async function newShoe(el: BaccOperator): Promise<void> {
  await press('s');
  await until(() => textOf(el, '.shoe-state').startsWith('Recording'), 'a new recorded shoe');
}

/** Switches the console to card entry (C) and waits for the card field to take the focus; returns the field. */
async function cardEntry(el: BaccOperator): Promise<HTMLInputElement> {
  await press('c');
  await until(() => cardFieldFocused(el), 'the card field to take the focus');
  return cardField(el);
}

async function storedShoe(store: ScoreboardStore) {
  return store.latestShoe({ table: TABLE });
}

describe('<bacc-operator>', () => {
  let storage: Awaited<ReturnType<typeof freshStorage>>;
  beforeEach(async () => {
    storage = await freshStorage();
  });
  afterEach(async () => {
    await storage.teardown();
  });

  it('records banker, player and tie with b, p and t, with the pair and natural flags set before each hand', async () => {
    const el = await mountConsole(TABLE);
    await newShoe(el);
    const recorded: RecordedHand[] = [];
    el.addEventListener('bacc-hand-recorded', (event) => recorded.push(event.detail));
    await press('1', 'b');
    await until(() => outcomes(el) === 'B', 'the banker hand');
    // The flags went with that hand and were cleared.
    const playerPair = el.shadowRoot!.querySelector('[data-action="player-pair"]')!;
    expect(playerPair.getAttribute('aria-pressed')).to.equal('false');
    await press('p', 'n', '2', 't');
    await until(() => outcomes(el) === 'BPT', 'three hands');
    const hands = scoreboardOf(el).hands;
    expect(hands.map((hand) => [hand.playerPair, hand.bankerPair, hand.natural])).to.deep.equal([
      [true, false, false],
      [false, false, false],
      [false, true, true],
    ]);
    expect(hands.every((hand) => hand.cards === null)).to.equal(true);
    const stored = await storedShoe(storage.store);
    expect(stored!.source).to.equal('recorded');
    expect(stored!.hands).to.deep.equal(hands);
    expect(recorded.map((r) => [r.handNumber, r.hand.outcome, r.correction, r.saved])).to.deep.equal([
      [1, 'B', false, true],
      [2, 'P', false, true],
      [3, 'T', false, true],
    ]);
  });

  it('records a hand typed card by card once the tableau completes it', async () => {
    const el = await mountConsole(TABLE);
    await newShoe(el);
    const field = await cardEntry(el);
    // Keys typed into the field are cards, not commands: b and t here do nothing.
    await sendKeys({ type: '9h 2c kd ' });
    await el.updateComplete;
    expect(textOf(el, '#card-help')).to.contain('9H 2C KD');
    expect(outcomes(el)).to.equal('');
    await sendKeys({ type: '5s' });
    await press('Enter');
    await until(() => outcomes(el) === 'P', 'the hand to be recorded');
    expect(scoreboardOf(el).hands[0]).to.deep.include({ cards: ['9H', '2C', 'KD', '5S'], playerTotal: 9, bankerTotal: 7, natural: true });
    expect((await storedShoe(storage.store))!.hands[0]!.cards).to.deep.equal(['9H', '2C', 'KD', '5S']);
    expect(field.value).to.equal('');
  });

  it('links to the history in a new window, so the console keeps its table', async () => {
    const el = await mountConsole(TABLE);
    const link = el.shadowRoot!.querySelector<HTMLAnchorElement>('a.history')!;
    expect(new URL(link.href).searchParams.get('mode')).to.equal('history');
    expect(link.target).to.equal('_blank');
    expect(link.textContent.trim()).to.equal('History, replay and export (new window)');
  });

  it('in card entry, refuses outcome keys pressed outside the card field and puts the focus back in it', async () => {
    const el = await mountConsole(TABLE);
    // Card entry chosen before any shoe is open: the field is disabled, and takes the focus once one opens.
    await press('c');
    await newShoe(el);
    await until(() => cardFieldFocused(el), 'the card field to take the focus once the shoe opens');
    const field = cardField(el);
    field.blur();
    await press('b');
    await until(() => textOf(el, '[role="alert"]') !== '', 'the refusal');
    expect(textOf(el, '[role="alert"]')).to.contain('In card entry the hand is typed as cards');
    expect(el.shadowRoot!.activeElement).to.equal(field);
    // A key that is also a card's character (t for ten, 2) goes into the field: never a tie or a flag.
    field.blur();
    await press('t', '2');
    expect(field.value).to.equal('t2');
    expect(el.shadowRoot!.activeElement).to.equal(field);
    expect(el.desk.flags.bankerPair).to.equal(false);
    expect(outcomes(el)).to.equal('');
    expect((await storedShoe(storage.store))!.hands).to.deep.equal([]);
  });

  it('holds a hand the tableau has finished until Enter, refusing a card the tableau would not deal', async () => {
    const el = await mountConsole(TABLE);
    await newShoe(el);
    const field = await cardEntry(el);
    await sendKeys({ type: '9h 2c kd 5s ' });
    await until(() => textOf(el, '#card-help').startsWith('Hand complete: 9H 2C KD 5S'), 'the finished hand to wait');
    expect(outcomes(el)).to.equal('');
    // The operator thought the banker draws on 7: the tableau says no, and nothing is recorded.
    await sendKeys({ type: '3h ' });
    await until(() => textOf(el, '[role="alert"]') !== '', 'the refusal');
    expect(textOf(el, '[role="alert"]')).to.contain('the hand is already complete (player 9, banker 7)');
    expect(outcomes(el)).to.equal('');
    expect((await storedShoe(storage.store))!.hands).to.deep.equal([]);
    field.value = '';
    await press('Enter');
    await until(() => outcomes(el) === 'P', 'the hand to be recorded');
    expect((await storedShoe(storage.store))!.hands[0]!.cards).to.deep.equal(['9H', '2C', 'KD', '5S']);
  });

  it('refuses a card the shoe cannot hold with a message, and records nothing', async () => {
    const el = await mountConsole(TABLE, { rules: makeRules({ decks: 1 }) });
    await newShoe(el);
    const field = await cardEntry(el);
    await sendKeys({ type: '9h 2c 9h' });
    await press('Enter');
    await until(() => textOf(el, '[role="alert"]') !== '', 'the refusal');
    expect(textOf(el, '[role="alert"]')).to.contain('Card "9h" refused').and.to.contain('1-deck shoe holds only 1 9H');
    // The other 9H is in this hand, not an earlier one: said so, or the clerk searches the recorded hands.
    expect(textOf(el, '[role="alert"]')).to.contain('1 typed in this hand, 0 recorded before it').and.not.to.contain('already recorded');
    expect(field.value).to.equal('9h');
    // Selected: the next card typed replaces the refused one rather than running into it.
    expect([field.selectionStart, field.selectionEnd]).to.deep.equal([0, 2]);
    await sendKeys({ type: '11' });
    await press('Enter');
    await until(() => textOf(el, '[role="alert"]').includes('"11"'), 'the unreadable card refused');
    expect(textOf(el, '[role="alert"]')).not.to.contain('9h');
    expect(outcomes(el)).to.equal('');
    expect((await storedShoe(storage.store))!.hands).to.deep.equal([]);
    // Refused again, replaced by a card the shoe holds, and the hand goes on.
    await sendKeys({ type: '9d ' });
    await until(() => textOf(el, '#card-help').includes('9H 2C 9D'), 'the third card taken');
  });

  it('says that an unfinished hand is not complete when Enter is pressed, and who gets the next card', async () => {
    const el = await mountConsole(TABLE);
    await newShoe(el);
    await cardEntry(el);
    await sendKeys({ type: '4h 4c' });
    await press('Enter');
    await until(() => refusal(el) !== '', 'the refusal');
    expect(refusal(el)).to.equal('The hand is not complete: by the tableau the next card goes to the player. Nothing was recorded yet.');
    expect(outcomes(el)).to.equal('');
    // Every card already sent with Space, the field empty: Enter says the same.
    await sendKeys({ type: '2d ' });
    await until(() => textOf(el, '#card-help').includes('4H 4C 2D'), 'the third card sent');
    expect(refusal(el)).to.equal('');
    await press('Enter');
    await until(() => refusal(el) !== '', 'the refusal with the field empty');
    expect(refusal(el)).to.equal('The hand is not complete: by the tableau the next card goes to the banker. Nothing was recorded yet.');
    await sendKeys({ type: '3s' });
    await press('Enter');
    await until(() => outcomes(el) === 'B', 'the finished hand recorded (player 6, banker 7)');
  });

  it('asks the operator to wait, rather than blaming another window, when S is pressed before the stored shoe is read', async () => {
    // A store whose read of the table's stored shoe has not come back yet.
    const slow = storeLike(storage.store, { latestShoe: () => new Promise<undefined>(() => undefined) });
    const el = await mountConsole(TABLE, { store: slow, reading: true });
    await press('s');
    await until(() => refusal(el) !== '', 'the refusal');
    expect(refusal(el)).to.equal('The stored shoe is still being read; try again in a moment.');
    expect(el.desk.shoe).to.equal(null);
  });

  it('lets Escape in an empty card field give the keys back, and keeps the focus out of it', async () => {
    const el = await mountConsole(TABLE);
    await newShoe(el);
    const field = await cardEntry(el);
    await press('Escape');
    await el.updateComplete;
    expect(el.shadowRoot!.activeElement).not.to.equal(field);
    // Keys now act instead of being typed as cards: h takes the focus to the hand number, o to outcome entry.
    await press('o');
    await until(() => el.desk.entryMode === 'outcome', 'outcome entry');
    expect(field.value).to.equal('');
    await press('b');
    await until(() => outcomes(el) === 'B', 'a hand recorded by its key');
  });

  it('undoes the last hand with u and with Ctrl+Z, in storage too', async () => {
    const el = await mountConsole(TABLE);
    await newShoe(el);
    await press('b', 'p', 't');
    await until(() => outcomes(el) === 'BPT', 'three hands');
    await press('u');
    await until(() => outcomes(el) === 'BP', 'the tie undone');
    await sendKeys({ down: 'Control' });
    await press('z');
    await sendKeys({ up: 'Control' });
    await until(() => outcomes(el) === 'B', 'the player hand undone');
    await until(() => el.desk.unsaved === 0, 'the undo to be written');
    expect((await storedShoe(storage.store))!.hands.map((hand) => hand.outcome)).to.deep.equal(['B']);
  });

  it('corrects a chosen hand, in storage too', async () => {
    const el = await mountConsole(TABLE);
    await newShoe(el);
    await press('b', 'p', 't');
    await until(() => outcomes(el) === 'BPT', 'three hands');
    const recorded: RecordedHand[] = [];
    el.addEventListener('bacc-hand-recorded', (event) => recorded.push(event.detail));
    await press('h');
    await sendKeys({ type: '2' });
    await press('Enter');
    await until(() => textOf(el, '.shoe-state').includes('correcting hand 2'), 'the correction to begin');
    await press('1', 'b');
    await until(() => outcomes(el) === 'BBT', 'hand 2 corrected');
    expect(scoreboardOf(el).hands[1]!.playerPair).to.equal(true);
    expect(recorded.map((r) => [r.handNumber, r.correction])).to.deep.equal([[2, true]]);
    await until(() => el.desk.unsaved === 0, 'the correction to be written');
    const stored = (await storedShoe(storage.store))!;
    expect(stored.hands.map((hand) => hand.outcome).join('')).to.equal('BBT');
    expect(stored.hands[1]!.playerPair).to.equal(true);
  });

  it('refuses a hand number the shoe does not have', async () => {
    const el = await mountConsole(TABLE);
    await newShoe(el);
    await press('b');
    await until(() => outcomes(el) === 'B', 'one hand');
    await press('h');
    await sendKeys({ type: '5' });
    await press('Enter');
    await el.updateComplete;
    expect(textOf(el, '[role="alert"]')).to.equal('Only hand 1 can be corrected: type 1.');
    expect(el.desk.correcting).to.equal(null);
  });

  it('ends the shoe after confirmation, and then records nothing more', async () => {
    const el = await mountConsole(TABLE);
    await newShoe(el);
    await press('b', 'e');
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[role="alertdialog"]')).to.exist;
    // While the question is open, recording keys wait.
    await press('p', 'y');
    await until(() => textOf(el, '.shoe-state').startsWith('No shoe in play'), 'the shoe to end');
    await until(() => el.desk.unsaved === 0, 'the end to be written');
    const stored = (await storage.store.latestShoe({ table: TABLE }))!;
    expect(stored.endedAt).to.be.a('string');
    expect(stored.hands.map((hand) => hand.outcome)).to.deep.equal(['B']);
    await press('t');
    await el.updateComplete;
    expect(textOf(el, '[role="alert"]')).to.contain('No shoe is in play');
    expect(outcomes(el)).to.equal('B');
  });

  it('takes up the open shoe exactly after a reload, and goes on recording it', async () => {
    const first = await mountConsole(TABLE);
    await newShoe(first);
    await press('1', 'b', 'p', 'n', 't');
    await until(() => outcomes(first) === 'BPT', 'three hands');
    const before = scoreboardOf(first).hands;
    const shoeId = first.desk.shoe!.id;
    first.remove();
    const second = await mountConsole(TABLE);
    expect(second.desk.shoe!.id).to.equal(shoeId);
    expect(scoreboardOf(second).hands).to.deep.equal(before);
    await press('b');
    await until(() => outcomes(second) === 'BPTB', 'the fourth hand');
    await until(() => second.desk.unsaved === 0, 'the hand to be written');
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
    await until(() => outcomes(el) === 'BP', 'both hands on screen');
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
    await until(() => el.desk.unsaved === 0, 'the retry to write everything');
    await el.updateComplete;
    expect(textOf(el, '[part="status"]')).to.equal('');
    const leavingSaved = new Event('beforeunload', { cancelable: true });
    dispatchEvent(leavingSaved);
    expect(leavingSaved.defaultPrevented).to.equal(false);
    expect((await real.latestShoe({ table: TABLE }))!.hands.map((hand) => hand.outcome)).to.deep.equal(['B', 'P']);
  });

  it('deals a simulated shoe a hand at a time and refuses to record into it', async () => {
    const el = await mountConsole(TABLE);
    await press('i');
    await until(() => textOf(el, '.shoe-state').startsWith('Simulated shoe'), 'a simulated shoe');
    await press('d', 'd');
    await until(() => scoreboardOf(el).hands.length === 2, 'two dealt hands');
    expect(scoreboardOf(el).hands[0]!.cards!.length).to.be.at.least(4);
    await press('b');
    await el.updateComplete;
    expect(textOf(el, '[role="alert"]')).to.contain('This shoe is simulated');
    expect(scoreboardOf(el).hands.length).to.equal(2);
    await until(() => el.desk.unsaved === 0, 'the hands to be written');
    const stored = (await storage.store.latestShoe({ table: TABLE }))!;
    expect(stored.source).to.equal('simulated');
    expect(stored.seed).to.match(/^[0-9a-f]{32}$/);
    expect(stored.hands).to.deep.equal(scoreboardOf(el).hands);
  });

  it('tells the scoreboard a simulated shoe is over once its cut card is out, before it is ended', async () => {
    const el = await mountConsole(TABLE, { rules: makeRules({ decks: 1 }) });
    await press('i');
    await until(() => textOf(el, '.shoe-state').startsWith('Simulated shoe'), 'a simulated shoe');
    expect(scoreboardOf(el).ended).to.equal(false);
    for (let i = 0; i < 20 && !el.desk.simulationFinished; i++) {
      const dealt = scoreboardOf(el).hands.length;
      await press('d');
      await until(() => scoreboardOf(el).hands.length > dealt, 'a dealt hand');
    }
    expect(el.desk.simulationFinished, 'the one-deck shoe dealt to its cut card').to.equal(true);
    await el.updateComplete;
    expect(scoreboardOf(el).ended).to.equal(true);
    expect(el.desk.shoe!.endedAt).to.equal(null);
  });

  it('fires no event when its properties are set or a stored shoe is resumed', async () => {
    const el = await mountConsole(TABLE);
    await newShoe(el);
    await press('b');
    await until(() => outcomes(el) === 'B', 'one hand');
    const fired = await eventsFiredDuring(el, async () => {
      el.rules = makeRules({ decks: 6 });
      el.limits = '5 – 50';
      el.rows = 5;
      await el.updateComplete;
      el.remove();
      const again = await mountConsole(TABLE);
      await again.updateComplete;
    });
    expect(fired).not.to.include('bacc-hand-recorded');
  });

  it('shows no hand before it is stored', async () => {
    const gated = gatedStore(storage.store);
    const el = await mountConsole(TABLE, { store: gated.store });
    await newShoe(el);
    await press('b');
    await until(() => gated.waiting() === 1, 'the hand to be on its way to storage');
    await delay(100);
    await el.updateComplete;
    expect(outcomes(el)).to.equal('');
    expect((await storedShoe(storage.store))!.hands).to.deep.equal([]);
    gated.release();
    await until(() => outcomes(el) === 'B', 'the hand to be shown once stored');
    expect((await storedShoe(storage.store))!.hands.map((hand) => hand.outcome)).to.deep.equal(['B']);
  });

  it('goes on with the same shoe when it is taken off the page and put back', async () => {
    const el = await mountConsole(TABLE);
    await newShoe(el);
    await press('b');
    await until(() => outcomes(el) === 'B' && el.desk.unsaved === 0, 'the first hand to be written');
    const parent = el.parentElement!;
    el.remove();
    parent.append(el);
    await until(() => el.desk.ready, 'the console to keep the table again');
    await press('p');
    await until(() => outcomes(el) === 'BP', 'the next hand on screen');
    await until(() => el.desk.unsaved === 0, 'the hand to be written');
    expect((await storedShoe(storage.store))!.hands.map((hand) => hand.outcome).join('')).to.equal('BP');
    expect(refusal(el)).to.equal('');
  });

  it('says on screen why an action failed instead of dropping it', async () => {
    const el = await mountConsole(TABLE);
    await newShoe(el);
    await el.desk.recordOutcome('B');
    el.desk.beginCorrection(1);
    // The undo is queued first: by the time the correction runs, hand 1 is gone.
    void el.desk.undo();
    await el.desk.recordOutcome('P');
    await el.updateComplete;
    expect(refusal(el)).to.equal('Hand 1 is no longer in the shoe (it was undone): nothing was corrected.');
    expect(outcomes(el)).to.equal('');
  });

  it('lets one console record a table: a second one shows the shoe read-only, says why, and takes over when the first closes', async () => {
    const first = await mountConsole(TABLE);
    await newShoe(first);
    await press('b');
    await until(() => outcomes(first) === 'B' && first.desk.unsaved === 0, 'the first hand to be written');
    const second = await mountConsole(TABLE, { readOnly: true });
    await until(() => outcomes(second) === 'B', 'the second console to show the stored shoe');
    expect(textOf(second, '.shoe-state')).to.contain('being recorded in another window');
    // The first records, the second refuses and follows.
    await press('p');
    await until(() => outcomes(first) === 'BP' && first.desk.unsaved === 0, 'the first console to record');
    await until(() => outcomes(second) === 'BP', 'the second console to follow');
    await second.desk.recordOutcome('T');
    await second.updateComplete;
    expect(refusal(second)).to.contain('This table is being recorded in another window');
    expect((await storedShoe(storage.store))!.hands.map((hand) => hand.outcome).join('')).to.equal('BP');
    // While it takes the table over, the second console keeps showing the shoe: never an empty board.
    const seen = new Set<string>();
    const watch = setInterval(() => seen.add(second.desk.hands.map((hand) => hand.outcome).join('')), 0);
    first.remove();
    await until(() => second.desk.ready && !second.desk.readOnly, 'the second console to take over');
    clearInterval(watch);
    // Its refusal from the time another window held the table is gone with that window.
    await second.updateComplete;
    expect(refusal(second)).to.equal('');
    expect([...seen]).to.deep.equal(['BP']);
    expect(second.desk.shoe!.hands.map((hand) => hand.outcome).join('')).to.equal('BP');
    await press('t');
    await until(() => outcomes(second) === 'BPT' && second.desk.unsaved === 0, 'the second console to record');
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
    await until(() => el.desk.storageProblem?.kind === 'conflict', 'the conflict');
    await el.updateComplete;
    const alert = textOf(el, 'p.conflict');
    expect(alert).to.contain('not retried').and.to.contain('reload');
    expect(alert).to.match(/^Not saved \(1 change\), and not retried/);
    expect(el.shadowRoot!.querySelector('p.conflict')!.getAttribute('role')).to.equal('alert');
  });

  it('gives a hand the flags and the correction chosen when its key was pressed, not when it is written', async () => {
    const el = await mountConsole(TABLE);
    await newShoe(el);
    const { desk } = el;
    void desk.recordOutcome('B');
    void desk.recordOutcome('P');
    desk.toggleFlag('playerPair');
    await desk.recordOutcome('T');
    expect(scoreboardOf(el).hands.map((hand) => [hand.outcome, hand.playerPair])).to.deep.equal([
      ['B', false],
      ['P', false],
      ['T', true],
    ]);
    // A hand pressed before the correction began is added, and the correction waits for the next one.
    const added = desk.recordOutcome('T');
    desk.beginCorrection(1);
    await added;
    expect(outcomes(el)).to.equal('BPTT');
    await desk.recordOutcome('P');
    expect(outcomes(el)).to.equal('PPTT');
    await until(() => desk.unsaved === 0, 'the hands to be written');
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
      await until(() => outcomes(el) === 'BP', 'the hands kept on screen');
      expect(el.desk.unsaved).to.equal(3);
      expect(textOf(el, '.done')).to.equal('Hand 2 recorded on this screen, not saved yet.');
      older.close();
      const store = await opened;
      await until(() => el.desk.unsaved === 0, 'the kept changes to be written');
      const stored = (await store.latestShoe({ table: TABLE }))!;
      expect(stored.id).to.equal(el.desk.shoe!.id);
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
      await until(() => refusal(el) !== '', 'the refusal');
      expect(refusal(el)).to.equal('The stored shoe is still being read; try again in a moment.');
      expect(el.desk.shoe).to.equal(null);
      older.close();
      (await first).close();
      const store = await opened;
      await until(() => el.desk.ready, 'the stored shoe to be read');
      await el.updateComplete;
      expect(textOf(el, '[part="status"]')).to.equal('');
      await newShoe(el);
      await press('b');
      await until(() => outcomes(el) === 'B' && el.desk.unsaved === 0, 'the hand recorded and written');
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
    await until(() => scoreboardOf(first).hands.length === 2 && first.desk.unsaved === 0, 'two dealt hands written');
    const kept = first.desk.shoe!;
    first.remove();
    const second = await mountConsole(TABLE);
    expect(second.desk.shoe!.id).to.equal(kept.id);
    expect(second.desk.simulating).to.equal(true);
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
    await until(() => el.desk.unsaved === 0, 'the end to be written');
    expect((await storage.store.getShoe('edited'))!.endedAt).to.be.a('string');
  });

  it('puts a refused card back in the card field before what the operator typed meanwhile', async () => {
    const gated = gatedStore(storage.store);
    const el = await mountConsole(TABLE, { store: gated.store });
    await newShoe(el);
    const field = await cardEntry(el);
    await sendKeys({ type: '9h 2c kd 5s' });
    await press('Enter');
    await until(() => gated.waiting() === 1, 'the hand to be on its way to storage');
    // Typed while the hand is written (no space yet: not sent).
    await sendKeys({ type: 'ac' });
    gated.release();
    await until(() => outcomes(el) === 'P', 'the hand to be recorded');
    await el.updateComplete;
    expect(field.value).to.equal('ac');
  });

  it('asks before a second quick S ends the shoe the first one is starting', async () => {
    const el = await mountConsole(TABLE);
    el.desk.ask('new-shoe');
    el.desk.ask('new-shoe');
    expect(el.desk.confirming).to.equal('new-shoe');
    el.desk.cancelConfirmation();
    await until(() => el.desk.shoeOpen && el.desk.unsaved === 0, 'the first new shoe');
    expect((await storage.store.listShoes({ table: TABLE })).total).to.equal(1);
  });

  it('moves the focus into the question, on its safe answer, and back to the next control after it', async () => {
    const el = await mountConsole(TABLE);
    await newShoe(el);
    const focused = () => el.shadowRoot!.activeElement?.getAttribute('data-action');
    await press('e');
    await el.updateComplete;
    expect(focused()).to.equal('cancel');
    await press('Escape');
    await el.updateComplete;
    expect(focused()).to.equal('end-shoe');
    await press('e');
    await el.updateComplete;
    expect(focused()).to.equal('cancel');
    // Enter, pressed out of habit, answers Cancel: the shoe stays open.
    await press('Enter');
    await el.updateComplete;
    expect(el.desk.shoeOpen).to.equal(true);
    expect(focused()).to.equal('end-shoe');
    await press('e', 'y');
    await until(() => !el.desk.shoeOpen, 'the shoe to end');
    await el.updateComplete;
    expect(focused()).to.equal('new-shoe');
  });

  it('records with b, p and t after the speed was chosen in its select', async () => {
    const el = await mountConsole(TABLE);
    await newShoe(el);
    // The speed's select (the card shoe's protocol has one too).
    const select = [...el.shadowRoot!.querySelectorAll('select')].find((one) => [...one.options].some((option) => option.value === '0.5'))!;
    select.focus();
    select.value = '4';
    select.dispatchEvent(new Event('change'));
    await press('b');
    await until(() => outcomes(el) === 'B', 'the hand recorded with the select focused');
    expect(el.desk.autoDealSeconds).to.equal(4);
    // The select's own keys stay its own.
    await press('ArrowUp');
    await el.updateComplete;
    expect(outcomes(el)).to.equal('B');
  });

  it('passes an accessibility audit', async () => {
    const el = await mountConsole(TABLE);
    await newShoe(el);
    await press('b');
    await until(() => outcomes(el) === 'B', 'one hand');
    await expect(el).to.be.accessible();
    await press('c');
    await el.updateComplete;
    await expect(el).to.be.accessible();
  });
});

describe('<bacc-table-display>', () => {
  let storage: Awaited<ReturnType<typeof freshStorage>>;
  beforeEach(async () => {
    storage = await freshStorage();
  });
  afterEach(async () => {
    await storage.teardown();
  });

  it('shows the whole stored shoe when it opens, then follows the operator hand by hand through the channel', async () => {
    const operator = await mountConsole(TABLE);
    await newShoe(operator);
    await press('b', 'p');
    await until(() => outcomes(operator) === 'BP', 'two hands');
    await until(() => operator.desk.unsaved === 0, 'the hands to be written');
    const display = await fixture<BaccTableDisplay>(html`<bacc-table-display table=${TABLE}></bacc-table-display>`);
    const shown = () =>
      scoreboardOf(display)
        .hands.map((hand) => hand.outcome)
        .join('');
    await until(() => shown() === 'BP', 'the display to read the stored shoe');
    await press('t');
    // Another BroadcastChannel object of the same name in the same page hears the operator's message.
    await until(() => shown() === 'BPT', 'the display to follow the new hand');
    await press('u');
    await until(() => shown() === 'BP', 'the display to follow the undo');
    await press('e', 'y');
    await until(() => operator.desk.unsaved === 0 && !operator.desk.shoeOpen, 'the shoe to end');
    await press('s');
    await until(
      () => display.shoe !== null && display.shoe.id === operator.desk.shoe?.id && shown() === '',
      'the display to switch to the new shoe',
    );
    await press('b');
    await until(() => shown() === 'B', 'the first hand of the new shoe');
  });

  it('ignores the shoes of other tables', async () => {
    const display = await fixture<BaccTableDisplay>(html`<bacc-table-display table="Another table"></bacc-table-display>`);
    await until(() => display.shadowRoot!.querySelector('[part="message"]') !== null, 'the waiting message');
    expect(display.shadowRoot!.querySelector('[part="message"]')!.textContent).to.contain('No shoe of Another table');
    const operator = await mountConsole(TABLE);
    await newShoe(operator);
    await press('b');
    await until(() => operator.desk.unsaved === 0 && outcomes(operator) === 'B', 'the hand to be written');
    await delay(100);
    expect(display.shoe).to.equal(null);
    // The channel works: a display of the operator's table follows the next hand.
    const right = await fixture<BaccTableDisplay>(html`<bacc-table-display table=${TABLE}></bacc-table-display>`);
    await until(() => right.shoe?.hands.length === 1, "the right table's display to read the shoe");
    await press('p');
    await until(() => right.shoe?.hands.length === 2, "the right table's display to follow the hand");
    expect(display.shoe).to.equal(null);
  });

  it('follows only console shoes: a newer attract shoe of the same table is ignored', async () => {
    const rules = makeRules();
    await storage.store.createShoe(
      {
        id: 'console-shoe',
        table: TABLE,
        source: 'recorded',
        seed: null,
        startedAt: '2026-01-01T10:00:00.000Z',
        endedAt: null,
        rules,
        hands: [],
      },
      'console',
    );
    await storage.store.createShoe(
      {
        id: 'attract-shoe',
        table: TABLE,
        source: 'simulated',
        seed: 'x',
        startedAt: '2026-01-01T11:00:00.000Z',
        endedAt: null,
        rules,
        hands: [],
      },
      'attract',
    );
    const display = await fixture<BaccTableDisplay>(html`<bacc-table-display table=${TABLE}></bacc-table-display>`);
    await until(() => display.shoe !== null, 'the display to read a shoe');
    expect(display.shoe!.id).to.equal('console-shoe');
    const hand = handRecord(new Shoe({ rules, seed: 'x' }).dealHand());
    await storage.store.appendHand('attract-shoe', 0, hand);
    await storage.store.appendHand('console-shoe', 0, hand);
    const channel = new TableChannel();
    channel.post({ shoeId: 'attract-shoe', table: TABLE, handCount: 1 });
    channel.post({ shoeId: 'console-shoe', table: TABLE, handCount: 1 });
    channel.close();
    await until(() => display.shoe?.hands.length === 1, "the console shoe's hand");
    await delay(100);
    expect(display.shoe!.id).to.equal('console-shoe');
  });

  it('skips news of an attract shoe without reading the stored shoes', async () => {
    const rules = makeRules();
    await storage.store.createShoe(
      {
        id: 'console-shoe',
        table: TABLE,
        source: 'recorded',
        seed: null,
        startedAt: '2026-01-01T10:00:00.000Z',
        endedAt: null,
        rules,
        hands: [],
      },
      'console',
    );
    const display = await fixture<BaccTableDisplay>(html`<bacc-table-display table=${TABLE}></bacc-table-display>`);
    await until(() => display.shoe?.id === 'console-shoe', 'the console shoe');
    const getSummary = ScoreboardStore.prototype.getSummary;
    let reads = 0;
    ScoreboardStore.prototype.getSummary = function (this: ScoreboardStore, id: string) {
      reads++;
      return getSummary.call(this, id);
    };
    const channel = new TableChannel();
    try {
      channel.post({ shoeId: 'attract-shoe', table: TABLE, handCount: 1, origin: 'attract' });
      await delay(100);
      expect(reads).to.equal(0);
      // News without an origin is still read (History's deletions carry none).
      channel.post({ shoeId: 'console-shoe', table: TABLE, handCount: 0 });
      await until(() => reads === 1, 'the summary to be read');
    } finally {
      ScoreboardStore.prototype.getSummary = getSummary;
      channel.close();
    }
    expect(display.shoe!.id).to.equal('console-shoe');
  });

  it("moves on to the table's latest console shoe left when the shoe on screen is deleted, and to none after the last", async () => {
    const rules = makeRules();
    const shoe = (id: string, day: number) => ({
      id,
      table: TABLE,
      source: 'recorded' as const,
      seed: null,
      startedAt: `2026-01-0${day}T10:00:00.000Z`,
      endedAt: null,
      rules,
      hands: [],
    });
    await storage.store.createShoe(shoe('older', 1), 'console');
    await storage.store.createShoe(shoe('newer', 2), 'console');
    const display = await fixture<BaccTableDisplay>(html`<bacc-table-display table=${TABLE}></bacc-table-display>`);
    await until(() => display.shoe?.id === 'newer', 'the newer shoe');
    const channel = new TableChannel();
    try {
      await storage.store.deleteShoe('newer');
      channel.post({ shoeId: 'newer', table: TABLE, handCount: 0 });
      await until(() => display.shoe?.id === 'older', 'the older shoe');
      await storage.store.deleteShoe('older');
      channel.post({ shoeId: 'older', table: TABLE, handCount: 0 });
      await until(() => display.shoe === null, 'no shoe');
      await until(() => display.shadowRoot!.querySelector('[part="message"]') !== null, 'the waiting message');
    } finally {
      channel.close();
    }
  });

  it("shows the console's default table when none is named", async () => {
    const operator = await fixture<BaccOperator>(html`<bacc-operator></bacc-operator>`);
    await until(() => operator.desk.ready, 'the console to be ready');
    const display = await fixture<BaccTableDisplay>(html`<bacc-table-display></bacc-table-display>`);
    expect(display.table).to.equal(operator.table);
  });
});
