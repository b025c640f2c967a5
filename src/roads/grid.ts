/**
 * Drawing one road on its grid: the big road's placement rules, which the three derived roads
 * share (docs/rules.md, "The roads").
 *
 * Why flat arrays of numbers instead of an object per mark: a shoe adds up to five marks a hand,
 * and the scoreboard adds and undoes hands one at a time. Marks, columns and the occupied cells
 * live in a few plain arrays of small integers that only ever grow, so adding a hand allocates
 * nothing once a shoe is under way; objects are made only when someone asks for a snapshot.
 * Plain arrays rather than typed arrays because V8 keeps typed arrays over 64 bytes outside the
 * heap: a tracker built from 15 of them took about 39 µs to construct, most of a whole shoe's
 * 50 µs budget (measured with bench/roads.ts's shoes), against under 1 µs now.
 */

// Fields of one mark, `MARK_STRIDE` numbers per mark in `marks`.
const MARK_COL = 0;
const MARK_ROW = 1;
/** Which logical column (streak, or run of one colour) the mark belongs to, from 0. */
const MARK_LOGICAL_COLUMN = 2;
/** Its row within that logical column, from 0, whatever row it is drawn on. */
const MARK_LOGICAL_ROW = 3;
/** The side or colour code the caller gave. */
const MARK_VALUE = 4;
/** The road's drawn width once this mark was placed: restoring it on undo needs no search. */
const MARK_WIDTH = 5;
const MARK_STRIDE = 6;

// Fields of one logical column, `COLUMN_STRIDE` numbers per column in `columnData`.
const COLUMN_START = 0;
const COLUMN_LENGTH = 1;
const COLUMN_STRIDE = 2;

/**
 * One road's marks in the order added, placed on a grid of `rows` rows. A mark whose value
 * differs from the previous one starts a new logical column; an equal value extends the
 * column downwards, or along its row (the dragon tail) once it reaches the bottom row or finds
 * the cell below taken. Marks can be removed from the end, restoring the previous placement.
 */
export class RoadGrid {
  /** Marks placed. */
  count = 0;
  /** Logical columns (streaks) started. */
  columns = 0;
  /** Drawn columns: one more than the rightmost column holding a mark. */
  width = 0;
  // These arrays keep their length when marks are removed: a later mark overwrites the entry.
  private readonly marks: number[] = [];
  private readonly columnData: number[] = [];
  /** `occupied[col × rows + row]` is 1 when a mark is drawn there; columns are added as needed. */
  private readonly occupied: number[] = [];
  private occupiedColumns = 0;

  /** @param rows grid rows, 1 or more */
  constructor(readonly rows: number) {}

  /** Places a mark; a value unlike the last mark's starts a new logical column. Returns the mark's index. */
  place(value: number): number {
    const index = this.count;
    let col: number;
    let row: number;
    if (index === 0 || this.marks[(index - 1) * MARK_STRIDE + MARK_VALUE] !== value) {
      // A new column starts one to the right of where the previous column started, or at the
      // first top cell to the right of that which no earlier tail has taken.
      col = index === 0 ? 0 : this.columnData[(this.columns - 1) * COLUMN_STRIDE + COLUMN_START]! + 1;
      while (this.isOccupied(col, 0)) col++;
      row = 0;
      const column = this.columns * COLUMN_STRIDE;
      if (column === this.columnData.length) this.columnData.push(col, 1);
      else {
        this.columnData[column + COLUMN_START] = col;
        this.columnData[column + COLUMN_LENGTH] = 1;
      }
      this.columns++;
    } else {
      const last = (index - 1) * MARK_STRIDE;
      const lastCol = this.marks[last + MARK_COL]!;
      const lastRow = this.marks[last + MARK_ROW]!;
      const column = (this.columns - 1) * COLUMN_STRIDE;
      // A mark right of its column's start is on a tail, and a tail never drops back down.
      const onTail = lastCol !== this.columnData[column + COLUMN_START]!;
      if (!onTail && lastRow + 1 < this.rows && !this.isOccupied(lastCol, lastRow + 1)) {
        col = lastCol;
        row = lastRow + 1;
      } else {
        col = lastCol + 1;
        row = lastRow;
      }
      this.columnData[column + COLUMN_LENGTH]!++;
    }

    this.markOccupied(col, row, 1);
    if (col + 1 > this.width) this.width = col + 1;
    const base = index * MARK_STRIDE;
    const logicalColumn = this.columns - 1;
    const logicalRow = this.columnData[logicalColumn * COLUMN_STRIDE + COLUMN_LENGTH]! - 1;
    const marks = this.marks;
    if (base === marks.length) marks.push(col, row, logicalColumn, logicalRow, value, this.width);
    else {
      marks[base + MARK_COL] = col;
      marks[base + MARK_ROW] = row;
      marks[base + MARK_LOGICAL_COLUMN] = logicalColumn;
      marks[base + MARK_LOGICAL_ROW] = logicalRow;
      marks[base + MARK_VALUE] = value;
      marks[base + MARK_WIDTH] = this.width;
    }
    this.count = index + 1;
    return index;
  }

  /** Removes the last mark, restoring the grid exactly as it was before it was placed. */
  removeLast(): void {
    if (this.count === 0) return;
    const index = this.count - 1;
    const base = index * MARK_STRIDE;
    this.markOccupied(this.marks[base + MARK_COL]!, this.marks[base + MARK_ROW]!, 0);
    const column = this.marks[base + MARK_LOGICAL_COLUMN]! * COLUMN_STRIDE;
    if (--this.columnData[column + COLUMN_LENGTH]! === 0) this.columns--;
    this.count = index;
    this.width = index === 0 ? 0 : this.marks[(index - 1) * MARK_STRIDE + MARK_WIDTH]!;
  }

  /** Empties the road, keeping its buffers for the next shoe. */
  clear(): void {
    this.count = 0;
    this.columns = 0;
    this.width = 0;
    this.occupied.fill(0);
  }

  /** Drawn column of mark `index`. */
  colOf(index: number): number {
    return this.marks[index * MARK_STRIDE + MARK_COL]!;
  }

  /** Drawn row of mark `index`. */
  rowOf(index: number): number {
    return this.marks[index * MARK_STRIDE + MARK_ROW]!;
  }

  /** Logical column (from 0) of mark `index`. */
  logicalColumnOf(index: number): number {
    return this.marks[index * MARK_STRIDE + MARK_LOGICAL_COLUMN]!;
  }

  /** Row within its logical column (from 0) of mark `index`. */
  logicalRowOf(index: number): number {
    return this.marks[index * MARK_STRIDE + MARK_LOGICAL_ROW]!;
  }

  /** The value mark `index` was placed with. */
  valueOf(index: number): number {
    return this.marks[index * MARK_STRIDE + MARK_VALUE]!;
  }

  /** Marks in logical column `column` (from 0). */
  columnLength(column: number): number {
    return this.columnData[column * COLUMN_STRIDE + COLUMN_LENGTH]!;
  }

  private isOccupied(col: number, row: number): boolean {
    return col < this.occupiedColumns && this.occupied[col * this.rows + row] === 1;
  }

  private markOccupied(col: number, row: number, value: 0 | 1): void {
    while (col >= this.occupiedColumns) {
      for (let r = 0; r < this.rows; r++) this.occupied.push(0);
      this.occupiedColumns++;
    }
    this.occupied[col * this.rows + row] = value;
  }
}
