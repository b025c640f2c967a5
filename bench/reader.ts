/**
 * A card read on the wire → placed on the console and painted on a display on another machine,
 * through the broker (issue 18). This process writes the seed's shoe, line by line, into the
 * device's end of a socat pty pair with `fs.writeSync`; `bacc shoe` (the CLI as it ships, built
 * now) reads the other end and publishes through a real Mosquitto on loopback; the table's console
 * in Debian's Chromium follows the bridge, records each hand and sends it to the screens; a display
 * page in another browser context reports, from a requestAnimationFrame after its hand count
 * changed, to this process. A hand is painted when its last card arrives, so each sample runs from
 * the write of a hand's last card to that hand painted. Every time is read in this Node process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, constants, copyFileSync, existsSync, mkdirSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { build as esbuild } from 'esbuild';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { build, preview, type PreviewServer } from 'vite';
import { Shoe } from '../src/game/shoe.js';
import { shoeSimLines } from '../server/src/serial/shoe-sim.js';
import { quartiles, upperBoundFigure, type BenchFigure } from './harness.js';
import { chromiumLaunchOptions } from './chromium.js';
import { startBenchBroker } from './room-broker.js';
import { delay, until } from '../test/support/wait.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

const TABLE = 'Bench reader';
const SEED = 'bench-reader';
const DECKS = 8;
/** Hands left out at the start: the pages' and the bridge's warm-up. */
const WARMUP_HANDS = 3;
/** Between two cards of a hand, as a dealer draws them. */
const CARD_GAP_MS = 15;
/** After a hand is painted, before the next hand's first card. */
const HAND_GAP_MS = 60;

/** The q-quantile (0…1) of a list, interpolated as bench/harness.ts's quartiles are. */
function percentile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (position - low);
}

async function buildApp(): Promise<PreviewServer> {
  const outDir = `${root}.tmp/bench-reader-dist`;
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

/** `bacc` as it ships (the server's bin/bacc.js importing ../lib/cli.js), with the CLI built from the TypeScript now. */
async function buildCli(folder: string): Promise<string> {
  await esbuild({
    entryPoints: [join(root, 'server', 'src', 'cli.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outfile: join(folder, 'lib', 'cli.js'),
    logLevel: 'warning',
  });
  mkdirSync(join(folder, 'bin'));
  copyFileSync(join(root, 'server', 'bin', 'bacc.js'), join(folder, 'bin', 'bacc.js'));
  return join(folder, 'bin', 'bacc.js');
}

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<void>;
}

function start(command: string, args: string[]): Started {
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, output: () => output, exited };
}

/** Ends a process this bench started, by its pid, and waits for it. */
async function stop(started: Started | null): Promise<void> {
  if (!started || started.child.exitCode !== null || started.child.signalCode !== null) return;
  process.kill(started.child.pid!, 'SIGTERM');
  await started.exited;
}

/** As bench/room.ts: every frame, the display's hand count; when it changed, a task after the painted frame tells Node. */
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

async function watchedDisplay(context: BrowserContext, onPainted: (hands: number, at: number) => void): Promise<Page> {
  const page = await context.newPage();
  await page.exposeFunction('benchPainted', (hands: number) => onPainted(hands, performance.now()));
  await page.addInitScript(WATCH_PAINTED_HANDS);
  return page;
}

const pageAddress = (base: string, params: Record<string, string>): string => `${base}?${new URLSearchParams(params).toString()}`;

export async function readerBenchmarks(): Promise<BenchFigure[]> {
  mkdirSync(join(root, '.tmp'), { recursive: true });
  const folder = mkdtempSync(join(root, '.tmp', 'bench-reader-'));
  const broker = await startBenchBroker([TABLE]);
  const server = await buildApp();
  const bin = await buildCli(folder);
  const browser = await chromium.launch(chromiumLaunchOptions());
  let socat: Started | null = null;
  let bridge: Started | null = null;
  let fd: number | null = null;
  try {
    const address = server.httpServer.address();
    if (address === null || typeof address === 'string') throw new Error('no preview port');
    const base = `http://127.0.0.1:${address.port}/`;

    const device = join(folder, 'shoe');
    const host = join(folder, 'host');
    socat = start('socat', ['-d', '-d', `pty,raw,echo=0,link=${device}`, `pty,raw,echo=0,link=${host}`]);
    await until(() => existsSync(device) && existsSync(host), 'socat', 5000, 2);

    const login = broker.consoles.get(TABLE)!;
    const consoleContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const displayContext = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const consolePage = await consoleContext.newPage();
    await consolePage.goto(
      pageAddress(base, { mode: 'operator', table: TABLE, broker: broker.wsUrl, user: login.username, password: login.password }),
    );
    await consolePage.waitForFunction(
      "document.querySelector('bacc-kiosk')?.shadowRoot?.querySelector('bacc-operator')?.shadowRoot?.querySelector('.room')?.textContent?.trim() === 'Sent to screens.'",
      undefined,
      { timeout: 20_000 },
    );
    // The console follows its table's reader topic once its bridge link is up.
    await consolePage.waitForFunction(
      "document.querySelector('bacc-kiosk')?.shadowRoot?.querySelector('bacc-operator')?.bridge?.linkState === 'connected'",
      undefined,
      {
        timeout: 20_000,
      },
    );

    let painted = -1;
    let paintedAt = 0;
    const displayPage = await watchedDisplay(displayContext, (hands, at) => {
      painted = hands;
      paintedAt = at;
    });
    await displayPage.goto(
      pageAddress(base, {
        mode: 'display',
        table: TABLE,
        broker: broker.wsUrl,
        user: broker.screen.username,
        password: broker.screen.password,
      }),
    );
    await until(() => painted >= 0, 'the display scoreboard', 20_000, 2);

    bridge = start(process.execPath, [
      bin,
      'shoe',
      '--port',
      host,
      '--table',
      TABLE,
      '--broker',
      broker.mqttUrl,
      '--user',
      login.username,
      '--password',
      login.password,
    ]);
    await until(() => bridge!.output().includes('connected to'), 'the bridge to connect', 20_000, 2);
    await delay(300);

    // The seed's shoe as the device sends it; which card line ends which hand.
    const lines = shoeSimLines({ seed: SEED, decks: DECKS, protocol: 'bacc', cancelEvery: 0 });
    const shoe = new Shoe({ seed: SEED, rules: { decks: DECKS } });
    const hands = shoe.dealAll();
    const burnLength = shoe.rules.burn ? 1 + shoe.burned : 0;
    const handEnds = new Map<number, number>();
    let card = burnLength - 1;
    hands.forEach((hand, index) => {
      card += hand.player.length + hand.banker.length;
      handEnds.set(card, index + 1);
    });

    fd = openSync(device, constants.O_WRONLY | constants.O_NOCTTY);
    const samples: number[] = [];
    let cardIndex = -1;
    for (const line of lines) {
      const isCard = /^([0-9]+ )?CARD /.test(line);
      if (isCard) cardIndex++;
      const writtenAt = performance.now();
      writeSync(fd, `${line}\r\n`);
      const hand = isCard ? handEnds.get(cardIndex) : undefined;
      if (hand === undefined) {
        await delay(CARD_GAP_MS);
        continue;
      }
      await until(() => painted === hand, `hand ${hand} painted on the display`, 10_000, 2);
      if (hand > WARMUP_HANDS) samples.push(paintedAt - writtenAt);
      await delay(HAND_GAP_MS);
    }
    await consoleContext.close();
    await displayContext.close();

    const scope = `${DECKS}-deck shoe, bacc shoe over a socat pty, Mosquitto on loopback, console and display in separate Chromium contexts`;
    const p99 = percentile(samples, 0.99);
    const { p25, p75 } = quartiles(samples);
    return [
      {
        ...upperBoundFigure(
          `reader: hand's last card written on the wire → hand painted on a display (${scope}), p50 (median)`,
          samples,
          'ms',
          0,
        ),
        target: 'information',
        met: true,
      },
      { name: 'reader: the same, p99', median: p99, p25, p75, unit: 'ms', samples: samples.length, target: 'information', met: true },
    ];
  } finally {
    if (fd !== null) closeSync(fd);
    await stop(bridge);
    await stop(socat);
    await browser.close();
    await server.close();
    await broker.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const figure of await readerBenchmarks()) console.log(JSON.stringify(figure));
}
