import { describe, expect, inject, it } from 'vitest';
import { useChromium } from './browser.js';
import { useBroker } from './mosquitto.js';
import {
  displayView,
  lobbyTiles,
  openConsole,
  openDisplay,
  openLobby,
  randomOutcomes,
  startShoe,
  typeHands,
  waitForDisplayOutcomes,
  useMachines,
  ACROSS_THE_ROOM,
} from './room-helpers.js';
import { untilValue } from '../support/wait.js';

const baseUrl = inject('baseUrl');
const chromium = useChromium();
const TABLE = 'Table 1';
const broker = useBroker({ tables: [TABLE], screens: ['screen'] });

const machines = useMachines();

describe('a console and displays on separate machines, through the broker', () => {
  it('shows 30 hands typed on the console, in order, on another machine; a display joining at hand 20 shows the shoe at once; a closed console is shown offline', async () => {
    const outcomes = randomOutcomes(30);
    const tableConsole = await openConsole(chromium(), baseUrl, broker(), TABLE);
    machines.push(tableConsole);
    const display = await openDisplay(chromium(), baseUrl, broker(), TABLE);
    machines.push(display);
    const lobby = await openLobby(chromium(), baseUrl, broker());
    machines.push(lobby);

    await startShoe(tableConsole.page);
    // Hand by hand: each hand typed reaches the other machine as that hand, after the ones before it.
    for (let n = 1; n <= 20; n++) {
      await typeHands(tableConsole.page, outcomes[n - 1]!);
      await waitForDisplayOutcomes(display.page, outcomes.slice(0, n));
    }

    // A display machine switched on at hand 20: the whole shoe at once, from the broker's retained state.
    const late = await openDisplay(chromium(), baseUrl, broker(), TABLE);
    machines.push(late);
    await waitForDisplayOutcomes(late.page, outcomes.slice(0, 20));

    for (let n = 21; n <= 30; n++) {
      await typeHands(tableConsole.page, outcomes[n - 1]!);
      await waitForDisplayOutcomes(display.page, outcomes.slice(0, n));
    }
    await waitForDisplayOutcomes(late.page, outcomes);

    // Compared hand by hand with what was typed, on both displays.
    for (const machine of [display, late]) {
      const view = await displayView(machine.page);
      expect(view.handCount).toBe(30);
      expect([...view.outcomes]).toEqual([...outcomes]);
      expect(view.status).toBe('');
      expect(view.note).toBe('');
    }
    const tiles = await untilValue(
      () => lobbyTiles(lobby.page),
      (shown) => shown.length === 1 && shown[0]!.hands === 30,
      'the lobby tile at 30 hands',
      ACROSS_THE_ROOM,
    );
    expect(tiles[0]).toMatchObject({ table: TABLE, status: 'open', offline: false, roadOutcomes: outcomes });

    // The console's window closes: its displays and the lobby say it is offline.
    await tableConsole.page.close();
    for (const machine of [display, late]) {
      const view = await untilValue(
        () => displayView(machine.page),
        (shown) => /console of Table 1 is offline/.test(shown.status),
        'the display saying the console is offline',
        ACROSS_THE_ROOM,
      );
      // Still showing the shoe as it was.
      expect(view.outcomes).toBe(outcomes);
    }
    const offline = await untilValue(
      () => lobbyTiles(lobby.page),
      (shown) => shown[0]?.offline === true,
      'the lobby tile saying the console is offline',
      ACROSS_THE_ROOM,
    );
    expect(offline[0]!.offlineText).toMatch(/^Console offline/);
    expect(offline[0]!.hands).toBe(30);
  });

  it('a display opened mid-shoe draws the whole shoe in one go (its scoreboard never counts up from 0)', async () => {
    const outcomes = randomOutcomes(20);
    const tableConsole = await openConsole(chromium(), baseUrl, broker(), TABLE);
    machines.push(tableConsole);
    await startShoe(tableConsole.page);
    await typeHands(tableConsole.page, outcomes);

    const context = await chromium().newContext({ viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    machines.push({ context, page, logs: [] });
    // Every hand count the scoreboard takes, from the first frame on.
    await page.addInitScript(() => {
      const seen: number[] = [];
      (window as unknown as { __counts: number[] }).__counts = seen;
      const poll = () => {
        const scoreboard = document
          .querySelector('bacc-kiosk')
          ?.shadowRoot?.querySelector('bacc-table-display')
          ?.shadowRoot?.querySelector('bacc-scoreboard') as { hands?: unknown[] } | null | undefined;
        const count = scoreboard?.hands?.length;
        if (count !== undefined && seen.at(-1) !== count) seen.push(count);
        requestAnimationFrame(poll);
      };
      requestAnimationFrame(poll);
    });
    const query = new URLSearchParams({
      mode: 'display',
      table: TABLE,
      broker: broker().wsUrl,
      user: broker().credentials.screens['screen']!.username,
      password: broker().credentials.screens['screen']!.password,
    });
    await page.goto(`${baseUrl}?${query.toString()}`);
    await waitForDisplayOutcomes(page, outcomes);
    const seen = await page.evaluate(() => (window as unknown as { __counts: number[] }).__counts);
    expect(seen.filter((count) => count > 0)).toEqual([20]);
  });
});
