/**
 * The roads of a shoe — Bead Plate, Big Road, Big Eye Boy, Small Road, Cockroach Pig — with the
 * ask-road predictions, kept up to date a hand at a time (docs/rules.md, "The roads").
 * `computeRoads` adds the shoe's statistics: its result is the `bacc roads` contract of docs/reference/cli.md.
 * The tracker itself keeps no statistics, so a page that draws one road does not load the odds.
 *
 * Why incremental: a hand adds one bead, at most one big-road cell and one mark per derived road,
 * and every rule looks only at the big road's streak lengths, so `add` and `undo` touch a few
 * numbers instead of recomputing the shoe (measured in bench/roads.ts).
 */
import type { Winner } from '../game/hand.js';
import type { TableRules } from '../game/rules.js';
import type { HandRecord } from '../shoes/document.js';
import { RoadGrid } from './grid.js';
import { ShoeStatistics, type StatisticsSummary } from './statistics.js';

/** A derived road's mark colour. */
export type RoadColor = 'red' | 'blue';
/** A big-road cell's side: banker or player (ties are not cells). */
export type BigRoadSide = 'B' | 'P';
/** The three derived roads, named as on the scoreboard. */
export type DerivedRoadName = 'bigEyeBoy' | 'smallRoad' | 'cockroachPig';

/** Each derived road and the column offset k it compares against. */
export const DERIVED_ROADS: readonly { name: DerivedRoadName; offset: number }[] = [
  { name: 'bigEyeBoy', offset: 1 },
  { name: 'smallRoad', offset: 2 },
  { name: 'cockroachPig', offset: 3 },
];

/** Grid rows when none are configured. */
export const DEFAULT_ROWS = 6;

/** One bead: every hand has one, ties included. */
export interface BeadPlateCell {
  col: number;
  row: number;
  outcome: Winner;
  playerPair: boolean;
  bankerPair: boolean;
  natural: boolean;
  /** The winner's total, or the tie total; null when the record has no totals. */
  winningTotal: number | null;
}

/** One big-road cell: a banker or player hand. */
export interface BigRoadCell {
  col: number;
  row: number;
  side: BigRoadSide;
  /** Ties dealt after this hand and before the next banker/player hand. */
  ties: number;
  /** The streak (logical column) this hand belongs to, from 0. */
  logicalColumn: number;
  /** Its place within the streak, from 0, whether drawn downwards or on a dragon tail. */
  logicalRow: number;
  playerPair: boolean;
  bankerPair: boolean;
  /** Whether any of the ties counted on this cell had a player pair. */
  tiePlayerPair: boolean;
  /** Whether any of the ties counted on this cell had a banker pair. */
  tieBankerPair: boolean;
  /** The hand's index in the shoe, from 0. */
  hand: number;
}

/** One mark of a derived road. */
export interface DerivedRoadCell {
  col: number;
  row: number;
  color: RoadColor;
  /** The run of one colour (logical column) this mark belongs to, from 0. */
  logicalColumn: number;
  /** Its place within that run, from 0. */
  logicalRow: number;
}

/** The big road: its cells, and the ties dealt before its first cell. */
export interface BigRoadSnapshot {
  cells: BigRoadCell[];
  /** Ties before the first banker/player hand; they are on no cell's `ties`. */
  leadingTies: number;
  leadingTiePlayerPair: boolean;
  leadingTieBankerPair: boolean;
}

/** A derived road's marks in the order added. */
export interface DerivedRoadSnapshot {
  cells: DerivedRoadCell[];
}

/** The mark each derived road would add next; null while that road cannot have a mark yet. */
export interface AskRoad {
  bigEyeBoy: RoadColor | null;
  smallRoad: RoadColor | null;
  cockroachPig: RoadColor | null;
}

/** What each derived road would add if the next hand were banker (`B`) or player (`P`). */
export interface Predictions {
  B: AskRoad;
  P: AskRoad;
}

/** Drawn columns of each road. */
export interface RoadWidths {
  beadPlate: number;
  bigRoad: number;
  bigEyeBoy: number;
  smallRoad: number;
  cockroachPig: number;
}

/** Every road of a shoe at one moment, as plain objects (rows and columns from 0, cells in the order added). */
export interface RoadLayout {
  rows: number;
  hands: number;
  beadPlate: BeadPlateCell[];
  bigRoad: BigRoadSnapshot;
  bigEyeBoy: DerivedRoadSnapshot;
  smallRoad: DerivedRoadSnapshot;
  cockroachPig: DerivedRoadSnapshot;
  predictions: Predictions;
  widths: RoadWidths;
}

/** Every road of a shoe and its statistics: the `bacc roads` JSON (`computeRoads`). */
export interface RoadsSnapshot extends RoadLayout {
  statistics: StatisticsSummary;
}

/** Settings: grid rows for every road (default 6). */
export interface RoadOptions {
  rows?: number;
}

/** Settings of `computeRoads`: the rows, and the shoe's decks and rules for the statistics. */
export interface ComputeRoadsOptions extends RoadOptions {
  decks?: number;
  rules?: Readonly<TableRules>;
}

/** A bad outcome, outcome string or setting; the message names it. */
export class RoadsError extends Error {
  override name = 'RoadsError';
}

const BANKER = 0;
const PLAYER = 1;
const RED = 0;
const BLUE = 1;
/** What `derivedColor` returns where a derived road has no mark. */
const NO_MARK = -1;

// Per big-road cell, beside its placement: which hand it is and the ties counted on it.
const ENTRY_HAND = 0;
const ENTRY_TIES = 1;
const ENTRY_TIE_PLAYER_PAIRS = 2;
const ENTRY_TIE_BANKER_PAIRS = 3;
const ENTRY_STRIDE = 4;

/**
 * Whether derived road k has a mark for the big-road entry at logical column `column`, row `row`
 * (from 0): its first mark is at column k+1, row 2, or (when that column has one entry) at
 * column k+2, row 1, counting from 1; every entry after that has one.
 */
function hasDerivedMark(column: number, row: number, k: number): boolean {
  return column > k || (column === k && row > 0);
}

/**
 * The colour derived road k adds for the big-road entry at logical column `column`, row `row`
 * (both from 0), or NO_MARK before the road's first mark. docs/rules.md numbers columns from 1:
 * its column n is `column + 1` here, and its row m is `row + 1`.
 */
function derivedColor(bigRoad: RoadGrid, column: number, row: number, k: number): number {
  if (!hasDerivedMark(column, row, k)) return NO_MARK;
  if (row === 0) {
    // A new column n: red when columns n−1 and n−1−k have the same length.
    return bigRoad.columnLength(column - 1) === bigRoad.columnLength(column - 1 - k) ? RED : BLUE;
  }
  // Row m ≥ 2 against p = length of column n−k: blue only at m = p+1 (here row = p).
  return row === bigRoad.columnLength(column - k) ? BLUE : RED;
}

/**
 * The roads and ask-road predictions of one shoe, updated a hand at a time.
 * `undo` removes the last hand and restores exactly the previous state.
 * @example
 * const roads = new RoadTracker().addAll(handsFromOutcomes('BPPB'));
 * roads.snapshot().bigRoad.cells.map((cell) => [cell.col, cell.row]) // [[0,0],[1,0],[1,1],[2,0]]
 */
export class RoadTracker {
  /** Grid rows of every road. */
  readonly rows: number;
  private readonly handList: HandRecord[] = [];
  private readonly bigRoadGrid: RoadGrid;
  /** ENTRY_STRIDE numbers per big-road cell; keeps its length on undo, later cells overwrite. */
  private readonly entries: number[] = [];
  private leadingTies = 0;
  private leadingTiePlayerPairs = 0;
  private leadingTieBankerPairs = 0;
  private readonly derivedRoads: readonly [RoadGrid, RoadGrid, RoadGrid];

  /** @throws RoadsError for rows that are not a whole number of at least 1. */
  constructor(options: RoadOptions = {}) {
    const rows = options.rows ?? DEFAULT_ROWS;
    if (!Number.isInteger(rows) || rows < 1) throw new RoadsError(`rows must be a whole number of at least 1; got ${String(rows)}`);
    this.rows = rows;
    this.bigRoadGrid = new RoadGrid(rows);
    this.derivedRoads = [new RoadGrid(rows), new RoadGrid(rows), new RoadGrid(rows)];
  }

  /** The hands in the order added (do not modify). */
  get hands(): readonly HandRecord[] {
    return this.handList;
  }

  /**
   * Adds a hand to every road. Nothing changes when it throws. Only its outcome and pairs are read:
   * its cards are the statistics' business (ShoeStatistics checks them).
   * @throws RoadsError for an outcome other than B, P or T.
   */
  add(hand: HandRecord): this {
    const outcome = hand.outcome;
    if (outcome !== 'B' && outcome !== 'P' && outcome !== 'T') {
      throw new RoadsError(`hand ${this.handList.length + 1}: outcome must be "B", "P" or "T"; got ${JSON.stringify(outcome)}`);
    }
    const handIndex = this.handList.length;
    this.handList.push(hand);
    if (outcome === 'T') {
      this.countTie(hand, 1);
      return this;
    }
    const bigRoad = this.bigRoadGrid;
    const index = bigRoad.place(outcome === 'B' ? BANKER : PLAYER);
    const entry = index * ENTRY_STRIDE;
    const entries = this.entries;
    if (entry === entries.length) entries.push(handIndex, 0, 0, 0);
    else {
      entries[entry + ENTRY_HAND] = handIndex;
      entries[entry + ENTRY_TIES] = 0;
      entries[entry + ENTRY_TIE_PLAYER_PAIRS] = 0;
      entries[entry + ENTRY_TIE_BANKER_PAIRS] = 0;
    }
    const column = bigRoad.logicalColumnOf(index);
    const row = bigRoad.logicalRowOf(index);
    for (let k = 1; k <= 3; k++) {
      const color = derivedColor(bigRoad, column, row, k);
      if (color !== NO_MARK) this.derivedRoads[k - 1]!.place(color);
    }
    return this;
  }

  /** Adds hands in order. */
  addAll(hands: Iterable<HandRecord>): this {
    for (const hand of hands) this.add(hand);
    return this;
  }

  /** Removes the last hand, restoring every road and prediction; returns it, or undefined when there are no hands. */
  undo(): HandRecord | undefined {
    const hand = this.handList.pop();
    if (hand === undefined) return undefined;
    if (hand.outcome === 'T') {
      // A tie added no cell, so the cell it was counted on is still the last one.
      this.countTie(hand, -1);
      return hand;
    }
    const bigRoad = this.bigRoadGrid;
    const index = bigRoad.count - 1;
    const column = bigRoad.logicalColumnOf(index);
    const row = bigRoad.logicalRowOf(index);
    for (let k = 1; k <= 3; k++) {
      if (hasDerivedMark(column, row, k)) this.derivedRoads[k - 1]!.removeLast();
    }
    bigRoad.removeLast();
    return hand;
  }

  /** Forgets every hand (a new shoe), keeping the settings and the buffers. */
  clear(): void {
    this.handList.length = 0;
    this.bigRoadGrid.clear();
    for (const road of this.derivedRoads) road.clear();
    this.leadingTies = 0;
    this.leadingTiePlayerPairs = 0;
    this.leadingTieBankerPairs = 0;
  }

  /** What each derived road would add if the next hand were banker, and if it were player. */
  predictions(): Predictions {
    const B: AskRoad = { bigEyeBoy: null, smallRoad: null, cockroachPig: null };
    const P: AskRoad = { bigEyeBoy: null, smallRoad: null, cockroachPig: null };
    const bigRoad = this.bigRoadGrid;
    if (bigRoad.count === 0) return { B, P };
    const column = bigRoad.columns - 1;
    const length = bigRoad.columnLength(column);
    const lastSide = bigRoad.valueOf(bigRoad.count - 1);
    for (const { name, offset: k } of DERIVED_ROADS) {
      // A repeat of the last side adds row `length` of this column: blue exactly when column
      // − k is as long as this one (m = p + 1). The other side starts a new column, which
      // compares the same two lengths and is red exactly when they are equal. So the two
      // predictions are always opposite, and exist together.
      const continued = derivedColor(bigRoad, column, length, k);
      if (continued === NO_MARK) continue;
      const sameLength = continued === BLUE;
      const changed = sameLength ? 'red' : 'blue';
      const same = sameLength ? 'blue' : 'red';
      B[name] = lastSide === BANKER ? same : changed;
      P[name] = lastSide === PLAYER ? same : changed;
    }
    return { B, P };
  }

  /** Drawn columns of each road. */
  widths(): RoadWidths {
    const [bigEyeBoy, smallRoad, cockroachPig] = this.derivedRoads;
    return {
      beadPlate: Math.ceil(this.handList.length / this.rows),
      bigRoad: this.bigRoadGrid.width,
      bigEyeBoy: bigEyeBoy.width,
      smallRoad: smallRoad.width,
      cockroachPig: cockroachPig.width,
    };
  }

  /**
   * The bead plate now, as plain objects that later hands do not change. Each road has its own
   * accessor so that a display of one road copies that road alone, not the whole snapshot.
   */
  beadPlate(): BeadPlateCell[] {
    return this.beadPlateCells();
  }

  /** The big road now, as plain objects that later hands do not change. */
  bigRoad(): BigRoadSnapshot {
    return {
      cells: this.bigRoadCells(),
      leadingTies: this.leadingTies,
      leadingTiePlayerPair: this.leadingTiePlayerPairs > 0,
      leadingTieBankerPair: this.leadingTieBankerPairs > 0,
    };
  }

  /** One derived road now, as plain objects that later hands do not change. */
  derivedRoad(name: DerivedRoadName): DerivedRoadSnapshot {
    const [bigEyeBoy, smallRoad, cockroachPig] = this.derivedRoads;
    return { cells: derivedCells(name === 'bigEyeBoy' ? bigEyeBoy : name === 'smallRoad' ? smallRoad : cockroachPig) };
  }

  /** Every road now, as plain objects that later hands do not change. */
  snapshot(): RoadLayout {
    return {
      rows: this.rows,
      hands: this.handList.length,
      beadPlate: this.beadPlate(),
      bigRoad: this.bigRoad(),
      bigEyeBoy: this.derivedRoad('bigEyeBoy'),
      smallRoad: this.derivedRoad('smallRoad'),
      cockroachPig: this.derivedRoad('cockroachPig'),
      predictions: this.predictions(),
      widths: this.widths(),
    };
  }

  /** The snapshot, so that `JSON.stringify(tracker)` prints the roads. */
  toJSON(): RoadLayout {
    return this.snapshot();
  }

  /** Counts (sign 1) or uncounts (sign −1) a tie on the last cell, or as a leading tie. */
  private countTie(hand: HandRecord, sign: 1 | -1): void {
    const playerPair = hand.playerPair ? sign : 0;
    const bankerPair = hand.bankerPair ? sign : 0;
    if (this.bigRoadGrid.count === 0) {
      this.leadingTies += sign;
      this.leadingTiePlayerPairs += playerPair;
      this.leadingTieBankerPairs += bankerPair;
      return;
    }
    const entry = (this.bigRoadGrid.count - 1) * ENTRY_STRIDE;
    this.entries[entry + ENTRY_TIES]! += sign;
    this.entries[entry + ENTRY_TIE_PLAYER_PAIRS]! += playerPair;
    this.entries[entry + ENTRY_TIE_BANKER_PAIRS]! += bankerPair;
  }

  private beadPlateCells(): BeadPlateCell[] {
    const rows = this.rows;
    return this.handList.map((hand, index) => ({
      col: Math.floor(index / rows),
      row: index % rows,
      outcome: hand.outcome,
      playerPair: hand.playerPair,
      bankerPair: hand.bankerPair,
      natural: hand.natural,
      winningTotal: (hand.outcome === 'P' ? hand.playerTotal : hand.bankerTotal) ?? null,
    }));
  }

  private bigRoadCells(): BigRoadCell[] {
    const road = this.bigRoadGrid;
    const cells: BigRoadCell[] = [];
    for (let index = 0; index < road.count; index++) {
      const entry = index * ENTRY_STRIDE;
      const handIndex = this.entries[entry + ENTRY_HAND]!;
      const hand = this.handList[handIndex]!;
      cells.push({
        col: road.colOf(index),
        row: road.rowOf(index),
        side: road.valueOf(index) === BANKER ? 'B' : 'P',
        ties: this.entries[entry + ENTRY_TIES]!,
        logicalColumn: road.logicalColumnOf(index),
        logicalRow: road.logicalRowOf(index),
        playerPair: hand.playerPair,
        bankerPair: hand.bankerPair,
        tiePlayerPair: this.entries[entry + ENTRY_TIE_PLAYER_PAIRS]! > 0,
        tieBankerPair: this.entries[entry + ENTRY_TIE_BANKER_PAIRS]! > 0,
        hand: handIndex,
      });
    }
    return cells;
  }
}

function derivedCells(road: RoadGrid): DerivedRoadCell[] {
  const cells: DerivedRoadCell[] = [];
  for (let index = 0; index < road.count; index++) {
    cells.push({
      col: road.colOf(index),
      row: road.rowOf(index),
      color: road.valueOf(index) === RED ? 'red' : 'blue',
      logicalColumn: road.logicalColumnOf(index),
      logicalRow: road.logicalRowOf(index),
    });
  }
  return cells;
}

/**
 * Every road of a list of hands and the shoe's statistics, computed from scratch: the `bacc roads`
 * JSON. Each hand goes to the statistics first, which check its cards.
 * @example computeRoads(handsFromOutcomes('TBP')).bigRoad.leadingTies // 1
 * @throws RoadsError for a bad outcome or setting; StatisticsError or HandError for a record its cards contradict.
 */
export function computeRoads(hands: Iterable<HandRecord>, options: ComputeRoadsOptions = {}): RoadsSnapshot {
  const tracker = new RoadTracker(options);
  const statistics = new ShoeStatistics({ decks: options.decks, rules: options.rules });
  for (const hand of hands) {
    statistics.add(hand);
    tracker.add(hand);
  }
  return { ...tracker.snapshot(), statistics: statistics.summary() };
}

/** A hand known only by its outcome: no cards, no totals, no pairs, no natural. */
export function outcomeHand(outcome: Winner): HandRecord {
  return { cards: null, outcome, playerPair: false, bankerPair: false, natural: false, playerTotal: null, bankerTotal: null };
}

/**
 * Hands from a string of outcomes `B`, `P`, `T` (case-insensitive).
 * @example handsFromOutcomes('bpT').map((hand) => hand.outcome) // ['B', 'P', 'T']
 * @throws RoadsError naming the first other character and its position (from 1).
 */
export function handsFromOutcomes(outcomes: string): HandRecord[] {
  const hands: HandRecord[] = [];
  let position = 0;
  // Iterating by code point, so that an emoji is named whole and positions count characters.
  for (const character of outcomes) {
    position++;
    const outcome = character.toUpperCase();
    if (outcome !== 'B' && outcome !== 'P' && outcome !== 'T') {
      throw new RoadsError(`unknown outcome ${JSON.stringify(character)} at position ${position}: expected B, P or T`);
    }
    hands.push(outcomeHand(outcome));
  }
  return hands;
}
