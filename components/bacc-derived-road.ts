import { html, type PropertyValues, type SVGTemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import type { DerivedRoadCell, DerivedRoadName, RoadColor, RoadTracker } from '../src/roads/roads.js';
import { usableChoice } from './internal/attribute-check.js';
import { roadName } from './internal/messages.js';
import { columnCount, readOutColumns, roadSummary } from './internal/road-descriptions.js';
import { RoadGridElement } from './internal/road-element.js';
import { dotLayer, inWindow, lineLayer, ringLayers, roadGrid, roadGridStyles, type ColumnWindow } from './internal/road-grid-view.js';
import { themeTokens, visuallyHidden } from './styles/theme.js';

/** The derived roads by their attribute names. */
export type DerivedRoadKind = 'big-eye-boy' | 'small-road' | 'cockroach-pig';

const ROADS: Record<DerivedRoadKind, DerivedRoadName> = {
  'big-eye-boy': 'bigEyeBoy',
  'small-road': 'smallRoad',
  'cockroach-pig': 'cockroachPig',
};

const KINDS = Object.keys(ROADS) as DerivedRoadKind[];

/** A derived road's kind from an attribute value; anything unknown is Big Eye Boy. */
export function derivedRoadName(kind: string): DerivedRoadName {
  return ROADS[kind as DerivedRoadKind] ?? 'bigEyeBoy';
}

/**
 * One derived road of a shoe — Big Eye Boy (hollow rings), Small Road (solid dots) or Cockroach
 * Pig (slashes) — in red and blue, a new column when the colour changes, with dragon tails. With
 * `letters`, blue marks also carry a bar so the colours differ by shape. The newest columns that
 * fit the element's width are shown. A visually hidden text says the columns in words.
 * Fires no events.
 *
 * @csspart grid - The SVG grid, hidden from assistive technology (the text alternative is read instead); `data-first-col` and `data-columns` tell which road columns are on screen.
 * @cssprop --bacc-red-color - Red marks (default: the banker colour).
 * @cssprop --bacc-blue-color - Blue marks (default: the player colour).
 * @cssprop --bacc-banker-color - Red marks when --bacc-red-color is not set.
 * @cssprop --bacc-player-color - Blue marks when --bacc-blue-color is not set.
 * @cssprop --bacc-mark-text-color - The bar on blue Small Road dots (default white).
 * @cssprop --bacc-cell-size - Side of one grid cell (default 28px).
 * @cssprop --bacc-grid-line-color - Lines of the grid.
 * @cssprop --bacc-grid-line-width - Width of the grid lines (default 1px).
 * @cssprop --bacc-surface-color - Background of the grid.
 * @cssprop --bacc-mark-size - Size of a mark as a fraction of the cell (default 0.84).
 * @cssprop --bacc-mark-stroke - Thickness of rings and slashes as a fraction of the mark (default 0.15).
 * @cssprop --bacc-focus-color - Focus ring, when a page makes the element focusable.
 *
 * @tagname bacc-derived-road
 */
export class BaccDerivedRoad extends RoadGridElement {
  static override styles = [themeTokens, visuallyHidden, roadGridStyles];

  /** Which road: `big-eye-boy` (the default), `small-road` or `cockroach-pig`. */
  @property() kind: DerivedRoadKind = 'big-eye-boy';

  /** Adds a bar to blue marks, so that red and blue differ by shape as well as colour. */
  @property({ type: Boolean, reflect: true }) letters = false;

  /** The road `kind` names: Big Eye Boy, with a console warning, for a kind it does not name. */
  private get road(): DerivedRoadName {
    return ROADS[usableChoice(this, 'kind', this.kind, KINDS, 'big-eye-boy')];
  }

  private marks: DerivedRoadCell[] = [];
  private width = 0;

  protected override roadsChanged(changed: PropertyValues): boolean {
    return super.roadsChanged(changed) || changed.has('kind');
  }

  protected override takeRoads(tracker: RoadTracker): void {
    this.marks = tracker.derivedRoad(this.road).cells;
    this.width = tracker.widths()[this.road];
    this.drawnRows = tracker.rows;
  }

  protected override roadWidth(): number {
    return this.width;
  }

  protected override render() {
    const shown = this.shown;
    const road = this.road;
    const rows = this.drawnRows;
    const visible = this.marks.filter((cell) => inWindow(shown, cell.col));
    return html`${roadGrid(shown, rows, derivedLayers(road, shown, rows, visible), this.letters)}
      <p class="visually-hidden">${this.summary}</p>`;
  }

  protected override roadLabel(): string {
    return roadName(this.localize, this.road);
  }

  /** "Big Eye Boy, 6 columns: column 1 red 1; column 2 blue 3; …". */
  protected override describe(): string {
    const road = this.road;
    const columns: { color: RoadColor; length: number }[] = [];
    for (const cell of this.marks) {
      const column = (columns[cell.logicalColumn] ??= { color: cell.color, length: 0 });
      column.length++;
    }
    const { columns: readOut, earlier } = readOutColumns(columns);
    const items = readOut.map(({ column: { color, length }, number: n }) => {
      return color === 'red'
        ? this.localize.term('derivedRoadColumnRed', n, length)
        : this.localize.term('derivedRoadColumnBlue', n, length);
    });
    return roadSummary(this.localize, roadName(this.localize, road), columnCount(this.localize, columns.length), items, earlier);
  }
}

/**
 * A derived road's marks as layers (see road-grid-view.ts): red and blue rings, dots or slashes,
 * then the bars that blue marks carry with letters on.
 */
function derivedLayers(road: DerivedRoadName, shown: ColumnWindow, rows: number, cells: readonly DerivedRoadCell[]): SVGTemplateResult[] {
  const red = cells.filter((cell) => cell.color === 'red');
  const blue = cells.filter((cell) => cell.color === 'blue');
  const marks =
    road === 'bigEyeBoy'
      ? [
          ringLayers(shown, rows, [
            { className: 'red', cells: red },
            { className: 'blue', cells: blue },
          ]),
        ]
      : road === 'smallRoad'
        ? [dotLayer('discs red', red), dotLayer('discs blue', blue)]
        : [lineLayer('slash red', red, 'slash'), lineLayer('slash blue', blue, 'slash')];
  return [...marks, lineLayer(road === 'smallRoad' ? 'cue on-disc' : 'cue blue', blue, 'bar')];
}

declare global {
  interface HTMLElementTagNameMap {
    'bacc-derived-road': BaccDerivedRoad;
  }
}
