/**
 * The small big-road picture of a history row, drawn from a shoe summary's outcome string alone
 * (no hands are read for a history page).
 *
 * Why one SVG with three paths: a page shows 20 of these, and the 300 ms budget for the first page
 * of history includes them. A path per colour (banker rings, player rings, tie slashes) is three
 * elements per thumbnail however long the shoe, against ~70 for a group per cell as the full
 * <bacc-big-road> draws, and needs no canvas drawn after render.
 */
import { html, type TemplateResult } from 'lit';
import { computeRoads, handsFromOutcomes, type BigRoadSnapshot } from '../src/roads.js';

/** Side of a thumbnail cell in SVG user units (and CSS pixels at its natural size). */
export const THUMBNAIL_CELL = 8;

/** The three paths of a thumbnail: banker rings, player rings, tie slashes. */
export interface ThumbnailPaths {
  banker: string;
  player: string;
  ties: string;
  /** Columns drawn (at least 1). */
  columns: number;
}

/**
 * The thumbnail's paths from a string of outcomes.
 * @example thumbnailPaths('BP').columns // 2
 */
export function thumbnailPaths(outcomes: string, rows = 6): ThumbnailPaths {
  const bigRoad: BigRoadSnapshot = computeRoads(handsFromOutcomes(outcomes), { rows }).bigRoad;
  const half = THUMBNAIL_CELL / 2;
  const radius = THUMBNAIL_CELL * 0.36;
  let banker = '';
  let player = '';
  let ties = '';
  let columns = 1;
  // A ring as two half-circle arcs: a path cannot draw a full circle with one arc.
  const ringAt = (x: number, y: number) => `M${x - radius} ${y}a${radius} ${radius} 0 1 0 ${2 * radius} 0a${radius} ${radius} 0 1 0 ${-2 * radius} 0`;
  const slashAt = (x: number, y: number) => `M${x - radius} ${y + radius}L${x + radius} ${y - radius}`;
  bigRoad.cells.forEach((cell, index) => {
    const x = cell.col * THUMBNAIL_CELL + half;
    const y = cell.row * THUMBNAIL_CELL + half;
    if (cell.side === 'B') banker += ringAt(x, y);
    else player += ringAt(x, y);
    if (cell.ties > 0 || (index === 0 && bigRoad.leadingTies > 0)) ties += slashAt(x, y);
    columns = Math.max(columns, cell.col + 1);
  });
  if (bigRoad.cells.length === 0 && bigRoad.leadingTies > 0) ties += slashAt(half, half);
  return { banker, player, ties, columns };
}

/** The thumbnail as an SVG template, decorative (the row's counts say the same in words). */
export function bigRoadThumbnail(outcomes: string, rows = 6): TemplateResult {
  const { banker, player, ties, columns } = thumbnailPaths(outcomes, rows);
  const width = columns * THUMBNAIL_CELL;
  const height = rows * THUMBNAIL_CELL;
  return html`<svg class="thumbnail" part="thumbnail" aria-hidden="true" viewBox="0 0 ${width} ${height}" width=${width} height=${height}
    ><path class="banker" d=${banker}></path><path class="player" d=${player}></path><path class="ties" d=${ties}></path></svg>`;
}
