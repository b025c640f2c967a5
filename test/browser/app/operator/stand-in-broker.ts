/**
 * A stand-in for the room's broker in browser tests: retained messages and the links subscribed to
 * each topic, in memory, and links (standing in for RoomLink) that can be cut off without the
 * others knowing, as a dead network does.
 */
import type { RoomLinkOptions } from '../../../../components/app/shared/room/room-link.js';

/** A broker in memory: retained messages, and the links subscribed to each topic. */
export class StandInBroker {
  readonly retained = new Map<string, string>();
  readonly links = new Set<StandInLink>();

  publish(topic: string, text: string, retain: boolean): void {
    if (retain) {
      if (text === '') this.retained.delete(topic);
      else this.retained.set(topic, text);
    }
    for (const link of this.links) link.receive(topic, text);
  }

  retainedJson<T>(topic: string): T | undefined {
    const text = this.retained.get(topic);
    return text === undefined ? undefined : (JSON.parse(text) as T);
  }
}

/** Stands in for RoomLink on the stand-in broker; `cutOff` stops all traffic both ways without closing. */
export class StandInLink {
  state: 'connecting' | 'connected' | 'offline' = 'connecting';
  cutOff = false;
  private readonly subscriptions = new Set<string>();

  constructor(
    private readonly broker: StandInBroker,
    readonly options: RoomLinkOptions,
  ) {
    broker.links.add(this);
    setTimeout(() => this.connect(), 0);
  }

  connect(): void {
    this.cutOff = false;
    this.state = 'connected';
    this.options.onState('connected');
    this.options.onConnect?.();
  }

  /** The broker notices the connection is gone: its last will is published. */
  die(): void {
    this.state = 'offline';
    this.options.onState('offline');
    if (this.options.will) this.broker.publish(this.options.will.topic, this.options.will.payload, true);
  }

  receive(topic: string, text: string): void {
    if (this.cutOff || this.state !== 'connected' || !this.subscriptions.has(topic)) return;
    this.options.onMessage(topic, text, text.length, false);
  }

  subscribe(list: readonly string[]): void {
    for (const topic of list) this.subscriptions.add(topic);
  }

  unsubscribe(list: readonly string[]): void {
    for (const topic of list) this.subscriptions.delete(topic);
  }

  readRetained(topic: string): Promise<void> {
    this.subscriptions.add(topic);
    const text = this.broker.retained.get(topic);
    if (text !== undefined && !this.cutOff) this.options.onMessage(topic, text, text.length, true);
    return Promise.resolve();
  }

  publish(topic: string, message: object, retain: boolean): Promise<'sent' | 'refused' | 'not-sent'> {
    if (this.cutOff) return new Promise(() => undefined);
    if (this.state !== 'connected') return Promise.resolve('not-sent');
    this.broker.publish(topic, JSON.stringify(message), retain);
    return Promise.resolve('sent');
  }

  close(last?: { topic: string; message: object }): Promise<void> {
    if (last && !this.cutOff) this.broker.publish(last.topic, JSON.stringify(last.message), true);
    this.broker.links.delete(this);
    this.state = 'offline';
    return Promise.resolve();
  }
}
