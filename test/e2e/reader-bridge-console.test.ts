/**
 * A card-reading shoe on another box, through a real Mosquitto: a Node client publishes reader
 * messages as `bacc shoe` does (`readerLinesMessage`, the table's console login, QoS 1) and the
 * table's console in Chromium records the seed's shoe hand by hand, with its burn, cut card and
 * cancelled cards, a repeated message dropped and a lost one said.
 */
import { afterEach, describe, expect, inject, it } from 'vitest';
import { connectAsync, type MqttClient } from 'mqtt';
import { useChromium } from './browser.js';
import { useBroker } from './mosquitto.js';
import { consoleFedShoe, consoleLogin, openConsole, useMachines } from './room-helpers.js';
import { delay } from '../support/wait.js';
import { readerLinesMessage, readerTopic, MAX_READER_LINES } from '../../src/reader/messages.js';
import { Shoe } from '../../src/game/shoe.js';
import { handRecord } from '../../src/shoes/records.js';
import { shoeSimLines } from '../../server/src/serial/shoe-sim.js';

const baseUrl = inject('baseUrl');
const chromium = useChromium();
const TABLE = 'Table 7';
const broker = useBroker({ tables: [TABLE] });

let bridge: MqttClient | null = null;
const machines = useMachines();

afterEach(async () => {
  await bridge?.endAsync();
  bridge = null;
});

describe('reader lines through the broker into a console', () => {
  it("records the seed's shoe sent by a bridge, its burn, cut card and cancelled cards kept; a repeat is dropped", async () => {
    const tableConsole = await openConsole(chromium(), baseUrl, broker(), TABLE);
    machines.push(tableConsole);
    // The console is listening on its reader topic before the bridge sends.
    await tableConsole.page.waitForFunction(() => {
      const operator = document.querySelector('bacc-kiosk')?.shadowRoot?.querySelector('bacc-operator');
      return (operator as unknown as { bridge?: { linkState?: string } } | null)?.bridge?.linkState === 'connected';
    });
    await delay(300);

    const seed = 'through-the-broker';
    const lines = shoeSimLines({ seed, decks: 8, protocol: 'bacc', cancelEvery: 11 });
    bridge = await connectAsync(broker().mqttUrl, { protocolVersion: 5, ...consoleLogin(broker(), TABLE), clean: true });
    const topic = readerTopic(TABLE);
    const source = 'bridge-0123456789ab';
    let seq = 0;
    for (let at = 0; at < lines.length; at += 7) {
      const message = readerLinesMessage(source, ++seq, 'bacc', lines.slice(at, Math.min(at + 7, at + MAX_READER_LINES)));
      await bridge.publishAsync(topic, JSON.stringify(message), { qos: 1 });
      // QoS 1 may deliver a message twice: the third goes out again, and is dropped.
      if (seq === 3) await bridge.publishAsync(topic, JSON.stringify(message), { qos: 1 });
    }

    const shoe = new Shoe({ seed, rules: { decks: 8 } });
    const expected = shoe.dealAll().map(handRecord);
    await tableConsole.page.waitForFunction(
      () => {
        const operator = document.querySelector('bacc-kiosk')?.shadowRoot?.querySelector('bacc-operator');
        return operator?.consoleController.shoe?.endedAt != null && operator.consoleController.unsaved === 0;
      },
      undefined,
      { timeout: 30_000 },
    );
    const seen = await consoleFedShoe(tableConsole);
    expect(seen.ended).toBe(true);
    expect(seen.hands).toEqual(expected);
    expect(seen.events.filter((kind) => kind === 'burn')).toHaveLength(1);
    expect(seen.events.filter((kind) => kind === 'cut')).toHaveLength(1);
    expect(seen.events.filter((kind) => kind === 'cancelled').length).toBeGreaterThan(0);
    expect(seen.lost).toBe('');
    expect(seen.counts).toMatch(/^Cards add up: .* = 416, the shoe's 416\.$/);

    // A bridge started again has the device send its shoe from the SHOE line: the console holds those lines and drops them.
    const again = 'bridge-00000000aaaa';
    for (let at = 0, againSeq = 0; at < 60; at += 20) {
      await bridge.publishAsync(topic, JSON.stringify(readerLinesMessage(again, ++againSeq, 'bacc', lines.slice(at, at + 20))), { qos: 1 });
    }
    await tableConsole.page.waitForFunction(
      (messages) => {
        const operator = document.querySelector('bacc-kiosk')?.shadowRoot?.querySelector('bacc-operator');
        return (operator as unknown as { bridge: { messages: number } }).bridge.messages >= messages;
      },
      seq + 3,
      { timeout: 10_000 },
    );
    const after = await consoleFedShoe(tableConsole);
    expect(after.hands).toEqual(expected);
    expect(after.ended).toBe(true);
    expect(after.events).toEqual(seen.events);
    expect(tableConsole.logs.filter((line) => /^(error|pageerror)/.test(line))).toEqual([]);
  });

  it('says when messages from the bridge were lost on the way (its seq skipped), and still places what came', async () => {
    const tableConsole = await openConsole(chromium(), baseUrl, broker(), TABLE);
    machines.push(tableConsole);
    await tableConsole.page.waitForFunction(() => {
      const operator = document.querySelector('bacc-kiosk')?.shadowRoot?.querySelector('bacc-operator');
      return (operator as unknown as { bridge?: { linkState?: string } } | null)?.bridge?.linkState === 'connected';
    });
    await delay(300);

    const lines = shoeSimLines({ seed: 'lost-on-the-way', decks: 8, protocol: 'bacc', cancelEvery: 0 });
    bridge = await connectAsync(broker().mqttUrl, { protocolVersion: 5, ...consoleLogin(broker(), TABLE), clean: true });
    const topic = readerTopic(TABLE);
    const source = 'bridge-ba9876543210';
    // Messages 1 and 2 (the shoe, the burn and more), then 5: messages 3 and 4 never arrive.
    const chunks = [lines.slice(0, 30), lines.slice(30, 40), lines.slice(40, 50), lines.slice(50, 60), lines.slice(60, 70)];
    for (const seq of [1, 2, 5]) {
      await bridge.publishAsync(topic, JSON.stringify(readerLinesMessage(source, seq, 'bacc', chunks[seq - 1]!)), { qos: 1 });
    }
    await tableConsole.page.waitForFunction(
      () => {
        const operator = document.querySelector('bacc-kiosk')?.shadowRoot?.querySelector('bacc-operator');
        const lost = operator?.shadowRoot?.querySelector('.feed-lost')?.textContent?.trim() ?? '';
        return lost !== '' && (operator?.consoleController.shoe?.hands.length ?? 0) > 0;
      },
      undefined,
      { timeout: 10_000 },
    );
    const seen = await consoleFedShoe(tableConsole);
    // Messages 3 and 4 held lines 41–60 of the shoe: both said, the messages and the lines.
    expect(seen.lost).toBe(
      '2 messages from the bridge were lost on the way: check the hands against the table. ' +
        '20 lines from the card shoe never reached this console: check the hands against the table.',
    );
    expect(seen.hands.length).toBeGreaterThan(0);
  });
});
