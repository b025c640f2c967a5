/**
 * Cards out of play and the odds on screen (#28, point 15): a shoe's cancelled card leaves the
 * exact odds of the next hand, as the core computes them; its cards burned face down change nothing.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../components/define/scoreboard.js';
import '../../components/app/history/bacc-replay.js';
import type { BaccScoreboard } from '../../components/bacc-scoreboard.js';
import type { BaccOddsNote } from '../../components/bacc-odds-note.js';
import type { BaccReplay } from '../../components/app/history/bacc-replay.js';
import '../../components/app/display/bacc-table-display.js';
import type { BaccTableDisplay } from '../../components/app/display/bacc-table-display.js';
import { exactOdds, withoutCards } from '../../src/game/odds.js';
import { Shoe } from '../../src/game/shoe.js';
import { makeRules } from '../../src/game/rules.js';
import { handRecord, type HandRecord, type ShoeEvent, type ShoeRecord } from '../../src/shoes/document.js';
import { exposedCards } from '../../src/shoes/exposed-cards.js';
import { cardsLeftByRank, textOf } from './panel-helpers.js';
import { freshStorage } from '../support/browser/storage.js';
import { until } from '../support/wait.js';

const rules = makeRules({ decks: 1 });
/** A one-deck shoe, where one card moves the odds by more than the note's two decimals show. */
const hands: HandRecord[] = new Shoe({ seed: 'out of play', rules }).dealAll().map(handRecord).slice(0, 4);
const at = '2026-12-01T09:00:00.000Z';
const left = cardsLeftByRank(hands, 1);
/** A nine still in the shoe, cancelled as drawn by mistake (a nine moves the odds most). */
const cancelledCard = left[8]! > 0 ? '9S' : '8S';
const burn = (burned: string[]): ShoeEvent => ({ kind: 'burn', at, afterHand: 0, card: '5H', burned });
const shoeWith = (events: ShoeEvent[]): ShoeRecord => ({
  id: 'out-of-play',
  table: 'T1',
  number: 1,
  source: 'recorded',
  seed: null,
  startedAt: at,
  endedAt: null,
  rules,
  hands,
  events,
});

async function board(shoe: ShoeRecord): Promise<BaccScoreboard> {
  return fixture<BaccScoreboard>(
    html`<bacc-scoreboard .hands=${shoe.hands} .rules=${shoe.rules} .cardsOutOfPlay=${exposedCards(shoe)}></bacc-scoreboard>`,
  );
}

async function noteOf(el: BaccScoreboard): Promise<BaccOddsNote> {
  const note = el.shadowRoot!.querySelector('bacc-odds-note')!;
  await note.updateComplete;
  return note;
}

/** The odds the note shows: banker, player and tie, as on screen. */
async function shown(el: BaccScoreboard): Promise<string[]> {
  const note = await noteOf(el);
  return [...note.shadowRoot!.querySelectorAll('[data-outcome] dd')].map((value) => textOf(value));
}

const asShown = (counts: number[] | null): string[] => {
  const odds = exactOdds(counts!, rules);
  return [odds.banker, odds.player, odds.tie].map((p) => `${(p * 100).toFixed(2)}%`);
};

describe('cards out of play on the scoreboard’s odds', () => {
  it('a cancelled card leaves the odds of the next hand: different from without it, equal to the core’s figures', async () => {
    const without = await board(shoeWith([]));
    const withCancel = await board(shoeWith([{ kind: 'cancelled', at, afterHand: 4, card: cancelledCard, by: 'device' }]));
    expect(withCancel.cardsOutOfPlay).to.deep.equal([cancelledCard]);
    expect(await shown(without)).to.deep.equal(asShown(left));
    expect(await shown(withCancel)).to.deep.equal(asShown(withoutCards(left, [cancelledCard])));
    expect(await shown(withCancel)).to.not.deep.equal(await shown(without));
    const basis = (await noteOf(withCancel)).shadowRoot!.querySelector('[part="basis"]')!;
    expect(basis.getAttribute('data-basis')).to.equal('next-hand');
    expect(textOf(basis)).to.contain(`from the ${left.reduce((a, b) => a + b, 0) - 1} cards left`);
  });

  it('a burn takes out its turned card only: the cards burned face down change nothing', async () => {
    const burnedHere = ['2C', '3C', '4C', '6C', '7C'];
    const burnedThere = ['9C', '9D', '8H', '8D', 'KH'];
    // Were they taken out, these burns would give other odds: the test can tell.
    expect(asShown(withoutCards(left, ['5H', ...burnedHere]))).to.not.deep.equal(asShown(withoutCards(left, ['5H'])));
    const here = await board(shoeWith([burn(burnedHere)]));
    const there = await board(shoeWith([burn(burnedThere)]));
    expect(await shown(here)).to.deep.equal(asShown(withoutCards(left, ['5H'])));
    expect(await shown(there)).to.deep.equal(await shown(here));
  });

  it('before the first hand, the burn’s turned card already leaves the odds', async () => {
    const el = await board({ ...shoeWith([burn(['AC', 'AD', 'AH', 'AS', '2S'])]), hands: [] });
    const note = await noteOf(el);
    expect(note.shadowRoot!.querySelector('[part="basis"]')!.getAttribute('data-basis')).to.equal('next-hand');
    expect(await shown(el)).to.deep.equal(asShown(withoutCards(cardsLeftByRank([], 1), ['5H'])));
  });

  it('refuses a value that is not a list of cards with a warning, leaving no card out', async () => {
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (message: string) => warnings.push(message);
    try {
      const el = await board(shoeWith([]));
      el.cardsOutOfPlay = ['9S', 'Z9'];
      await el.updateComplete;
      expect(await shown(el)).to.deep.equal(asShown(left));
      expect((await noteOf(el)).cardsOutOfPlay).to.deep.equal([]);
      expect(warnings.join('\n')).to.contain('cardsOutOfPlay[1] is not a card');
    } finally {
      console.warn = warn;
    }
  });

  it('takes the same cards in a new list as no change: a page that lists them at every render does not redraw the board', async () => {
    const el = await board(shoeWith([{ kind: 'cancelled', at, afterHand: 4, card: cancelledCard, by: 'device' }]));
    const note = await noteOf(el);
    el.cardsOutOfPlay = [cancelledCard];
    expect(el.isUpdatePending).to.equal(false);
    note.cardsOutOfPlay = [cancelledCard];
    expect(note.isUpdatePending).to.equal(false);
    el.cardsOutOfPlay = [cancelledCard, '5H'];
    expect(el.isUpdatePending).to.equal(true);
    await el.updateComplete;
    expect(await shown(el)).to.deep.equal(asShown(withoutCards(left, [cancelledCard, '5H'])));
  });

  it('a replay gives the scoreboard the cards exposed up to the hand shown', async () => {
    const shoe = shoeWith([burn(['2C']), { kind: 'cancelled', at, afterHand: 3, card: cancelledCard, by: 'clerk' }]);
    const el = await fixture<BaccReplay>(html`<bacc-replay style="height: 720px" .shoe=${shoe}></bacc-replay>`);
    const scoreboard = el.shadowRoot!.querySelector('bacc-scoreboard')!;
    expect(scoreboard.cardsOutOfPlay).to.deep.equal(['5H', cancelledCard]);
    el.shadowRoot!.querySelector<HTMLButtonElement>('[data-action="back"]')!.click();
    await el.updateComplete;
    el.shadowRoot!.querySelector<HTMLButtonElement>('[data-action="back"]')!.click();
    await el.updateComplete;
    expect(scoreboard.hands).to.have.length(2);
    expect(scoreboard.cardsOutOfPlay).to.deep.equal(['5H']);
  });
});

describe('the display’s scoreboard and the cards out of play', () => {
  let storage: Awaited<ReturnType<typeof freshStorage>>;
  beforeEach(async () => (storage = await freshStorage()));
  afterEach(async () => storage.teardown());

  it('gives the stored shoe’s exposed cards to the scoreboard, whose odds leave them out', async () => {
    const shoe = {
      ...shoeWith([burn(['2C', '3C', '4C', '6C', '7C']), { kind: 'cancelled', at, afterHand: 4, card: cancelledCard, by: 'device' }]),
      table: 'Table 15',
    };
    await storage.store.createShoe(shoe, 'console');
    const display = await fixture<BaccTableDisplay>(html`<bacc-table-display table="Table 15"></bacc-table-display>`);
    await until(() => display.shoe?.hands.length === 4, 'the display to read the stored shoe');
    await display.updateComplete;
    const scoreboard = display.shadowRoot!.querySelector('bacc-scoreboard')!;
    await scoreboard.updateComplete;
    expect(scoreboard.cardsOutOfPlay).to.deep.equal(['5H', cancelledCard]);
    expect(await shown(scoreboard)).to.deep.equal(asShown(withoutCards(left, ['5H', cancelledCard])));
  });
});
