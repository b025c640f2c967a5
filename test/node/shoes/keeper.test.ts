import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ShoeKeeper, type ShoeStore } from '../../../src/shoes/keeper.js';
import { keeperProblemText } from '../../../components/app/shared/data/storage-words.js';
import { ScoreboardStore, StorageError } from '../../../components/app/shared/data/scoreboard-store.js';
import { handsFromOutcomes } from '../../../src/roads/roads.js';
import { makeRules } from '../../../src/game/rules.js';
import type { HandRecord, ShoeRecord } from '../../../src/shoes/document.js';

const newShoe = (id: string): ShoeRecord => ({
  id,
  table: 'Table 1',
  source: 'recorded',
  seed: null,
  startedAt: '2026-11-30T10:00:00.000Z',
  endedAt: null,
  rules: makeRules(),
  hands: [],
});
const [banker, player, tie] = handsFromOutcomes('BPT') as [HandRecord, HandRecord, HandRecord];

/** A store that refuses writes while `failing` is set, the way a full disk does. */
class FlakyStore implements ShoeStore {
  failing = false;
  writes = 0;
  constructor(private readonly inner: ShoeStore) {}
  private guard(): void {
    if (this.failing) throw new StorageError('quota', 'Storage is full: could not save the hand.');
    this.writes++;
  }
  async createShoe(shoe: ShoeRecord) {
    this.guard();
    return this.inner.createShoe(shoe);
  }
  async appendHand(id: string, index: number, hand: HandRecord) {
    this.guard();
    return this.inner.appendHand(id, index, hand);
  }
  async replaceHand(id: string, index: number, hand: HandRecord) {
    this.guard();
    return this.inner.replaceHand(id, index, hand);
  }
  async removeLastHand(id: string, index: number) {
    this.guard();
    return this.inner.removeLastHand(id, index);
  }
  async endShoe(id: string, endedAt: string) {
    this.guard();
    return this.inner.endShoe(id, endedAt);
  }
  async reopenShoe(id: string) {
    this.guard();
    return this.inner.reopenShoe!(id);
  }
}

/** Retries run only when the test says so. */
function manualClock() {
  const due: (() => void)[] = [];
  return {
    schedule: (callback: () => void) => {
      due.push(callback);
      return () => due.splice(due.indexOf(callback) >>> 0, 1);
    },
    pending: () => due.length,
    runAll: () => due.splice(0).forEach((callback) => callback()),
  };
}

let store: ScoreboardStore;
let name: string;
let counter = 0;
beforeEach(async () => {
  name = `keeper-${++counter}`;
  store = await ScoreboardStore.open({ name });
});
afterEach(async () => {
  store.close();
  await ScoreboardStore.deleteDatabase(name);
});

describe('ShoeKeeper', () => {
  it('resolves true once a hand is written, and the store then holds it', async () => {
    const keeper = new ShoeKeeper({ store, schedule: manualClock().schedule });
    expect(await keeper.startShoe(newShoe('s'))).toBe(true);
    expect(await keeper.addHand(banker)).toBe(true);
    expect((await store.getShoe('s'))?.hands).toEqual([banker]);
    expect(keeper.unsaved).toBe(0);
  });

  it('shows a change only once it is written: `shown` lags `shoe` while the write is on its way', async () => {
    let release: () => void = () => undefined;
    const gated: ShoeStore = {
      createShoe: (shoe) => store.createShoe(shoe),
      appendHand: async (id, index, hand) => {
        await new Promise<void>((resolve) => (release = resolve));
        await store.appendHand(id, index, hand);
      },
      replaceHand: (id, index, hand) => store.replaceHand(id, index, hand),
      removeLastHand: (id, index) => store.removeLastHand(id, index),
      endShoe: (id, at) => store.endShoe(id, at),
    };
    const keeper = new ShoeKeeper({ store: gated, schedule: manualClock().schedule });
    await keeper.startShoe(newShoe('s'));
    expect(keeper.shown?.hands).toEqual([]);
    const adding = keeper.addHand(banker);
    expect(keeper.hands).toEqual([banker]);
    expect(keeper.shown?.hands).toEqual([]);
    await Promise.resolve();
    release();
    expect(await adding).toBe(true);
    expect(keeper.shown?.hands).toEqual([banker]);
  });

  it('shows a change kept for a retry, and one queued behind it, at once', async () => {
    const flaky = new FlakyStore(store);
    const keeper = new ShoeKeeper({ store: flaky, schedule: manualClock().schedule });
    await keeper.startShoe(newShoe('s'));
    flaky.failing = true;
    await keeper.addHand(banker);
    expect(keeper.shown?.hands).toEqual([banker]);
    await keeper.addHand(player);
    expect(keeper.shown?.hands).toEqual([banker, player]);
  });

  it('shows a shoe taken up from the store at once', () => {
    const keeper = new ShoeKeeper({ store, schedule: manualClock().schedule });
    const stored = { ...newShoe('s'), hands: [banker, tie] };
    keeper.resume(stored);
    expect(keeper.shown).toBe(stored);
  });

  it('keeps hands in memory when writes fail, says why, and writes them in order when storage recovers', async () => {
    const flaky = new FlakyStore(store);
    const clock = manualClock();
    const changes: string[] = [];
    const keeper = new ShoeKeeper({ store: flaky, schedule: clock.schedule, onChange: () => changes.push(keeper.problem?.kind ?? 'ok') });
    await keeper.startShoe(newShoe('s'));
    flaky.failing = true;
    expect(await keeper.addHand(banker)).toBe(false);
    expect(await keeper.addHand(player)).toBe(false);
    expect(keeper.hands).toEqual([banker, player]);
    expect(keeper.unsaved).toBe(2);
    expect(keeper.problem).toEqual({ kind: 'quota', error: expect.any(StorageError) as unknown });
    expect(changes).toContain('quota');
    expect(clock.pending()).toBe(1);
    expect((await store.getShoe('s'))?.hands).toEqual([]);

    flaky.failing = false;
    clock.runAll();
    await keeper.flush();
    expect(keeper.unsaved).toBe(0);
    expect(keeper.problem).toBeNull();
    expect((await store.getShoe('s'))?.hands).toEqual([banker, player]);
  });

  it('waits for a store that is not open yet (an upgrade blocked by another tab), then writes everything', async () => {
    const keeper = new ShoeKeeper({ store: null, schedule: manualClock().schedule });
    expect(await keeper.startShoe(newShoe('late'))).toBe(false);
    expect(await keeper.addHand(tie)).toBe(false);
    expect(keeper.problem).toEqual({ kind: 'unavailable' });
    expect(await keeper.setStore(store)).toBe(true);
    expect((await store.getShoe('late'))?.hands).toEqual([tie]);
  });

  it('tells others only about changes that were written', async () => {
    const flaky = new FlakyStore(store);
    const saved: string[] = [];
    const keeper = new ShoeKeeper({ store: flaky, schedule: manualClock().schedule, onSaved: (change) => saved.push(change.kind) });
    await keeper.startShoe(newShoe('s'));
    flaky.failing = true;
    await keeper.addHand(banker);
    expect(saved).toEqual(['start']);
    flaky.failing = false;
    await keeper.flush();
    expect(saved).toEqual(['start', 'add']);
  });

  it('stops retrying when stopped, and starts again on the next flush', async () => {
    const flaky = new FlakyStore(store);
    const clock = manualClock();
    const keeper = new ShoeKeeper({ store: flaky, schedule: clock.schedule });
    await keeper.startShoe(newShoe('s'));
    flaky.failing = true;
    await keeper.addHand(banker);
    expect(clock.pending()).toBe(1);
    keeper.stop();
    expect(clock.pending()).toBe(0);
    expect(await keeper.flush()).toBe(false);
    expect(clock.pending()).toBe(1);
    flaky.failing = false;
    clock.runAll();
    expect(await keeper.flush()).toBe(true);
    expect((await store.getShoe('s'))?.hands).toEqual([banker]);
  });

  it('does not retry a write the store refuses as a conflict, and says to reload', async () => {
    const clock = manualClock();
    const keeper = new ShoeKeeper({ store, schedule: clock.schedule });
    await keeper.startShoe(newShoe('s'));
    await keeper.addHand(banker);
    // Another window undoes the hand behind this one's back.
    await store.removeLastHand('s', 0);
    expect(await keeper.undo()).toBe(false);
    expect(keeper.problem?.kind).toBe('conflict');
    expect(keeper.problem?.error).toMatchObject({ kind: 'conflict', conflict: { conflict: 'not-last-hand', shoeId: 's', hand: 1 } });
    expect(keeperProblemText(keeper.problem!)).toMatch(
      /^Hand 1 is not the last hand of this shoe\. The stored shoe was changed elsewhere.*reload/,
    );
    expect(clock.pending()).toBe(0);
    expect(keeper.unsaved).toBe(1);
    // A new shoe gives up the old one's dead changes and is written again.
    expect(await keeper.startShoe(newShoe('after'))).toBe(true);
    expect(await keeper.addHand(player)).toBe(true);
    expect(keeper.problem).toBeNull();
    expect((await store.getShoe('after'))?.hands).toEqual([player]);
  });

  it('reopens the ended shoe, written in turn like any change', async () => {
    const flaky = new FlakyStore(store);
    const clock = manualClock();
    const keeper = new ShoeKeeper({ store: flaky, schedule: clock.schedule });
    await keeper.startShoe(newShoe('s'));
    await keeper.addHand(banker);
    expect(() => keeper.reopenShoe()).toThrow(/not ended/);
    await keeper.endShoe('2026-11-30T11:00:00.000Z');
    flaky.failing = true;
    expect(await keeper.reopenShoe()).toBe(false);
    expect(keeper.shoe?.endedAt).toBeNull();
    flaky.failing = false;
    clock.runAll();
    expect(await keeper.flush()).toBe(true);
    expect(await store.getShoe('s')).toEqual({ ...newShoe('s'), number: 1, hands: [banker] });
    expect(await keeper.addHand(player)).toBe(true);
  });

  it('is stranded after a conflict until a new shoe starts', async () => {
    const keeper = new ShoeKeeper({ store, schedule: manualClock().schedule });
    await keeper.startShoe(newShoe('s'));
    expect(keeper.stranded).toBe(false);
    // History deletes the shoe in play.
    await store.deleteShoe('s');
    expect(await keeper.addHand(banker)).toBe(false);
    expect(keeper.stranded).toBe(true);
    await keeper.startShoe(newShoe('next'));
    expect(keeper.stranded).toBe(false);
  });

  it('lets go of everything on release: nothing kept before it is written afterwards', async () => {
    const flaky = new FlakyStore(store);
    const clock = manualClock();
    const keeper = new ShoeKeeper({ store: flaky, schedule: clock.schedule });
    await keeper.startShoe(newShoe('s'));
    flaky.failing = true;
    await keeper.addHand(banker);
    expect(keeper.unsaved).toBe(1);
    await keeper.release();
    expect(keeper.shoe).toBeNull();
    expect(keeper.shown).toBeNull();
    expect(keeper.unsaved).toBe(0);
    expect(clock.pending()).toBe(0);
    flaky.failing = false;
    expect(await keeper.setStore(flaky)).toBe(true);
    expect((await store.getShoe('s'))?.hands).toEqual([]);
  });

  it('stores the shoes it starts with its origin', async () => {
    const keeper = new ShoeKeeper({ store, schedule: manualClock().schedule, origin: 'attract' });
    await keeper.startShoe(newShoe('a'));
    expect((await store.getSummary('a'))?.origin).toBe('attract');
    expect(await store.latestShoe({ origin: 'console' })).toBeUndefined();
  });

  it('refuses to undo or correct a hand that does not exist', async () => {
    const keeper = new ShoeKeeper({ store, schedule: manualClock().schedule });
    expect(() => keeper.undo()).toThrow(/no shoe/);
    await keeper.startShoe(newShoe('s'));
    expect(() => keeper.undo()).toThrow(/no hand to undo/);
    expect(() => keeper.correctHand(0, banker)).toThrow(/no hand 1/);
  });

  it('whatever fails on the way, once storage recovers the store holds exactly the shoe on screen', async () => {
    type Step =
      | { op: 'add'; outcome: 0 | 1 | 2 }
      | { op: 'undo' }
      | { op: 'correct'; at: number; outcome: 0 | 1 | 2 }
      | { op: 'fail' }
      | { op: 'recover' }
      | { op: 'end' };
    const step: fc.Arbitrary<Step> = fc.oneof(
      fc.record({ op: fc.constant('add' as const), outcome: fc.constantFrom(0 as const, 1 as const, 2 as const) }),
      fc.record({ op: fc.constant('undo' as const) }),
      fc.record({ op: fc.constant('correct' as const), at: fc.nat(30), outcome: fc.constantFrom(0 as const, 1 as const, 2 as const) }),
      fc.record({ op: fc.constant('fail' as const) }),
      fc.record({ op: fc.constant('recover' as const) }),
      fc.record({ op: fc.constant('end' as const) }),
    );
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 40 }), async (steps) => {
        const flaky = new FlakyStore(store);
        const clock = manualClock();
        const keeper = new ShoeKeeper({ store: flaky, schedule: clock.schedule });
        const id = `p${++run}`;
        await keeper.startShoe(newShoe(id));
        const hands = [banker, player, tie] as const;
        for (const s of steps) {
          if (s.op === 'add') await keeper.addHand(hands[s.outcome]);
          else if (s.op === 'undo' && keeper.hands.length > 0) await keeper.undo();
          else if (s.op === 'correct' && keeper.hands.length > 0) await keeper.correctHand(s.at % keeper.hands.length, hands[s.outcome]);
          else if (s.op === 'end' && keeper.shoe?.endedAt === null) await keeper.endShoe('2026-11-30T11:00:00.000Z');
          else if (s.op === 'end') await keeper.reopenShoe();
          else if (s.op === 'fail') flaky.failing = true;
          else if (s.op === 'recover') {
            flaky.failing = false;
            clock.runAll();
          }
        }
        flaky.failing = false;
        expect(await keeper.flush()).toBe(true);
        expect(await store.getShoe(id)).toEqual(keeper.shoe);
      }),
      { numRuns: 60 },
    );
  });
});
