/**
 * Shared drawing of the roads: a grid of cells in SVG, the window of columns that is shown, and
 * the classic marks (rings, discs, slashes, pair dots) that the grid roads draw as layers (the ask
 * roads' three marks are shapes, `derivedMark` below).
 *
 * SVG or canvas, measured (Chromium 156 headless, Debian, 2 cores, software raster, Lit's
 * production build; main-thread time from setting `.hands` to the painted frame, read from a
 * trace; medians):
 *
 * 1. Marks as a group of shapes per cell, against a canvas prototype drawing the same marks
 *    (redrawn whole on each update), the five grid roads of an 80-hand shoe, quiet machine:
 *                                 SVG groups      canvas
 *      whole shoe at once        13.9–18.1 ms    14.3–17.2 ms
 *      one more hand              3.7–5.4 ms      1.3–1.7 ms
 *    Canvas saved ~3 ms a hand (at a hand every 20 s or so) and nothing on a whole shoe, and
 *    SVG keeps the marks restyled by CSS custom properties and forced colours without script.
 * 2. Neither met the 16 ms target for a whole shoe in bench/display.ts (groups: 26–40 ms, most of
 *    it cloning a template and setting six attributes per mark, then styling and laying out
 *    ~500 elements). A throwaway page drawing 400 rings five times over took ~9–13 ms as groups,
 *    ~2–3 ms as one path per colour, ~5 ms with rings cut by a mask, and ~44 ms on five canvases
 *    (each bitmap allocated and drawn on the main thread).
 * 3. So the marks are layers (below): one path per kind and colour of mark, one subpath per mark.
 *    bench/display.ts, the old and new builds run alternately on a loaded machine (load ~3):
 *                                 groups          layers
 *      first paint, five roads   23.8–27.6 ms    13.9–16.4 ms
 *      one more hand, scoreboard  ~12.6 ms        ~13 ms      (unchanged within the noise: most
 *                                                               of it is the text panels' layout)
 *    The page also holds ~1,200 fewer DOM nodes (bench: 3,477 → 2,282 for a whole scoreboard).
 *
 * Geometry: every cell is a CELL × CELL square in SVG user units, and the SVG is scaled to
 * `--bacc-cell-size` per cell by CSS, so no drawing code needs to know the cell size in pixels.
 * A mark is drawn centred on its cell, in absolute user units, its sizes 50 units times `--_mark-size`.
 */
import { css, html, svg, nothing, type SVGTemplateResult, type TemplateResult } from 'lit';
import type { DerivedRoadName, RoadColor } from '../../src/roads/roads.js';

/** SVG user units per cell side. */
export const CELL = 100;

/** Columns shown while the element has no width to fit columns to (not yet laid out, or hidden). */
export const FALLBACK_COLUMNS = 12;

/** The run of road columns on screen: `count` columns starting at road column `first`. */
export interface ColumnWindow {
  first: number;
  count: number;
}

/**
 * The columns to show for a road `roadWidth` columns wide when `fit` columns fit on screen
 * (null: not measured yet, FALLBACK_COLUMNS are shown). The newest column is always in view:
 * a road wider than the window shows its last `fit` columns.
 * @example columnWindow(30, 12) // { first: 18, count: 12 }
 * @example columnWindow(5, 12) // { first: 0, count: 12 }
 */
export function columnWindow(roadWidth: number, fit: number | null): ColumnWindow {
  const count = Math.max(1, fit ?? FALLBACK_COLUMNS);
  return { first: Math.max(0, roadWidth - count), count };
}

/** Whether a cell at road column `col` is inside the window. */
export function inWindow(shown: ColumnWindow, col: number): boolean {
  return col >= shown.first && col < shown.first + shown.count;
}

/**
 * The light grid of a window as one path: a line around every cell, in user units.
 * @example gridPath({ first: 0, count: 1 }, 1) // 'M0 0V100M100 0V100M0 0H100M0 100H100'
 */
export function gridPath(shown: ColumnWindow, rows: number): string {
  const left = shown.first * CELL;
  const right = (shown.first + shown.count) * CELL;
  const bottom = rows * CELL;
  let path = '';
  for (let col = shown.first; col <= shown.first + shown.count; col++) path += `M${col * CELL} 0V${bottom}`;
  for (let row = 0; row <= rows; row++) path += `M${left} ${row * CELL}H${right}`;
  return path;
}

/** The centre of cell (`col`, `row`) in user units: marks are drawn there in absolute coordinates. */
export function cellCentre(col: number, row: number): { x: number; y: number } {
  return { x: col * CELL + CELL / 2, y: row * CELL + CELL / 2 };
}

/**
 * A road's grid: the SVG (hidden from assistive technology, which reads the text alternative
 * instead), its window of columns, the light grid and the marks; then the probe one cell wide that
 * ColumnFit measures. Marks are drawn at their road columns; the viewBox shows the window.
 */
export function roadGrid(shown: ColumnWindow, rows: number, marks: unknown, cues = false): TemplateResult {
  return html`<svg
      part="grid"
      class="grid ${cues ? 'cues' : ''}"
      aria-hidden="true"
      viewBox="${shown.first * CELL} 0 ${shown.count * CELL} ${rows * CELL}"
      style="--_columns: ${shown.count}; --_rows: ${rows}"
      data-first-col=${shown.first}
      data-columns=${shown.count}
    >
      <path class="grid-lines" d=${gridPath(shown, rows)}></path>
      ${marks}</svg
    ><span class="cell-probe"></span>`;
}

/** A grid cell by road column and row (from 0). */
export interface GridCell {
  col: number;
  row: number;
}

/*
 * The roads draw their marks in layers: one <path> per kind and colour of mark, however many
 * hands, not one group of shapes per cell. Every subpath is one mark, in absolute user units, and
 * CSS still sizes and colours every mark from the tokens:
 * - dots are zero-length subpaths ("M x y h0"): with round caps, each is a disc whose diameter is
 *   the path's stroke width, which CSS sets from `--_mark-size`;
 * - rings are such discs with a smaller disc cut out of each by a mask (a real hole: the road's
 *   surface may be transparent);
 * - slashes, tie slashes and cue bars are lines across a cell (all of a layer the same length:
 *   a diagonal, or a width) on a path whose pathLength is 100 per line, so a dash pattern of
 *   period 100 set in CSS draws the middle part the mark's size calls for on every line alike;
 * - labels are one <text> whose x and y lists place one glyph per cell.
 * Why layers, measured: see the top of this file.
 */

/** Where in its cell a dot goes: the centre, or a pair dot's corner. */
export interface DotOffset {
  dx: number;
  dy: number;
}

const CENTRE: DotOffset = { dx: CELL / 2, dy: CELL / 2 };
/** Pair dots: banker pair at the top left, player pair at the bottom right of the cell. */
export const BANKER_PAIR_DOT: DotOffset = { dx: 15, dy: 15 };
export const PLAYER_PAIR_DOT: DotOffset = { dx: 85, dy: 85 };

/**
 * One zero-length subpath per cell, at `offset` in the cell (its centre by default).
 * @example dotsPath([{ col: 1, row: 2 }]) // 'M150 250h0'
 */
export function dotsPath(cells: readonly GridCell[], offset: DotOffset = CENTRE): string {
  let d = '';
  for (const { col, row } of cells) d += `M${col * CELL + offset.dx} ${row * CELL + offset.dy}h0`;
  return d;
}

/**
 * One line per cell: `slash` from the bottom left corner to the top right, `bar` across the
 * middle. Every line of a path is the same length, so each takes DASH_PERIOD of its pathLength.
 * @example linesPath([{ col: 0, row: 0 }], 'slash') // 'M0 100l100 -100'
 */
export function linesPath(cells: readonly GridCell[], shape: 'slash' | 'bar'): string {
  let d = '';
  for (const { col, row } of cells) {
    d += shape === 'slash' ? `M${col * CELL} ${(row + 1) * CELL}l${CELL} ${-CELL}` : `M${col * CELL} ${row * CELL + CELL / 2}h${CELL}`;
  }
  return d;
}

/** A layer of dots in `className`. */
export function dotLayer(className: string, cells: readonly GridCell[], offset: DotOffset = CENTRE): SVGTemplateResult {
  return svg`<path class="marks ${className}" d=${dotsPath(cells, offset)}></path>`;
}

/** The pathLength each line of a line layer takes: the period of the dash patterns in roadGridStyles. */
export const DASH_PERIOD = 100;

/** A layer of lines in `className` (slash, tie-slash or cue), dashed by CSS to the mark's size. */
export function lineLayer(className: string, cells: readonly GridCell[], shape: 'slash' | 'bar'): SVGTemplateResult {
  return svg`<path class="marks ${className}" d=${linesPath(cells, shape)} pathLength=${cells.length > 0 ? cells.length * DASH_PERIOD : nothing}></path>`;
}

/** The id of a road's ring mask, unique within its element's shadow root. */
export const RING_MASK_ID = 'ring-holes';

/**
 * Rings in one or more colours: discs of each colour with a hole cut in each by one mask
 * (RING_MASK_ID) over the window shown and a cell around it, so that marks larger than their
 * cell (`--bacc-mark-size` above 1) overflow the grid as the other marks do.
 */
export function ringLayers(
  shown: ColumnWindow,
  rows: number,
  layers: readonly { className: string; cells: readonly GridCell[] }[],
): SVGTemplateResult {
  const x = (shown.first - 1) * CELL;
  const y = -CELL;
  const width = (shown.count + 2) * CELL;
  const height = (rows + 2) * CELL;
  const holes = layers.flatMap((layer) => layer.cells);
  return svg`<mask id=${RING_MASK_ID} maskUnits="userSpaceOnUse" x=${x} y=${y} width=${width} height=${height}
      ><rect x=${x} y=${y} width=${width} height=${height} fill="white"></rect><path class="marks ring-holes" d=${dotsPath(holes)}></path></mask
    ><g mask="url(#${RING_MASK_ID})">${layers.map((layer) => dotLayer(`rings ${layer.className}`, layer.cells))}</g>`;
}

/** A cell with the text drawn on it. */
export interface LabelledCell extends GridCell {
  text: string;
}

/**
 * Labels centred on their cells. Labels of one UTF-16 unit (B, 庄, 7: every label the roads draw
 * in English and Chinese) are one <text>, whose x and y lists put each at its cell's centre (each
 * positioned character is its own chunk, so `text-anchor: middle` centres every one); a longer
 * label, which a list would spread over the next cells, gets a <text> of its own. No cell of one
 * unit, no list text.
 */
export function glyphLayer(className: string, cells: readonly LabelledCell[]): SVGTemplateResult {
  let x = '';
  let y = '';
  let text = '';
  const longer: SVGTemplateResult[] = [];
  for (const cell of cells) {
    const cx = cell.col * CELL + CELL / 2;
    const cy = cell.row * CELL + CELL / 2;
    if (cell.text.length !== 1) {
      longer.push(cellLabel(className, cell));
      continue;
    }
    x += `${cx} `;
    y += `${cy} `;
    text += cell.text;
  }
  const glyphs = text === '' ? nothing : svg`<text class="marks ${className}" x=${x.trimEnd()} y=${y.trimEnd()}>${text}</text>`;
  return svg`${glyphs}${longer}`;
}

/** One label centred on its cell, a <text> of its own. */
export function cellLabel(className: string, cell: LabelledCell): SVGTemplateResult {
  return svg`<text class="marks ${className}" x=${cell.col * CELL + CELL / 2} y=${cell.row * CELL + CELL / 2}>${cell.text}</text>`;
}

/** Pair dots: outlines under both, then banker pairs at the top left and player pairs at the bottom right. */
export function pairLayers(bankerPairs: readonly GridCell[], playerPairs: readonly GridCell[]): SVGTemplateResult {
  return svg`<path class="marks pair-outlines" d=${dotsPath(bankerPairs, BANKER_PAIR_DOT) + dotsPath(playerPairs, PLAYER_PAIR_DOT)}></path
    >${dotLayer('pairs banker-pairs', bankerPairs, BANKER_PAIR_DOT)}${dotLayer('pairs player-pairs', playerPairs, PLAYER_PAIR_DOT)}`;
}

/*
 * The ask roads draw three single marks as shapes: a circle at the cell's centre whose radius CSS
 * sets from the tokens, a line across the cell (pathLength 100) dashed like the layers above.
 */

/**
 * The classic mark of a derived road in one colour at centre (`x`, `y`): Big Eye Boy ring, Small
 * Road dot, Cockroach Pig slash; blue carries a bar with the cues on.
 */
export function derivedMark(road: DerivedRoadName, color: RoadColor, x: number, y: number): SVGTemplateResult {
  if (color === 'blue') {
    if (road === 'bigEyeBoy')
      return svg`<circle class="ring" cx=${x} cy=${y}></circle><line class="cue" x1=${x - 50} y1=${y} x2=${x + 50} y2=${y} pathLength="100"></line>`;
    if (road === 'smallRoad')
      return svg`<circle class="disc" cx=${x} cy=${y}></circle><line class="cue" x1=${x - 50} y1=${y} x2=${x + 50} y2=${y} pathLength="100"></line>`;
    return svg`<line class="slash" x1=${x - 50} y1=${y + 50} x2=${x + 50} y2=${y - 50} pathLength="100"></line><line class="cue" x1=${x - 50} y1=${y} x2=${x + 50} y2=${y} pathLength="100"></line>`;
  }
  if (road === 'bigEyeBoy') return svg`<circle class="ring" cx=${x} cy=${y}></circle>`;
  if (road === 'smallRoad') return svg`<circle class="disc" cx=${x} cy=${y}></circle>`;
  return svg`<line class="slash" x1=${x - 50} y1=${y + 50} x2=${x + 50} y2=${y - 50} pathLength="100"></line>`;
}

/*
 * The roads' stylesheet. Its notes are here, not in it: a css`` literal ships as written, comments
 * and all, and they were 0.2 KB of the road's gzip (within its 15 KB budget only without them).
 * - :host(:focus-visible): the roads hold no controls; a page that makes one focusable (tabindex) gets a visible ring.
 * - .grid forced-color-adjust: colours come from the tokens, which switch to system colours in forced-colours mode.
 * - path.marks: sizes in the units of a 100-unit cell, times the mark's size: no transform per mark.
 * - .rings, .discs: a layer of dots, each zero-length subpath a disc as wide as the stroke.
 * - .ring-holes: cut out of the rings' discs by their mask (black hides).
 * - .slash, .tie-slash, .cue: lines span the cell (pathLength 100 per line); the dash is the part the mark covers, in a period of 100.
 * - .letter, .cue: letters and cues are off unless asked for, always on where colours are forced.
 * - .cues .tie-slash: with letters the tie slash is drawn as its two ends, a gap of half the cell around the letter.
 */
/**
 * Styles of the grid and the marks. Private tokens map from public `--bacc-*` ones; sizes of
 * marks are fractions of the cell, so a theme changes `--bacc-cell-size` alone to scale a road.
 */
export const roadGridStyles = css`
  :host {
    display: block;
    --_red: var(--bacc-red-color, var(--_banker));
    --_blue: var(--bacc-blue-color, var(--_player));
    --_mark-size: var(--bacc-mark-size, 0.84);
    --_mark-stroke: var(--bacc-mark-stroke, 0.15);
    --_pair-dot-size: var(--bacc-pair-dot-size, 0.28);
    --_mark-outline: var(--bacc-mark-outline-color, var(--bacc-surface-color, #fff));
    --_grid-line-width: var(--bacc-grid-line-width, 1px);
  }
  :host(:focus-visible) {
    outline: 2px solid var(--_focus);
    outline-offset: 2px;
  }
  .grid {
    display: block;
    width: calc(var(--_cell) * var(--_columns));
    height: calc(var(--_cell) * var(--_rows));
    overflow: visible;
    background: var(--_surface);
    forced-color-adjust: none;
  }
  .cell-probe {
    position: absolute;
    width: var(--_cell);
    height: 0;
    visibility: hidden;
    pointer-events: none;
  }
  .grid-lines {
    fill: none;
    stroke: var(--_grid-line);
    stroke-width: var(--_grid-line-width);
    vector-effect: non-scaling-stroke;
    shape-rendering: crispEdges;
  }
  .B {
    color: var(--_banker);
  }
  .P {
    color: var(--_player);
  }
  .T {
    color: var(--_tie);
  }
  .red {
    color: var(--_red);
  }
  .blue {
    color: var(--_blue);
  }
  path.marks {
    fill: none;
    stroke-linecap: round;
  }
  .rings,
  .discs {
    stroke: currentColor;
    stroke-width: calc(100px * var(--_mark-size));
  }
  .ring-holes {
    stroke: #000;
    stroke-width: calc((100px - var(--_mark-stroke) * 200px) * var(--_mark-size));
  }
  .pair-outlines {
    stroke: var(--_mark-outline);
    stroke-width: calc(var(--_pair-dot-size) * 100px + 5px);
  }
  .pairs {
    stroke-width: calc(var(--_pair-dot-size) * 100px - 5px);
  }
  .banker-pairs {
    stroke: var(--_banker);
  }
  .player-pairs {
    stroke: var(--_player);
  }
  .ring {
    fill: none;
    stroke: currentColor;
    stroke-width: calc(var(--_mark-stroke) * 100px * var(--_mark-size));
    r: calc((50px - var(--_mark-stroke) * 50px) * var(--_mark-size));
  }
  .disc {
    fill: currentColor;
    r: calc(50px * var(--_mark-size));
  }
  .slash,
  .tie-slash,
  .cue {
    stroke: currentColor;
    stroke-linecap: round;
  }
  .slash {
    stroke-width: calc(var(--_mark-stroke) * 130px * var(--_mark-size));
    stroke-dasharray: calc(76px * var(--_mark-size)) calc(100px - 76px * var(--_mark-size));
    stroke-dashoffset: calc(38px * var(--_mark-size) - 50px);
  }
  .tie-slash {
    stroke: var(--_tie);
    stroke-width: calc(var(--_mark-stroke) * 80px * var(--_mark-size));
    stroke-dasharray: calc(92px * var(--_mark-size)) calc(100px - 92px * var(--_mark-size));
    stroke-dashoffset: calc(46px * var(--_mark-size) - 50px);
  }
  .cues .tie-slash {
    stroke-dasharray: calc(46px * var(--_mark-size) - 25px) 50px calc(46px * var(--_mark-size) - 25px)
      calc(100px - 92px * var(--_mark-size));
  }
  text {
    font-family: var(--_font);
    font-weight: 700;
    text-anchor: middle;
    dominant-baseline: central;
  }
  .label {
    fill: var(--_mark-text);
    font-size: calc(58px * var(--_mark-size));
  }
  .letter,
  .cue {
    display: none;
  }
  .cues .letter,
  .cues .cue {
    display: inline;
  }
  .cue {
    stroke-width: calc(var(--_mark-stroke) * 100px * var(--_mark-size));
    stroke-dasharray: calc(52px * var(--_mark-size)) calc(100px - 52px * var(--_mark-size));
    stroke-dashoffset: calc(26px * var(--_mark-size) - 50px);
  }
  .disc ~ .cue,
  .cue.on-disc {
    stroke: var(--_mark-text);
  }
  @media (forced-colors: active) {
    :host {
      --_mark-text: Canvas;
      --_mark-outline: Canvas;
    }
    .letter,
    .cue {
      display: inline;
    }
    .tie-slash {
      stroke-dasharray: calc(46px * var(--_mark-size) - 25px) 50px calc(46px * var(--_mark-size) - 25px)
        calc(100px - 92px * var(--_mark-size));
    }
  }
`;
