import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { connect as mqttConnect, connectAsync, type IClientOptions, type MqttClient } from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { tableKey } from '../../scripts/broker-files.mjs';
import { useBroker, type Login } from './mosquitto.js';
import { until, untilValue } from '../support/wait.js';

const TABLE_A = 'Table 1';
const TABLE_B = 'Table 2';
const VIP = 'T 7/VIP 贵宾';
const broker = useBroker({ tables: [TABLE_A, TABLE_B, VIP], screens: ['screen'] });

const topic = (table: string, leaf: 'state' | 'change' | 'presence' | 'reader' | 'reader-request' | 'recorded' | 'other') =>
  `bacc/v1/tables/${tableKey(table)}/${leaf}`;

const clients: MqttClient[] = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.endAsync(true)));
});

function consoleLogin(table: string): Login {
  const login = broker().credentials.consoles[table];
  if (login === undefined) throw new Error(`no console login for ${table}`);
  return login;
}

function screenLogin(): Login {
  const login = broker().credentials.screens['screen'];
  if (login === undefined) throw new Error('no screen login');
  return login;
}

function recorderLogin(): Login {
  return broker().credentials.recorder;
}

/** Connects over WebSockets as the pages do, with MQTT 5 so that refusals carry reason codes. */
async function connect(login: Login | undefined, options: IClientOptions = {}, url = broker().wsUrl): Promise<MqttClient> {
  const client = await connectAsync(url, {
    protocolVersion: 5,
    clientId: `test-${randomUUID()}`,
    reconnectPeriod: 0,
    connectTimeout: 5_000,
    ...(login === undefined ? {} : { username: login.username, password: login.password }),
    ...options,
  });
  clients.push(client);
  return client;
}

interface Received {
  topic: string;
  payload: string;
  retain: boolean;
}

/** Records every message a client receives. */
function record(client: MqttClient): Received[] {
  const received: Received[] = [];
  client.on('message', (topic, payload, packet) => received.push({ topic, payload: payload.toString(), retain: packet.retain }));
  return received;
}

/**
 * Publishes a marker the subscriber may read and waits for it: Mosquitto handles one client's
 * packets in order, so anything refused earlier would have arrived before the marker.
 */
async function settle(publisher: MqttClient, received: Received[], markerTopic: string): Promise<void> {
  const marker = `marker-${randomUUID()}`;
  await publisher.publishAsync(markerTopic, marker, { qos: 1 });
  await until(() => received.some((message) => message.payload === marker), `the marker on ${markerTopic}`, 5_000);
}

/** The reason code of a refused QoS 1 publish, or null when the broker accepted it. */
async function publishRefusal(client: MqttClient, to: string, payload: string, retain = false): Promise<number | null> {
  try {
    await client.publishAsync(to, payload, { qos: 1, retain });
    return null;
  } catch (error) {
    return (error as { code?: number }).code ?? -1;
  }
}

/** The reason code a refused connect carries, or null when the broker let the client in. */
async function connectRefusal(login: Login | undefined, url: string): Promise<number | null> {
  try {
    await connect(login, {}, url);
    return null;
  } catch (error) {
    return (error as { code?: number }).code ?? -1;
  }
}

describe('the Mosquitto broker the project configures', () => {
  it("refuses a screen's publish to a table's state topic, and the table's subscribers never see it", async () => {
    const watcher = await connect(consoleLogin(TABLE_A));
    const received = record(watcher);
    await watcher.subscribeAsync(`bacc/v1/tables/${tableKey(TABLE_A)}/#`, { qos: 1 });
    const screen = await connect(screenLogin());

    expect(await publishRefusal(screen, topic(TABLE_A, 'state'), 'forged by a screen', true)).toBe(135);

    await settle(watcher, received, topic(TABLE_A, 'change'));
    expect(received.map((message) => message.payload)).not.toContain('forged by a screen');

    // Nor was it kept as retained state for a screen that connects afterwards.
    const late = await connect(screenLogin());
    const lateReceived = record(late);
    await late.subscribeAsync(topic(TABLE_A, 'state'), { qos: 1 });
    await settle(watcher, lateReceived, topic(TABLE_A, 'state'));
    expect(lateReceived.map((message) => message.payload)).not.toContain('forged by a screen');
  });

  it("refuses a console's publish to another table, and lets it read only its own table", async () => {
    const consoleA = await connect(consoleLogin(TABLE_A));
    const consoleB = await connect(consoleLogin(TABLE_B));
    const screen = await connect(screenLogin());
    const screenReceived = record(screen);
    await screen.subscribeAsync(`bacc/v1/tables/${tableKey(TABLE_B)}/#`, { qos: 1 });

    for (const leaf of ['state', 'change', 'presence'] as const) {
      expect(await publishRefusal(consoleA, topic(TABLE_B, leaf), `A writing ${leaf} of B`, leaf !== 'change')).toBe(135);
    }
    await settle(consoleB, screenReceived, topic(TABLE_B, 'change'));
    expect(screenReceived.filter((message) => message.payload.startsWith('A writing'))).toEqual([]);

    // Table B's retained state and a live change exist; A subscribes to everything and to B by name.
    await consoleB.publishAsync(topic(TABLE_B, 'state'), 'state of B', { qos: 1, retain: true });
    await consoleA.publishAsync(topic(TABLE_A, 'state'), 'state of A', { qos: 1, retain: true });
    const received = record(consoleA);
    await consoleA.subscribeAsync(['bacc/v1/#', topic(TABLE_B, 'state')], { qos: 1 });
    await consoleB.publishAsync(topic(TABLE_B, 'change'), 'change of B', { qos: 1 });
    await settle(consoleA, received, topic(TABLE_A, 'change'));

    expect(received.filter((message) => message.topic.startsWith(`bacc/v1/tables/${tableKey(TABLE_B)}/`))).toEqual([]);
    expect(received).toContainEqual({ topic: topic(TABLE_A, 'state'), payload: 'state of A', retain: true });
  });

  it('keeps a console’s retained state for a screen that connects later', async () => {
    const tableConsole = await connect(consoleLogin(TABLE_A));
    const state = JSON.stringify({ shoe: 'retained-check', hands: ['B', 'P', 'T'] });
    expect(await publishRefusal(tableConsole, topic(TABLE_A, 'state'), state, true)).toBeNull();
    await tableConsole.endAsync();

    const screen = await connect(screenLogin());
    const received = record(screen);
    await screen.subscribeAsync(topic(TABLE_A, 'state'), { qos: 1 });
    await until(() => received.length > 0, 'the retained state', 5_000);
    expect(received[0]).toEqual({ topic: topic(TABLE_A, 'state'), payload: state, retain: true });
  });

  it('refuses a wrong password, an unknown user and an anonymous client at connect, on both listeners', async () => {
    const { username, password } = consoleLogin(TABLE_A);
    for (const url of [broker().wsUrl, broker().mqttUrl]) {
      // The right login gets in on this listener: the refusals below are about the login, not the listener.
      expect(await connectRefusal({ username, password }, url)).toBeNull();
      expect([134, 135]).toContain(await connectRefusal({ username, password: `${password}x` }, url));
      expect([134, 135]).toContain(await connectRefusal({ username: 'nobody', password }, url));
      expect([134, 135]).toContain(await connectRefusal(undefined, url));
      // A screen's password does not open a console's account.
      expect([134, 135]).toContain(await connectRefusal({ username, password: screenLogin().password }, url));
    }
  });

  it('delivers the retained last will of a console whose connection dies', async () => {
    const presence = topic(TABLE_B, 'presence');
    const tableConsole = await connect(consoleLogin(TABLE_B), {
      will: { topic: presence, payload: Buffer.from('offline'), qos: 1, retain: true },
    });
    await tableConsole.publishAsync(presence, 'online', { qos: 1, retain: true });

    const screen = await connect(screenLogin());
    const received = record(screen);
    await screen.subscribeAsync(presence, { qos: 1 });
    await until(() => received.some((message) => message.payload === 'online'), 'the console online', 5_000);
    expect(received.some((message) => message.payload === 'offline')).toBe(false);

    // As a pulled network cable: no DISCONNECT packet, so the broker must send the will.
    tableConsole.stream.destroy();
    await until(() => received.some((message) => message.payload === 'offline'), 'the last will', 10_000);
    expect(received.at(-1)).toMatchObject({ topic: presence, payload: 'offline' });

    const late = await connect(screenLogin());
    const lateReceived = record(late);
    await late.subscribeAsync(presence, { qos: 1 });
    await until(() => lateReceived.length > 0, 'the retained presence', 5_000);
    expect(lateReceived[0]).toEqual({ topic: presence, payload: 'offline', retain: true });
  });

  it('serves a table named with a space, a slash and Chinese through its table key', async () => {
    expect(tableKey(VIP)).toBe('T%207%2FVIP%20%E8%B4%B5%E5%AE%BE');
    const tableConsole = await connect(consoleLogin(VIP));
    expect(consoleLogin(VIP).username).toBe(tableKey(VIP));
    expect(await publishRefusal(tableConsole, topic(VIP, 'state'), '贵宾 state', true)).toBeNull();
    // The raw name would make topic levels of its own ("T 7", "VIP 贵宾"): not this console's table.
    expect(await publishRefusal(tableConsole, `bacc/v1/tables/${VIP}/state`, 'raw name', true)).toBe(135);
    expect(await publishRefusal(tableConsole, topic(TABLE_A, 'state'), 'VIP writing A', true)).toBe(135);

    const screen = await connect(screenLogin());
    const received = record(screen);
    await screen.subscribeAsync('bacc/v1/#', { qos: 1 });
    await until(() => received.some((message) => message.payload === '贵宾 state'), 'the VIP table state', 5_000);
    expect(received).toContainEqual({ topic: topic(VIP, 'state'), payload: '贵宾 state', retain: true });
    await settle(tableConsole, received, topic(VIP, 'change'));
    expect(received.map((message) => message.payload)).not.toContain('raw name');
    expect(received.map((message) => message.payload)).not.toContain('VIP writing A');
  });

  it('keeps the retained state and presence of a table whose console is closed across a restart', async () => {
    const tableConsole = await connect(consoleLogin(TABLE_B));
    const state = JSON.stringify({ shoe: 'kept-on-disk', hands: ['P', 'B'] });
    const presence = JSON.stringify({ online: false });
    expect(await publishRefusal(tableConsole, topic(TABLE_B, 'state'), state, true)).toBeNull();
    expect(await publishRefusal(tableConsole, topic(TABLE_B, 'presence'), presence, true)).toBeNull();
    await tableConsole.endAsync();
    await broker().restart();

    const screen = await connect(screenLogin());
    const received = record(screen);
    await screen.subscribeAsync([topic(TABLE_B, 'state'), topic(TABLE_B, 'presence')], { qos: 1 });
    await until(() => received.length === 2, 'the retained state and presence after the restart', 5_000);
    expect(received).toEqual(
      expect.arrayContaining([
        { topic: topic(TABLE_B, 'state'), payload: state, retain: true },
        { topic: topic(TABLE_B, 'presence'), payload: presence, retain: true },
      ]),
    );
  });

  it('listens on loopback only, the WebSocket listener too', () => {
    // ss lists each listening socket's local address; Mosquitto 2.0 bound a WebSocket listener given an address to every interface.
    const listening = execFileSync('ss', ['-Hltn'], { encoding: 'utf8' }).split('\n');
    for (const url of [broker().mqttUrl, broker().wsUrl]) {
      const port = new URL(url).port;
      const local = listening.map((line) => line.trim().split(/\s+/)[3]).filter((address) => address?.endsWith(`:${port}`));
      expect(local.length, `sockets listening on ${port}`).toBeGreaterThan(0);
      for (const address of local)
        expect(['127.0.0.1', '[::ffff:127.0.0.1]', '[::1]'], `${url} listens on ${address}`).toContain(address!.slice(0, -port.length - 1));
    }
  });

  it('restarts on the same ports with the same logins', async () => {
    const before = broker().pid;
    const url = broker().wsUrl;
    await broker().restart();
    expect(broker().pid).toBeDefined();
    expect(broker().pid).not.toBe(before);
    expect(broker().wsUrl).toBe(url);
    expect(await connectRefusal(consoleLogin(TABLE_A), broker().wsUrl)).toBeNull();
    expect(await connectRefusal(screenLogin(), broker().mqttUrl)).toBeNull();
  });
});

describe("the room recorder's login, and who may write a table's acknowledgement (#25)", () => {
  it('reads every table, and writes only recorded: a state, change, presence or reader line it writes is refused and never delivered', async () => {
    const consoleA = await connect(consoleLogin(TABLE_A));
    await consoleA.publishAsync(topic(TABLE_A, 'state'), 'state of A', { qos: 1, retain: true });
    const recorder = await connect(recorderLogin(), {}, broker().mqttUrl);
    const recorderReceived = record(recorder);
    await recorder.subscribeAsync(
      ['state', 'change', 'presence', 'reader'].map((leaf) => `bacc/v1/tables/+/${leaf}`),
      { qos: 1 },
    );
    await until(() => recorderReceived.some((message) => message.payload === 'state of A'), "table A's retained state", 5_000);
    const consoleB = await connect(consoleLogin(TABLE_B));
    await consoleB.publishAsync(topic(TABLE_B, 'change'), 'change of B', { qos: 1 });
    await consoleB.publishAsync(topic(TABLE_B, 'reader'), 'reader line of B', { qos: 1 });
    await until(() => recorderReceived.some((message) => message.payload === 'reader line of B'), "table B's reader line", 5_000);
    expect(recorderReceived.map((message) => message.payload)).toContain('change of B');

    const screen = await connect(screenLogin());
    const screenReceived = record(screen);
    await screen.subscribeAsync('bacc/v1/#', { qos: 1 });
    for (const leaf of ['state', 'change', 'presence', 'reader', 'reader-request', 'other'] as const) {
      expect(await publishRefusal(recorder, topic(TABLE_A, leaf), `recorder writing ${leaf}`, leaf !== 'change'), leaf).toBe(135);
    }
    expect(await publishRefusal(recorder, 'bacc/v1/tables/recorder/state', 'recorder writing a table of its name', true)).toBe(135);

    // Its acknowledgements go through, retained, to every table's console and the screens.
    expect(await publishRefusal(recorder, topic(TABLE_A, 'recorded'), 'A recorded', true)).toBeNull();
    expect(await publishRefusal(recorder, topic(VIP, 'recorded'), 'VIP recorded', true)).toBeNull();
    await settle(consoleA, screenReceived, topic(TABLE_A, 'change'));
    const payloads = screenReceived.map((message) => message.payload);
    expect(payloads).toEqual(expect.arrayContaining(['A recorded', 'VIP recorded']));
    expect(payloads.filter((payload) => payload.startsWith('recorder writing'))).toEqual([]);

    const late = await connect(screenLogin());
    const lateReceived = record(late);
    await late.subscribeAsync([topic(TABLE_A, 'state'), topic(TABLE_A, 'recorded')], { qos: 1 });
    await until(() => lateReceived.length === 2, "table A's retained state and acknowledgement", 5_000);
    expect(lateReceived).toEqual(
      expect.arrayContaining([
        { topic: topic(TABLE_A, 'state'), payload: 'state of A', retain: true },
        { topic: topic(TABLE_A, 'recorded'), payload: 'A recorded', retain: true },
      ]),
    );
  });

  it("refuses a console's and a screen's write to recorded: a console cannot acknowledge its own hands", async () => {
    const recorder = await connect(recorderLogin());
    expect(await publishRefusal(recorder, topic(TABLE_A, 'recorded'), 'by the recorder', true)).toBeNull();

    const consoleA = await connect(consoleLogin(TABLE_A));
    const consoleReceived = record(consoleA);
    await consoleA.subscribeAsync(topic(TABLE_A, 'recorded'), { qos: 1 });
    await until(() => consoleReceived.length > 0, "table A's acknowledgement", 5_000);
    expect(consoleReceived[0]).toEqual({ topic: topic(TABLE_A, 'recorded'), payload: 'by the recorder', retain: true });

    const screen = await connect(screenLogin());
    const screenReceived = record(screen);
    await screen.subscribeAsync(`bacc/v1/tables/${tableKey(TABLE_A)}/#`, { qos: 1 });
    expect(await publishRefusal(consoleA, topic(TABLE_A, 'recorded'), 'forged by its console', true)).toBe(135);
    expect(await publishRefusal(consoleA, topic(TABLE_A, 'recorded'), 'forged by its console, live')).toBe(135);
    expect(await publishRefusal(screen, topic(TABLE_A, 'recorded'), 'forged by a screen', true)).toBe(135);
    await settle(consoleA, screenReceived, topic(TABLE_A, 'change'));
    expect(screenReceived.map((message) => message.payload).filter((payload) => payload.startsWith('forged'))).toEqual([]);

    const late = await connect(screenLogin());
    const lateReceived = record(late);
    await late.subscribeAsync(topic(TABLE_A, 'recorded'), { qos: 1 });
    await until(() => lateReceived.length > 0, "table A's retained acknowledgement", 5_000);
    expect(lateReceived).toEqual([{ topic: topic(TABLE_A, 'recorded'), payload: 'by the recorder', retain: true }]);
    expect(consoleReceived.map((message) => message.payload)).toEqual(['by the recorder']);
  });

  it('lets a console write what a console and its reader bridge write on its table, and nothing else there', async () => {
    const consoleA = await connect(consoleLogin(TABLE_A));
    const received = record(consoleA);
    await consoleA.subscribeAsync(`bacc/v1/tables/${tableKey(TABLE_A)}/#`, { qos: 1 });
    for (const leaf of ['state', 'change', 'presence', 'reader', 'reader-request'] as const) {
      expect(await publishRefusal(consoleA, topic(TABLE_A, leaf), `console writing ${leaf}`, leaf === 'state'), leaf).toBeNull();
    }
    expect(await publishRefusal(consoleA, topic(TABLE_A, 'other'), 'console writing other')).toBe(135);
    expect(await publishRefusal(consoleA, `${topic(TABLE_A, 'state')}/deeper`, 'console writing deeper')).toBe(135);
    await until(() => received.some((message) => message.payload === 'console writing reader-request'), 'its own messages', 5_000);
    expect(received.map((message) => message.payload)).toEqual(
      ['state', 'change', 'presence', 'reader', 'reader-request'].map((leaf) => `console writing ${leaf}`),
    );
  });

  it("keeps for the recorder's persistent session every state and change a 100-table room deals in whole 80-hand shoes while it is away", async () => {
    // 100 tables × 80 hands × (state + change): more than the 10,000 the broker held for a client before.
    const messages = 100 * 80 * 2;
    const clientId = `recorder-${randomUUID()}`;
    const away = await connect(recorderLogin(), { clientId, clean: false, properties: { sessionExpiryInterval: 3600 } }, broker().mqttUrl);
    await away.subscribeAsync(['bacc/v1/tables/+/state', 'bacc/v1/tables/+/change'], { qos: 1 });
    await away.endAsync();

    const consoles = await Promise.all([TABLE_A, TABLE_B, VIP].map((table) => connect(consoleLogin(table), {}, broker().mqttUrl)));
    const burst = 500;
    for (let start = 0; start < messages; start += burst) {
      await Promise.all(
        Array.from({ length: Math.min(burst, messages - start) }, (_, offset) => {
          const index = start + offset;
          const table = [TABLE_A, TABLE_B, VIP][index % 3]!;
          const leaf = index % 2 === 0 ? 'state' : 'change';
          return consoles[index % 3]!.publishAsync(topic(table, leaf), `hand ${index}`, { qos: 1, retain: leaf === 'state' });
        }),
      );
    }

    // Listening before the connection opens: the broker sends the queue right after accepting it.
    const seen = new Set<string>();
    const back = mqttConnect(broker().mqttUrl, {
      protocolVersion: 5,
      clientId,
      clean: false,
      properties: { sessionExpiryInterval: 3600 },
      reconnectPeriod: 0,
      ...recorderLogin(),
    });
    clients.push(back);
    back.on('message', (_topic, payload) => seen.add(payload.toString()));
    await untilValue(
      () => seen.size,
      (size) => size === messages,
      `all ${messages} messages queued for the recorder`,
      30_000,
      50,
    );
    expect(broker().log()).not.toMatch(/dropped/i);
  });
});
