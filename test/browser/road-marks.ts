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
  while ((match = subpath.exec(d)) !== null) {
    const x = Number(match[1]);
    const y = Number(match[2]);
    if (match[3] === 'h0') cells.push(cellOf(x, y));
    else if (match[3] === 'h100') cells.push(cellOf(x + CELL / 2, y));
    else cells.push(cellOf(x + CELL / 2, y - CELL / 2));
  }
  if (subpath.lastIndex !== 0 || (cells.length === 0 && d !== '')) throw new Error(`unexpected path data: ${d}`);
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
  if (glyphs.length !== xs.length || ys.length !== xs.length) throw new Error(`${glyphs.length} glyphs for ${xs.length} x and ${ys.length} y positions`);
  return glyphs.map((glyph, index) => ({ cell: cellOf(xs[index]!, ys[index]!), text: glyph }));
}

/** Whether an element is drawn (not display: none, directly or through an ancestor). */
export function isDrawn(element: Element): boolean {
  return element.getBoundingClientRect().width > 0;
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
