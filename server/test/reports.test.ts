// The per-table, per-hour counts (hand_hour, which the recorder keeps as it writes each version) on
// a real SQLite file and a real PostgreSQL cluster: after any states, in any order, delivered twice
// or by two recorders at once, and after 006-hand-hour's backfill of a ledger that had none, they
// equal the counts of the shoes as they stand, each hand in the hour it was dealt.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulateShoeRecords, type AuditEntry, type HandRecord, type ShoeRecord } from '../../src/index.js';
import { openLedgerDatabase, type LedgerDatabase } from '../src/record/database.js';
import { Ledger, type RecordOutcome, type StateToRecord } from '../src/record/ledger.js';
import { createHandHour } from '../src/record/migrations.js';
import { hourlyCounts, type HourlyCount } from '../src/record/reports.js';
import { startPostgres, type RunningPostgres } from '../../test/support/postgres.js';

const START = Date.parse('2026-03-01T02:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
/** The tables of a run of the steps: three, named for the run (the runs of a property share a ledger). */
const tablesOf = (run: string) => [1, 2, 3].map((n) => `Table ${n} (${run})`);

/** Hands to deal from: a few seeded shoes' worth, with cards. */
const POOL: HandRecord[] = simulateShoeRecords({ shoes: 3, seed: 'reports', table: 'Table 1', now: () => new Date(START) }).flatMap(
  (shoe) => shoe.hands,
);

/** A pool hand, or the same hand recorded by its outcome only (which still states its flags: they are not counted). */
function handOf(pick: number, outcomeOnly: boolean): HandRecord {
  const hand = POOL[pick % POOL.length]!;
  return outcomeOnly ? { ...hand, cards: null, playerTotal: null, bankerTotal: null } : hand;
}

/** What happens at the tables, one step at a time. */
type Step =
  | { kind: 'deal'; table: number; pick: number; outcomeOnly: boolean }
  | { kind: 'undo'; table: number }
  | { kind: 'correct'; table: number; place: number; pick: number; outcomeOnly: boolean }
  | { kind: 'new shoe'; table: number }
  | { kind: 'again'; which: number }
  | { kind: 'wait'; minutes: number };

const table = fc.nat(2);
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('deal' as const), table, pick: fc.nat(), outcomeOnly: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('undo' as const), table }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('correct' as const), table, place: fc.nat(), pick: fc.nat(), outcomeOnly: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('new shoe' as const), table }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('again' as const), which: fc.nat() }) },
  // Up to two and a half hours: hands of a shoe fall in several hours, and corrections in a later one.
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('wait' as const), minutes: fc.integer({ min: 1, max: 150 }) }) },
);

/** The states a console at each of the run's tables would publish for `steps`, in order (a state delivered again among them). */
function statesOf(steps: readonly Step[], run: string): StateToRecord[] {
  let clock = START;
  const tables = tablesOf(run);
  const states: StateToRecord[] = [];
  const shoes = tables.map((name, t) => newShoe(name, `${run}-${t}-1`, clock));
  const counts = tables.map(() => 1);
  const revisions = tables.map(() => 0);
  const publish = (t: number) => {
    states.push({
      table: tables[t]!,
      limits: '10 – 500',
      session: `${run}-s${t}`,
      revision: ++revisions[t]!,
      sentAt: iso(clock),
      shoe: shoes[t]!,
    });
  };
  const audited = (t: number, action: AuditEntry['action'], hand: number): AuditEntry[] => [
    ...(shoes[t]!.audit ?? []),
    { at: iso(clock), operator: 'Ann', action, hand, reason: null },
  ];
  for (const each of steps) {
    if (each.kind === 'wait') {
      clock += each.minutes * 60_000;
      continue;
    }
    if (each.kind === 'again') {
      if (states.length > 0) states.push(states[each.which % states.length]!);
      continue;
    }
    const t = each.table;
    const shoe = shoes[t]!;
    clock += 1_000;
    if (each.kind === 'deal') {
      shoes[t] = { ...shoe, hands: [...shoe.hands, handOf(each.pick, each.outcomeOnly)] };
    } else if (each.kind === 'undo') {
      if (shoe.hands.length === 0) continue;
      shoes[t] = { ...shoe, hands: shoe.hands.slice(0, -1), audit: audited(t, 'undo', shoe.hands.length) };
    } else if (each.kind === 'correct') {
      if (shoe.hands.length === 0) continue;
      const place = each.place % shoe.hands.length;
      const hands = shoe.hands.map((hand, index) => (index === place ? handOf(each.pick, each.outcomeOnly) : hand));
      shoes[t] = { ...shoe, hands, audit: audited(t, 'correct', place + 1) };
    } else {
      shoes[t] = { ...shoe, endedAt: iso(clock) };
      publish(t);
      clock += 1_000;
      shoes[t] = newShoe(tables[t]!, `${run}-${t}-${++counts[t]!}`, clock);
    }
    publish(t);
  }
  return states;
}

function newShoe(table: string, id: string, at: number): ShoeRecord {
  const [simulated] = simulateShoeRecords({ shoes: 1, seed: null, table, now: () => new Date(at) });
  return {
    ...simulated!,
    id,
    source: 'recorded',
    seed: null,
    number: 1,
    startedAt: iso(at),
    endedAt: null,
    hands: [],
    events: [],
    audit: [],
  };
}

/**
 * The test's own account of when each standing hand was dealt: a hand's time is that of the first
 * state a version was written from that held it in its place (the same hand kept in a later state
 * keeps its time; a corrected one takes the correction's).
 */
class DealtHours {
  private readonly shoes = new Map<string, { hand: HandRecord; dealt: string }[]>();

  /** What the ledger did with `state`: only a version written changes the shoe. */
  recorded(state: StateToRecord, outcome: RecordOutcome): void {
    if (outcome.kind !== 'recorded') return;
    const before = this.shoes.get(state.shoe.id) ?? [];
    this.shoes.set(
      state.shoe.id,
      state.shoe.hands.map((hand, index) =>
        before[index] && JSON.stringify(before[index].hand) === JSON.stringify(hand) ? before[index] : { hand, dealt: state.sentAt },
      ),
    );
  }

  /**
   * The counts of the run's shoes as the ledger reads them back (Ledger.shoes), each hand in the hour
   * this account says it was dealt; in hourlyCounts's order.
   */
  async counts(ledger: Ledger, run: string): Promise<HourlyCount[]> {
    const byHour = new Map<string, HourlyCount>();
    const tables = new Set(tablesOf(run));
    for (const shoe of (await ledger.shoes()).filter((each) => tables.has(each.table))) {
      const dealt = this.shoes.get(shoe.id) ?? [];
      expect(shoe.hands).toEqual(dealt.map((place) => place.hand));
      shoe.hands.forEach((hand, index) => {
        const hour = `${dealt[index]!.dealt.slice(0, 13)}:00:00.000Z`;
        const key = `${shoe.table}\n${hour}`;
        let count = byHour.get(key);
        if (!count) {
          count = {
            table: shoe.table,
            hour,
            hands: 0,
            banker: 0,
            player: 0,
            tie: 0,
            carded: 0,
            naturals: 0,
            playerPairs: 0,
            bankerPairs: 0,
          };
          byHour.set(key, count);
        }
        count.hands++;
        if (hand.outcome === 'B') count.banker++;
        if (hand.outcome === 'P') count.player++;
        if (hand.outcome === 'T') count.tie++;
        if (hand.cards !== null) {
          count.carded++;
          if (hand.natural) count.naturals++;
          if (hand.playerPair) count.playerPairs++;
          if (hand.bankerPair) count.bankerPairs++;
        }
      });
    }
    return [...byHour.values()].sort((a, b) => (a.table < b.table ? -1 : a.table > b.table ? 1 : a.hour < b.hour ? -1 : 1));
  }
}

/** Every hour the steps can reach, and more. */
const EVERYTHING = { from: iso(START - 86_400_000), to: iso(START + 30 * 86_400_000) };

interface Place {
  name: 'SQLite' | 'PostgreSQL';
  /** A fresh, empty ledger address. */
  fresh(): Promise<string>;
}

const scratch = mkdtempSync(join(tmpdir(), 'bacc-reports-'));
let cluster: RunningPostgres | null = null;
let databases = 0;

beforeAll(async () => {
  cluster = await startPostgres();
}, 60_000);
afterAll(async () => {
  await cluster?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

const places: Place[] = [
  { name: 'SQLite', fresh: () => Promise.resolve(join(scratch, `ledger-${++databases}.sqlite`)) },
  { name: 'PostgreSQL', fresh: async () => cluster!.createDatabase(`reports_${++databases}`) },
];

describe.each(places)('hour counts on $name', (place) => {
  const open: LedgerDatabase[] = [];
  afterAll(async () => {
    for (const database of open) await database.close();
  });
  async function opened(where: string, target?: string): Promise<LedgerDatabase> {
    const database = await openLedgerDatabase(where, target);
    open.push(database);
    return database;
  }

  it('counts the hands as they stand, each in the hour it was dealt, after hands added, undone, corrected and delivered twice', async () => {
    const ledger = new Ledger(await opened(await place.fresh()), 'recorder-a');
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 40 }), async (steps) => {
        const run = `run ${++runs}`;
        const dealt = new DealtHours();
        for (const state of statesOf(steps, run)) dealt.recorded(state, await ledger.recordState(state));
        const expected = await dealt.counts(ledger, run);
        const tables = tablesOf(run);
        const counted = await hourlyCounts(ledger.database.db, EVERYTHING);
        expect(counted.filter((count) => tables.includes(count.table))).toEqual(expected);
        // One table, and a range of whole hours within the steps.
        const hour = expected[Math.floor(expected.length / 2)]?.hour ?? iso(START);
        const later = iso(Date.parse(hour) + 2 * 3_600_000);
        expect(await hourlyCounts(ledger.database.db, { from: hour, to: later, table: tables[1]! })).toEqual(
          expected.filter((count) => count.table === tables[1] && count.hour >= hour && count.hour < later),
        );
      }),
      { numRuns: 25 },
    );
  }, 120_000);

  it('counts a range by the whole hours it touches', async () => {
    const ledger = new Ledger(await opened(await place.fresh()), 'recorder-a');
    const steps: Step[] = [
      { kind: 'deal', table: 0, pick: 1, outcomeOnly: false },
      { kind: 'wait', minutes: 70 },
      { kind: 'deal', table: 0, pick: 2, outcomeOnly: false },
      { kind: 'wait', minutes: 60 },
      { kind: 'deal', table: 0, pick: 3, outcomeOnly: false },
    ];
    for (const state of statesOf(steps, 'whole')) await ledger.recordState(state);
    const hours = async (from: number, to: number) =>
      (await hourlyCounts(ledger.database.db, { from: iso(START + from * 60_000), to: iso(START + to * 60_000) })).map((count) => [
        count.hour.slice(11, 13),
        count.hands,
      ]);
    expect(await hours(0, 180)).toEqual([
      ['02', 1],
      ['03', 1],
      ['04', 1],
    ]);
    // From within the first hour to the start of the third: the first hour whole, not the third.
    expect(await hours(30, 120)).toEqual([
      ['02', 1],
      ['03', 1],
    ]);
    expect(await hours(121, 122)).toEqual([['04', 1]]);
  });

  it('counts each hand once when two recorders write the same states, by turns and at once', async () => {
    const where = await place.fresh();
    const recorders = [new Ledger(await opened(where), 'recorder-a'), new Ledger(await opened(where), 'recorder-b')];
    const steps = fc.sample(fc.array(step, { minLength: 60, maxLength: 60 }), { numRuns: 1, seed: 25 })[0]!;
    const states = statesOf(steps, 'both');
    // Each state to both, one then the other (so each goes on from versions the other wrote) or both
    // at once; or to one only (the other was away and is handed it no more).
    const turns = fc.sample(
      fc.array(fc.constantFrom('a, b', 'b, a', 'at once', 'a only', 'b only'), { minLength: states.length, maxLength: states.length }),
      {
        numRuns: 1,
        seed: 26,
      },
    )[0]!;
    const dealt = new DealtHours();
    const written = [0, 0];
    for (const [index, state] of states.entries()) {
      const [a, b] = recorders as [Ledger, Ledger];
      const turn = turns[index]!;
      const outcomes =
        turn === 'at once'
          ? await Promise.all([a.recordState(state), b.recordState(state)])
          : turn === 'a, b'
            ? [await a.recordState(state), await b.recordState(state)]
            : turn === 'b, a'
              ? [await b.recordState(state), await a.recordState(state)].reverse()
              : turn === 'a only'
                ? [await a.recordState(state)]
                : [{ kind: 'unchanged', version: 0, handCount: 0 } as const, await b.recordState(state)];
      const recorded = outcomes.filter((outcome) => outcome.kind === 'recorded');
      // Never both; neither for a state delivered again.
      expect(recorded.length).toBeLessThanOrEqual(1);
      outcomes.forEach((outcome, recorder) => (written[recorder]! += outcome.kind === 'recorded' ? 1 : 0));
      dealt.recorded(state, recorded[0] ?? outcomes[0]!);
    }
    expect(Math.min(...written)).toBeGreaterThan(10);
    expect(await hourlyCounts(recorders[0]!.database.db, EVERYTHING)).toEqual(await dealt.counts(recorders[0]!, 'both'));
  });

  it("counts the hands a ledger held before 006-hand-hour, as it opens (the migration's backfill)", async () => {
    const where = await place.fresh();
    const old = await openLedgerDatabase(where, '005-shoe-version-by-time');
    // The recorder of 005 kept no hour counts: what this one keeps goes to a stand-in, dropped.
    await createHandHour(old.db as Kysely<unknown>);
    const oldLedger = new Ledger(old, 'old');
    const dealt = new DealtHours();
    const steps = fc.sample(fc.array(step, { minLength: 80, maxLength: 80 }), { numRuns: 1, seed: 6 })[0]!;
    for (const state of statesOf(steps, 'old')) dealt.recorded(state, await oldLedger.recordState(state));
    await old.db.schema.dropTable('hand_hour').execute();
    await old.close();

    const ledger = new Ledger(await opened(where), 'recorder-a');
    const expected = await dealt.counts(ledger, 'old');
    expect(expected.length).toBeGreaterThan(3);
    expect(await hourlyCounts(ledger.database.db, EVERYTHING)).toEqual(expected);
  });
});
