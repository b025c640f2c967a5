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
import { BANKER_DRAWS } from './tableau.js';
import { makeRules } from './rules.js';
import { RandomWords, SeededRandom, shuffleInPlace } from './random.js';
import { CODE_VALUES, orderedShoe, burnCount } from './shoe.js';
import { shoeSeed } from './simulate.js';

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
/** Rows in a tally. */
export const TALLY_ROWS = ROW_PREDICTION + 2 * DERIVED_ROAD_COUNT;
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

/**
 * Counts one shoe's hands into a tally, a hand at a time, keeping the big road's column lengths
 * and from them each derived road's newest mark and ask-road prediction in O(1) a hand, by the
 * rules of REFERENCE.md ("Derived roads"); nothing is allocated per hand.
 *
 * The ask road's prediction is read as players read it: the side whose hypothetical mark would be
 * red (the side that keeps the road's pattern). The two sides' marks are always opposite colours,
 * so that side is one: the last side when repeating it adds red, the other side otherwise.
 */
export class EvidenceRecorder {
  /** Each derived road's newest mark this shoe (MARK_RED, MARK_BLUE), −1 before its first. */
  readonly newestMark = new Int8Array(DERIVED_ROAD_COUNT).fill(-1);
  /** Each derived road's prediction for the next hand (banker 0, player 1), −1 while it has none. */
  readonly prediction = new Int8Array(DERIVED_ROAD_COUNT).fill(-1);
  /** Length of each logical column (streak) of this shoe's big road. */
  private readonly lengths: Int32Array;
  /** Offsets of the rows whose condition holds now (ROW_ALL apart). */
  private readonly active = new Int32Array(2 + 2 * DERIVED_ROAD_COUNT);
  private activeCount = 0;
  private column = -1;
  private side = -1;
  private alternations = 0;

  /**
   * @param tally where the counts go (added to)
   * @param shoeCapacity the most decided hands one shoe may have
   */
  constructor(
    readonly tally: Float64Array,
    shoeCapacity = DEFAULT_SHOE_CAPACITY,
  ) {
    if (tally.length !== TALLY_LENGTH) throw new RangeError(`an evidence tally has ${TALLY_LENGTH} counts; got ${tally.length}`);
    this.lengths = new Int32Array(shoeCapacity);
  }

  /** Starts a new shoe: counts it, and forgets the last shoe's roads. */
  startShoe(): void {
    this.tally[SLOT_SHOES]!++;
    this.activeCount = 0;
    this.column = -1;
    this.side = -1;
    this.alternations = 0;
    this.newestMark.fill(-1);
    this.prediction.fill(-1);
  }

  /** Counts one hand (OUTCOME_BANKER, OUTCOME_PLAYER or OUTCOME_TIE) under every condition that held before it, then updates the roads. */
  add(outcome: number): void {
    const tally = this.tally;
    tally[1 + outcome]!++;
    const active = this.active;
    for (let i = 0; i < this.activeCount; i++) tally[active[i]! + outcome]!++;
    if (outcome !== OUTCOME_TIE) this.decided(outcome);
  }

  /** The roads after a decided hand, and the rows that hold until the next one. */
  private decided(side: number): void {
    const lengths = this.lengths;
    let column = this.column;
    let row: number;
    if (side === this.side) {
      row = lengths[column]!++;
      this.alternations = 0;
    } else {
      column = ++this.column;
      if (column === lengths.length) throw new RangeError(`a shoe for this recorder has at most ${lengths.length} decided hands`);
      lengths[column] = 1;
      row = 0;
      if (this.side !== -1) this.alternations++;
      this.side = side;
    }
    const length = row + 1;
    const active = this.active;
    let count = 0;
    active[count++] =
      1 + 3 * ((side === OUTCOME_BANKER ? ROW_BANKER_RUN : ROW_PLAYER_RUN) + (length < RUN_LENGTHS ? length : RUN_LENGTHS) - 1);
    const alternations = this.alternations;
    if (alternations >= FIRST_CHOP)
      active[count++] = 1 + 3 * (ROW_CHOP + (alternations < LAST_CHOP ? alternations : LAST_CHOP) - FIRST_CHOP);
    const newestMark = this.newestMark;
    const prediction = this.prediction;
    for (let k = 1; k <= DERIVED_ROAD_COUNT; k++) {
      // The mark this hand adds to road k (REFERENCE.md numbers columns and rows from 1; here from 0):
      // a new column n is red when columns n−1 and n−1−k are equally long; row m ≥ 2 is blue
      // only when m = p + 1, p the length of column n−k.
      if (column >= k) {
        if (row === 0) {
          if (column > k) newestMark[k - 1] = lengths[column - 1] === lengths[column - 1 - k] ? MARK_RED : MARK_BLUE;
        } else newestMark[k - 1] = row === lengths[column - k] ? MARK_BLUE : MARK_RED;
        // Repeating the last side would add row `length`: blue when column − k is as long as this
        // one, and then the other side's new column is red.
        const predicted = lengths[column - k] === length ? 1 - side : side;
        prediction[k - 1] = predicted;
        active[count++] = 1 + 3 * (ROW_PREDICTION + 2 * (k - 1) + predicted);
      }
      const mark = newestMark[k - 1]!;
      if (mark >= 0) active[count++] = 1 + 3 * (ROW_MARK + 2 * (k - 1) + mark);
    }
    this.activeCount = count;
  }
}

/** Shoes in one chunk of a run. */
export const EVIDENCE_CHUNK_SHOES = 500;

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
