import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../../components/app/operator/bacc-operator.js';
import type { BaccOperator } from '../../../../components/app/operator/bacc-operator.js';
import { press, typeLikePerson, cardFieldFocused, mountConsole } from './operator-helpers.js';
import { freshStorage } from '../../../support/browser/storage.js';
import { until } from '../../../support/wait.js';

const outcomes = (el: BaccOperator) => el.consoleController.hands.map((hand) => hand.outcome).join('');
const button = (el: BaccOperator, action: string) => el.shadowRoot!.querySelector<HTMLButtonElement>(`[data-action="${action}"]`)!;

describe('<bacc-operator> card keys with the focus off the card field', () => {
  let storage: Awaited<ReturnType<typeof freshStorage>>;
  beforeEach(async () => {
    storage = await freshStorage();
  });
  afterEach(async () => {
    await storage.teardown();
  });

  it('puts cards typed after a click on Undo into the card field: no correction opens, no other hand changes', async () => {
    const el = await mountConsole('Off field');
    await press('s');
    await until(() => el.consoleController.shoeOpen, 'a new shoe');
    for (let i = 0; i < 26; i++) await el.consoleController.recordOutcome('B');
    await press('c');
    await until(() => cardFieldFocused(el), 'the card field');
    await sendKeys({ type: '8h 8d ks 5c ' });
    await press('Enter');
    await until(() => el.consoleController.hands.length === 27 && el.consoleController.unsaved === 0, 'hand 27');
    await el.updateComplete;
    // A click moves the focus to the button, off the card field.
    button(el, 'undo').focus();
    button(el, 'undo').click();
    await until(() => el.consoleController.hands.length === 26 && el.consoleController.unsaved === 0, 'hand 27 undone');
    expect(el.shadowRoot!.activeElement).to.equal(button(el, 'undo'));
    // The clerk types the hand again.
    await typeLikePerson('9h 2d ks 5c ');
    await press('Enter');
    await until(() => el.consoleController.hands.length === 27 && el.consoleController.unsaved === 0, 'hand 27 typed again');
    expect(el.consoleController.correcting).to.equal(null);
    expect(el.consoleController.hands[26]!.cards).to.deep.equal(['9H', '2D', 'KS', '5C']);
    expect(outcomes(el).slice(0, 26)).to.equal('B'.repeat(26));
    const stored = (await storage.store.latestShoe({ table: 'Off field' }))!;
    expect(stored.hands.map((hand) => hand.outcome).join('')).to.equal(`${'B'.repeat(26)}P`);
  });

  it('starts a table not used yet in the entry mode last chosen in this browser, so typed cards record no tie', async () => {
    const first = await mountConsole('First table');
    first.consoleController.setEntryMode('cards');
    first.remove();
    const el = await mountConsole('Second table');
    expect(el.consoleController.entryMode).to.equal('cards');
    await press('s');
    await until(() => el.consoleController.shoeOpen, 'a new shoe');
    await typeLikePerson('tc 5h 9s 2d ');
    await press('Enter');
    await until(() => el.consoleController.hands.length === 1 && el.consoleController.unsaved === 0, 'the hand');
    expect(el.consoleController.hands[0]!.cards).to.deep.equal(['TC', '5H', '9S', '2D']);
  });

  it('enters a corrected hand without the flags set for the next hand', async () => {
    const el = await mountConsole('Flags');
    await press('s');
    await until(() => el.consoleController.shoeOpen, 'a new shoe');
    await el.consoleController.recordOutcome('B');
    await el.consoleController.recordOutcome('B');
    el.consoleController.toggleFlag('playerPair');
    el.consoleController.beginCorrection(2);
    expect(el.consoleController.flags.playerPair).to.equal(false);
    await el.consoleController.recordOutcome('P');
    await until(() => el.consoleController.unsaved === 0, 'the correction written');
    expect(el.consoleController.hands[1]).to.deep.include({ outcome: 'P', playerPair: false });
  });
});
