/** What a pit clerk relies on (issue 14): the entry mode kept across a reload, the choice of a hand, safe answers, words read aloud. */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../../components/app/operator/bacc-operator.js';
import type { BaccOperator } from '../../../../components/app/operator/bacc-operator.js';
import { makeRules } from '../../../../src/rules.js';
import { freshStorage, until } from './operator-helpers.js';

const TABLE = 'Table 14';
const textOf = (el: BaccOperator, selector: string) => el.shadowRoot!.querySelector(selector)!.textContent.trim();
const outcomes = (el: BaccOperator) => el.desk.hands.map((hand) => hand.outcome).join('');
const focused = (el: BaccOperator) => el.shadowRoot!.activeElement;

async function mountOperator(limits = ''): Promise<BaccOperator> {
  const el = await fixture<BaccOperator>(html`<bacc-operator table=${TABLE} limits=${limits} .rules=${makeRules()}></bacc-operator>`);
  await until(() => el.desk.ready, 'the stored shoe to be read');
  await el.updateComplete;
  return el;
}

async function press(...keys: string[]): Promise<void> {
  for (const key of keys) await sendKeys({ press: key });
}

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
    const first = await mountOperator();
    await newShoe(first);
    await press('c');
    await until(() => focused(first)?.matches('input.cards') === true, 'the card field');
    await sendKeys({ type: '9h 2d ks 5c' });
    await press('Enter');
    await until(() => outcomes(first) === 'P' && first.desk.unsaved === 0, 'the first hand, by cards');
    first.remove();
    (document.activeElement as HTMLElement | null)?.blur();

    const reloaded = await mountOperator();
    await until(() => outcomes(reloaded) === 'P', 'the shoe resumed');
    expect(reloaded.desk.entryMode).to.equal('cards');
    await sendKeys({ type: 'tc 5h 9s 2d ' });
    await reloaded.updateComplete;
    // The t of "tc" recorded no tie, and nothing else was recorded by an outcome key.
    expect(outcomes(reloaded)).to.equal('P');
    await press('Enter');
    await until(() => reloaded.desk.unsaved === 0 && reloaded.desk.hands.length === 2, 'the second hand, by cards');
    const stored = (await storage.store.latestShoe({ table: TABLE }))!;
    expect(stored.hands.map((hand) => hand.cards?.join(' ').toLowerCase())).to.deep.equal(['9h 2d ks 5c', 'tc 5h 9s 2d']);
  });

  it('keeps the entry mode per table', async () => {
    const el = await mountOperator();
    await press('c');
    await until(() => el.desk.entryMode === 'cards', 'card entry');
    el.table = 'Table 15';
    await el.updateComplete;
    expect(el.desk.entryMode).to.equal('outcome');
    el.table = TABLE;
    await el.updateComplete;
    expect(el.desk.entryMode).to.equal('cards');
  });
});
