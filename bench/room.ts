/**
 * Tables across machines (issue 16): a real Mosquitto on loopback (bench/room-broker.ts), the
 * production build of the app in Debian's Chromium (playwright-core), MQTT.js for Node clients.
 * Separate browser contexts stand for separate machines (no shared storage or channel). Every
 * time is read in this Node process, the one clock the console, the broker and the screens share.
 *
 * - Key press → painted on another machine: `b` pressed on a console page, until the display
 *   page's scoreboard holds one more hand and a frame with it has been painted.
 * - Load run: 100 tables publishing 80-hand shoes as consoles do, 200 Node subscribers on the
 *   tables' `change` topics (two per table) and one Chromium lobby.
 * - Late join: a display page opened on a table whose 80-hand shoe is retained on the broker.
 */
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { connectAsync, type MqttClient } from 'mqtt';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { build, preview, type PreviewServer } from 'vite';
import {
  everyTableTopic,
  presenceMessage,
  tableStateMessage,
  tableTopics,
  type TableChangeMessage,
  type TableStateMessage,
} from '../src/room/messages.js';
import { simulateShoeRecords } from '../src/shoes/records.js';
import type { ShoeRecord } from '../src/shoes/document.js';
import { quartiles, upperBoundFigure, type BenchFigure } from './harness.js';
import { chromiumLaunchOptions } from './chromium.js';
import { startBenchBroker, type BenchBroker, type Login } from './room-broker.js';
import { delay, until } from '../test/support/wait.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Targets as the issue gives them. */
const KEY_TO_PAINT_P99_MS = 100;

const LOAD_TABLES = 100;
const LOAD_SUBSCRIBERS = 200;
const HANDS = 80;
const KEY_SAMPLES = 100;
const KEY_WARMUP = 5;
const LATE_JOIN_SAMPLES = 12;
/** The lobby is taken as settled when its tiles have not changed for this long. */
const LOBBY_SETTLED_MS = 10_000;

const KEY_TABLE = 'Bench key';
const LATE_TABLE = 'Bench late';
/** The lobby element of the lobby page, as an expression the page evaluates. */
const LOBBY = "document.querySelector('bacc-kiosk')?.shadowRoot?.querySelector('bacc-lobby')";

const loadTable = (i: number): string => `Load ${String(i + 1).padStart(3, '0')}`;

/** The q-quantile (0…1) of a list, interpolated as bench/harness.ts's quartiles are. */
function percentile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (position - low);
}

/** A figure for one high percentile of many samples: the percentile stands in the median's place, the quartiles are the samples'. */
function percentileFigure(name: string, values: number[], q: number, unit: string, maximum: number | null): BenchFigure {
  const value = percentile(values, q);
  const { p25, p75 } = quartiles(values);
  return {
    name,
    median: value,
    p25,
    p75,
    unit,
    samples: values.length,
    target: maximum === null ? 'information' : `≤ ${maximum} ${unit}`,
    met: maximum === null || value <= maximum,
  };
}

/** A single measured value (a count, a rate over one run). */
function singleFigure(name: string, value: number, unit: string, target: string, met: boolean): BenchFigure {
  return { name, median: value, p25: value, p75: value, unit, samples: 1, target, met };
}

const information = (figure: BenchFigure): BenchFigure => ({ ...figure, target: 'information', met: true });

/** An 80-hand shoe of `table`, still open (the first 80 hands of a simulated shoe that has that many). */
function openShoe(table: string, seed: string): ShoeRecord {
  for (let attempt = 0; ; attempt++) {
    const [shoe] = simulateShoeRecords({ shoes: 1, seed: `${seed}-${attempt}`, table });
    if (shoe && shoe.hands.length >= HANDS) return { ...shoe, id: `bench:${seed}`, endedAt: null, hands: shoe.hands.slice(0, HANDS) };
  }
}

async function buildApp(): Promise<PreviewServer> {
  const outDir = `${root}.tmp/bench-room-dist`;
  const nodeEnv = process.env['NODE_ENV'];
  process.env['NODE_ENV'] = 'production';
  try {
    await build({ root, logLevel: 'warn', mode: 'production', build: { outDir, emptyOutDir: true } });
  } finally {
    if (nodeEnv === undefined) delete process.env['NODE_ENV'];
    else process.env['NODE_ENV'] = nodeEnv;
  }
  return preview({ root, logLevel: 'warn', build: { outDir }, preview: { host: '127.0.0.1', port: 0, strictPort: false } });
}

/** The page's address with the broker and a login, each value encoded as URLSearchParams does. */
function pageAddress(base: string, params: Record<string, string>): string {
  return `${base}?${new URLSearchParams(params).toString()}`;
}

/**
 * Installed before the page's own scripts: every frame, reads how many hands the display's
 * scoreboard holds; when that changed, the frame about to be painted holds them, and a task
 * queued from its requestAnimationFrame runs once it is painted: that task reports the count to
 * Node (`benchPainted`), which reads the time.
 */
const WATCH_PAINTED_HANDS = `(() => {
  let last = -1;
  const count = () => {
    const display = document.querySelector('bacc-kiosk')?.shadowRoot?.querySelector('bacc-table-display');
    const scoreboard = display?.shadowRoot?.querySelector('bacc-scoreboard');
    return scoreboard?.hands?.length ?? -1;
  };
  const frame = () => {
    const now = count();
    if (now !== last) {
      last = now;
      setTimeout(() => globalThis.benchPainted(now), 0);
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();`;

/** A display page that reports each painted hand count to `onPainted`, with this process's clock. */
async function watchedDisplay(context: BrowserContext, onPainted: (hands: number, at: number) => void): Promise<Page> {
  const page = await context.newPage();
  await page.exposeFunction('benchPainted', (hands: number) => onPainted(hands, performance.now()));
  await page.addInitScript(WATCH_PAINTED_HANDS);
  return page;
}

async function connectNode(broker: BenchBroker, login: Login, name: string, extra: Record<string, unknown> = {}): Promise<MqttClient> {
  return connectAsync(broker.mqttUrl, {
    protocolVersion: 5,
    clientId: `bench-${name}-${Math.random().toString(36).slice(2)}`,
    username: login.username,
    password: login.password,
    reconnectPeriod: 0,
    connectTimeout: 20_000,
    ...extra,
  });
}

/** Key press on a console → the hand painted on a display in another browser context. */
async function keyToPaint(browser: Browser, base: string, broker: BenchBroker): Promise<BenchFigure[]> {
  const consoleLogin = broker.consoles.get(KEY_TABLE)!;
  const consoleContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const displayContext = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  try {
    const consolePage = await consoleContext.newPage();
    await consolePage.goto(
      pageAddress(base, {
        mode: 'operator',
        table: KEY_TABLE,
        broker: broker.wsUrl,
        user: consoleLogin.username,
        password: consoleLogin.password,
      }),
    );
    await consolePage.waitForFunction(
      "document.querySelector('bacc-kiosk')?.shadowRoot?.querySelector('bacc-operator')?.consoleController?.ready === true",
    );
    // Until the console says it reached the broker: its hands go to the screens from then on.
    await consolePage.waitForFunction(
      "document.querySelector('bacc-kiosk')?.shadowRoot?.querySelector('bacc-operator')?.shadowRoot?.querySelector('.room')?.textContent?.trim() === 'Sent to screens.'",
      undefined,
      { timeout: 20_000 },
    );
    await consolePage.keyboard.press('s');
    // At a person's pace: two keys pressed machine-fast are a scanner's burst, refused (#28).
    await delay(90);
    await consolePage.keyboard.press('b');

    let painted = -1;
    let paintedAt = 0;
    const displayPage = await watchedDisplay(displayContext, (hands, at) => {
      painted = hands;
      paintedAt = at;
    });
    await displayPage.goto(
      pageAddress(base, {
        mode: 'display',
        table: KEY_TABLE,
        broker: broker.wsUrl,
        user: broker.screen.username,
        password: broker.screen.password,
      }),
    );
    await until(() => painted === 1, 'the display to show the first hand', 20_000, 2);

    const samples: number[] = [];
    for (let i = 0; i < KEY_WARMUP + KEY_SAMPLES; i++) {
      const expected = painted + 1;
      const pressedAt = performance.now();
      await consolePage.keyboard.press('b');
      await until(() => painted === expected, `hand ${expected} on the display`, 10_000, 2);
      if (i >= KEY_WARMUP) samples.push(paintedAt - pressedAt);
      // Keys a hand apart, as a dealer's are, not a queue of them.
      await delay(60);
    }
    return [
      information(
        upperBoundFigure(
          'room: key press on a console → hand painted on a display in another browser context, through Mosquitto on loopback, p50 (median)',
          samples,
          'ms',
          KEY_TO_PAINT_P99_MS,
        ),
      ),
      percentileFigure('room: the same, p99', samples, 0.99, 'ms', KEY_TO_PAINT_P99_MS),
    ];
  } finally {
    await consoleContext.close();
    await displayContext.close();
  }
}

interface LoadResult {
  figures: BenchFigure[];
  lobby: string;
}

/** 100 tables, 200 Node subscribers and a Chromium lobby. */
async function loadRun(browser: Browser, base: string, broker: BenchBroker): Promise<LoadResult> {
  const tables = Array.from({ length: LOAD_TABLES }, (_, i) => loadTable(i));
  const shoes = new Map(tables.map((table, i) => [table, openShoe(table, `load-${i}`)]));
  const publishers: MqttClient[] = [];
  const subscribers: MqttClient[] = [];
  const lobbyContext = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  try {
    // Consoles: connected, present, no shoe started yet.
    for (const table of tables) {
      const topics = tableTopics(table);
      const client = await connectNode(broker, broker.consoles.get(table)!, 'console', {
        will: { topic: topics.presence, payload: Buffer.from(JSON.stringify(presenceMessage(false, null))), qos: 1, retain: true },
      });
      await client.publishAsync(topics.presence, JSON.stringify(presenceMessage(true, new Date())), { qos: 1, retain: true });
      publishers.push(client);
    }

    // Subscribers: each on one table's change topic, so every table has two, as its displays would.
    const sendTimes = new Map<string, number>();
    const latencies: number[] = [];
    let receivedBytes = 0;
    const seen: Set<number>[] = [];
    const counts: number[] = [];
    for (let s = 0; s < LOAD_SUBSCRIBERS; s++) {
      const table = tables[s % LOAD_TABLES]!;
      const client = await connectNode(broker, broker.screen, 'screen');
      const revisions = new Set<number>();
      seen.push(revisions);
      counts.push(0);
      client.on('message', (topic, payload) => {
        const at = performance.now();
        receivedBytes += Buffer.byteLength(topic) + payload.length;
        const change = JSON.parse(payload.toString()) as TableChangeMessage;
        if (change.change !== 'add') return;
        counts[s]!++;
        revisions.add(change.revision);
        const sent = sendTimes.get(`${table}\n${change.revision}`);
        if (sent !== undefined) latencies.push(at - sent);
      });
      await client.subscribeAsync(tableTopics(table).change, { qos: 1 });
      subscribers.push(client);
    }

    const lobby = await lobbyContext.newPage();
    await lobby.goto(
      pageAddress(base, { mode: 'lobby', broker: broker.wsUrl, user: broker.screen.username, password: broker.screen.password }),
    );
    await lobby.waitForFunction(`Array.isArray(${LOBBY}?.tables)`);

    // Every console at once, each hand as a console sends it: the change, then the whole shoe as the
    // retained state, each publication after the broker acknowledged the one before (a console's
    // publisher sends one at a time, so that revisions reach the broker in order).
    let publishedBytes = 0;
    const cpuBefore = broker.cpuSeconds();
    const started = performance.now();
    await Promise.all(
      tables.map(async (table, t) => {
        const client = publishers[t]!;
        const topics = tableTopics(table);
        const shoe = shoes.get(table)!;
        const send = async (topic: string, message: unknown, retain: boolean): Promise<void> => {
          const text = JSON.stringify(message);
          publishedBytes += Buffer.byteLength(topic) + Buffer.byteLength(text);
          await client.publishAsync(topic, text, { qos: 1, retain });
        };
        const empty = { ...shoe, hands: [] };
        await send(
          topics.change,
          { format: 'bacc-table-change', version: 1, revision: 1, after: 0, shoeId: shoe.id, change: 'start', handCount: 0 },
          false,
        );
        await send(topics.state, tableStateMessage(table, '10 – 500', empty, 1), true);
        for (let h = 0; h < HANDS; h++) {
          const revision = h + 2;
          const change: TableChangeMessage = {
            format: 'bacc-table-change',
            version: 1,
            revision,
            after: revision - 1,
            shoeId: shoe.id,
            change: 'add',
            handCount: h + 1,
            hand: shoe.hands[h]!,
          };
          sendTimes.set(`${table}\n${revision}`, performance.now());
          await send(topics.change, change, false);
          await send(topics.state, tableStateMessage(table, '10 – 500', { ...shoe, hands: shoe.hands.slice(0, h + 1) }, revision), true);
        }
      }),
    );
    const expectedAdds = LOAD_SUBSCRIBERS * HANDS;
    await until(() => counts.reduce((a, b) => a + b, 0) >= expectedAdds, 'every subscriber to receive every hand', 30_000, 2).catch(
      () => undefined,
    );
    const elapsed = (performance.now() - started) / 1000;
    const cpu = broker.cpuSeconds() - cpuBefore;
    // A moment for anything sent twice to arrive too.
    await delay(500);

    let lost = 0;
    let duplicated = 0;
    for (let s = 0; s < LOAD_SUBSCRIBERS; s++) {
      for (let h = 0; h < HANDS; h++) if (!seen[s]!.has(h + 2)) lost++;
      duplicated += counts[s]! - seen[s]!.size;
    }

    // The lobby: every table, each with 80 hands, once its page has caught up (it reads the retained
    // states), or as it stands when nothing has changed on it for LOBBY_SETTLED_MS (or 3 minutes passed).
    const lobbyState = () =>
      lobby.evaluate<number[]>(
        `${LOBBY}.tables.filter((tile) => tile.table.startsWith('Load ')).map((tile) => tile.shoe?.hands.length ?? 0)`,
      );
    const lobbyDeadline = Date.now() + 180_000;
    let shown = await lobbyState();
    let changedAt = performance.now();
    while (
      (shown.length !== LOAD_TABLES || shown.some((hands) => hands !== HANDS)) &&
      Date.now() < lobbyDeadline &&
      performance.now() - changedAt < LOBBY_SETTLED_MS
    ) {
      await delay(250);
      const now = await lobbyState();
      if (now.join() !== shown.join()) changedAt = performance.now();
      shown = now;
    }
    const still = (performance.now() - changedAt) / 1000;
    // What the broker itself retains for the tables, read by a new screen client.
    const retained = await retainedHands(broker);
    const lobbyWait = (performance.now() - started) / 1000 - elapsed;
    const full = shown.filter((hands) => hands === HANDS).length;
    const behind = shown.filter((hands) => hands !== HANDS);
    const dropped = (broker.log().match(/Outgoing messages are being dropped/g) ?? []).length;
    const lobbyText =
      `lobby showed ${shown.length} load tiles, ${full} of them with ${HANDS} hands ${lobbyWait.toFixed(1)} s after the consoles finished` +
      (behind.length === 0
        ? ''
        : `; the others with ${Math.min(...behind)} to ${Math.max(...behind)} hands, unchanged for the last ${still.toFixed(1)} s`) +
      `; the broker retains ${retained} load tables with ${HANDS} hands` +
      `; the broker logged ${dropped} "Outgoing messages are being dropped"`;

    const hands = LOAD_TABLES * HANDS;
    const scope = `${LOAD_TABLES} tables × ${HANDS} hands, ${LOAD_SUBSCRIBERS} Node subscribers + a Chromium lobby`;
    return {
      lobby: lobbyText,
      figures: [
        singleFigure(`room load (${scope}): hands lost across subscribers`, lost, 'hands', '= 0', lost === 0),
        singleFigure(`room load: hands received twice across subscribers`, duplicated, 'hands', '= 0', duplicated === 0),
        information(upperBoundFigure('room load: publish → receive by a subscriber, p50 (median)', latencies, 'ms', 0)),
        percentileFigure('room load: publish → receive, p99', latencies, 0.99, 'ms', null),
        singleFigure(
          `room load: Mosquitto CPU over the run (${elapsed.toFixed(1)} s, ${(hands / elapsed).toFixed(0)} hands/s)`,
          (cpu / elapsed) * 100,
          '% of one core',
          'information',
          true,
        ),
        singleFigure(
          'room load: bytes published per hand (topic + payload: change and whole-shoe state)',
          publishedBytes / hands,
          'B',
          'information',
          true,
        ),
        singleFigure(
          `room load: bytes received per hand by all ${LOAD_SUBSCRIBERS} Node subscribers (topic + payload)`,
          receivedBytes / hands,
          'B',
          'information',
          true,
        ),
        singleFigure(
          `room load: lobby tiles showing all ${HANDS} hands at the end (${lobbyText})`,
          full,
          'tiles',
          `= ${LOAD_TABLES}`,
          full === LOAD_TABLES,
        ),
      ],
    };
  } finally {
    await Promise.all([...publishers, ...subscribers].map((client) => client.endAsync(true)));
    await lobbyContext.close();
  }
}

/** How many load tables the broker retains a state of 80 hands for, as a screen connecting now reads them. */
async function retainedHands(broker: BenchBroker): Promise<number> {
  const client = await connectNode(broker, broker.screen, 'retained');
  const hands = new Map<string, number>();
  client.on('message', (_topic, payload) => {
    const state = JSON.parse(payload.toString()) as TableStateMessage;
    if (state.table.startsWith('Load ')) hands.set(state.table, state.document.shoes[0]?.hands.length ?? 0);
  });
  await client.subscribeAsync(everyTableTopic('state'), { qos: 1 });
  await until(() => hands.size >= LOAD_TABLES, 'every retained state', 20_000, 2).catch(() => undefined);
  await client.endAsync(true);
  return [...hands.values()].filter((count) => count === HANDS).length;
}

/** A display opened after an 80-hand shoe is retained: navigation → the shoe painted. */
async function lateJoin(browser: Browser, base: string, broker: BenchBroker): Promise<BenchFigure[]> {
  const topics = tableTopics(LATE_TABLE);
  const client = await connectNode(broker, broker.consoles.get(LATE_TABLE)!, 'late-console');
  const shoe = openShoe(LATE_TABLE, 'late');
  await client.publishAsync(topics.presence, JSON.stringify(presenceMessage(true, new Date())), { qos: 1, retain: true });
  await client.publishAsync(topics.state, JSON.stringify(tableStateMessage(LATE_TABLE, '', shoe, HANDS + 1)), { qos: 1, retain: true });
  const address = pageAddress(base, {
    mode: 'display',
    table: LATE_TABLE,
    broker: broker.wsUrl,
    user: broker.screen.username,
    password: broker.screen.password,
  });
  const samples: number[] = [];
  try {
    for (let i = 0; i < LATE_JOIN_SAMPLES + 2; i++) {
      // A new machine each time: nothing kept from an earlier visit.
      const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
      try {
        let paintedAt = -1;
        const page = await watchedDisplay(context, (hands, at) => {
          if (hands === HANDS && paintedAt < 0) paintedAt = at;
        });
        const start = performance.now();
        await page.goto(address);
        await until(() => paintedAt >= 0, 'the retained shoe on the display', 20_000, 2);
        // The first two are the server's and the browser's warm-up (a cold HTTP cache of the built files).
        if (i >= 2) samples.push(paintedAt - start);
      } finally {
        await context.close();
      }
    }
  } finally {
    await client.endAsync(true);
  }
  return [
    information(
      upperBoundFigure(
        `room: late join, a display page on a new browser context → the retained ${HANDS}-hand shoe painted (navigation start to painted)`,
        samples,
        'ms',
        0,
      ),
    ),
  ];
}

export async function roomBenchmarks(): Promise<BenchFigure[]> {
  const tables = [KEY_TABLE, LATE_TABLE, ...Array.from({ length: LOAD_TABLES }, (_, i) => loadTable(i))];
  const broker = await startBenchBroker(tables);
  const server = await buildApp();
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const address = server.httpServer.address();
    if (address === null || typeof address === 'string') throw new Error('no preview port');
    const base = `http://127.0.0.1:${address.port}/`;
    const figures = [...(await keyToPaint(browser, base, broker))];
    figures.push(...(await lateJoin(browser, base, broker)));
    const load = await loadRun(browser, base, broker);
    figures.push(...load.figures);
    return figures;
  } finally {
    await browser.close();
    await server.close();
    await broker.stop();
  }
}
