/** <bacc-table-display> following the console of its table through the stored shoes and the table channel. */
import { expect, fixture, html } from '@open-wc/testing';
import '../../../../components/app/operator/bacc-operator.js';
import '../../../../components/app/display/bacc-table-display.js';
import type { BaccOperator } from '../../../../components/app/operator/bacc-operator.js';
import type { BaccTableDisplay } from '../../../../components/app/display/bacc-table-display.js';
import { ScoreboardStore } from '../../../../components/app/shared/data/scoreboard-store.js';
import { makeRules } from '../../../../src/game/rules.js';
import { press, mountConsole, scoreboardOf, shownOutcomes, newShoe } from '../operator/operator-helpers.js';
import { freshStorage } from '../../../support/browser/storage.js';
import { delay, until } from '../../../support/wait.js';
import { TableChannel } from '../../../../components/app/shared/data/table-channel.js';
import { Shoe } from '../../../../src/game/shoe.js';
import { handRecord } from '../../../../src/shoes/document.js';

const TABLE = 'Table 9';

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
    await until(() => shownOutcomes(operator) === 'BP', 'two hands');
    await until(() => operator.consoleController.unsaved === 0, 'the hands to be written');
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
    await until(() => operator.consoleController.unsaved === 0 && !operator.consoleController.shoeOpen, 'the shoe to end');
    await press('s');
    await until(
      () => display.shoe !== null && display.shoe.id === operator.consoleController.shoe?.id && shown() === '',
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
    await until(() => operator.consoleController.unsaved === 0 && shownOutcomes(operator) === 'B', 'the hand to be written');
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
    await until(() => operator.consoleController.ready, 'the console to be ready');
    const display = await fixture<BaccTableDisplay>(html`<bacc-table-display></bacc-table-display>`);
    expect(display.table).to.equal(operator.table);
  });
});
