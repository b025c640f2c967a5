/**
 * Reads what a road element draws: its marks are layers (one path per kind and colour of mark,
 * one subpath per mark; one text per kind of label, one glyph per cell), see
 * components/road-grid-view.ts. These helpers turn a layer back into the grid cells it marks.
 */

/** The SVG user units of one grid cell (road-grid-view.ts's CELL). */
const CELL = 100;

/** A mark's cell as "col,row". */
export type CellKey = `${number},${number}`;

const cellOf = (x: number, y: number): CellKey => `${Math.floor(x / CELL)},${Math.floor(y / CELL)}`;

/**
 * The cells of a path layer's subpaths, in the order drawn: a dot ("M x y h0") is in the cell of
 * its point; a slash ("M x y l100 -100") and a bar ("M x y h100") in the cell of their midpoint.
 * Throws on a subpath of any other shape, so that a change of drawing shows up here.
 */
export function layerCells(layer: Element | null): CellKey[] {
  if (layer === null) throw new Error('no such layer');
  const d = layer.getAttribute('d') ?? '';
  const cells: CellKey[] = [];
  const subpath = /M(-?[\d.]+) (-?[\d.]+)(h0|l100 -100|h100)/y;
  let match: RegExpExecArray | null;
  let end = 0;
  while ((match = subpath.exec(d)) !== null) {
    end = subpath.lastIndex;
    const x = Number(match[1]);
    const y = Number(match[2]);
    if (match[3] === 'h0') cells.push(cellOf(x, y));
    else if (match[3] === 'h100') cells.push(cellOf(x + CELL / 2, y));
    else cells.push(cellOf(x + CELL / 2, y - CELL / 2));
  }
  // A failed sticky match resets lastIndex: where the last match ended tells whether all was read.
  if (end !== d.length) throw new Error(`unexpected path data at ${end}: ${d}`);
  return cells;
}

/** Where a dot of a layer sits inside its cell, in user units from the cell's top left corner. */
export function dotOffsets(layer: Element): { x: number; y: number }[] {
  const d = layer.getAttribute('d') ?? '';
  return [...d.matchAll(/M(-?[\d.]+) (-?[\d.]+)h0/g)].map((match) => ({ x: Number(match[1]) % CELL, y: Number(match[2]) % CELL }));
}

/** A label as drawn: its cell and its text. */
export interface DrawnLabel {
  cell: CellKey;
  text: string;
}

/**
 * The labels of a text layer: one glyph per cell when the text has x and y lists, the whole text
 * in one cell when it has a single position.
 */
export function textLabels(text: Element): DrawnLabel[] {
  const xs = (text.getAttribute('x') ?? '').split(' ').filter(Boolean).map(Number);
  const ys = (text.getAttribute('y') ?? '').split(' ').filter(Boolean).map(Number);
  const content = text.textContent ?? '';
  if (xs.length === 1) return [{ cell: cellOf(xs[0]!, ys[0]!), text: content }];
  const glyphs = [...content];
  if (glyphs.length !== xs.length || ys.length !== xs.length)
    throw new Error(`${glyphs.length} glyphs for ${xs.length} x and ${ys.length} y positions`);
  return glyphs.map((glyph, index) => ({ cell: cellOf(xs[index]!, ys[index]!), text: glyph }));
}

/** Whether an element is drawn (not display: none or hidden, directly or through an ancestor). */
export function isDrawn(element: Element): boolean {
  return element.checkVisibility();
}

/** Sorts cell notations like "B(4,5)/1" by column, then row: the order the layers cannot keep across colours. */
export function byColumn(cells: readonly string[]): string[] {
  const key = (cell: string): [number, number] => {
    const match = /\((\d+),(\d+)\)/.exec(cell);
    if (match === null) throw new Error(`no (col,row) in ${cell}`);
    return [Number(match[1]), Number(match[2])];
  };
  return [...cells].sort((a, b) => {
    const [ac, ar] = key(a);
    const [bc, br] = key(b);
    return ac - bc || ar - br;
  });
}

/** A point a fraction `t` along the line a line layer draws across `cell` (a slash from the bottom left, a bar from the left). */
export function pointAlong(cell: CellKey, shape: 'slash' | 'bar', t: number): DOMPoint {
  const [col, row] = cell.split(',').map(Number) as [number, number];
  return shape === 'slash'
    ? new DOMPoint(col * CELL + CELL * t, (row + 1) * CELL - CELL * t)
    : new DOMPoint(col * CELL + CELL * t, row * CELL + CELL / 2);
}

/**
 * Which parts of each line of a line layer are painted, probed with isPointInStroke: the middle
 * (where the dash is) and near each end (in the gap). A mark drawn to its size is
 * "middle" for every line; an undashed line would be "whole".
 */
export function linePaint(layer: SVGGeometryElement, shape: 'slash' | 'bar'): string[] {
  return layerCells(layer).map((cell) => {
    const at = (t: number) => layer.isPointInStroke(pointAlong(cell, shape, t));
    const [start, middle, end] = [at(0.06), at(0.5), at(0.94)];
    return middle && !start && !end ? 'middle' : middle && start && end ? 'whole' : `start ${start}, middle ${middle}, end ${end}`;
  });
}

/**
 * The cells with pair dots, banker and player, each dot checked to sit in its corner of the cell
 * (banker pairs top left, player pairs bottom right); throws on a dot elsewhere.
 */
export function pairDotCells(root: ParentNode): { banker: CellKey[]; player: CellKey[] } {
  const corner = (selector: string, inCorner: (x: number, y: number) => boolean, where: string): CellKey[] => {
    const layer = root.querySelector(selector);
    if (layer === null) throw new Error(`no ${selector}`);
    if (!dotOffsets(layer).every(({ x, y }) => inCorner(x, y))) throw new Error(`a ${selector} dot is not at the ${where} of its cell`);
    return layerCells(layer);
  };
  return {
    banker: corner('.banker-pairs', (x, y) => x < CELL / 2 && y < CELL / 2, 'top left'),
    player: corner('.player-pairs', (x, y) => x > CELL / 2 && y > CELL / 2, 'bottom right'),
  };
}
