import { expect, fixture, html } from '@open-wc/testing';
import { configureLocalization } from '@lit/localize';
import { Chart, type Plugin } from 'chart.js';
import '../../../../components/app/evidence/bacc-evidence.js';
import type { BaccEvidence } from '../../../../components/app/evidence/bacc-evidence.js';
import { CHINESE_FONT_FAMILY } from '../../../../components/app/shared/chinese-font.js';
import { CHINESE_FONT_RANGES } from '../../../../components/app/fonts/noto-sans-sc-ranges.js';
import { tallyRun } from '../../../../src/evidence/evidence.js';
import { templates as common } from '../../../../components/app/locales/zh-Hans/common.js';
import { templates as evidence } from '../../../../components/app/locales/zh-Hans/evidence.js';
import { until } from '../../../support/wait.js';

/**
 * `<bacc-evidence>` coming and going, as the attract kiosk shows it after each shoe: a removed
 * element (its charts, workers and listeners with it) can be collected, and in Chinese its charts
 * wait for the Chinese font, since chart.js draws their labels once on a canvas, which a font that
 * arrives later does not redraw (a screen without a CJK font of its own would keep empty boxes).
 * This page is apart from evidence.test.ts: the font is loaded here by the element, not by a test before.
 */

const localization = configureLocalization({
  sourceLocale: 'en',
  targetLocales: ['zh-Hans'],
  loadLocale: () => Promise.resolve({ templates: { ...common, ...evidence } }),
});

/** The Chinese faces of one slice, as loadChineseFont declares them. */
const sliceFaces = (slice: keyof typeof CHINESE_FONT_RANGES) =>
  [...document.fonts].filter(
    (face) => face.family.replace(/"/g, '') === CHINESE_FONT_FAMILY && face.unicodeRange === CHINESE_FONT_RANGES[slice],
  );

/** The charts in an element's shadow root, once each is drawn. */
const charts = (element: BaccEvidence) =>
  [...element.shadowRoot!.querySelectorAll('canvas')].map((canvas) => Chart.getChart(canvas)).filter((chart) => chart !== undefined);

/**
 * A full collection of the page's heap, run in a task of its own: nothing on the stack, and no
 * WeakRef's target kept (a `deref()` keeps it until its job ends). A loop making garbage instead did
 * not reliably reach one in 20 s on a busy machine, and the check in its condition kept the first
 * live element through each collection it caused.
 */
async function fullCollection(): Promise<void> {
  const collect = (globalThis as { gc?: (options: { type: 'major'; execution: 'async' }) => Promise<void> }).gc;
  if (!collect) throw new Error('gc() is not exposed: web-test-runner.config.mjs launches Chromium with --js-flags=--expose-gc');
  await collect({ type: 'major', execution: 'async' });
}

/**
 * Puts an element on the page that deals, draws its six charts, and leaves. Made here, not in the
 * test's loop: a suspended async function may keep the last value of a variable of its own alive.
 */
async function dealDrawAndLeave(): Promise<WeakRef<BaccEvidence>> {
  const element = document.createElement('bacc-evidence');
  element.hands = 100_000;
  element.workers = 1;
  element.autostart = true;
  document.body.append(element);
  await until(() => charts(element).length === 6, 'the charts of a running element');
  element.remove();
  return new WeakRef(element);
}

describe('bacc-evidence on and off the page', function () {
  this.timeout(60_000);

  afterEach(async () => {
    await localization.setLocale('en');
  });

  it('draws its Chinese charts only once the Chinese font, the evidence slice too, is loaded', async () => {
    // Each chart's first draw: whether both slices' faces were loaded then, and the labels drawn.
    const firstDraws = new Map<Chart, { loaded: boolean; labels: string[] }>();
    const spy: Plugin = {
      id: 'evidence-font-spy',
      beforeDraw(chart) {
        if (firstDraws.has(chart)) return;
        const faces = [...sliceFaces('app'), ...sliceFaces('evidence')];
        firstDraws.set(chart, {
          loaded: faces.length === 4 && faces.every((face) => face.status === 'loaded'),
          labels: (chart.data.labels ?? []).map(String),
        });
      },
    };
    Chart.register(spy);
    try {
      await localization.setLocale('zh-Hans');
      const element = await fixture<BaccEvidence>(html`<bacc-evidence></bacc-evidence>`);
      element.showTally(tallyRun('font', 20_000, 8));
      await element.updateComplete;
      await until(() => charts(element).length === 6, 'the six charts');
      const drawn = charts(element).map((chart) => firstDraws.get(chart)!);
      expect(drawn.map((draw) => draw.loaded)).to.deep.equal([true, true, true, true, true, true]);
      const labels = drawn.flatMap((draw) => draw.labels).join('');
      expect(labels).to.match(/\p{Script=Han}/u);
      expect(document.fonts.check(`400 16px "${CHINESE_FONT_FAMILY}"`, labels)).to.equal(true);
    } finally {
      Chart.unregister(spy);
    }
  });

  it('draws at once in English, without fetching the Chinese font', async () => {
    const element = await fixture<BaccEvidence>(html`<bacc-evidence></bacc-evidence>`);
    element.showTally(tallyRun('english', 20_000, 8));
    await element.updateComplete;
    // One chart a frame, the six in six frames or so.
    await until(() => charts(element).length === 6, 'the six charts', 2_000);
  });

  it('lets ten elements that dealt, drew and left the page be collected', async () => {
    const removed: WeakRef<BaccEvidence>[] = [];
    for (let i = 0; i < 10; i++) removed.push(await dealDrawAndLeave());
    // What is still holding one at first (a frame it asked for, a worker being terminated) lets go
    // within a few frames; an element kept by a chart, a worker's handler, a listener or a timer never does.
    for (let round = 0; round < 20 && removed.some((ref) => ref.deref() !== undefined); round++) {
      await new Promise(requestAnimationFrame);
      await fullCollection();
    }
    expect(removed.filter((ref) => ref.deref() !== undefined).length).to.equal(0);
  });
});
