import { afterEach, describe, expect, it, vi } from 'vitest';
import { CheckBudget } from '../../../components/app/shared/room/check-budget.js';
import { MessageSlices } from '../../../components/app/shared/room/message-slices.js';
import { FLOOD_QUIET_MS, FLOOD_STATE_READ_MS, RoomFollowing } from '../../../components/app/shared/room/room-following.js';
import { tableStateMessage, tableTopics } from '../../../src/room/messages.js';
import { simulateShoeRecords, type ShoeRecord } from '../../../src/shoes/document.js';

const TABLE = 'T1';
const topics = tableTopics(TABLE);
const NOW = new Date('2026-12-03T12:00:00Z');
const BASE = NOW.getTime() - 60_000;

function shoeOf(hands: number): ShoeRecord {
  const dealt = simulateShoeRecords({ shoes: 1, seed: 'flood', table: TABLE, now: () => NOW })[0]!;
  return { ...dealt, number: 1, source: 'recorded', seed: null, endedAt: null, hands: dealt.hands.slice(0, hands) };
}

/** Makes every JSON.parse (every message checked) take `ms` on `clock`. */
function parsingCosts(ms: number, clock: { now: number }): void {
  const parse = JSON.parse;
  vi.spyOn(JSON, 'parse').mockImplementation((text: string, reviver?: (key: string, value: unknown) => unknown) => {
    clock.now += ms;
    return parse(text, reviver) as unknown;
  });
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('CheckBudget', () => {
  it('allows a table’s checks until it has spent its bucket, refills it with time up to its most, and keeps tables apart', () => {
    let now = 0;
    const budget = new CheckBudget({ perSecond: 50, most: 100, clock: () => now });
    expect(budget.allows('A')).toBe(true);
    budget.spend('A', 120);
    expect(budget.allows('A')).toBe(false);
    expect(budget.allows('B')).toBe(true);
    // 20 ms below zero: 0.4 s earns it back, a little more lets the next check in.
    now = 400;
    expect(budget.allows('A')).toBe(false);
    now = 410;
    expect(budget.allows('A')).toBe(true);
    // A long quiet time saves up no more than `most`.
    now = 60_000;
    budget.spend('A', 100);
    expect(budget.allows('A')).toBe(false);
  });
});

describe('MessageSlices', () => {
  it('runs pieces at once until the slice has taken its time, then the rest in later tasks, in order, and says when all have run', async () => {
    let now = 0;
    const slices = new MessageSlices(8, () => now);
    const ran: number[] = [];
    // Each piece takes 3 ms: three fit in a slice of 8 ms.
    for (let i = 0; i < 7; i++)
      slices.add(() => {
        ran.push(i);
        now += 3;
      });
    expect(ran).toEqual([0, 1, 2]);
    await slices.drained();
    expect(ran).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('goes on after a piece that throws', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let now = 0;
    const slices = new MessageSlices(8, () => now);
    const ran: string[] = [];
    slices.add(() => {
      now += 10;
      throw new Error('bad piece');
    });
    slices.add(() => void ran.push('next'));
    await slices.drained();
    expect(ran).toEqual(['next']);
    expect(errors).toHaveBeenCalledOnce();
  });
});

describe('RoomFollowing under a flood (#28, point 7)', () => {
  it('drops a table’s messages unread once its checks used up their budget, counts the burst once, reads the state meanwhile and shows the console’s hand from it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const warnings: string[] = [];
    vi.spyOn(console, 'warn').mockImplementation((line: string) => void warnings.push(line));
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const clock = { now: 0 };
    let retained: string | null = null;
    const reads: string[] = [];
    const screen: RoomFollowing = new RoomFollowing({
      table: TABLE,
      now: () => NOW,
      budget: { perSecond: 50, most: 100, clock: () => clock.now },
      readState: (table) => {
        reads.push(table);
        if (retained !== null) screen.receive(topics.state, retained, retained.length, true);
      },
      onNews: () => undefined,
    });
    const shoe = shoeOf(10);
    const first = JSON.stringify(tableStateMessage(TABLE, '', { ...shoe, hands: shoe.hands.slice(0, 9) }, BASE, NOW));
    screen.receive(topics.state, first, first.length, true);
    // Each message checked costs the screen 5 ms.
    parsingCosts(5, clock);
    let sent = 0;
    const flood = (count: number) => {
      for (let i = 0; i < count; i++, sent++) {
        const text = `{"not json ${sent}`;
        screen.receive(topics.change, text, text.length);
      }
    };
    // 100 ms of budget: about 20 messages are checked (each refused and counted), the rest dropped unread.
    flood(200);
    const checked = screen.refused - 1;
    expect(checked).toBeGreaterThan(10);
    expect(checked).toBeLessThan(30);
    expect(warnings.filter((line) => line.includes('too many messages'))).toHaveLength(1);
    expect(warnings).toHaveLength(checked + 1);
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toEqual([TABLE]);

    // The console records a hand meanwhile: its change is lost in the flood, its retained state is read.
    retained = JSON.stringify(tableStateMessage(TABLE, '', shoe, BASE + 1, NOW));
    flood(100);
    await vi.advanceTimersByTimeAsync(FLOOD_STATE_READ_MS);
    expect(reads.length).toBeGreaterThan(1);
    expect(screen.followers.get(TABLE)!.shoe!.hands).toHaveLength(10);
    // Still one refusal for the whole burst.
    expect(screen.refused).toBe(checked + 1);

    // Once quiet, the burst is over (the state read once more); a later flood is a new burst, counted once more.
    clock.now += FLOOD_QUIET_MS + 5_000;
    await vi.advanceTimersByTimeAsync(FLOOD_QUIET_MS + FLOOD_STATE_READ_MS);
    const before = screen.refused;
    flood(200);
    expect(warnings.filter((line) => line.includes('too many messages'))).toHaveLength(2);
    expect(screen.refused - before).toBeLessThan(30);
    screen.stop();
  });

  it('checks every retained message, whatever the budget (they come only when the screen reads a state)', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const clock = { now: 0 };
    parsingCosts(10, clock);
    const screen = new RoomFollowing({
      table: TABLE,
      now: () => NOW,
      budget: { perSecond: 50, most: 100, clock: () => clock.now },
      readState: () => undefined,
      onNews: () => undefined,
    });
    for (let i = 0; i < 50; i++) {
      const text = `{"not json ${i}`;
      screen.receive(topics.state, text, text.length, true);
    }
    expect(screen.refused).toBe(50);
    screen.stop();
  });
});
