/** Cards typed for the next hand are never given up without a word, and card entry keeps the console's keys. */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../../components/app/operator/bacc-operator.js';
import type { BaccOperator } from '../../../../components/app/operator/bacc-operator.js';
import { alertOf, cardField, mountConsole, press, cardFieldFocused } from './operator-helpers.js';
import { freshStorage } from '../../../support/browser/storage.js';
import { until } from '../../../support/wait.js';

const TABLE = 'Typed cards table';

const mountOperator = (): Promise<BaccOperator> => mountConsole(TABLE);

const button = (el: BaccOperator, action: string) => el.shadowRoot!.querySelector<HTMLButtonElement>(`[data-action="${action}"]`)!;

/** A console with a new shoe open, in card entry, the focus in the card field. */
async function inCardEntry(): Promise<BaccOperator> {
  const el = await mountOperator();
  await el.consoleController.confirm('new-shoe');
  await press('c');
  await until(() => cardFieldFocused(el), 'the card field');
  return el;
}

async function chord(modifier: string, key: string): Promise<void> {
  await sendKeys({ down: modifier });
  await sendKeys({ press: key });
  await sendKeys({ up: modifier });
}

describe('<bacc-operator> cards typed and not recorded', () => {
  let storage: Awaited<ReturnType<typeof freshStorage>>;
  beforeEach(async () => {
    storage = await freshStorage();
  });
  afterEach(async () => {
    await storage.teardown();
  });

  const storedCards = async () => (await storage.store.latestShoe({ table: TABLE }))!.hands.map((hand) => hand.cards!.join(''));

  /** A shoe open in card entry with one hand recorded and the next one typed, complete, not recorded. */
  async function handTypedNotRecorded(): Promise<BaccOperator> {
    const el = await inCardEntry();
    await sendKeys({ type: '9h 2d ks 5c' });
    await press('Enter');
    await until(() => el.consoleController.hands.length === 1 && el.consoleController.unsaved === 0, 'the first hand');
    await sendKeys({ type: '7h 7d 2s 2c ' });
    await until(() => el.consoleController.typedHandComplete, 'the second hand typed');
    return el;
  }

  it('refuses End shoe, a change of entry mode, a correction and undo while a typed hand waits, naming its cards', async () => {
    const el = await handTypedNotRecorded();
    const said = 'Cards are typed for the next hand (7H 7D 2S 2C): record them with Enter, or clear them with Escape, first.';
    for (const action of ['end-shoe', 'outcome-entry', 'undo', 'new-shoe']) {
      el.consoleController.clearRefusal();
      button(el, action).click();
      await el.updateComplete;
      expect(alertOf(el), action).to.equal(said);
      expect(el.consoleController.confirming, action).to.equal(null);
    }
    el.consoleController.beginCorrection(1);
    expect(el.consoleController.correcting).to.equal(null);
    expect(el.consoleController.entryMode).to.equal('cards');
    expect(el.consoleController.shoeOpen).to.equal(true);
    expect(await storedCards()).to.deep.equal(['9H2DKS5C']);
    // Recorded, and End shoe asks as usual.
    cardField(el).focus();
    await press('Enter');
    await until(() => el.consoleController.hands.length === 2, 'the typed hand recorded');
    button(el, 'end-shoe').click();
    await until(() => el.consoleController.confirming === 'end-shoe', 'the question');
  });

  it('undoes with Ctrl+Z from an empty card field, and leaves Ctrl+Z to the text while the field holds some', async () => {
    const el = await inCardEntry();
    await sendKeys({ type: '9h 2d ks 5c' });
    await press('Enter');
    await until(() => el.consoleController.hands.length === 1 && el.consoleController.unsaved === 0, 'the hand');
    expect(el.shadowRoot!.activeElement).to.equal(cardField(el));
    await chord('Control', 'z');
    await until(() => el.consoleController.hands.length === 0 && el.consoleController.unsaved === 0, 'the hand undone');
    await chord('Control', 'y');
    await until(() => el.consoleController.hands.length === 1 && el.consoleController.unsaved === 0, 'the hand redone');
    await sendKeys({ type: '8' });
    await chord('Control', 'z');
    expect(el.consoleController.hands.length).to.equal(1);
  });

  it('says what to do when Enter is pressed with no card typed', async () => {
    const el = await inCardEntry();
    await press('Enter');
    await until(() => alertOf(el) !== '', 'the answer');
    expect(alertOf(el)).to.equal('Type the cards of the next hand first (for example 9h tc k), then Enter records it.');
  });

  it('takes a refusal about the cards off the screen when Escape clears them', async () => {
    const el = await inCardEntry();
    await sendKeys({ type: 'qh' });
    await press('Enter');
    await until(() => alertOf(el).includes('not complete'), 'the unfinished hand refused');
    await press('Escape');
    await el.updateComplete;
    expect(alertOf(el)).to.equal('');
    expect(el.consoleController.typedCards).to.deep.equal([]);
  });

  it('takes a refusal off the screen once the clerk goes on', async () => {
    const el = await mountOperator();
    await el.consoleController.confirm('new-shoe');
    await el.consoleController.recordOutcome('B');
    await press('h');
    await sendKeys({ type: '9' });
    await press('Enter');
    await until(() => alertOf(el).includes('Only hand 1'), 'the refused hand number');
    await press('Escape');
    await el.updateComplete;
    expect(alertOf(el)).to.equal('');
    await press('x');
    await until(() => alertOf(el).includes('does nothing'), 'the unknown key');
    await press('p');
    await until(() => el.consoleController.hands.length === 2, 'the next hand');
    await el.updateComplete;
    expect(alertOf(el)).to.equal('');
  });
});
