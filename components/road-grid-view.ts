/**
 * Shared drawing of the roads: a grid of cells in SVG, the window of columns that is shown, and
 * the classic marks (rings, discs, slashes, pair dots) that every road element draws.
 *
 * Why SVG and not canvas, measured: Chromium 156 headless (Debian, 2 cores, software raster), Lit's
 * production build, the five grid roads of an 80-hand shoe at 840px wide, 28px cells, against a
 * canvas prototype drawing the same marks (redrawn whole on each update, as canvas is used).
 * Main-thread time = script until every element has updated + the next frame's style, layout,
 * paint and commit (requestAnimationFrame to the next task); medians of 41 runs, three runs on a
 * quiet machine:
 *
 *                        SVG (these elements,   canvas prototype
 *                        before the change below)
 *   whole shoe at once        13.9–18.1 ms        14.3–17.2 ms
 *   one more hand              3.7–5.4 ms          1.3–1.7 ms
 *
 * (While other test runs loaded the machine: whole shoe 20–49 against 17–37 ms, one more hand
 * 6–15 against 1.5–3.7 ms.) Canvas is ~3 ms cheaper per hand, at a hand every 20 s or so and
 * within a frame either way; SVG costs no more for a whole shoe and keeps every mark in the DOM,
 * where CSS custom properties and forced colours restyle it without script, parts and data
 * attributes expose it, and text stays text. So SVG.
 * (Measured with a throwaway web-test-runner page mounting both side by side.)
 *
 * Drawing cost, bench/display.ts (the five roads of an 80-hand shoe, main-thread work from setting
 * `.hands` to the painted frame; one more hand on the whole <bacc-scoreboard>), medians, the same
 * 2-core machine under the same (noisy, load average ~2) conditions, old and new runs back to back:
 *
 *                                   before       after
 *   first paint, five roads     40–66 ms    27–43 ms   (pairs run back to back: 58→41, 43→27, 66→42)
 *   one more hand, scoreboard    10–14 ms    10–13 ms   (unchanged within the noise: most of its
 *                                                        layout is in the other panels)
 *
 * Before, each mark was a group with a `transform` attribute around a group with a CSS transform
 * (scale by `--_mark-size`), every mark with its own transform paint property nodes, several Lit
 * child parts per mark, and ColumnFit rendered twelve fallback columns first and then again once
 * the ResizeObserver reported. Now each mark is one group in absolute user units (below) with one
 * static template per kind of mark and attribute bindings, and ColumnFit measures once, before
 * the first render, so the first render already shows the columns that fit.
 *
 * Geometry: every cell is a CELL × CELL square in SVG user units, and the SVG is scaled to
 * `--bacc-cell-size` per cell by CSS, so no drawing code needs to know the cell size in pixels.
 * A mark is drawn centred on its cell, in absolute user units, its sizes 50 units times `--_mark-size`.
 */
import { css, html, svg, nothing, type SVGTemplateResult, type TemplateResult } from 'lit';
import type { DerivedRoadName, RoadColor } from '../src/roads.js';

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
    ><path class="grid-lines" d=${gridPath(shown, rows)}></path>${marks}</svg
    ><span class="cell-probe"></span>`;
}

/*
 * Marks are drawn in absolute user units, one group per cell and no transforms: a circle at the
 * cell's centre whose radius CSS sets from the tokens; a line across the whole cell (pathLength
 * 100) of which CSS dashes the middle part the mark's size calls for. So `--bacc-mark-size` and
 * `--bacc-mark-stroke` still restyle the marks without script, and no mark gets a transform of its
 * own. The templates below are static per shape, with attribute bindings only.
 */

/**
 * The classic mark of a derived road in one colour at centre (`x`, `y`): Big Eye Boy ring, Small
 * Road dot, Cockroach Pig slash; blue carries a bar with the cues on.
 */
export function derivedMark(road: DerivedRoadName, color: RoadColor, x: number, y: number): SVGTemplateResult {
  if (color === 'blue') {
    if (road === 'bigEyeBoy') return svg`<circle class="ring" cx=${x} cy=${y}></circle><line class="cue" x1=${x - 50} y1=${y} x2=${x + 50} y2=${y} pathLength="100"></line>`;
    if (road === 'smallRoad') return svg`<circle class="disc" cx=${x} cy=${y}></circle><line class="cue" x1=${x - 50} y1=${y} x2=${x + 50} y2=${y} pathLength="100"></line>`;
    return svg`<line class="slash" x1=${x - 50} y1=${y + 50} x2=${x + 50} y2=${y - 50} pathLength="100"></line><line class="cue" x1=${x - 50} y1=${y} x2=${x + 50} y2=${y} pathLength="100"></line>`;
  }
  if (road === 'bigEyeBoy') return svg`<circle class="ring" cx=${x} cy=${y}></circle>`;
  if (road === 'smallRoad') return svg`<circle class="disc" cx=${x} cy=${y}></circle>`;
  return svg`<line class="slash" x1=${x - 50} y1=${y + 50} x2=${x + 50} y2=${y - 50} pathLength="100"></line>`;
}

/**
 * Pair dots of the cell whose top left corner is (`left`, `top`): banker pair red at the top left,
 * player pair blue at the bottom right.
 */
export function pairDots(bankerPair: boolean, playerPair: boolean, left: number, top: number): SVGTemplateResult | typeof nothing {
  if (bankerPair && playerPair) {
    return svg`<circle class="pair banker-pair" cx=${left + 15} cy=${top + 15} r="13" data-pair="B"></circle><circle class="pair player-pair" cx=${left + 85} cy=${top + 85} r="13" data-pair="P"></circle>`;
  }
  if (bankerPair) return svg`<circle class="pair banker-pair" cx=${left + 15} cy=${top + 15} r="13" data-pair="B"></circle>`;
  if (playerPair) return svg`<circle class="pair player-pair" cx=${left + 85} cy=${top + 85} r="13" data-pair="P"></circle>`;
  return nothing;
}

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
    --_mark-text: var(--bacc-mark-text-color, #fff);
    --_mark-outline: var(--bacc-mark-outline-color, var(--bacc-surface-color, #fff));
    --_grid-line-width: var(--bacc-grid-line-width, 1px);
  }
  /* The roads hold no controls; a page that makes one focusable (tabindex) gets a visible ring. */
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
    /* Colours come from the tokens, which switch to system colours in forced-colours mode. */
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
  /* Sizes in the units of a 100-unit cell, times the mark's size: no transform per mark. */
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
  /* Lines span the cell (pathLength 100); the dash is the part the mark covers. */
  .slash,
  .tie-slash,
  .cue {
    stroke: currentColor;
    stroke-linecap: round;
  }
  .slash {
    stroke-width: calc(var(--_mark-stroke) * 130px * var(--_mark-size));
    stroke-dasharray: calc(76px * var(--_mark-size)) 200px;
    stroke-dashoffset: calc(38px * var(--_mark-size) - 50px);
  }
  .tie-slash {
    stroke: var(--_tie);
    stroke-width: calc(var(--_mark-stroke) * 80px * var(--_mark-size));
    stroke-dasharray: calc(92px * var(--_mark-size)) 200px;
    stroke-dashoffset: calc(46px * var(--_mark-size) - 50px);
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
  .pair {
    stroke: var(--_mark-outline);
    stroke-width: 5px;
    r: calc(var(--_pair-dot-size) * 50px);
  }
  .banker-pair {
    fill: var(--_banker);
  }
  .player-pair {
    fill: var(--_player);
  }
  /* Letters and cues: off unless asked for, always on where colours are forced. */
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
    stroke-dasharray: calc(52px * var(--_mark-size)) 200px;
    stroke-dashoffset: calc(26px * var(--_mark-size) - 50px);
  }
  .disc ~ .cue {
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
  }
`;
