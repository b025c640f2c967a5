/**
 * A forger in the room's end-to-end tests: a Node MQTT 5 client on the broker's plain listener (so
 * refusals carry reason codes) with a login it holds, reading the table's retained state as anyone
 * with that login may, and publishing a forged state the way a console does (the state, then news of it).
 */
import { randomUUID } from 'node:crypto';
import { afterEach } from 'vitest';
import { connectAsync, type MqttClient } from 'mqtt';
import type { Login, RunningBroker } from './mosquitto.js';
import { tableStateMessage, tableTopics } from '../../src/room/messages.js';
import type { ShoeRecord } from '../../src/shoes/records.js';
import { untilValue } from '../support/wait.js';
import { ACROSS_THE_ROOM } from './room-helpers.js';

/** The clients a test file connects, each ended after its test: call at the file's top level. */
export function useForgers(broker: () => RunningBroker): (login: Login) => Promise<MqttClient> {
  const clients: MqttClient[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.endAsync(true)));
  });
  return async (login) => {
    const client = await connectAsync(broker().mqttUrl, {
      protocolVersion: 5,
      clientId: `forger-${randomUUID()}`,
      reconnectPeriod: 0,
      connectTimeout: 5_000,
      username: login.username,
      password: login.password,
    });
    clients.push(client);
    return client;
  };
}

/** The table's retained state once it holds `hands` hands: its revision, console session and shoe (its id, and the shoe itself). */
export async function retainedState(
  client: MqttClient,
  table: string,
  hands: number,
): Promise<{ revision: number; session: string; shoeId: string; shoe: ShoeRecord | null }> {
  const topic = tableTopics(table).state;
  let latest: { revision: number; session: string; shoeId: string; hands: number; shoe: ShoeRecord | null } | undefined;
  const listener = (received: string, payload: Buffer): void => {
    if (received !== topic || payload.length === 0) return;
    const message = JSON.parse(payload.toString()) as { revision: number; session: string; document: { shoes: ShoeRecord[] } };
    const shoe = message.document.shoes[0];
    latest = {
      revision: message.revision,
      session: message.session,
      shoeId: shoe?.id ?? '',
      hands: shoe?.hands.length ?? 0,
      shoe: shoe ?? null,
    };
  };
  client.on('message', listener);
  await client.subscribeAsync(topic, { qos: 1 });
  const state = await untilValue(
    () => latest,
    (seen) => seen?.hands === hands,
    `the retained state with ${hands} hands`,
    ACROSS_THE_ROOM,
  );
  await client.unsubscribeAsync(topic);
  client.off('message', listener);
  return { revision: state!.revision, session: state!.session, shoeId: state!.shoeId, shoe: state!.shoe };
}

/** Publishes `shoe` as the table's retained state at `revision` in `session`, then a change announcing it after `after`. */
export async function forgeState(
  client: MqttClient,
  table: string,
  forged: { shoe: ShoeRecord; revision: number; after: number; session: string },
): Promise<void> {
  const topics = tableTopics(table);
  const state = tableStateMessage(table, '', forged.shoe, forged.revision, new Date(), forged.session);
  await client.publishAsync(topics.state, JSON.stringify(state), { qos: 1, retain: true });
  const notice = {
    format: 'bacc-table-change',
    version: 1,
    revision: forged.revision,
    after: forged.after,
    shoeId: forged.shoe.id,
    change: 'state',
    handCount: forged.shoe.hands.length,
    session: forged.session,
  };
  await client.publishAsync(topics.change, JSON.stringify(notice), { qos: 1 });
}
