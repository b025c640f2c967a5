import { expect, fixture, html, nextFrame } from '@open-wc/testing';
import '../../components/bacc-derived-road.js';
import type { BaccDerivedRoad } from '../../components/bacc-derived-road.js';
import { handsFromOutcomes } from '../../src/roads.js';
import { eventsFiredDuring } from './event-spy.js';
import { inLocale } from './locale-switch.js';

// REFERENCE.md, "Worked examples".
const FIRST = 'TBBPPPBPBBBBBBBBPT';
const SECOND = 'BPBPPBBBPPPPBTPBBPPB';

function marks(el: BaccDerivedRoad): SVGGElement[] {
  return [...el.shadowRoot!.querySelectorAll<SVGGElement>('[part="cell"]')];
}

/** The colours in the order the marks were added, as REFERENCE.md writes them: "r b b". */
function colours(el: BaccDerivedRoad): string {
  return marks(el)
    .map((mark) => (mark.dataset.color === 'red' ? 'r' : mark.dataset.color === 'blue' ? 'b' : '?'))
    .join(' ');
}

/** Each mark as colour(col,row). */
function drawn(el: BaccDerivedRoad): string[] {
  return marks(el).map(({ dataset }) => `${dataset.color === 'red' ? 'r' : 'b'}(${dataset.col},${dataset.row})`);
}

function summary(el: BaccDerivedRoad): string {
  return el.shadowRoot!.querySelector('.visually-hidden')!.textContent!.trim();
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
    expect(drawn(el)).to.deep.equal([
      'r(0,0)', 'b(1,0)', 'b(1,1)', 'b(1,2)', 'r(2,0)', 'b(3,0)',
      'r(4,0)', 'r(4,1)', 'r(4,2)', 'r(4,3)', 'r(4,4)', 'r(4,5)', 'b(5,0)',
    ]);
  });

  it('tails a Small Road column that reaches the bottom row to column 8, row 5', async () => {
    const el = await road('small-road', SECOND);
    expect(drawn(el).slice(-7)).to.deep.equal(['b(7,0)', 'b(7,1)', 'b(7,2)', 'b(7,3)', 'b(7,4)', 'b(7,5)', 'b(8,5)']);
  });

  it('draws Big Eye Boy as hollow rings, Small Road as solid dots and Cockroach Pig as slashes', async () => {
    const style = '--bacc-red-color: rgb(200, 0, 0); --bacc-blue-color: rgb(0, 0, 200)';
    const eye = await fixture<BaccDerivedRoad>(html`<bacc-derived-road kind="big-eye-boy" outcomes=${FIRST} style=${style}></bacc-derived-road>`);
    const ring = getComputedStyle(marks(eye)[0]!.querySelector('circle')!);
    expect([ring.fill, ring.stroke]).to.deep.equal(['none', 'rgb(200, 0, 0)']);
    const small = await fixture<BaccDerivedRoad>(html`<bacc-derived-road kind="small-road" outcomes=${FIRST} style=${style}></bacc-derived-road>`);
    const dot = getComputedStyle(marks(small)[0]!.querySelector('circle')!);
    expect(dot.fill).to.equal('rgb(0, 0, 200)');
    const pig = await fixture<BaccDerivedRoad>(html`<bacc-derived-road kind="cockroach-pig" outcomes=${FIRST} style=${style}></bacc-derived-road>`);
    expect(marks(pig)[0]!.querySelector('circle')).to.equal(null);
    const slash = pig.shadowRoot!.querySelector<SVGLineElement>('[data-color="red"] line')!;
    expect(getComputedStyle(slash).stroke).to.equal('rgb(200, 0, 0)');
    // Lower left to upper right.
    expect(slash.x1.baseVal.value < slash.x2.baseVal.value && slash.y1.baseVal.value > slash.y2.baseVal.value).to.equal(true);
  });

  it('switches road when its kind changes', async () => {
    const el = await road('big-eye-boy', FIRST);
    el.kind = 'cockroach-pig';
    await el.updateComplete;
    expect(colours(el)).to.equal('b r r b r r r r b');
  });

  it('adds a mark when .hands gets one more hand, and removes it when that hand is taken back', async () => {
    const hands = handsFromOutcomes(FIRST);
    const el = await fixture<BaccDerivedRoad>(html`<bacc-derived-road kind="big-eye-boy" .hands=${hands.slice(0, 16)}></bacc-derived-road>`);
    expect(colours(el)).to.equal('r b b b r b r r r r r r');
    el.hands = hands.slice(0, 17);
    await el.updateComplete;
    expect(colours(el)).to.equal('r b b b r b r r r r r r b');
    expect(drawn(el).at(-1)).to.equal('b(5,0)');
    el.hands = hands.slice(0, 16);
    await el.updateComplete;
    expect(colours(el)).to.equal('r b b b r b r r r r r r');
  });

  it('tails sooner when given fewer rows', async () => {
    const el = await road('big-eye-boy', FIRST, 3);
    expect(drawn(el).slice(6)).to.deep.equal(['r(4,0)', 'r(4,1)', 'r(4,2)', 'r(5,2)', 'r(6,2)', 'r(7,2)', 'b(5,0)']);
    expect(el.shadowRoot!.querySelector('svg')!.getBoundingClientRect().height).to.be.closeTo(3 * 28, 0.5);
  });

  it('shows the newest columns when it is too narrow for the whole road', async () => {
    const el = await fixture<BaccDerivedRoad>(html`<bacc-derived-road kind="small-road" outcomes=${SECOND} style="width: 84px"></bacc-derived-road>`);
    await nextFrame();
    await nextFrame();
    await el.updateComplete;
    // 84px holds 3 columns of 28px: the road's columns 6 to 8.
    expect(new Set(marks(el).map((mark) => mark.dataset.col))).to.deep.equal(new Set(['6', '7', '8']));
    const box = el.getBoundingClientRect();
    for (const mark of marks(el)) expect(mark.getBoundingClientRect().left).to.be.at.least(box.left - 0.5);
  });

  it('marks blue with a bar, and red without, when the letters attribute is set', async () => {
    const el = await fixture<BaccDerivedRoad>(html`<bacc-derived-road kind="small-road" outcomes=${FIRST}></bacc-derived-road>`);
    const barred = () =>
      marks(el)
        .filter((mark) => [...mark.querySelectorAll('.cue')].some((cue) => cue.getBoundingClientRect().width > 0))
        .map((mark) => mark.dataset.color);
    expect(barred()).to.deep.equal([]);
    el.letters = true;
    await el.updateComplete;
    expect(barred()).to.deep.equal(['blue', 'blue', 'blue', 'blue']);
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

  it('passes an accessibility audit', async () => {
    const el = await fixture<BaccDerivedRoad>(html`<bacc-derived-road kind="small-road" outcomes=${SECOND} letters></bacc-derived-road>`);
    await expect(el).to.be.accessible();
  });
});
