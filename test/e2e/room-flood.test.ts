import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { tableStateMessage, tableTopics } from '../../src/room/messages.js';
import { simulateShoeRecords, type ShoeRecord } from '../../src/shoes/document.js';
import { useChromium } from './browser.js';
import { useBroker } from './mosquitto.js';
import { retainedState, useForgers } from './room-forger.js';
import {
  consoleLogin,
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
import { delay, untilValue } from '../support/wait.js';

const baseUrl = inject('baseUrl');
const chromium = useChromium();
const TABLE = 'Table 1';
const broker = useBroker({ tables: [TABLE], screens: ['screen'] });

const machines = useMachines();
const connect = useForgers(broker);

/** The flood: this many messages from the table's own login, in ticks of `PER_TICK` every `TICK_MS`. */
const FLOOD_MESSAGES = 5_000;
/**
 * Sent first, and not measured: a screen up for a while has its checks compiled, while a page's
 * first forged messages ran them cold (one task of 140 ms in one run of four on a quiet machine).
 */
const WARM_UP_MESSAGES = 500;
const PER_TICK = 50;
const TICK_MS = 100;
/** The longest a frame may wait under the flood, and how soon a real hand must be painted. */
const MOST_FRAME_GAP_MS = 100;
const MOST_HAND_DELAY_MS = 1_000;
/** The hands the console records before the flood. */
const BEFORE = randomOutcomes(75);

/**
 * The `index`th forged message: most (seven in ten) add a hand that contradicts its cards right after
 * the revision shown, so each is checked against the whole shoe before it is refused; others are a
 * correction or an undo that cannot be followed, text that is not JSON, a change padded to 20 KB,
 * now and then one over the size limit; one in twenty is a state of a whole impossible shoe padded
 * to 40 KB, not retained (a retained forgery would replace the console's state at the broker, which
 * no screen can undo: point 2), seen by a screen while it reads the table's state.
 */
function forged(index: number, shown: number, shoe: ShoeRecord): { topic: string; payload: string; retain: boolean } {
  const topics = tableTopics(TABLE);
  const padding = (bytes: number): string => 'x'.repeat(bytes);
  const change = (fields: object) => JSON.stringify({ format: 'bacc-table-change', version: 1, ...fields });
  const slot = index % 20;
  if (slot === 0) {
    const state = tableStateMessage(TABLE, '', { ...IMPOSSIBLE_SHOE, id: `forged-${index}` }, shown + 1_000 + index);
    return { topic: topics.state, payload: JSON.stringify({ ...state, padding: padding(30_000) }), retain: false };
  }
  if (slot <= 14) {
    const hand = IMPOSSIBLE_HANDS[index % IMPOSSIBLE_HANDS.length]!;
    const add = { revision: shown + 1 + index, after: shown, shoeId: shoe.id, change: 'add', handCount: shoe.hands.length + 1, hand };
    return { topic: topics.change, payload: change(add), retain: false };
  }
  if (slot === 15) return { topic: topics.change, payload: `{not json ${index}`, retain: false };
  if (slot === 16) {
    const padded = {
      revision: shown + 20_000 + index,
      after: shown,
      shoeId: 'padded',
      change: 'end',
      handCount: 0,
      padding: padding(20_000),
    };
    return { topic: topics.change, payload: change(padded), retain: false };
  }
  if (index % 500 === 11) return { topic: topics.change, payload: padding(300_000 + index), retain: false };
  const gap = {
    revision: shown + 10_000 + index,
    after: shown + 9_999 + index,
    shoeId: shoe.id,
    change: slot % 2 ? 'correct' : 'undo',
    handCount: 1,
  };
  return { topic: topics.change, payload: change(gap), retain: false };
}

/** A whole dealt shoe of the table whose last hand's outcome contradicts its cards: checked to its end, then refused. */
const IMPOSSIBLE_SHOE: ShoeRecord = (() => {
  const [dealt] = simulateShoeRecords({ shoes: 1, seed: 'flood', table: TABLE });
  const hands = [...dealt!.hands];
  const last = hands.length - 1;
  hands[last] = { ...hands[last]!, outcome: hands[last]!.outcome === 'B' ? 'P' : 'B' };
  return { ...dealt!, source: 'recorded', seed: null, endedAt: null, hands };
})();

/** Hands whose outcome contradicts their cards. */
const IMPOSSIBLE_HANDS = simulateShoeRecords({ shoes: 1, seed: 'flood-hands', table: TABLE })[0]!.hands.map((hand) => ({
  ...hand,
  outcome: hand.outcome === 'B' ? 'P' : 'B',
}));

/**
 * Starts watching a screen frame by frame: every requestAnimationFrame's time, and the wall-clock
 * time of the first frame in which the screen shows `hands` hands.
 */
function watchFrames(page: Page, mode: 'display' | 'lobby', hands: number): Promise<void> {
  return page.evaluate(
    ({ mode, hands }) => {
      const watch = { frames: [] as number[], painted: 0, stop: false, tasks: [] as number[] };
      // The page's own long tasks, to tell its work from a machine too busy to run it.
      new PerformanceObserver((list) => {
        if (!watch.stop) for (const entry of list.getEntries()) watch.tasks.push(entry.duration);
      }).observe({ type: 'longtask' });
      (window as unknown as { __flood: typeof watch }).__flood = watch;
      const shown = (): number => {
        const kiosk = document.querySelector('bacc-kiosk')?.shadowRoot;
        if (mode === 'display')
          return kiosk?.querySelector('bacc-table-display')?.shadowRoot?.querySelector('bacc-scoreboard')?.hands?.length ?? 0;
        const tile = kiosk?.querySelector('bacc-lobby')?.shadowRoot?.querySelector('[part="tile"] [data-hands]');
        return Number(tile?.getAttribute('data-hands') ?? 0);
      };
      const frame = (time: number): void => {
        if (watch.stop) return;
        watch.frames.push(time);
        if (watch.painted === 0 && shown() >= hands) watch.painted = Date.now();
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    },
    { mode, hands },
  );
}

/** Stops watching; the gaps between frames (ms) and when the hand was first painted (wall clock). */
async function framesSeen(page: Page): Promise<{ gaps: number[]; painted: number; tasks: number[] }> {
  return page.evaluate(() => {
    const watch = (window as unknown as { __flood: { frames: number[]; painted: number; stop: boolean; tasks: number[] } }).__flood;
    watch.stop = true;
    return { gaps: watch.frames.slice(1).map((time, index) => time - watch.frames[index]!), painted: watch.painted, tasks: watch.tasks };
  });
}

function summary({ gaps, tasks }: { gaps: number[]; tasks: number[] }): string {
  const sorted = [...gaps].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(0);
  return `${gaps.length} frames, median ${at(0.5)} ms, p99 ${at(0.99)} ms, longest ${sorted.at(-1)!.toFixed(0)} ms (${tasks.length} long tasks, the longest ${Math.max(0, ...tasks).toFixed(0)} ms)`;
}

describe('a flood from a table’s login (#28, point 7)', () => {
  // Each screen on its own, as each is a machine of its own in a room: two pages drawing at once on
  // this 2-core machine beside the console, the broker and the flood would measure this machine.
  for (const mode of ['display', 'lobby'] as const) {
    it(`keeps the ${mode} drawing (no frame waits over 100 ms) and paints a real hand within 1 s`, async () => {
      const tableConsole = await openConsole(chromium(), baseUrl, broker(), TABLE);
      machines.push(tableConsole);
      const screen =
        mode === 'display' ? await openDisplay(chromium(), baseUrl, broker(), TABLE) : await openLobby(chromium(), baseUrl, broker());
      machines.push(screen);
      const shows = (outcomes: string, what: string): Promise<unknown> =>
        mode === 'display'
          ? waitForDisplayOutcomes(screen.page, outcomes, ACROSS_THE_ROOM)
          : untilValue(
              () => lobbyTiles(screen.page),
              (tiles) => tiles[0]?.roadOutcomes === outcomes,
              what,
              ACROSS_THE_ROOM,
            );

      await startShoe(tableConsole.page);
      // Late in a shoe: a forged hand is then checked against every hand before it.
      await typeHands(tableConsole.page, BEFORE);
      await shows(BEFORE, `the lobby tile with ${BEFORE.length} hands`);

      const login = consoleLogin(broker(), TABLE);
      const forger = await connect(login);
      const { revision: shown, shoe } = await retainedState(forger, TABLE, BEFORE.length);
      /** Sends the forged messages `from` to `to` at the flood's pace; `midway` runs once, half way. */
      const flood = async (from: number, to: number, midway: () => void = () => undefined): Promise<void> => {
        let halfway = false;
        for (let sent = from; sent < to;) {
          const tick = Date.now();
          for (let i = 0; i < PER_TICK; i++, sent++) {
            const message = forged(sent, shown, shoe!);
            forger.publish(message.topic, message.payload, { qos: 0, retain: message.retain });
          }
          if (!halfway && sent >= (from + to) / 2) {
            halfway = true;
            midway();
          }
          await delay(Math.max(0, TICK_MS - (Date.now() - tick)));
        }
      };
      await flood(0, WARM_UP_MESSAGES);
      await delay(1_000);
      await watchFrames(screen.page, mode, BEFORE.length + 1);
      const started = Date.now();
      let handTyped: Promise<void> | undefined;
      let pressed = 0;
      // Mid-flood, the dealer records a real hand on the table's console.
      await flood(WARM_UP_MESSAGES, WARM_UP_MESSAGES + FLOOD_MESSAGES, () => {
        // Taken before the key is sent: the delay measured is never shorter than the real one.
        pressed = Date.now();
        handTyped = typeHands(tableConsole.page, 'B');
      });
      const floodSeconds = (Date.now() - started) / 1000;
      await handTyped;
      // The screen works through what the broker holds for it; the figures are read even when it falls behind.
      const [shownOn] = await Promise.allSettled([shows(`${BEFORE}B`, 'the lobby tile with the real hand')]);
      await delay(1_000);
      const seen = await framesSeen(screen.page);

      const figures =
        `flood of ${FLOOD_MESSAGES} messages in ${floodSeconds.toFixed(1)} s; ` +
        `${mode}: ${summary(seen)}, hand painted ${seen.painted ? seen.painted - pressed : 'never'} ms after the key was pressed on the console`;
      console.log(figures);
      if (shownOn.status === 'rejected') throw shownOn.reason;
      expect(floodSeconds).toBeLessThan(15);
      expect(Math.max(...seen.gaps), figures).toBeLessThanOrEqual(MOST_FRAME_GAP_MS);
      expect(seen.painted - pressed, figures).toBeLessThanOrEqual(MOST_HAND_DELAY_MS);
    });
  }
});
