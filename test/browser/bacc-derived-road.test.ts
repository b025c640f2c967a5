import { expect, fixture, html, nextFrame } from '@open-wc/testing';
import '../../components/define/derived-road.js';
import type { BaccDerivedRoad } from '../../components/bacc-derived-road.js';
import { RoadTracker, handsFromOutcomes, type DerivedRoadName } from '../../src/roads/roads.js';
import { eventsFiredDuring } from './event-spy.js';
import { inLocale } from './locale-switch.js';
import { byColumn, isDrawn, layerCells, linePaint } from './road-marks.js';

// docs/rules.md, "Worked examples".
const FIRST = 'TBBPPPBPBBBBBBBBPT';
const SECOND = 'BPBPPBBBPPPPBTPBBPPB';

const NAMES: Record<string, DerivedRoadName> = { 'big-eye-boy': 'bigEyeBoy', 'small-road': 'smallRoad', 'cockroach-pig': 'cockroachPig' };

/** Each mark drawn as colour(col,row), read from the red and blue layers, by column then row. */
function drawn(el: BaccDerivedRoad): string[] {
  const root = el.shadowRoot!;
  const layer = (color: string) => root.querySelector(`:is(.rings, .discs, .slash).${color}`);
  return byColumn(['red', 'blue'].flatMap((color) => layerCells(layer(color)).map((cell) => `${color[0]}(${cell})`)));
}

/**
 * The colours in the order the marks were added, as docs/rules.md writes them ("r b b"): the road
 * tracker's marks, in its order, after checking that they are exactly the marks drawn (the layers
 * keep no order across colours).
 */
function colours(el: BaccDerivedRoad): string {
  const tracker = new RoadTracker({ rows: el.rows }).addAll(el.hands ?? handsFromOutcomes(el.outcomes ?? ''));
  const cells = tracker.derivedRoad(NAMES[el.kind]!).cells;
  expect(drawn(el)).to.deep.equal(byColumn(cells.map((cell) => `${cell.color[0]}(${cell.col},${cell.row})`)));
  return cells.map((cell) => cell.color[0]).join(' ');
}

function summary(el: BaccDerivedRoad): string {
  return el.shadowRoot!.querySelector('.visually-hidden')!.textContent.trim();
}

async function road(kind: string, outcomes: string, rows = 6): Promise<BaccDerivedRoad> {
  return fixture<BaccDerivedRoad>(html`<bacc-derived-road kind=${kind} outcomes=${outcomes} rows=${rows}></bacc-derived-road>`);
}

describe('<bacc-derived-road>', () => {
  it('draws the colours of the first worked example on all three roads', async () => {
    expect(colours(await road('big-eye-boy', FIRST))).to.equal('r b b b r b r r r r r r b');
    expect(colours(await road('small-road', FIRST))).to.equal('b b b r r r r r r b');
    expect(colours(await road('cockroach-pig', FIRST))).to.equal('b r r b r r r r b');
  });

  it('draws the colours of the second worked example on all three roads', async () => {
    expect(colours(await road('big-eye-boy', SECOND))).to.equal('r r b b r b b r r b b b r b b r r');
    expect(colours(await road('small-road', SECOND))).to.equal('r b b b r b r b r b b b b b b b');
    expect(colours(await road('cockroach-pig', SECOND))).to.equal('b b b r b b r r b b b r b b b');
  });

  it('places Big Eye Boy like the big road: a new column when the colour changes', async () => {
    const el = await road('big-eye-boy', FIRST);
    expect(drawn(el)).to.deep.equal(
      byColumn([
        'r(0,0)',
        'b(1,0)',
        'b(1,1)',
        'b(1,2)',
        'r(2,0)',
        'b(3,0)',
        'r(4,0)',
        'r(4,1)',
        'r(4,2)',
        'r(4,3)',
        'r(4,4)',
        'r(4,5)',
        'b(5,0)',
      ]),
    );
  });

  it('tails a Small Road column that reaches the bottom row to column 8, row 5', async () => {
    const el = await road('small-road', SECOND);
    expect(drawn(el).slice(-7)).to.deep.equal(byColumn(['b(7,0)', 'b(7,1)', 'b(7,2)', 'b(7,3)', 'b(7,4)', 'b(7,5)', 'b(8,5)']));
  });

  it('draws Big Eye Boy as hollow rings, Small Road as solid dots and Cockroach Pig as slashes', async () => {
    const style = '--bacc-red-color: rgb(200, 0, 0); --bacc-blue-color: rgb(0, 0, 200)';
    const eye = await fixture<BaccDerivedRoad>(
      html`<bacc-derived-road kind="big-eye-boy" outcomes=${FIRST} style=${style}></bacc-derived-road>`,
    );
    const point = (x: number, y: number) => new DOMPoint(x, y);
    // Big Eye Boy's first mark is red at (0,0): a ring, its centre cut out by the mask.
    const rings = eye.shadowRoot!.querySelector<SVGPathElement>('.rings.red')!;
    expect(getComputedStyle(rings).stroke).to.equal('rgb(200, 0, 0)');
    expect(rings.closest('g')!.getAttribute('mask')).to.equal('url(#ring-holes)');
    const holes = eye.shadowRoot!.querySelector<SVGPathElement>('#ring-holes .ring-holes')!;
    expect([
      holes.isPointInStroke(point(50, 50)),
      holes.isPointInStroke(point(50 + 38, 50)),
      rings.isPointInStroke(point(50 + 38, 50)),
    ]).to.deep.equal([true, false, true]);
    expect(eye.shadowRoot!.querySelector('.discs, .slash:not(.cue)')).to.equal(null);
    // Small Road's first mark is blue at (0,0): a solid dot, no mask.
    const small = await fixture<BaccDerivedRoad>(
      html`<bacc-derived-road kind="small-road" outcomes=${FIRST} style=${style}></bacc-derived-road>`,
    );
    const dots = small.shadowRoot!.querySelector<SVGPathElement>('.discs.blue')!;
    expect(getComputedStyle(dots).stroke).to.equal('rgb(0, 0, 200)');
    expect(dots.isPointInStroke(point(50, 50))).to.equal(true);
    expect(small.shadowRoot!.querySelector('mask, .rings')).to.equal(null);
    // Cockroach Pig's first mark is blue at (0,0), its second red at (1,0): slashes from lower left to upper right.
    const pig = await fixture<BaccDerivedRoad>(
      html`<bacc-derived-road kind="cockroach-pig" outcomes=${FIRST} style=${style}></bacc-derived-road>`,
    );
    const slashes = pig.shadowRoot!.querySelector<SVGPathElement>('.slash.red')!;
    expect(getComputedStyle(slashes).stroke).to.equal('rgb(200, 0, 0)');
    expect(layerCells(slashes)[0]).to.equal('1,0');
    expect([
      slashes.isPointInStroke(point(150, 50)),
      slashes.isPointInStroke(point(130, 70)),
      slashes.isPointInStroke(point(130, 30)),
    ]).to.deep.equal([true, true, false]);
    expect(pig.shadowRoot!.querySelector('mask, .rings, .discs')).to.equal(null);
    // Every slash of a layer, the last as the first, is dashed to the mark's size: drawn in the middle, not to the corners.
    for (const color of ['red', 'blue']) {
      const layer = pig.shadowRoot!.querySelector<SVGPathElement>(`.slash.${color}`)!;
      expect(linePaint(layer, 'slash'), color).to.deep.equal(layerCells(layer).map(() => 'middle'));
    }
  });

  it('switches road when its kind changes', async () => {
    const el = await road('big-eye-boy', FIRST);
    el.kind = 'cockroach-pig';
    await el.updateComplete;
    expect(colours(el)).to.equal('b r r b r r r r b');
  });

  it('adds a mark when .hands gets one more hand, and removes it when that hand is taken back', async () => {
    const hands = handsFromOutcomes(FIRST);
    const el = await fixture<BaccDerivedRoad>(
      html`<bacc-derived-road kind="big-eye-boy" .hands=${hands.slice(0, 16)}></bacc-derived-road>`,
    );
    expect(colours(el)).to.equal('r b b b r b r r r r r r');
    el.hands = hands.slice(0, 17);
    await el.updateComplete;
    expect(colours(el)).to.equal('r b b b r b r r r r r r b');
    expect(drawn(el)).to.include('b(5,0)');
    el.hands = hands.slice(0, 16);
    await el.updateComplete;
    expect(colours(el)).to.equal('r b b b r b r r r r r r');
  });

  it('tails sooner when given fewer rows', async () => {
    const el = await road('big-eye-boy', FIRST, 3);
    expect(drawn(el)).to.include.members(['r(4,0)', 'r(4,1)', 'r(4,2)', 'r(5,2)', 'r(6,2)', 'r(7,2)', 'b(5,0)']);
    expect(drawn(el)).to.have.length(13);
    expect(el.shadowRoot!.querySelector('svg')!.getBoundingClientRect().height).to.be.closeTo(3 * 28, 0.5);
  });

  it('shows the newest columns when it is too narrow for the whole road', async () => {
    const el = await fixture<BaccDerivedRoad>(
      html`<bacc-derived-road kind="small-road" outcomes=${SECOND} style="width: 84px"></bacc-derived-road>`,
    );
    await nextFrame();
    await nextFrame();
    await el.updateComplete;
    // 84px holds 3 columns of 28px: the road's columns 6 to 8.
    expect(new Set(drawn(el).map((mark) => /\((\d+),/.exec(mark)![1]))).to.deep.equal(new Set(['6', '7', '8']));
    const svg = el.shadowRoot!.querySelector('svg')!;
    expect([svg.dataset.firstCol, svg.dataset.columns]).to.deep.equal(['6', '3']);
    expect(svg.getBoundingClientRect().left).to.be.at.least(el.getBoundingClientRect().left - 0.5);
  });

  it('marks blue with a bar, and red without, when the letters attribute is set', async () => {
    const el = await fixture<BaccDerivedRoad>(html`<bacc-derived-road kind="small-road" outcomes=${FIRST}></bacc-derived-road>`);
    const barred = () => [...el.shadowRoot!.querySelectorAll('.cue')].filter(isDrawn).flatMap(layerCells);
    const blue = () => layerCells(el.shadowRoot!.querySelector('.discs.blue'));
    expect(barred()).to.deep.equal([]);
    el.letters = true;
    await el.updateComplete;
    expect(blue()).to.have.length(4);
    expect(barred()).to.deep.equal(blue());
    expect(linePaint(el.shadowRoot!.querySelector<SVGPathElement>('.cue')!, 'bar')).to.deep.equal(['middle', 'middle', 'middle', 'middle']);
  });

  it('says its columns of colours in words for screen readers', async () => {
    const el = await road('big-eye-boy', FIRST);
    expect(summary(el)).to.equal(
      'Big Eye Boy, 6 columns: column 1 red 1; column 2 blue 3; column 3 red 1; column 4 blue 1; column 5 red 6; column 6 blue 1',
    );
    const pig = await road('cockroach-pig', 'BPB');
    expect(summary(pig)).to.equal('Cockroach Pig: nothing yet');
  });

  it('says its columns in Chinese when the locale is zh-Hans', async () => {
    const el = await road('big-eye-boy', FIRST);
    await inLocale('zh-Hans', el, () => {
      expect(summary(el)).to.equal('大眼仔，6列：第1列红1；第2列蓝3；第3列红1；第4列蓝1；第5列红6；第6列蓝1');
    });
  });

  it('fires no events when its properties and attributes are set', async () => {
    const el = await fixture<BaccDerivedRoad>(html`<bacc-derived-road></bacc-derived-road>`);
    const fired = await eventsFiredDuring(el, async () => {
      el.hands = handsFromOutcomes(FIRST);
      await el.updateComplete;
      el.hands = handsFromOutcomes(SECOND);
      el.rows = 4;
      el.kind = 'small-road';
      await el.updateComplete;
      el.hands = undefined;
      el.setAttribute('outcomes', FIRST);
      el.setAttribute('rows', '6');
      el.setAttribute('kind', 'cockroach-pig');
      await el.updateComplete;
    });
    expect(colours(el)).to.equal('b r r b r r r r b');
    expect(fired).to.deep.equal([]);
  });

  it('draws Big Eye Boy for an unknown kind, warning once that names the element, the attribute, the value and the kinds it takes', async () => {
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (message: string) => warnings.push(message);
    let el: BaccDerivedRoad;
    try {
      el = await road('banana', FIRST);
      el.rows = 5;
      await el.updateComplete;
      el.outcomes = SECOND;
      await el.updateComplete;
    } finally {
      console.warn = warn;
    }
    expect(warnings).to.deep.equal([
      'bacc-derived-road: kind must be one of big-eye-boy, small-road, cockroach-pig; got "banana", using big-eye-boy',
    ]);
    expect(el.shadowRoot!.querySelector('.rings.red')).to.not.equal(null);
    expect(drawn(el)).to.deep.equal(drawn(await road('big-eye-boy', SECOND, 5)));
  });

  it('passes an accessibility audit', async () => {
    const el = await fixture<BaccDerivedRoad>(html`<bacc-derived-road kind="small-road" outcomes=${SECOND} letters></bacc-derived-road>`);
    await expect(el).to.be.accessible();
  });
});
