/**
 * The roads as plain text for a terminal (`bacc roads --text`): one block per road, one line per
 * grid row, every cell the same width so the columns line up.
 */
import type { AskRoad, RoadColor, RoadsSnapshot } from './roads.js';

/** What an empty cell prints as. */
const EMPTY = '.';

const ROAD_TITLES: readonly [keyof AskRoad, string][] = [
  ['bigEyeBoy', 'Big Eye Boy'],
  ['smallRoad', 'Small Road'],
  ['cockroachPig', 'Cockroach Pig'],
];

/**
 * Prints the five roads and the ask road. Bead plate: B, P, T; big road: B or P, followed by `/`
 * for one tie on the cell or the count for more; derived roads: r (red) and b (blue); `.` empty.
 * @example roadsToText(computeRoads(handsFromOutcomes('BBPT'))).split('\n').slice(0, 3) // ['Bead Plate (4 hands)', 'B', 'B']
 */
export function roadsToText(roads: RoadsSnapshot): string {
  const lines: string[] = [];
  const hands = roads.beadPlate.length;
  lines.push(`Bead Plate (${hands} ${hands === 1 ? 'hand' : 'hands'})`);
  lines.push(
    ...drawGrid(
      roads.beadPlate.map((cell) => ({ ...cell, label: cell.outcome })),
      roads.rows,
    ),
  );

  const leading = roads.bigRoad.leadingTies;
  lines.push('', leading === 0 ? 'Big Road' : `Big Road (${leading} leading ${leading === 1 ? 'tie' : 'ties'})`);
  lines.push(
    ...drawGrid(
      roads.bigRoad.cells.map((cell) => ({
        ...cell,
        label: cell.side + (cell.ties === 0 ? '' : cell.ties === 1 ? '/' : String(cell.ties)),
      })),
      roads.rows,
    ),
  );

  for (const [name, title] of ROAD_TITLES) {
    lines.push('', title);
    lines.push(
      ...drawGrid(
        roads[name].cells.map((cell) => ({ ...cell, label: cell.color === 'red' ? 'r' : 'b' })),
        roads.rows,
      ),
    );
  }

  const ask = (road: AskRoad): string => ROAD_TITLES.map(([name, title]) => `${title} ${colorWord(road[name])}`).join(', ');
  lines.push('', `If banker next: ${ask(roads.predictions.B)}`, `If player next: ${ask(roads.predictions.P)}`);
  return `${lines.join('\n')}\n`;
}

function colorWord(color: RoadColor | null): string {
  return color ?? '-';
}

/** Lays labelled cells on a grid of `rows` rows, padding every cell to the widest label. */
function drawGrid(cells: readonly { col: number; row: number; label: string }[], rows: number): string[] {
  if (cells.length === 0) return ['(empty)'];
  let width = 0;
  let cellWidth = EMPTY.length;
  for (const cell of cells) {
    width = Math.max(width, cell.col + 1);
    cellWidth = Math.max(cellWidth, cell.label.length);
  }
  const grid = Array.from({ length: rows }, () => new Array<string>(width).fill(EMPTY));
  for (const cell of cells) grid[cell.row]![cell.col] = cell.label;
  // Trailing spaces are trimmed so the text is stable to compare and to paste.
  return grid.map((line) =>
    line
      .map((label) => label.padEnd(cellWidth))
      .join(' ')
      .trimEnd(),
  );
}
