import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  EVIDENCE_CHUNK_SHOES,
  EvidenceRecorder,
  EvidenceRunPlan,
  MARK_RED,
  OUTCOME_BANKER,
  OUTCOME_PLAYER,
  OUTCOME_TIE,
  ROW_ALL,
  ROW_BANKER_RUN,
  ROW_CHOP,
  ROW_MARK,
  ROW_PLAYER_RUN,
  ROW_PREDICTION,
  TALLY_LENGTH,
  createTally,
  mergeTallies,
  rowOffset,
  tallyChunk,
  tallyHands,
  tallyOutcomeShoes,
  tallyRun,
  tallyShoes,
  tallySimulatedShoes,
} from '../../../src/evidence/evidence.js';
import { Shoe } from '../../../src/game/shoe.js';
import { simulateShoes, shoeSeed } from '../../../src/game/simulate.js';
import { DERIVED_ROADS, RoadTracker, outcomeHand } from '../../../src/roads/roads.js';

const CODES = { B: OUTCOME_BANKER, P: OUTCOME_PLAYER, T: OUTCOME_TIE } as const;

/** Row r's counts as [banker, player, tie]. */
const row = (tally: Float64Array, r: number): number[] => Array.from(tally.subarray(rowOffset(r), rowOffset(r) + 3));

describe('tallyChunk deals what simulateShoes deals', () => {
  it('counts the same banker, player and tie hands for the same seed, chunk by chunk', () => {
    const first = simulateShoes(EVIDENCE_CHUNK_SHOES, { seed: 'together' });
    const both = simulateShoes(2 * EVIDENCE_CHUNK_SHOES, { seed: 'together' });
    const chunk0 = tallyChunk('together', 8, 0);
    const chunk1 = tallyChunk('together', 8, 1);
    expect(row(chunk0, ROW_ALL)).toEqual([first.banker, first.player, first.tie]);
    expect(row(chunk1, ROW_ALL)).toEqual([both.banker - first.banker, both.player - first.player, both.tie - first.tie]);
    expect(tallyShoes(chunk0)).toBe(EVIDENCE_CHUNK_SHOES);
    expect(tallyHands(chunk0)).toBe(first.hands);
  });

  it('follows the deck count too', () => {
    const one = simulateShoes(EVIDENCE_CHUNK_SHOES, { seed: 'one deck', rules: { decks: 1 } });
    expect(row(tallyChunk('one deck', 1, 0), ROW_ALL)).toEqual([one.banker, one.player, one.tie]);
  });

  it('refuses a chunk index that is not a whole number of 0 or more', () => {
    for (const bad of [-1, 1.5, Number.NaN]) expect(() => tallyChunk('s', 8, bad)).toThrow(RangeError);
  });
});

describe('EvidenceRecorder', () => {
  it('keeps the derived roads and the ask roads exactly as RoadTracker does, on 50 seeded shoes', () => {
    const tally = createTally();
    const recorder = new EvidenceRecorder(tally);
    let marksChecked = 0;
    for (let k = 1; k <= 50; k++) {
      const shoe = new Shoe({ seed: shoeSeed('roads agree', k) });
      const tracker = new RoadTracker();
      const marks = [0, 0, 0];
      recorder.startShoe();
      while (!shoe.finished) {
        const { winner } = shoe.dealHand();
        recorder.add(CODES[winner]);
        tracker.add(outcomeHand(winner));
        const predictions = tracker.predictions();
        DERIVED_ROADS.forEach(({ name }, r) => {
          const cells = tracker.derivedRoad(name).cells;
          if (winner !== 'T' && recorder.newestMark(r) >= 0) marks[r]!++;
          expect(marks[r]).toBe(cells.length);
          const newest = cells.at(-1)?.color;
          expect(recorder.newestMark(r)).toBe(newest === undefined ? -1 : newest === 'red' ? MARK_RED : 1 - MARK_RED);
          const banker = predictions.B[name];
          expect(recorder.prediction(r)).toBe(banker === null ? -1 : banker === 'red' ? OUTCOME_BANKER : OUTCOME_PLAYER);
          if (banker !== null) expect(predictions.P[name]).toBe(banker === 'red' ? 'blue' : 'red');
        });
      }
      marksChecked += marks[0]! + marks[1]! + marks[2]!;
    }
    expect(marksChecked).toBeGreaterThan(50 * 150);
    expect(tallyShoes(tally)).toBe(50);
  });

  it("reads the worked examples of docs/rules.md: the marks, and the ask road's red side as the prediction", () => {
    const marksOf = (outcomes: string): { marks: string[]; predictions: number[] } => {
      const recorder = new EvidenceRecorder(createTally());
      recorder.startShoe();
      const marks = ['', '', ''];
      for (const character of outcomes) {
        recorder.add(CODES[character as 'B' | 'P' | 'T']);
        if (character === 'T') continue;
        for (let r = 0; r < 3; r++) {
          const mark = recorder.newestMark(r);
          if (mark >= 0) marks[r] += mark === MARK_RED ? 'r' : 'b';
        }
      }
      return { marks, predictions: [0, 1, 2].map((r) => recorder.prediction(r)) };
    };
    // Ask banker: blue, red, red, so Big Eye Boy's red side is player; the others' is banker.
    expect(marksOf('TBBPPPBPBBBBBBBBPT')).toEqual({
      marks: ['rbbbrbrrrrrrb', 'bbbrrrrrrb', 'brrbrrrrb'],
      predictions: [OUTCOME_PLAYER, OUTCOME_BANKER, OUTCOME_BANKER],
    });
    // Ask banker: red, red, blue.
    expect(marksOf('BPBPPBBBPPPPBTPBBPPB')).toEqual({
      marks: ['rrbbrbbrrbbbrbbrr', 'rbbbrbrbrbbbbbbb', 'bbbrbbrrbbbrbbb'],
      predictions: [OUTCOME_BANKER, OUTCOME_BANKER, OUTCOME_PLAYER],
    });
  });

  it('counts each hand under the conditions that held before it, ties under the same ones as the hand after them', () => {
    // B B T P B P B P: runs, then a chop of 4 alternations before the last hand.
    const tally = tallyOutcomeShoes(['BBTPBPBP', 'P']);
    expect(tallyShoes(tally)).toBe(2);
    expect(row(tally, ROW_ALL)).toEqual([4, 4, 1]);
    // After a run of exactly one banker: hands 2 (B), 6 and 8 (P).
    expect(row(tally, ROW_BANKER_RUN)).toEqual([1, 2, 0]);
    // After two bankers: a tie, then a player.
    expect(row(tally, ROW_BANKER_RUN + 1)).toEqual([0, 1, 1]);
    // After one player: hands 5 and 7; the second shoe's one hand has nothing before it.
    expect(row(tally, ROW_PLAYER_RUN)).toEqual([2, 0, 0]);
    // Alternations: BBPB (2) → P, BBPBP (3) → B, BBPBPB (4) → P. The second shoe starts afresh.
    expect(row(tally, ROW_CHOP)).toEqual([0, 1, 0]);
    expect(row(tally, ROW_CHOP + 1)).toEqual([1, 0, 0]);
    expect(row(tally, ROW_CHOP + 2)).toEqual([0, 1, 0]);
    // Big Eye Boy's first mark: column 2 has one entry, so column 3, row 1 (hand 5); it is blue
    // (columns 2 and 1 differ), then red: before hands 6, 7, 8.
    expect(row(tally, ROW_MARK)).toEqual([1, 1, 0]);
    expect(row(tally, ROW_MARK + 1)).toEqual([0, 1, 0]);
    // Its ask road exists from column 2 (hand 4): before hands 5 to 8.
    expect(row(tally, ROW_PREDICTION).map((n, i) => n + row(tally, ROW_PREDICTION + 1)[i]!)).toEqual([2, 2, 0]);
  });

  it('refuses an outcome string with anything but B, P and T', () => {
    expect(() => tallyOutcomeShoes(['BPX'])).toThrow(/"X" at position 3/);
  });
});

describe('merging tallies', () => {
  it('gives one tally whatever the order of the chunks merged', () => {
    const whole = tallySimulatedShoes('merge', 8, 1, 3 * EVIDENCE_CHUNK_SHOES);
    const chunks = [0, 1, 2].map((chunk) => tallyChunk('merge', 8, chunk));
    for (const order of [
      [0, 1, 2],
      [2, 0, 1],
      [1, 2, 0],
    ]) {
      const merged = order.reduce((total, chunk) => mergeTallies(total, chunks[chunk]!), createTally());
      expect(merged).toEqual(whole);
    }
  });

  it('is commutative and associative, and splitting a list of shoes never changes the tally', () => {
    const tallyArbitrary = fc
      .array(fc.nat({ max: 1_000_000 }), { minLength: TALLY_LENGTH, maxLength: TALLY_LENGTH })
      .map((counts) => Float64Array.from(counts));
    fc.assert(
      fc.property(tallyArbitrary, tallyArbitrary, tallyArbitrary, (a, b, c) => {
        expect(mergeTallies(a, b)).toEqual(mergeTallies(b, a));
        expect(mergeTallies(mergeTallies(a, b), c)).toEqual(mergeTallies(a, mergeTallies(b, c)));
      }),
    );
    const shoesArbitrary = fc.array(fc.stringMatching(/^[BPT]{0,90}$/), { maxLength: 12 });
    fc.assert(
      fc.property(shoesArbitrary, fc.nat(), (shoes, cut) => {
        const at = shoes.length === 0 ? 0 : cut % (shoes.length + 1);
        const split = mergeTallies(tallyOutcomeShoes(shoes.slice(at)), tallyOutcomeShoes(shoes.slice(0, at)));
        expect(split).toEqual(tallyOutcomeShoes(shoes));
      }),
    );
  });

  it('refuses arrays that are not tallies', () => {
    expect(() => mergeTallies(createTally(), new Float64Array(3))).toThrow(RangeError);
    expect(() => new EvidenceRecorder(new Float64Array(3))).toThrow(RangeError);
  });
});

describe('EvidenceRunPlan', () => {
  it('ends a run at the first chunk that reaches the hands asked for, the last chunk whole', () => {
    const tally = tallyRun('plan', 5_000, 8);
    const chunks = [0, 1, 2].map((chunk) => tallyChunk('plan', 8, chunk));
    // About 2,000 hands a chunk: three chunks pass 5,000, two do not.
    expect(tallyHands(chunks[0]!) + tallyHands(chunks[1]!)).toBeLessThan(5_000);
    expect(tally).toEqual(chunks.reduce(mergeTallies));
    expect(tallyShoes(tally)).toBe(3 * EVIDENCE_CHUNK_SHOES);
  });

  it('deals little more than the hands asked for, however few: chunks of about 2,000 hands', () => {
    expect(tallyHands(tallyRun('few', 1, 8))).toBeLessThan(2_500);
    for (const hands of [1, 40_000]) expect(tallyHands(tallyRun('few', hands, 8)) - hands, `${hands} hands`).toBeLessThan(2_500);
    expect(tallyHands(tallyRun('few', 1, 8))).toBeLessThan(tallyHands(tallyRun('few', 40_000, 8)));
  });

  it('gives the same result whatever order the chunks come back in, and however many are out at once', () => {
    const expected = tallyRun('workers', 150_000, 8);
    const computed = new Map<number, Float64Array>();
    const compute = (chunk: number): Float64Array =>
      computed.get(chunk) ?? computed.set(chunk, tallyChunk('workers', 8, chunk)).get(chunk)!;
    for (const workers of [1, 2, 3, 7]) {
      const plan = new EvidenceRunPlan(150_000);
      const out: number[] = [];
      let turn = 0;
      const progress: number[] = [];
      while (!plan.done) {
        while (out.length < workers) {
          const chunk = plan.nextChunk();
          if (chunk === null) break;
          out.push(chunk);
        }
        // Workers finish in a scrambled order: the newest first on odd turns.
        const chunk = turn++ % 2 === 1 ? out.pop()! : out.shift()!;
        plan.complete(chunk, compute(chunk));
        progress.push(plan.progress);
      }
      expect(plan.tally, `${workers} workers`).toEqual(expected);
      expect(progress.at(-1)).toBe(1);
      expect(progress).toEqual([...progress].sort((a, b) => a - b));
      expect(plan.nextChunk()).toBeNull();
    }
  });

  it('refuses a chunk never handed out or given twice, and a bad target', () => {
    const plan = new EvidenceRunPlan(1_000_000);
    expect(() => plan.complete(0, createTally())).toThrow(RangeError);
    const chunk = plan.nextChunk()!;
    plan.complete(chunk, tallyChunk('s', 8, chunk));
    expect(() => plan.complete(chunk, createTally())).toThrow(/completed already/);
    expect(() => new EvidenceRunPlan(-1)).toThrow(RangeError);
    expect(new EvidenceRunPlan(0).done).toBe(true);
  });
});
