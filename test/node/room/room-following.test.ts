import { afterEach, describe, expect, it, vi } from 'vitest';
import { RoomFollowing, MAX_STATE_READS } from '../../../components/app/shared/room/room-following.js';
import { tableStateMessage, tableTopics } from '../../../src/room/messages.js';
import { simulateShoeRecords, type ShoeRecord } from '../../../src/shoes/document.js';

const TABLE = 'T1';
const topics = tableTopics(TABLE);
const NOW = new Date('2026-12-03T12:00:00Z');
const BASE = NOW.getTime() - 60_000;

function shoeOf(hands: number, seed = 'following'): ShoeRecord {
  // Started on the test's own clock: a shoe dated after the screen's now is refused (the suite also runs 400 days ahead).
  const dealt = simulateShoeRecords({ shoes: 1, seed, table: TABLE, now: () => NOW })[0]!;
  return { ...dealt, number: 1, source: 'recorded', seed: null, endedAt: null, hands: dealt.hands.slice(0, hands) };
}

function impossible(): ShoeRecord {
  const shoe = shoeOf(6, 'forged');
  const index = shoe.hands.findIndex((hand, i) => i >= 1 && hand.outcome === 'B');
  const hands = [...shoe.hands];
  hands[index] = { ...hands[index]!, outcome: 'P' };
  return { ...shoe, hands };
}

function change(revision: number, after: number, kind: string, handCount: number, shoeId = 'x'): string {
  return JSON.stringify({ format: 'bacc-table-change', version: 1, revision, after, shoeId, change: kind, handCount });
}

/** A following of one table whose state reads the test answers with `retained` (or nothing). */
function following(table?: string) {
  let retained: string | null = null;
  const reads: string[] = [];
  const warnings: string[] = [];
  vi.spyOn(console, 'warn').mockImplementation((line: string) => void warnings.push(line));
  const news: string[] = [];
  const screen: RoomFollowing = new RoomFollowing({
    ...(table === undefined ? {} : { table }),
    now: () => NOW,
    stateReadDelay: 10,
    readState: (name) => {
      reads.push(name);
      if (retained !== null) screen.receive(tableTopics(name).state, retained, retained.length, true);
    },
    onNews: (_table, follower, what) => void news.push(`${what}:${follower.shoe?.hands.length ?? 0}`),
  });
  const send = (topic: string, text: string) => screen.receive(topic, text, text.length);
  return {
    screen,
    reads,
    warnings,
    news,
    send,
    retain: (text: string) => void (retained = text),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10 * (MAX_STATE_READS + 3)));

describe('RoomFollowing', () => {
  afterEach(() => vi.restoreAllMocks());

  it('counts and logs a refused retained state once however often it is read, lets the read go, and follows the next valid state', async () => {
    const f = following(TABLE);
    const shoe = shoeOf(4);
    f.send(topics.state, JSON.stringify(tableStateMessage(TABLE, '', shoe, BASE, NOW)));
    expect(f.screen.followers.get(TABLE)!.shoe!.hands).toHaveLength(4);
    // A forged state the screen refuses, announced by a change: every read finds it again.
    f.retain(JSON.stringify(tableStateMessage(TABLE, '', impossible(), BASE + 60_000, NOW)));
    f.send(topics.change, change(BASE + 60_000, BASE, 'correct', 6));
    await settle();
    expect(f.reads).toHaveLength(MAX_STATE_READS);
    expect(f.screen.refused).toBe(1);
    expect(f.warnings).toHaveLength(1);
    // The console's next correction (below the forged revision) is read and shown.
    const corrected = shoeOf(5);
    f.retain(JSON.stringify(tableStateMessage(TABLE, '', corrected, BASE + 10, NOW)));
    f.send(topics.change, change(BASE + 10, BASE, 'correct', 5));
    await settle();
    expect(f.screen.followers.get(TABLE)!.shoe!.hands).toHaveLength(5);
    expect(f.screen.refused).toBe(1);
  });

  it('refuses and counts a revision more than 100,000 behind the one shown, and passes over one just behind', () => {
    const f = following();
    f.send(topics.state, JSON.stringify(tableStateMessage(TABLE, '', shoeOf(3), BASE, NOW)));
    f.send(topics.change, change(BASE - 5, BASE - 6, 'add', 3));
    expect(f.screen.refused).toBe(0);
    const farPast = BASE - 100_001;
    f.send(topics.change, change(farPast, farPast - 1, 'end', 3));
    expect(f.screen.refused).toBe(1);
    expect(f.warnings[0]).toMatch(/more than 100,000 revisions behind/);
  });

  it('shows the hand of a shoe published without its number, then reads its state once for the number', async () => {
    const f = following();
    const shoe = shoeOf(3);
    const unnumbered = { ...shoe, hands: shoe.hands.slice(0, 2) };
    delete unnumbered.number;
    f.send(topics.state, JSON.stringify(tableStateMessage(TABLE, '', unnumbered, BASE, NOW)));
    f.retain(JSON.stringify(tableStateMessage(TABLE, '', { ...shoe, number: 2 }, BASE + 1, NOW)));
    const add = (revision: number, count: number) =>
      JSON.stringify({
        format: 'bacc-table-change',
        version: 1,
        revision,
        after: revision - 1,
        shoeId: shoe.id,
        change: 'add',
        handCount: count,
        hand: shoe.hands[count - 1],
      });
    f.send(topics.change, add(BASE + 1, 3));
    await settle();
    expect(f.reads).toEqual([TABLE]);
    expect(f.screen.followers.get(TABLE)!.shoe!.number).toBe(2);
    expect(f.screen.followers.get(TABLE)!.shoe!.hands).toHaveLength(3);
    f.screen.stop();
  });
});
