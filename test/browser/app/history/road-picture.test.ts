import { expect, fixture, html } from '@open-wc/testing';
import { drawRoadPicture, pictureColors, roadPicturePng, type PictureSection } from '../../../../components/app/history/road-picture.js';
import { bigRoadThumbnail, THUMBNAIL_CELL, thumbnailMarks, thumbnailPaths } from '../../../../components/app/history/big-road-thumbnail.js';
import fc from 'fast-check';
import { computeRoads, handsFromOutcomes } from '../../../../src/roads/roads.js';
import { shoeAt } from './history-fixtures.js';

const shoe = shoeAt('picture', 'Table 9', '2026-03-14T12:00:00.000Z');
const colors = {
  banker: 'rgb(255, 0, 0)',
  player: 'rgb(0, 0, 255)',
  tie: 'rgb(0, 255, 0)',
  red: 'rgb(250, 0, 0)',
  blue: 'rgb(0, 0, 250)',
  background: 'rgb(255, 255, 255)',
};

/** How many pixels of `section` (CSS pixels of the picture) are within a few levels of `rgb`. */
function pixelsOf(
  canvas: HTMLCanvasElement,
  scale: number,
  section: Pick<PictureSection, 'x' | 'y' | 'width' | 'height'>,
  rgb: [number, number, number],
): number {
  const context = canvas.getContext('2d')!;
  const { data } = context.getImageData(
    section.x * scale,
    section.y * scale,
    Math.max(1, section.width * scale),
    Math.max(1, section.height * scale),
  );
  let count = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (Math.abs(data[i]! - rgb[0]) < 6 && Math.abs(data[i + 1]! - rgb[1]) < 6 && Math.abs(data[i + 2]! - rgb[2]) < 6) count++;
  }
  return count;
}

describe('road picture', () => {
  it('is a PNG: the signature bytes, and more than a blank picture would weigh', async () => {
    const blob = await roadPicturePng(shoe.hands, { table: shoe.table, startedAt: shoe.startedAt });
    expect(blob.type).to.equal('image/png');
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect([...bytes.slice(0, 8)]).to.deep.equal([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(bytes.length).to.be.greaterThan(5000);
  });

  it('draws banker and player marks in their colours inside the bead plate and the big road, and none beside them', () => {
    const { canvas, scale, sections } = drawRoadPicture(shoe.hands, { colors, scale: 1 });
    for (const road of ['beadPlate', 'bigRoad'] as const) {
      expect(pixelsOf(canvas, scale, sections[road], [255, 0, 0]), `banker in ${road}`).to.be.greaterThan(50);
      expect(pixelsOf(canvas, scale, sections[road], [0, 0, 255]), `player in ${road}`).to.be.greaterThan(50);
    }
    // The bead plate is narrower than the picture: to its right there is nothing of either colour.
    const bead = sections.beadPlate;
    const beside = { x: bead.x + bead.width + 4, y: bead.y, width: canvas.width / scale - bead.x - bead.width - 8, height: bead.height };
    expect(beside.width).to.be.greaterThan(20);
    expect(pixelsOf(canvas, scale, beside, [255, 0, 0]) + pixelsOf(canvas, scale, beside, [0, 0, 255])).to.equal(0);
  });

  it('draws the three derived roads in red and blue', () => {
    const { canvas, scale, sections } = drawRoadPicture(shoe.hands, { colors, scale: 1 });
    for (const road of ['bigEyeBoy', 'smallRoad', 'cockroachPig'] as const) {
      expect(pixelsOf(canvas, scale, sections[road], [250, 0, 0]), `red in ${road}`).to.be.greaterThan(5);
      expect(pixelsOf(canvas, scale, sections[road], [0, 0, 250]), `blue in ${road}`).to.be.greaterThan(5);
    }
  });

  it('draws a tie slash in the tie colour on the cell before the tie', () => {
    const { canvas, scale, sections } = drawRoadPicture(handsFromOutcomes('BT'), { colors, scale: 1 });
    const cell = { x: sections.bigRoad.x, y: sections.bigRoad.y, width: sections.bigRoad.cell, height: sections.bigRoad.cell };
    expect(pixelsOf(canvas, scale, cell, [0, 255, 0])).to.be.greaterThan(5);
    const next = { ...cell, y: cell.y + cell.height };
    expect(pixelsOf(canvas, scale, next, [0, 255, 0])).to.equal(0);
  });

  it('is twice as many canvas pixels at scale 2', () => {
    const one = drawRoadPicture(shoe.hands, { scale: 1 }).canvas;
    const two = drawRoadPicture(shoe.hands, { scale: 2 }).canvas;
    expect(two.width).to.equal(one.width * 2);
    expect(two.height).to.equal(one.height * 2);
  });

  it('is wide enough for its title and closing note, however short the shoe', () => {
    const { canvas, scale } = drawRoadPicture(shoe.hands.slice(0, 3), {
      scale: 1,
      table: 'The long-named salon table by the east windows',
      startedAt: shoe.startedAt,
      colors: { ...colors, text: 'rgb(0, 0, 0)' },
    });
    const width = canvas.width / scale;
    const height = canvas.height / scale;
    const ink = (band: { y: number; height: number }, from: number, to: number) =>
      pixelsOf(canvas, scale, { x: from, y: band.y, width: to - from, height: band.height }, [0, 0, 0]);
    // The title line at the top and the note at the bottom: drawn, and clear of the right edge.
    for (const band of [
      { y: 8, height: 30 },
      { y: height - 34, height: 30 },
    ]) {
      expect(ink(band, 0, width / 2), `text in the band at ${band.y}`).to.be.greaterThan(20);
      expect(ink(band, width - 10, width), `text cut at the right edge in the band at ${band.y}`).to.equal(0);
    }
  });

  it("takes its colours from the page's --bacc-* properties, with defaults for unset or unreadable ones", async () => {
    const el = await fixture(html`<div style="--bacc-banker-color: rgb(1, 2, 3); --bacc-player-color: not-a-colour"></div>`);
    const read = pictureColors(el);
    expect(read.banker).to.equal('rgb(1, 2, 3)');
    expect(read.red).to.equal('rgb(1, 2, 3)');
    expect(read.player).to.equal('#1565c0');
    expect(read.background).to.equal('#ffffff');
  });
});

describe('big-road thumbnail', () => {
  it('draws one ring per big-road cell, in the banker and player paths, and a slash per tie mark', () => {
    const paths = thumbnailPaths('TBBPTB');
    // Each ring is a move and two arcs.
    expect(paths.banker.match(/M/g)!.length).to.equal(3);
    expect(paths.player.match(/M/g)!.length).to.equal(1);
    // The leading tie on the first cell and the tie after the player hand.
    expect(paths.ties.match(/M/g)!.length).to.equal(2);
    expect(paths.columns).to.equal(3);
  });

  it('puts every ring and tie slash where the big road of the full road computation does', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('B', 'P', 'T'), { maxLength: 90 }), fc.integer({ min: 3, max: 8 }), (letters, rows) => {
        const outcomes = letters.join('');
        const { cells, leadingTies } = computeRoads(handsFromOutcomes(outcomes), { rows }).bigRoad;
        const expected = cells.map((cell, index) => ({
          col: cell.col,
          row: cell.row,
          side: cell.side,
          tied: cell.ties > 0 || (index === 0 && leadingTies > 0),
        }));
        expect(thumbnailMarks(outcomes, rows).marks).to.deep.equal(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('centres each ring in its cell, hollow, and crosses each tied one with its slash', async () => {
    const outcomes = 'TBBPTBBBBBBBPTP';
    const { marks } = thumbnailMarks(outcomes);
    const el = await fixture(html`<div>${bigRoadThumbnail(outcomes)}</div>`);
    const path = (name: string) => el.querySelector<SVGPathElement>(`path.${name}`)!;
    const point = (x: number, y: number) => new DOMPoint(x, y);
    for (const mark of marks) {
      const centreX = (mark.col + 0.5) * THUMBNAIL_CELL;
      const centreY = (mark.row + 0.5) * THUMBNAIL_CELL;
      const ring = path(mark.side === 'B' ? 'banker' : 'player');
      const other = path(mark.side === 'B' ? 'player' : 'banker');
      for (const [dx, dy] of [
        [-3, 0],
        [3, 0],
        [0, -3],
        [0, 3],
      ] as const) {
        expect(ring.isPointInStroke(point(centreX + dx, centreY + dy)), `${mark.side} ring at ${mark.col},${mark.row}`).to.equal(true);
      }
      expect(ring.isPointInStroke(point(centreX, centreY)), 'hollow').to.equal(false);
      expect(other.isPointInStroke(point(centreX - 3, centreY)), 'one side per cell').to.equal(false);
      expect(path('ties').isPointInStroke(point(centreX + 2, centreY - 2)), `tie slash at ${mark.col},${mark.row}`).to.equal(mark.tied);
    }
  });

  it('draws a lone slash for a shoe of ties only', () => {
    const paths = thumbnailPaths('TT');
    expect(paths.banker + paths.player).to.equal('');
    expect(paths.ties.match(/M/g)!.length).to.equal(1);
  });
});
