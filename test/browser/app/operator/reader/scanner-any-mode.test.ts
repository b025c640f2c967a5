/**
 * A scanner that types like a keyboard (issue 18), on a console with no setting: its bursts are cards
 * for the card feed in any entry mode and wherever the focus is, and a person's keys are never one.
 *
 * A scanner's keys are pressed 5 ms apart: each key says when it was pressed (`timeStamp`, what the
 * console reads), and a card's keys reach the page in one go, as a scanner's do when the page is busy.
 * Timed by the test's own clock, a loaded machine (a timer 30 ms late, a thread put aside) would make
 * them look like a person's. Each key goes where the focus is; into a text field a character goes in
 * as the browser would put it (a key made by a script types nothing).
 */
import { expect } from '@open-wc/testing';
import type { BaccOperator } from '../../../../../components/app/operator/bacc-operator.js';
import type { RecordedHand } from '../../../../../components/app/operator/console-types.js';
import { HOLD_MS } from '../../../../../components/app/operator/reader/scanner-keys.js';
import { Shoe, formatCode } from '../../../../../src/game/shoe.js';
import { alertOf, cardField, cardFieldFocused, mountConsole, press } from '../operator-helpers.js';
import { freshStorage } from '../../../../support/browser/storage.js';
import { useLocale } from '../../../../../components/app/shared/localization.js';
import { delay, until } from '../../../../support/wait.js';

let storage: Awaited<ReturnType<typeof freshStorage>>;
let count = 0;

beforeEach(async () => {
  storage = await freshStorage();
});

afterEach(async () => {
  await storage.teardown();
});

/** A console of a table of its own, and the hands it records. */
async function mount(): Promise<{ el: BaccOperator; table: string; recorded: RecordedHand[] }> {
  const table = `Scanner ${count++}`;
  const el = await mountConsole(table);
  const recorded: RecordedHand[] = [];
  el.addEventListener('bacc-hand-recorded', (event) => recorded.push(event.detail));
  return { el, table, recorded };
}

/** The element with the focus, into shadow roots; the page's body if none. */
function focused(): Element {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active ?? document.body;
}

/** Presses `key` where the focus is, as the keyboard does, at `at` (the page's clock; now by default). */
function key(name: string, init: KeyboardEventInit = {}, at?: number): KeyboardEvent {
  const target = focused();
  const event = new KeyboardEvent('keydown', { key: name, bubbles: true, composed: true, cancelable: true, ...init });
  if (at !== undefined) Object.defineProperty(event, 'timeStamp', { value: at });
  target.dispatchEvent(event);
  if (!event.defaultPrevented && name.length === 1 && (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement)) {
    target.setRangeText(name, target.selectionStart ?? target.value.length, target.selectionEnd ?? target.value.length, 'end');
    target.dispatchEvent(new InputEvent('input', { data: name, inputType: 'insertText', bubbles: true, composed: true }));
  }
  return event;
}

/** Keys pressed 5 ms apart from now, as a scanner's reach a busy page: together. */
function scan(keys: readonly string[]): void {
  const start = performance.now();
  keys.forEach((name, index) => key(name, {}, start + index * 5));
}

/** The first 40 cards of a seeded shoe, and as scanners type them: `9H`, `9h`, suit-rank `H09`, `10h`. */
function scannedCards(): { cards: string[]; typed: string[] } {
  const shoe = new Shoe({ seed: 'scanner in any mode' });
  const cards = Array.from(shoe.order.subarray(0, 40), (code) => formatCode(code));
  const ranks = ['A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K'];
  const typed = cards.map((card, index) => {
    const [rank, suit] = [card[0]!, card[1]!];
    switch (index % 4) {
      case 1:
        return card.toLowerCase();
      case 2:
        return `${suit}${String(ranks.indexOf(rank) + 1).padStart(2, '0')}`;
      case 3:
        return rank === 'T' ? `10${suit.toLowerCase()}` : card;
      default:
        return card;
    }
  });
  return { cards, typed };
}

/**
 * Scans the 40 cards, each a burst ended with Enter, a pause between cards as the dealer draws the
 * next; returns where the focus was at each card.
 */
async function scanShoeStart(): Promise<Element[]> {
  const { typed } = scannedCards();
  const focus: Element[] = [];
  for (const card of typed) {
    focus.push(focused());
    scan([...card, 'Enter']);
    await delay(60);
  }
  return focus;
}

/** Counts the calls of the console's methods that keys reach: recording, flags, questions, modes, refusals. */
function spyOnKeys(el: BaccOperator): string[] {
  const calls: string[] = [];
  const consoleController = el.consoleController as unknown as Record<string, unknown>;
  for (const name of [
    'recordOutcome',
    'toggleFlag',
    'ask',
    'beginCorrection',
    'setEntryMode',
    'takeOver',
    'deal',
    'toggleAutoDeal',
    'undo',
    'redo',
    'refuseKey',
    'refuseOutcomeInCardEntry',
    'refuseCardFieldCharacter',
  ]) {
    const original = consoleController[name] as (...args: unknown[]) => unknown;
    consoleController[name] = (...args: unknown[]) => {
      calls.push(name);
      return original.apply(el.consoleController, args);
    };
  }
  return calls;
}

/** What the card feed placed: the burn card and the burned ones, then the hands' cards. */
const placed = (el: BaccOperator): number => el.cardFeed.feed.counts.seen + el.cardFeed.feed.counts.burned;

/** After 40 scanned cards: all in the card feed, every hand recorded is the feed's, and no key acted. */
async function expectFed(el: BaccOperator, recorded: RecordedHand[], calls: string[]): Promise<void> {
  await until(() => el.cardFeed.cardsRead === 40, '40 cards read', 5000).catch((error: Error) => {
    throw new Error(
      `${error.message}: ${JSON.stringify({ read: el.cardFeed.cardsRead, scanned: el.scannerKeys.cards, refused: el.cardFeed.refused, last: el.cardFeed.lastRefused, question: el.cardFeed.question, held: el.cardFeed.held, feedRefusal: el.cardFeed.feedRefusal })}`,
    );
  });
  expect(el.scannerKeys.cards).to.equal(40);
  expect(placed(el)).to.equal(40);
  const { events } = el.cardFeed.feed;
  // The scanned cards, in order, each read right: the burn, then the hands (the last one is still dealt).
  const read = events.flatMap((event) =>
    event.kind === 'burn' ? [event.card, ...event.burned] : event.kind === 'hand' ? event.cards : [],
  );
  expect(read.length).to.be.greaterThan(30);
  expect(read).to.deep.equal(scannedCards().cards.slice(0, read.length));
  const fedHands = events.flatMap((event) => (event.kind === 'hand' ? [event.hand] : []));
  expect(fedHands.length).to.be.greaterThan(4);
  await until(() => recorded.length === fedHands.length && el.consoleController.unsaved === 0, 'the fed hands recorded');
  expect(recorded.map((hand) => hand.hand)).to.deep.equal(fedHands);
  expect(calls).to.deep.equal([]);
  expect(el.consoleController.confirming).to.equal(null);
  expect(el.consoleController.correcting).to.equal(null);
  expect(el.consoleController.simulating).to.equal(false);
  expect(el.consoleController.flags).to.deep.equal({ playerPair: false, bankerPair: false, natural: false });
  expect(el.scannerKeys.holding).to.equal('');
  await el.updateComplete;
  expect(alertOf(el)).to.equal('');
}

describe('a scanner that types like a keyboard, on a console with no setting', function () {
  this.timeout(20_000);

  it('in outcome entry: places 40 cards typed at 5 ms a key, and fires no outcome or other key', async () => {
    const { el, recorded } = await mount();
    expect(el.consoleController.entryMode).to.equal('outcome');
    const calls = spyOnKeys(el);
    await scanShoeStart();
    await expectFed(el, recorded, calls);
    expect(el.consoleController.entryMode).to.equal('outcome');
  });

  it('in card entry with the focus in the card field: places the 40 cards in the feed, none in a typed hand', async () => {
    const { el, recorded } = await mount();
    el.consoleController.setEntryMode('cards');
    await el.updateComplete;
    const calls = spyOnKeys(el);
    // Once the feed opens the shoe, the card field takes the focus, and the scanner types into it.
    const focus = await scanShoeStart();
    await expectFed(el, recorded, calls);
    // Most of them: from the burn on (the feed opens the shoe as the burn ends).
    expect(focus.filter((element) => element === cardField(el)).length).to.be.at.least(20);
    expect(cardField(el).value).to.equal('');
    expect(el.consoleController.typedCards).to.deep.equal([]);
    expect(el.consoleController.entryMode).to.equal('cards');
  });

  it('in card entry with the focus off the card field: places 40 cards in the feed, and nothing goes into the field', async () => {
    const { el, recorded } = await mount();
    el.consoleController.setEntryMode('cards');
    await el.updateComplete;
    // After a click on a button, say.
    el.shadowRoot!.querySelector<HTMLButtonElement>('[data-action="card-entry"]')!.focus();
    const calls = spyOnKeys(el);
    await scanShoeStart();
    await expectFed(el, recorded, calls);
    expect(cardField(el).value).to.equal('');
    expect(el.consoleController.typedCards).to.deep.equal([]);
    expect(el.consoleController.entryMode).to.equal('cards');
  });

  it("takes a burst typed into the card field back out of it, leaving the clerk's text and caret as they were", async () => {
    const { el } = await mount();
    await el.consoleController.confirm('new-shoe');
    el.consoleController.setEntryMode('cards');
    await until(() => cardFieldFocused(el), 'the card field');
    const field = cardField(el);
    // A space sends the card before it: 9H is typed, 2 is in the field.
    await press('9', 'h', 'Space', '2');
    expect(el.consoleController.typedCards).to.deep.equal(['9H']);
    expect(field.value).to.equal('2');
    scan([...'KD', 'Enter']);
    expect(field.value).to.equal('2');
    expect([field.selectionStart, field.selectionEnd]).to.deep.equal([1, 1]);
    expect(el.consoleController.typedCards).to.deep.equal(['9H']);
    expect(el.scannerKeys.cards).to.equal(1);
    await until(() => el.cardFeed.cardsRead === 1, 'the card read');
    // The clerk goes on typing, and Enter, a person's, records the hand typed.
    await press('c', 'Space', 'k', 's', 'Space', '5', 'c', 'Enter');
    await until(() => el.consoleController.hands.length === 1 && el.consoleController.unsaved === 0, 'the typed hand');
    expect(el.consoleController.hands[0]!.cards).to.deep.equal(['9H', '2C', 'KS', '5C']);
  });

  it('records a banker for each b a person types 150 ms apart, at once; a t, 1 or 2 (which may start a card) HOLD_MS later', async () => {
    const { el } = await mount();
    await el.consoleController.confirm('new-shoe');
    const calls = spyOnKeys(el);
    for (let index = 0; index < 4; index++) {
      key('b');
      // In the same task: not held.
      expect(calls.filter((call) => call === 'recordOutcome')).to.have.length(index + 1);
      await delay(150);
    }
    await until(() => el.consoleController.hands.length === 4, 'four bankers');
    const started = performance.now();
    key('t');
    expect(calls.filter((call) => call === 'recordOutcome')).to.have.length(4);
    await until(() => calls.filter((call) => call === 'recordOutcome').length === 5, 'the tie');
    expect(performance.now() - started).to.be.at.least(HOLD_MS - 1);
    await delay(150);
    key('1');
    await delay(150);
    key('b');
    await until(() => el.consoleController.hands.length === 6 && el.consoleController.unsaved === 0, 'six hands');
    expect(el.consoleController.hands.map((hand) => hand.outcome).join('')).to.equal('BBBBTB');
    expect(el.consoleController.hands[5]!.playerPair).to.equal(true);
    expect(el.scannerKeys.cards).to.equal(0);
    expect(el.cardFeed.cardsRead).to.equal(0);
  });

  it("lets a fast typist's keys that start no card act at once, even 10 ms apart", async () => {
    const { el } = await mount();
    await el.consoleController.confirm('new-shoe');
    const calls = spyOnKeys(el);
    const start = performance.now();
    for (const [index, name] of [...'bpbp'].entries()) {
      key(name, {}, start + index * 10);
      expect(calls, name).to.have.length(index + 1);
    }
    key('Enter');
    await until(() => el.consoleController.hands.length === 4, 'four hands');
    expect(el.consoleController.hands.map((hand) => hand.outcome).join('')).to.equal('BPBP');
    expect(el.scannerKeys.cards).to.equal(0);
  });

  it('in outcome entry, refuses a burst without Enter: tb at 5 ms records nothing, no key of it acts, and the console says why', async () => {
    const { el } = await mount();
    await el.consoleController.confirm('new-shoe');
    const calls = spyOnKeys(el);
    // Ended by the pause: a tie and a banker, as a scanner whose suffix is not Enter would send them.
    scan([...'tb']);
    await until(() => alertOf(el) !== '', 'the refusal');
    expect(alertOf(el)).to.contain('"TB"').and.to.contain('without Enter').and.to.contain('nothing was recorded').and.to.contain('suffix');
    await delay(HOLD_MS * 3);
    expect(el.consoleController.hands).to.deep.equal([]);
    expect(calls).to.deep.equal([]);
    expect(el.scannerKeys.holding).to.equal('');
    // A card without Enter is named as the card it looked like.
    await delay(100);
    scan([...'12t']);
    await until(() => alertOf(el).includes('"12T"'), 'the second refusal');
    await delay(100);
    scan([...'9h']);
    await until(() => alertOf(el).includes('the card 9H without Enter'), 'the card named');
    // Ended by a key no card has as fast as the burst (a Tab suffix): refused with it, and it moves no focus.
    await delay(100);
    const focusBefore = focused();
    scan(['K', 'D', 'Tab']);
    await until(() => alertOf(el).includes('the card KD without Enter'), 'the burst ended by Tab');
    expect(focused()).to.equal(focusBefore);
    await delay(HOLD_MS * 3);
    expect(calls).to.deep.equal([]);
    expect(el.consoleController.flags).to.deep.equal({ playerPair: false, bankerPair: false, natural: false });
    expect(el.consoleController.hands).to.deep.equal([]);
    expect(el.scannerKeys.cards).to.equal(0);
    expect(el.cardFeed.cardsRead).to.equal(0);
    // A key that starts no card acts at once, and one held key is a person's: the flag is set, then Escape acts.
    await delay(100);
    scan(['n', '1', 'Escape']);
    await until(() => el.consoleController.flags.playerPair, 'the pair flag');
    expect(el.consoleController.flags.natural).to.equal(true);
    // A person's b, 150 ms later, records a banker at once.
    await delay(150);
    key('b');
    await until(() => el.consoleController.hands.length === 1, 'the banker');
    expect(el.consoleController.hands[0]).to.deep.include({ outcome: 'B', playerPair: true, natural: true });
  });

  it('says the refusal in Chinese on a Chinese page', async () => {
    await useLocale('zh-Hans');
    try {
      const { el } = await mount();
      await el.consoleController.confirm('new-shoe');
      scan([...'tb']);
      await until(() => alertOf(el) !== '', 'the refusal');
      expect(alertOf(el)).to.contain('“TB”').and.to.contain('Enter').and.to.contain('结束符设置');
      scan([...'9h']);
      await until(() => alertOf(el).includes('9H'), 'the card named');
      expect(alertOf(el)).to.contain('扫描器发送了牌 9H');
      expect(el.consoleController.hands).to.deep.equal([]);
    } finally {
      await useLocale('en');
    }
  });

  it('in card entry off the field, refuses a burst without Enter (nothing goes into the card field); in the field it stays', async () => {
    const { el } = await mount();
    await el.consoleController.confirm('new-shoe');
    el.consoleController.setEntryMode('cards');
    await until(() => cardFieldFocused(el), 'the card field');
    el.shadowRoot!.querySelector<HTMLButtonElement>('[data-action="card-entry"]')!.focus();
    scan([...'9h']);
    await until(() => alertOf(el).includes('the card 9H without Enter'), 'the refusal');
    await delay(HOLD_MS * 2);
    expect(cardField(el).value).to.equal('');
    expect(cardFieldFocused(el)).to.equal(false);
    // A person's key off the field still goes into it.
    await press('9');
    expect(cardField(el).value).to.equal('9');
    expect(cardFieldFocused(el)).to.equal(true);
    // Typed into the field (a space sends the card before it): shown as typed, nothing refused.
    scan([...'h kd']);
    await delay(HOLD_MS * 2);
    expect(cardField(el).value).to.equal('kd');
    expect(el.consoleController.typedCards).to.deep.equal(['9H']);
    expect(el.consoleController.hands).to.deep.equal([]);
    expect(el.scannerKeys.cards).to.equal(0);
    expect(el.cardFeed.cardsRead).to.equal(0);
  });

  it('reads a scanner that presses Shift for capitals', async () => {
    const { el } = await mount();
    const calls = spyOnKeys(el);
    const start = performance.now();
    ['Shift', 'Q', 'Shift', 'S'].forEach((name, index) => key(name, { shiftKey: true }, start + index * 5));
    key('Enter', {}, start + 20);
    await until(() => el.cardFeed.cardsRead === 1, 'the card read');
    expect(el.scannerKeys.cards).to.equal(1);
    expect(calls).to.deep.equal([]);
  });
});
