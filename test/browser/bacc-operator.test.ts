import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../components/bacc-operator.js';
import '../../components/bacc-table-display.js';
import type { BaccOperator } from '../../components/bacc-operator.js';
import type { BaccTableDisplay } from '../../components/bacc-table-display.js';
import type { KeptShoeStore } from '../../components/controllers/kept-shoe.js';
import type { RecordedHand } from '../../components/controllers/operator-console.js';
import { ScoreboardStore, StorageError } from '../../src/persistence.js';
import { makeRules } from '../../src/rules.js';
import { eventsFiredDuring } from './event-spy.js';
import { freshStorage, until, wait } from './operator-helpers.js';

const TABLE = 'Table 9';
const scoreboardOf = (el: HTMLElement) => el.shadowRoot!.querySelector('bacc-scoreboard')!;
const textOf = (el: BaccOperator, selector: string) => el.shadowRoot!.querySelector(selector)!.textContent!.trim();
const outcomes = (el: BaccOperator) => scoreboardOf(el).hands.map((hand) => hand.outcome).join('');

async function mountOperator(extra: Partial<BaccOperator> = {}): Promise<BaccOperator> {
  const el = await fixture<BaccOperator>(html`<bacc-operator table=${TABLE} .rules=${extra.rules ?? makeRules()} .store=${extra.store ?? null} .retryDelays=${extra.retryDelays}></bacc-operator>`);
  await until(() => !textOf(el, '.shoe-state').includes('Reading'), 'the stored shoe to be read');
  return el;
}

/** Presses keys as the operator would, with nothing focused but the page. */
async function press(...keys: string[]): Promise<void> {
  for (const key of keys) await sendKeys({ press: key });
}

async function newShoe(el: BaccOperator): Promise<void> {
  await press('s');
  await until(() => textOf(el, '.shoe-state').startsWith('Recording'), 'a new recorded shoe');
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
    const el = await mountOperator();
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
    const el = await mountOperator();
    await newShoe(el);
    await press('c');
    const field = el.shadowRoot!.querySelector<HTMLInputElement>('input.cards')!;
    await until(() => el.shadowRoot!.activeElement === field, 'the card field to take the focus');
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

  it('refuses a card the shoe cannot hold with a message, and records nothing', async () => {
    const el = await mountOperator({ rules: makeRules({ decks: 1 }) });
    await newShoe(el);
    await press('c');
    const field = el.shadowRoot!.querySelector<HTMLInputElement>('input.cards')!;
    await until(() => el.shadowRoot!.activeElement === field, 'the card field to take the focus');
    await sendKeys({ type: '9h 2c 9h' });
    await press('Enter');
    await until(() => textOf(el, '[role="alert"]') !== '', 'the refusal');
    expect(textOf(el, '[role="alert"]')).to.contain('Card "9h" refused').and.to.contain('1-deck shoe holds only 1 9H');
    expect(field.value).to.equal('9h');
    await sendKeys({ type: 'zz' });
    await press('Enter');
    await until(() => textOf(el, '[role="alert"]').includes('"9hzz"'), 'the unreadable card refused');
    expect(outcomes(el)).to.equal('');
    expect((await storedShoe(storage.store))!.hands).to.deep.equal([]);
  });

  it('undoes the last hand with u and with Ctrl+Z, in storage too', async () => {
    const el = await mountOperator();
    await newShoe(el);
    await press('b', 'p', 't');
    await until(() => outcomes(el) === 'BPT', 'three hands');
    await press('u');
    await until(() => outcomes(el) === 'BP', 'the tie undone');
    await sendKeys({ down: 'Control' });
    await press('z');
    await sendKeys({ up: 'Control' });
    await until(() => outcomes(el) === 'B', 'the player hand undone');
    await until(() => el.desk.kept.unsaved === 0, 'the undo to be written');
    expect((await storedShoe(storage.store))!.hands.map((hand) => hand.outcome)).to.deep.equal(['B']);
  });

  it('corrects a chosen hand, in storage too', async () => {
    const el = await mountOperator();
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
    await until(() => el.desk.kept.unsaved === 0, 'the correction to be written');
    const stored = (await storedShoe(storage.store))!;
    expect(stored.hands.map((hand) => hand.outcome).join('')).to.equal('BBT');
    expect(stored.hands[1]!.playerPair).to.equal(true);
  });

  it('refuses a hand number the shoe does not have', async () => {
    const el = await mountOperator();
    await newShoe(el);
    await press('b');
    await until(() => outcomes(el) === 'B', 'one hand');
    await press('h');
    await sendKeys({ type: '5' });
    await press('Enter');
    await el.updateComplete;
    expect(textOf(el, '[role="alert"]')).to.equal('Choose a hand from 1 to 1 to correct.');
    expect(el.desk.correcting).to.equal(null);
  });

  it('ends the shoe after confirmation, and then records nothing more', async () => {
    const el = await mountOperator();
    await newShoe(el);
    await press('b', 'e');
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[role="alertdialog"]')).to.exist;
    // While the question is open, recording keys wait.
    await press('p', 'y');
    await until(() => textOf(el, '.shoe-state').startsWith('No shoe in play'), 'the shoe to end');
    await until(() => el.desk.kept.unsaved === 0, 'the end to be written');
    const stored = (await storage.store.latestShoe({ table: TABLE }))!;
    expect(stored.endedAt).to.be.a('string');
    expect(stored.hands.map((hand) => hand.outcome)).to.deep.equal(['B']);
    await press('t');
    await el.updateComplete;
    expect(textOf(el, '[role="alert"]')).to.contain('No shoe is in play');
    expect(outcomes(el)).to.equal('B');
  });

  it('takes up the open shoe exactly after a reload, and goes on recording it', async () => {
    const first = await mountOperator();
    await newShoe(first);
    await press('1', 'b', 'p', 'n', 't');
    await until(() => outcomes(first) === 'BPT', 'three hands');
    const before = scoreboardOf(first).hands;
    const shoeId = first.desk.kept.shoe!.id;
    first.remove();
    const second = await mountOperator();
    expect(second.desk.kept.shoe!.id).to.equal(shoeId);
    expect(scoreboardOf(second).hands).to.deep.equal(before);
    await press('b');
    await until(() => outcomes(second) === 'BPTB', 'the fourth hand');
    await until(() => second.desk.kept.unsaved === 0, 'the hand to be written');
    expect((await storedShoe(storage.store))!.hands.map((hand) => hand.outcome).join('')).to.equal('BPTB');
  });

  it('keeps hands on screen when writes fail, says so, and saves them when storage recovers', async () => {
    let full = true;
    const real = storage.store;
    const quota = () => Promise.reject(new StorageError('quota', 'Storage is full: could not save. Free some space or delete old shoes in History.'));
    const failing: KeptShoeStore = {
      createShoe: (shoe) => (full ? quota() : real.createShoe(shoe)),
      appendHand: (id, index, hand) => (full ? quota() : real.appendHand(id, index, hand)),
      replaceHand: (id, index, hand) => (full ? quota() : real.replaceHand(id, index, hand)),
      removeLastHand: (id, index) => (full ? quota() : real.removeLastHand(id, index)),
      endShoe: (id, at) => (full ? quota() : real.endShoe(id, at)),
      latestShoe: (filter) => real.latestShoe(filter),
      listShoes: (query) => real.listShoes(query),
      deleteShoe: (id) => real.deleteShoe(id),
    };
    const el = await mountOperator({ store: failing, retryDelays: [100] });
    await newShoe(el);
    await press('b', 'p');
    await until(() => outcomes(el) === 'BP', 'both hands on screen');
    await el.updateComplete;
    expect(textOf(el, '[part="status"]')).to.equal('3 changes not saved yet (kept on this screen), retrying: Storage is full: could not save. Free some space or delete old shoes in History.');
    expect(await real.latestShoe({ table: TABLE })).to.equal(undefined);
    full = false;
    await until(() => el.desk.kept.unsaved === 0, 'the retry to write everything');
    await el.updateComplete;
    expect(textOf(el, '[part="status"]')).to.equal('');
    expect((await real.latestShoe({ table: TABLE }))!.hands.map((hand) => hand.outcome)).to.deep.equal(['B', 'P']);
  });

  it('deals a simulated shoe a hand at a time and refuses to record into it', async () => {
    const el = await mountOperator();
    await press('i');
    await until(() => textOf(el, '.shoe-state').startsWith('Simulated shoe'), 'a simulated shoe');
    await press('d', 'd');
    await until(() => scoreboardOf(el).hands.length === 2, 'two dealt hands');
    expect(scoreboardOf(el).hands[0]!.cards!.length).to.be.at.least(4);
    await press('b');
    await el.updateComplete;
    expect(textOf(el, '[role="alert"]')).to.contain('This shoe is simulated');
    expect(scoreboardOf(el).hands.length).to.equal(2);
    await until(() => el.desk.kept.unsaved === 0, 'the hands to be written');
    const stored = (await storage.store.latestShoe({ table: TABLE }))!;
    expect(stored.source).to.equal('simulated');
    expect(stored.seed).to.match(/^[0-9a-f]{32}$/);
    expect(stored.hands).to.deep.equal(scoreboardOf(el).hands);
  });

  it('fires no event when its properties are set or a stored shoe is resumed', async () => {
    const el = await mountOperator();
    await newShoe(el);
    await press('b');
    await until(() => outcomes(el) === 'B', 'one hand');
    const fired = await eventsFiredDuring(el, async () => {
      el.rules = makeRules({ decks: 6 });
      el.limits = '5 – 50';
      el.rows = 5;
      await el.updateComplete;
      el.remove();
      const again = await mountOperator();
      await again.updateComplete;
    });
    expect(fired).not.to.include('bacc-hand-recorded');
  });

  it('passes an accessibility audit', async () => {
    const el = await mountOperator();
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
    const operator = await mountOperator();
    await newShoe(operator);
    await press('b', 'p');
    await until(() => outcomes(operator) === 'BP', 'two hands');
    await until(() => operator.desk.kept.unsaved === 0, 'the hands to be written');
    const display = await fixture<BaccTableDisplay>(html`<bacc-table-display table=${TABLE}></bacc-table-display>`);
    const shown = () => scoreboardOf(display).hands.map((hand) => hand.outcome).join('');
    await until(() => shown() === 'BP', 'the display to read the stored shoe');
    await press('t');
    // Another BroadcastChannel object of the same name in the same page hears the operator's message.
    await until(() => shown() === 'BPT', 'the display to follow the new hand');
    await press('u');
    await until(() => shown() === 'BP', 'the display to follow the undo');
    await press('e', 'y');
    await until(() => operator.desk.kept.unsaved === 0 && !operator.desk.shoeOpen, 'the shoe to end');
    await press('s');
    await until(() => display.shoe !== null && display.shoe.id === operator.desk.kept.shoe?.id && shown() === '', 'the display to switch to the new shoe');
    await press('b');
    await until(() => shown() === 'B', 'the first hand of the new shoe');
  });

  it('ignores the shoes of other tables', async () => {
    const display = await fixture<BaccTableDisplay>(html`<bacc-table-display table="Another table"></bacc-table-display>`);
    await until(() => display.shadowRoot!.querySelector('[part="message"]') !== null, 'the waiting message');
    expect(display.shadowRoot!.querySelector('[part="message"]')!.textContent).to.contain('No shoe of Another table');
    const operator = await mountOperator();
    await newShoe(operator);
    await press('b');
    await until(() => operator.desk.kept.unsaved === 0 && outcomes(operator) === 'B', 'the hand to be written');
    await wait(100);
    expect(display.shoe).to.equal(null);
  });
});
