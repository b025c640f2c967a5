/**
 * Evidence, not patterns (issue #17): what the roads "predicted" against what the next hand was,
 * tallied over whole simulated shoes.
 *
 * A tally is one Float64Array of counts (exact integers up to 2^53), so it crosses to and from a
 * Web Worker as a transferable buffer, and two tallies merge by adding them element by element:
 * the merge is commutative and associative, so how many workers computed a run never changes it.
 *
 * What is counted. Every hand of a shoe is counted once in each row whose condition held just
 * before it was dealt, by its outcome (banker, player or tie). The conditions are read from the
 * shoe's decided (banker or player) hands only, ties skipped, and start afresh with each shoe, as
 * the scoreboard's roads do. Because a condition changes only on a decided hand, the banker and
 * player counts of a row say what the next decided hand was, once per time the condition arose;
 * the tie count says how many hands dealt while it held were ties.
 *
 * The shoes are dealt exactly as `simulateShoes` deals them (shoe k of a run seeded `seed` uses
 * `shoeSeed(seed, k)`; a test holds the two together), in chunks of `EVIDENCE_CHUNK_SHOES` shoes.
 * A run of N hands is chunks 0, 1, 2, … in index order, up to the first chunk at which the hands
 * counted reach N (that chunk whole): so (seed, N, decks) gives one result however the chunks
 * were shared out (`EvidenceRunPlan`).
 */
import { BANKER_DRAWS } from '../game/tableau.js';
import { makeRules } from '../game/rules.js';
import { RandomWords, SeededRandom, shuffleInPlace } from '../game/random.js';
import { CODE_VALUES, orderedShoe, burnCount } from '../game/shoe.js';
import { shoeSeed } from '../game/simulate.js';

/** Outcome codes a recorder takes: banker 0, player 1, tie 2 (also the offsets within a row). */
export const OUTCOME_BANKER = 0;
export const OUTCOME_PLAYER = 1;
export const OUTCOME_TIE = 2;

/** Run lengths counted: exactly 1 … 9, and the last row 10 or more. */
export const RUN_LENGTHS = 10;
/** Alternations (chops) counted: exactly 2 … 7, and the last row 8 or more. */
export const FIRST_CHOP = 2;
export const LAST_CHOP = 8;
/** Derived roads in order: Big Eye Boy (k = 1), Small Road (k = 2), Cockroach Pig (k = 3). */
export const DERIVED_ROAD_COUNT = 3;
/** Mark colours as the recorder reports them. */
export const MARK_RED = 0;
export const MARK_BLUE = 1;

// Rows of the tally, three counts each (banker, player, tie).
/** Every hand, no condition. */
export const ROW_ALL = 0;
/** Row of a banker run of exactly k decided hands (k = 1…10, the last 10 or more): ROW_BANKER_RUN + k − 1. */
export const ROW_BANKER_RUN = 1;
/** Row of a player run: ROW_PLAYER_RUN + k − 1. */
export const ROW_PLAYER_RUN = ROW_BANKER_RUN + RUN_LENGTHS;
/** Row of exactly k alternations (k = 2…8, the last 8 or more): ROW_CHOP + k − 2. */
export const ROW_CHOP = ROW_PLAYER_RUN + RUN_LENGTHS;
/** Row of derived road r's (0–2) newest mark being colour c (MARK_RED, MARK_BLUE): ROW_MARK + 2r + c. */
export const ROW_MARK = ROW_CHOP + (LAST_CHOP - FIRST_CHOP + 1);
/** Row of derived road r's ask road predicting side s (banker 0, player 1): ROW_PREDICTION + 2r + s. */
export const ROW_PREDICTION = ROW_MARK + 2 * DERIVED_ROAD_COUNT;
/** A scratch row: hands under conditions that did not hold are counted here, and never read. */
export const ROW_SCRATCH = ROW_PREDICTION + 2 * DERIVED_ROAD_COUNT;
/** Rows in a tally. */
export const TALLY_ROWS = ROW_SCRATCH + 1;
/** Index of the shoe count; row r's counts start at `rowOffset(r)`. */
export const SLOT_SHOES = 0;
/** Length of a tally's Float64Array. */
export const TALLY_LENGTH = 1 + 3 * TALLY_ROWS;

/** Where row r's three counts (banker, player, tie) start in a tally. */
export function rowOffset(row: number): number {
  return 1 + 3 * row;
}

/** An empty tally. */
export function createTally(): Float64Array {
  return new Float64Array(TALLY_LENGTH);
}

/** A new tally holding a + b. Commutative and associative. */
export function mergeTallies(a: Float64Array, b: Float64Array): Float64Array {
  return mergeInto(Float64Array.from(a), b);
}

/** Adds `source` into `target` and returns `target`. */
export function mergeInto(target: Float64Array, source: Float64Array): Float64Array {
  if (target.length !== TALLY_LENGTH || source.length !== TALLY_LENGTH) {
    throw new RangeError(`an evidence tally has ${TALLY_LENGTH} counts; got ${target.length} and ${source.length}`);
  }
  for (let i = 0; i < TALLY_LENGTH; i++) target[i]! += source[i]!;
  return target;
}

/** Hands counted in a tally. */
export function tallyHands(tally: Float64Array): number {
  const all = rowOffset(ROW_ALL);
  return tally[all]! + tally[all + 1]! + tally[all + 2]!;
}

/** Shoes counted in a tally. */
export function tallyShoes(tally: Float64Array): number {
  return tally[SLOT_SHOES]!;
}

/** Most decided hands a recorder takes in one shoe unless told otherwise: more than 8 decks can deal. */
const DEFAULT_SHOE_CAPACITY = 512;
/** Zero-length columns before a shoe's first, so that column n − 1 − k is always an index. */
const PAD = DERIVED_ROAD_COUNT + 1;
/** Offset of the scratch row: a condition that does not hold counts its hands there, unread. */
const SCRATCH = rowOffset(ROW_SCRATCH);
/** Offsets of each derived road's red-mark row (blue is the next), and its banker-prediction row (player is the next). */
const MARK_ROWS = [0, 1, 2].map((road) => rowOffset(ROW_MARK + 2 * road));
const PREDICTION_ROWS = [0, 1, 2].map((road) => rowOffset(ROW_PREDICTION + 2 * road));

/** Offset of the run row for a run of `length` (the last row for RUN_LENGTHS or more), banker side. */
function runRowOffsets(capacity: number): Int32Array {
  return Int32Array.from({ length: capacity + 2 }, (_, length) =>
    rowOffset(ROW_BANKER_RUN + Math.min(Math.max(length, 1), RUN_LENGTHS) - 1),
  );
}

/** Offset of the chop row for a number of alternations, or the scratch row below FIRST_CHOP. */
function chopRowOffsets(capacity: number): Int32Array {
  return Int32Array.from({ length: capacity + 2 }, (_, alternations) =>
    alternations < FIRST_CHOP ? SCRATCH : rowOffset(ROW_CHOP + Math.min(alternations, LAST_CHOP) - FIRST_CHOP),
  );
}

/**
 * Counts one shoe's hands into a tally, a hand at a time, keeping the big road's column lengths
 * and from them each derived road's newest mark and ask-road prediction in O(1) a hand, by the
 * rules of docs/rules.md ("Derived roads"); nothing is allocated per hand.
 *
 * The ask road's prediction is read as players read it: the side whose hypothetical mark would be
 * red (the side that keeps the road's pattern). The two sides' marks are always opposite colours,
 * so that side is one: the last side when repeating it adds red, the other side otherwise.
 *
 * Why arithmetic instead of ifs: outcomes are random, so every branch on them is mispredicted
 * about half the time; written with branches, the road updates cost as much as dealing the hand
 * (measured: 12 against 23 M hands/s for the dealing alone). Each condition that does not hold
 * counts into a scratch row instead, so every hand makes the same nine increments.
 */
export class EvidenceRecorder {
  /** Length of each logical column (streak) of this shoe's big road, column j at PAD + j. */
  private readonly lengths: Int32Array;
  private readonly runRows: Int32Array;
  private readonly chopRows: Int32Array;
  /** Offsets of the rows whose condition holds now, ROW_ALL apart: run, chop, three marks, three predictions. */
  private readonly active = new Int32Array(2 + 2 * DERIVED_ROAD_COUNT);
  /** The current column, PAD − 1 before the shoe's first decided hand. */
  private column = PAD - 1;
  private side = -1;
  /** Alternations ending at the last decided hand; −1 before the first, so that the first makes 0. */
  private alternations = -1;

  /**
   * @param tally where the counts go (added to)
   * @param shoeCapacity the most decided hands one shoe may have
   */
  constructor(
    readonly tally: Float64Array,
    shoeCapacity = DEFAULT_SHOE_CAPACITY,
  ) {
    if (tally.length !== TALLY_LENGTH) throw new RangeError(`an evidence tally has ${TALLY_LENGTH} counts; got ${tally.length}`);
    this.lengths = new Int32Array(PAD + shoeCapacity + 1);
    this.runRows = runRowOffsets(shoeCapacity);
    this.chopRows = chopRowOffsets(shoeCapacity);
    this.active.fill(SCRATCH);
  }

  /** Starts a new shoe: counts it, and forgets the last shoe's roads. */
  startShoe(): void {
    this.tally[SLOT_SHOES]!++;
    this.active.fill(SCRATCH);
    this.column = PAD - 1;
    this.side = -1;
    this.alternations = -1;
  }

  /** Derived road r's (0–2) newest mark this shoe: MARK_RED, MARK_BLUE, or −1 before its first. */
  newestMark(road: number): number {
    const offset = this.active[2 + road]!;
    return offset === SCRATCH ? -1 : (offset - rowOffset(ROW_MARK + 2 * road)) / 3;
  }

  /** Derived road r's (0–2) prediction for the next hand: OUTCOME_BANKER, OUTCOME_PLAYER, or −1 while it has none. */
  prediction(road: number): number {
    const offset = this.active[2 + DERIVED_ROAD_COUNT + road]!;
    return offset === SCRATCH ? -1 : (offset - rowOffset(ROW_PREDICTION + 2 * road)) / 3;
  }

  /** Counts one hand (OUTCOME_BANKER, OUTCOME_PLAYER or OUTCOME_TIE) under every condition that held before it, then updates the roads. */
  add(outcome: number): void {
    const tally = this.tally;
    const active = this.active;
    tally[1 + outcome]!++;
    tally[active[0]! + outcome]!++;
    tally[active[1]! + outcome]!++;
    tally[active[2]! + outcome]!++;
    tally[active[3]! + outcome]!++;
    tally[active[4]! + outcome]!++;
    tally[active[5]! + outcome]!++;
    tally[active[6]! + outcome]!++;
    tally[active[7]! + outcome]!++;
    if (outcome !== OUTCOME_TIE) this.decided(outcome);
  }

  /** The roads after a decided hand, and the rows that hold until the next one. */
  private decided(side: number): void {
    const lengths = this.lengths;
    // same: 1 when this hand extends the current column, 0 when it starts a new one.
    const same = +(side === this.side);
    const fresh = 1 - same;
    const column = this.column + fresh;
    if (column === lengths.length) throw new RangeError(`a shoe for this recorder has at most ${lengths.length - PAD - 1} decided hands`);
    const length = lengths[column]! * same + 1;
    lengths[column] = length;
    this.column = column;
    this.side = side;
    const alternations = (this.alternations + 1) * fresh;
    this.alternations = alternations;
    const active = this.active;
    active[0] = this.runRows[length]! + 3 * RUN_LENGTHS * side;
    active[1] = this.chopRows[alternations]!;
    // Columns from 0 as docs/rules.md's n − 1; a mark for road k exists once column > k, or
    // column = k and this hand is below the top (same = 1): column + same > k. A prediction
    // exists once column ≥ k. Written out for k = 1, 2, 3, each length loaded once.
    const index = column - PAD;
    const row = length - 1;
    const previous = lengths[column - 1]!;
    const back2 = lengths[column - 2]!;
    const back3 = lengths[column - 3]!;
    const back4 = lengths[column - 4]!;
    // A new column n is blue unless columns n−1 and n−1−k are equally long; row m ≥ 2 is blue
    // only when m = p + 1, p the length of column n−k (row = p, from 0). Repeating the last side
    // would add row `length`: blue when column n−k is as long as this one, and then the other
    // side's new column is red: the prediction, the red side, is the other side.
    const blue1 = fresh * +(previous !== back2) + same * +(row === previous);
    const blue2 = fresh * +(previous !== back3) + same * +(row === back2);
    const blue3 = fresh * +(previous !== back4) + same * +(row === back3);
    active[2] = +(index + same > 1) * (MARK_ROWS[0]! + 3 * blue1 - SCRATCH) + SCRATCH;
    active[3] = +(index + same > 2) * (MARK_ROWS[1]! + 3 * blue2 - SCRATCH) + SCRATCH;
    active[4] = +(index + same > 3) * (MARK_ROWS[2]! + 3 * blue3 - SCRATCH) + SCRATCH;
    active[5] = +(index >= 1) * (PREDICTION_ROWS[0]! + 3 * (side ^ +(previous === length)) - SCRATCH) + SCRATCH;
    active[6] = +(index >= 2) * (PREDICTION_ROWS[1]! + 3 * (side ^ +(back2 === length)) - SCRATCH) + SCRATCH;
    active[7] = +(index >= 3) * (PREDICTION_ROWS[2]! + 3 * (side ^ +(back3 === length)) - SCRATCH) + SCRATCH;
  }
}

/**
 * The longest seed a run takes, in UTF-16 code units (JavaScript's `length`): the page's `?seed=`
 * limit, and `bacc evidence --seed`'s, so that a seed either gives the same figures in both or is
 * refused by both.
 */
export const EVIDENCE_SEED_MAX_LENGTH = 200;

/**
 * Why a seed cannot be used for a run, or null when it can: empty, longer than
 * `EVIDENCE_SEED_MAX_LENGTH`, or with spaces at either end (a page's URL setting is trimmed, so
 * such a seed would not be the same seed there).
 */
export function evidenceSeedProblem(seed: string): string | null {
  if (seed.length === 0) return 'a seed must not be empty';
  if (seed.length > EVIDENCE_SEED_MAX_LENGTH)
    return `a seed is at most ${EVIDENCE_SEED_MAX_LENGTH} characters; this one has ${seed.length}`;
  if (seed.trim() !== seed) return 'a seed must not start or end with a space';
  return null;
}

/**
 * Shoes in one chunk of a run: about 2,000 hands of 8 decks, so that a run of N hands deals at most
 * one small chunk more than asked (a run of 1 hand deals 25 shoes, not 500). Measured: the cost of a
 * chunk (its set-up, and a worker's reply the page merges) stays a few per cent of dealing it.
 */
export const EVIDENCE_CHUNK_SHOES = 25;

/** (a + b) mod 10 for a, b ≤ 9, by lookup. */
const MOD10 = Uint8Array.from({ length: 19 }, (_, n) => n % 10);

/**
 * Deals shoes `firstShoe` … `firstShoe + shoes − 1` of the run seeded `seed` (shoe k from
 * `shoeSeed(seed, k)`, shuffled, burned and dealt to the cut card exactly as `simulateShoes`
 * deals them, under the default rules with `decks` decks) and counts them into `into`.
 */
export function tallySimulatedShoes(
  seed: string,
  decks: number,
  firstShoe: number,
  shoes: number,
  into: Float64Array = createTally(),
): Float64Array {
  const rules = makeRules({ decks });
  const template = orderedShoe(rules.decks);
  const order = new Uint8Array(template.length);
  const cutIndex = order.length - rules.cutCardFromEnd;
  const random = new RandomWords(new SeededRandom(shoeSeed(seed, firstShoe)), 256);
  const recorder = new EvidenceRecorder(into, (template.length >> 2) + 2);
  const burn = rules.burn;
  const handsAfterCut = rules.handsAfterCut;
  for (let shoe = firstShoe; shoe < firstShoe + shoes; shoe++) {
    random.restart(new SeededRandom(shoeSeed(seed, shoe)));
    order.set(template);
    shuffleInPlace(order, random);
    recorder.startShoe();
    let position = burn ? 1 + burnCount(order[0]!) : 0;
    let handsLeftAfterCut = -1;
    while (handsLeftAfterCut !== 0) {
      const p1 = order[position]!;
      const b1 = order[position + 1]!;
      const p2 = order[position + 2]!;
      const b2 = order[position + 3]!;
      position += 4;
      let playerTotal = MOD10[CODE_VALUES[p1]! + CODE_VALUES[p2]!]!;
      let bankerTotal = MOD10[CODE_VALUES[b1]! + CODE_VALUES[b2]!]!;
      if (playerTotal < 8 && bankerTotal < 8) {
        // Column 10 of the banker's table means the player stood.
        let column = 10;
        if (playerTotal <= 5) {
          column = CODE_VALUES[order[position++]!]!;
          playerTotal = MOD10[playerTotal + column]!;
        }
        if (BANKER_DRAWS[bankerTotal * 11 + column] === 1) {
          bankerTotal = MOD10[bankerTotal + CODE_VALUES[order[position++]!]!]!;
        }
      }
      recorder.add(bankerTotal > playerTotal ? OUTCOME_BANKER : playerTotal > bankerTotal ? OUTCOME_PLAYER : OUTCOME_TIE);
      if (handsLeftAfterCut < 0) {
        if (position > cutIndex) handsLeftAfterCut = handsAfterCut;
      } else handsLeftAfterCut--;
    }
  }
  return into;
}

/**
 * Chunk `chunkIndex` (from 0) of the run seeded `seed`: shoes chunk × C + 1 … (chunk + 1) × C,
 * C = EVIDENCE_CHUNK_SHOES, tallied into a new tally.
 * @throws RangeError for a chunk index that is not a whole number of 0 or more.
 */
export function tallyChunk(seed: string, decks: number, chunkIndex: number): Float64Array {
  if (!Number.isSafeInteger(chunkIndex) || chunkIndex < 0)
    throw new RangeError(`a chunk index is a whole number, 0 or more; got ${chunkIndex}`);
  return tallySimulatedShoes(seed, decks, chunkIndex * EVIDENCE_CHUNK_SHOES + 1, EVIDENCE_CHUNK_SHOES);
}

/**
 * Tallies shoes given by their outcomes, one string of B, P and T per shoe: for crafted streams
 * (tests, recorded shoes).
 * @throws RangeError for any other character.
 */
export function tallyOutcomeShoes(shoes: Iterable<string>, into: Float64Array = createTally()): Float64Array {
  const recorder = new EvidenceRecorder(into, 4096);
  for (const shoe of shoes) {
    recorder.startShoe();
    for (let i = 0; i < shoe.length; i++) {
      const character = shoe[i];
      const outcome = character === 'B' ? OUTCOME_BANKER : character === 'P' ? OUTCOME_PLAYER : character === 'T' ? OUTCOME_TIE : -1;
      if (outcome < 0) throw new RangeError(`unknown outcome ${JSON.stringify(character)} at position ${i + 1}: expected B, P or T`);
      recorder.add(outcome);
    }
  }
  return into;
}

/**
 * Shares out the chunks of one run (seed, hands, decks) and merges what comes back, so that the
 * result is the same however many workers computed it and in whatever order they finished.
 * The run is chunks 0 … m, m the first at which the hands of chunks 0 … m reach `hands`.
 * @example
 * const plan = new EvidenceRunPlan(1_000_000);
 * for (let chunk = plan.nextChunk(); chunk !== null; chunk = plan.nextChunk()) plan.complete(chunk, tallyChunk('s', 8, chunk));
 * plan.done // true; plan.tally holds the run
 */
export class EvidenceRunPlan {
  /** The run's tally so far: chunks 0 … contiguousChunks − 1 merged, never beyond the run's end. */
  readonly tally: Float64Array = createTally();
  /** Hands in `tally`. */
  handsCounted = 0;
  /** Chunks merged into `tally`: a prefix 0 … contiguousChunks − 1 of the run. */
  contiguousChunks = 0;
  /** Chunks handed out so far (indices 0 … dispatched − 1). */
  private dispatched = 0;
  /** Chunks back out of order, waiting for the ones before them. */
  private readonly waiting = new Map<number, Float64Array>();
  private finished: boolean;

  /** @param hands the run's target: it ends with the chunk at which the hands counted reach this */
  constructor(readonly hands: number) {
    if (!Number.isSafeInteger(hands) || hands < 0) throw new RangeError(`hands must be a whole number, 0 or more; got ${hands}`);
    this.finished = hands === 0;
  }

  /** The run is complete: `tally` is its result. */
  get done(): boolean {
    return this.finished;
  }

  /** Progress from 0 to 1, by hands counted in the prefix merged so far. */
  get progress(): number {
    return this.finished ? 1 : Math.min(this.handsCounted / this.hands, 1);
  }

  /** Chunks handed out and not yet back. */
  get outstanding(): number {
    return this.finished ? 0 : this.dispatched - this.contiguousChunks - this.waiting.size;
  }

  /**
   * The next chunk index to compute, or null when none is needed for now: the run is done, or
   * the chunks out already are expected to cover it (ask again after the next `complete`).
   * @param averageHandsPerChunk the expected hands of one chunk, for deciding when enough are out;
   *   by default the average of the chunks back so far, or 80 × EVIDENCE_CHUNK_SHOES before any.
   */
  nextChunk(averageHandsPerChunk?: number): number | null {
    if (this.finished) return null;
    const returned = this.contiguousChunks;
    const average = averageHandsPerChunk ?? (returned > 0 ? this.handsCounted / returned : 80 * EVIDENCE_CHUNK_SHOES);
    let expected = this.handsCounted;
    for (const tally of this.waiting.values()) expected += tallyHands(tally);
    expected += (this.dispatched - returned - this.waiting.size) * average;
    if (expected >= this.hands && this.dispatched > returned) return null;
    return this.dispatched++;
  }

  /**
   * Takes a computed chunk. Chunks past the run's end are dropped.
   * @returns whether the run is now done
   * @throws RangeError for a chunk never handed out or given twice.
   */
  complete(chunkIndex: number, tally: Float64Array): boolean {
    if (!Number.isSafeInteger(chunkIndex) || chunkIndex < 0 || chunkIndex >= this.dispatched) {
      throw new RangeError(`chunk ${chunkIndex} was not handed out`);
    }
    if (chunkIndex < this.contiguousChunks || this.waiting.has(chunkIndex))
      throw new RangeError(`chunk ${chunkIndex} was completed already`);
    if (this.finished) return true;
    this.waiting.set(chunkIndex, tally);
    for (
      let next = this.waiting.get(this.contiguousChunks);
      next !== undefined && !this.finished;
      next = this.waiting.get(this.contiguousChunks)
    ) {
      this.waiting.delete(this.contiguousChunks);
      mergeInto(this.tally, next);
      this.handsCounted += tallyHands(next);
      this.contiguousChunks++;
      if (this.handsCounted >= this.hands) this.finished = true;
    }
    if (this.finished) this.waiting.clear();
    return this.finished;
  }
}

/**
 * A whole run in this thread: chunks in order until the hands counted reach `hands`.
 * @param onChunk called after each chunk with the plan, for progress
 */
export function tallyRun(seed: string, hands: number, decks: number, onChunk?: (plan: EvidenceRunPlan) => void): Float64Array {
  const plan = new EvidenceRunPlan(hands);
  for (let chunk = plan.nextChunk(); chunk !== null; chunk = plan.nextChunk()) {
    plan.complete(chunk, tallyChunk(seed, decks, chunk));
    onChunk?.(plan);
  }
  return plan.tally;
}
