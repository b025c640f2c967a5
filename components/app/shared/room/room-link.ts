/**
 * The page's connection to the room's MQTT broker (MQTT.js over WebSocket, MQTT 5): connects with
 * the machine's credential, reconnects by itself, and says in one word where it stands. MQTT.js
 * is loaded only when a broker is configured, so a page without one carries none of it.
 * Messages are handed on in slices of at most SLICE_MS of work, so a burst the broker delivers at
 * once never keeps the page from drawing.
 */
import type { MqttClient } from 'mqtt';
import { MAX_ROOM_MESSAGE_BYTES } from '../../../../src/room/messages.js';
import { MessageSlices } from './message-slices.js';

/** Where the page's broker is and who it is there. Kept in this browser (room-settings.ts), never in an address or a log. */
export interface BrokerSettings {
  /** `ws://host:port` or `wss://host:port`. */
  url: string;
  username: string;
  password: string;
}

/**
 * `connecting` before the first connection; `connected`; `offline` when the broker cannot be
 * reached (it tries again every few seconds); `refused` when the broker refuses the credential
 * (it does not try again: a wrong password stays wrong).
 */
export type LinkState = 'connecting' | 'connected' | 'offline' | 'refused';

export interface RoomLinkOptions {
  /** The message the broker publishes when this connection dies (a console's presence). */
  will?: { topic: string; payload: string };
  onState: (state: LinkState) => void;
  /**
   * Every message received, as text with its size in bytes (not yet checked); `retained` when the
   * broker kept it from before (a late joiner's state, a console's last will).
   */
  onMessage: (topic: string, text: string, bytes: number, retained: boolean) => void;
  /** Called on every (re)connection, after the subscriptions are back: a console publishes its state here. */
  onConnect?: () => void;
}

/** Seconds between attempts to reach a broker that is gone. */
const RECONNECT_MS = 2000;

/** MQTT 5 reason codes for a refused credential (and their MQTT 3.1.1 return codes). */
const REFUSED_CODES = new Set([4, 5, 134, 135]);

const decoder = new TextDecoder('utf-8', { fatal: true });

/**
 * A message larger than any the pages read (a room message's limit; a reader's is smaller) is not
 * decoded: it is handed on as empty text with its size, which every reader refuses as too large.
 */
const LARGEST_READ_BYTES = MAX_ROOM_MESSAGE_BYTES;

export class RoomLink {
  state: LinkState = 'connecting';
  private readonly subscriptions = new Set<string>();
  /** Subscriptions that take no message this link published itself (MQTT 5 No Local). */
  private readonly noLocal = new Set<string>();
  private readonly slices = new MessageSlices();
  private closed = false;

  private constructor(
    private readonly client: MqttClient,
    private readonly options: RoomLinkOptions,
  ) {
    client.on('connect', () => {
      this.setState('connected');
      // A clean session forgets subscriptions: take them again (the retained state comes with them).
      this.subscribeNow([...this.subscriptions]);
      options.onConnect?.();
    });
    client.on('offline', () => this.setState('offline'));
    // A first attempt that fails closes too: "cannot be reached" then, not "connecting" for ever.
    client.on('close', () => this.setState('offline'));
    client.on('error', (error: Error & { code?: number }) => {
      if (error.code !== undefined && REFUSED_CODES.has(error.code)) {
        this.setState('refused');
        // A wrong credential does not become right by trying again.
        client.end(true);
      }
    });
    client.on('message', (topic, payload, packet) => {
      const retained = packet.retain;
      this.slices.add(() => {
        if (this.closed) return;
        let text = '';
        try {
          if (payload.byteLength <= LARGEST_READ_BYTES) text = decoder.decode(payload);
        } catch {
          // Not UTF-8: handed on as text that is not JSON, to be refused and counted like any other bad message.
          text = '\u0000';
        }
        options.onMessage(topic, text, payload.byteLength, retained);
      });
    });
  }

  /** Connects to the broker (MQTT.js is loaded now, the first time). */
  static async open(settings: BrokerSettings, options: RoomLinkOptions): Promise<RoomLink> {
    // MQTT.js's browser build has a default export only; Node's has named ones.
    const mqtt = await import('mqtt');
    const connect = mqtt.connect ?? (mqtt as unknown as { default: typeof mqtt }).default.connect;
    const client = connect(settings.url, {
      protocolVersion: 5,
      username: settings.username,
      password: settings.password,
      clean: true,
      reconnectPeriod: RECONNECT_MS,
      connectTimeout: 5000,
      // A change made while the broker is away is not queued: on its return the console publishes its state whole.
      queueQoSZero: false,
      ...(options.will ? { will: { topic: options.will.topic, payload: options.will.payload, qos: 1, retain: true } } : {}),
    });
    return new RoomLink(client, options);
  }

  private setState(state: LinkState): void {
    if (this.closed || this.state === state || this.state === 'refused') return;
    this.state = state;
    this.options.onState(state);
  }

  /**
   * Subscribes (QoS 1), now and after every reconnection. `noLocal`: the broker sends this link none
   * of its own publications on these topics (a console reads its table's topics for others' messages,
   * and its own echo would double what the broker writes to it for every hand).
   */
  subscribe(topics: readonly string[], { noLocal = false }: { noLocal?: boolean } = {}): void {
    const fresh = topics.filter((topic) => !this.subscriptions.has(topic));
    for (const topic of fresh) {
      this.subscriptions.add(topic);
      if (noLocal) this.noLocal.add(topic);
    }
    if (this.client.connected) this.subscribeNow(fresh);
  }

  private subscribeNow(topics: readonly string[]): void {
    const local = topics.filter((topic) => !this.noLocal.has(topic));
    const others = topics.filter((topic) => this.noLocal.has(topic));
    if (local.length > 0) this.client.subscribe(local, { qos: 1 });
    if (others.length > 0) this.client.subscribe(others, { qos: 1, nl: true });
  }

  /** Stops a subscription. */
  unsubscribe(topics: readonly string[]): void {
    for (const topic of topics) {
      this.subscriptions.delete(topic);
      this.noLocal.delete(topic);
    }
    if (this.client.connected) this.client.unsubscribe([...topics]);
  }

  /**
   * Subscribes to `topic` again, so the broker sends its retained message once more (a screen that
   * missed something reads the table's whole state this way), then lets it go when `keep` is false.
   */
  async readRetained(topic: string, keep: boolean): Promise<void> {
    if (!this.client.connected) return;
    if (this.subscriptions.has(topic)) await this.client.unsubscribeAsync(topic);
    await this.client.subscribeAsync(topic, { qos: 1, nl: this.noLocal.has(topic) });
    if (keep) this.subscriptions.add(topic);
    else {
      this.subscriptions.delete(topic);
      this.noLocal.delete(topic);
      await this.client.unsubscribeAsync(topic);
    }
    // The retained message came before the broker's answer, but may wait in a slice: it is handed on first.
    await this.slices.drained();
  }

  /**
   * Publishes with QoS 1: `sent` once the broker has it, `refused` when it refuses it (this user may
   * not write the topic), `not-sent` when it could not be reached.
   */
  async publish(topic: string, message: object, retain: boolean): Promise<'sent' | 'refused' | 'not-sent'> {
    if (!this.client.connected) return 'not-sent';
    try {
      const packet = await this.client.publishAsync(topic, JSON.stringify(message), { qos: 1, retain });
      // MQTT 5: a puback reason code of 128 or more is a refusal (135: not authorized).
      const code = (packet as { reasonCode?: number } | undefined)?.reasonCode ?? 0;
      return code < 128 ? 'sent' : 'refused';
    } catch (error) {
      // MQTT.js rejects a publish the broker refused with the puback's reason code.
      const code = (error as { code?: number }).code;
      return code !== undefined && code >= 128 ? 'refused' : 'not-sent';
    }
  }

  /** Disconnects; `last`, when given, is published first (a console's "offline" on leaving). */
  async close(last?: { topic: string; message: object }): Promise<void> {
    if (this.closed) return;
    if (last) await this.publish(last.topic, last.message, true);
    this.closed = true;
    await this.client.endAsync();
  }
}
