import { expect, fixture, html, nextFrame } from '@open-wc/testing';
import '../../components/define/big-road.js';
import type { BaccBigRoad } from '../../components/bacc-big-road.js';
import { RoadTracker, handsFromOutcomes } from '../../src/roads/roads.js';
import type { HandRecord } from '../../src/shoes/document.js';
import { eventsFiredDuring } from './event-spy.js';
import { inLocale } from './locale-switch.js';
import { byColumn, isDrawn, layerCells, linePaint, pairDotCells, textLabels, type CellKey } from './road-marks.js';

// docs/rules.md, "Worked examples".
const FIRST = 'TBBPPPBPBBBBBBBBPT';
const SECOND = 'BPBPPBBBPPPPBTPBBPPB';

/**
 * Each drawn cell as side(col,row), with /n for n ties on it (the notation of docs/rules.md), read
 * from the rings, tie slashes and tie counts drawn, by column then row. T: a slash with no ring.
 */
function drawn(el: BaccBigRoad): string[] {
  const root = el.shadowRoot!;
  const sides = new Map<CellKey, string>();
  for (const side of ['B', 'P']) for (const cell of layerCells(root.querySelector(`.rings.${side}`))) sides.set(cell, side);
  const ties = new Map<CellKey, number>();
  for (const cell of layerCells(root.querySelector('.tie-slash'))) ties.set(cell, 1);
  for (const count of root.querySelectorAll('.tie-count')) {
    const [label] = textLabels(count);
    expect(ties.has(label!.cell), `tie count ${label!.text} on a slashed cell`).to.equal(true);
    ties.set(label!.cell, Number(label!.text));
  }
  const keys = new Set([...sides.keys(), ...ties.keys()]);
  return byColumn([...keys].map((key) => `${sides.get(key) ?? 'T'}(${key})${ties.has(key) ? `/${ties.get(key)}` : ''}`));
}

/** The road columns of the cells drawn, in order, without repeats. */
function drawnColumns(el: BaccBigRoad): number[] {
  return [...new Set(drawn(el).map((cell) => Number(/\((\d+),/.exec(cell)![1])))];
}

function summary(el: BaccBigRoad): string {
  return el.shadowRoot!.querySelector('.visually-hidden')!.textContent.trim();
}

/** Waits for the ResizeObserver to measure the element and for the update it asks for. */
async function settled(el: BaccBigRoad): Promise<void> {
  await nextFrame();
  await nextFrame();
  await el.updateComplete;
}

function hand(outcome: 'B' | 'P' | 'T', pairs: { bankerPair?: boolean; playerPair?: boolean } = {}): HandRecord {
  return {
    cards: null,
    outcome,
    playerPair: pairs.playerPair ?? false,
    bankerPair: pairs.bankerPair ?? false,
    natural: false,
    playerTotal: null,
    bankerTotal: null,
  };
}

describe('<bacc-big-road>', () => {
  it('draws the first worked example: the dragon tail along the bottom row and the leading tie on the first cell', async () => {
    const el = await fixture<BaccBigRoad>(html`<bacc-big-road outcomes=${FIRST}></bacc-big-road>`);
    expect(drawn(el)).to.deep.equal(
      byColumn([
        'B(0,0)/1',
        'B(0,1)',
        'P(1,0)',
        'P(1,1)',
        'P(1,2)',
        'B(2,0)',
        'P(3,0)',
        'B(4,0)',
        'B(4,1)',
        'B(4,2)',
        'B(4,3)',
        'B(4,4)',
        'B(4,5)',
        'B(5,5)',
        'B(6,5)',
        'P(5,0)/1',
      ]),
    );
  });

  it('draws the second worked example, with its tie on the banker cell before it', async () => {
    const el = await fixture<BaccBigRoad>(html`<bacc-big-road outcomes=${SECOND}></bacc-big-road>`);
    expect(drawn(el)).to.deep.equal(
      byColumn([
        'B(0,0)',
        'P(1,0)',
        'B(2,0)',
        'P(3,0)',
        'P(3,1)',
        'B(4,0)',
        'B(4,1)',
        'B(4,2)',
        'P(5,0)',
        'P(5,1)',
        'P(5,2)',
        'P(5,3)',
        'B(6,0)/1',
        'P(7,0)',
        'B(8,0)',
        'B(8,1)',
        'P(9,0)',
        'P(9,1)',
        'B(10,0)',
      ]),
    );
  });

  it('draws banker cells as red rings and player cells as blue rings', async () => {
    const el = await fixture<BaccBigRoad>(
      html`<bacc-big-road outcomes="BP" style="--bacc-banker-color: rgb(200, 0, 0); --bacc-player-color: rgb(0, 0, 200)"></bacc-big-road>`,
    );
    const root = el.shadowRoot!;
    const banker = root.querySelector<SVGPathElement>('.rings.B')!;
    const player = root.querySelector<SVGPathElement>('.rings.P')!;
    expect(layerCells(banker)).to.deep.equal(['0,0']);
    expect(layerCells(player)).to.deep.equal(['1,0']);
    expect(getComputedStyle(banker).stroke).to.equal('rgb(200, 0, 0)');
    expect(getComputedStyle(banker).fill).to.equal('none');
    expect(getComputedStyle(player).stroke).to.equal('rgb(0, 0, 200)');
    // Hollow: a mask over both cuts a smaller disc out of every ring, so the centre is not painted and the band is.
    const holes = root.querySelector<SVGPathElement>('mask .ring-holes')!;
    expect(banker.closest('g')!.getAttribute('mask')).to.equal(`url(#${holes.closest('mask')!.id})`);
    expect(layerCells(holes)).to.deep.equal(['0,0', '1,0']);
    const point = (x: number, y: number) => new DOMPoint(x, y);
    expect(holes.isPointInStroke(point(50, 50)), 'hole at the centre').to.equal(true);
    expect(banker.isPointInStroke(point(50 + 38, 50)), 'ring band painted').to.equal(true);
    expect(holes.isPointInStroke(point(50 + 38, 50)), 'no hole in the band').to.equal(false);
    expect(banker.isPointInStroke(point(50 + 48, 50)), 'nothing outside the ring').to.equal(false);
  });

  it('slashes a cell in green for its tie and prints the count from two ties on', async () => {
    const el = await fixture<BaccBigRoad>(html`<bacc-big-road outcomes="BTPTT" style="--bacc-tie-color: rgb(0, 150, 0)"></bacc-big-road>`);
    const root = el.shadowRoot!;
    const slashes = root.querySelector('.tie-slash')!;
    expect(getComputedStyle(slashes).stroke).to.equal('rgb(0, 150, 0)');
    expect(layerCells(slashes)).to.deep.equal(['0,0', '1,0']);
    expect(linePaint(slashes as SVGPathElement, 'slash')).to.deep.equal(['middle', 'middle']);
    expect([...root.querySelectorAll('.tie-count')].flatMap(textLabels)).to.deep.equal([{ cell: '1,0', text: '2' }]);
    expect(drawn(el)).to.deep.equal(['B(0,0)/1', 'P(1,0)/2']);
  });

  it('shows ties dealt before any banker or player hand on the first cell', async () => {
    const el = await fixture<BaccBigRoad>(html`<bacc-big-road outcomes="TT"></bacc-big-road>`);
    expect(drawn(el)).to.deep.equal(['T(0,0)/2']);
    expect(layerCells(el.shadowRoot!.querySelector('.rings.B'))).to.deep.equal([]);
    expect(layerCells(el.shadowRoot!.querySelector('.rings.P'))).to.deep.equal([]);
    el.outcomes = 'TTB';
    await el.updateComplete;
    expect(drawn(el)).to.deep.equal(['B(0,0)/2']);
  });

  it('puts a banker pair dot at the top left and a player pair dot at the bottom right', async () => {
    const el = await fixture<BaccBigRoad>(html`<bacc-big-road></bacc-big-road>`);
    el.hands = [hand('B', { bankerPair: true }), hand('P', { playerPair: true }), hand('B')];
    await el.updateComplete;
    const root = el.shadowRoot!;
    expect(pairDotCells(root)).to.deep.equal({ banker: ['0,0'], player: ['1,0'] });
    expect(layerCells(root.querySelector('.pair-outlines'))).to.deep.equal(['0,0', '1,0']);
  });

  it('adds a cell when .hands gets one more hand, and removes it when that hand is taken back', async () => {
    const hands = handsFromOutcomes(FIRST);
    const el = await fixture<BaccBigRoad>(html`<bacc-big-road .hands=${hands.slice(0, 16)}></bacc-big-road>`);
    expect(drawn(el)).to.include('B(6,5)').and.to.have.length(15);
    el.hands = hands.slice(0, 17);
    await el.updateComplete;
    expect(drawn(el)).to.include('P(5,0)').and.to.have.length(16);
    el.hands = hands;
    await el.updateComplete;
    expect(drawn(el)).to.include('P(5,0)/1').and.to.have.length(16);
    el.hands = hands.slice(0, 16);
    await el.updateComplete;
    expect(drawn(el)).to.include('B(6,5)').and.to.not.include('P(5,0)');
    expect(drawn(el)).to.have.length(15);
  });

  it('follows one more hand with a single add to its tracker, not a recompute of the shoe', async () => {
    const hands = handsFromOutcomes(FIRST);
    const el = await fixture<BaccBigRoad>(html`<bacc-big-road .hands=${hands.slice(0, 17)}></bacc-big-road>`);
    const add = RoadTracker.prototype.add;
    let adds = 0;
    RoadTracker.prototype.add = function (this: RoadTracker, record: HandRecord) {
      adds++;
      return add.call(this, record);
    };
    try {
      el.hands = hands;
      await el.updateComplete;
    } finally {
      RoadTracker.prototype.add = add;
    }
    expect(adds).to.equal(1);
    expect(drawn(el)).to.include('P(5,0)/1');
  });

  it('uses .hands rather than the outcomes attribute when both are given', async () => {
    const el = await fixture<BaccBigRoad>(html`<bacc-big-road outcomes="BBB" .hands=${handsFromOutcomes('P')}></bacc-big-road>`);
    expect(drawn(el)).to.deep.equal(['P(0,0)']);
  });

  it('draws nothing but the empty grid for an outcomes attribute with other letters, and warns naming the letter', async () => {
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (message: string) => warnings.push(message);
    let el: BaccBigRoad;
    try {
      el = await fixture<BaccBigRoad>(html`<bacc-big-road outcomes="BXP"></bacc-big-road>`);
    } finally {
      console.warn = warn;
    }
    expect(drawn(el)).to.have.length(0);
    expect(el.shadowRoot!.querySelector('.grid-lines')!.getAttribute('d')).to.not.equal('');
    expect(warnings).to.have.length(1);
    expect(warnings[0]).to.contain('"X" at character 2');
  });

  for (const [outcomes, character, position] of [
    ['B P P X', 'X', 7],
    ['BP🂡P', '🂡', 3],
    ['B P 7', '7', 5],
    ['BP\u200bB', '\u200b', 3],
    ['BＢ', 'Ｂ', 2],
  ] as const) {
    it(`says the outcomes could not be read for ${JSON.stringify(outcomes)}, warning of character ${position} as given`, async () => {
      const warnings: string[] = [];
      const warn = console.warn;
      console.warn = (message: string) => warnings.push(message);
      let el: BaccBigRoad;
      try {
        el = await fixture<BaccBigRoad>(html`<bacc-big-road outcomes=${outcomes}></bacc-big-road>`);
      } finally {
        console.warn = warn;
      }
      expect(warnings).to.have.length(1);
      expect(warnings[0]).to.contain(`unknown outcome ${JSON.stringify(character)} at`);
      expect(warnings[0]).to.contain(`at character ${position}:`);
      expect(summary(el)).to.equal('Big Road: the outcomes could not be read');
      await inLocale('zh-Hans', el, () => expect(summary(el)).to.equal('大路：无法读取结果'));
      el.outcomes = 'BP';
      await el.updateComplete;
      expect(summary(el)).to.equal('Big Road, 2 columns: column 1 banker 1; column 2 player 1');
    });
  }

  it('takes a removed outcomes attribute as no outcomes, silently, and warns clearly of one that is not text', async () => {
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (message: string) => warnings.push(message);
    let el: BaccBigRoad;
    try {
      el = await fixture<BaccBigRoad>(html`<bacc-big-road outcomes="BPP"></bacc-big-road>`);
      el.removeAttribute('outcomes');
      await el.updateComplete;
      expect(warnings).to.deep.equal([]);
      expect(drawn(el)).to.have.length(0);
      expect(summary(el)).to.equal('Big Road: nothing yet');
      (el as unknown as { outcomes: unknown }).outcomes = 123;
      await el.updateComplete;
    } finally {
      console.warn = warn;
    }
    expect(warnings).to.deep.equal(['bacc-big-road: outcomes must be text of B, P and T; got number 123']);
    expect(summary(el)).to.equal('Big Road: the outcomes could not be read');
  });

  it('reads out the newest 60 columns of a long road, saying how many earlier ones it leaves out, in either language', async () => {
    const el = await fixture<BaccBigRoad>(html`<bacc-big-road .hands=${handsFromOutcomes('BP'.repeat(5000))}></bacc-big-road>`);
    const text = summary(el);
    expect(text).to.match(/^Big Road, 10000 columns: 9940 earlier columns not read out; column 9941 banker 1; column 9942 player 1; /);
    expect(text).to.match(/; column 10000 player 1$/);
    expect(text.length).to.be.below(2000);
    await inLocale('zh-Hans', el, () => expect(summary(el)).to.match(/^大路，10000列：之前9940列未读出；第9941列庄1；.*第10000列闲1$/));
    el.hands = handsFromOutcomes('BP'.repeat(30) + 'B');
    await el.updateComplete;
    expect(summary(el)).to.match(/^Big Road, 61 columns: 1 earlier column not read out; column 2 player 1; /);
  });

  it('reads an outcomes attribute in either case and with spaces between the letters', async () => {
    const el = await fixture<BaccBigRoad>(html`<bacc-big-road outcomes="bb pp t"></bacc-big-road>`);
    expect(drawn(el)).to.deep.equal(byColumn(['B(0,0)', 'B(0,1)', 'P(1,0)', 'P(1,1)/1']));
  });

  for (const [rows, used] of [
    ['100000', 12],
    ['13', 12],
    ['0', 3],
    ['2', 3],
    ['2.5', 3],
    ['abc', 6],
  ] as const) {
    it(`draws ${used} rows for rows="${rows}", outside 3 to 12, and warns once`, async () => {
      const warnings: string[] = [];
      const warn = console.warn;
      console.warn = (message: string) => warnings.push(message);
      let el: BaccBigRoad;
      try {
        el = await fixture<BaccBigRoad>(html`<bacc-big-road rows=${rows} outcomes="BBBBBBBBBBBBBBP"></bacc-big-road>`);
        el.outcomes = 'BBBBBBBBBBBBBBPP';
        await el.updateComplete;
      } finally {
        console.warn = warn;
      }
      expect(warnings).to.have.length(1);
      expect(warnings[0]).to.match(new RegExp(`^bacc-big-road: rows must be a whole number from 3 to 12; got .*, using ${used}$`));
      expect(el.shadowRoot!.querySelector('svg')!.getBoundingClientRect().height).to.be.closeTo(used * 28, 0.5);
    });
  }

  it('turns a streak along the bottom row sooner when given fewer rows', async () => {
    const el = await fixture<BaccBigRoad>(html`<bacc-big-road rows="3" outcomes="BBBBBP"></bacc-big-road>`);
    expect(drawn(el)).to.deep.equal(byColumn(['B(0,0)', 'B(0,1)', 'B(0,2)', 'B(1,2)', 'B(2,2)', 'P(1,0)']));
    const grid = el.shadowRoot!.querySelector('svg')!.getBoundingClientRect();
    expect(grid.height).to.be.closeTo(3 * 28, 0.5);
    el.rows = 6;
    await el.updateComplete;
    expect(drawn(el)).to.deep.equal(byColumn(['B(0,0)', 'B(0,1)', 'B(0,2)', 'B(0,3)', 'B(0,4)', 'P(1,0)']));
  });

  it('fills its width with whole columns of empty grid cells', async () => {
    const el = await fixture<BaccBigRoad>(html`<bacc-big-road outcomes="BP" style="width: 300px"></bacc-big-road>`);
    await settled(el);
    const svg = el.shadowRoot!.querySelector('svg')!;
    // 300px holds 10 whole cells of 28px.
    expect(svg.dataset.columns).to.equal('10');
    expect(svg.getBoundingClientRect().width).to.be.closeTo(280, 0.5);
  });

  it('shows the newest columns when it is too narrow for the whole road', async () => {
    const el = await fixture<BaccBigRoad>(html`<bacc-big-road outcomes=${FIRST} style="width: 112px"></bacc-big-road>`);
    await settled(el);
    // 112px holds 4 columns of 28px: the road's columns 3 to 6, its newest, and only they are drawn.
    const svg = el.shadowRoot!.querySelector('svg')!;
    expect([svg.dataset.firstCol, svg.dataset.columns]).to.deep.equal(['3', '4']);
    expect(svg.getAttribute('viewBox')).to.equal('300 0 400 600');
    // The rings' mask covers the window (and a cell around it): rings in the window keep their band.
    const mask = svg.querySelector('mask')!;
    const [x, y, width, height] = ['x', 'y', 'width', 'height'].map((name) => Number(mask.getAttribute(name)));
    expect(x! <= 300 && x! + width! >= 700 && y! <= 0 && y! + height! >= 600, `mask ${x} ${y} ${width} ${height}`).to.equal(true);
    const rect = mask.querySelector('rect')!;
    expect(['x', 'y', 'width', 'height'].map((name) => Number(rect.getAttribute(name)))).to.deep.equal([x, y, width, height]);
    expect(svg.getBoundingClientRect().right).to.be.at.most(el.getBoundingClientRect().right + 0.5);
    expect(drawnColumns(el)).to.deep.equal([3, 4, 5, 6]);
  });

  it('keeps the newest column in view as hands arrive while narrow, and shows more columns when widened', async () => {
    const hands = handsFromOutcomes('BPBPB');
    const el = await fixture<BaccBigRoad>(html`<bacc-big-road .hands=${hands} style="width: 84px"></bacc-big-road>`);
    await settled(el);
    expect(drawnColumns(el)).to.deep.equal([2, 3, 4]);
    el.hands = [...hands, hand('P')];
    await el.updateComplete;
    expect(drawnColumns(el)).to.deep.equal([3, 4, 5]);
    el.style.width = '400px';
    await settled(el);
    expect(drawnColumns(el)).to.deep.equal([0, 1, 2, 3, 4, 5]);
  });

  it('shows twelve columns while it has no width to fit', async () => {
    const wrapper = await fixture<HTMLDivElement>(html`<div hidden><bacc-big-road outcomes="BP"></bacc-big-road></div>`);
    const el = wrapper.querySelector('bacc-big-road')!;
    await settled(el);
    expect(el.shadowRoot!.querySelector('svg')!.dataset.columns).to.equal('12');
  });

  it('stops observing its size when removed from the page', async () => {
    const el = await fixture<BaccBigRoad>(html`<bacc-big-road outcomes="BP"></bacc-big-road>`);
    const disconnect = ResizeObserver.prototype.disconnect;
    let disconnected = 0;
    ResizeObserver.prototype.disconnect = function (this: ResizeObserver) {
      disconnected++;
      disconnect.call(this);
    };
    try {
      el.remove();
    } finally {
      ResizeObserver.prototype.disconnect = disconnect;
    }
    expect(disconnected).to.equal(1);
  });

  it('writes B and P inside the rings only when asked to with the letters attribute', async () => {
    const el = await fixture<BaccBigRoad>(html`<bacc-big-road outcomes="BP"></bacc-big-road>`);
    const visibleLetters = () => [...el.shadowRoot!.querySelectorAll('.letter')].filter(isDrawn).flatMap(textLabels);
    expect(visibleLetters()).to.deep.equal([]);
    el.letters = true;
    await el.updateComplete;
    expect(visibleLetters()).to.deep.equal([
      { cell: '0,0', text: 'B' },
      { cell: '1,0', text: 'P' },
    ]);
  });

  it('says its columns in words for screen readers', async () => {
    const el = await fixture<BaccBigRoad>(html`<bacc-big-road outcomes=${FIRST}></bacc-big-road>`);
    expect(summary(el)).to.equal(
      'Big Road, 6 columns, 1 tie before the first column: column 1 banker 2; column 2 player 3; column 3 banker 1; ' +
        'column 4 player 1; column 5 banker 8; column 6 player 1, 1 tie',
    );
    expect(el.shadowRoot!.querySelector('svg')!.getAttribute('aria-hidden')).to.equal('true');
  });

  it('says pairs in words, and that there is nothing yet for an empty shoe', async () => {
    const el = await fixture<BaccBigRoad>(html`<bacc-big-road></bacc-big-road>`);
    expect(summary(el)).to.equal('Big Road: nothing yet');
    el.hands = [hand('B', { bankerPair: true }), hand('B', { playerPair: true })];
    await el.updateComplete;
    expect(summary(el)).to.equal('Big Road, 1 column: column 1 banker 2, 1 banker pair, 1 player pair');
  });

  it('says its columns in Chinese when the locale is zh-Hans', async () => {
    const el = await fixture<BaccBigRoad>(html`<bacc-big-road outcomes="TBBPT"></bacc-big-road>`);
    await inLocale('zh-Hans', el, () => {
      expect(summary(el)).to.equal('大路，2列，首列之前1次和局：第1列庄2；第2列闲1，1次和局');
    });
    await el.updateComplete;
    expect(summary(el)).to.match(/^Big Road, 2 columns/);
  });

  it('fires no events when its properties and attributes are set', async () => {
    const el = await fixture<BaccBigRoad>(html`<bacc-big-road></bacc-big-road>`);
    const fired = await eventsFiredDuring(el, async () => {
      el.hands = handsFromOutcomes(FIRST);
      await el.updateComplete;
      el.hands = handsFromOutcomes(SECOND);
      el.rows = 4;
      el.letters = true;
      await el.updateComplete;
      el.hands = undefined;
      el.setAttribute('outcomes', 'BPB');
      el.setAttribute('rows', '5');
      await el.updateComplete;
    });
    expect(drawn(el)).to.deep.equal(['B(0,0)', 'P(1,0)', 'B(2,0)']);
    expect(fired).to.deep.equal([]);
  });

  it('draws a tie slash clear of the letter when letters are on: its two ends only, around a gap as wide as the letter', async () => {
    const el = await fixture<BaccBigRoad>(html`<bacc-big-road outcomes="BT" style="--bacc-cell-size: 48px"></bacc-big-road>`);
    const slash = el.shadowRoot!.querySelector('.tie-slash')!;
    const dashes = () =>
      getComputedStyle(slash)
        .strokeDasharray.split(/[\s,]+/)
        .map(parseFloat);
    // Without letters, one dash across the mark.
    expect(dashes()).to.have.length(2);
    el.letters = true;
    await el.updateComplete;
    const [firstEnd, gap, secondEnd] = dashes();
    const letter = el.shadowRoot!.querySelector('.letter')!;
    // In the cell's units along the slash: the gap is centred (equal ends) and at least the letter's height.
    expect(firstEnd).to.be.greaterThan(0);
    expect(secondEnd).to.be.closeTo(firstEnd!, 0.01);
    expect(gap).to.be.at.least(parseFloat(getComputedStyle(letter).fontSize));
  });

  it('passes an accessibility audit', async () => {
    const el = await fixture<BaccBigRoad>(html`<bacc-big-road outcomes=${FIRST} letters></bacc-big-road>`);
    await expect(el).to.be.accessible();
  });
});
