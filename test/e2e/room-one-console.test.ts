/**
 * One console per table across machines (#28 points 1, 2 and 5), through a real broker: a second
 * console machine only shows the room's shoe and says which machine holds it; a take-over is
 * explicit, goes on with the room's shoe, and the machine it is taken from stops at once and says
 * so; a forged revision far ahead by the table's own login (or a console whose clock runs ahead)
 * never freezes the screens; a hand the broker does not confirm within 5 s is said, in colour.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useChromium } from './browser.js';
import { useBroker } from './mosquitto.js';
import {
  ACROSS_THE_ROOM,
  consoleLogin,
  consoleState,
  lobbyTiles,
  openConsole,
  openDisplay,
  openLobby,
  openMachine,
  roomAddress,
  startShoe,
  typeHands,
  useMachines,
  waitForDisplayOutcomes,
  waitForRoomLine,
  displayView,
  type Machine,
} from './room-helpers.js';
import { presenceMessage, tableTopics } from '../../src/room/messages.js';
import { forgeState, retainedState, useForgers } from './room-forger.js';
import { simulateShoeRecords, type ShoeRecord } from '../../src/shoes/document.js';
import { DEFAULT_RULES } from '../../src/game/rules.js';
import { untilValue } from '../support/wait.js';

const baseUrl = inject('baseUrl');
const chromium = useChromium();
const TABLE = 'Table 1';
const broker = useBroker({ tables: [TABLE], screens: ['screen'] });
const machines = useMachines();
const forger = useForgers(broker);
const servers: Server[] = [];

afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** A dealt shoe of the table with `hands` hands nobody dealt at it. */
function inventedShoe(seed: string, hands: number): ShoeRecord {
  const [invented] = simulateShoeRecords({ rules: DEFAULT_RULES, shoes: 1, seed, table: TABLE, now: () => new Date() });
  return { ...invented!, source: 'recorded', seed: null, endedAt: null, hands: invented!.hands.slice(0, hands) };
}

/** What the console's shoe line says (who holds the table, its hands). */
function shoeLine(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      document
        .querySelector('bacc-kiosk')
        ?.shadowRoot?.querySelector('bacc-operator')
        ?.shadowRoot?.querySelector('.shoe-state')
        ?.textContent?.trim() ?? '',
  );
}

/** The hands (outcomes) on the console's own scoreboard: the room's shoe on a console that does not hold the table. */
function consoleBoard(page: Page): Promise<string> {
  return page.evaluate(() => {
    const board = document
      .querySelector('bacc-kiosk')
      ?.shadowRoot?.querySelector('bacc-operator')
      ?.shadowRoot?.querySelector('bacc-scoreboard') as { hands?: { outcome: string }[] } | null | undefined;
    return (board?.hands ?? []).map((hand) => hand.outcome).join('');
  });
}

/** Opens a console machine for the table that another machine holds, and waits until it says so. */
async function openSecondConsole(): Promise<Machine> {
  const machine = await openMachine(chromium(), roomAddress(baseUrl, 'operator', broker(), consoleLogin(broker(), TABLE), TABLE));
  await untilValue(
    () => shoeLine(machine.page),
    (line) => /recorded on Console [0-9A-F]{4}/.test(line),
    'the second console naming the holder',
    ACROSS_THE_ROOM,
  );
  return machine;
}

/**
 * A TCP relay to the broker's WebSocket port that can go silent without closing anything: a
 * network that died under a console (a pulled switch, a dead Wi-Fi), not a connection refused.
 */
async function silentRelay(target: number): Promise<{ port: number; silence: () => void }> {
  const pairs: [Socket, Socket][] = [];
  const server = createServer((inbound) => {
    const outbound = connect(target, '127.0.0.1');
    inbound.pipe(outbound);
    outbound.pipe(inbound);
    inbound.on('error', () => undefined);
    outbound.on('error', () => undefined);
    pairs.push([inbound, outbound]);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the relay has no port');
  return {
    port: address.port,
    silence: () => {
      for (const [inbound, outbound] of pairs) {
        inbound.unpipe(outbound);
        outbound.unpipe(inbound);
        inbound.pause();
        outbound.pause();
      }
    },
  };
}

/** A console machine that has recorded `outcomes` on a new shoe, and a display (and a lobby) showing them. */
async function tableShown(
  outcomes: string,
  { lobby = false } = {},
): Promise<{ tableConsole: Machine; display: Machine; lobby: Machine | null }> {
  const tableConsole = await openConsole(chromium(), baseUrl, broker(), TABLE);
  machines.push(tableConsole);
  await startShoe(tableConsole.page);
  await typeHands(tableConsole.page, outcomes);
  const display = await openDisplay(chromium(), baseUrl, broker(), TABLE);
  machines.push(display);
  const lobbyMachine = lobby ? await openLobby(chromium(), baseUrl, broker()) : null;
  if (lobbyMachine) machines.push(lobbyMachine);
  await waitForDisplayOutcomes(display.page, outcomes);
  return { tableConsole, display, lobby: lobbyMachine };
}

describe('one console per table across machines (#28)', () => {
  it('a second machine only shows the room’s shoe and names the holder; a take-over goes on with that shoe, and the first machine stops at once and says so', async () => {
    const shown = await tableShown('BPB', { lobby: true });
    const { tableConsole: first, display } = shown;
    const lobby = shown.lobby!;

    const second = await openSecondConsole();
    machines.push(second);
    // It shows the room's shoe, and the screens still show the first machine's.
    await untilValue(
      () => consoleBoard(second.page),
      (board) => board === 'BPB',
      'the second console showing the room’s shoe',
      ACROSS_THE_ROOM,
    );
    await second.page.keyboard.press('p');
    await typeHands(first.page, 'T');
    await waitForDisplayOutcomes(display.page, 'BPBT');
    await untilValue(
      () => consoleBoard(second.page),
      (board) => board === 'BPBT',
      'the second console following the room',
      ACROSS_THE_ROOM,
    );
    expect((await lobbyTiles(lobby.page))[0]).toMatchObject({ hands: 4 });

    // The take-over: explicit (K), with the room's shoe; the first machine says it and stops.
    await second.page.keyboard.press('k');
    await waitForRoomLine(second.page, /^Sent to screens\.$/);
    await untilValue(
      () => shoeLine(first.page),
      (line) => /took this table over/.test(line),
      'the first console saying it was taken over',
      ACROSS_THE_ROOM,
    );
    expect((await consoleState(second.page)).outcomes).toBe('BPBT');
    await typeHands(second.page, 'P');
    await waitForDisplayOutcomes(display.page, 'BPBTP');
    // A key on the first machine records nothing now.
    await first.page.keyboard.press('b');
    await untilValue(
      () => consoleBoard(first.page),
      (board) => board === 'BPBTP',
      'the first console following the room',
      ACROSS_THE_ROOM,
    );
    expect((await consoleState(first.page)).outcomes).not.toBe('BPBTPB');

    // Closing the machine the table was taken from tells the screens nothing: the holder is online.
    await first.context.close();
    machines.splice(machines.indexOf(first), 1);
    await typeHands(second.page, 'B');
    await waitForDisplayOutcomes(display.page, 'BPBTPB');
    const tile = await untilValue(
      () => lobbyTiles(lobby.page),
      (tiles) => tiles[0]?.hands === 6,
      'the lobby tile with 6 hands',
      ACROSS_THE_ROOM,
    );
    expect(tile[0]!.offlineText).toBe('');
  });

  it('a forged state far ahead by the table’s own login is answered by the console, and the screens go on with its hands', async () => {
    const { tableConsole, display } = await tableShown('BP');

    // Invented hands, 20 hours of milliseconds ahead, with the console's own session copied.
    const client = await forger(consoleLogin(broker(), TABLE));
    const { revision, session } = await retainedState(client, TABLE, 2);
    const ahead = revision + 20 * 60 * 60 * 1000;
    await forgeState(client, TABLE, { shoe: inventedShoe('forged', 9), revision: ahead, after: revision, session });

    // The console answers with its own state above it: the screens are back on the real shoe, and follow its next hands.
    await waitForDisplayOutcomes(display.page, 'BP');
    await typeHands(tableConsole.page, 'TB');
    await waitForDisplayOutcomes(display.page, 'BPTB');
    const after = await retainedState(client, TABLE, 4);
    expect(after.revision).toBeGreaterThan(ahead);
    // A display opened now reads the console's state, not the forgery.
    const late = await openDisplay(chromium(), baseUrl, broker(), TABLE);
    machines.push(late);
    await waitForDisplayOutcomes(late.page, 'BPTB');
  });

  it('a console that does not hold the table leaves no will: reloaded after the holder closed, it neither takes the table nor blanks the screens', async () => {
    const { tableConsole: first, display } = await tableShown('BPBBP');
    const second = await openSecondConsole();
    machines.push(second);
    await first.context.close();
    machines.splice(machines.indexOf(first), 1);
    await untilValue(
      () => shoeLine(second.page),
      (line) => /last recorded on Console/.test(line),
      'the second console seeing the holder leave',
      ACROSS_THE_ROOM,
    );
    await second.page.reload();
    await untilValue(
      () => shoeLine(second.page),
      (line) => /last recorded on Console [0-9A-F]{4}, which has left/.test(line),
      'the reloaded second console still asking',
      ACROSS_THE_ROOM,
    );
    await display.page.waitForTimeout(1500);
    expect((await displayView(display.page)).outcomes).toBe('BPBBP');
    // Taken explicitly, it goes on with the room's shoe.
    await second.page.keyboard.press('k');
    await waitForRoomLine(second.page, /^Sent to screens\.$/);
    await typeHands(second.page, 'T');
    await waitForDisplayOutcomes(display.page, 'BPBBPT');
  });

  it('a forged revision of 2^53 − 1 in the console’s session, and a forged “offline” in its name, are answered: nothing freezes', async () => {
    const shown = await tableShown('BP', { lobby: true });
    const { tableConsole, display } = shown;
    const lobby = shown.lobby!;

    const client = await forger(consoleLogin(broker(), TABLE));
    const { revision, session } = await retainedState(client, TABLE, 2);
    const topics = tableTopics(TABLE);
    await forgeState(client, TABLE, { shoe: inventedShoe('forged-max', 3), revision: Number.MAX_SAFE_INTEGER, after: revision, session });
    await typeHands(tableConsole.page, 'T');
    await waitForDisplayOutcomes(display.page, 'BPT');
    const late = await openDisplay(chromium(), baseUrl, broker(), TABLE);
    machines.push(late);
    await waitForDisplayOutcomes(late.page, 'BPT');

    // "Offline" in the console's name, retained: the console says it is online again, and the screens follow.
    const current = await retainedState(client, TABLE, 3);
    await client.publishAsync(
      topics.presence,
      JSON.stringify(presenceMessage(false, new Date(), { session: current.session, machine: 'Forged' })),
      {
        qos: 1,
        retain: true,
      },
    );
    await untilValue(
      () => lobbyTiles(lobby.page),
      (tiles) => tiles[0]?.offlineText === '' && tiles[0]?.hands === 3,
      'the lobby tile online again',
      ACROSS_THE_ROOM,
    );
    await typeHands(tableConsole.page, 'B');
    await waitForDisplayOutcomes(display.page, 'BPTB');
  });

  it('a console whose clock runs 20 hours ahead, then one on time taking the table over: the screens follow both', async () => {
    const ahead = await openMachine(chromium(), 'about:blank');
    machines.push(ahead);
    await ahead.page.clock.setSystemTime(new Date(Date.now() + 20 * 60 * 60 * 1000));
    await ahead.page.goto(roomAddress(baseUrl, 'operator', broker(), consoleLogin(broker(), TABLE), TABLE));
    await waitForRoomLine(ahead.page, /^Sent to screens\.$/);
    await startShoe(ahead.page);
    await typeHands(ahead.page, 'PPB');
    const display = await openDisplay(chromium(), baseUrl, broker(), TABLE);
    machines.push(display);
    await waitForDisplayOutcomes(display.page, 'PPB');

    const onTime = await openSecondConsole();
    machines.push(onTime);
    await onTime.page.keyboard.press('k');
    await waitForRoomLine(onTime.page, /^Sent to screens\.$/);
    await typeHands(onTime.page, 'T');
    await waitForDisplayOutcomes(display.page, 'PPBT');
  });

  it('says within 5 s, in colour, that a hand was not confirmed by the broker when the network dies under the console', async () => {
    const relay = await silentRelay(Number(new URL(broker().wsUrl).port));
    const address = roomAddress(
      baseUrl,
      'operator',
      { ...broker(), wsUrl: `ws://127.0.0.1:${relay.port}` },
      consoleLogin(broker(), TABLE),
      TABLE,
    );
    const tableConsole = await openMachine(chromium(), address);
    machines.push(tableConsole);
    await waitForRoomLine(tableConsole.page, /^Sent to screens\.$/);
    await startShoe(tableConsole.page);
    await typeHands(tableConsole.page, 'B');
    await waitForRoomLine(tableConsole.page, /^Sent to screens\.$/);

    relay.silence();
    const pressed = Date.now();
    await typeHands(tableConsole.page, 'P');
    await waitForRoomLine(tableConsole.page, /^Not confirmed by the broker/, 8_000);
    expect(Date.now() - pressed).toBeLessThan(7_000);
    const look = await tableConsole.page.evaluate(() => {
      const operator = document.querySelector('bacc-kiosk')!.shadowRoot!.querySelector('bacc-operator')!;
      const room = operator.shadowRoot!.querySelector('.room')!;
      const state = operator.shadowRoot!.querySelector('.shoe-state')!;
      return { trouble: room.hasAttribute('data-trouble'), colour: getComputedStyle(room).color, plain: getComputedStyle(state).color };
    });
    expect(look.trouble).toBe(true);
    expect(look.colour).not.toBe(look.plain);
    // The hand is kept on the console all the same.
    expect((await consoleState(tableConsole.page)).outcomes).toBe('BP');
  });
});
