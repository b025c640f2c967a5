import { expect, fixture, html, nextFrame } from '@open-wc/testing';
import '../../components/define/bead-plate.js';
import type { BaccBeadPlate } from '../../components/bacc-bead-plate.js';
import { handsFromOutcomes } from '../../src/roads/roads.js';
import type { HandRecord } from '../../src/shoes/document.js';
import { eventsFiredDuring } from './event-spy.js';
import { inLocale } from './locale-switch.js';
import { byColumn, isDrawn, layerCells, pairDotCells, textLabels } from './road-marks.js';

// docs/rules.md, "Worked examples".
const FIRST = 'TBBPPPBPBBBBBBBBPT';
const SECOND = 'BPBPPBBBPPPPBTPBBPPB';

/** Each bead as side(col,row), read from the discs drawn, in column order (the order of the hands). */
function drawn(el: BaccBeadPlate): string[] {
  const root = el.shadowRoot!;
  return byColumn(['B', 'P', 'T'].flatMap((side) => layerCells(root.querySelector(`.discs.${side}`)).map((cell) => `${side}(${cell})`)));
}

/** What each bead says, as a person sees it: the labels drawn on each bead (joined by | if several), in the order of the hands. */
function labels(el: BaccBeadPlate): string[] {
  const seen = [...el.shadowRoot!.querySelectorAll('.label')].filter(isDrawn).flatMap(textLabels);
  return byColumn([...new Set(seen.map(({ cell }) => cell))].map((cell) => `(${cell})`)).map((at) =>
    seen
      .filter(({ cell }) => `(${cell})` === at)
      .map(({ text }) => text)
      .join('|'),
  );
}

function summary(el: BaccBeadPlate): string {
  return el.shadowRoot!.querySelector('.visually-hidden')!.textContent.trim();
}

/** Bead positions for outcomes filled top to bottom, `rows` to a column. */
function expectedBeads(outcomes: string, rows: number): string[] {
  return [...outcomes].map((outcome, index) => `${outcome}(${Math.floor(index / rows)},${index % rows})`);
}

/** A hand with totals (winner's total `total`, loser's 0) and no cards. */
function hand(outcome: 'B' | 'P' | 'T', total: number | null, pairs: { bankerPair?: boolean; playerPair?: boolean } = {}): HandRecord {
  return {
    cards: null,
    outcome,
    playerPair: pairs.playerPair ?? false,
    bankerPair: pairs.bankerPair ?? false,
    natural: false,
    playerTotal: total === null ? null : outcome === 'B' ? 0 : total,
    bankerTotal: total === null ? null : outcome === 'P' ? 0 : total,
  };
}

describe('<bacc-bead-plate>', () => {
  it('reads out the newest 60 columns of a long shoe, saying how many earlier ones it leaves out', async () => {
    const el = await fixture<BaccBeadPlate>(
      html`<bacc-bead-plate labels="letters" .hands=${handsFromOutcomes('B'.repeat(600))}></bacc-bead-plate>`,
    );
    const text = summary(el);
    expect(text).to.match(/^Bead Plate, 600 hands: 40 earlier columns not read out; column 41: Banker, /);
    expect(text).to.match(/column 100: Banker, Banker, Banker, Banker, Banker, Banker$/);
    expect(text.match(/column \d+:/g)).to.have.length(60);
  });

  it('puts every hand of the first worked example, ties included, top to bottom and then the next column', async () => {
    const el = await fixture<BaccBeadPlate>(html`<bacc-bead-plate outcomes=${FIRST}></bacc-bead-plate>`);
    expect(drawn(el)).to.deep.equal(expectedBeads(FIRST, 6));
    expect(drawn(el).slice(0, 7)).to.deep.equal(['T(0,0)', 'B(0,1)', 'B(0,2)', 'P(0,3)', 'P(0,4)', 'P(0,5)', 'B(1,0)']);
  });

  it('puts every hand of the second worked example in four columns', async () => {
    const el = await fixture<BaccBeadPlate>(html`<bacc-bead-plate outcomes=${SECOND}></bacc-bead-plate>`);
    expect(drawn(el)).to.deep.equal(expectedBeads(SECOND, 6));
    expect(drawn(el).at(-1)).to.equal('B(3,1)');
    expect(labels(el)).to.have.length(SECOND.length);
  });

  it('draws solid discs: banker red, player blue, tie green', async () => {
    const el = await fixture<BaccBeadPlate>(
      html`<bacc-bead-plate
        outcomes="BPT"
        style="--bacc-banker-color: rgb(200, 0, 0); --bacc-player-color: rgb(0, 0, 200); --bacc-tie-color: rgb(0, 150, 0)"
      ></bacc-bead-plate>`,
    );
    const discs = ['B', 'P', 'T'].map((side) => el.shadowRoot!.querySelector<SVGPathElement>(`.discs.${side}`)!);
    expect(discs.map(layerCells)).to.deep.equal([['0,0'], ['0,1'], ['0,2']]);
    expect(discs.map((disc) => getComputedStyle(disc).stroke)).to.deep.equal(['rgb(200, 0, 0)', 'rgb(0, 0, 200)', 'rgb(0, 150, 0)']);
    // Solid: a dot is painted at its centre and out to 0.42 of the cell, not beyond.
    expect(discs[0]!.isPointInStroke(new DOMPoint(50, 50))).to.equal(true);
    expect(discs[0]!.isPointInStroke(new DOMPoint(50, 50 + 40))).to.equal(true);
    expect(discs[0]!.isPointInStroke(new DOMPoint(50, 50 + 46))).to.equal(false);
  });

  it('labels the discs B, P and T unless told otherwise on an English page, and 庄, 闲 and 和 on a Chinese one', async () => {
    const el = await fixture<BaccBeadPlate>(html`<bacc-bead-plate outcomes="BPT"></bacc-bead-plate>`);
    expect(labels(el)).to.deep.equal(['B', 'P', 'T']);
    await inLocale('zh-Hans', el, () => {
      expect(labels(el)).to.deep.equal(['庄', '闲', '和']);
    });
    expect(labels(el)).to.deep.equal(['B', 'P', 'T']);
  });

  it('labels the discs by the language of the nearest lang attribute, not the page’s', async () => {
    const zh = await fixture<HTMLElement>(html`<div lang="zh-CN"><bacc-bead-plate outcomes="BPT"></bacc-bead-plate></div>`);
    expect(labels(zh.querySelector('bacc-bead-plate')!)).to.deep.equal(['庄', '闲', '和']);
    const en = await fixture<HTMLElement>(html`<div lang="en-GB"><bacc-bead-plate outcomes="BPT"></bacc-bead-plate></div>`);
    expect(labels(en.querySelector('bacc-bead-plate')!)).to.deep.equal(['B', 'P', 'T']);
  });

  it('shows its language’s labels for an unknown labels value, warning once that names the element, the attribute, the value and the values it takes', async () => {
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (message: string) => warnings.push(message);
    let el: BaccBeadPlate;
    try {
      el = await fixture<BaccBeadPlate>(html`<bacc-bead-plate outcomes="BPT" labels="klingon"></bacc-bead-plate>`);
      el.outcomes = 'BPTB';
      await el.updateComplete;
    } finally {
      console.warn = warn;
    }
    expect(warnings).to.deep.equal(['bacc-bead-plate: labels must be one of chinese, letters, totals; got "klingon", using letters']);
    expect(labels(el)).to.deep.equal(['B', 'P', 'T', 'B']);
  });

  it('centres each label on its disc', async () => {
    const el = await fixture<BaccBeadPlate>(html`<bacc-bead-plate outcomes="BPTBPTBP"></bacc-bead-plate>`);
    const text = el.shadowRoot!.querySelector<SVGTextElement>('.label')!;
    const cells = textLabels(text).map(({ cell }) => cell.split(',').map(Number) as [number, number]);
    expect(cells).to.have.length(8);
    cells.forEach(([col, row], index) => {
      const box = text.getExtentOfChar(index);
      expect(Math.abs(box.x + box.width / 2 - (col * 100 + 50)), `glyph ${index} across`).to.be.below(6);
      expect(Math.abs(box.y + box.height / 2 - (row * 100 + 50)), `glyph ${index} down`).to.be.below(12);
    });
  });

  it('labels the discs B, P and T with labels="letters"', async () => {
    const el = await fixture<BaccBeadPlate>(html`<bacc-bead-plate outcomes="BPT" labels="letters"></bacc-bead-plate>`);
    expect(labels(el)).to.deep.equal(['B', 'P', 'T']);
  });

  it('labels the discs with the winning total with labels="totals", and with the letter for a hand recorded without totals', async () => {
    const el = await fixture<BaccBeadPlate>(html`<bacc-bead-plate labels="totals"></bacc-bead-plate>`);
    el.hands = [hand('B', 7), hand('P', 9), hand('T', 4), hand('B', null)];
    await el.updateComplete;
    expect(labels(el)).to.deep.equal(['7', '9', '4', 'B']);
    el.labels = 'chinese';
    await el.updateComplete;
    expect(labels(el)).to.deep.equal(['庄', '闲', '和', '庄']);
  });

  it('puts the side’s letter before each total with the letters attribute, so that sides differ by more than colour', async () => {
    const el = await fixture<BaccBeadPlate>(html`<bacc-bead-plate labels="totals"></bacc-bead-plate>`);
    el.hands = [hand('B', 7), hand('P', 9), hand('T', 4), hand('B', null)];
    await el.updateComplete;
    expect(labels(el)).to.deep.equal(['7', '9', '4', 'B']);
    el.letters = true;
    await el.updateComplete;
    expect(labels(el)).to.deep.equal(['B7', 'P9', 'T4', 'B']);
    // Every hand has its total: the layer for hands without one draws no (empty) text.
    el.hands = [hand('B', 7), hand('P', 9)];
    await el.updateComplete;
    expect([...el.shadowRoot!.querySelectorAll('text')].map((text) => text.textContent)).to.deep.equal(['79', 'B7', 'P9']);
  });

  it('puts a banker pair dot at the top left and a player pair dot at the bottom right', async () => {
    const el = await fixture<BaccBeadPlate>(html`<bacc-bead-plate></bacc-bead-plate>`);
    el.hands = [hand('T', 5, { bankerPair: true, playerPair: true }), hand('P', 8)];
    await el.updateComplete;
    const root = el.shadowRoot!;
    expect(pairDotCells(root)).to.deep.equal({ banker: ['0,0'], player: ['0,0'] });
    expect(getComputedStyle(root.querySelector('.banker-pairs')!).stroke).to.not.equal(
      getComputedStyle(root.querySelector('.player-pairs')!).stroke,
    );
  });

  it('adds a bead when .hands gets one more hand, and removes it when that hand is taken back', async () => {
    const hands = handsFromOutcomes(FIRST);
    const el = await fixture<BaccBeadPlate>(html`<bacc-bead-plate .hands=${hands.slice(0, 12)}></bacc-bead-plate>`);
    expect(drawn(el).at(-1)).to.equal('B(1,5)');
    el.hands = hands.slice(0, 13);
    await el.updateComplete;
    expect(drawn(el)).to.have.length(13);
    expect(drawn(el).at(-1)).to.equal('B(2,0)');
    el.hands = hands.slice(0, 12);
    await el.updateComplete;
    expect(drawn(el)).to.have.length(12);
    expect(drawn(el).at(-1)).to.equal('B(1,5)');
  });

  it('fills columns of the number of rows asked for', async () => {
    const el = await fixture<BaccBeadPlate>(html`<bacc-bead-plate rows="4" outcomes=${FIRST}></bacc-bead-plate>`);
    expect(drawn(el)).to.deep.equal(expectedBeads(FIRST, 4));
    expect(el.shadowRoot!.querySelector('svg')!.getBoundingClientRect().height).to.be.closeTo(4 * 28, 0.5);
  });

  it('shows the newest columns when it is too narrow for the whole plate', async () => {
    const el = await fixture<BaccBeadPlate>(html`<bacc-bead-plate outcomes=${FIRST} style="width: 60px"></bacc-bead-plate>`);
    await nextFrame();
    await nextFrame();
    await el.updateComplete;
    // 60px holds 2 columns of 28px: the plate's columns 1 and 2.
    expect(new Set(drawn(el).map((bead) => /\((\d+),/.exec(bead)![1]))).to.deep.equal(new Set(['1', '2']));
    const svg = el.shadowRoot!.querySelector('svg')!;
    expect([svg.dataset.firstCol, svg.dataset.columns]).to.deep.equal(['1', '2']);
    expect(svg.getBoundingClientRect().right).to.be.at.most(el.getBoundingClientRect().right + 0.5);
  });

  it('says its columns in words for screen readers', async () => {
    const el = await fixture<BaccBeadPlate>(html`<bacc-bead-plate outcomes=${FIRST}></bacc-bead-plate>`);
    expect(summary(el)).to.equal(
      'Bead Plate, 18 hands: column 1: Tie, Banker, Banker, Player, Player, Player; ' +
        'column 2: Banker, Player, Banker, Banker, Banker, Banker; column 3: Banker, Banker, Banker, Banker, Player, Tie',
    );
  });

  it('says totals and pairs in words when it shows totals', async () => {
    const el = await fixture<BaccBeadPlate>(html`<bacc-bead-plate labels="totals"></bacc-bead-plate>`);
    el.hands = [hand('B', 7, { bankerPair: true }), hand('P', 9, { bankerPair: true, playerPair: true })];
    await el.updateComplete;
    expect(summary(el)).to.equal('Bead Plate, 2 hands: column 1: Banker 7 (banker pair), Player 9 (banker pair, player pair)');
  });

  it('says its hands in Chinese when the locale is zh-Hans', async () => {
    const el = await fixture<BaccBeadPlate>(html`<bacc-bead-plate labels="totals"></bacc-bead-plate>`);
    el.hands = [hand('B', 7, { bankerPair: true }), hand('T', 4)];
    await inLocale('zh-Hans', el, () => {
      expect(summary(el)).to.equal('珠盘路，2局：第1列：庄家7点（庄对），和局4点');
    });
  });

  it('fires no events when its properties and attributes are set', async () => {
    const el = await fixture<BaccBeadPlate>(html`<bacc-bead-plate></bacc-bead-plate>`);
    const fired = await eventsFiredDuring(el, async () => {
      el.hands = handsFromOutcomes(FIRST);
      await el.updateComplete;
      el.hands = handsFromOutcomes(`${FIRST}B`);
      el.rows = 3;
      el.labels = 'letters';
      await el.updateComplete;
      el.hands = undefined;
      el.setAttribute('outcomes', 'BPTB');
      el.setAttribute('rows', '3');
      await el.updateComplete;
    });
    expect(drawn(el)).to.deep.equal(['B(0,0)', 'P(0,1)', 'T(0,2)', 'B(1,0)']);
    expect(fired).to.deep.equal([]);
  });

  it('passes an accessibility audit', async () => {
    const el = await fixture<BaccBeadPlate>(html`<bacc-bead-plate outcomes=${FIRST}></bacc-bead-plate>`);
    await expect(el).to.be.accessible();
  });
});
