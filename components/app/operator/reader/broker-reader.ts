/**
 * A card-reading shoe on another box, read by a bridge (`bacc shoe`) that publishes its lines
 * through the room's broker: the console subscribes to its table's reader topic, checks each message
 * (`readReaderMessage`), drops a repeat and counts a gap (`ReaderSequence`), and hands the lines on
 * as if read here. Numbered lines the console holds already are dropped too: a bridge started again
 * has the device send its shoe from the first line. A link of its own, so the console's publisher is
 * left as it is.
 */
import type { ReactiveControllerHost } from 'lit';
import { readReaderMessage, readerTopic, readerRefusalLogText, ReaderSequence } from '../../../../src/reader/messages.js';
import { LineNumbers, type ResumeRequest, type ShoeLineEvent } from '../../../../src/reader/lines.js';
import { RoomLink, type BrokerSettings } from '../../shared/room/room-link.js';
import { BrokerController } from '../../shared/room/broker-controller.js';

export interface BrokerReaderOptions {
  broker: () => BrokerSettings | null;
  table: () => string;
  /** The lines of one message, read and in order. */
  onEvents: (events: ShoeLineEvent[]) => void;
  /** The device's numbered lines the console holds already (kept across a reload), or null. */
  held?: () => ResumeRequest;
  /** Opens the link (tests give their own). */
  openLink?: typeof RoomLink.open;
}

export class BrokerReaderSource extends BrokerController<RoomLink> {
  /** Messages read from bridges. */
  messages = 0;
  /** Messages refused (not the contract, or a line its protocol refuses). */
  refused = 0;
  /** Messages lost on the way (a bridge's seq jumped). */
  lost = 0;
  /** Numbered lines dropped because the console holds them already. */
  repeated = 0;
  /** Numbered lines never received (their numbers skipped: the console was closed, or messages were lost). */
  missedLines = 0;
  private readonly sequence = new ReaderSequence();
  private numbers: LineNumbers | null = null;

  constructor(
    host: ReactiveControllerHost,
    private readonly options: BrokerReaderOptions,
  ) {
    super(host);
    host.addController(this);
  }

  protected follow(): void {
    const broker = this.options.broker();
    if (!broker) return;
    const topic = readerTopic(this.options.table());
    this.openLink(
      () =>
        (this.options.openLink ?? RoomLink.open)(broker, {
          onState: (state) => {
            this.linkState = state;
            this.host.requestUpdate();
          },
          onMessage: (messageTopic, text, bytes) => this.read(messageTopic, text, bytes),
        }),
      { opened: (link) => link.subscribe([topic]) },
    );
  }

  private read(topic: string, text: string, bytes: number): void {
    const reading = readReaderMessage(topic, text, bytes);
    if (!reading.ok) {
      this.refused++;
      console.warn(`Card shoe through the broker: refused a message (${readerRefusalLogText(reading.refusal)})`);
      this.host.requestUpdate();
      return;
    }
    const step = this.sequence.step(reading.message);
    if (step.kind === 'repeat') return;
    if (step.kind === 'gap') this.lost += step.missing;
    this.messages++;
    this.numbers ??= new LineNumbers(this.options.held?.() ?? null);
    const events = reading.events.filter((event) => {
      if (event.kind === 'hello') return true;
      const held = this.numbers!.held;
      if (held && event.number !== undefined && event.kind !== 'shoe' && event.number > held.last + 1) {
        this.missedLines += event.number - held.last - 1;
      }
      const fresh = this.numbers!.sort(event, false) !== 'repeat';
      if (!fresh) this.repeated++;
      return fresh;
    });
    if (events.length > 0) this.options.onEvents(events);
    this.host.requestUpdate();
  }
}
