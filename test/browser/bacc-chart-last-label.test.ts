import { expect, fixture, html } from '@open-wc/testing';
import { Chart } from 'chart.js';
import { setViewport } from '@web/test-runner-commands';
import '../../components/define/chart.js';
import type { BaccChart } from '../../components/bacc-chart.js';
import { handsFromOutcomes } from '../../src/roads/roads.js';

/**
 * The count chart's hand numbers along the bottom: the last one drawn sits under the last point, at
 * the right edge of the plot, and must be drawn whole inside the canvas at every hand of a shoe
 * (issue #28: chart.js spaced the right edge by a sample of the labels that missed the last one, and
 * cut "10" or "100" in half). Sizes as the kiosk lays the chart out on a wall, a portrait wall and a
 * phone (width and text size of its "more" panel), and a chart embedded alone in a 640×360 frame.
 */
const LAYOUTS = [
  { screen: '1920×1080 wall', viewport: [1920, 1080], style: 'width: 934px; height: 257px; font-size: 25.92px' },
  { screen: '1080×1920 wall', viewport: [1080, 1920], style: 'width: 1050px; height: 322px; font-size: 25.92px' },
  { screen: '390×844 phone', viewport: [390, 844], style: 'width: 376px; height: 330px; font-size: 14px' },
  { screen: '640×360 embed', viewport: [640, 360], style: 'width: 640px; height: 360px; font-size: 16px' },
] as const;

/** More than a shoe's hands, so that the numbers pass from one digit to two and from two to three. */
const OUTCOMES = 'BBPBTPPBPBBBPTPBPPBB'.repeat(6).slice(0, 112);

/** The last hand number the x axis draws, and the box its glyphs cover on the canvas, in the canvas's CSS pixels. */
function lastLabelBox(chart: Chart): { label: string; left: number; right: number } {
  const items = chart.scales.x!.getLabelItems();
  const last = items[items.length - 1]!;
  const context = chart.ctx;
  context.save();
  context.font = last.font.string;
  context.textAlign = last.options.textAlign as CanvasTextAlign;
  const label = String(last.label);
  const metrics = context.measureText(label);
  context.restore();
  const [x] = last.options.translation as [number, number];
  return { label, left: x - metrics.actualBoundingBoxLeft, right: x + metrics.actualBoundingBoxRight };
}

describe('<bacc-chart kind="count">: the last hand number along the bottom', () => {
  afterEach(() => setViewport({ width: 800, height: 600 }));

  for (const { screen, viewport, style } of LAYOUTS) {
    it(`is drawn whole inside the canvas after every hand, 1 to ${OUTCOMES.length}, on a ${screen}`, async () => {
      await setViewport({ width: viewport[0], height: viewport[1] });
      const el = await fixture<BaccChart>(html`<bacc-chart kind="count" style=${style}></bacc-chart>`);
      const outside: string[] = [];
      for (let hands = 1; hands <= OUTCOMES.length; hands++) {
        el.hands = handsFromOutcomes(OUTCOMES.slice(0, hands));
        await el.chartsDrawn();
        const canvas = el.shadowRoot!.querySelector<HTMLCanvasElement>('canvas.count')!;
        const chart = Chart.getChart(canvas)!;
        expect(chart.data.labels, `hand numbers after ${hands} hands`).to.have.length(hands);
        const box = lastLabelBox(chart);
        if (box.left < 0 || box.right > chart.width) {
          outside.push(`after ${hands} hands, "${box.label}" spans ${box.left.toFixed(1)}–${box.right.toFixed(1)} of ${chart.width}`);
        }
      }
      expect(outside, `last x label outside the canvas on a ${screen}`).to.deep.equal([]);
    });
  }
});
