/**
 * A card-reading shoe on this machine's serial line, read by the console itself (Web Serial,
 * Chromium): the clerk picks the port once (`connect`), the console opens it at 9600 baud 8N1 and
 * reads its lines with the table's protocol. The port (its USB vendor and product id) and the
 * protocol are kept per table in localStorage, so after a reload `resume` finds the port again
 * without asking, and when the cable comes back (the `connect` event of `navigator.serial`) it is
 * opened again. A line cut off by a pulled cable is refused as incomplete; no line is read twice.
 * The console answers a device speaking the project's protocol (`RESUME`, src/reader/lines.ts) on the
 * port's writable side, so numbered lines lost while the cable was out are sent again.
 */
import { ShoeLineReader, SHOE_PROTOCOLS, type LineParseResult, type ShoeProtocol } from '../../../../src/reader/lines.js';
import type { LineMark } from '../../../../src/reader/resend.js';

/** The parts of the browser's `SerialPort` used here (a test's stand-in provides the same). */
export interface SerialPortLike {
  readonly readable: ReadableStream<Uint8Array> | null;
  /** Absent on a stand-in that only reads: the console then answers nothing. */
  readonly writable?: WritableStream<Uint8Array> | null;
  open(options: { baudRate: number; dataBits?: number; stopBits?: number; parity?: 'none' | 'even' | 'odd' }): Promise<void>;
  close(): Promise<void>;
  getInfo(): { usbVendorId?: number; usbProductId?: number };
}

/** The parts of `navigator.serial` used here. */
export interface SerialLike extends EventTarget {
  requestPort(options?: object): Promise<SerialPortLike>;
  getPorts(): Promise<SerialPortLike[]>;
}

/**
 * `unsupported`: this browser has no Web Serial; `none`: no port chosen; `waiting`: the port chosen
 * is not plugged in (it is opened when it comes); `reading`; `failed`: it could not be opened (in use
 * by another program, say).
 */
export type SerialState = 'unsupported' | 'none' | 'waiting' | 'reading' | 'failed';

/** What is kept per table. */
interface KeptPort {
  usbVendorId?: number;
  usbProductId?: number;
  protocol: ShoeProtocol;
}

export const SERIAL_KEY_PREFIX = 'bacc-card-shoe:';

/** Where a table's last device line kept is noted (a console reopened mid-hand asks for what follows it). */
export const LINE_MARK_KEY_PREFIX = 'bacc-card-shoe-line:';

/**
 * Notes that every line of `mark.pack` up to `mark.last` is stored for `table`, with no card in play after it
 * (and the lines `mark.kept` after it too).
 */
export function keepLineMark(table: string, mark: LineMark): void {
  try {
    if (mark) localStorage.setItem(LINE_MARK_KEY_PREFIX + table, JSON.stringify(mark));
  } catch {
    /* not kept: after a reload the device goes on from where it is */
  }
}

/** The line noted for `table`, or null. */
export function lineMark(table: string): LineMark {
  try {
    const mark = JSON.parse(localStorage.getItem(LINE_MARK_KEY_PREFIX + table) ?? 'null') as {
      pack?: unknown;
      last?: unknown;
      kept?: unknown;
    } | null;
    if (!mark || typeof mark.pack !== 'string' || !Number.isSafeInteger(mark.last) || (mark.last as number) < 0) return null;
    const kept = Array.isArray(mark.kept) ? mark.kept.filter((number): number is number => Number.isSafeInteger(number)) : [];
    return kept.length > 0 ? { pack: mark.pack, last: mark.last as number, kept } : { pack: mark.pack, last: mark.last as number };
  } catch {
    return null;
  }
}

export interface SerialSourceOptions {
  table: () => string;
  /** Lines read (and refused), in order. */
  onResults: (results: LineParseResult[]) => void;
  /** The state or protocol changed. */
  onChange: () => void;
  /** The browser's `navigator.serial` (tests give a stand-in). */
  serial?: () => SerialLike | null;
}

export const browserSerial = (): SerialLike | null =>
  typeof navigator !== 'undefined' && 'serial' in navigator ? ((navigator as unknown as { serial: SerialLike }).serial ?? null) : null;

export class SerialCardSource {
  state: SerialState = 'none';
  /** Why the port could not be opened (the browser's words), when `failed`. */
  problem = '';
  /** How many times the port was opened again after it went away. */
  reopened = 0;
  private port: SerialPortLike | null = null;
  private reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
  private lines: ShoeLineReader | null = null;
  private opening = false;
  private started = false;
  private readonly onConnect = (): void => void this.findAgain();

  constructor(private readonly options: SerialSourceOptions) {}

  private serial(): SerialLike | null {
    return (this.options.serial ?? browserSerial)();
  }

  /** The protocol of this table's shoe (bacc until the clerk picks another). */
  get protocol(): ShoeProtocol {
    return this.kept()?.protocol ?? 'bacc';
  }

  /** Picks the protocol; lines already read are not read again. */
  setProtocol(protocol: ShoeProtocol): void {
    const kept = this.kept();
    this.keep({ ...(kept ?? {}), protocol });
    if (this.lines && this.lines.protocol !== protocol) this.lines = this.lineReader(protocol);
    this.options.onChange();
  }

  /** Starts listening for the cable, and opens the table's port when it is there (no question asked). */
  start(): void {
    const serial = this.serial();
    if (!serial) return this.setState('unsupported');
    if (this.started) return;
    if (this.state === 'unsupported') this.state = 'none';
    this.started = true;
    serial.addEventListener('connect', this.onConnect);
    if (this.kept()?.usbVendorId !== undefined || this.kept()?.usbProductId !== undefined) void this.findAgain();
  }

  stop(): void {
    this.serial()?.removeEventListener('connect', this.onConnect);
    this.started = false;
    void this.closePort();
  }

  /** Asks the browser for a port (the clerk picks it), keeps it for the table, and opens it. */
  async connect(): Promise<void> {
    const serial = this.serial();
    if (!serial) return;
    this.start();
    let port: SerialPortLike;
    try {
      port = await serial.requestPort();
    } catch {
      // The clerk closed the browser's list without choosing: nothing changes.
      return;
    }
    const info = port.getInfo();
    this.keep({ usbVendorId: info.usbVendorId, usbProductId: info.usbProductId, protocol: this.protocol });
    await this.closePort();
    await this.open(port);
  }

  /** The kept port among those the browser lets this page use, opened (after a reload, or the cable back). */
  private async findAgain(): Promise<void> {
    const serial = this.serial();
    const kept = this.kept();
    if (!serial || !kept || this.state === 'reading' || this.opening) return;
    const ports = await serial.getPorts();
    const port = ports.find((candidate) => {
      const info = candidate.getInfo();
      return info.usbVendorId === kept.usbVendorId && info.usbProductId === kept.usbProductId;
    });
    if (!port) {
      this.setState('waiting');
      return;
    }
    if (this.port === port && this.state === 'waiting') this.reopened++;
    await this.open(port);
  }

  private async open(port: SerialPortLike): Promise<void> {
    this.opening = true;
    try {
      await port.open({ baudRate: 9600, dataBits: 8, stopBits: 1, parity: 'none' });
    } catch (error) {
      this.opening = false;
      this.problem = error instanceof Error ? error.message : String(error);
      this.setState('failed');
      return;
    }
    this.opening = false;
    this.port = port;
    this.problem = '';
    this.lines ??= this.lineReader(this.protocol);
    this.setState('reading');
    this.lines.opened();
    void this.read(port);
  }

  /** Reads the port's lines until it closes or the cable is pulled; then waits for it to come back. */
  private async read(port: SerialPortLike): Promise<void> {
    const readable = port.readable;
    if (!readable) return this.lost(port);
    const reader = readable.getReader();
    this.reader = reader;
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        const results = this.lines!.push(decoder.decode(value, { stream: true }));
        if (results.length > 0) this.options.onResults(results);
      }
    } catch {
      /* the cable was pulled: the stream errors */
    } finally {
      reader.releaseLock();
    }
    this.lost(port);
  }

  /** A reader whose answers go to the port open now (numbers and all kept across the cable's comings and goings). */
  private lineReader(protocol: ShoeProtocol): ShoeLineReader {
    return new ShoeLineReader(protocol, { answer: (line) => void this.write(line), held: lineMark(this.options.table()) });
  }

  /** Answers go out one after another (a stream takes one writer at a time). */
  private writing: Promise<void> = Promise.resolve();

  private write(line: string): Promise<void> {
    this.writing = this.writing.then(async () => {
      const writable = this.port?.writable;
      if (!writable || writable.locked) return;
      const writer = writable.getWriter();
      try {
        await writer.write(new TextEncoder().encode(`${line}\r\n`));
      } catch {
        /* the cable went: the device says hello again when it comes back */
      } finally {
        writer.releaseLock();
      }
    });
    return this.writing;
  }

  private lost(port: SerialPortLike): void {
    // A line cut off by the pull is refused, never half read into the next.
    const rest = this.lines?.end() ?? [];
    if (rest.length > 0) this.options.onResults(rest);
    this.reader = null;
    void port.close().catch(() => undefined);
    if (this.port !== port) return;
    this.setState(this.started ? 'waiting' : 'none');
    // The cable may be back already (its `connect` came while this read was ending).
    if (this.started) void this.findAgain();
  }

  private async closePort(): Promise<void> {
    const { port, reader } = this;
    this.port = null;
    this.reader = null;
    if (reader) await reader.cancel().catch(() => undefined);
    if (port) await port.close().catch(() => undefined);
  }

  private setState(state: SerialState): void {
    this.state = state;
    this.options.onChange();
  }

  private kept(): KeptPort | null {
    try {
      const text = localStorage.getItem(SERIAL_KEY_PREFIX + this.options.table());
      if (!text) return null;
      const kept = JSON.parse(text) as KeptPort;
      return SHOE_PROTOCOLS.includes(kept.protocol) ? kept : null;
    } catch {
      return null;
    }
  }

  private keep(kept: KeptPort): void {
    try {
      localStorage.setItem(SERIAL_KEY_PREFIX + this.options.table(), JSON.stringify(kept));
    } catch {
      /* kept in this window only */
    }
  }
}
