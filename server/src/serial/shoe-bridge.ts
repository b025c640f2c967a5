/**
 * `bacc shoe`: a card-reading shoe on this box's serial line, published to the table's console
 * through the room's broker. Each line is checked with its protocol's parser: a refused line is
 * counted and logged, never published; the lines accepted go out in reader messages
 * (src/reader/messages.ts) on the table's `reader` topic, in order, one message in flight at a time.
 * While the broker is away the lines wait in order (MQTT.js keeps a message in flight and sends it
 * again on reconnection; a message keeps its seq, so a console drops one it receives twice). When
 * the device goes away its path is tried every second until it opens again. A console that was
 * closed asks on the table's `reader-request` topic for the lines after the ones it holds: the bridge
 * publishes them again from its memory of the shoe, or asks the device (`RESUME`) when it lacks them.
 */
import { randomBytes } from 'node:crypto';
import type { MqttClient } from 'mqtt';
import type { SerialPort } from 'serialport';
import { ShoeLineReader, isRefusal, type LineRefusal, type ReadLine, type ShoeProtocol } from '../../../src/reader/lines.js';
import {
  MAX_READER_LINES,
  readReaderRequest,
  readerLinesMessage,
  readerRefusalLogText,
  readerRequestTopic,
  readerTopic,
  type ReaderLinesMessage,
} from '../../../src/reader/messages.js';
import { ShoeLineMemory } from '../../../src/reader/resend.js';
import { closeQuietly, openWhenThere, pause, watchDevice } from './serial-line.js';
import { shownUrl } from '../command-line.js';

export interface ShoeBridgeOptions {
  path: string;
  table: string;
  brokerUrl: string;
  username: string;
  password: string;
  protocol: ShoeProtocol;
  signal: AbortSignal;
  /** Progress, one line each (stdout). */
  log: (text: string) => void;
  /** Refused lines and trouble, one line each (stderr). */
  warn: (text: string) => void;
}

export interface ShoeBridgeTally {
  source: string;
  accepted: number;
  refused: number;
  /** Numbered lines the device sent again that the bridge held already (dropped, not published). */
  repeated: number;
  messages: number;
  /** Lines accepted and not yet acknowledged by the broker when the bridge stopped. */
  unsent: number;
}

/** A refused line for the log: its reason and the line, quoted, at most 80 characters of it. */
function refusalText(refusal: LineRefusal): string {
  const shown = refusal.line.length > 80 ? `${refusal.line.slice(0, 80)}…` : refusal.line;
  return `refused line (${refusal.refused}): ${JSON.stringify(shown)}`;
}

/** Refused lines logged one by one before the log thins out. */
const LOGGED_REFUSALS = 20;

/** MQTT 5 reason codes a broker refuses a connection or a publish with: the login or the topic is not allowed. */
const NOT_ALLOWED = new Set([134, 135]);

/** Publishes reader lines in order, one message in flight, each with the next seq. */
class ReaderPublisher {
  private readonly pending: string[] = [];
  private inFlight: ReaderLinesMessage | null = null;
  private seq = 0;
  private pumping: Promise<void> | null = null;
  messages = 0;
  published = 0;
  failure: Error | null = null;

  constructor(
    private readonly client: MqttClient,
    private readonly topic: string,
    readonly source: string,
    private readonly protocol: ShoeProtocol,
    private readonly signal: AbortSignal,
    private readonly warn: (text: string) => void,
    private readonly onFailure: (error: Error) => void,
  ) {}

  /** Lines accepted and not yet acknowledged. */
  get unsent(): number {
    return this.pending.length + (this.inFlight?.lines.length ?? 0);
  }

  add(line: string): void {
    this.pending.push(line);
    this.pumping ??= this.pump().finally(() => (this.pumping = null));
  }

  /** Resolves once every line is acknowledged, or after `ms`. */
  async settle(ms: number): Promise<void> {
    const deadline = Date.now() + ms;
    while (this.unsent > 0 && Date.now() < deadline && this.failure === null) await new Promise((resolve) => setTimeout(resolve, 20));
  }

  private async pump(): Promise<void> {
    for (;;) {
      if (this.inFlight === null) {
        if (this.pending.length === 0) return;
        this.inFlight = readerLinesMessage(this.source, ++this.seq, this.protocol, this.pending.splice(0, MAX_READER_LINES));
      }
      const message = this.inFlight;
      try {
        const packet = await this.client.publishAsync(this.topic, JSON.stringify(message), { qos: 1, retain: false });
        const code = (packet as { reasonCode?: number } | undefined)?.reasonCode ?? 0;
        if (code >= 128) throw Object.assign(new Error(`the broker refused the message (reason ${code})`), { code });
        this.messages++;
        this.published += message.lines.length;
        this.inFlight = null;
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (typeof code === 'number' && code >= 128) {
          this.failure = new Error(
            NOT_ALLOWED.has(code)
              ? `the broker does not let this login write ${this.topic} (reason ${code})`
              : `the broker refused a message (reason ${code})`,
          );
          this.onFailure(this.failure);
          return;
        }
        // Not sent (the client was closing, or gave up): the same message, with the same seq, again.
        this.warn(`publishing seq ${message.seq} failed (${error instanceof Error ? error.message : String(error)}); trying again`);
        if (this.signal.aborted) return;
        await pause(1000, this.signal);
      }
    }
  }
}

/** Runs the bridge until `signal` aborts (or the broker refuses the login or the topic). */
export async function runShoeBridge(options: ShoeBridgeOptions): Promise<ShoeBridgeTally> {
  const { path, table, brokerUrl, username, password, protocol, signal, log, warn } = options;
  // The serial port's module is loaded before the broker is asked, so the port opens as soon as
  // the bridge says it is connected (a device's lines written before it opens are flushed).
  const [mqtt] = await Promise.all([import('mqtt'), import('serialport')]);
  const source = `bridge-${randomBytes(6).toString('hex')}`;
  const topic = readerTopic(table);
  const client = mqtt.connect(brokerUrl, {
    protocolVersion: 5,
    username,
    password,
    clientId: `bacc-shoe-${randomBytes(6).toString('hex')}`,
    clean: true,
    reconnectPeriod: 1000,
    connectTimeout: 5000,
  });
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  signal.addEventListener('abort', onAbort);
  const trouble: { fatal: Error | null } = { fatal: null };
  const fail = (error: Error) => {
    trouble.fatal ??= error;
    stop.abort();
  };
  const requestTopic = readerRequestTopic(table);
  let connectedOnce = false;
  client.on('connect', () => {
    // A clean session: the console's requests are subscribed to again at each connection.
    if (protocol === 'bacc')
      client.subscribe(requestTopic, { qos: 1 }, (error, granted) => {
        const code = granted?.[0]?.qos ?? 0;
        if (error || code >= 128)
          warn(`consoles cannot ask for lines again: the broker refused ${requestTopic} (${error?.message ?? `reason ${code}`})`);
      });
    log(`${connectedOnce ? 'connected again to' : 'connected to'} ${shownUrl(brokerUrl)} as ${username}`);
    connectedOnce = true;
  });
  client.on('offline', () => warn(`the broker at ${shownUrl(brokerUrl)} is away; lines wait in order`));
  client.on('error', (error) => {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'number' && NOT_ALLOWED.has(code)) fail(new Error(`the broker refused the login of ${username} (reason ${code})`));
    else warn(`broker: ${error.message.split('\n')[0]}`);
  });

  const publisher = new ReaderPublisher(client, topic, source, protocol, stop.signal, warn, (error) => fail(error));
  // The device's answers go to the port open now; the line numbers outlive each port.
  let current: SerialPort | null = null;
  const reader = new ShoeLineReader(protocol, {
    answer: (line) => {
      if (!current?.isOpen) return;
      current.write(`${line}\r\n`, () => undefined);
      if (line !== 'RESUME') log(`asked the device for the lines after the ones held: ${line}`);
    },
  });
  const memory = new ShoeLineMemory();
  client.on('message', (messageTopic, payload) => {
    const request = readReaderRequest(messageTopic, payload.toString('utf-8'), payload.byteLength);
    if (!request.ok) return warn(`refused a request for lines (${readerRefusalLogText(request.refusal)})`);
    const holds = request.held ? `line ${request.held.last} of ${request.held.pack}` : 'no line of this shoe';
    const answer = memory.answer(request.held);
    if (answer.kind === 'resend') {
      log(`the console holds ${holds}: publishing ${answer.lines.length} lines again`);
      for (const line of answer.lines) publisher.add(line);
    } else if (answer.kind === 'ask-device') {
      log(`the console holds ${holds}: asking the device for the lines after it`);
      reader.resumeFrom(answer.from);
    }
  });
  let accepted = 0;
  let refusedSeen = 0;
  const take = (items: readonly ReadLine[]) => {
    for (const { line, result } of items) {
      if (isRefusal(result)) {
        // Noise can be endless: the first refusals are logged, then one in a thousand (all are counted).
        const refused = ++refusedSeen;
        if (refused <= LOGGED_REFUSALS || refused % 1000 === 0) warn(refusalText(result));
        if (refused === LOGGED_REFUSALS) warn(`more refused lines are counted and logged one in a thousand`);
      }
      // The hello is the bridge's to answer, not the console's to read.
      else if (result.kind !== 'hello') {
        accepted++;
        memory.keep(result, line);
        publisher.add(line);
      }
    }
  };

  log(`reading ${path} (${protocol}), publishing to ${topic} as source ${source}`);
  let opened = 0;
  while (!stop.signal.aborted) {
    const port = await openWhenThere(path, stop.signal, (message) => warn(`waiting for ${path}: ${message}`));
    if (!port) break;
    opened++;
    if (opened > 1) log(`${path} open again`);
    current = port;
    reader.opened();
    const decoder = new TextDecoder('utf-8');
    await new Promise<void>((resolve) => {
      const stopWatching = watchDevice(path, () => {
        warn(`${path} is gone or is another device now`);
        done();
      });
      const done = () => {
        stopWatching();
        stop.signal.removeEventListener('abort', done);
        resolve();
      };
      port.on('data', (chunk: Buffer) => take(reader.read(decoder.decode(chunk, { stream: true }))));
      port.once('close', done);
      port.on('error', (error) => warn(`${path}: ${error.message}`));
      stop.signal.addEventListener('abort', done);
    });
    take(reader.read(decoder.decode()));
    // A line cut off by the pulled cable is refused, not joined to the first line after it.
    take(reader.end().map((result) => ({ line: '', result })));
    current = null;
    await closeQuietly(port);
    if (!stop.signal.aborted) warn(`${path} closed; trying it every second`);
  }
  signal.removeEventListener('abort', onAbort);
  if (!trouble.fatal) await publisher.settle(3000);
  await client.endAsync(true).catch(() => undefined);
  if (trouble.fatal) throw trouble.fatal;
  return { source, accepted, refused: reader.refused, repeated: reader.repeated, messages: publisher.messages, unsent: publisher.unsent };
}
