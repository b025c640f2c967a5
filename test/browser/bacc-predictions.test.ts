import { expect, fixture, html } from '@open-wc/testing';
import '../../components/define/predictions.js';
import type { BaccPredictions } from '../../components/bacc-predictions.js';
import { handsFromOutcomes } from '../../src/roads/roads.js';
import { eventsFiredDuring } from './event-spy.js';
import { inLocale } from './locale-switch.js';

// docs/rules.md, "Worked examples".
const FIRST = 'TBBPPPBPBBBBBBBBPT';
const SECOND = 'BPBPPBBBPPPPBTPBBPPB';

function cells(el: BaccPredictions, side: 'B' | 'P'): SVGGElement[] {
  return [...el.shadowRoot!.querySelectorAll<SVGGElement>(`[part="cell"][data-ask="${side}"]`)];
}

/** Each road's mark for one side, in the order Big Eye Boy, Small Road, Cockroach Pig; "-" without a mark. */
function asked(el: BaccPredictions, side: 'B' | 'P'): string[] {
  return cells(el, side).map((cell) => `${cell.dataset.road} ${cell.dataset.color ?? '-'}`);
}

function said(el: BaccPredictions, side: 'B' | 'P'): string {
  return el.shadowRoot!.querySelector(`[data-ask="${side}"] .visually-hidden`)!.textContent.trim();
}

describe('<bacc-predictions>', () => {
  it('asks banker blue, red, red and player red, blue, blue after the first worked example', async () => {
    const el = await fixture<BaccPredictions>(html`<bacc-predictions outcomes=${FIRST}></bacc-predictions>`);
    expect(asked(el, 'B')).to.deep.equal(['big-eye-boy blue', 'small-road red', 'cockroach-pig red']);
    expect(asked(el, 'P')).to.deep.equal(['big-eye-boy red', 'small-road blue', 'cockroach-pig blue']);
  });

  it('asks banker red, red, blue and player blue, blue, red after the second worked example', async () => {
    const el = await fixture<BaccPredictions>(html`<bacc-predictions outcomes=${SECOND}></bacc-predictions>`);
    expect(asked(el, 'B')).to.deep.equal(['big-eye-boy red', 'small-road red', 'cockroach-pig blue']);
    expect(asked(el, 'P')).to.deep.equal(['big-eye-boy blue', 'small-road blue', 'cockroach-pig red']);
  });

  it('draws each road’s own mark: a hollow ring, a solid dot and a slash', async () => {
    const el = await fixture<BaccPredictions>(
      html`<bacc-predictions
        outcomes=${FIRST}
        style="--bacc-red-color: rgb(200, 0, 0); --bacc-blue-color: rgb(0, 0, 200)"
      ></bacc-predictions>`,
    );
    const [eye, small, pig] = cells(el, 'B');
    const ring = getComputedStyle(eye!.querySelector('circle')!);
    expect([ring.fill, ring.stroke]).to.deep.equal(['none', 'rgb(0, 0, 200)']);
    expect(getComputedStyle(small!.querySelector('circle')!).fill).to.equal('rgb(200, 0, 0)');
    expect(pig!.querySelector('circle')).to.equal(null);
    expect(getComputedStyle(pig!.querySelector('line')!).stroke).to.equal('rgb(200, 0, 0)');
  });

  it('leaves a road’s cell empty until that road can have a mark', async () => {
    const el = await fixture<BaccPredictions>(html`<bacc-predictions outcomes="BP"></bacc-predictions>`);
    // Big Eye Boy's first mark needs a second column; the other two need more.
    expect(asked(el, 'B')).to.deep.equal(['big-eye-boy red', 'small-road -', 'cockroach-pig -']);
    expect(cells(el, 'B')[1]!.querySelector('.mark')).to.equal(null);
    expect(said(el, 'P')).to.equal('Ask player: Big Eye Boy blue, Small Road no mark yet, Cockroach Pig no mark yet');
  });

  it('changes its marks when .hands gets one more hand, and back when it is taken back', async () => {
    const hands = handsFromOutcomes(FIRST);
    const el = await fixture<BaccPredictions>(html`<bacc-predictions .hands=${hands}></bacc-predictions>`);
    el.hands = [...hands, ...handsFromOutcomes('P')];
    await el.updateComplete;
    // The last column is now two players long: a third player is red on every road (row 3 against longer
    // columns), and a banker, starting a column unlike any it is compared with, is blue on every road.
    expect(asked(el, 'B')).to.deep.equal(['big-eye-boy blue', 'small-road blue', 'cockroach-pig blue']);
    expect(asked(el, 'P')).to.deep.equal(['big-eye-boy red', 'small-road red', 'cockroach-pig red']);
    el.hands = hands;
    await el.updateComplete;
    expect(asked(el, 'B')).to.deep.equal(['big-eye-boy blue', 'small-road red', 'cockroach-pig red']);
  });

  it('marks blue with a bar, and red without, when the letters attribute is set', async () => {
    const el = await fixture<BaccPredictions>(html`<bacc-predictions outcomes=${FIRST}></bacc-predictions>`);
    const barred = () =>
      [...el.shadowRoot!.querySelectorAll<SVGGElement>('[part="cell"]')]
        .filter((cell) => [...cell.querySelectorAll('.cue')].some((cue) => cue.getBoundingClientRect().width > 0))
        .map((cell) => `${cell.dataset.ask} ${cell.dataset.road}`);
    expect(barred()).to.deep.equal([]);
    el.letters = true;
    await el.updateComplete;
    expect(barred()).to.deep.equal(['B big-eye-boy', 'P small-road', 'P cockroach-pig']);
  });

  it('says each side’s marks in words, and shows the side as text', async () => {
    const el = await fixture<BaccPredictions>(html`<bacc-predictions outcomes=${FIRST}></bacc-predictions>`);
    expect(said(el, 'B')).to.equal('Ask banker: Big Eye Boy blue, Small Road red, Cockroach Pig red');
    expect(said(el, 'P')).to.equal('Ask player: Big Eye Boy red, Small Road blue, Cockroach Pig blue');
    const label = el.shadowRoot!.querySelector('[data-ask="B"] .ask-label')!;
    expect(label.textContent).to.contain('Ask banker');
    expect(label.getBoundingClientRect().width).to.be.greaterThan(0);
  });

  it('says each side’s marks in Chinese when the locale is zh-Hans', async () => {
    const el = await fixture<BaccPredictions>(html`<bacc-predictions outcomes=${FIRST}></bacc-predictions>`);
    await inLocale('zh-Hans', el, () => {
      expect(said(el, 'B')).to.equal('庄问路：大眼仔蓝，小路红，蟑螂路红');
      expect(el.shadowRoot!.querySelector('[data-ask="P"] .ask-label')!.textContent).to.contain('闲问路');
    });
  });

  it('fires no events when its properties and attributes are set', async () => {
    const el = await fixture<BaccPredictions>(html`<bacc-predictions></bacc-predictions>`);
    const fired = await eventsFiredDuring(el, async () => {
      el.hands = handsFromOutcomes(FIRST);
      await el.updateComplete;
      el.hands = handsFromOutcomes(`${FIRST}B`);
      el.letters = true;
      await el.updateComplete;
      el.hands = undefined;
      el.setAttribute('outcomes', SECOND);
      await el.updateComplete;
    });
    expect(asked(el, 'B')).to.deep.equal(['big-eye-boy red', 'small-road red', 'cockroach-pig blue']);
    expect(fired).to.deep.equal([]);
  });

  it('passes an accessibility audit', async () => {
    const el = await fixture<BaccPredictions>(html`<bacc-predictions outcomes=${FIRST} letters></bacc-predictions>`);
    await expect(el).to.be.accessible();
  });
});
