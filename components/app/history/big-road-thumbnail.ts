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
import { msg, str } from '@lit/localize';
import { RoadGrid } from '../../../src/roads/grid.js';
import { columnCount, joinParts, roadName, roadSummary, tieCount } from '../shared/road-words.js';

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
  const { marks, leadingTies, columns } = thumbnailMarks(outcomes, rows);
  let banker = '';
  let player = '';
  let ties = '';
  // Whole numbers only, and each ring's arcs one constant string: 20 thumbnails drawn cold for the
  // first page of history took ~4–7 ms with a radius of 2.88 (every coordinate a decimal to format)
  // against ~1.7 ms this way, in 40 % less path text. A ring is two half-circle arcs of radius 3 from
  // its left edge (one arc cannot draw a full circle); a tie slash rises across it.
  for (const mark of marks) {
    const left = mark.col * THUMBNAIL_CELL + RING_INSET;
    const middle = mark.row * THUMBNAIL_CELL + THUMBNAIL_CELL / 2;
    const ring = `M${left} ${middle}${RING_ARCS}`;
    if (mark.side === 'B') banker += ring;
    else player += ring;
    if (mark.tied) ties += `M${left} ${middle + RING_RADIUS}${SLASH}`;
  }
  if (marks.length === 0 && leadingTies) ties += `M${RING_INSET} ${THUMBNAIL_CELL / 2 + RING_RADIUS}${SLASH}`;
  return { banker, player, ties, columns };
}

const RING_RADIUS = 3;
/** From a cell's left edge to its ring's: a whole number while THUMBNAIL_CELL is even. */
const RING_INSET = THUMBNAIL_CELL / 2 - RING_RADIUS;
const RING_ARCS = `a${RING_RADIUS} ${RING_RADIUS} 0 1 0 ${2 * RING_RADIUS} 0a${RING_RADIUS} ${RING_RADIUS} 0 1 0 ${-2 * RING_RADIUS} 0`;
const SLASH = `l${2 * RING_RADIUS} ${-2 * RING_RADIUS}`;

/** One ring of a thumbnail: where the big road draws it, its side, and whether a tie slash crosses it. */
export interface ThumbnailMark {
  col: number;
  row: number;
  side: 'B' | 'P';
  tied: boolean;
}

/**
 * Where the big road puts each banker or player hand of `outcomes`, with its tie slash (leading
 * ties on the first cell, as the big road draws them).
 *
 * The big road's grid alone, placed straight from the outcome string: a RoadTracker would also
 * keep statistics and the three derived roads, which a row never shows, and cold (the first page
 * of a freshly opened history) that cost about 35 ms for 20 rows against about 2 ms this way.
 */
export function thumbnailMarks(outcomes: string, rows = 6): { marks: ThumbnailMark[]; leadingTies: boolean; columns: number } {
  const grid = new RoadGrid(rows);
  const tied: boolean[] = [];
  let leadingTies = false;
  for (const outcome of outcomes) {
    if (outcome === 'T') {
      if (grid.count === 0) leadingTies = true;
      else tied[grid.count - 1] = true;
    } else if (outcome === 'B' || outcome === 'P') {
      grid.place(outcome === 'B' ? BANKER_MARK : PLAYER_MARK);
    }
  }
  const marks: ThumbnailMark[] = [];
  for (let index = 0; index < grid.count; index++) {
    marks.push({
      col: grid.colOf(index),
      row: grid.rowOf(index),
      side: grid.valueOf(index) === BANKER_MARK ? 'B' : 'P',
      tied: tied[index] === true || (index === 0 && leadingTies),
    });
  }
  return { marks, leadingTies, columns: Math.max(1, grid.width) };
}

const BANKER_MARK = 1;
const PLAYER_MARK = 2;

/**
 * The thumbnail's text alternative, in the words of <bacc-big-road>'s own: its columns, each a side
 * and a length ("Big Road, 2 columns: column 1 banker 3; column 2 player 1").
 * @example thumbnailDescription('BBBP') // 'Big Road, 2 columns: column 1 banker 3; column 2 player 1'
 */
export function thumbnailDescription(outcomes: string): string {
  const runs: { side: 'B' | 'P'; length: number; ties: number }[] = [];
  let leadingTies = 0;
  for (const outcome of outcomes) {
    const last = runs[runs.length - 1];
    if (outcome === 'T') {
      if (last) last.ties++;
      else leadingTies++;
    } else if (outcome === 'B' || outcome === 'P') {
      if (last?.side === outcome) last.length++;
      else runs.push({ side: outcome, length: 1, ties: 0 });
    }
  }
  const items = runs.map(({ side, length, ties }, index) => {
    const n = index + 1;
    const parts = [
      side === 'B'
        ? msg(str`column ${n} banker ${length}`, { id: 'big-road-column-banker' })
        : msg(str`column ${n} player ${length}`, { id: 'big-road-column-player' }),
    ];
    if (ties > 0) parts.push(tieCount(ties));
    return joinParts(parts);
  });
  const heading = [columnCount(runs.length)];
  if (leadingTies > 0) {
    const ties = tieCount(leadingTies);
    heading.push(msg(str`${ties} before the first column`, { id: 'big-road-leading-ties' }));
    if (items.length === 0) items.push(ties);
  }
  return roadSummary(roadName('bigRoad'), joinParts(heading), items);
}

/** The thumbnail as an SVG picture, with its columns in words for screen readers. */
export function bigRoadThumbnail(outcomes: string, rows = 6): TemplateResult {
  const { banker, player, ties, columns } = thumbnailPaths(outcomes, rows);
  const width = columns * THUMBNAIL_CELL;
  const height = rows * THUMBNAIL_CELL;
  return html`<svg
    class="thumbnail"
    part="thumbnail"
    role="img"
    aria-label=${thumbnailDescription(outcomes)}
    viewBox="0 0 ${width} ${height}"
    width=${width}
    height=${height}
  >
    <path class="banker" d=${banker}></path>
    <path class="player" d=${player}></path>
    <path class="ties" d=${ties}></path>
  </svg>`;
}
