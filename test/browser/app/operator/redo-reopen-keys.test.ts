import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../../components/app/operator/bacc-operator.js';
import type { BaccOperator } from '../../../../components/app/operator/bacc-operator.js';
import { press, mountConsole } from './operator-helpers.js';
import { freshStorage } from '../../../support/browser/storage.js';
import { until } from '../../../support/wait.js';

const TABLE = 'Keys table';

const outcomes = (el: BaccOperator) => el.consoleController.hands.map((hand) => hand.outcome).join('');
/** Presses `key` with the modifier keys held down. */
async function chord(modifiers: string[], key: string): Promise<void> {
  for (const modifier of modifiers) await sendKeys({ down: modifier });
  await sendKeys({ press: key });
  for (const modifier of [...modifiers].reverse()) await sendKeys({ up: modifier });
}
const button = (el: BaccOperator, action: string) => el.shadowRoot!.querySelector<HTMLButtonElement>(`[data-action="${action}"]`);

describe('<bacc-operator> redo, reopen and take over by key', () => {
  let storage: Awaited<ReturnType<typeof freshStorage>>;
  beforeEach(async () => {
    storage = await freshStorage();
  });
  afterEach(async () => {
    await storage.teardown();
  });

  it('undoes with U and Ctrl+Z and redoes with R, Ctrl+Y and Ctrl+Shift+Z, with buttons that say when they can', async () => {
    const el = await mountConsole(TABLE);
    await press('s');
    await until(() => el.consoleController.shoeOpen, 'a new shoe');
    await press('b', 'p', 't');
    await until(() => outcomes(el) === 'BPT', 'three hands');
    await el.updateComplete;
    expect(button(el, 'redo')!.disabled).to.equal(true);
    await press('u');
    await until(() => outcomes(el) === 'BP', 'the tie undone');
    await chord(['Control'], 'z');
    await until(() => outcomes(el) === 'B', 'the player hand undone');
    await el.updateComplete;
    expect(button(el, 'redo')!.disabled).to.equal(false);
    expect(button(el, 'redo')!.getAttribute('aria-keyshortcuts')).to.equal('R Control+Y Control+Shift+Z');
    await press('r');
    await until(() => outcomes(el) === 'BP', 'the player hand again');
    await chord(['Control'], 'y');
    await until(() => outcomes(el) === 'BPT', 'the tie again');
    await chord(['Control'], 'z');
    await until(() => outcomes(el) === 'BP', 'the tie undone again');
    await chord(['Control', 'Shift'], 'Z');
    await until(() => outcomes(el) === 'BPT' && el.consoleController.unsaved === 0, 'the tie again, written');
    expect((await storage.store.latestShoe({ table: TABLE }))!.hands.map((hand) => hand.outcome).join('')).to.equal('BPT');
  });

  it('reopens the shoe it ended with L', async () => {
    const el = await mountConsole(TABLE);
    await press('s');
    await until(() => el.consoleController.shoeOpen, 'a new shoe');
    await press('b');
    await until(() => outcomes(el) === 'B' && el.consoleController.unsaved === 0, 'a hand written');
    await press('e', 'y');
    await until(() => !el.consoleController.shoeOpen && el.consoleController.unsaved === 0, 'the shoe ended');
    await el.updateComplete;
    expect(button(el, 'reopen-shoe'), 'the reopen button').to.not.equal(null);
    await press('l');
    await until(() => el.consoleController.shoeOpen && el.consoleController.unsaved === 0, 'the shoe reopened');
    expect((await storage.store.latestShoe({ table: TABLE }))!.endedAt).to.equal(null);
    await press('p');
    await until(() => outcomes(el) === 'BP', 'a hand recorded in the reopened shoe');
  });

  it('takes the table over with its Take over button from the window that records it', async () => {
    const first = await mountConsole(TABLE);
    await first.consoleController.confirm('new-shoe');
    await first.consoleController.recordOutcome('B');
    const second = await mountConsole(TABLE, { readOnly: true });
    await second.updateComplete;
    expect(button(first, 'take-over')).to.equal(null);
    expect(button(second, 'take-over')).to.not.equal(null);
    button(second, 'take-over')!.click();
    await until(
      () => second.consoleController.ready && !second.consoleController.readOnly && first.consoleController.readOnly,
      'the second console to hold the table',
    );
    await second.consoleController.recordOutcome('P');
    await until(() => outcomes(second) === 'BP' && second.consoleController.unsaved === 0, 'the second console to record');
  });
});
