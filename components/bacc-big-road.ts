import { css, html, type SVGTemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import type { BigRoadCell, BigRoadSide, BigRoadSnapshot, RoadTracker } from '../src/roads/roads.js';
import { outcomeLetter, roadName } from './internal/messages.js';
import {
  bankerPairCount,
  columnCount,
  joinParts,
  playerPairCount,
  readOutColumns,
  roadSummary,
  tieCount,
} from './internal/road-descriptions.js';
import { RoadGridElement } from './internal/road-element.js';
import {
  cellLabel,
  glyphLayer,
  inWindow,
  lineLayer,
  pairLayers,
  ringLayers,
  roadGrid,
  roadGridStyles,
  type ColumnWindow,
} from './internal/road-grid-view.js';
import { themeTokens, visuallyHidden } from './styles/theme.js';
import type { Terms } from './internal/localize.js';
import type { RoadTerms } from './locales/en.js';

/** A big-road cell as drawn: ties and pairs include those counted before the first cell. */
interface DrawnCell {
  col: number;
  row: number;
  side: BigRoadSide | 'T';
  ties: number;
  bankerPair: boolean;
  playerPair: boolean;
}

/**
 * The Big Road of a shoe: hollow rings, banker red and player blue, a new column each time the
 * winner changes, with dragon tails. Ties are a green slash on the previous cell, with their
 * count when more than one; ties before the first hand are shown on the first cell. Pair dots:
 * banker pair red at the top left, player pair blue at the bottom right. The newest columns that
 * fit the element's width are shown. A visually hidden text says the columns in words.
 * Fires no events.
 *
 * @csspart grid - The SVG grid, hidden from assistive technology (the text alternative is read instead); `data-first-col` and `data-columns` tell which road columns are on screen.
 * @cssprop --bacc-banker-color - Banker rings and banker-pair dots.
 * @cssprop --bacc-player-color - Player rings and player-pair dots.
 * @cssprop --bacc-tie-color - Tie slashes and counts.
 * @cssprop --bacc-cell-size - Side of one grid cell (default 28px).
 * @cssprop --bacc-grid-line-color - Lines of the grid.
 * @cssprop --bacc-grid-line-width - Width of the grid lines (default 1px).
 * @cssprop --bacc-surface-color - Background of the grid.
 * @cssprop --bacc-mark-size - Diameter of a mark as a fraction of the cell (default 0.84).
 * @cssprop --bacc-mark-stroke - Thickness of rings and slashes as a fraction of the mark (default 0.15).
 * @cssprop --bacc-pair-dot-size - Diameter of pair dots as a fraction of the cell (default 0.28).
 * @cssprop --bacc-mark-outline-color - Outline around pair dots and tie counts (default white).
 * @cssprop --bacc-font-family - Letters and tie counts.
 * @cssprop --bacc-focus-color - Focus ring, when a page makes the element focusable.
 *
 * @tagname bacc-big-road
 */
export class BaccBigRoad extends RoadGridElement {
  /*
   * Notes kept out of the stylesheet, which ships as written (see roadGridStyles): the letter's halo
   * keeps it readable where a tie slash crosses it; with letters (and forced colours) the letter
   * takes the centre and the tie count moves to the upper right.
   */
  static override styles = [
    themeTokens,
    visuallyHidden,
    roadGridStyles,
    css`
      .letter {
        fill: currentColor;
        font-size: calc(56px * var(--_mark-size));
        stroke: var(--_mark-outline);
        stroke-width: calc(10px * var(--_mark-size));
        paint-order: stroke;
      }
      .tie-count {
        fill: var(--_tie);
        stroke: var(--_mark-outline);
        stroke-width: calc(12px * var(--_mark-size));
        paint-order: stroke;
        font-size: calc(62px * var(--_mark-size));
      }
      .cues .tie-count {
        font-size: calc(46px * var(--_mark-size));
        transform: translate(calc(34px * var(--_mark-size)), calc(-34px * var(--_mark-size)));
      }
      @media (forced-colors: active) {
        .tie-count {
          font-size: calc(46px * var(--_mark-size));
          transform: translate(calc(34px * var(--_mark-size)), calc(-34px * var(--_mark-size)));
        }
      }
    `,
  ];

  /** Draws B or P (庄 or 闲 in Chinese) inside every ring, so that sides differ by more than colour. */
  @property({ type: Boolean, reflect: true }) letters = false;

  private road: BigRoadSnapshot = { cells: [], leadingTies: 0, leadingTiePlayerPair: false, leadingTieBankerPair: false };
  private cells: DrawnCell[] = [];
  private width = 0;

  protected override takeRoads(tracker: RoadTracker): void {
    this.road = tracker.bigRoad();
    this.cells = drawnCells(this.road);
    this.width = tracker.widths().bigRoad;
    this.drawnRows = tracker.rows;
  }

  protected override roadWidth(): number {
    return this.width;
  }

  protected override render() {
    const shown = this.shown;
    const visible = this.cells.filter((cell) => inWindow(shown, cell.col));
    return html`${roadGrid(shown, this.drawnRows, bigRoadLayers(this.localize, shown, this.drawnRows, visible), this.letters)}
      <p class="visually-hidden">${this.summary}</p>`;
  }

  protected override roadLabel(): string {
    return roadName(this.localize, 'bigRoad');
  }

  /** "Big Road, 6 columns, 1 tie before the first column: column 1 banker 2; column 2 player 3; …". */
  protected override describe(): string {
    const { cells, leadingTies } = this.road;
    const columns: { side: BigRoadSide; length: number; ties: number; bankerPairs: number; playerPairs: number }[] = [];
    for (const cell of cells) {
      let column = columns[cell.logicalColumn];
      if (column === undefined) {
        column = { side: cell.side, length: 0, ties: 0, bankerPairs: 0, playerPairs: 0 };
        columns[cell.logicalColumn] = column;
      }
      column.length++;
      column.ties += cell.ties;
      if (cell.bankerPair || cell.tieBankerPair) column.bankerPairs++;
      if (cell.playerPair || cell.tiePlayerPair) column.playerPairs++;
    }
    const { columns: readOut, earlier } = readOutColumns(columns);
    const items = readOut.map(({ column, number: n }) => {
      const length = column.length;
      const parts = [
        column.side === 'B' ? this.localize.term('bigRoadColumnBanker', n, length) : this.localize.term('bigRoadColumnPlayer', n, length),
      ];
      if (column.ties > 0) parts.push(tieCount(this.localize, column.ties));
      if (column.bankerPairs > 0) parts.push(bankerPairCount(this.localize, column.bankerPairs));
      if (column.playerPairs > 0) parts.push(playerPairCount(this.localize, column.playerPairs));
      return joinParts(this.localize, parts);
    });
    const heading = [columnCount(this.localize, columns.length)];
    if (leadingTies > 0) {
      const ties = tieCount(this.localize, leadingTies);
      heading.push(this.localize.term('bigRoadLeadingTies', ties));
      if (items.length === 0) items.push(ties);
    }
    return roadSummary(this.localize, roadName(this.localize, 'bigRoad'), joinParts(this.localize, heading), items, earlier);
  }
}

/** The cells to draw; the leading ties and their pairs go on the first cell, or alone on (0, 0) before any hand. */
function drawnCells(bigRoad: {
  cells: readonly BigRoadCell[];
  leadingTies: number;
  leadingTieBankerPair: boolean;
  leadingTiePlayerPair: boolean;
}): DrawnCell[] {
  const drawn = bigRoad.cells.map((cell): DrawnCell => ({
    col: cell.col,
    row: cell.row,
    side: cell.side,
    ties: cell.ties,
    bankerPair: cell.bankerPair || cell.tieBankerPair,
    playerPair: cell.playerPair || cell.tiePlayerPair,
  }));
  if (bigRoad.leadingTies > 0) {
    const first = drawn[0] ?? { col: 0, row: 0, side: 'T', ties: 0, bankerPair: false, playerPair: false };
    first.ties += bigRoad.leadingTies;
    first.bankerPair ||= bigRoad.leadingTieBankerPair;
    first.playerPair ||= bigRoad.leadingTiePlayerPair;
    if (drawn.length === 0) drawn.push(first);
  }
  return drawn;
}

/**
 * The cells as layers (see road-grid-view.ts), painted in the order rings, tie slashes, letters
 * (shown with letters on), tie counts (from two ties on: a text each, for ties are few), pair dots.
 */
function bigRoadLayers(localize: Terms<RoadTerms>, shown: ColumnWindow, rows: number, cells: readonly DrawnCell[]): SVGTemplateResult[] {
  const banker = cells.filter((cell) => cell.side === 'B');
  const player = cells.filter((cell) => cell.side === 'P');
  const letter = (cell: DrawnCell) => ({ col: cell.col, row: cell.row, text: outcomeLetter(localize, cell.side) });
  const counts = cells
    .filter((cell) => cell.ties > 1)
    .map((cell) => cellLabel('tie-count', { col: cell.col, row: cell.row, text: String(cell.ties) }));
  return [
    ringLayers(shown, rows, [
      { className: 'B', cells: banker },
      { className: 'P', cells: player },
    ]),
    lineLayer(
      'tie-slash',
      cells.filter((cell) => cell.ties > 0),
      'slash',
    ),
    glyphLayer('letter B', banker.map(letter)),
    glyphLayer('letter P', player.map(letter)),
    ...counts,
    pairLayers(
      cells.filter((cell) => cell.bankerPair),
      cells.filter((cell) => cell.playerPair),
    ),
  ];
}

declare global {
  interface HTMLElementTagNameMap {
    'bacc-big-road': BaccBigRoad;
  }
}
