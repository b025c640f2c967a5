/**
 * A clerk records a whole 75-hand shoe by cards as a real table deals it, with the slips a person
 * makes: a mistyped card, a hand recorded with a wrong card and corrected later, an undo and a redo,
 * a reload mid-shoe, and the end. The stored shoe must be, hand by hand, the cards dealt.
 */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../../components/app/operator/bacc-operator.js';
import type { BaccOperator } from '../../../../components/app/operator/bacc-operator.js';
import { makeRules } from '../../../../src/game/rules.js';
import { Shoe } from '../../../../src/game/shoe.js';
import { handRecord, type HandRecord } from '../../../../src/shoes/document.js';
import { cardField, cardFieldFocused, press, mountConsole } from './operator-helpers.js';
import { freshStorage } from '../../../support/browser/storage.js';
import { until } from '../../../support/wait.js';

const TABLE = 'Whole shoe';
const HANDS = 75;

const button = (el: BaccOperator, action: string) => el.shadowRoot!.querySelector<HTMLButtonElement>(`[data-action="${action}"]`)!;
const refusal = (el: BaccOperator) => el.shadowRoot!.querySelector('[role="alert"]')!.textContent.trim();

/** Types a hand's cards into the card field, as a clerk would, and records it with Enter. */
async function typeHand(el: BaccOperator, cards: readonly string[], count: number): Promise<void> {
  await until(() => cardFieldFocused(el), 'the card field to have the focus');
  await sendKeys({ type: `${cards.join(' ').toLowerCase()} ` });
  await press('Enter');
  await until(
    () => el.consoleController.hands.length === count && el.consoleController.unsaved === 0,
    `hand ${count} to be recorded and written`,
  );
}

/** The same hand with the suit of its first card changed: what a clerk misreading a card records. */
function misread(hand: HandRecord): string[] {
  const [first, ...rest] = hand.cards!;
  const suit = first!.slice(-1) === 'H' ? 'S' : 'H';
  return [`${first!.slice(0, -1)}${suit}`, ...rest];
}

describe('<bacc-operator> recording a whole shoe by cards', () => {
  let storage: Awaited<ReturnType<typeof freshStorage>>;
  beforeEach(async () => {
    storage = await freshStorage();
  });
  afterEach(async () => {
    await storage.teardown();
  });

  it('stores, hand by hand, the cards dealt, through typos, a correction, undo, redo, a reload and the end', async function () {
    // 75 hands typed key by key.
    this.timeout(90_000);
    const shoe = new Shoe({ rules: makeRules(), seed: 'a clerk at table 7' });
    const dealt = Array.from({ length: HANDS }, () => handRecord(shoe.dealHand()));
    let el = await mountConsole(TABLE);
    await press('s');
    await until(() => el.consoleController.shoeOpen, 'a new shoe');
    await press('c');

    for (let index = 0; index < HANDS; index++) {
      const count = index + 1;
      const hand = dealt[index]!;
      if (count === 5) {
        // A mistyped card is refused and changes nothing; Escape clears the field.
        await until(() => cardFieldFocused(el), 'the card field');
        await sendKeys({ type: '9hh ' });
        await until(() => refusal(el).includes('9hh'), 'the typo refused');
        await press('Escape');
        // A character no card has never gets into the field.
        await sendKeys({ type: 'x' });
        await until(() => refusal(el).includes('"x" is not part of a card'), 'the stray character refused');
        expect(cardField(el).value).to.equal('');
        expect(el.consoleController.hands.length).to.equal(4);
      }
      // Hand 12 is recorded with a misread card, and corrected after hand 40.
      await typeHand(el, count === 12 ? misread(hand) : hand.cards!, count);
      if (count === 30) {
        await el.updateComplete;
        button(el, 'undo').click();
        await until(() => el.consoleController.hands.length === 29 && el.consoleController.unsaved === 0, 'hand 30 undone');
        await el.updateComplete;
        button(el, 'redo').click();
        await until(() => el.consoleController.hands.length === 30 && el.consoleController.unsaved === 0, 'hand 30 again');
        cardField(el).focus();
      }
      if (count === 40) {
        const handNumber = el.shadowRoot!.querySelector<HTMLInputElement>('input.hand-number')!;
        handNumber.value = '12';
        await el.updateComplete;
        button(el, 'correct').click();
        await until(() => el.consoleController.correcting === 11, 'the correction of hand 12 to begin');
        cardField(el).focus();
        await sendKeys({ type: `${dealt[11]!.cards!.join(' ').toLowerCase()} ` });
        await press('Enter');
        await until(() => el.consoleController.correcting === null && el.consoleController.unsaved === 0, 'hand 12 corrected');
        expect(el.consoleController.hands[11]!.cards).to.deep.equal(dealt[11]!.cards);
      }
      if (count === 50) {
        // A reload: the console comes back in card entry with the shoe it had.
        el.remove();
        el = await mountConsole(TABLE);
        expect(el.consoleController.entryMode).to.equal('cards');
        expect(el.consoleController.hands.length).to.equal(50);
        cardField(el).focus();
      }
    }

    await el.updateComplete;
    button(el, 'end-shoe').click();
    await until(() => el.consoleController.confirming === 'end-shoe', 'the question');
    await el.updateComplete;
    button(el, 'confirm').click();
    await until(() => !el.consoleController.shoeOpen && el.consoleController.unsaved === 0, 'the shoe to end');

    const stored = (await storage.store.latestShoe({ table: TABLE }))!;
    expect(stored.endedAt).to.not.equal(null);
    expect(stored.hands.length).to.equal(HANDS);
    for (const [index, hand] of stored.hands.entries()) {
      expect(hand, `hand ${index + 1}`).to.deep.equal(dealt[index]);
    }
  });
});
