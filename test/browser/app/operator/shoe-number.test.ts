import { expect, fixture, html } from '@open-wc/testing';
import '../../../../components/app/operator/bacc-operator.js';
import '../../../../components/app/display/bacc-table-display.js';
import type { BaccOperator } from '../../../../components/app/operator/bacc-operator.js';
import type { BaccTableDisplay } from '../../../../components/app/display/bacc-table-display.js';
import type { BaccScoreboard } from '../../../../components/bacc-scoreboard.js';
import { press, mountConsole } from './operator-helpers.js';
import { freshStorage } from '../../../support/browser/storage.js';
import { until } from '../../../support/wait.js';

const TABLE = 'Numbered table';

/** The header's "Shoe n", as a person reads it. */
function shoeInHeader(board: BaccScoreboard): string {
  const label = [...board.shadowRoot!.querySelectorAll('header .label')].find((span) => span.textContent?.trim() === 'Shoe');
  return label?.parentElement?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
}

const boardOf = (el: BaccOperator | BaccTableDisplay): BaccScoreboard => el.shadowRoot!.querySelector('bacc-scoreboard')!;

/** Waits until the element's scoreboard header says "Shoe n". */
async function untilHeaderSays(el: BaccOperator | BaccTableDisplay, number: number, what: string): Promise<void> {
  await until(
    () => shoeInHeader(boardOf(el)) === `Shoe ${number}`,
    `${what} to say "Shoe ${number}" (it says "${shoeInHeader(boardOf(el))}")`,
  );
}

describe('the shoe number on the console and the table display', () => {
  let storage: Awaited<ReturnType<typeof freshStorage>>;
  beforeEach(async () => {
    storage = await freshStorage();
  });
  afterEach(async () => {
    await storage.teardown();
  });

  it('shows no shoe number on the console or the display before the table has a shoe', async () => {
    const el = await mountConsole(TABLE);
    const display = await fixture<BaccTableDisplay>(html`<bacc-table-display table=${TABLE}></bacc-table-display>`);
    await el.updateComplete;
    expect(boardOf(el).shoeNumber).to.equal(0);
    expect(boardOf(display).shoeNumber).to.equal(0);
    expect(shoeInHeader(boardOf(el))).to.equal('');
  });

  it('counts the shoes of the table: End and New shoe show "Shoe 2" on the console and the display, New shoe over an open one "Shoe 3"', async () => {
    const el = await mountConsole(TABLE);
    const display = await fixture<BaccTableDisplay>(html`<bacc-table-display table=${TABLE}></bacc-table-display>`);
    el.focus();
    await press('s');
    await until(() => el.consoleController.shoeOpen && el.consoleController.unsaved === 0, 'the first shoe, written');
    await untilHeaderSays(el, 1, 'the console');
    await press('b');
    await until(() => el.consoleController.hands.length === 1 && el.consoleController.unsaved === 0, 'a hand written');
    await press('e', 'y');
    await until(() => !el.consoleController.shoeOpen && el.consoleController.unsaved === 0, 'the shoe ended');
    await press('s');
    await until(() => el.consoleController.shoeOpen && el.consoleController.unsaved === 0, 'the second shoe, written');
    await untilHeaderSays(el, 2, 'the console');
    await untilHeaderSays(display, 2, 'the display');
    expect(boardOf(display).shoeNumber).to.equal(2);
    expect((await storage.store.latestShoe({ table: TABLE }))!.number).to.equal(2);
    await press('p');
    await until(() => el.consoleController.hands.length === 1 && el.consoleController.unsaved === 0, 'a hand of the second shoe written');
    await press('s', 'y');
    await until(
      () => el.consoleController.shoeOpen && el.consoleController.hands.length === 0 && el.consoleController.unsaved === 0,
      'the third shoe, written',
    );
    await untilHeaderSays(el, 3, 'the console');
    await untilHeaderSays(display, 3, 'the display');
  });

  it('shows a resumed shoe under its stored number after a reload, and a second console shows the number of the shoe it follows', async () => {
    const first = await mountConsole(TABLE);
    first.focus();
    await press('s');
    await until(() => first.consoleController.shoeOpen && first.consoleController.unsaved === 0, 'the first shoe, written');
    await press('e', 'y');
    await until(() => !first.consoleController.shoeOpen && first.consoleController.unsaved === 0, 'the first shoe ended');
    await press('s');
    await until(
      () => first.consoleController.shoeOpen && first.consoleController.shoe?.number === 2 && first.consoleController.unsaved === 0,
      'the second shoe, written',
    );
    await press('b');
    await until(() => first.consoleController.hands.length === 1 && first.consoleController.unsaved === 0, 'a hand written');
    const second = await mountConsole(TABLE, { readOnly: true });
    await untilHeaderSays(second, 2, 'the second console');
    second.remove();
    first.remove();
    const reloaded = await mountConsole(TABLE);
    await until(() => reloaded.consoleController.hands.length === 1, 'the open shoe resumed');
    await untilHeaderSays(reloaded, 2, 'the reloaded console');
  });
});
