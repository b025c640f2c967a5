/**
 * `bacc shoe-sim` writing a seeded shoe into one end of a pseudo-terminal pair (socat), `bacc shoe`
 * reading the other end and publishing through Mosquitto, and a screen login collecting the reader
 * messages: their lines, through the line reader and the card feed, give the seed's shoe hand by
 * hand, also when the pty is closed and made again mid-shoe. Bad lines are refused, never published.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { connectAsync, type MqttClient } from 'mqtt';
import { SerialPort } from 'serialport';
import { useBroker } from './mosquitto.js';
import { buildBacc, end, killStarted, ptyPair, root, type Run } from './processes.js';
import { delay, until } from '../support/wait.js';
import { readReaderMessage, readerTopic, type ReaderLinesMessage } from '../../src/reader/messages.js';
import { LineNumbers, ShoeLineReader, isRefusal, parseBaccLine } from '../../src/reader/lines.js';
import { CardFeed, type FeedEvent } from '../../src/dealing/card-feed.js';
import { Shoe, formatCode } from '../../src/game/shoe.js';
import { shoeSimLines, simPackId } from '../../server/src/serial/shoe-sim.js';
import { main } from '../../server/src/cli.js';

const TABLE = 'Table 9/VIP';
const broker = useBroker({ tables: [TABLE] });

let folder: string;
let bacc: (...args: string[]) => Run;
let screen: MqttClient;
const received: ReaderLinesMessage[] = [];

function bridge(dir: string, protocol = 'bacc'): Run {
  const { username, password } = broker().credentials.consoles[TABLE]!;
  return bacc(
    'shoe',
    '--port',
    join(dir, 'host'),
    '--table',
    TABLE,
    '--broker',
    broker().mqttUrl,
    '--user',
    username,
    '--password',
    password,
    '--protocol',
    protocol,
  );
}

const lines = (): string[] => received.flatMap((message) => message.lines);

/** Seq of each source's messages: 1, 2, 3 … with no gap and no repeat. */
function expectSeqInOrder(): void {
  const sources = new Set(received.map((message) => message.source));
  expect(sources.size).toBe(1);
  expect(received.map((message) => message.seq)).toEqual(received.map((_, index) => index + 1));
}

beforeAll(async () => {
  mkdirSync(join(root, '.tmp'), { recursive: true });
  folder = mkdtempSync(join(root, '.tmp', 'shoe-bridge-'));
  bacc = await buildBacc(folder);
  const login = broker().credentials.screens['screen']!;
  screen = await connectAsync(broker().mqttUrl, { protocolVersion: 5, ...login, clean: true, reconnectPeriod: 200 });
  screen.on('message', (topic, payload) => {
    const reading = readReaderMessage(topic, payload.toString('utf8'), payload.byteLength);
    if (!reading.ok) throw new Error(`a reader message refused: ${JSON.stringify(reading.refusal)}`);
    received.push(reading.message);
  });
  await screen.subscribeAsync(readerTopic(TABLE), { qos: 1 });
});

afterAll(async () => {
  killStarted();
  await screen?.endAsync();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('bacc shoe-sim → pty → bacc shoe → broker', () => {
  it('delivers the seed’s whole shoe, burn and cut card, hand by hand, through a cable pulled and put back mid-shoe', async () => {
    received.length = 0;
    const dir = mkdtempSync(join(folder, 'pty-'));
    const seed = 'pulled-cable';
    const plan = shoeSimLines({ seed, decks: 8, protocol: 'bacc', cancelEvery: 9 });
    let socat = await ptyPair(dir);
    const reader = bridge(dir);
    await until(() => reader.stdout().includes('connected to'), 'the bridge to connect', 30_000);
    const sim = bacc(
      'shoe-sim',
      '--port',
      join(dir, 'shoe'),
      '--seed',
      seed,
      '--pack',
      simPackId(seed),
      '--interval',
      '8',
      '--cancel-every',
      '9',
    );

    // The cable pulled a third of the way in, and put back a second later: both ends go away and
    // come back, the device and the bridge each find their end again in their own time.
    await until(() => lines().length >= plan.length / 3, 'a third of the shoe', 30_000);
    await end(socat);
    await delay(1000);
    socat = await ptyPair(dir);

    expect(await sim.exited).toBe(0);
    expect(sim.stdout()).toContain(`${plan.length} lines written`);
    expect(sim.stdout()).toContain('open again');
    await until(() => lines().length >= plan.length, 'every line published', 10_000);
    await delay(300);
    expect(await end(reader)).toBe(0);
    await end(socat);
    expect(reader.stdout()).toContain('open again');
    expect(reader.stdout()).toContain(`${plan.length} lines accepted`);
    // The only line refused, if any, is the one the pull cut in half (it is sent again whole).
    for (const refusal of reader.stderr().match(/refused line \((\S+)\)/g) ?? []) expect(refusal).toBe('refused line (incomplete)');

    // No line lost or doubled: exactly the lines the device sent, in order, seq 1, 2, 3 … per source.
    expect(lines()).toEqual(plan);
    expectSeqInOrder();

    // Through the console's reader and card feed: the seed's shoe.
    const lineReader = new ShoeLineReader('bacc');
    const feed = new CardFeed({ rules: { decks: 8 } });
    for (const result of lineReader.push(
      lines()
        .map((line) => `${line}\n`)
        .join(''),
    )) {
      if (isRefusal(result)) throw new Error(`refused ${result.line}`);
      expect(feed.feed(result)).toMatchObject({ accepted: true });
    }
    const shoe = new Shoe({ seed, rules: { decks: 8 } });
    const hands = shoe.dealAll();
    const recorded = feed.events.filter((event): event is Extract<FeedEvent, { kind: 'hand' }> => event.kind === 'hand');
    expect(recorded.map((event) => ({ cards: event.cards, cutCardOut: event.cutCardOut, number: event.handNumber }))).toEqual(
      hands.map((hand) => ({ cards: hand.cards, cutCardOut: hand.cutCardOut, number: hand.handNumber })),
    );
    expect(recorded.map((event) => event.hand.outcome)).toEqual(hands.map((hand) => hand.winner));
    const burn = feed.events.find((event) => event.kind === 'burn');
    expect(burn).toEqual({
      kind: 'burn',
      card: shoe.burnCard,
      burned: Array.from(shoe.order.subarray(1, 1 + shoe.burned), (code) => formatCode(code)),
    });
    expect(feed.events.filter((event) => event.kind === 'cut')).toHaveLength(1);
    expect(feed.events.filter((event) => event.kind === 'cancelled').length).toBeGreaterThan(0);
    expect(feed.events.at(-1)).toEqual({ kind: 'shoe-end', hands: hands.length, early: false });
    expect(feed.reconcile().holds).toBe(true);
    const { password } = broker().credentials.consoles[TABLE]!;
    expect(reader.stdout() + reader.stderr()).not.toContain(password);
  });

  it('refuses and counts bad lines on the wire (noise, unknown cards, 10 kB of garbage, a half line); publishes none', async () => {
    received.length = 0;
    const dir = mkdtempSync(join(folder, 'pty-'));
    let socat = await ptyPair(dir);
    const reader = bridge(dir);
    await until(() => reader.stdout().includes('connected to'), 'the bridge to connect', 30_000);
    const device = await new Promise<SerialPort>((resolve, reject) => {
      const port = new SerialPort({ path: join(dir, 'shoe'), baudRate: 9600, autoOpen: false });
      port.open((error) => (error ? reject(error) : resolve(port)));
    });
    device.on('error', () => undefined);
    let answered = '';
    device.on('data', (chunk: Buffer) => (answered += chunk.toString()));
    const answers = () => answered.split(/\r\n/);
    const garbage = Buffer.alloc(10 * 1024);
    for (let i = 0; i < garbage.length; i++) garbage[i] = [10, 13].includes(i % 256) ? 0x7f : i % 256;
    const write = (data: string | Buffer) =>
      new Promise<void>((resolve, reject) => device.write(data, (error) => (error ? reject(error) : device.drain(() => resolve()))));
    await write('BACC-SHOE 1\r\nhello there\r\nCARD 9H\r\nCARD 1X\r\n\x00\x01\x02\r\n');
    await write(garbage);
    await write('\r\nCARD 9S\nCANCEL XX\rLID OPEN\r\nCARD 8');
    await until(() => lines().length >= 3, 'the good lines', 10_000);
    await delay(300);
    // The cable pulled in the middle of "CARD 8": the half line is refused, not joined to the next.
    await end(socat);
    await new Promise<void>((resolve) => (device.isOpen ? device.close(() => resolve()) : resolve()));
    await until(() => reader.stderr().includes('(incomplete)'), 'the half line refused', 5000);
    socat = await ptyPair(dir);
    await until(() => reader.stdout().includes('open again'), 'the bridge to reopen', 5000);
    expect(await end(reader)).toBe(0);
    await end(socat);

    // The hello is the bridge's to answer (RESUME), not published.
    expect(lines()).toEqual(['CARD 9H', 'CARD 9S', 'LID OPEN']);
    expectSeqInOrder();
    const refusals = reader.stderr().match(/^bacc: refused line \((\S+)\)/gm) ?? [];
    expect(refusals.map((line) => /\((\S+)\)/.exec(line)![1])).toEqual([
      'unknown-keyword',
      'unknown-card',
      'unknown-keyword',
      'too-long',
      'unknown-card',
      'incomplete',
    ]);
    expect(reader.stdout()).toContain('3 lines accepted, 6 refused');
    expect(answers()).toContain('RESUME');
  });

  it('loses no card when the bridge is stopped and started again mid-shoe: the device sends its shoe again, a console drops what it holds', async () => {
    received.length = 0;
    const dir = mkdtempSync(join(folder, 'pty-'));
    const seed = 'bridge-restarted';
    const plan = shoeSimLines({ seed, decks: 8, protocol: 'bacc', cancelEvery: 0 });
    const socat = await ptyPair(dir);
    const first = bridge(dir);
    await until(() => first.stdout().includes('connected to'), 'the bridge to connect', 30_000);
    const sim = bacc(
      'shoe-sim',
      '--port',
      join(dir, 'shoe'),
      '--seed',
      seed,
      '--pack',
      simPackId(seed),
      '--interval',
      '8',
      '--cancel-every',
      '0',
    );
    await until(() => lines().length >= plan.length / 3, 'a third of the shoe', 30_000);
    expect(await end(first)).toBe(0);
    // Lines dealt while no bridge reads are lost on the wire; the next bridge holds nothing and says so.
    await delay(500);
    const second = bridge(dir);
    expect(await sim.exited).toBe(0);
    expect(sim.stdout()).toContain('the host holds no line of this shoe; sending again from line 1');
    await until(() => lines().filter((line) => line.startsWith('1 SHOE')).length === 2, 'the whole shoe again', 10_000);
    await until(() => lines().at(-1) === plan.at(-1), 'every line', 10_000);
    await delay(300);
    expect(await end(second)).toBe(0);
    await end(socat);

    // Read as a console reads the messages (drops the numbered lines it holds): the shoe, once.
    const numbers = new LineNumbers();
    const taken = lines().filter((line) => {
      const event = parseBaccLine(line);
      return !isRefusal(event) && event.kind !== 'hello' && numbers.sort(event, false) !== 'repeat';
    });
    expect(taken).toEqual(plan);
  });

  it('deals the same seed twice as two packs, so a console that holds the first still takes the second', async () => {
    received.length = 0;
    const dir = mkdtempSync(join(folder, 'pty-'));
    const seed = 'dealt-twice';
    const socat = await ptyPair(dir);
    const reader = bridge(dir);
    await until(() => reader.stdout().includes('connected to'), 'the bridge to connect', 30_000);
    for (let run = 0; run < 2; run++) {
      const sim = bacc('shoe-sim', '--port', join(dir, 'shoe'), '--seed', seed, '--interval', '0', '--cancel-every', '0');
      expect(await sim.exited).toBe(0);
    }
    const plan = shoeSimLines({ seed, decks: 8, protocol: 'bacc', cancelEvery: 0 });
    await until(() => lines().length >= 2 * plan.length, 'both shoes', 10_000);
    await delay(300);
    expect(await end(reader)).toBe(0);
    await end(socat);
    const packs = lines().filter((line) => line.startsWith('1 SHOE '));
    expect(packs).toHaveLength(2);
    expect(packs[0]).toMatch(/^1 SHOE sim-dealt-twice-[0-9a-z]+$/);
    expect(packs[1]).not.toBe(packs[0]);
    const numbers = new LineNumbers();
    const taken = lines().filter((line) => {
      const event = parseBaccLine(line);
      return !isRefusal(event) && numbers.sort(event, false) !== 'repeat';
    });
    expect(taken).toHaveLength(2 * plan.length);
  });

  it('queues the lines in order while the broker is away, and sends each once when it is back (suit-rank)', async () => {
    received.length = 0;
    const dir = mkdtempSync(join(folder, 'pty-'));
    const seed = 'broker-away';
    const plan = shoeSimLines({ seed, decks: 8, protocol: 'suit-rank', cancelEvery: 0 });
    const socat = await ptyPair(dir);
    const reader = bridge(dir, 'suit-rank');
    await until(() => reader.stdout().includes('connected to'), 'the bridge to connect', 30_000);
    const sim = bacc('shoe-sim', '--port', join(dir, 'shoe'), '--seed', seed, '--protocol', 'suit-rank', '--interval', '8');

    await until(() => lines().length >= plan.length / 3, 'a third of the shoe', 30_000);
    await broker().stop();
    await delay(1500);
    await broker().restart();

    expect(await sim.exited).toBe(0);
    await until(() => lines().length >= plan.length, 'every line published', 15_000);
    await delay(300);
    expect(await end(reader)).toBe(0);
    await end(socat);
    expect(reader.stderr()).toMatch(/is away; lines wait in order/);
    expect(reader.stdout()).toMatch(/connected again to/);
    expect(lines()).toEqual(plan);
    expectSeqInOrder();
    // Fewer messages than lines: the lines that waited went out together.
    expect(received.length).toBeLessThan(plan.length);

    const lineReader = new ShoeLineReader('suit-rank');
    const feed = new CardFeed({ rules: { decks: 8 } });
    for (const result of lineReader.push(
      lines()
        .map((line) => `${line}\r\n`)
        .join(''),
    )) {
      if (isRefusal(result)) throw new Error(`refused ${result.line}`);
      expect(feed.feed(result)).toMatchObject({ accepted: true });
    }
    const recorded = feed.events.filter((event): event is Extract<FeedEvent, { kind: 'hand' }> => event.kind === 'hand');
    // The suit-and-rank protocol has no cut card line: the hands, not where the cut card came out.
    expect(recorded.map((event) => event.cards)).toEqual(new Shoe({ seed, rules: { decks: 8 } }).dealAll().map((hand) => hand.cards));
  });

  it('stops with one bacc: line when the broker refuses the login, and never prints the password', async () => {
    const dir = mkdtempSync(join(folder, 'pty-'));
    const { username } = broker().credentials.consoles[TABLE]!;
    const wrong = 'not-the-password-0123';
    const reader = bacc(
      'shoe',
      '--port',
      join(dir, 'host'),
      '--table',
      TABLE,
      '--broker',
      broker().mqttUrl,
      '--user',
      username,
      '--password',
      wrong,
    );
    expect(await reader.exited).toBe(1);
    expect(reader.stderr()).toMatch(/^bacc: the broker refused the login of /m);
    expect(reader.stdout() + reader.stderr()).not.toContain(wrong);
  });
});

describe('bacc shoe and shoe-sim usage', () => {
  async function usage(args: string[]): Promise<{ code: number; stderr: string }> {
    let stderr = '';
    const code = await main(args, {
      stdout: () => undefined,
      stderr: (text) => (stderr += text),
      stdinLines: () => [][Symbol.iterator]() as never,
    });
    return { code, stderr };
  }

  it('refuses a bad command line with one bacc: line and exit 2', async () => {
    const cases: [string[], RegExp][] = [
      [['shoe-sim', '--seed', 's'], /needs --port/],
      [['shoe-sim', '--port', 'x'], /needs --seed/],
      [['shoe-sim', '--port', 'x', '--seed', 's', '--protocol', 'morse'], /--protocol must be one of bacc, suit-rank, json/],
      [['shoe-sim', '--port', 'x', '--seed', 's', '--protocol', 'json', '--cancel-every', '5'], /--cancel-every needs the bacc protocol/],
      [['shoe-sim', '--port', 'x', '--seed', 's', '--interval', 'soon'], /--interval must be a whole number/],
      [['shoe-sim', '--port', 'x', '--seed', 's', '--pack', 'two words'], /--pack must be 1 to 64 visible ASCII/],
      [['shoe-sim', '--port', 'x', '--seed', 's', '--protocol', 'json', '--pack', 'p'], /--pack needs the bacc protocol/],
      [['shoe', '--port', 'x', '--broker', 'mqtt://h:1', '--user', 'u', '--password', 'p'], /needs --table/],
      [['shoe', '--port', 'x', '--table', 'T', '--broker', 'http://h', '--user', 'u', '--password', 'p'], /--broker must start mqtt/],
      [
        ['shoe', '--port', 'x', '--table', 'T', '--broker', 'mqtt://u:secret@h:1', '--user', 'u', '--password', 'p'],
        /not in the --broker URL/,
      ],
      [
        ['shoe', '--port', 'x', '--table', 'T', '--broker', 'mqtt://h:1', '--user', 'u', '--password', 'p', 'extra'],
        /no arguments besides/,
      ],
    ];
    for (const [args, message] of cases) {
      const { code, stderr } = await usage(args);
      expect(code, args.join(' ')).toBe(2);
      expect(stderr).toMatch(/^bacc: [^\n]+\n$/);
      expect(stderr).toMatch(message);
      expect(stderr).not.toContain('secret');
    }
  });
});
