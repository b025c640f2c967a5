/**
 * The whole reader chain (#18): a seeded `bacc shoe-sim` writing into one end of a socat pty pair,
 * `bacc shoe` reading the other end and publishing through Mosquitto, the table's console in
 * Chromium following the bridge, and a display on another machine. The seed's shoe is recorded hand
 * by hand with its burn and cut card, through a cable pulled and put back mid-shoe, and shown on the
 * display.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { useChromium } from './browser.js';
import { useBroker } from './mosquitto.js';
import { buildBacc, end, killStarted, ptyPair, root, type Run } from './processes.js';
import { delay, until } from '../support/wait.js';
import { consoleFedShoe, consoleLogin, openConsole, openDisplay, waitForDisplayOutcomes, useMachines } from './room-helpers.js';
import { Shoe } from '../../src/game/shoe.js';
import { handRecord } from '../../src/shoes/records.js';
import { DEFAULT_CANCEL_EVERY, shoeSimLines, simPackId } from '../../server/src/serial/shoe-sim.js';

const baseUrl = inject('baseUrl');
const chromium = useChromium();
const TABLE = 'Table 3';
const broker = useBroker({ tables: [TABLE] });

let folder: string;
let bacc: (...args: string[]) => Run;
const machines = useMachines();

beforeAll(async () => {
  mkdirSync(join(root, '.tmp'), { recursive: true });
  folder = mkdtempSync(join(root, '.tmp', 'reader-chain-'));
  bacc = await buildBacc(folder);
});

afterAll(() => {
  killStarted();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('shoe-sim → pty → bacc shoe → broker → console → display', () => {
  it("records the seed's whole shoe on the console and shows it on a display", async () => {
    const tableConsole = await openConsole(chromium(), baseUrl, broker(), TABLE);
    machines.push(tableConsole);
    // The console follows its table's reader topic once its bridge link is up.
    await tableConsole.page.waitForFunction(() => {
      const operator = document.querySelector('bacc-kiosk')?.shadowRoot?.querySelector('bacc-operator');
      return (operator as unknown as { bridge?: { linkState?: string } } | null)?.bridge?.linkState === 'connected';
    });
    const display = await openDisplay(chromium(), baseUrl, broker(), TABLE);
    machines.push(display);

    const seed = 'the-whole-chain';
    const plan = shoeSimLines({ seed, decks: 8, protocol: 'bacc', cancelEvery: DEFAULT_CANCEL_EVERY });
    const dir = mkdtempSync(join(folder, 'pty-'));
    let socat = await ptyPair(dir);
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
      // What the bridge said, so that a bridge that never connects says why.
      throw new Error(`${error.message}; bacc shoe wrote: ${reader.stdout()} / ${reader.stderr()}`);
    });
    await delay(300);
    const sim = bacc('shoe-sim', '--port', join(dir, 'shoe'), '--seed', seed, '--pack', simPackId(seed), '--interval', '20');

    // The cable pulled a third of the way in, and put back a second later.
    await tableConsole.page.waitForFunction(
      () =>
        (document.querySelector('bacc-kiosk')?.shadowRoot?.querySelector('bacc-operator')?.consoleController.shoe?.hands.length ?? 0) >= 25,
      undefined,
      { timeout: 20_000 },
    );
    await end(socat);
    await delay(1000);
    socat = await ptyPair(dir);
    const expected = new Shoe({ seed, rules: { decks: 8 } }).dealAll().map(handRecord);

    expect(await sim.exited).toBe(0);
    expect(sim.stdout()).toContain(`${plan.length} lines written`);
    expect(sim.stdout()).toContain('open again');
    await tableConsole.page.waitForFunction(
      () => {
        const operator = document.querySelector('bacc-kiosk')?.shadowRoot?.querySelector('bacc-operator');
        return operator?.consoleController.shoe?.endedAt != null && operator.consoleController.unsaved === 0;
      },
      undefined,
      { timeout: 20_000 },
    );
    expect(await end(reader)).toBe(0);
    await end(socat);
    expect(reader.stdout()).toContain(`${plan.length} lines accepted`);
    for (const refusal of reader.stderr().match(/refused line \((\S+)\)/g) ?? []) expect(refusal).toBe('refused line (incomplete)');

    // The console: the seed's shoe, hand by hand (cards and outcomes), one burn, one cut card, nothing lost.
    const seen = await consoleFedShoe(tableConsole);
    expect(seen.ended).toBe(true);
    expect(seen.hands.map((hand) => hand.outcome).join('')).toBe(expected.map((hand) => hand.outcome).join(''));
    expect(seen.hands).toEqual(expected);
    expect(seen.events.filter((kind) => kind === 'burn')).toHaveLength(1);
    expect(seen.events.filter((kind) => kind === 'cut')).toHaveLength(1);
    // The device's occasional card drawn by mistake (by default): kept as cancelled, never placed.
    expect(seen.events.filter((kind) => kind === 'cancelled').length).toBeGreaterThan(0);
    expect(seen.lost).toBe('');
    expect(seen.counts).toMatch(/^Cards add up: .* = 416, the shoe's 416\.$/);

    // The display on another machine: the same hands.
    await waitForDisplayOutcomes(display.page, expected.map((hand) => hand.outcome).join(''));
    for (const machine of machines) expect(machine.logs.filter((line) => /^(error|pageerror)/.test(line))).toEqual([]);
  });
});
