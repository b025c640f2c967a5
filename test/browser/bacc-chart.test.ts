import { expect, fixture, html } from '@open-wc/testing';
import { Chart } from 'chart.js';
import '../../components/define/chart.js';
import type { BaccChart } from '../../components/bacc-chart.js';
import { exactOdds, fullShoe } from '../../src/game/odds.js';
import { handsFromOutcomes, outcomeHand } from '../../src/roads/roads.js';
import { makeRules } from '../../src/game/rules.js';
import { cardedHands, textOf } from './panel-helpers.js';
import { eventsFiredDuring } from './event-spy.js';
import { setViewport } from '@web/test-runner-commands';
import { until } from '../support/wait.js';

const canvas = (el: BaccChart, kind: 'count' | 'frequencies'): HTMLCanvasElement | null =>
  el.shadowRoot!.querySelector<HTMLCanvasElement>(`canvas.${kind}`);
const chartOf = (el: BaccChart, kind: 'count' | 'frequencies'): Chart | undefined => Chart.getChart(canvas(el, kind)!);
/** Each tick label of an axis: its font size and the box it is drawn in (text turned upright spans its lines' height across). */
function labelBoxes(chart: Chart, axis: 'x' | 'y'): { size: number; left: number; right: number; top: number; bottom: number }[] {
  const context = chart.ctx;
  return chart.scales[axis]!.getLabelItems().map((item) => {
    context.font = item.font.string;
    const lines = (Array.isArray(item.label) ? item.label : [item.label]).map(String);
    const width = Math.max(...lines.map((line) => context.measureText(line).width));
    const height = lines.length * Number(item.font.lineHeight);
    const [x, y] = item.options.translation as [number, number];
    const [across, along] = item.options.rotation === 0 ? [width, height] : [height, width];
    const left = item.options.textAlign === 'right' ? x - across : item.options.textAlign === 'left' ? x : x - across / 2;
    return { size: item.font.size, left, right: left + across, top: y, bottom: y + along };
  });
}

/** The bar chart's six names: all there, inside the canvas, none running into the next. */
function expectBarNamesWhole(chart: Chart, where: string): void {
  const names = labelBoxes(chart, 'x');
  expect(names, where).to.have.length(6);
  for (const [i, name] of names.entries()) {
    expect(name.left, `bar name ${i + 1}'s left at ${where}`).to.be.at.least(0);
    expect(name.right, `bar name ${i + 1}'s right at ${where}`).to.be.at.most(chart.width);
    expect(name.bottom, `bar name ${i + 1}'s foot at ${where}`).to.be.at.most(chart.height + 1);
    if (i > 0) expect(name.left - names[i - 1]!.right, `gap before bar name ${i + 1} at ${where}`).to.be.greaterThan(2);
  }
}

const nextFrame = (): Promise<void> => new Promise((resolve) => requestAnimationFrame(() => resolve()));

describe('<bacc-chart>', () => {
  it('draws banker wins minus player wins after each hand as a chart.js line', async () => {
    const el = await fixture<BaccChart>(html`<bacc-chart .hands=${handsFromOutcomes('BBBPTPB')}></bacc-chart>`);
    const chart = chartOf(el, 'count')!;
    expect(chart).to.be.instanceOf(Chart);
    expect((chart.config as { type?: string }).type).to.equal('line');
    expect(chart.data.datasets[0]!.data).to.deep.equal([1, 2, 3, 2, 2, 1, 2]);
    expect(chart.data.labels).to.deep.equal([1, 2, 3, 4, 5, 6, 7]);
  });

  it('draws the observed frequencies beside the exact full-shoe probabilities as bars', async () => {
    const el = await fixture<BaccChart>(html`<bacc-chart .hands=${handsFromOutcomes('BBBPTPB')}></bacc-chart>`);
    const chart = chartOf(el, 'frequencies')!;
    const exact = exactOdds(fullShoe(8));
    expect((chart.config as { type?: string }).type).to.equal('bar');
    const [observed, expected] = chart.data.datasets as { data: number[] }[];
    expect(observed!.data.slice(0, 3).map((n) => n.toFixed(3))).to.deep.equal(['57.143', '28.571', '14.286']);
    expect(expected!.data.map((n) => n.toFixed(4))).to.deep.equal(
      [exact.banker, exact.player, exact.tie, exact.playerPair, exact.bankerPair, exact.natural].map((p) => (p * 100).toFixed(4)),
    );
  });

  it('takes the exact probabilities from a full shoe of the rules’ deck count', async () => {
    const el = await fixture<BaccChart>(
      html`<bacc-chart .hands=${handsFromOutcomes('BP')} .rules=${makeRules({ decks: 1 })}></bacc-chart>`,
    );
    const [, expected] = chartOf(el, 'frequencies')!.data.datasets as { data: number[] }[];
    expect(expected!.data[0]!.toFixed(4)).to.equal((exactOdds(fullShoe(1)).banker * 100).toFixed(4));
  });

  it('redraws for a new hand only after the next frame, so the frame that shows the hand elsewhere does not wait for it', async () => {
    const el = await fixture<BaccChart>(html`<bacc-chart .hands=${handsFromOutcomes('BBP')}></bacc-chart>`);
    await nextFrame();
    const update = Chart.prototype.update;
    let frames = 0;
    const framesAtRedraw: number[] = [];
    Chart.prototype.update = function (this: Chart, ...args: Parameters<Chart['update']>) {
      framesAtRedraw.push(frames);
      return update.apply(this, args);
    };
    try {
      requestAnimationFrame(() => frames++);
      el.hands = handsFromOutcomes('BBPB');
      await el.chartsDrawn();
      expect(framesAtRedraw).to.deep.equal([1, 1]);
      expect(chartOf(el, 'count')!.data.datasets[0]!.data).to.deep.equal([1, 2, 1, 2]);
    } finally {
      Chart.prototype.update = update;
    }
  });

  it('updates the same chart in place when a hand is added, and when one is undone', async () => {
    const hands = handsFromOutcomes('BBP');
    const el = await fixture<BaccChart>(html`<bacc-chart .hands=${hands}></bacc-chart>`);
    const line = chartOf(el, 'count')!;
    const bars = chartOf(el, 'frequencies')!;
    el.hands = [...hands, outcomeHand('P')];
    await el.chartsDrawn();
    expect(chartOf(el, 'count')).to.equal(line);
    expect(chartOf(el, 'frequencies')).to.equal(bars);
    expect(line.data.datasets[0]!.data).to.deep.equal([1, 2, 1, 0]);
    expect((bars.data.datasets[0]!.data as number[])[1]).to.equal(50);
    el.hands = hands.slice(0, 2);
    await el.chartsDrawn();
    expect(chartOf(el, 'count')).to.equal(line);
    expect(line.data.datasets[0]!.data).to.deep.equal([1, 2]);
  });

  it('counts a whole new shoe afresh', async () => {
    const el = await fixture<BaccChart>(html`<bacc-chart .hands=${handsFromOutcomes('BBB')}></bacc-chart>`);
    el.hands = handsFromOutcomes('PT');
    await el.chartsDrawn();
    expect(chartOf(el, 'count')!.data.datasets[0]!.data).to.deep.equal([-1, -1]);
  });

  it('destroys its charts when it leaves the page and draws new ones when it comes back', async () => {
    const el = await fixture<BaccChart>(html`<bacc-chart .hands=${handsFromOutcomes('BPB')}></bacc-chart>`);
    const parent = el.parentElement!;
    const line = chartOf(el, 'count')!;
    el.remove();
    expect(Chart.getChart(canvas(el, 'count')!)).to.equal(undefined);
    expect(Chart.getChart(canvas(el, 'frequencies')!)).to.equal(undefined);
    parent.append(el);
    await el.updateComplete;
    const again = chartOf(el, 'count')!;
    expect(again).to.be.instanceOf(Chart);
    expect(again).to.not.equal(line);
    expect(again.data.datasets[0]!.data).to.deep.equal([1, 0, 1]);
  });

  it('draws only the chart its kind names', async () => {
    const el = await fixture<BaccChart>(html`<bacc-chart kind="count" .hands=${handsFromOutcomes('BP')}></bacc-chart>`);
    expect(canvas(el, 'count')).to.not.equal(null);
    expect(canvas(el, 'frequencies')).to.equal(null);
    const countCanvas = canvas(el, 'count')!;
    el.kind = 'frequencies';
    await el.updateComplete;
    expect(Chart.getChart(countCanvas)).to.equal(undefined);
    expect(canvas(el, 'count')).to.equal(null);
    expect(chartOf(el, 'frequencies')).to.be.instanceOf(Chart);
  });

  it('colours the charts from the theme’s custom properties, and follows a theme change on the page', async () => {
    const el = await fixture<BaccChart>(
      html`<bacc-chart style="--bacc-banker-color: rgb(1, 2, 3)" .hands=${handsFromOutcomes('BP')}></bacc-chart>`,
    );
    const bars = chartOf(el, 'frequencies')!;
    expect((bars.data.datasets[0]!.backgroundColor as string[])[0]).to.equal('rgb(1, 2, 3)');
    const root = document.documentElement;
    root.style.setProperty('--bacc-player-color', 'rgb(4, 5, 6)');
    try {
      await nextFrame();
      await el.chartsDrawn();
      expect((chartOf(el, 'frequencies')!.data.datasets[0]!.backgroundColor as string[])[1]).to.equal('rgb(4, 5, 6)');
    } finally {
      root.style.removeProperty('--bacc-player-color');
    }
  });

  it('follows a theme change that arrives with a new hand, in the same update', async () => {
    const el = await fixture<BaccChart>(html`<bacc-chart .hands=${handsFromOutcomes('BP')}></bacc-chart>`);
    const root = document.documentElement;
    // The theme watcher reports after the hand has already asked for the (idle) update.
    el.hands = handsFromOutcomes('BPP');
    root.style.setProperty('--bacc-player-color', 'rgb(7, 8, 9)');
    try {
      await el.chartsDrawn();
      const [observed] = chartOf(el, 'frequencies')!.data.datasets as { data: number[]; backgroundColor: string[] }[];
      expect(observed!.data[1]!.toFixed(2)).to.equal('66.67');
      expect(observed!.backgroundColor[1]).to.equal('rgb(7, 8, 9)');
    } finally {
      root.style.removeProperty('--bacc-player-color');
    }
  });

  it('gives each canvas a summary of its data as its accessible name, and a table of the data', async () => {
    const el = await fixture<BaccChart>(html`<bacc-chart .hands=${handsFromOutcomes('BBBPTPB')}></bacc-chart>`);
    const count = canvas(el, 'count')!;
    expect(count.getAttribute('role')).to.equal('img');
    expect(count.getAttribute('aria-label')).to.contain('over 7 hands').and.contain('now banker +2').and.contain("banker's largest lead 3");
    const frequencies = canvas(el, 'frequencies')!;
    expect(frequencies.getAttribute('role')).to.equal('img');
    expect(frequencies.getAttribute('aria-label')).to.contain('Banker 57.1% (exact 45.86%)');
    const tables = el.shadowRoot!.querySelectorAll('.visually-hidden table');
    expect(tables).to.have.length(2);
    expect(tables[0]!.querySelectorAll('tbody tr')).to.have.length(7);
    expect(textOf(tables[1]!.querySelector('tbody tr'))).to.equal('Banker 4 (57.1%) 45.86%');
  });

  it('keeps the names under the frequency bars apart, however narrow the chart', async () => {
    for (const width of [560, 640, 900]) {
      const box = await fixture<HTMLDivElement>(
        html`<div style="width: ${width}px; font-size: 16px"><bacc-chart .hands=${handsFromOutcomes('BPT')}></bacc-chart></div>`,
      );
      const chart = box.querySelector('bacc-chart')!;
      await chart.updateComplete;
      const bars = chartOf(chart, 'frequencies')!;
      const scale = bars.scales['x']!;
      const context = bars.ctx;
      const spans = scale.getLabelItems().map((item) => {
        context.font = item.font.string;
        const lines = Array.isArray(item.label) ? item.label : [item.label];
        // A name turned upright spans its lines' height across the axis, not its width.
        const half =
          item.options.rotation === 0
            ? Math.max(...lines.map((line) => context.measureText(String(line)).width)) / 2
            : (lines.length * Number(item.font.lineHeight)) / 2;
        const [x] = item.options.translation as [number, number];
        return [x - half, x + half] as const;
      });
      expect(spans).to.have.length(6);
      for (let i = 1; i < spans.length; i++) {
        expect(spans[i]![0] - spans[i - 1]![1], `gap between bar names ${i} and ${i + 1} at ${width} px`).to.be.greaterThan(2);
      }
    }
  });

  it('keeps its charts, and its hidden data tables, within the box it is given', async () => {
    const box = await fixture<HTMLDivElement>(
      html`<div style="width: 600px"><bacc-chart .hands=${cardedHands('size')}></bacc-chart></div>`,
    );
    const chart = box.querySelector('bacc-chart')!;
    await chart.updateComplete;
    await nextFrame();
    const plot = chart.shadowRoot!.querySelector('[part="plot"]')!.getBoundingClientRect();
    const drawn = chart.shadowRoot!.querySelector('canvas')!.getBoundingClientRect();
    expect(drawn.width)
      .to.be.greaterThan(0)
      .and.at.most(plot.width + 1);
    expect(drawn.height)
      .to.be.greaterThan(0)
      .and.at.most(plot.height + 1);
    box.style.overflow = 'auto';
    expect(box.scrollWidth).to.be.at.most(box.clientWidth);
    expect(document.documentElement.scrollWidth).to.be.at.most(document.documentElement.clientWidth);
  });

  it('fits the height it is given, both charts in it', async () => {
    const chart = await fixture<BaccChart>(
      html`<bacc-chart style="height: 300px; width: 900px" .hands=${cardedHands('height')}></bacc-chart>`,
    );
    await nextFrame();
    const bottom = chart.getBoundingClientRect().bottom;
    for (const canvas of chart.shadowRoot!.querySelectorAll('canvas')) {
      expect(canvas.getBoundingClientRect().bottom).to.be.at.most(bottom + 1);
      expect(canvas.getBoundingClientRect().height).to.be.greaterThan(100);
    }
  });

  it('fires no event when its properties are set', async () => {
    const el = await fixture<BaccChart>(html`<bacc-chart></bacc-chart>`);
    const fired = await eventsFiredDuring(el, async () => {
      el.hands = cardedHands('events');
      el.rules = makeRules({ decks: 6 });
      el.kind = 'count';
      await el.updateComplete;
    });
    expect(fired).to.have.length(0);
  });

  it('passes an accessibility audit', async () => {
    const el = await fixture<BaccChart>(html`<bacc-chart .hands=${cardedHands('a11y')}></bacc-chart>`);
    await expect(el).to.be.accessible();
  });

  describe('on a wall, a phone and a small embed', () => {
    afterEach(() => setViewport({ width: 800, height: 600 }));

    it('sizes its ticks from its own font size: 24 px text gives ticks of 24 px or more at 1920×1080', async () => {
      await setViewport({ width: 1920, height: 1080 });
      for (const width of [640, 900, 1400]) {
        const el = await fixture<BaccChart>(
          html`<bacc-chart style="font-size: 24px; width: ${width}px; height: 700px" .hands=${cardedHands('wall')}></bacc-chart>`,
        );
        for (const kind of ['count', 'frequencies'] as const) {
          for (const axis of ['x', 'y'] as const) {
            const ticks = labelBoxes(chartOf(el, kind)!, axis);
            expect(ticks.length, `${kind} ${axis} ticks at ${width} px`).to.be.greaterThan(1);
            for (const tick of ticks) expect(tick.size, `${kind} ${axis} tick at ${width} px`).to.be.at.least(24);
          }
        }
        expectBarNamesWhole(chartOf(el, 'frequencies')!, `${width} px`);
        const caption = el.shadowRoot!.querySelector('figcaption')!;
        expect(parseFloat(getComputedStyle(caption).fontSize)).to.be.at.least(24);
        // Out of the way of the next one, which would otherwise sit below the screen, where no chart is made.
        el.remove();
      }
    });

    it('on a phone (390×844), gives each chart room and its bar chart every name whole and its ticks', async () => {
      await setViewport({ width: 390, height: 844 });
      const el = await fixture<BaccChart>(
        html`<bacc-chart style="font-size: 16px; width: 374px" .hands=${cardedHands('phone')}></bacc-chart>`,
      );
      for (const plot of el.shadowRoot!.querySelectorAll('[part="plot"]')) {
        expect(plot.getBoundingClientRect().height).to.be.at.least(150);
      }
      const bars = chartOf(el, 'frequencies')!;
      expectBarNamesWhole(bars, 'a phone');
      expect(labelBoxes(bars, 'y').length).to.be.at.least(3);
    });

    it('in a small embed (640 px tall, a short box), keeps every bar name whole and the value ticks', async () => {
      await setViewport({ width: 800, height: 640 });
      for (const [width, height] of [
        [600, 260],
        [360, 420],
      ] as const) {
        const el = await fixture<BaccChart>(
          html`<bacc-chart style="font-size: 16px; width: ${width}px; height: ${height}px" .hands=${cardedHands('embed')}></bacc-chart>`,
        );
        const bars = chartOf(el, 'frequencies')!;
        expectBarNamesWhole(bars, `${width}×${height}`);
        expect(labelBoxes(bars, 'y').length, `value ticks at ${width}×${height}`).to.be.at.least(3);
      }
    });
  });

  it('draws its charts again once a font face finishes loading, so no text stays in the fallback font', async () => {
    const el = await fixture<BaccChart>(html`<bacc-chart .hands=${handsFromOutcomes('BPB')}></bacc-chart>`);
    const before = [chartOf(el, 'count'), chartOf(el, 'frequencies')];
    const face = new FontFace('Bacc Test Face', 'url(/node_modules/@fontsource/noto-sans-sc/files/noto-sans-sc-98-400-normal.woff2)');
    document.fonts.add(face);
    try {
      await face.load();
      await document.fonts.ready;
      await el.updateComplete;
      const after = [chartOf(el, 'count'), chartOf(el, 'frequencies')];
      for (const [i, chart] of after.entries()) {
        expect(chart).to.be.instanceOf(Chart);
        expect(chart, 'a chart drawn after the face loaded').to.not.equal(before[i]);
      }
    } finally {
      document.fonts.delete(face);
    }
  });

  it('makes no chart while it is out of view (a phone’s charts below its screen), and makes them once it comes into view', async () => {
    const box = await fixture<HTMLDivElement>(
      html`<div>
        <div style="height: 4000px"></div>
        <bacc-chart .hands=${handsFromOutcomes('BPB')}></bacc-chart>
      </div>`,
    );
    const el = box.querySelector('bacc-chart')!;
    await el.updateComplete;
    expect(Chart.getChart(canvas(el, 'count')!)).to.equal(undefined);
    expect(Chart.getChart(canvas(el, 'frequencies')!)).to.equal(undefined);
    el.scrollIntoView();
    await until(() => chartOf(el, 'count') !== undefined && chartOf(el, 'frequencies') !== undefined, 'the charts to be made in view');
    expect(chartOf(el, 'count')!.data.datasets[0]!.data).to.deep.equal([1, 0, 1]);
    window.scrollTo(0, 0);
  });

  it('names the frequency bars in the language the page switches to, on the same chart', async () => {
    const box = await fixture<HTMLDivElement>(html`<div lang="en"><bacc-chart .hands=${handsFromOutcomes('BPT')}></bacc-chart></div>`);
    const el = box.querySelector('bacc-chart')!;
    await el.updateComplete;
    const bars = chartOf(el, 'frequencies')!;
    expect(String(bars.data.labels)).to.contain('Banker');
    box.lang = 'zh-Hans';
    await until(async () => {
      await el.chartsDrawn();
      return String(chartOf(el, 'frequencies')!.data.labels).includes('庄');
    }, 'the bar names in Chinese');
    expect(chartOf(el, 'frequencies')).to.equal(bars);
  });
});
