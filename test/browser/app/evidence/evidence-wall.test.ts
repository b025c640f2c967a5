import { expect, fixture, html } from '@open-wc/testing';
import { configureLocalization } from '@lit/localize';
import { setViewport } from '@web/test-runner-commands';
import { Chart } from 'chart.js';
import '../../../../components/app/evidence/bacc-evidence.js';
import type { BaccEvidence } from '../../../../components/app/evidence/bacc-evidence.js';
import { measurementSentence } from '../../../../components/app/evidence/evidence-sentences.js';
import { tallyHands, tallyOutcomeShoes, tallyRun } from '../../../../src/evidence/evidence.js';
import { measurements, type OutcomeMeasurement } from '../../../../src/evidence/measurements.js';
import { templates as common } from '../../../../components/app/locales/zh-Hans/common.js';
import { templates as evidence } from '../../../../components/app/locales/zh-Hans/evidence.js';
import { until } from '../../../support/wait.js';

/**
 * `<bacc-evidence>` as a wall screen shows it (`?mode=evidence`, the attract panel): in a box of
 * the screen's size, the charts and the sentences on screen together without input, the pages of
 * sentences turning by themselves; the hands counted said honestly; the charts' axes fixed.
 */

const localization = configureLocalization({
  sourceLocale: 'en',
  targetLocales: ['zh-Hans'],
  loadLocale: () => Promise.resolve({ templates: { ...common, ...evidence } }),
});

const charts = (element: BaccEvidence) =>
  [...element.shadowRoot!.querySelectorAll('canvas')].map((canvas) => Chart.getChart(canvas)).filter((chart) => chart !== undefined);

/** The sentences a person sees: in the element's box, not hidden. */
function visibleSentences(element: BaccEvidence): { text: string; top: number; bottom: number }[] {
  return [...element.shadowRoot!.querySelectorAll('li')]
    .filter((li) => getComputedStyle(li).visibility !== 'hidden')
    .map(
      (li) => ({ text: li.textContent.trim(), ...li.getBoundingClientRect().toJSON() }) as { text: string; top: number; bottom: number },
    );
}

describe('bacc-evidence on a wall screen', function () {
  this.timeout(60_000);

  afterEach(async () => {
    await localization.setLocale('en');
    await setViewport({ width: 800, height: 600 });
  });

  for (const [width, height] of [
    [1920, 1080],
    [1280, 720],
  ] as const) {
    for (const locale of ['en', 'zh-Hans'] as const) {
      it(`shows the six charts and a page of whole sentences at once at ${width}×${height} (${locale}), the pages turning by themselves`, async () => {
        await setViewport({ width, height });
        await localization.setLocale(locale);
        const element = await fixture<BaccEvidence>(
          html`<div style="position: fixed; inset: 0"><bacc-evidence page-seconds="0.3"></bacc-evidence></div>`,
        ).then((box) => box.querySelector('bacc-evidence')!);
        element.showTally(tallyRun('wall', 100_000, 8));
        await element.updateComplete;
        await until(() => charts(element).length === 6, 'the six charts');
        for (const canvas of element.shadowRoot!.querySelectorAll('canvas')) {
          const box = canvas.getBoundingClientRect();
          expect(box.height, 'a chart of some height').to.be.above(80);
          expect(box.bottom, 'a chart on screen').to.be.at.most(height);
        }
        const first = visibleSentences(element);
        expect(first.length, 'sentences on screen').to.be.at.least(6);
        for (const sentence of first) {
          expect(sentence.top, sentence.text).to.be.at.least(0);
          expect(sentence.bottom, sentence.text).to.be.at.most(height);
        }
        expect(element.scrollHeight).to.be.at.most(element.clientHeight);
        // The headline dragon first; the page after the pinned ones turns, with nothing done.
        expect(first.slice(0, 3).map((s) => s.text)).to.deep.equal(element.sentences.slice(0, 3));
        const page = first.slice(3).map((s) => s.text);
        await until(() => visibleSentences(element)[3]?.text !== page[0], 'the next page', 3_000);
        const next = visibleSentences(element);
        expect(next.slice(0, 3).map((s) => s.text)).to.deep.equal(first.slice(0, 3).map((s) => s.text));
        for (const sentence of next) expect(sentence.bottom, sentence.text).to.be.at.most(height);
      });
    }
  }

  it('puts first the sentences whose interval excludes the fresh shoe, then the dragons', async () => {
    const element = await fixture<BaccEvidence>(html`<bacc-evidence></bacc-evidence>`);
    element.showTally(tallyRun('order', 100_000, 8));
    await element.updateComplete;
    const list = element.measurements;
    const excluded = list.filter((m) => m.excludesExact).map((m) => measurementSentence(m, list));
    expect(element.sentences.slice(0, excluded.length)).to.deep.equal(excluded);
    const sixBankers = element.sentences.findIndex((s) => s.startsWith('After 6 bankers in a row'));
    expect(sixBankers).to.be.below(excluded.length + 3);
  });

  it('says how many hands the figures rest on after a cancel: the hands tallied in order', async () => {
    const element = await fixture<BaccEvidence>(html`<bacc-evidence hands="100000000" seed="cancelled"></bacc-evidence>`);
    element.start();
    const run = element.currentRun!;
    await until(() => run.handsCounted >= 200_000, '200,000 hands counted', 60_000, 5);
    // Straight after a merge, before the next report a quarter of a second later.
    await until(() => run.handsCounted > 300_000, 'the next merge', 60_000, 1);
    element.cancel();
    await element.updateComplete;
    const allHands = element.measurements.find((m) => m.id === 'all-hands')!;
    expect(allHands.n).to.equal(run.handsCounted);
    expect(element.shadowRoot!.querySelector('.hands')!.textContent).to.equal(
      `${run.handsCounted.toLocaleString('en')} of 100,000,000 hands`,
    );
  });

  it('says "1 deck", and refuses a seed `bacc evidence` refuses (over 200 characters)', async () => {
    const element = await fixture<BaccEvidence>(html`<bacc-evidence decks="1" seed=${'s'.repeat(201)}></bacc-evidence>`);
    expect(element.shadowRoot!.querySelector('.decks')!.textContent).to.equal('1 deck');
    element.start();
    await element.updateComplete;
    expect(element.currentRun).to.equal(null);
    expect(element.shadowRoot!.querySelector('.status')!.textContent).to.match(/seed cannot be used: a seed is 1 to 200 characters/);
    element.seed = 's'.repeat(200);
    element.hands = 1;
    element.start();
    expect(element.currentRun!.seed).to.equal('s'.repeat(200));
    element.cancel();
    await localization.setLocale('zh-Hans');
    await element.updateComplete;
    expect(element.shadowRoot!.querySelector('.decks')!.textContent).to.equal('1 副牌');
  });

  it('draws shares on 40–60% around the 50% line and returns on −5 to +5 per 100, not fitted to the data', async () => {
    const element = await fixture<BaccEvidence>(html`<bacc-evidence></bacc-evidence>`);
    element.showTally(tallyRun('axes', 2_000_000, 8));
    await element.updateComplete;
    await until(() => charts(element).length === 6, 'the six charts');
    const axis = (group: string) => {
      const scale = Chart.getChart(element.shadowRoot!.querySelector<HTMLCanvasElement>(`canvas[data-group="${group}"]`)!)!.scales['y']!;
      return [scale.min, scale.max];
    };
    for (const group of ['banker-runs', 'player-runs', 'chops', 'marks', 'predictions']) expect(axis(group), group).to.deep.equal([40, 60]);
    expect(axis('strategies')).to.deep.equal([-5, 5]);
    // A few hands: wide intervals widen the axis, never below 0%.
    element.showTally(tallyOutcomeShoes(['BPBBPPBPBTBBPB']));
    await element.updateComplete;
    await until(() => axis('banker-runs')[0] !== 40, 'the axis widened');
    expect(axis('banker-runs')).to.deep.equal([0, 100]);
  });
});

describe('evidence sentences: the figures agree with the words', () => {
  const base = () => measurements(tallyRun('digits', 50_000, 8), 8).find((m) => m.id === 'after-banker-run-2') as OutcomeMeasurement;

  it('gives the ends of a tie interval that excludes the fresh shoe, to the digits that show it', () => {
    const m = base();
    const exact = m.exact.tie;
    // An interval just above the exact figure: at one decimal both would print alike.
    const crafted: OutcomeMeasurement = {
      ...m,
      excludesExact: true,
      observed: { ...m.observed, tie: exact + 0.0015 },
      ci95: { ...m.ci95, tie: [exact + 0.0000061, exact + 0.003] },
      by: { ...m.by, tie: 0.0000061 },
    };
    const sentence = measurementSentence(crafted);
    const match =
      /Ties were [\d.]+% of these hands \(95% interval ([\d.]+)%–([\d.]+)%\), above a fresh shoe's ([\d.]+)% by ([\d.]+) percentage points\./.exec(
        sentence,
      );
    expect(match, sentence).to.not.equal(null);
    const [low, high, fresh, by] = match!.slice(1).map(Number) as [number, number, number, number];
    expect(low).to.be.above(fresh);
    expect(high).to.be.above(low);
    expect(by).to.be.above(0);
    expect(Math.abs(low - fresh - by)).to.be.below(by);
  });

  it('says a condition never seen is not seen yet, and ties alone are no decided hand', () => {
    const list = measurements(tallyOutcomeShoes(['TTT']), 8);
    expect(measurementSentence(list.find((m) => m.id === 'all-hands')!)).to.equal('No decided hand yet: only ties so far.');
    expect(measurementSentence(list.find((m) => m.id === 'after-banker-run-6')!)).to.equal(
      'After 6 bankers in a row: not seen yet in these shoes.',
    );
    expect(measurementSentence(measurements(tallyOutcomeShoes([]), 8).find((m) => m.id === 'all-hands')!)).to.equal('No hand dealt yet.');
    expect(tallyHands(tallyOutcomeShoes(['TTT']))).to.equal(3);
  });
});

describe('evidence sentences: a distance printed as the ends are', () => {
  it('prints an interval ending 0.08 points below the fresh shoe 49.32% as 49.24%, by 0.08, not 49.2% by 0.1', () => {
    const m = measurements(tallyRun('near', 50_000, 8), 8).find((x) => x.id === 'after-player-run-2') as OutcomeMeasurement;
    const exact = m.exact.player;
    const crafted: OutcomeMeasurement = {
      ...m,
      excludesExact: true,
      ci95: { ...m.ci95, player: [exact - 0.004, exact - 0.0008] },
      observed: { ...m.observed, player: exact - 0.0013 },
      by: { ...m.by, player: -0.0008, tie: 0 },
    };
    const sentence = measurementSentence(crafted);
    const match =
      /Its 95% interval, ([\d.]+)%–([\d.]+)%, excludes a fresh shoe's ([\d.]+)%: it lies below it by ([\d.]+) percentage points\./.exec(
        sentence,
      );
    expect(match, sentence).to.not.equal(null);
    const [, high, fresh, by] = match!.slice(1).map(Number) as [number, number, number, number];
    expect(by).to.equal(0.08);
    expect(Math.abs(fresh - high - by)).to.be.at.most(0.011);
  });
});
