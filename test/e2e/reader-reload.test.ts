/**
 * A console reloaded while a bridge feeds it (#28, point 12): a seeded `bacc shoe-sim` writing into a
 * socat pty pair, `bacc shoe` publishing through Mosquitto, the table's console in Chromium. The console
 * is reloaded mid-hand, after 2 cards of a hand in which the device drew a card by mistake and cancelled
 * it; while it is closed the shoe goes on. Reopened, it asks the bridge for the lines it lacks and
 * records the seed's shoe hand for hand, the cancelled card once, nothing said lost.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { useChromium } from './browser.js';
import { useBroker } from './mosquitto.js';
import { buildBacc, end, killStarted, ptyPair, root, type Run } from './processes.js';
import { until } from '../support/wait.js';
import { consoleFedShoe, consoleLogin, openConsole, useMachines } from './room-helpers.js';
import { CardFeed } from '../../src/dealing/card-feed.js';
import { Shoe } from '../../src/game/shoe.js';
import { isRefusal, parseBaccLine } from '../../src/reader/lines.js';
import { handRecord } from '../../src/shoes/records.js';
import { DEFAULT_CANCEL_EVERY, shoeSimLines, simPackId } from '../../server/src/serial/shoe-sim.js';

const baseUrl = inject('baseUrl');
const chromium = useChromium();
const TABLE = 'Table 5';
const broker = useBroker({ tables: [TABLE] });

let folder: string;
let bacc: (...args: string[]) => Run;
const machines = useMachines();

beforeAll(async () => {
  mkdirSync(join(root, '.tmp'), { recursive: true });
  folder = mkdtempSync(join(root, '.tmp', 'reader-reload-'));
  bacc = await buildBacc(folder);
});

afterAll(() => {
  killStarted();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** The first hand after `after` hands whose first two cards come after a card drawn by mistake and its cancel. */
function handWithCancel(lines: readonly string[], after: number): { handsBefore: number; line: number; cancelled: number } {
  const feed = new CardFeed({ rules: { decks: 8 } });
  let cancelledAt = -1;
  let cancelled = 0;
  for (const line of lines) {
    const event = parseBaccLine(line);
    if (isRefusal(event)) throw new Error(`the plan holds a refused line: ${line}`);
    feed.feed(event);
    if (event.kind === 'cancel') {
      cancelled++;
      cancelledAt = feed.handsRecorded;
    }
    if (event.kind === 'card' && feed.handCards.length === 2 && feed.handsRecorded >= after && cancelledAt === feed.handsRecorded)
      return { handsBefore: feed.handsRecorded, line: event.number!, cancelled };
  }
  throw new Error('no hand with a cancel before its second card');
}

describe('a console reloaded mid-hand while its bridge feeds it', () => {
  it("asks the bridge for the lines it missed and records the seed's shoe hand for hand", async () => {
    const tableConsole = await openConsole(chromium(), baseUrl, broker(), TABLE);
    machines.push(tableConsole);
    await tableConsole.page.waitForFunction(() => {
      const operator = document.querySelector('bacc-kiosk')?.shadowRoot?.querySelector('bacc-operator');
      return (operator as unknown as { bridge?: { linkState?: string } } | null)?.bridge?.linkState === 'connected';
    });

    const seed = 'a-console-reloaded';
    const plan = shoeSimLines({ seed, decks: 8, protocol: 'bacc', cancelEvery: DEFAULT_CANCEL_EVERY });
    const reloadAt = handWithCancel(plan, 10);
    const cancels = plan.filter((line) => / CANCEL /.test(line)).length;
    const dir = mkdtempSync(join(folder, 'pty-'));
    const socat = await ptyPair(dir);
    const { username, password } = consoleLogin(broker(), TABLE);
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
      password,
    );
    await until(() => reader.stdout().includes('connected to'), 'the bridge to connect', 30_000).catch((error: Error) => {
      throw new Error(`${error.message}; bacc shoe wrote: ${reader.stdout()} / ${reader.stderr()}`);
    });
    // The page reads the lines up to the hand's second card and no further (the bridge batches lines, so the
    // moment could pass within one message), then reloads itself once what it read is written.
    await tableConsole.page.evaluate(
      ({ line }) => {
        const operator = document.querySelector('bacc-kiosk')!.shadowRoot!.querySelector('bacc-operator')!;
        const options = (operator.bridge as unknown as { options: { onEvents: (events: { number?: number }[]) => void } }).options;
        const read = options.onEvents;
        let closing = false;
        options.onEvents = (events) => {
          if (closing) return;
          const at = events.findIndex((event) => event.number === line);
          if (at < 0) return read(events);
          read(events.slice(0, at + 1));
          closing = true;
          const feed = operator.cardFeed.feed;
          sessionStorage.setItem('reloaded-mid-hand', `${feed.handsRecorded} hands, then ${feed.handCards.join(' ')}`);
          let settled = 0;
          const watch = setInterval(() => {
            settled = operator.consoleController.unsaved === 0 ? settled + 1 : 0;
            if (settled < 3) return;
            clearInterval(watch);
            location.reload();
          }, 10);
        };
      },
      { line: reloadAt.line },
    );
    const reloaded = tableConsole.page.waitForEvent('load', { timeout: 30_000 });
    const sim = bacc('shoe-sim', '--port', join(dir, 'shoe'), '--seed', seed, '--pack', simPackId(seed), '--interval', '30');

    const expected = new Shoe({ seed, rules: { decks: 8 } }).dealAll().map(handRecord);
    await reloaded;
    expect(await tableConsole.page.evaluate(() => sessionStorage.getItem('reloaded-mid-hand'))).toMatch(
      new RegExp(`^${reloadAt.handsBefore} hands, then \\S+ \\S+$`),
    );
    expect(await sim.exited).toBe(0);
    expect(sim.stdout()).toContain(`${plan.length} lines written`);
    await tableConsole.page.waitForFunction(
      () => {
        const operator = document.querySelector('bacc-kiosk')?.shadowRoot?.querySelector('bacc-operator');
        return operator?.consoleController.shoe?.endedAt != null && operator.consoleController.unsaved === 0;
      },
      undefined,
      { timeout: 30_000 },
    );
    expect(await end(reader)).toBe(0);
    await end(socat);
    const seen = await consoleFedShoe(tableConsole);
    expect(seen.ended).toBe(true);
    expect(seen.hands.map((hand) => hand.outcome).join('')).toBe(expected.map((hand) => hand.outcome).join(''));
    expect(seen.hands).toEqual(expected);
    expect(seen.events.filter((kind) => kind === 'burn')).toHaveLength(1);
    expect(seen.events.filter((kind) => kind === 'cut')).toHaveLength(1);
    // The card drawn by mistake in the hand that was in play is kept once, like every other.
    expect(seen.events.filter((kind) => kind === 'cancelled')).toHaveLength(cancels);
    expect(seen.lost).toBe('');
    expect(seen.counts).toMatch(/^Cards add up: .* = 416, the shoe's 416\.$/);
    expect(reloadAt.cancelled).toBeGreaterThan(0);
    // The bridge answered the reopened console from its memory of the shoe.
    expect(reader.stdout()).toMatch(/the console holds line \d+ of sim-a-console-reloaded: publishing \d+ lines again/);
    expect(tableConsole.logs.filter((line) => /^(error|pageerror)/.test(line))).toEqual([]);
  });
});
