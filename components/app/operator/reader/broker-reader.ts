/**
 * A card-reading shoe on another box, read by a bridge (`bacc shoe`) that publishes its lines
 * through the room's broker: the console subscribes to its table's reader topic, checks each message
 * (`readReaderMessage`), drops a repeat and counts a gap (`ReaderSequence`), and hands the lines on
 * as if read here. Numbered lines the console holds already are dropped too: a bridge started again
 * has the device send its shoe from the first line. A console that was closed (reloaded mid-hand) asks
 * the bridge, at each connection and whenever a line number skips, for the lines after the ones it
 * holds, and reads a later line only once the missing ones came (or it gave up waiting for them: an
 * older bridge does not answer). A link of its own, so the console's publisher is left as it is.
 */
import type { ReactiveControllerHost } from 'lit';
import {
  readReaderMessage,
  readerRequestMessage,
  readerRequestTopic,
  readerTopic,
  readerRefusalLogText,
  ReaderSequence,
} from '../../../../src/reader/messages.js';
import { ASK_AGAIN_MS, type ResumeRequest, type ShoeLineEvent } from '../../../../src/reader/lines.js';
import { LineCatchUp, type CatchUpStep } from '../../../../src/reader/resend.js';
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

/** How long the console waits for lines it asked for before it reads the later ones without them. */
export const WAIT_FOR_LINES_MS = 3000;

export class BrokerReaderSource extends BrokerController<RoomLink> {
  /** Messages read from bridges. */
  messages = 0;
  /** Messages refused (not the contract, or a line its protocol refuses). */
  refused = 0;
  /** Messages lost on the way (a bridge's seq jumped). */
  lost = 0;
  /** Numbered lines dropped because the console holds them already. */
  repeated = 0;
  /** Numbered lines given up on (their numbers skipped: the console was closed, or messages were lost). */
  private givenUp = 0;
  private readonly sequence = new ReaderSequence();
  private order: LineCatchUp | null = null;
  private askedAt: number | null = null;
  private giveUpTimer: ReturnType<typeof setTimeout> | null = null;

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
          // Subscribed again by now: the lines asked for come to this connection.
          onConnect: () => this.ask(true),
        }),
      {
        opened: (link) => {
          link.subscribe([topic]);
          if (link.state === 'connected') this.ask(true);
        },
      },
    );
  }

  protected override stop(): void {
    this.stopWaiting();
    super.stop();
  }

  /** The line order, made with what the console holds (kept across a reload) the first time it is needed. */
  /** Numbered lines not received: given up on, or still missing before lines that came after them. */
  get missedLines(): number {
    return this.givenUp + (this.order?.missingLines ?? 0);
  }

  private lineOrder(): LineCatchUp {
    return (this.order ??= new LineCatchUp(this.options.held?.() ?? null));
  }

  /** Asks the bridge for the lines after the ones held; `now`: at a connection, else at most once in `ASK_AGAIN_MS`. */
  private ask(now: boolean): void {
    const held = this.lineOrder().held;
    const link = this.link;
    if (!held || !link) return;
    if (!now && this.askedAt !== null && Date.now() - this.askedAt < ASK_AGAIN_MS) return;
    this.askedAt = Date.now();
    void link.publish(readerRequestTopic(this.options.table()), readerRequestMessage(held), false).then((sent) => {
      if (sent === 'refused') console.warn('Card shoe through the broker: the broker refused the request for lines again');
    });
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
    this.readInOrder(this.lineOrder().take(reading.events));
    this.host.requestUpdate();
  }

  /** Reads what the order let through; asks for missing lines, and gives up on them after a while. */
  private readInOrder(step: CatchUpStep): void {
    this.repeated += step.repeated;
    this.givenUp += step.missed;
    if (step.events.length > 0) this.options.onEvents(step.events);
    if (!step.missing) return this.stopWaiting();
    this.ask(false);
    // Lines coming in order keep the console waiting; none for a while, and it reads on without the missing ones.
    if (this.giveUpTimer !== null && step.events.length === 0) return;
    if (this.giveUpTimer !== null) clearTimeout(this.giveUpTimer);
    this.giveUpTimer = setTimeout(() => {
      this.giveUpTimer = null;
      const { events, missed } = this.lineOrder().giveUp();
      this.givenUp += missed;
      if (events.length > 0) this.options.onEvents(events);
      this.host.requestUpdate();
    }, WAIT_FOR_LINES_MS);
  }

  private stopWaiting(): void {
    if (this.giveUpTimer !== null) clearTimeout(this.giveUpTimer);
    this.giveUpTimer = null;
  }
}
