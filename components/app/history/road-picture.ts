/**
 * A picture of a shoe's roads for the PNG export: a title line, the Bead Plate, the Big Road (rings,
 * tie slashes with counts, pair dots) and the three derived roads, drawn on a 2D canvas from
 * `computeRoads(hands)`, with the note that past results do not predict the next hand.
 *
 * Canvas rather than a serialised SVG: `canvas.toBlob` gives a PNG directly, while an SVG would have
 * to be loaded into an <img> and drawn onto a canvas anyway, and would lose the page's fonts.
 */
import { msg, str } from '@lit/localize';
import { computeRoads, type BigRoadCell, type DerivedRoadName, type RoadsSnapshot } from '../../../src/roads/roads.js';
import type { HandRecord } from '../../../src/shoes/document.js';
import type { TableRules } from '../../../src/game/rules.js';
import { DEFAULT_COLORS } from '../../styles/theme.js';
import { outcomeLetter, roadName } from '../shared/road-words.js';

/** The picture could not be made; the message says so in words for the screen. */
export class PictureError extends Error {
  override name = 'PictureError';
}

/** The colours of the picture: CSS colours a canvas understands. */
export interface RoadPictureColors {
  banker: string;
  player: string;
  tie: string;
  /** Big Eye Boy, Small Road and Cockroach Pig red marks. */
  red: string;
  blue: string;
  background: string;
  text: string;
  gridLine: string;
}

/** The defaults of theme.ts, on a white page: a PNG needs an opaque background. */
export const DEFAULT_PICTURE_COLORS: Readonly<RoadPictureColors> = {
  banker: DEFAULT_COLORS.banker,
  player: DEFAULT_COLORS.player,
  tie: DEFAULT_COLORS.tie,
  red: DEFAULT_COLORS.banker,
  blue: DEFAULT_COLORS.player,
  background: '#ffffff',
  text: '#1a1a1a',
  gridLine: '#d0d0d0',
};

/** Where a road was drawn, in CSS pixels of the picture (multiply by `scale` for canvas pixels). */
export interface PictureSection {
  x: number;
  y: number;
  width: number;
  height: number;
  cell: number;
}

export type PictureSectionName = 'beadPlate' | 'bigRoad' | DerivedRoadName;

export interface RoadPictureOptions {
  /** Table name for the title line. */
  table?: string;
  /** When the shoe started (ISO-8601), for the title line. */
  startedAt?: string;
  rules?: TableRules;
  /** Road rows (default 6). */
  rows?: number;
  /** Canvas pixels per CSS pixel (default 2: sharp on a phone or a print). */
  scale?: number;
  /** Colours; by default read from `colorSource` (see `pictureColors`). */
  colors?: Partial<RoadPictureColors>;
  /** The element whose `--bacc-*` custom properties give the colours (default: the document). */
  colorSource?: Element;
}

/** A drawn picture: the canvas and where each road is on it. */
export interface RoadPicture {
  canvas: HTMLCanvasElement;
  scale: number;
  sections: Record<PictureSectionName, PictureSection>;
}

const PADDING = 16;
const BIG_CELL = 22;
const SMALL_CELL = 12;
const LABEL_HEIGHT = 20;
const GAP = 14;
const MIN_WIDTH = 420;

/**
 * The page's road colours from its `--bacc-*` custom properties, each falling back to the default
 * when unset or not a colour a canvas can draw (a `var()` left unresolved, say).
 */
export function pictureColors(source: Element = document.documentElement): RoadPictureColors {
  const style = getComputedStyle(source);
  const probe = document.createElement('canvas').getContext('2d');
  const read = (property: string, fallback: string): string => {
    const value = style.getPropertyValue(property).trim();
    if (!value || !probe) return fallback;
    // A canvas ignores a colour it cannot parse and keeps the one before: set two different colours
    // first, and the value is readable only when both end up the same.
    probe.fillStyle = '#000000';
    probe.fillStyle = value;
    const afterBlack = String(probe.fillStyle);
    probe.fillStyle = '#ffffff';
    probe.fillStyle = value;
    return afterBlack === String(probe.fillStyle) ? value : fallback;
  };
  const banker = read('--bacc-banker-color', DEFAULT_PICTURE_COLORS.banker);
  const player = read('--bacc-player-color', DEFAULT_PICTURE_COLORS.player);
  const background = read('--bacc-background', DEFAULT_PICTURE_COLORS.background);
  return {
    banker,
    player,
    tie: read('--bacc-tie-color', DEFAULT_PICTURE_COLORS.tie),
    red: read('--bacc-red-color', banker),
    blue: read('--bacc-blue-color', player),
    // A transparent page background would give a PNG with no background at all.
    background: isTransparent(background, probe) ? DEFAULT_PICTURE_COLORS.background : background,
    text: read('--bacc-text-color', DEFAULT_PICTURE_COLORS.text),
    gridLine: read('--bacc-grid-line-color', DEFAULT_PICTURE_COLORS.gridLine),
  };
}

function isTransparent(color: string, probe: CanvasRenderingContext2D | null): boolean {
  if (!probe) return false;
  probe.fillStyle = color;
  return /^rgba\(.*,\s*0\)$/.test(String(probe.fillStyle)) || color === 'transparent';
}

/** Draws every road of `hands` onto a new canvas. */
export function drawRoadPicture(hands: readonly HandRecord[], options: RoadPictureOptions = {}): RoadPicture {
  const rows = options.rows ?? 6;
  const scale = options.scale ?? 2;
  const colors = { ...pictureColors(options.colorSource), ...options.colors };
  const roads = computeRoads(hands, { rows, ...(options.rules ? { rules: options.rules } : {}) });

  // Lay the roads out top to bottom; the picture is as wide as its widest road.
  const columns = (width: number) => Math.max(width, 1);
  const layout: [PictureSectionName, number, number][] = [
    ['beadPlate', columns(roads.widths.beadPlate), BIG_CELL],
    ['bigRoad', columns(roads.widths.bigRoad), BIG_CELL],
    ['bigEyeBoy', columns(roads.widths.bigEyeBoy), SMALL_CELL],
    ['smallRoad', columns(roads.widths.smallRoad), SMALL_CELL],
    ['cockroachPig', columns(roads.widths.cockroachPig), SMALL_CELL],
  ];
  let y = PADDING + 50;
  const sections = {} as Record<PictureSectionName, PictureSection>;
  for (const [name, cols, cell] of layout) {
    y += LABEL_HEIGHT;
    sections[name] = { x: PADDING, y, width: cols * cell, height: rows * cell, cell };
    y += rows * cell + GAP;
  }
  const font = 'system-ui, "Noto Sans CJK SC", "Noto Sans SC", "PingFang SC", sans-serif';
  const lines = {
    title: { text: pictureTitle(hands.length, options), font: `bold 18px ${font}` },
    summary: { text: summaryLine(roads), font: `14px ${font}` },
    note: {
      text: `${msg('Past results do not predict the next hand.', { id: 'odds-past-results' })} ${msg('Play money only.', { id: 'picture-play-money' })}`,
      font: `italic 14px ${font}`,
    },
  };

  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d');
  if (!context) throw new PictureError(msg('This browser cannot draw on a canvas.', { id: 'picture-no-canvas' }));
  // As wide as its widest road or line of text: a short shoe's roads are narrower than its title and note.
  const textWidth = ({ text, font: lineFont }: { text: string; font: string }): number => {
    context.font = lineFont;
    return Math.ceil(context.measureText(text).width);
  };
  const width = Math.max(
    MIN_WIDTH,
    ...Object.values(sections).map((section) => section.width + 2 * PADDING),
    ...Object.values(lines).map((line) => textWidth(line) + 2 * PADDING),
  );
  const height = y + 30;
  // Sizing the canvas resets the context, the font just set included.
  canvas.width = Math.ceil(width * scale);
  canvas.height = Math.ceil(height * scale);
  context.scale(scale, scale);
  context.fillStyle = colors.background;
  context.fillRect(0, 0, width, height);

  context.fillStyle = colors.text;
  context.textBaseline = 'alphabetic';
  context.font = lines.title.font;
  context.fillText(lines.title.text, PADDING, PADDING + 18);
  context.font = lines.summary.font;
  context.fillText(lines.summary.text, PADDING, PADDING + 40);

  for (const [name] of layout) {
    const section = sections[name];
    context.fillStyle = colors.text;
    context.font = `bold 13px ${font}`;
    context.fillText(roadName(name), section.x, section.y - 6);
    drawGrid(context, section, rows, colors.gridLine);
  }
  drawBeadPlate(context, roads, sections.beadPlate, colors, font);
  drawBigRoad(context, roads, sections.bigRoad, colors, font);
  for (const name of ['bigEyeBoy', 'smallRoad', 'cockroachPig'] as const) drawDerivedRoad(context, roads, name, sections[name], colors);

  context.fillStyle = colors.text;
  context.font = lines.note.font;
  context.fillText(lines.note.text, PADDING, height - 14);
  return { canvas, scale, sections };
}

/** The PNG of `drawRoadPicture`. */
export async function roadPicturePng(hands: readonly HandRecord[], options: RoadPictureOptions = {}): Promise<Blob> {
  const { canvas } = drawRoadPicture(hands, options);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) =>
        blob ? resolve(blob) : reject(new PictureError(msg('The browser could not make a PNG of the roads.', { id: 'picture-no-png' }))),
      'image/png',
    );
  });
}

/** "Table 7 · 14 Mar 2026, 12:00 · 71 hands". */
function pictureTitle(handCount: number, options: RoadPictureOptions): string {
  const parts: string[] = [];
  if (options.table) parts.push(options.table);
  if (options.startedAt) {
    const date = new Date(options.startedAt);
    if (!Number.isNaN(date.getTime())) parts.push(date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }));
  }
  parts.push(handCount === 1 ? msg('1 hand', { id: 'picture-one-hand' }) : msg(str`${handCount} hands`, { id: 'picture-hands' }));
  return parts.join(' · ');
}

/** "Banker 35 · Player 30 · Tie 6". */
function summaryLine(roads: RoadsSnapshot): string {
  const { banker, player, tie } = roads.statistics;
  return msg(str`Banker ${banker} · Player ${player} · Tie ${tie}`, { id: 'picture-counts' });
}

function drawGrid(context: CanvasRenderingContext2D, section: PictureSection, rows: number, color: string): void {
  context.strokeStyle = color;
  context.lineWidth = 1;
  context.beginPath();
  const cols = Math.round(section.width / section.cell);
  // Half-pixel offsets put one-pixel lines on whole pixels.
  for (let col = 0; col <= cols; col++) {
    const x = section.x + col * section.cell + 0.5;
    context.moveTo(x, section.y);
    context.lineTo(x, section.y + rows * section.cell);
  }
  for (let row = 0; row <= rows; row++) {
    const y = section.y + row * section.cell + 0.5;
    context.moveTo(section.x, y);
    context.lineTo(section.x + section.width, y);
  }
  context.stroke();
}

function centre(section: PictureSection, col: number, row: number): { x: number; y: number } {
  return { x: section.x + (col + 0.5) * section.cell, y: section.y + (row + 0.5) * section.cell };
}

function disc(context: CanvasRenderingContext2D, x: number, y: number, radius: number, color: string): void {
  context.fillStyle = color;
  context.beginPath();
  context.arc(x, y, radius, 0, Math.PI * 2);
  context.fill();
}

function ring(context: CanvasRenderingContext2D, x: number, y: number, radius: number, width: number, color: string): void {
  context.strokeStyle = color;
  context.lineWidth = width;
  context.beginPath();
  context.arc(x, y, radius, 0, Math.PI * 2);
  context.stroke();
}

function slash(context: CanvasRenderingContext2D, x: number, y: number, half: number, width: number, color: string): void {
  context.strokeStyle = color;
  context.lineWidth = width;
  context.lineCap = 'round';
  context.beginPath();
  context.moveTo(x - half, y + half);
  context.lineTo(x + half, y - half);
  context.stroke();
}

/** Banker pair: a banker-coloured dot at the top left; player pair: a player-coloured dot at the bottom right. */
function pairDots(
  context: CanvasRenderingContext2D,
  section: PictureSection,
  col: number,
  row: number,
  bankerPair: boolean,
  playerPair: boolean,
  colors: RoadPictureColors,
): void {
  const left = section.x + col * section.cell;
  const top = section.y + row * section.cell;
  const radius = section.cell * 0.14;
  if (bankerPair) disc(context, left + section.cell * 0.17, top + section.cell * 0.17, radius, colors.banker);
  if (playerPair) disc(context, left + section.cell * 0.83, top + section.cell * 0.83, radius, colors.player);
}

function drawBeadPlate(
  context: CanvasRenderingContext2D,
  roads: RoadsSnapshot,
  section: PictureSection,
  colors: RoadPictureColors,
  font: string,
): void {
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.font = `bold ${Math.round(section.cell * 0.5)}px ${font}`;
  for (const bead of roads.beadPlate) {
    const { x, y } = centre(section, bead.col, bead.row);
    disc(context, x, y, section.cell * 0.42, bead.outcome === 'B' ? colors.banker : bead.outcome === 'P' ? colors.player : colors.tie);
    // The letter keeps banker and player apart without colour.
    context.fillStyle = '#ffffff';
    context.fillText(outcomeLetter(bead.outcome), x, y + 1);
    pairDots(context, section, bead.col, bead.row, bead.bankerPair, bead.playerPair, colors);
  }
  context.textAlign = 'start';
  context.textBaseline = 'alphabetic';
}

function drawBigRoad(
  context: CanvasRenderingContext2D,
  roads: RoadsSnapshot,
  section: PictureSection,
  colors: RoadPictureColors,
  font: string,
): void {
  const { cells, leadingTies } = roads.bigRoad;
  const radius = section.cell * 0.36;
  const stroke = section.cell * 0.12;
  const tieMarks = (cell: Pick<BigRoadCell, 'col' | 'row'>, ties: number) => {
    if (ties === 0) return;
    const { x, y } = centre(section, cell.col, cell.row);
    slash(context, x, y, radius, stroke, colors.tie);
    if (ties > 1) {
      context.fillStyle = colors.tie;
      context.font = `bold ${Math.round(section.cell * 0.5)}px ${font}`;
      context.textAlign = 'center';
      context.textBaseline = 'middle';
      context.fillText(String(ties), x, y + 1);
      context.textAlign = 'start';
      context.textBaseline = 'alphabetic';
    }
  };
  // Ties before the first banker or player hand are shown on the first cell, or alone on (0, 0).
  if (cells.length === 0) {
    tieMarks({ col: 0, row: 0 }, leadingTies);
    pairDots(context, section, 0, 0, roads.bigRoad.leadingTieBankerPair, roads.bigRoad.leadingTiePlayerPair, colors);
    return;
  }
  cells.forEach((cell, index) => {
    const { x, y } = centre(section, cell.col, cell.row);
    ring(context, x, y, radius, stroke, cell.side === 'B' ? colors.banker : colors.player);
    const leading = index === 0;
    tieMarks(cell, cell.ties + (leading ? leadingTies : 0));
    const bankerPair = cell.bankerPair || cell.tieBankerPair || (leading && roads.bigRoad.leadingTieBankerPair);
    const playerPair = cell.playerPair || cell.tiePlayerPair || (leading && roads.bigRoad.leadingTiePlayerPair);
    pairDots(context, section, cell.col, cell.row, bankerPair, playerPair, colors);
  });
}

/** Big Eye Boy rings, Small Road dots, Cockroach Pig slashes, each red or blue. */
function drawDerivedRoad(
  context: CanvasRenderingContext2D,
  roads: RoadsSnapshot,
  name: DerivedRoadName,
  section: PictureSection,
  colors: RoadPictureColors,
): void {
  const radius = section.cell * 0.36;
  for (const cell of roads[name].cells) {
    const { x, y } = centre(section, cell.col, cell.row);
    const color = cell.color === 'red' ? colors.red : colors.blue;
    if (name === 'bigEyeBoy') ring(context, x, y, radius * 0.9, section.cell * 0.16, color);
    else if (name === 'smallRoad') disc(context, x, y, radius, color);
    else slash(context, x, y, radius, section.cell * 0.16, color);
  }
}
