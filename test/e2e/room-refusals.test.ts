import type { MqttClient } from 'mqtt';
import { describe, expect, inject, it } from 'vitest';
import { tableStateMessage, tableTopics } from '../../src/room/messages.js';
import { simulateShoeRecords, type ShoeRecord } from '../../src/shoes/document.js';
import { useChromium } from './browser.js';
import { useBroker } from './mosquitto.js';
import { retainedState, useForgers } from './room-forger.js';
import {
  consoleLogin,
  consoleState,
  displayView,
  lobbyOperatorLine,
  lobbyTiles,
  openConsole,
  openDisplay,
  openLobby,
  randomOutcomes,
  screenLogin,
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
/** A Node MQTT 5 client on the plain listener, so that refusals carry reason codes. */
const connect = useForgers(broker);

/** The puback reason code of a refused QoS 1 publish, or null when the broker took it. */
async function publishRefusal(client: MqttClient, topic: string, payload: string, retain: boolean): Promise<number | null> {
  try {
    const packet = await client.publishAsync(topic, payload, { qos: 1, retain });
    const code = (packet as { reasonCode?: number } | undefined)?.reasonCode ?? 0;
    return code >= 128 ? code : null;
  } catch (error) {
    return (error as { code?: number }).code ?? -1;
  }
}

/** A real dealt shoe of the table with one hand's outcome contradicting its cards: impossible. */
function impossibleShoe(): ShoeRecord {
  const [dealt] = simulateShoeRecords({ shoes: 1, table: TABLE });
  const hands = dealt!.hands.slice(0, 12);
  const index = hands.findIndex((hand, i) => i >= 3 && hand.outcome === 'B');
  expect(index).toBeGreaterThanOrEqual(0);
  hands[index] = { ...hands[index]!, outcome: 'P' };
  return { ...dealt!, source: 'recorded', seed: null, endedAt: null, hands };
}

describe('what the room refuses', () => {
  it("refuses a display credential's publish at the broker (MQTT 5 puback 135)", async () => {
    const screen = await connect(screenLogin(broker()));
    const topics = tableTopics(TABLE);
    const state = JSON.stringify(tableStateMessage(TABLE, '', null, Date.now()));
    expect(await publishRefusal(screen, topics.state, state, true)).toBe(135);
    expect(await publishRefusal(screen, topics.change, '{}', false)).toBe(135);
    expect(await publishRefusal(screen, topics.presence, '{}', true)).toBe(135);
  });

  it("refuses, on the display and the lobby, an impossible shoe published with the table's console credential: nothing shown changes, one message refused is counted; no page keeps a credential in its address", async () => {
    const outcomes = randomOutcomes(6);
    const tableConsole = await openConsole(chromium(), baseUrl, broker(), TABLE);
    machines.push(tableConsole);
    const display = await openDisplay(chromium(), baseUrl, broker(), TABLE);
    machines.push(display);
    const lobby = await openLobby(chromium(), baseUrl, broker());
    machines.push(lobby);

    await startShoe(tableConsole.page);
    await typeHands(tableConsole.page, outcomes);
    await waitForDisplayOutcomes(display.page, outcomes);
    await untilValue(
      () => lobbyTiles(lobby.page),
      (tiles) => tiles[0]?.hands === outcomes.length,
      'the lobby tile with every hand',
      ACROSS_THE_ROOM,
    );

    // The address bar of each page holds no credential once loaded.
    for (const machine of [tableConsole, display, lobby]) {
      const address = new URL(machine.page.url());
      expect(address.searchParams.has('user')).toBe(false);
      expect(address.searchParams.has('password')).toBe(false);
      expect(address.searchParams.get('broker')).toBe(broker().wsUrl);
    }
    for (const login of [consoleLogin(broker(), TABLE), screenLogin(broker())]) {
      for (const machine of [tableConsole, display, lobby]) expect(machine.page.url()).not.toContain(login.password);
    }

    // Forgeries pass the ACL when made with the console's own credential: the broker takes them.
    // The console idle first: every hand written, and its last revision retained at the broker.
    await untilValue(
      () => consoleState(tableConsole.page),
      (state) => state.outcomes === outcomes && state.unsaved === 0,
      'the console to have written every hand',
      ACROSS_THE_ROOM,
    );
    const forger = await connect(consoleLogin(broker(), TABLE));
    const topics = tableTopics(TABLE);
    const shown = await retainedState(forger, TABLE, outcomes.length);
    const impossible = impossibleShoe();

    // A change carrying an impossible hand, right after the revision every screen shows, in the
    // console's session (copied, as any holder of the login can): the open display and lobby check
    // the hand within its shoe, refuse it, count it, and show what they showed.
    const forgedChange = {
      format: 'bacc-table-change',
      version: 1,
      revision: shown.revision + 1,
      after: shown.revision,
      shoeId: shown.shoeId,
      change: 'add',
      handCount: outcomes.length + 1,
      hand: { ...impossible.hands[0]!, outcome: impossible.hands[0]!.outcome === 'B' ? 'P' : 'B' },
      session: shown.session,
    };
    expect(await publishRefusal(forger, topics.change, JSON.stringify(forgedChange), false)).toBeNull();
    await untilValue(
      () => lobbyOperatorLine(lobby.page),
      (line) => line.includes('1 message refused'),
      'the lobby counting 1 refused',
      ACROSS_THE_ROOM,
    );
    await untilValue(
      () => displayView(display.page),
      (view) => view.note.includes('1 message refused'),
      'the display counting 1 refused',
      ACROSS_THE_ROOM,
    );
    expect((await displayView(display.page)).outcomes).toBe(outcomes);
    expect(await lobbyTiles(lobby.page)).toMatchObject([{ table: TABLE, hands: outcomes.length, roadOutcomes: outcomes }]);

    // An impossible shoe as the table's retained state once its console is gone (a console answers
    // any state it did not publish with its own): screens read it on joining (and on a gap), so a
    // display rebooted now, and one switched on now, refuse it, count it once, and show no forged hand.
    await tableConsole.context.close();
    machines.splice(machines.indexOf(tableConsole), 1);
    const forgedState = tableStateMessage(TABLE, '', impossible, shown.revision + 60_000, new Date(), shown.session);
    expect(await publishRefusal(forger, topics.state, JSON.stringify(forgedState), true)).toBeNull();
    await display.page.reload();
    const view = await untilValue(
      () => displayView(display.page),
      (seen) => seen.note.includes('1 message refused') && seen.handCount > 0,
      'the rebooted display counting 1 refused',
      ACROSS_THE_ROOM,
    );
    // Its kept copy, not the forgery.
    expect(view.outcomes).toBe(outcomes);
    const late = await openDisplay(chromium(), baseUrl, broker(), TABLE);
    machines.push(late);
    const lateView = await untilValue(
      () => displayView(late.page),
      (seen) => seen.note.includes('1 message refused'),
      'the new display counting 1 refused',
      ACROSS_THE_ROOM,
    );
    expect(lateView.handCount).toBe(0);

    // A moment later: still one each, nothing changed.
    await display.page.waitForTimeout(1500);
    for (const machine of [display, late]) expect((await displayView(machine.page)).note).toMatch(/^1 message refused/);
    expect((await displayView(display.page)).outcomes).toBe(outcomes);
    expect(await lobbyOperatorLine(lobby.page)).toMatch(/(^| )1 message refused/);
    expect((await lobbyTiles(lobby.page))[0]!.roadOutcomes).toBe(outcomes);

    // Logged as refused, without any credential in the log.
    for (const [machine, topic] of [
      [display, 'state'],
      [late, 'state'],
      [lobby, 'change'],
    ] as const) {
      const refusals = machine.logs.filter((line) => line.includes(`bacc: refused a message on bacc/v1/tables/Table%201/${topic}`));
      expect(refusals).toHaveLength(1);
      expect(refusals[0]).toMatch(/impossible shoe/);
      for (const login of [consoleLogin(broker(), TABLE), screenLogin(broker())]) {
        expect(machine.logs.join('\n')).not.toContain(login.password);
      }
    }
  });
});
