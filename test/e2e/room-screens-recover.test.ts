import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { tableTopics } from '../../src/room/messages.js';
import { forgeState, retainedState, useForgers } from './room-forger.js';
import { simulateShoeRecords, type ShoeRecord } from '../../src/shoes/document.js';
import { useChromium } from './browser.js';
import { useBroker } from './mosquitto.js';
import {
  consoleLogin,
  consoleState,
  displayView,
  lobbyOperatorLine,
  lobbyTiles,
  openConsole,
  openDisplay,
  openLobby,
  startShoe,
  typeHands,
  waitForDisplayOutcomes,
  useMachines,
  ACROSS_THE_ROOM,
  type Machine,
} from './room-helpers.js';
import { untilValue } from '../support/wait.js';

const baseUrl = inject('baseUrl');
const chromium = useChromium();
const TABLE = 'Table 1';
const broker = useBroker({ tables: [TABLE], screens: ['screen'] });

const machines = useMachines();
const forger = useForgers(broker);

/** A dealt shoe of the table with one hand's outcome contradicting its cards: impossible. */
function impossibleShoe(): ShoeRecord {
  const [dealt] = simulateShoeRecords({ shoes: 1, table: TABLE });
  const hands = dealt!.hands.slice(0, 8);
  const index = hands.findIndex((hand, i) => i >= 2 && hand.outcome === 'B');
  hands[index] = { ...hands[index]!, outcome: 'P' };
  return { ...dealt!, source: 'recorded', seed: null, endedAt: null, hands };
}

/** Runs `action` on the console's controller (a question answered yes: end the shoe, start a new one). */
async function confirmOnConsole(page: Page, action: 'end-shoe' | 'new-shoe'): Promise<void> {
  await page.evaluate(async (chosen) => {
    const operator = document.querySelector('bacc-kiosk')!.shadowRoot!.querySelector('bacc-operator')!;
    await operator.consoleController.confirm(chosen);
  }, action);
  await untilValue(
    () => consoleState(page),
    (state) => state.unsaved === 0,
    'the console to write it',
    ACROSS_THE_ROOM,
  );
}

/** The number the display's scoreboard shows for the shoe, and its header's words. */
function displayShoe(page: Page): Promise<{ number: string | null; header: string }> {
  return page.evaluate(() => {
    const scoreboard = document
      .querySelector('bacc-kiosk')
      ?.shadowRoot?.querySelector('bacc-table-display')
      ?.shadowRoot?.querySelector('bacc-scoreboard');
    return { number: scoreboard?.getAttribute('shoe-number') ?? null, header: scoreboard?.shadowRoot?.textContent ?? '' };
  });
}

/** Waits until the lobby and the display both say `count` (e.g. "1 message refused") of `what`. */
async function bothCount(lobby: Machine, display: Machine, count: string, what: string): Promise<void> {
  await untilValue(
    () => lobbyOperatorLine(lobby.page),
    (line) => line.includes(count),
    `the lobby counting ${what}`,
    ACROSS_THE_ROOM,
  );
  await untilValue(
    () => displayView(display.page),
    (view) => view.note.includes(count),
    `the display counting ${what}`,
    ACROSS_THE_ROOM,
  );
}

/** The lobby tile's shoe line, e.g. "Shoe 2 · 3 hands", and its data-shoe. */
function lobbyShoeLine(page: Page): Promise<{ shoe: string | null; text: string }> {
  return page.evaluate(() => {
    const line = document
      .querySelector('bacc-kiosk')
      ?.shadowRoot?.querySelector('bacc-lobby')
      ?.shadowRoot?.querySelector('[part="tile"] .shoe');
    return { shoe: line?.getAttribute('data-shoe') ?? null, text: line?.textContent?.trim() ?? '' };
  });
}

describe('screens that refuse a message recover on the next valid one (#28)', () => {
  it('after a refused state announced by a change, the lobby and the display follow the end of the shoe and a new shoe, each counting the forgery once, and a change from a session that does not hold the table as refused too', async () => {
    const tableConsole = await openConsole(chromium(), baseUrl, broker(), TABLE);
    machines.push(tableConsole);
    const display = await openDisplay(chromium(), baseUrl, broker(), TABLE);
    machines.push(display);
    const lobby = await openLobby(chromium(), baseUrl, broker());
    machines.push(lobby);

    await startShoe(tableConsole.page);
    await typeHands(tableConsole.page, 'BPBB');
    await waitForDisplayOutcomes(display.page, 'BPBB');
    await untilValue(
      () => lobbyTiles(lobby.page),
      (tiles) => tiles[0]?.hands === 4,
      'the lobby tile with 4 hands',
      ACROSS_THE_ROOM,
    );

    // A refused state (an impossible shoe), retained, then a change announcing it, by the table's own login.
    const client = await forger(consoleLogin(broker(), TABLE));
    // It copies the console's session, as anyone holding the login can.
    const { revision: shown, session } = await retainedState(client, TABLE, 4);
    const topics = tableTopics(TABLE);
    await forgeState(client, TABLE, { shoe: impossibleShoe(), revision: shown + 60_000, after: shown, session });
    await bothCount(lobby, display, '1 message refused', 'the forged state');

    // The console goes on: its state replaces the forged one at the broker; an end of shoe, a new shoe, hands.
    await typeHands(tableConsole.page, 'P');
    await confirmOnConsole(tableConsole.page, 'end-shoe');
    await untilValue(
      () => lobbyTiles(lobby.page),
      (tiles) => tiles[0]?.status === 'ended',
      'the lobby tile showing the shoe ended',
      ACROSS_THE_ROOM,
    );
    await confirmOnConsole(tableConsole.page, 'new-shoe');
    await typeHands(tableConsole.page, 'TBP');
    await waitForDisplayOutcomes(display.page, 'TBP');
    const tiles = await untilValue(
      () => lobbyTiles(lobby.page),
      (seen) => seen[0]?.roadOutcomes === 'TBP',
      'the lobby tile following the new shoe',
      ACROSS_THE_ROOM,
    );
    expect(tiles[0]).toMatchObject({ status: 'open', hands: 3 });

    // A change from a console session that does not hold the table: refused and counted, not passed over in silence.
    const current = await retainedState(client, TABLE, 3);
    const old = {
      format: 'bacc-table-change',
      version: 1,
      revision: current.revision + 1,
      after: current.revision,
      shoeId: 'old',
      change: 'end',
      handCount: 0,
      session: 'not-the-holder',
    };
    await client.publishAsync(topics.change, JSON.stringify(old), { qos: 1 });
    await bothCount(lobby, display, '2 messages refused', 'the other session’s change');

    // Each refusal counted and logged once on each screen, however often the forged state was read.
    await display.page.waitForTimeout(1500);
    expect((await displayView(display.page)).note).toMatch(/^2 messages refused/);
    expect(await lobbyOperatorLine(lobby.page)).toMatch(/(^| )2 messages refused/);
    for (const machine of [display, lobby]) {
      expect(machine.logs.filter((line) => line.includes('bacc: refused a message on bacc/v1/tables/Table%201/state'))).toHaveLength(1);
      expect(machine.logs.filter((line) => line.includes('bacc: refused a message on bacc/v1/tables/Table%201/change'))).toHaveLength(1);
    }
    expect((await displayView(display.page)).outcomes).toBe('TBP');
    expect((await lobbyTiles(lobby.page))[0]!.roadOutcomes).toBe('TBP');
  });

  it('shows the console’s shoe number after New shoe, on the display and the lobby', async () => {
    const tableConsole = await openConsole(chromium(), baseUrl, broker(), TABLE);
    machines.push(tableConsole);
    const display = await openDisplay(chromium(), baseUrl, broker(), TABLE);
    machines.push(display);
    const lobby = await openLobby(chromium(), baseUrl, broker());
    machines.push(lobby);

    await startShoe(tableConsole.page);
    await typeHands(tableConsole.page, 'BP');
    await waitForDisplayOutcomes(display.page, 'BP');
    await confirmOnConsole(tableConsole.page, 'end-shoe');
    await confirmOnConsole(tableConsole.page, 'new-shoe');
    // The new shoe's number is on the display before its first hand, not "No shoe yet".
    await untilValue(
      () => displayShoe(display.page),
      (seen) => seen.number === '2' && !seen.header.includes('No shoe yet'),
      'the display showing shoe 2 before its first hand',
      ACROSS_THE_ROOM,
    );
    await typeHands(tableConsole.page, 'PBT');
    await waitForDisplayOutcomes(display.page, 'PBT');

    // The console's second shoe of the day.
    const number = await tableConsole.page.evaluate(
      () => document.querySelector('bacc-kiosk')!.shadowRoot!.querySelector('bacc-operator')!.consoleController.shoe!.number,
    );
    expect(number).toBe(2);
    await untilValue(
      () => displayShoe(display.page),
      (seen) => seen.number === '2',
      'the display showing shoe 2',
      ACROSS_THE_ROOM,
    );
    expect((await displayShoe(display.page)).header).not.toContain('No shoe yet');
    await untilValue(
      () => lobbyShoeLine(lobby.page),
      (line) => line.text === 'Shoe 2 · 3 hands',
      'the lobby saying Shoe 2 · 3 hands',
      ACROSS_THE_ROOM,
    );
  });
});
