// The recorder against a real Mosquitto and a real SQLite ledger: consoles' states committed and
// acknowledged, a recorder stopped and started again that misses nothing, hostile messages refused
// and kept as refusals, and a full disk that acknowledges nothing until the write succeeds.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { simulateShoeRecords, type ShoeRecord } from '../../src/index.js';
import { presenceMessage, tableStateMessage, tableTopics, type TableChangeMessage } from '../../src/room/messages.js';
import { readRecordedMessage, recordedTopic, type TableRecordedMessage } from '../../src/room/recorded.js';
import { readerLinesMessage, readerTopic } from '../../src/reader/messages.js';
import { startBroker, type Login, type RunningBroker } from '../../test/e2e/mosquitto.js';
import { delay, until, untilValue } from '../../test/support/wait.js';
import { openLedgerDatabase, type LedgerDatabase } from '../src/record/database.js';
import { PitLogins } from '../src/pit/logins.js';
import { freePort } from '../../scripts/broker-files.mjs';
import { Ledger, shoeFields } from '../src/record/ledger.js';
import { runRecorder, type RecorderTally } from '../src/record/recorder.js';
import { buildBacc, killStarted, type Run } from '../../test/e2e/processes.js';
import { startPostgres, type RunningPostgres } from '../../test/support/postgres.js';

// One table per test: no test meets another's retained state.
const TABLES = ['Table 1', 'Table 2', 'Table 3', 'Table 4', 'Table 5', 'Table 6', 'Table 7', 'Table 8', 'Table 9'];
let broker: RunningBroker;
// In the project's .tmp (made if need be: a fresh clone has none), beside the broker's folders.
mkdirSync(join(process.cwd(), '.tmp'), { recursive: true });
const scratch = mkdtempSync(join(process.cwd(), '.tmp', 'recorder-test-'));
let ledgers = 0;

beforeAll(async () => {
  broker = await startBroker({ tables: TABLES });
}, 30_000);
afterAll(async () => {
  killStarted();
  await broker.stop();
  rmSync(scratch, { recursive: true, force: true });
});

const clients: MqttClient[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.endAsync();
  for (const stop of running.splice(0)) await stop();
});

async function connect(login: Login): Promise<MqttClient> {
  const client = await connectAsync(broker.mqttUrl, { protocolVersion: 5, reconnectPeriod: 0, ...login });
  clients.push(client);
  return client;
}

/** A console publishing its table as the pages do: presence, then change and state for each change. */
class FakeConsole {
  revision = 0;
  constructor(
    readonly client: MqttClient,
    readonly table: string,
    readonly session: string,
  ) {}
  async online(): Promise<void> {
    const presence = presenceMessage(true, new Date(), { session: this.session, machine: 'Test laptop' });
    await this.client.publishAsync(tableTopics(this.table).presence, JSON.stringify(presence), { qos: 1, retain: true });
  }
  async publish(shoe: ShoeRecord, change: TableChangeMessage['change'] = 'add'): Promise<void> {
    const after = this.revision;
    this.revision++;
    const message: TableChangeMessage = {
      format: 'bacc-table-change',
      version: 1,
      revision: this.revision,
      after,
      shoeId: shoe.id,
      change,
      handCount: shoe.hands.length,
      ...(change === 'add' ? { hand: shoe.hands.at(-1)! } : {}),
      session: this.session,
    };
    await this.client.publishAsync(tableTopics(this.table).change, JSON.stringify(message), { qos: 1 });
    const state = tableStateMessage(this.table, '10 – 500', shoe, this.revision, new Date(), this.session);
    await this.client.publishAsync(tableTopics(this.table).state, JSON.stringify(state), { qos: 1, retain: true });
  }
}

function dealt(id: string, table: string, hands: number): ShoeRecord {
  const [simulated] = simulateShoeRecords({ shoes: 1, seed: id, table });
  return {
    ...simulated!,
    id,
    source: 'recorded',
    seed: null,
    endedAt: null,
    hands: simulated!.hands.slice(0, hands),
    events: [],
    audit: [],
  };
}

const running: (() => Promise<void>)[] = [];
let recorders = 0;

/** Starts a recorder on `database` under `name`; resolves once it is subscribed. */
async function startRecorder(
  database: LedgerDatabase,
  name = `recorder-${++recorders}`,
): Promise<{ stop: () => Promise<RecorderTally>; warnings: string[] }> {
  const controller = new AbortController();
  const warnings: string[] = [];
  let ready!: () => void;
  const subscribed = new Promise<void>((resolve) => (ready = resolve));
  const done = runRecorder({
    brokerUrl: broker.mqttUrl,
    ...broker.credentials.recorder,
    ledger: new Ledger(database, name),
    name,
    signal: controller.signal,
    log: () => {},
    warn: (text) => warnings.push(text),
    onReady: ready,
  });
  await Promise.race([subscribed, done.then(() => Promise.reject(new Error('the recorder stopped before it subscribed')))]);
  let stopped = false;
  const stop = async () => {
    if (!stopped) controller.abort();
    stopped = true;
    return done;
  };
  running.push(async () => void (await stop()));
  return { stop, warnings };
}

async function freshLedger(): Promise<LedgerDatabase> {
  return openLedgerDatabase(join(scratch, `ledger-${++ledgers}.sqlite`));
}

/** The latest acknowledgement retained for `table`, read as a console reads it. */
async function acknowledgement(client: MqttClient, table: string): Promise<TableRecordedMessage | null> {
  const topic = recordedTopic(table);
  return new Promise((resolve) => {
    const timer = setTimeout(() => finish(null), 1000);
    const onMessage = (received: string, payload: Buffer) => {
      if (received !== topic || payload.length === 0) return;
      const reading = readRecordedMessage(table, payload.toString(), payload.length);
      finish(reading.ok ? reading.message : null);
    };
    const finish = (value: TableRecordedMessage | null) => {
      clearTimeout(timer);
      client.off('message', onMessage);
      void client.unsubscribeAsync(topic).then(() => resolve(value));
    };
    client.on('message', onMessage);
    void client.subscribeAsync(topic, { qos: 1 });
  });
}

describe('the recorder', () => {
  it('commits each console state and acknowledges it on the table’s recorded topic', async () => {
    const database = await freshLedger();
    await startRecorder(database);
    const console1 = new FakeConsole(await connect(broker.credentials.consoles['Table 1']!), 'Table 1', 'session-a');
    await console1.online();
    const shoe = dealt('shoe-1', 'Table 1', 6);
    for (let hands = 0; hands <= 6; hands++)
      await console1.publish({ ...shoe, hands: shoe.hands.slice(0, hands) }, hands === 0 ? 'start' : 'add');
    await console1.publish(
      {
        ...shoe,
        hands: shoe.hands.slice(0, 5),
        audit: [{ at: new Date().toISOString(), operator: null, action: 'undo', hand: 6, reason: null }],
      },
      'undo',
    );
    const ledger = new Ledger(database, 'reader');
    const screen = await connect(broker.credentials.screens['screen']!);
    const ack = await untilValue(
      () => acknowledgement(screen, 'Table 1'),
      (value) => value?.revision === 8,
      'the acknowledgement of revision 8',
    );
    expect(ack).toMatchObject({
      table: 'Table 1',
      shoeId: 'shoe-1',
      session: 'session-a',
      revision: 8,
      handCount: 5,
      recorder: 'recorder-1',
    });
    const stands = await ledger.shoe('shoe-1');
    expect(stands?.hands).toEqual(shoe.hands.slice(0, 5));
    expect((await ledger.versions('shoe-1')).map((version) => version.hand_count)).toEqual([0, 1, 2, 3, 4, 5, 6, 5]);
    // The undone sixth hand is still in the ledger, in the version that held it.
    expect((await ledger.shoe('shoe-1', 7))?.hands).toEqual(shoe.hands.slice(0, 6));
    await database.close();
  });

  it('stopped mid-shoe and started again, records what was published meanwhile, once', async () => {
    const database = await freshLedger();
    const first = await startRecorder(database, 'restarting');
    const console2 = new FakeConsole(await connect(broker.credentials.consoles['Table 2']!), 'Table 2', 'session-b');
    await console2.online();
    const shoe = dealt('shoe-2', 'Table 2', 30);
    for (let hands = 1; hands <= 10; hands++) await console2.publish({ ...shoe, hands: shoe.hands.slice(0, hands) });
    const ledger = new Ledger(database, 'reader');
    await until(async () => (await ledger.shoe('shoe-2'))?.hands.length === 10, 'ten hands recorded');
    await first.stop();
    for (let hands = 11; hands <= 30; hands++) await console2.publish({ ...shoe, hands: shoe.hands.slice(0, hands) });
    await startRecorder(database, 'restarting');
    await until(async () => (await ledger.shoe('shoe-2'))?.hands.length === 30, 'thirty hands recorded', 15_000);
    const versions = await ledger.versions('shoe-2');
    expect(versions.map((version) => version.hand_count)).toEqual(Array.from({ length: 30 }, (_, index) => index + 1));
    expect(await ledger.shoe('shoe-2')).toEqual(shoeFields(shoe));
    await database.close();
  });

  it('refuses what a screen refuses, keeps each refusal, and changes nothing recorded', async () => {
    const database = await freshLedger();
    const recorder = await startRecorder(database);
    const client = await connect(broker.credentials.consoles['Table 3']!);
    const console1 = new FakeConsole(client, 'Table 3', 'holder');
    await console1.online();
    const shoe = dealt('shoe-3', 'Table 3', 4);
    await console1.publish(shoe, 'state');
    const ledger = new Ledger(database, 'reader');
    await until(async () => (await ledger.shoe('shoe-3')) !== null, 'the shoe recorded');
    const state = tableTopics('Table 3').state;
    // Not JSON; a shoe with a card more often than the decks hold; another session's state; a huge message.
    await client.publishAsync(state, '{not json', { qos: 1 });
    const impossible = { ...shoe, hands: [...shoe.hands, { ...shoe.hands[0]!, cards: Array(4).fill('9H') }] };
    await client.publishAsync(state, JSON.stringify(tableStateMessage('Table 3', '', impossible, 50, new Date(), 'holder')), { qos: 1 });
    const other = { ...shoe, hands: shoe.hands.slice(0, 1) };
    await client.publishAsync(state, JSON.stringify(tableStateMessage('Table 3', '', other, 60, new Date(), 'forger')), { qos: 1 });
    await client.publishAsync(state, 'x'.repeat(300 * 1024), { qos: 1 });
    await until(async () => (await database.db.selectFrom('refusal').select('reason').execute()).length === 4, 'four refusals kept');
    const reasons = (await database.db.selectFrom('refusal').select('reason').orderBy('id').execute()).map((row) => row.reason);
    expect(reasons).toEqual([
      'not JSON',
      expect.stringMatching(/^impossible shoe: /),
      'bad message at "session": not from the console that holds the table',
      expect.stringMatching(/^message of 307200 bytes, more than 262144/),
    ]);
    expect(recorder.warnings.filter((line) => line.startsWith('refused a message on bacc/v1/tables/Table%203/state'))).toHaveLength(4);
    expect(await ledger.shoe('shoe-3')).toEqual(shoeFields(shoe));
    expect((await ledger.versions('shoe-3')).length).toBe(1);
    await database.close();
  });

  it('acknowledges nothing while the ledger refuses writes (a full disk), and records it all once it can', async () => {
    const database = await freshLedger();
    const recorder = await startRecorder(database);
    const console2 = new FakeConsole(await connect(broker.credentials.consoles['Table 4']!), 'Table 4', 'session-full');
    await console2.online();
    const shoe = dealt('shoe-4', 'Table 4', 12);
    await console2.publish({ ...shoe, hands: shoe.hands.slice(0, 1) });
    const ledger = new Ledger(database, 'reader');
    await until(async () => (await ledger.shoe('shoe-4')) !== null, 'the first hand recorded');
    const pages = Number(database.sqlite!.pragma('page_count', { simple: true }));
    database.sqlite!.pragma(`max_page_count = ${pages}`);
    const padded = (hands: number): ShoeRecord => ({
      ...shoe,
      hands: shoe.hands.slice(0, hands),
      audit: Array.from({ length: 40 + hands * 4 }, (_, index) => ({
        at: shoe.startedAt,
        operator: 'x'.repeat(60),
        action: 'cancel' as const,
        hand: 1,
        reason: `${index} ${'y'.repeat(180)}`,
      })),
    });
    for (let hands = 2; hands <= 12; hands++) await console2.publish(padded(hands));
    await until(() => recorder.warnings.some((line) => line.startsWith('could not write to the ledger')), 'the write refused');
    expect(recorder.warnings.find((line) => line.startsWith('could not write'))).toMatch(/full/);
    // What the ledger holds is what was acknowledged, and no more.
    const held = (await ledger.shoe('shoe-4'))!.hands.length;
    expect(held).toBeLessThan(12);
    const screen = await connect(broker.credentials.screens['screen']!);
    expect((await acknowledgement(screen, 'Table 4'))?.handCount).toBe(held);
    // Room again: the broker hands over what was not acknowledged, and every hand is recorded once.
    database.sqlite!.pragma('max_page_count = 1073741823');
    await until(async () => (await ledger.shoe('shoe-4'))?.hands.length === 12, 'all twelve hands recorded', 20_000);
    expect(await ledger.shoe('shoe-4')).toEqual(shoeFields(padded(12)));
    const counts = (await ledger.versions('shoe-4')).map((version) => version.hand_count);
    expect(new Set(counts).size).toBe(counts.length);
    await database.close();
  }, 40_000);

  it('started with no session at the broker, takes each table as its retained state holds it', async () => {
    const console5 = new FakeConsole(await connect(broker.credentials.consoles['Table 5']!), 'Table 5', 'session-5');
    await console5.online();
    const shoe = dealt('shoe-5', 'Table 5', 10);
    for (let hands = 1; hands <= 10; hands++) await console5.publish({ ...shoe, hands: shoe.hands.slice(0, hands) });
    const database = await freshLedger();
    await startRecorder(database);
    const ledger = new Ledger(database, 'reader');
    await until(async () => (await ledger.shoe('shoe-5'))?.hands.length === 10, 'the retained shoe recorded');
    expect(await ledger.shoe('shoe-5')).toEqual(shoeFields(shoe));
    expect((await ledger.versions('shoe-5')).map((version) => version.revision)).toEqual([10]);
    await database.close();
  });
  it('passes over the retained state of the console a table was taken from, read again for the new one', async () => {
    const database = await freshLedger();
    const recorder = await startRecorder(database);
    const login = broker.credentials.consoles['Table 7']!;
    const first = new FakeConsole(await connect(login), 'Table 7', 'session-old');
    await first.online();
    const shoe = dealt('shoe-7', 'Table 7', 8);
    await first.publish({ ...shoe, hands: shoe.hands.slice(0, 4) });
    const ledger = new Ledger(database, 'reader');
    await until(async () => (await ledger.shoe('shoe-7'))?.hands.length === 4, 'the first console recorded');
    // The page is reloaded: a new session takes the table, then publishes the same shoe on.
    const second = new FakeConsole(await connect(login), 'Table 7', 'session-new');
    second.revision = first.revision;
    await second.online();
    // A console publishes its state a moment after its presence (it reads the retained state first):
    // meanwhile the recorder reads the table's state again, still the old session's.
    await until(
      async () => (await database.db.selectFrom('presence').select('id').where('session', '=', 'session-new').execute()).length === 1,
      'the new presence recorded',
    );
    await delay(300);
    await second.publish({ ...shoe, hands: shoe.hands.slice(0, 5) });
    await until(async () => (await ledger.shoe('shoe-7'))?.hands.length === 5, 'the new session recorded');
    expect(await database.db.selectFrom('refusal').selectAll().execute()).toEqual([]);
    expect(recorder.warnings).toEqual([]);
    await database.close();
  });
  it('keeps a card shoe’s lines, and the pack it named with the shoe the console deals from it', async () => {
    const database = await freshLedger();
    await startRecorder(database);
    const client = await connect(broker.credentials.consoles['Table 8']!);
    const console8 = new FakeConsole(client, 'Table 8', 'session-8');
    await console8.online();
    const lines = readerLinesMessage('bridge-8', 1, 'bacc', ['BACC-SHOE 1', 'SHOE pack-77', 'CARD 9H']);
    await client.publishAsync(readerTopic('Table 8'), JSON.stringify(lines), { qos: 1 });
    const fromPack = dealt('shoe-8a', 'Table 8', 3);
    await console8.publish(fromPack);
    const byHand = dealt('shoe-8b', 'Table 8', 2);
    await console8.publish(byHand);
    const ledger = new Ledger(database, 'reader');
    await until(async () => (await ledger.shoe('shoe-8b')) !== null, 'both shoes recorded');
    const shoes = await database.db
      .selectFrom('shoe')
      .select(['shoe_id', 'pack_id'])
      .where('table_name', '=', 'Table 8')
      .orderBy('shoe_id')
      .execute();
    expect(shoes).toEqual([
      { shoe_id: 'shoe-8a', pack_id: 'pack-77' },
      { shoe_id: 'shoe-8b', pack_id: null },
    ]);
    const kept = await database.db
      .selectFrom('reader_line')
      .select(['table_name', 'source', 'seq', 'lines'])
      .where('table_name', '=', 'Table 8')
      .execute();
    expect(kept).toEqual([{ table_name: 'Table 8', source: 'bridge-8', seq: 1, lines: JSON.stringify(lines.lines) }]);
    await database.close();
  });
  it('started again, refuses a state another session published while it was away, as a screen does', async () => {
    const database = await freshLedger();
    const first = await startRecorder(database, 'holder-aware');
    const client = await connect(broker.credentials.consoles['Table 9']!);
    const console9 = new FakeConsole(client, 'Table 9', 'session-real');
    await console9.online();
    const shoe = dealt('shoe-9', 'Table 9', 3);
    await console9.publish(shoe);
    const ledger = new Ledger(database, 'reader');
    await until(async () => (await ledger.shoe('shoe-9')) !== null, 'the real shoe recorded');
    await first.stop();
    // A forger with the table's login, while the recorder is away: the same shoe with other winners.
    const forged = {
      ...shoe,
      hands: shoe.hands.map((hand) => ({ ...hand, outcome: hand.outcome === 'B' ? ('P' as const) : hand.outcome })),
    };
    const forgery = tableStateMessage(
      'Table 9',
      '',
      { ...forged, hands: forged.hands.map((hand) => ({ ...hand, cards: null, playerTotal: null, bankerTotal: null })) },
      1000,
      new Date(),
      'ffffffff-000000000001',
    );
    await client.publishAsync(tableTopics('Table 9').state, JSON.stringify(forgery), { qos: 1 });
    const again = await startRecorder(database, 'holder-aware');
    await until(() => again.warnings.some((line) => line.includes('not from the console that holds the table')), 'the forgery refused');
    expect(await ledger.shoe('shoe-9')).toEqual(shoeFields(shoe));
    expect((await ledger.versions('shoe-9')).length).toBe(1);
    await database.close();
  });
});

describe('two recorders on one PostgreSQL', () => {
  let postgres: RunningPostgres;
  let bacc: (...args: string[]) => Run;
  beforeAll(async () => {
    postgres = await startPostgres();
    bacc = await buildBacc(mkdtempSync(join(scratch, 'bacc-')));
  }, 60_000);
  afterAll(async () => {
    await postgres?.stop();
  });

  it('lose nothing and double nothing when one is killed mid-shoe', async () => {
    const address = await postgres.createDatabase('two_recorders');
    const database = await openLedgerDatabase(address);
    // Recorder A as it runs in a room: its own process, killed without a word.
    const startA = () =>
      bacc(
        'recorder',
        '--broker',
        broker.mqttUrl,
        '--user',
        broker.credentials.recorder.username,
        '--password',
        broker.credentials.recorder.password,
        '--db',
        address,
        '--name',
        'recorder-a',
      );
    let a = startA();
    await until(() => a.stdout().includes('connected to'), 'recorder A connected', 15_000);
    const console6 = new FakeConsole(await connect(broker.credentials.consoles['Table 6']!), 'Table 6', 'session-6');
    await console6.online();
    const shoe = dealt('shoe-6', 'Table 6', 40);
    const ledger = new Ledger(database, 'reader');
    const recordedBy = async (hands: number) => (await ledger.versions('shoe-6')).find((version) => version.hand_count === hands)?.recorder;
    // A alone for ten hands, both for five, B alone once A is killed, both again once A is back.
    for (let hands = 1; hands <= 40; hands++) {
      await console6.publish({ ...shoe, hands: shoe.hands.slice(0, hands) });
      if (hands === 10) {
        await until(async () => (await recordedBy(10)) !== undefined, 'hand 10 recorded by A');
        await startRecorder(database, 'recorder-b');
      }
      if (hands === 15) {
        a.child.kill('SIGKILL');
        await a.exited;
      }
      if (hands === 30) a = startA();
    }
    await until(async () => (await ledger.shoe('shoe-6'))?.hands.length === 40, 'forty hands recorded', 20_000);
    await until(() => a.stdout().includes('recorded with 40 hands') || a.stdout().includes('its session kept'), 'recorder A back', 15_000);
    const versions = await ledger.versions('shoe-6');
    expect(versions.map((version) => version.hand_count)).toEqual(Array.from({ length: 40 }, (_, index) => index + 1));
    expect(versions.slice(0, 10).map((version) => version.recorder)).toEqual(Array(10).fill('recorder-a'));
    expect(versions.slice(15, 30).map((version) => version.recorder)).toEqual(Array(15).fill('recorder-b'));
    expect(await ledger.shoe('shoe-6')).toEqual(shoeFields(shoe));
    const hands = await database.db
      .selectFrom('hand')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('shoe_id', '=', 'shoe-6')
      .executeTakeFirstOrThrow();
    expect(Number(hands.n)).toBe(40);
    expect(a.stdout() + a.stderr()).not.toContain(broker.credentials.recorder.password);
    a.child.kill('SIGTERM');
    await a.exited;
    await database.close();
  }, 60_000);

  it('serves the pit’s API beside the recording, on loopback, to a login', async () => {
    const address = await postgres.createDatabase('pit_http');
    const database = await openLedgerDatabase(address);
    await new PitLogins(database.db).set('pit-boss', 'a long enough password', 'pit');
    const port = await freePort();
    const recorder = bacc(
      'recorder',
      '--broker',
      broker.mqttUrl,
      '--password',
      broker.credentials.recorder.password,
      '--db',
      address,
      '--name',
      'recorder-http',
      '--http',
      String(port),
      '--allow-origin',
      'https://pit.example',
    );
    await until(() => recorder.stdout().includes('connected to'), 'the recorder connected', 15_000);
    expect(recorder.stdout()).toContain(`bacc recorder: the pit's API on http://127.0.0.1:${port}/api/`);
    const api = `http://127.0.0.1:${port}/api`;
    expect((await fetch(`${api}/shoes`)).status).toBe(401);
    const signedIn = await fetch(`${api}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'pit-boss', password: 'a long enough password' }),
    });
    const { token } = (await signedIn.json()) as { token: string };
    // A hand recorded while it serves is there to read.
    const console6 = new FakeConsole(await connect(broker.credentials.consoles['Table 6']!), 'Table 6', 'session-http');
    await console6.online();
    await console6.publish(dealt('shoe-http', 'Table 6', 3));
    const tables = async () => {
      const listed = await fetch(`${api}/tables`, { headers: { authorization: `Bearer ${token}`, origin: 'https://pit.example' } });
      expect(listed.status).toBe(200);
      expect(listed.headers.get('access-control-allow-origin')).toBe('https://pit.example');
      return ((await listed.json()) as { tables: { table: string }[] }).tables.map((table) => table.table);
    };
    await untilValue(tables, (names) => names.includes('Table 6'), 'Table 6 listed by the API');
    recorder.child.kill('SIGTERM');
    expect(await recorder.exited).toBe(0);
    await database.close();
  }, 40_000);
});
