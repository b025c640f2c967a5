import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../../components/app/operator/bacc-operator.js';
import type { BaccOperator } from '../../../../components/app/operator/bacc-operator.js';
import { alertOf, cardField, mountConsole, outcomes, press, cardFieldFocused } from './operator-helpers.js';
import { freshStorage } from '../../../support/browser/storage.js';
import { until } from '../../../support/wait.js';
import { tableLockName } from '../../../../components/app/shared/data/table-lock.js';

const TABLE = 'Keys table';

/** A console of the table; the second one mounted in the page finds the table kept by the first. */
const mountOperator = (options: { readOnly?: boolean } = {}): Promise<BaccOperator> => mountConsole(TABLE, options);

describe('<bacc-operator> keys that do nothing say so', () => {
  let storage: Awaited<ReturnType<typeof freshStorage>>;
  beforeEach(async () => {
    storage = await freshStorage();
  });
  afterEach(async () => {
    await storage.teardown();
  });

  it('says a key that is no key here does nothing, and records nothing', async () => {
    const el = await mountOperator();
    await el.consoleController.confirm('new-shoe');
    await press('x');
    await until(() => alertOf(el) !== '', 'the refusal');
    expect(alertOf(el)).to.equal('The key X does nothing here: each button shows its key. Nothing was recorded.');
    await press('b');
    await until(() => outcomes(el) === 'B', 'the banker hand');
    // A chord is the browser's, and says nothing.
    await el.updateComplete;
    await sendKeys({ down: 'Control' });
    await sendKeys({ press: 'q' });
    await sendKeys({ up: 'Control' });
    await el.updateComplete;
    expect(alertOf(el)).to.equal('');
  });

  it('while a question is open, tells every other key to answer it first, and records nothing', async () => {
    const el = await mountOperator();
    await el.consoleController.confirm('new-shoe');
    await press('e');
    await until(() => el.consoleController.confirming === 'end-shoe', 'the question');
    await press('b', 'x');
    await el.updateComplete;
    expect(alertOf(el)).to.equal('Answer the question first: Y for yes, Escape for no.');
    expect(el.consoleController.confirming).to.equal('end-shoe');
    expect(outcomes(el)).to.equal('');
    await press('Escape');
    await until(() => el.consoleController.confirming === null, 'the question to close');
    expect(el.consoleController.shoeOpen).to.equal(true);
  });

  it('keeps a character that is part of no card out of the card field, and says how to undo', async () => {
    const el = await mountOperator();
    await el.consoleController.confirm('new-shoe');
    await press('c');
    await until(() => cardFieldFocused(el), 'the card field to take the focus');
    await sendKeys({ type: '9hu' });
    await el.updateComplete;
    expect(cardField(el).value).to.equal('9h');
    expect(alertOf(el)).to.contain('"u" is not part of a card').and.to.contain('Escape');
    // Cards still go in, and a finished hand records.
    await sendKeys({ type: ' 2d ks 5c' });
    await press('Enter');
    await until(() => el.consoleController.hands.length === 1, 'the hand');
    expect(el.consoleController.hands[0]!.cards).to.deep.equal(['9H', '2D', 'KS', '5C']);
  });

  it("answers a recording key in another window's table with that, not with the card-entry hint", async () => {
    // Another window holds the table (its lock), and this one is in card entry.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await new Promise<void>((locked) => void navigator.locks.request(tableLockName('console', TABLE), () => (locked(), held)));
    try {
      const el = await mountOperator({ readOnly: true });
      el.consoleController.setEntryMode('cards');
      await el.updateComplete;
      await press('b');
      await until(() => el.consoleController.message !== null, 'the refusal');
      expect(el.consoleController.message?.news).to.deep.equal({ about: 'read-only' });
      await press('1');
      expect(el.consoleController.flags.playerPair).to.equal(false);
    } finally {
      release();
    }
  });

  it('names the typed cards it gives up when another window takes the table', async () => {
    const first = await mountOperator();
    await first.consoleController.confirm('new-shoe');
    await press('c');
    await until(() => cardFieldFocused(first), 'the card field');
    await sendKeys({ type: '9h 2d 5' });
    await until(() => first.consoleController.typedCards.length === 2, 'two cards read');
    const second = await mountOperator({ readOnly: true });
    second.consoleController.takeOver();
    await until(() => first.consoleController.readOnly, 'the first window to lose the table');
    expect(first.consoleController.message?.news).to.deep.equal({ about: 'table-taken', unsaved: 0, typed: '9H 2D 5' });
    await first.updateComplete;
    expect(alertOf(first)).to.contain('The cards typed here for the next hand (9H 2D 5) were not recorded: enter them in that window.');
  });
});
