/**
 * The room's recorder: follows every table through the broker as a screen does (the same checks,
 * the same follower), commits each table's shoe to the ledger, and acknowledges it on the table's
 * retained `recorded` topic. A persistent MQTT session at QoS 1: what is published while the
 * recorder is away waits at the broker, and a message is acknowledged to the broker only once it
 * is committed, so a recorder killed mid-write gets it again.
 */
import type { MqttClient } from 'mqtt';
import { checkedShoeWith, everyTableTopic, readRoomMessage, roomRefusalLogText, tableTopics } from '../../../src/room/messages.js';
import { RoomTableFollower } from '../../../src/room/follower.js';
import { recordedTopic, tableRecordedMessage } from '../../../src/room/recorded.js';
import { EVERY_READER_TOPIC, readReaderMessage, readReaderTopic, readerRefusalLogText } from '../../../src/reader/messages.js';
import { shownUrl } from '../command-line.js';
import type { Ledger } from './ledger.js';

export interface RecorderOptions {
  brokerUrl: string;
  username: string;
  password: string;
  ledger: Ledger;
  /** The broker's session is kept under this name: a recorder started again with it gets what it missed. */
  name: string;
  signal: AbortSignal;
  log: (text: string) => void;
  warn: (text: string) => void;
  /** Called once connected and subscribed (tests wait for it). */
  onReady?: () => void;
}

export interface RecorderTally {
  versions: number;
  refused: number;
}

/** How long the broker keeps the recorder's session while it is away: a week of messages wait for it. */
const SESSION_EXPIRY_S = 7 * 24 * 60 * 60;

/** How long to wait before connecting again after the ledger refused a write (a full disk, a lost database). */
const RETRY_AFTER_FAILURE_MS = 2000;

/** A recorder's MQTT client id: the same for the same name, so its session waits at the broker. */
export function recorderClientId(name: string): string {
  return `bacc-recorder-${name.replace(/[^\w.-]/g, '_').slice(0, 40)}`;
}

export async function runRecorder(options: RecorderOptions): Promise<RecorderTally> {
  const { brokerUrl, username, password, ledger, name, signal, log, warn } = options;
  const tally: RecorderTally = { versions: 0, refused: 0 };
  const followers = new Map<string, RoomTableFollower>();
  // Go on from what the ledger holds: a state redelivered after a restart is then seen as stale.
  for (const latest of await ledger.latestVersions()) {
    const follower = new RoomTableFollower(latest.table);
    follower.revision = latest.revision;
    follower.session = latest.session;
    follower.shoe = await ledger.shoe(latest.shoeId);
    followers.set(latest.table, follower);
  }
  // And from the holder each table's latest presence named: until the broker says otherwise, another
  // session's state (a forger's, queued while the recorder was away) is refused as a screen refuses it.
  for (const { table, session } of await ledger.latestPresences()) {
    const follower = followers.get(table) ?? new RoomTableFollower(table);
    follower.holder = session;
    followers.set(table, follower);
  }
  /** Each table's card shoe pack announced and not yet given to a shoe. */
  const packs = new Map<string, string>();
  const followerOf = (table: string) => {
    let follower = followers.get(table);
    if (!follower) followers.set(table, (follower = new RoomTableFollower(table)));
    return follower;
  };

  const mqtt = await import('mqtt');
  // Messages of one connection are handled one at a time, in the order the broker delivered them.
  let queue: Promise<void> = Promise.resolve();
  let client: MqttClient;
  let connectedOnce = false;
  let stopped = false;
  const trouble: { fatal: Error | null } = { fatal: null };
  let finish: () => void = () => {};
  const finished = new Promise<void>((resolve) => (finish = resolve));
  signal.addEventListener('abort', () => finish(), { once: true });

  /**
   * A connection of its own (the same client id, so the same session at the broker). After a failed
   * write it is dropped without acknowledging anything more, and a new one gets every message not
   * acknowledged again: mqtt.js reads no packet further until the one in hand is acknowledged.
   */
  function connect(): MqttClient {
    let broken = false;
    const connection: MqttClient = mqtt.connect(brokerUrl, {
      protocolVersion: 5,
      username,
      password,
      clientId: recorderClientId(name),
      clean: false,
      properties: { sessionExpiryInterval: SESSION_EXPIRY_S },
      reconnectPeriod: 1000,
      connectTimeout: 5000,
      customHandleAcks: (topic, payload, packet, done) => {
        queue = queue.then(async () => {
          if (broken || stopped) return;
          try {
            const delivery = packet as { retain?: boolean; dup?: boolean };
            await handle(topic, payload, delivery.retain === true || delivery.dup === true);
            done(0);
          } catch (error) {
            broken = true;
            warn(
              `could not write to the ledger (${ledger.database.where}): ${(error as Error).message}; nothing acknowledged, trying again`,
            );
            setTimeout(() => {
              connection.removeAllListeners();
              connection.on('error', () => {});
              connection.end(true);
              if (!stopped) client = connect();
            }, RETRY_AFTER_FAILURE_MS);
          }
        });
      },
    });
    connection.on('error', (error: Error & { code?: number }) => {
      // 4 and 5 (MQTT 3) and 134/135 (MQTT 5): the login is wrong or not allowed; trying again will not help.
      if (error.code === 4 || error.code === 5 || error.code === 134 || error.code === 135) {
        trouble.fatal = new Error(`the broker refused the login ${username}: ${error.message}`);
        finish();
      }
    });
    connection.on('connect', (connack) => {
      // The presence first: each table's holder is known before its retained state comes.
      const topics = [everyTableTopic('presence'), everyTableTopic('state'), everyTableTopic('change'), EVERY_READER_TOPIC];
      connection.subscribe(topics, { qos: 1 }, (error, granted) => {
        const refused = (granted ?? []).filter((grant) => grant.qos >= 128).map((grant) => grant.topic);
        if (error || refused.length > 0)
          warn(`the broker refused the subscription to ${refused.join(', ') || error?.message}: check the recorder's ACL`);
        else options.onReady?.();
      });
      log(
        `${connectedOnce ? 'connected again to' : 'connected to'} ${shownUrl(brokerUrl)} as ${username}${connack.sessionPresent ? ' (its session kept what came meanwhile)' : ''}; ledger ${ledger.database.where}`,
      );
      connectedOnce = true;
    });
    connection.on('offline', () =>
      warn(
        connectedOnce
          ? `the broker at ${shownUrl(brokerUrl)} is away; what consoles publish meanwhile waits there`
          : `cannot reach the broker at ${shownUrl(brokerUrl)} yet; trying again`,
      ),
    );
    return connection;
  }

  const refuse = async (topic: string, payload: Buffer, why: string) => {
    tally.refused++;
    warn(`refused a message on ${topic.slice(0, 200)}: ${why}`);
    await ledger.recordRefusal({ topic, reason: why, payload });
  };

  /**
   * Reads the table's retained state again: a subscription of its own hands it over, and is taken
   * back at once (beside the subscription to every table's state, each message would come twice).
   */
  const readStateAgain = (table: string) => {
    const topic = tableTopics(table).state;
    client.subscribe(topic, { qos: 1 }, () => client.unsubscribe(topic));
  };

  /**
   * `again`: the broker hands the message over a second time (a retained copy on subscribing, or a
   * delivery it repeats after a restart), not as it was published.
   */
  async function handle(topic: string, payload: Buffer, again: boolean): Promise<void> {
    const text = payload.toString('utf8');
    const readerTable = readReaderTopic(topic);
    if (readerTable !== null) {
      const reading = readReaderMessage(topic, text, payload.byteLength);
      if (!reading.ok) return refuse(topic, payload, readerRefusalLogText(reading.refusal));
      await ledger.recordReaderLines({ table: readerTable, ...reading.message });
      // A card shoe's new pack: the next shoe the table's console starts is dealt from it.
      for (const event of reading.events) if (event.kind === 'shoe') packs.set(readerTable, event.pack);
      return;
    }
    // A state of the shoe followed is checked from its first new hand.
    const reading = readRoomMessage(topic, text, payload.byteLength, new Date(), (table) => followers.get(table)?.shoe ?? null);
    if (!reading.ok) return refuse(topic, payload, roomRefusalLogText(reading.refusal));
    const { received } = reading;
    const follower = followerOf(received.table);
    switch (received.kind) {
      case 'presence': {
        const { message } = received;
        const newHolder = follower.receivePresence(message, new Date());
        const kept = await ledger.recordPresence({
          table: received.table,
          session: message.session ?? '',
          machine: message.machine ?? null,
          online: message.online,
          at: message.at,
        });
        if (kept)
          log(`${received.table}: console ${message.machine ?? message.session ?? ''} ${message.online ? 'online' : 'offline'}`.trim());
        if (newHolder) readStateAgain(received.table);
        return;
      }
      case 'change': {
        // The state that follows each change is what is recorded; a change tells of a gap, and an
        // impossible hand in it is refused here as a screen refuses it.
        const change = received.message;
        if (follower.holder !== null && follower.holder !== (change.session ?? '')) {
          return refuse(topic, payload, 'bad message at "session": not from the console that holds the table');
        }
        if (change.revision <= follower.revision) return;
        const shoe = follower.shoe;
        if (change.change === 'add' && change.hand !== undefined && shoe?.id === change.shoeId && change.after === follower.revision) {
          const checked = checkedShoeWith(shoe, change.hand);
          if (!checked.ok) return refuse(topic, payload, roomRefusalLogText(checked.refusal));
        }
        expectState(received.table, change.revision);
        return;
      }
      case 'state': {
        const { message } = received;
        const outcome = follower.receiveState(message);
        // The retained state of the console the table was taken from, read again: not a forgery.
        if (outcome.kind === 'refused' && again && outcome.refusal.kind === 'bad-message' && outcome.refusal.path === 'session') return;
        if (outcome.kind === 'refused') return refuse(topic, payload, roomRefusalLogText(outcome.refusal));
        if (outcome.kind !== 'shown') return;
        stateSeen(received.table, message.revision);
        const shoe = message.document.shoes[0];
        if (!shoe) return;
        const session = message.session ?? '';
        // The pack is kept with a shoe only as it is first recorded (later states leave it as it was).
        const result = await ledger.recordState({
          packId: packs.get(received.table) ?? null,
          table: received.table,
          limits: message.limits,
          session,
          revision: message.revision,
          sentAt: message.sentAt,
          shoe,
        });
        if (result.kind === 'conflict') return refuse(topic, payload, result.why);
        if (result.kind === 'stale') return;
        if (result.kind === 'recorded' && result.version === 1) packs.delete(received.table);
        if (result.kind === 'recorded') {
          tally.versions++;
          log(
            `${received.table}: shoe ${shoe.number ?? '?'} (${shoe.id}) recorded with ${result.handCount} hands, version ${result.version}, revision ${message.revision}`,
          );
        }
        const ack = tableRecordedMessage({
          table: received.table,
          shoeId: shoe.id,
          session,
          revision: message.revision,
          handCount: result.handCount,
          recorder: name,
        });
        client.publish(recordedTopic(received.table), JSON.stringify(ack), { qos: 1, retain: true });
        return;
      }
    }
  }

  // A change whose state has not come within a few seconds (the broker dropped it): read it again.
  const awaited = new Map<string, { revision: number; timer: ReturnType<typeof setTimeout> }>();
  function expectState(table: string, revision: number) {
    if (awaited.has(table)) return;
    const timer = setTimeout(() => {
      awaited.delete(table);
      readStateAgain(table);
    }, 3000);
    awaited.set(table, { revision, timer });
  }
  function stateSeen(table: string, revision: number) {
    const waiting = awaited.get(table);
    if (waiting && revision >= waiting.revision) {
      clearTimeout(waiting.timer);
      awaited.delete(table);
    }
  }

  client = connect();

  await finished;
  for (const { timer } of awaited.values()) clearTimeout(timer);
  // Let the message in hand finish and its acknowledgement go out before leaving; nothing after it.
  const inHand = queue;
  stopped = true;
  await inHand;
  // At once: what came after the message in hand is not acknowledged (it comes again next time), and
  // mqtt.js reads no further packet, so waiting for the broker's replies would wait for ever. What was
  // written (the last acknowledgement, the last recorded message) has gone out.
  await new Promise<void>((resolve) => client.end(true, {}, () => resolve()));
  if (trouble.fatal) throw trouble.fatal;
  return tally;
}
