/** What a pit clerk relies on (issue 14): the entry mode kept across a reload, the choice of a hand, safe answers, words read aloud. */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../../components/app/operator/bacc-operator.js';
import type { BaccOperator } from '../../../../components/app/operator/bacc-operator.js';
import { consoleNewsText } from '../../../../components/app/operator/console-words.js';
import { press, mountConsole } from './operator-helpers.js';
import { freshStorage } from '../../../support/browser/storage.js';
import { until } from '../../../support/wait.js';

const TABLE = 'Table 14';
const textOf = (el: BaccOperator, selector: string) => el.shadowRoot!.querySelector(selector)!.textContent.trim();
const outcomes = (el: BaccOperator) => el.consoleController.hands.map((hand) => hand.outcome).join('');
const focused = (el: BaccOperator) => el.shadowRoot!.activeElement;
const handNumberField = (el: BaccOperator) => el.shadowRoot!.querySelector<HTMLInputElement>('input.hand-number')!;

async function newShoe(el: BaccOperator): Promise<void> {
  await press('s');
  await until(() => textOf(el, '.shoe-state').startsWith('Recording'), 'a new recorded shoe');
}

describe('<bacc-operator> for a pit clerk', () => {
  let storage: Awaited<ReturnType<typeof freshStorage>>;
  beforeEach(async () => {
    storage = await freshStorage();
  });
  afterEach(async () => {
    await storage.teardown();
  });

  it('is still in card entry after a reload, so the cards typed next record no hand by outcome', async () => {
    const first = await mountConsole(TABLE);
    await newShoe(first);
    await press('c');
    await until(() => focused(first)?.matches('input.cards') === true, 'the card field');
    await sendKeys({ type: '9h 2d ks 5c' });
    await press('Enter');
    await until(() => outcomes(first) === 'P' && first.consoleController.unsaved === 0, 'the first hand, by cards');
    first.remove();
    (document.activeElement as HTMLElement | null)?.blur();

    const reloaded = await mountConsole(TABLE);
    await until(() => outcomes(reloaded) === 'P', 'the shoe resumed');
    expect(reloaded.consoleController.entryMode).to.equal('cards');
    await sendKeys({ type: 'tc 5h 9s 2d ' });
    await reloaded.updateComplete;
    // The t of "tc" recorded no tie, and nothing else was recorded by an outcome key.
    expect(outcomes(reloaded)).to.equal('P');
    await press('Enter');
    await until(
      () => reloaded.consoleController.unsaved === 0 && reloaded.consoleController.hands.length === 2,
      'the second hand, by cards',
    );
    const stored = (await storage.store.latestShoe({ table: TABLE }))!;
    expect(stored.hands.map((hand) => hand.cards?.join(' ').toLowerCase())).to.deep.equal(['9h 2d ks 5c', 'tc 5h 9s 2d']);
  });

  it('keeps the entry mode per table, and starts a table not used yet in the mode last chosen', async () => {
    const el = await mountConsole(TABLE);
    await press('c');
    await until(() => el.consoleController.entryMode === 'cards', 'card entry');
    el.table = 'Table 15';
    await el.updateComplete;
    expect(el.consoleController.entryMode).to.equal('cards');
    el.consoleController.setEntryMode('outcome');
    el.table = TABLE;
    await el.updateComplete;
    expect(el.consoleController.entryMode).to.equal('cards');
    el.table = 'Table 15';
    await el.updateComplete;
    expect(el.consoleController.entryMode).to.equal('outcome');
  });

  it('clears a refused hand number and keeps the focus in its field, so the next digit never toggles a pair', async () => {
    const el = await mountConsole(TABLE);
    await newShoe(el);
    await press('b', 'p', 't');
    await until(() => outcomes(el) === 'BPT' && el.consoleController.unsaved === 0, 'three hands');
    await press('h');
    await sendKeys({ type: '9' });
    await press('Enter');
    await el.updateComplete;
    expect(textOf(el, '[role="alert"]')).to.equal('Choose a hand from 1 to 3 to correct.');
    expect(handNumberField(el).value).to.equal('');
    expect(focused(el)).to.equal(handNumberField(el));
    await press('Escape', 'h');
    await el.updateComplete;
    expect(focused(el)).to.equal(handNumberField(el));
    // "2" goes into the field, "b" is not a key there: nothing is recorded or flagged meanwhile.
    await sendKeys({ type: '2b' });
    await press('Enter');
    await until(() => el.consoleController.correcting === 1, 'the correction of hand 2');
    await press('b');
    await until(() => outcomes(el) === 'BBT' && el.consoleController.unsaved === 0, 'hand 2 corrected');
    const stored = (await storage.store.latestShoe({ table: TABLE }))!;
    expect(stored.hands.map((hand) => [hand.outcome, hand.bankerPair, hand.playerPair])).to.deep.equal([
      ['B', false, false],
      ['B', false, false],
      ['T', false, false],
    ]);
  });

  it('empties the hand number field on Escape', async () => {
    const el = await mountConsole(TABLE);
    await newShoe(el);
    await press('b');
    await until(() => outcomes(el) === 'B', 'one hand');
    await press('h');
    await sendKeys({ type: '1' });
    await press('Escape');
    expect(handNumberField(el).value).to.equal('');
    expect(focused(el)).to.equal(null);
  });

  it('says when there is no hand to correct, and leaves the focus and the keys where they were', async () => {
    const el = await mountConsole(TABLE);
    await press('h');
    await el.updateComplete;
    expect(textOf(el, '[role="alert"]')).to.equal('There is no shoe in play to correct.');
    await newShoe(el);
    await press('h');
    await el.updateComplete;
    expect(textOf(el, '[role="alert"]')).to.equal('This shoe has no hand to correct.');
    expect(handNumberField(el).disabled).to.equal(true);
    expect(focused(el)).not.to.equal(handNumberField(el));
    await press('b');
    await until(() => outcomes(el) === 'B', 'the hand recorded by its key');
  });

  it('puts the focus on Cancel when it asks to start a new shoe, so Enter ends nothing', async () => {
    const el = await mountConsole(TABLE);
    await newShoe(el);
    const shoeId = el.consoleController.shoe!.id;
    await press('s');
    await el.updateComplete;
    expect(focused(el)?.getAttribute('data-action')).to.equal('cancel');
    await press('Enter');
    await el.updateComplete;
    expect(el.consoleController.confirming).to.equal(null);
    expect(el.consoleController.shoe!.id).to.equal(shoeId);
    expect(el.consoleController.shoeOpen).to.equal(true);
  });

  it('says "1 hand", not "1 hands"', async () => {
    const el = await mountConsole(TABLE);
    await newShoe(el);
    await press('b');
    await until(() => outcomes(el) === 'B' && el.consoleController.unsaved === 0, 'one hand');
    await el.updateComplete;
    expect(textOf(el, '.shoe-state')).to.equal('Recording: 1 hand');
    await press('e', 'y');
    await until(() => !el.consoleController.shoeOpen, 'the shoe to end');
    await el.updateComplete;
    expect(textOf(el, '.done')).to.equal('Shoe ended after 1 hand.');
  });

  it('says "this 8-deck shoe", never "a 8-deck shoe"', () => {
    const text = consoleNewsText({
      about: 'card-refused',
      card: '9H',
      refusal: { kind: 'too-many', typed: 0, of: 'card', decks: 8, limit: 8, card: '9H', rank: '9' },
    });
    expect(text).to.contain('this 8-deck shoe holds only 8 9H');
    expect(text).not.to.match(/\ba 8-deck/);
  });

  it('says "1 unsaved change", not "1 unsaved changes", when another window takes the table', () => {
    expect(consoleNewsText({ about: 'table-taken', unsaved: 1, typed: '' })).to.contain('its 1 unsaved change was given up.');
    expect(consoleNewsText({ about: 'table-taken', unsaved: 2, typed: '' })).to.contain('its 2 unsaved changes were given up.');
  });

  it('names each button by its words alone, with its key as a shortcut', async () => {
    const el = await mountConsole(TABLE);
    await newShoe(el);
    // A button's name from its content is its text less what is hidden from the accessibility tree.
    const nameOf = (button: Element): string => {
      const copy = button.cloneNode(true) as Element;
      for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
      return copy.textContent.trim();
    };
    const names = [...el.shadowRoot!.querySelectorAll('button[data-action]')].map(nameOf);
    expect(names).to.include.members(['Banker', 'Player', 'Tie', 'Undo', 'Redo', 'New shoe', 'By cards']);
    for (const kbd of el.shadowRoot!.querySelectorAll('button kbd')) expect(kbd.getAttribute('aria-hidden')).to.equal('true');
    const banker = el.shadowRoot!.querySelector('[data-action="banker"]')!;
    expect(banker.getAttribute('aria-keyshortcuts')).to.equal('B');
    expect(el.shadowRoot!.querySelector('[data-action="undo"]')!.getAttribute('aria-keyshortcuts')).to.equal('U Control+Z');
  });

  it('reads the limits in the header with a space after their label', async () => {
    const el = await mountConsole(TABLE, { limits: '10 – 1,000' });
    const header = el.shadowRoot!.querySelector('bacc-scoreboard')!.shadowRoot!.querySelector('header')!;
    expect(header.textContent.replace(/\s+/g, ' ')).to.contain('Limits 10 – 1,000');
  });
});
