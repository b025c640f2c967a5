/**
 * The console fed by a card-reading shoe: a stand-in for the browser's Web Serial (a port with a
 * `readable` stream of Uint8Array chunks, `open()`, `close()`, `connect` and `disconnect` events on
 * `navigator.serial`) playing a seeded shoe's lines; a scanner typing like a keyboard; a person typing.
 */
import { expect } from '@open-wc/testing';
import '../../../../../components/app/operator/bacc-operator.js';
import type { BaccOperator } from '../../../../../components/app/operator/bacc-operator.js';
import type { RecordedHand } from '../../../../../components/app/operator/console-types.js';
import type { SerialLike, SerialPortLike } from '../../../../../components/app/operator/reader/serial-source.js';
import { SERIAL_KEY_PREFIX } from '../../../../../components/app/operator/reader/serial-source.js';
import { HOLD_MS } from '../../../../../components/app/operator/reader/scanner-keys.js';
import { makeRules, type TableRules } from '../../../../../src/game/rules.js';
import { Shoe, formatCode } from '../../../../../src/game/shoe.js';
import { formatCardLine, type ShoeProtocol } from '../../../../../src/reader/lines.js';
import { handRecord, type HandRecord } from '../../../../../src/shoes/records.js';
import { mountConsole } from '../operator-helpers.js';
import { freshStorage } from '../../../../support/browser/storage.js';
import { delay, until } from '../../../../support/wait.js';

/** A stand-in for the browser's SerialPort, as a USB serial adapter behaves. */
class StandInPort implements SerialPortLike {
  readable: ReadableStream<Uint8Array> | null = null;
  plugged = true;
  opened = 0;
  baudRate = 0;
  private controller: ReadableStreamDefaultController<Uint8Array> | null = null;

  constructor(
    private readonly serial: StandInSerial,
    private readonly info = { usbVendorId: 0x0403, usbProductId: 0x6001 },
  ) {}

  getInfo() {
    return this.info;
  }

  open(options: { baudRate: number }): Promise<void> {
    if (this.readable) return Promise.reject(new DOMException('The port is already open.', 'InvalidStateError'));
    if (!this.plugged) return Promise.reject(new DOMException('Failed to open serial port.', 'NetworkError'));
    this.baudRate = options.baudRate;
    this.opened++;
    this.readable = new ReadableStream<Uint8Array>({ start: (controller) => void (this.controller = controller) });
    return Promise.resolve();
  }

  close(): Promise<void> {
    if (this.readable?.locked) return Promise.reject(new TypeError('Cannot close a port whose readable stream is locked.'));
    this.readable = null;
    this.controller = null;
    return Promise.resolve();
  }

  /** The device writes `text` (as bytes, in one chunk). */
  write(text: string): void {
    if (!this.controller) throw new Error('the port is not open');
    this.controller.enqueue(new TextEncoder().encode(text));
  }

  /** The cable is pulled: the stream errors as Chromium's does, and `disconnect` fires. */
  unplug(): void {
    this.plugged = false;
    this.controller?.error(new DOMException('The device has been lost.', 'NetworkError'));
    this.controller = null;
    this.serial.dispatchEvent(new Event('disconnect'));
  }

  /** The cable is back: `connect` fires. */
  plug(): void {
    this.plugged = true;
    this.serial.dispatchEvent(new Event('connect'));
  }
}

class StandInSerial extends EventTarget implements SerialLike {
  readonly port: StandInPort = new StandInPort(this);
  asked = 0;

  requestPort(): Promise<SerialPortLike> {
    this.asked++;
    return Promise.resolve(this.port);
  }

  getPorts(): Promise<SerialPortLike[]> {
    return Promise.resolve(this.port.plugged ? [this.port] : []);
  }
}

/** The lines a card-reading shoe sends for the seed's shoe: the burn, every card, the CUT before the card behind the cut card. */
function shoeLines(seed: string, protocol: ShoeProtocol, rules: TableRules): { lines: string[]; hands: HandRecord[] } {
  const shoe = new Shoe({ seed, rules });
  const dealt = shoe.dealAll();
  const used = (rules.burn ? 1 + shoe.burned : 0) + dealt.reduce((sum, hand) => sum + hand.cards.length, 0);
  const lines = protocol === 'bacc' ? ['BACC-SHOE 1', `SHOE sim-${seed}`] : [];
  for (let i = 0; i < used; i++) {
    if (protocol === 'bacc' && i === shoe.cutIndex) lines.push('CUT');
    lines.push(formatCardLine(formatCode(shoe.order[i]!), protocol));
  }
  return { lines, hands: dealt.map(handRecord) };
}

/** Writes lines down the port in chunks of uneven sizes (a line may be split across two chunks). */
async function play(port: StandInPort, lines: readonly string[]): Promise<void> {
  const text = lines.map((line) => `${line}\r\n`).join('');
  let at = 0;
  let size = 7;
  while (at < text.length) {
    port.write(text.slice(at, at + size));
    at += size;
    size = 20 + ((size * 7) % 41);
    await delay(1);
  }
}

let storage: Awaited<ReturnType<typeof freshStorage>>;
let table = 0;

beforeEach(async () => {
  storage = await freshStorage();
});

afterEach(async () => {
  for (const key of Object.keys(localStorage)) {
    if (key.startsWith(SERIAL_KEY_PREFIX)) localStorage.removeItem(key);
  }
  await storage.teardown();
});

async function mount(
  serial: StandInSerial | null,
  rules: TableRules = makeRules(),
): Promise<{ el: BaccOperator; recorded: RecordedHand[] }> {
  const el = await mountConsole(`reader-${table++}`, { rules, serial });
  const recorded: RecordedHand[] = [];
  el.addEventListener('bacc-hand-recorded', (event) => recorded.push(event.detail));
  return { el, recorded };
}

const button = (el: BaccOperator, action: string): HTMLButtonElement =>
  el.shadowRoot!.querySelector<HTMLButtonElement>(`[data-action="${action}"]`)!;
const textOf = (el: BaccOperator, selector: string): string => el.shadowRoot!.querySelector(selector)?.textContent?.trim() ?? '';

/** A key as the keyboard (or a scanner) sends it, at the page, pressed at `at` (the page's clock; now by default). */
function key(name: string, at?: number): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key: name, bubbles: true, composed: true, cancelable: true });
  if (at !== undefined) Object.defineProperty(event, 'timeStamp', { value: at });
  document.body.dispatchEvent(event);
  return event;
}

/**
 * A scanner's keys, pressed `gap` ms apart from now, reaching the page in one go as they do when it is
 * busy: each key's `timeStamp` (what the console reads) says when it was pressed. Timed by the test's
 * own timers, a loaded machine (a timer 30 ms late) would space them like a person's, and no burst
 * would be a card.
 */
function scan(keys: readonly string[], gap: number): void {
  const start = performance.now();
  keys.forEach((name, index) => key(name, start + index * gap));
}

async function connect(el: BaccOperator, serial: StandInSerial, protocol: ShoeProtocol = 'bacc'): Promise<void> {
  el.serialSource.setProtocol(protocol);
  button(el, 'connect-shoe').click();
  await until(() => el.serialSource.state === 'reading', 'the port to be read');
  expect(serial.asked).to.equal(1);
  expect(serial.port.baudRate).to.equal(9600);
}

describe('<bacc-operator> with a card-reading shoe on Web Serial', function () {
  // A whole shoe, each hand written to IndexedDB before the next.
  this.timeout(40_000);
  it('records, hand by hand, exactly the hands the seed deals, with its burn and cut card, and ends the shoe', async () => {
    const serial = new StandInSerial();
    const { el, recorded } = await mount(serial);
    await connect(el, serial);
    const { lines, hands } = shoeLines('web-serial', 'bacc', makeRules());
    await play(serial.port, lines);
    await until(() => el.consoleController.shoe?.endedAt != null, 'the shoe to end', 10_000);
    expect(recorded.map((hand) => hand.hand)).to.deep.equal(hands);
    expect(recorded.map((hand) => hand.handNumber)).to.deep.equal(hands.map((_, index) => index + 1));
    expect(el.consoleController.shoe!.hands).to.deep.equal(hands);
    // The burn and the cut card are kept with the shoe, after the hands before them.
    const kept = el.consoleController.shoe!.events ?? [];
    expect(kept.map((event) => event.kind)).to.deep.equal(['burn', 'cut']);
    expect(kept[0]!.afterHand).to.equal(0);
    const cutEvent = el.cardFeed.feed.events.find((event) => event.kind === 'cut');
    expect(kept[1]!.afterHand).to.equal(cutEvent?.kind === 'cut' ? cutEvent.afterHand : -1);
    const kinds = el.cardFeed.feed.events.map((event) => event.kind);
    expect(kinds.filter((kind) => kind === 'burn')).to.have.length(1);
    expect(kinds.filter((kind) => kind === 'cut')).to.have.length(1);
    expect(kinds.at(-1)).to.equal('shoe-end');
    await el.updateComplete;
    expect(textOf(el, '.feed-reconcile')).to.match(
      /^Cards add up: seen \d+ \+ burned \d+ \+ cancelled 0 \+ left \d+ = 416, the shoe's 416\.$/,
    );
    expect(textOf(el, '.feed-events')).to.contain(`Shoe ended after ${hands.length} hands`);
    expect(textOf(el, '.feed-refused')).to.equal('');
    // Undo works on a hand the shoe recorded as on a typed one: the shoe is opened again.
    await el.consoleController.undo();
    expect(el.consoleController.shoe!.endedAt).to.equal(null);
  });

  it('loses and doubles no card when the cable is pulled mid-shoe and plugged back (suit-rank)', async () => {
    const serial = new StandInSerial();
    const { el, recorded } = await mount(serial);
    await connect(el, serial, 'suit-rank');
    const { lines, hands } = shoeLines('unplugged', 'suit-rank', makeRules());
    const cut = Math.floor(lines.length / 3);
    await play(serial.port, lines.slice(0, cut));
    // Half a line on the wire as the cable comes out: refused as cut off, never half a card.
    serial.port.write(lines[cut]!.slice(0, 2));
    await delay(20);
    serial.port.unplug();
    await until(() => el.serialSource.state === 'waiting', 'the console to wait for the cable');
    await el.updateComplete;
    expect(textOf(el, '.feed-state')).to.contain('Card shoe unplugged');
    serial.port.plug();
    await until(() => el.serialSource.state === 'reading', 'the port read again');
    expect(serial.asked, 'the clerk is not asked again').to.equal(1);
    expect(serial.port.opened).to.equal(2);
    // The device sends again from the first line it did not finish.
    await play(serial.port, lines.slice(cut));
    // Suit-rank lines carry no cut card: the shoe is recorded hand by hand and stays open.
    await until(() => recorded.length === hands.length, 'every hand', 10_000);
    await delay(50);
    expect(recorded.map((hand) => hand.hand)).to.deep.equal(hands);
    expect(el.cardFeed.refused).to.equal(1);
    expect(el.cardFeed.lastRefused?.refused).to.equal('incomplete');
  });

  it('finds the kept port again after a reload, without asking', async () => {
    const serial = new StandInSerial();
    const first = await mount(serial);
    await connect(first.el, serial, 'json');
    const tableName = first.el.table;
    first.el.remove();
    await delay(20);
    const el = await mountConsole(tableName, { serial, reading: true });
    await until(() => el.serialSource.state === 'reading', 'the kept port to be opened again');
    expect(serial.asked).to.equal(1);
    expect(el.serialSource.protocol).to.equal('json');
  });

  it('refuses, counts and shows noise, half lines, unknown suits and 10 kB of garbage, and places no card from them', async () => {
    const serial = new StandInSerial();
    const { el } = await mount(serial);
    await connect(el, serial);
    serial.port.write('BACC-SHOE 1\r\nhello there\r\nCARD 9X\r\nCARD\r\n');
    serial.port.write(`${'\u0007garbage'.repeat(1300)}\n`);
    serial.port.write('CARD 9H extra\r\n');
    await until(() => el.cardFeed.refused === 5, 'five lines refused');
    await el.updateComplete;
    expect(textOf(el, '.feed-refused')).to.match(/^5 lines refused from the card shoe/);
    expect(el.cardFeed.feed.counts).to.deep.include({ seen: 0, burned: 0, cancelled: 0 });
    expect(el.consoleController.hands).to.have.length(0);
  });

  it('stops at a card the shoe cannot hold and records nothing until the clerk cancels it (F) or voids the hand (V)', async () => {
    const serial = new StandInSerial();
    const rules = makeRules({ decks: 1, burn: false });
    const { el, recorded } = await mount(serial, rules);
    await connect(el, serial);
    // 9H twice in one deck: the second cannot be. The lines after it wait for the answer.
    serial.port.write('CARD 9H\r\nCARD 2C\r\nCARD 9H\r\nCARD KD\r\nCARD 5S\r\n');
    await until(() => el.cardFeed.question !== null, 'the question');
    await el.updateComplete;
    const question = el.shadowRoot!.querySelector('.feed-question')!;
    expect(question.getAttribute('role')).to.equal('alertdialog');
    expect(question.textContent).to.contain('Card 9H: this 1-deck shoe holds only 1 of it');
    expect(button(el, 'cancel-card').textContent).to.contain('F');
    expect(button(el, 'void-hand').textContent).to.contain('V');
    await delay(50);
    expect(recorded).to.have.length(0);
    expect(el.cardFeed.held).to.equal(2);
    key('f');
    await until(() => recorded.length === 1, 'the hand finished after the answer');
    expect(recorded[0]!.hand.cards).to.deep.equal(['9H', '2C', 'KD', '5S']);
    expect(el.cardFeed.feed.counts).to.deep.include({ seen: 4, cancelled: 1, left: 47 });
    await el.updateComplete;
    expect(textOf(el, '.feed-counts')).to.equal('Cards left 47 (seen 4, burned 0, cancelled 1).');
    expect(textOf(el, '.feed-events')).to.contain('9H cancelled');
    await until(() => (el.consoleController.shoe?.events ?? []).length === 1, 'the cancelled card kept');
    expect(el.consoleController.shoe!.events![0]).to.deep.include({ kind: 'cancelled', card: '9H', by: 'clerk', afterHand: 0 });

    // Again, and this time the hand is void: its cards and the card in question go with it.
    serial.port.write('CARD 3D\r\nCARD 2C\r\n');
    await until(() => el.cardFeed.question !== null, 'the second question');
    key('v');
    await until(() => el.cardFeed.question === null, 'the answer');
    expect(recorded).to.have.length(1);
    expect(el.cardFeed.feed.events.at(-1)).to.deep.equal({ kind: 'void-hand', hand: 2, cards: ['3D', '2C'] });
  });

  it('keeps a dummy hand (M) without recording it, and a void shoe (W, then Y) ends the shoe and places no more cards', async () => {
    const serial = new StandInSerial();
    const { el, recorded } = await mount(serial, makeRules({ burn: false }));
    await connect(el, serial);
    serial.port.write('CARD 9H\r\n');
    await until(() => el.cardFeed.feed.handCards.length === 1, 'a card in play');
    key('m');
    serial.port.write('CARD 2C\r\nCARD KD\r\nCARD 5S\r\n');
    await until(() => el.cardFeed.feed.events.some((event) => event.kind === 'dummy-hand'), 'the dummy hand');
    await until(() => (el.consoleController.shoe?.events ?? []).length === 1, 'the dummy hand kept');
    expect(el.consoleController.shoe!.events![0]).to.deep.include({ kind: 'dummy-hand', cards: ['9H', '2C', 'KD', '5S'], afterHand: 0 });
    expect(recorded).to.have.length(0);
    await el.updateComplete;
    expect(textOf(el, '.feed-events')).to.contain('Dummy hand: 9H 2C KD 5S');
    expect(button(el, 'dummy-hand').textContent).to.contain('M');

    serial.port.write('CARD 3D\r\n');
    await until(() => el.cardFeed.feed.handCards.length === 1, 'a card of the next hand');
    key('w');
    await el.updateComplete;
    expect(el.consoleController.confirming).to.equal('void-shoe');
    expect(textOf(el, '.confirm')).to.contain('Void this shoe?');
    key('y');
    await until(() => el.consoleController.shoe?.endedAt != null, 'the void shoe ended');
    await until(() => (el.consoleController.shoe?.events ?? []).length === 2, 'the void kept');
    expect(el.consoleController.shoe!.events![1]).to.deep.include({ kind: 'void-shoe', cards: ['3D'] });
    serial.port.write('CARD 4H\r\n');
    await until(() => el.cardFeed.feedRefusal?.kind === 'shoe-void', 'the card refused');
    expect(el.cardFeed.feed.counts.seen).to.equal(5);
    expect(recorded).to.have.length(0);
  });

  it('keeps who cancelled a card or undid a hand and when at once, and why once the clerk answers', async () => {
    const serial = new StandInSerial();
    const { el, recorded } = await mount(serial, makeRules({ decks: 1, burn: false }));
    await connect(el, serial);
    el.signIn('  Mei  ');
    serial.port.write('CARD 9H\r\nCARD 2C\r\nCARD 9H\r\n');
    await until(() => el.cardFeed.question !== null, 'the question');
    key('f');
    serial.port.write('CARD KD\r\nCARD 5S\r\n');
    await until(() => recorded.length === 1, 'the hand');
    await until(() => (el.consoleController.shoe?.audit ?? []).length === 1, 'the cancel kept before any reason');
    expect(el.consoleController.shoe!.audit![0]).to.deep.include({ operator: 'Mei', action: 'cancel', hand: 1, reason: null });
    // The card shoe reading on leaves the question open: only the clerk going on does.
    expect(el.consoleController.reasonWanted).to.deep.include({ action: 'cancel', hand: 1, entry: 1 });
    el.consoleController.setEntryMode('outcome');
    key('3');
    await until(() => (el.consoleController.shoe?.audit ?? []).length === 2, 'the reason kept');
    el.signIn('');
    await el.consoleController.undo();
    await until(() => (el.consoleController.shoe?.audit ?? []).length === 3, 'the undo kept');
    const [cancel, reason, undo] = el.consoleController.shoe!.audit!;
    expect(cancel).to.deep.include({ operator: 'Mei', action: 'cancel', hand: 1, reason: null });
    expect(reason).to.deep.include({ operator: 'Mei', action: 'reason', hand: 1, reason: 'card misread', reasonFor: 1 });
    expect(undo).to.deep.include({ operator: null, action: 'undo', hand: 1, reason: null });
    expect(Date.parse(undo!.at)).to.be.closeTo(Date.now(), 5000);
    expect(sessionStorage.getItem('bacc-operator-name')).to.equal(null);
  });
  it('keeps the hand in play when the reason for a cancelled card is given before the hand ends', async () => {
    const serial = new StandInSerial();
    const { el, recorded } = await mount(serial, makeRules({ decks: 1, burn: false }));
    await connect(el, serial);
    el.consoleController.setEntryMode('outcome');
    serial.port.write('CARD 9H\r\nCARD 2C\r\nCARD 9H\r\n');
    await until(() => el.cardFeed.question !== null, 'the question');
    key('f');
    await until(() => el.consoleController.reasonWanted !== null, 'the cancel kept and its reason asked');
    expect(el.cardFeed.feed.handCards).to.deep.equal(['9H', '2C']);
    key('4');
    await until(() => (el.consoleController.shoe?.audit ?? []).length === 2, 'the reason kept');
    await el.updateComplete;
    // The reason is a change of the stored shoe: the feed follows it without losing the cards in play.
    expect(el.cardFeed.question).to.equal(null);
    expect(el.cardFeed.feed.handCards).to.deep.equal(['9H', '2C']);
    serial.port.write('CARD KD\r\nCARD 5S\r\n');
    await until(() => recorded.length === 1, 'the hand');
    expect(recorded[0]!.hand.cards).to.deep.equal(['9H', '2C', 'KD', '5S']);
    expect(el.consoleController.shoe!.audit!.map((entry) => [entry.action, entry.hand, entry.reason])).to.deep.equal([
      ['cancel', 1, null],
      ['reason', 1, 'card exposed'],
    ]);
  });
});

describe('<bacc-operator> with a scanner that types like a keyboard', function () {
  this.timeout(20_000);
  it('places 40 cards typed at 5 ms a key in outcome entry, and fires no outcome or command key', async () => {
    const { el, recorded } = await mount(null);
    el.consoleController.setEntryMode('outcome');
    const shoe = new Shoe({ seed: 'scanner' });
    const cards = Array.from(shoe.order.subarray(0, 40), (code) => formatCode(code));
    const fired: string[] = [];
    const original = el.consoleController.recordOutcome.bind(el.consoleController);
    el.consoleController.recordOutcome = (outcome) => {
      fired.push(outcome);
      return original(outcome);
    };
    for (const card of cards) {
      scan([...card.toLowerCase(), 'Enter'], 5);
      // Between cards a scanner pauses as the dealer draws the next one.
      await delay(60);
    }
    await until(() => el.cardFeed.cardsRead === 40, '40 cards read', 5000);
    expect(el.scannerKeys.cards).to.equal(40);
    expect(fired).to.deep.equal([]);
    expect(el.consoleController.confirming).to.equal(null);
    expect(el.consoleController.correcting).to.equal(null);
    expect(el.consoleController.entryMode).to.equal('outcome');
    expect(el.consoleController.simulating).to.equal(false);
    expect(el.consoleController.flags).to.deep.equal({ playerPair: false, bankerPair: false, natural: false });
    const fedHands = el.cardFeed.feed.events.filter((event) => event.kind === 'hand').length;
    await until(() => recorded.length === fedHands, 'the fed hands recorded');
    expect(fedHands).to.be.greaterThan(4);
    expect(el.cardFeed.feed.counts.seen + el.cardFeed.feed.counts.burned).to.equal(40);
  });

  it('records a banker for each b a person types 150 ms apart, at once; a t (which may start a card) 35 ms later', async () => {
    const { el } = await mount(null);
    await el.consoleController.confirm('new-shoe');
    const calls: number[] = [];
    const original = el.consoleController.recordOutcome.bind(el.consoleController);
    el.consoleController.recordOutcome = (outcome) => {
      calls.push(performance.now());
      return original(outcome);
    };
    // Whether each b was recorded during its own key event's dispatch: "at once" is the same task,
    // which a clock reading could not tell from a pause of the machine.
    const actedInItsTask: boolean[] = [];
    for (let i = 0; i < 5; i++) {
      key('b');
      actedInItsTask.push(calls.length === i + 1);
      await delay(150);
    }
    await until(() => el.consoleController.hands.length === 5, 'five bankers');
    expect(el.consoleController.hands.map((hand) => hand.outcome).join('')).to.equal('BBBBB');
    expect(actedInItsTask, 'b acts in the same task').to.deep.equal([true, true, true, true, true]);
    const at = performance.now();
    key('t');
    // A timer of the hold's length, set just after it, fires just after it (timers of one length run
    // in the order set): the t is let go by its hold, however late a busy machine runs both.
    let holdOver = Infinity;
    setTimeout(() => (holdOver = performance.now()), HOLD_MS);
    await until(() => calls.length === 6, 'the tie');
    const held = calls[5]! - at;
    expect(held).to.be.at.least(30);
    await until(() => holdOver < Infinity, 'a timer as long as the hold');
    expect(calls[5], 'the t acts when its hold is over').to.be.at.most(holdOver);
    await until(() => el.consoleController.hands.length === 6, 'the tie recorded');
    expect(el.consoleController.hands[5]!.outcome).to.equal('T');
  });
});
