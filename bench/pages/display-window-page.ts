/**
 * The in-page halves of the display-window benchmark (bench/display.ts drives them with
 * playwright-core): two windows of one browser profile, as on a table. `?role=console` writes each
 * hand to IndexedDB through the app's store and then tells the other windows on the table channel,
 * exactly as the console does once a hand is written (components/app/shared/data/kept-shoe.ts);
 * `?role=display` is the wall screen, a real `<bacc-table-display>` following that table, timed
 * from the moment the message reaches it to the frame that shows the hand.
 */
import '../../components/app/display/bacc-table-display.js';
import type { PropertyValues } from 'lit';
import type { BaccScoreboard } from '../../components/bacc-scoreboard.js';
import { TABLE_CHANNEL, TableChannel, type ShoeChangedMessage } from '../../components/app/shared/data/table-channel.js';
import { ScoreboardStore } from '../../components/app/shared/data/scoreboard-store.js';
import { RoadTracker } from '../../src/roads/roads.js';
import { makeRules } from '../../src/game/rules.js';
import { Shoe } from '../../src/game/shoe.js';
import { handRecord, type HandRecord } from '../../src/shoes/document.js';

const TABLE = 'Bench table';
const stage = document.getElementById('stage')!;

/** Resolves after the next frame has been rendered (rAF runs before paint; the task after it runs after). */
const nextPaint = (): Promise<void> => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

function consoleWindow(): void {
  const channel = new TableChannel();
  const rules = makeRules();
  let store: ScoreboardStore | null = null;
  let shoe: Shoe | null = null;
  let shoeId = '';
  let handCount = 0;

  /** Stores a new console shoe with its first `count` hands and says so, as the console does for a new shoe. */
  async function startShoe(seed: string, count: number): Promise<string> {
    store ??= await ScoreboardStore.open();
    shoe = new Shoe({ rules, seed });
    const hands: HandRecord[] = [];
    for (let i = 0; i < count; i++) hands.push(handRecord(shoe.dealHand()));
    shoeId = `bench-${seed}`;
    handCount = count;
    await store.createShoe(
      { id: shoeId, table: TABLE, source: 'recorded', seed: null, startedAt: new Date().toISOString(), endedAt: null, rules, hands },
      'console',
    );
    channel.post({ shoeId, table: TABLE, handCount, origin: 'console', change: 'start' });
    return shoeId;
  }

  /**
   * Writes the shoe's next hand and then tells the other windows, as the console does once a hand
   * is written; `said` false leaves out what changed (the message of a console before `change`).
   */
  async function addHand(said = true): Promise<number> {
    if (!store || !shoe || shoe.finished) throw new Error('start a shoe with hands left first');
    await store.appendHand(shoeId, handCount, handRecord(shoe.dealHand()));
    handCount++;
    channel.post({ shoeId, table: TABLE, handCount, origin: 'console', ...(said ? { change: 'add' as const } : {}) });
    return handCount;
  }

  Object.assign(window, { consoleBench: { startShoe, addHand } });
}

function displayWindow(): void {
  // Made before the display's own channel: a page's channels hear a message in the order they were
  // made, so this one marks the message's arrival before the display starts on it.
  const heard = new BroadcastChannel(TABLE_CHANNEL);
  let armed: { label: string; handCount: number; start: number } | null = null;
  heard.onmessage = (event: MessageEvent) => {
    const message = event.data as ShoeChangedMessage;
    if (armed && armed.start < 0 && message.shoeId && message.handCount === armed.handCount) {
      performance.mark(`${armed.label}-start`);
      armed.start = performance.now();
    }
  };

  const display = document.createElement('bacc-table-display');
  display.table = TABLE;
  // Told after each of the display's updates, with nothing polled meanwhile (polling would be work
  // in the window measured).
  let afterUpdate: (() => void) | null = null;
  const element = display as unknown as { updated(changed: PropertyValues): void };
  const updated = element.updated.bind(display);
  element.updated = (changed) => {
    updated(changed);
    afterUpdate?.();
  };
  stage.append(display);

  const board = (): BaccScoreboard => display.shadowRoot!.querySelector('bacc-scoreboard')!;
  const chartsDrawn = async (): Promise<void> => {
    await board().shadowRoot!.querySelector('bacc-chart')?.chartsDrawn();
  };

  /** Resolves after the display's update in which `condition` first holds (at once if it holds now). */
  function whenShown(condition: () => boolean): Promise<void> {
    return new Promise((resolve) => {
      const check = (): void => {
        if (!condition()) return;
        afterUpdate = null;
        resolve();
      };
      afterUpdate = check;
      check();
    });
  }

  /** Waits until the display shows shoe `shoeId` with `count` hands, painted, its chart drawn too. */
  async function showing(shoeId: string, count: number): Promise<void> {
    await whenShown(() => display.shoe?.id === shoeId && display.shoe.hands.length === count);
    await board().updateComplete;
    await nextPaint();
    await chartsDrawn();
    await nextPaint();
  }

  let pending: Promise<number> | null = null;

  /**
   * Arms the display window for hand `handCount`: its message's arrival marks `label`-start; the
   * frame that shows the hand marks `label`-end, and the chart's idle redraw `label`-chart-end.
   * Call before the console writes the hand; `shown()` then gives the milliseconds from the
   * message to the painted frame.
   */
  function expectHand(label: string, handCount: number): void {
    const waiting = { label, handCount, start: -1 };
    armed = waiting;
    pending = (async () => {
      await whenShown(() => display.shoe?.hands.length === handCount);
      await board().updateComplete;
      await nextPaint();
      const elapsed = performance.now() - waiting.start;
      performance.mark(`${label}-end`);
      if (waiting.start < 0) throw new Error(`the message of hand ${handCount} was not heard before it was shown`);
      await chartsDrawn();
      performance.mark(`${label}-chart-end`);
      armed = null;
      return elapsed;
    })();
  }

  async function shown(): Promise<number> {
    if (!pending) throw new Error('expectHand first');
    return pending;
  }

  /** A frame in which nothing changed, marked like a hand (see display-page.ts). */
  async function emptyFrame(label = 'empty'): Promise<number> {
    await new Promise((resolve) => setTimeout(resolve, 50));
    performance.mark(`${label}-start`);
    const start = performance.now();
    await nextPaint();
    const elapsed = performance.now() - start;
    performance.mark(`${label}-end`);
    return elapsed;
  }

  /** How many hands the display shows (the next hand's number is one more). */
  const handsShown = (): number => display.shoe?.hands.length ?? 0;

  // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with the tracker as `this`
  const add = RoadTracker.prototype.add;
  let adds = 0;
  /**
   * Starts (`true`) or stops counting RoadTracker.add calls in this window, and returns how many
   * there were since it started: a check, outside the hands timed, that the display follows a hand
   * with one add rather than a rebuild of its roads.
   */
  function countAdds(on: boolean): number {
    const counted = adds;
    adds = 0;
    RoadTracker.prototype.add = on
      ? function (this: RoadTracker, hand: HandRecord) {
          adds++;
          return add.call(this, hand);
        }
      : add;
    return counted;
  }

  Object.assign(window, { displayBench: { showing, expectHand, shown, emptyFrame, handsShown, countAdds } });
}

if (new URLSearchParams(location.search).get('role') === 'console') consoleWindow();
else displayWindow();
