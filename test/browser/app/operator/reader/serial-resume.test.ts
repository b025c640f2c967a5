/**
 * The console on Web Serial answering a card-reading shoe that numbers its lines (the project's
 * protocol): the device's lines written while the cable is out are lost on the wire, and after the
 * cable is back the console's `RESUME` has the device send them again — the seed's shoe, no card
 * lost or doubled. The stand-in port has the browser's streams: `readable` from the device,
 * `writable` to it.
 */
import { expect } from '@open-wc/testing';
import '../../../../../components/app/operator/bacc-operator.js';
import type { SerialLike, SerialPortLike } from '../../../../../components/app/operator/reader/serial-source.js';
import { LINE_MARK_KEY_PREFIX, SERIAL_KEY_PREFIX } from '../../../../../components/app/operator/reader/serial-source.js';
import { makeRules } from '../../../../../src/game/rules.js';
import { Shoe, formatCode } from '../../../../../src/game/shoe.js';
import { LineSplitter, formatCardLine, parseResumeLine } from '../../../../../src/reader/lines.js';
import { handRecord } from '../../../../../src/shoes/records.js';
import { mountConsole } from '../operator-helpers.js';
import { freshStorage } from '../../../../support/browser/storage.js';
import { delay, until } from '../../../../support/wait.js';

/** A numbering device on a USB serial adapter: it follows the host's RESUME and says hello when opened. */
class NumberingDevice extends EventTarget implements SerialLike, SerialPortLike {
  readable: ReadableStream<Uint8Array> | null = null;
  writable: WritableStream<Uint8Array> | null = null;
  plugged = true;
  /** The index of the next line to send. */
  next = 0;
  /** What the host wrote, line by line. */
  readonly heard: string[] = [];
  lostOnTheWire = 0;
  private controller: ReadableStreamDefaultController<Uint8Array> | null = null;

  constructor(readonly lines: readonly string[]) {
    super();
  }

  requestPort(): Promise<SerialPortLike> {
    return Promise.resolve(this);
  }

  getPorts(): Promise<SerialPortLike[]> {
    return Promise.resolve(this.plugged ? [this] : []);
  }

  getInfo() {
    return { usbVendorId: 0x067b, usbProductId: 0x2303 };
  }

  open(): Promise<void> {
    if (!this.plugged) return Promise.reject(new DOMException('Failed to open serial port.', 'NetworkError'));
    this.readable = new ReadableStream<Uint8Array>({ start: (controller) => void (this.controller = controller) });
    const splitter = new LineSplitter();
    const decoder = new TextDecoder();
    this.writable = new WritableStream<Uint8Array>({
      write: (chunk) => {
        for (const item of splitter.push(decoder.decode(chunk, { stream: true }))) {
          if (item.kind !== 'line') continue;
          this.heard.push(item.line);
          const request = parseResumeLine(item.line);
          if (request && request.last < this.next) this.next = request.last;
        }
      },
    });
    // The device says hello once its line is open.
    queueMicrotask(() => this.send('BACC-SHOE 1'));
    return Promise.resolve();
  }

  close(): Promise<void> {
    if (this.readable?.locked) return Promise.reject(new TypeError('Cannot close a port whose readable stream is locked.'));
    this.readable = null;
    this.writable = null;
    this.controller = null;
    return Promise.resolve();
  }

  /** Sends the next line: on the wire when the cable is in, lost when it is out (the device cannot tell). */
  step(): void {
    const line = this.lines[this.next++]!;
    if (this.controller) this.send(line);
    else this.lostOnTheWire++;
  }

  unplug(): void {
    this.plugged = false;
    this.controller?.error(new DOMException('The device has been lost.', 'NetworkError'));
    this.controller = null;
    this.dispatchEvent(new Event('disconnect'));
  }

  plug(): void {
    this.plugged = true;
    this.dispatchEvent(new Event('connect'));
  }

  private send(line: string): void {
    this.controller?.enqueue(new TextEncoder().encode(`${line}\r\n`));
  }
}

let storage: Awaited<ReturnType<typeof freshStorage>>;

beforeEach(async () => {
  storage = await freshStorage();
});

afterEach(async () => {
  for (const key of Object.keys(localStorage)) {
    if (key.startsWith(SERIAL_KEY_PREFIX) || key.startsWith(LINE_MARK_KEY_PREFIX)) localStorage.removeItem(key);
  }
  await storage.teardown();
});

/**
 * The seed's shoe as a numbering device sends it: `1 SHOE sim-<seed>`, the burn, every card, CUT. With
 * `cancelIn`, a card drawn by mistake and its CANCEL come before the second card of that hand (from 0);
 * `secondCard` is then the number of that hand's second card's line.
 */
function numberedShoe(seed: string, cancelIn?: number) {
  const rules = makeRules();
  const shoe = new Shoe({ seed, rules });
  const hands = shoe.dealAll().map(handRecord);
  const burn = 1 + shoe.burned;
  const used = burn + hands.reduce((sum, hand) => sum + hand.cards!.length, 0);
  const plain = [`SHOE sim-${seed}`];
  let secondCard = 0;
  for (let i = 0, hand = 0, inHand = 0; i < used; i++) {
    if (i === shoe.cutIndex) plain.push('CUT');
    if (i >= burn && hand === cancelIn && inHand === 1) {
      const wrong = formatCode(shoe.order[used]!);
      plain.push(formatCardLine(wrong, 'bacc'), `CANCEL ${wrong}`);
    }
    plain.push(formatCardLine(formatCode(shoe.order[i]!), 'bacc'));
    if (i < burn) continue;
    if (hand === cancelIn && inHand === 1) secondCard = plain.length;
    if (++inHand === hands[hand]!.cards!.length) [hand, inHand] = [hand + 1, 0];
  }
  return { rules, hands, lines: plain.map((line, index) => `${index + 1} ${line}`), secondCard };
}

describe('<bacc-operator> answering a card-reading shoe that numbers its lines', function () {
  this.timeout(40_000);
  it('has the lines lost while the cable was out sent again: the seed’s shoe, no card lost or doubled', async () => {
    const { rules, hands, lines } = numberedShoe('numbered-lines');
    const device = new NumberingDevice(lines);
    const el = await mountConsole('numbered-shoe', { rules: rules, serial: device });
    el.serialSource.setProtocol('bacc');
    el.shadowRoot!.querySelector<HTMLButtonElement>('[data-action="connect-shoe"]')!.click();
    await until(() => el.serialSource.state === 'reading', 'the port to be read');
    await until(() => device.heard.includes('RESUME'), 'the console to answer the hello');

    const third = Math.floor(device.lines.length / 3);
    while (device.next < third) {
      device.step();
      await delay(1);
    }
    // The cable comes out; the device goes on dealing 25 lines into nothing, then the cable is back.
    device.unplug();
    for (let i = 0; i < 25; i++) device.step();
    expect(device.lostOnTheWire).to.equal(25);
    device.plug();
    await until(() => el.serialSource.state === 'reading', 'the port to be read again');
    await until(() => device.heard.some((line) => /^RESUME sim-numbered-lines \d+$/.test(line)), 'the console to say what it holds');
    expect(device.next, 'the device goes back to the first line the console lacks').to.be.below(third + 25);
    while (device.next < device.lines.length) {
      device.step();
      await delay(1);
    }
    await until(() => el.consoleController.shoe?.endedAt != null, 'the shoe to end', 20_000);
    expect(el.consoleController.shoe!.hands).to.deep.equal(hands);
    expect(el.cardFeed.refused).to.equal(0);
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('.feed-reconcile')?.textContent?.trim()).to.match(/= 416, the shoe's 416\.$/);
  });

  it('reopened mid-hand (a reload), takes the shoe up where it was kept and asks the device for the rest', async () => {
    const { rules, hands, lines } = numberedShoe('reloaded-mid-hand');
    const device = new NumberingDevice(lines);
    const first = await mountConsole('reloaded-shoe', { rules: rules, serial: device });
    first.serialSource.setProtocol('bacc');
    first.shadowRoot!.querySelector<HTMLButtonElement>('[data-action="connect-shoe"]')!.click();
    await until(() => first.serialSource.state === 'reading', 'the port to be read');
    await until(() => device.heard.includes('RESUME'), 'the console to answer the hello');
    // Deal until the fifth hand is under way: two cards of it on the wire.
    while ((first.consoleController.shoe?.hands.length ?? 0) < 4 || first.cardFeed.feed.handCards.length < 2) {
      device.step();
      await delay(2);
    }
    await until(() => first.consoleController.unsaved === 0, 'the hands to be stored');
    // The page goes away (the port closes with it); the device deals three more lines into nothing.
    first.remove();
    await delay(50);
    for (let i = 0; i < 3; i++) device.step();
    expect(device.lostOnTheWire).to.equal(3);

    const second = await mountConsole('reloaded-shoe', { rules: rules, serial: device });
    await until(() => second.serialSource.state === 'reading', 'the kept port to be opened again without asking');
    await until(() => device.heard.some((line) => line.startsWith('RESUME sim-reloaded-mid-hand ')), 'the console to say what it kept');
    while (device.next < device.lines.length) {
      device.step();
      await delay(1);
    }
    await until(() => second.consoleController.shoe?.endedAt != null, 'the shoe to end', 20_000);
    expect(second.consoleController.shoe!.hands).to.deep.equal(hands);
    const kinds = (second.consoleController.shoe!.events ?? []).map((event) => event.kind);
    expect(kinds.filter((kind) => kind === 'burn')).to.have.length(1);
    expect(kinds.filter((kind) => kind === 'cut')).to.have.length(1);
  });

  it('reopened after two cards of a hand in which a card was cancelled, records that cancel once', async () => {
    const { rules, hands, lines, secondCard } = numberedShoe('cancelled-then-reloaded', 6);
    const device = new NumberingDevice(lines);
    const first = await mountConsole('cancel-reloaded', { rules: rules, serial: device });
    first.serialSource.setProtocol('bacc');
    first.shadowRoot!.querySelector<HTMLButtonElement>('[data-action="connect-shoe"]')!.click();
    await until(() => first.serialSource.state === 'reading', 'the port to be read');
    await until(() => device.heard.includes('RESUME'), 'the console to answer the hello');
    // Up to the seventh hand's second card, the card drawn by mistake and its cancel before it.
    while (device.next < secondCard) {
      device.step();
      await delay(2);
    }
    await until(() => first.cardFeed.feed.handCards.length === 2 && first.consoleController.unsaved === 0, 'the cancel to be stored');
    expect(first.consoleController.shoe!.hands).to.have.length(6);
    first.remove();
    await delay(50);

    const second = await mountConsole('cancel-reloaded', { rules: rules, serial: device });
    await until(() => second.serialSource.state === 'reading', 'the kept port to be opened again without asking');
    await until(
      () => device.heard.some((line) => line.startsWith('RESUME sim-cancelled-then-reloaded ')),
      'the console to say what it kept',
    );
    while (device.next < device.lines.length) {
      device.step();
      await delay(1);
    }
    await until(() => second.consoleController.shoe?.endedAt != null, 'the shoe to end', 20_000);
    expect(second.consoleController.shoe!.hands).to.deep.equal(hands);
    const kinds = (second.consoleController.shoe!.events ?? []).map((event) => event.kind);
    expect(kinds.filter((kind) => kind === 'cancelled')).to.have.length(1);
    await second.updateComplete;
    expect(second.shadowRoot!.querySelector('.feed-reconcile')?.textContent?.trim()).to.match(/= 416, the shoe's 416\.$/);
  });
});
