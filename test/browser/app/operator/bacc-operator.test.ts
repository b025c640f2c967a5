/** The console recording a shoe: keys and card entry, corrections, ending, simulated shoes, focus and accessibility. */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../../components/app/operator/bacc-operator.js';
import type { BaccOperator } from '../../../../components/app/operator/bacc-operator.js';
import type { RecordedHand } from '../../../../components/app/operator/console-types.js';
import { ScoreboardStore } from '../../../../components/app/shared/data/scoreboard-store.js';
import { makeRules } from '../../../../src/game/rules.js';
import { eventsFiredDuring } from '../../event-spy.js';
import {
  press,
  cardField,
  cardFieldFocused,
  mountConsole,
  scoreboardOf,
  textOf,
  shownOutcomes,
  newShoe,
  refusalOf,
} from './operator-helpers.js';
import { freshStorage, gatedStore } from '../../../support/browser/storage.js';
import { until } from '../../../support/wait.js';

const TABLE = 'Table 9';

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
    await until(() => shownOutcomes(el) === 'B', 'the banker hand');
    // The flags went with that hand and were cleared.
    const playerPair = el.shadowRoot!.querySelector('[data-action="player-pair"]')!;
    expect(playerPair.getAttribute('aria-pressed')).to.equal('false');
    await press('p', 'n', '2', 't');
    await until(() => shownOutcomes(el) === 'BPT', 'three hands');
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
    expect(shownOutcomes(el)).to.equal('');
    await sendKeys({ type: '5s' });
    await press('Enter');
    await until(() => shownOutcomes(el) === 'P', 'the hand to be recorded');
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
    expect(el.consoleController.flags.bankerPair).to.equal(false);
    expect(shownOutcomes(el)).to.equal('');
    expect((await storedShoe(storage.store))!.hands).to.deep.equal([]);
  });

  it('holds a hand the tableau has finished until Enter, refusing a card the tableau would not deal', async () => {
    const el = await mountConsole(TABLE);
    await newShoe(el);
    const field = await cardEntry(el);
    await sendKeys({ type: '9h 2c kd 5s ' });
    await until(() => textOf(el, '#card-help').startsWith('Hand complete: 9H 2C KD 5S'), 'the finished hand to wait');
    expect(shownOutcomes(el)).to.equal('');
    // The operator thought the banker draws on 7: the tableau says no, and nothing is recorded.
    await sendKeys({ type: '3h ' });
    await until(() => textOf(el, '[role="alert"]') !== '', 'the refusal');
    expect(textOf(el, '[role="alert"]')).to.contain('the hand is already complete (player 9, banker 7)');
    expect(shownOutcomes(el)).to.equal('');
    expect((await storedShoe(storage.store))!.hands).to.deep.equal([]);
    field.value = '';
    await press('Enter');
    await until(() => shownOutcomes(el) === 'P', 'the hand to be recorded');
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
    expect(shownOutcomes(el)).to.equal('');
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
    await until(() => refusalOf(el) !== '', 'the refusal');
    expect(refusalOf(el)).to.equal('The hand is not complete: by the tableau the next card goes to the player. Nothing was recorded yet.');
    expect(shownOutcomes(el)).to.equal('');
    // Every card already sent with Space, the field empty: Enter says the same.
    await sendKeys({ type: '2d ' });
    await until(() => textOf(el, '#card-help').includes('4H 4C 2D'), 'the third card sent');
    expect(refusalOf(el)).to.equal('');
    await press('Enter');
    await until(() => refusalOf(el) !== '', 'the refusal with the field empty');
    expect(refusalOf(el)).to.equal('The hand is not complete: by the tableau the next card goes to the banker. Nothing was recorded yet.');
    await sendKeys({ type: '3s' });
    await press('Enter');
    await until(() => shownOutcomes(el) === 'B', 'the finished hand recorded (player 6, banker 7)');
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
    await until(() => el.consoleController.entryMode === 'outcome', 'outcome entry');
    expect(field.value).to.equal('');
    await press('b');
    await until(() => shownOutcomes(el) === 'B', 'a hand recorded by its key');
  });

  it('undoes the last hand with u and with Ctrl+Z, in storage too', async () => {
    const el = await mountConsole(TABLE);
    await newShoe(el);
    await press('b', 'p', 't');
    await until(() => shownOutcomes(el) === 'BPT', 'three hands');
    await press('u');
    await until(() => shownOutcomes(el) === 'BP', 'the tie undone');
    await sendKeys({ down: 'Control' });
    await press('z');
    await sendKeys({ up: 'Control' });
    await until(() => shownOutcomes(el) === 'B', 'the player hand undone');
    await until(() => el.consoleController.unsaved === 0, 'the undo to be written');
    expect((await storedShoe(storage.store))!.hands.map((hand) => hand.outcome)).to.deep.equal(['B']);
  });

  it('corrects a chosen hand, in storage too', async () => {
    const el = await mountConsole(TABLE);
    await newShoe(el);
    await press('b', 'p', 't');
    await until(() => shownOutcomes(el) === 'BPT', 'three hands');
    const recorded: RecordedHand[] = [];
    el.addEventListener('bacc-hand-recorded', (event) => recorded.push(event.detail));
    await press('h');
    await sendKeys({ type: '2' });
    await press('Enter');
    await until(() => textOf(el, '.shoe-state').includes('correcting hand 2'), 'the correction to begin');
    await press('1', 'b');
    await until(() => shownOutcomes(el) === 'BBT', 'hand 2 corrected');
    expect(scoreboardOf(el).hands[1]!.playerPair).to.equal(true);
    // The hands are drawn once the corrected hand is written; its event comes after the correction's
    // audit entry is written too, which a busy machine may not have done yet.
    await until(() => recorded.length > 0, 'the correction to be announced');
    expect(recorded.map((r) => [r.handNumber, r.correction])).to.deep.equal([[2, true]]);
    await until(() => el.consoleController.unsaved === 0, 'the correction to be written');
    const stored = (await storedShoe(storage.store))!;
    expect(stored.hands.map((hand) => hand.outcome).join('')).to.equal('BBT');
    expect(stored.hands[1]!.playerPair).to.equal(true);
  });

  it('refuses a hand number the shoe does not have', async () => {
    const el = await mountConsole(TABLE);
    await newShoe(el);
    await press('b');
    await until(() => shownOutcomes(el) === 'B', 'one hand');
    await press('h');
    await sendKeys({ type: '5' });
    await press('Enter');
    await el.updateComplete;
    expect(textOf(el, '[role="alert"]')).to.equal('Only hand 1 can be corrected: type 1.');
    expect(el.consoleController.correcting).to.equal(null);
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
    await until(() => el.consoleController.unsaved === 0, 'the end to be written');
    const stored = (await storage.store.latestShoe({ table: TABLE }))!;
    expect(stored.endedAt).to.be.a('string');
    expect(stored.hands.map((hand) => hand.outcome)).to.deep.equal(['B']);
    await press('t');
    await el.updateComplete;
    expect(textOf(el, '[role="alert"]')).to.contain('No shoe is in play');
    expect(shownOutcomes(el)).to.equal('B');
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
    await until(() => el.consoleController.unsaved === 0, 'the hands to be written');
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
    for (let i = 0; i < 20 && !el.consoleController.simulationFinished; i++) {
      const dealt = scoreboardOf(el).hands.length;
      await press('d');
      await until(() => scoreboardOf(el).hands.length > dealt, 'a dealt hand');
    }
    expect(el.consoleController.simulationFinished, 'the one-deck shoe dealt to its cut card').to.equal(true);
    await el.updateComplete;
    expect(scoreboardOf(el).ended).to.equal(true);
    expect(el.consoleController.shoe!.endedAt).to.equal(null);
  });

  it('fires no event when its properties are set or a stored shoe is resumed', async () => {
    const el = await mountConsole(TABLE);
    await newShoe(el);
    await press('b');
    await until(() => shownOutcomes(el) === 'B', 'one hand');
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

  it('says on screen why an action failed instead of dropping it', async () => {
    const el = await mountConsole(TABLE);
    await newShoe(el);
    await el.consoleController.recordOutcome('B');
    el.consoleController.beginCorrection(1);
    // The undo is queued first: by the time the correction runs, hand 1 is gone.
    void el.consoleController.undo();
    await el.consoleController.recordOutcome('P');
    await el.updateComplete;
    expect(refusalOf(el)).to.equal('Hand 1 is no longer in the shoe (it was undone): nothing was corrected.');
    expect(shownOutcomes(el)).to.equal('');
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
    await until(() => shownOutcomes(el) === 'P', 'the hand to be recorded');
    await el.updateComplete;
    expect(field.value).to.equal('ac');
  });

  it('asks before a second quick S ends the shoe the first one is starting', async () => {
    const el = await mountConsole(TABLE);
    el.consoleController.ask('new-shoe');
    el.consoleController.ask('new-shoe');
    expect(el.consoleController.confirming).to.equal('new-shoe');
    el.consoleController.cancelConfirmation();
    await until(() => el.consoleController.shoeOpen && el.consoleController.unsaved === 0, 'the first new shoe');
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
    expect(el.consoleController.shoeOpen).to.equal(true);
    expect(focused()).to.equal('end-shoe');
    await press('e', 'y');
    await until(() => !el.consoleController.shoeOpen, 'the shoe to end');
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
    await until(() => shownOutcomes(el) === 'B', 'the hand recorded with the select focused');
    expect(el.consoleController.autoDealSeconds).to.equal(4);
    // The select's own keys stay its own.
    await press('ArrowUp');
    await el.updateComplete;
    expect(shownOutcomes(el)).to.equal('B');
  });

  it('passes an accessibility audit', async () => {
    const el = await mountConsole(TABLE);
    await newShoe(el);
    await press('b');
    await until(() => shownOutcomes(el) === 'B', 'one hand');
    await expect(el).to.be.accessible();
    await press('c');
    await el.updateComplete;
    await expect(el).to.be.accessible();
  });
});
