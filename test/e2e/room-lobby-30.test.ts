import { randomUUID } from 'node:crypto';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { presenceMessage, tableStateMessage, tableTopics } from '../../src/room/messages.js';
import { simulateShoeRecords } from '../../src/shoes/document.js';
import { useChromium } from './browser.js';
import { useBroker } from './mosquitto.js';
import { consoleLogin, roomAddress, screenLogin, useMachines, ACROSS_THE_ROOM } from './room-helpers.js';
import { untilValue } from '../support/wait.js';

const baseUrl = inject('baseUrl');
const chromium = useChromium();
// Sorted by name, the first page of 24 holds High Limit 1–12 and Table 13–24.
const TABLES = [...Array.from({ length: 12 }, (_, i) => `High Limit ${i + 1}`), ...Array.from({ length: 18 }, (_, i) => `Table ${i + 13}`)];
/** A table whose console is connected but has published no state: the broker truly holds none. */
const NO_STATE = 'Table 20';
const broker = useBroker({ tables: TABLES, screens: ['screen'] });

const machines = useMachines();
const clients: MqttClient[] = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.endAsync(true)));
});

/** Publishes, with each table's own login, its presence and (but for NO_STATE) a retained state of a 60-hand shoe. */
async function publishRoom(): Promise<void> {
  await Promise.all(
    TABLES.map(async (table, index) => {
      const login = consoleLogin(broker(), table);
      const client = await connectAsync(broker().mqttUrl, {
        protocolVersion: 5,
        clientId: `room-${randomUUID()}`,
        reconnectPeriod: 0,
        username: login.username,
        password: login.password,
      });
      clients.push(client);
      const topics = tableTopics(table);
      await client.publishAsync(topics.presence, JSON.stringify(presenceMessage(true, new Date())), { qos: 1, retain: true });
      if (table === NO_STATE) return;
      const dealt = simulateShoeRecords({ shoes: 1, seed: `lobby-30-${index}`, table })[0]!;
      const shoe = { ...dealt, number: 1, source: 'recorded' as const, seed: null, endedAt: null, hands: dealt.hands.slice(0, 60) };
      await client.publishAsync(topics.state, JSON.stringify(tableStateMessage(table, '25 – 5,000', shoe, Date.now())), {
        qos: 1,
        retain: true,
      });
    }),
  );
}

interface Seen {
  statuses: Record<string, string[]>;
  names: { table: string; text: string; whole: boolean }[];
}

describe('the lobby at 30 tables (#28, point 10)', () => {
  it('says Loading, never "No shoe yet", until a table’s retained state is read, "No shoe yet" only for a table without one, and shows every name whole', async () => {
    await publishRoom();
    const context = await chromium().newContext({ viewport: { width: 1920, height: 1080 } });
    const page = await context.newPage();
    machines.push({ context, page, logs: [] });
    // Every status each tile shows, frame by frame, from the first frame on.
    await page.addInitScript(() => {
      const statuses: Record<string, string[]> = {};
      (window as unknown as { __statuses: typeof statuses }).__statuses = statuses;
      const poll = () => {
        const root = document.querySelector('bacc-kiosk')?.shadowRoot?.querySelector('bacc-lobby')?.shadowRoot;
        for (const tile of root?.querySelectorAll<HTMLElement>('[part="tile"]') ?? []) {
          const seen = (statuses[tile.dataset['table'] ?? ''] ??= []);
          const status = tile.dataset['status'] ?? '';
          if (seen.at(-1) !== status) seen.push(status);
        }
        requestAnimationFrame(poll);
      };
      requestAnimationFrame(poll);
    });
    await page.goto(roomAddress(baseUrl, 'lobby', broker(), screenLogin(broker())));

    const seen = await untilValue(
      () =>
        page.evaluate((): Seen => {
          const root = document.querySelector('bacc-kiosk')?.shadowRoot?.querySelector('bacc-lobby')?.shadowRoot;
          const names = [...(root?.querySelectorAll<HTMLElement>('[part="tile"] .name') ?? [])].map((name) => ({
            table: name.closest<HTMLElement>('[part="tile"]')!.dataset['table'] ?? '',
            text: name.textContent?.trim() ?? '',
            // Nothing of it cut: no wider or taller than its box, and its box within the tile.
            whole:
              name.scrollWidth <= name.clientWidth &&
              name.scrollHeight <= name.clientHeight &&
              name.getBoundingClientRect().right <= name.closest('[part="tile"]')!.getBoundingClientRect().right + 0.5,
          }));
          return { statuses: (window as unknown as { __statuses: Seen['statuses'] }).__statuses, names };
        }),
      (view) =>
        view.names.length === 24 &&
        view.names.every((name) => view.statuses[name.table]?.at(-1) === (name.table === NO_STATE ? 'no-shoe' : 'open')),
      'the first page of 24 tiles, each with its shoe or "no shoe yet"',
      ACROSS_THE_ROOM,
    );
    expect(seen.names.map((name) => name.table)).toEqual(TABLES.slice(0, 24));
    for (const name of seen.names) {
      expect(name.text).toBe(name.table);
      expect(name.whole, `the name of ${name.table} shown whole`).toBe(true);
      const statuses = seen.statuses[name.table]!;
      if (name.table === NO_STATE) expect(statuses.filter((status) => status !== 'loading')).toEqual(['no-shoe']);
      else expect(statuses, `${name.table}'s statuses`).not.toContain('no-shoe');
    }
  });
});
