import { expect, fixture, html } from '@open-wc/testing';
import { configureLocalization } from '@lit/localize';
import '../../../../components/app/evidence/bacc-evidence.js';
import type { BaccEvidence, EvidenceDoneDetail } from '../../../../components/app/evidence/bacc-evidence.js';
import { EvidenceRun, createEvidenceWorker } from '../../../../components/app/evidence/evidence-run.js';
import { measurementSentence } from '../../../../components/app/evidence/evidence-sentences.js';
import { tallyOutcomeShoes, tallyRun } from '../../../../src/evidence/evidence.js';
import { measurements, type Measurement } from '../../../../src/evidence/measurements.js';
import { templates as common } from '../../../../components/app/locales/zh-Hans/common.js';
import { templates as evidence } from '../../../../components/app/locales/zh-Hans/evidence.js';
import { delay, until } from '../../../support/wait.js';

/**
 * `<bacc-evidence>` in Chromium with real module workers: the run completes and fills the table,
 * gives the Node function's table for the same seed whatever the number of workers, cancel stops
 * every worker, and a tally that departs from a fresh shoe is said to, with by how much, in both
 * languages.
 */

// This page's own localization: the app's zh-Hans.ts gains the evidence templates separately.
const localization = configureLocalization({
  sourceLocale: 'en',
  targetLocales: ['zh-Hans'],
  loadLocale: () => Promise.resolve({ templates: { ...common, ...evidence } }),
});

/** Measurements as JSON, so NaN (no hands) compares as null, as `bacc evidence` prints it. */
const asJson = (list: readonly Measurement[]) => JSON.parse(JSON.stringify(list)) as unknown;

function done(element: BaccEvidence): Promise<EvidenceDoneDetail> {
  return new Promise((resolve) => element.addEventListener('bacc-evidence-done', (event) => resolve(event.detail), { once: true }));
}

describe('bacc-evidence', function () {
  this.timeout(30_000);

  afterEach(async () => {
    await localization.setLocale('en');
  });

  it('runs to 100% and shows every question: six charts and one sentence each', async () => {
    const element = await fixture<BaccEvidence>(html`<bacc-evidence hands="200000" seed="page-1"></bacc-evidence>`);
    const finished = done(element);
    element.start();
    const detail = await finished;
    await element.updateComplete;
    const root = element.shadowRoot!;
    expect(root.querySelector('progress')!.value).to.equal(1);
    expect(detail.hands).to.be.at.least(200_000);
    expect(detail.seed).to.equal('page-1');
    expect(detail.measurements).to.have.length(40);
    expect(root.querySelectorAll('canvas')).to.have.length(6);
    expect(element.sentences).to.have.length(40);
    expect(root.textContent).to.contain('page-1');
    expect(root.querySelector('.status')!.textContent).to.match(/^Done: [\d,]+ hands in/);
    // Whole shoes take the count past the hands asked: said so, never "of" over 100%.
    expect(root.querySelector('.hands')!.textContent).to.equal(`${detail.hands.toLocaleString('en')} hands (whole shoes; 200,000 asked)`);
    expect(element.currentRun!.liveWorkers).to.equal(0);
    const sixBankers = [...root.querySelectorAll('ol li')].find((li) => li.textContent.startsWith('After 6 bankers in a row'));
    expect(sixBankers!.textContent).to.match(
      /the next decided hand was banker \d+\.\d+% of the time \(±\d+\.\d+%\) in [\d,]+ hands; a fresh shoe gives 50\.\d+%\./,
    );
  });

  it('gives the table tallyRun gives in this thread for the same seed, with 1 or 3 workers', async () => {
    const seed = 'same-table';
    const expected = asJson(measurements(tallyRun(seed, 300_000, 8), 8));
    for (const workers of [1, 3]) {
      const element = await fixture<BaccEvidence>(html`<bacc-evidence hands="300000" seed=${seed} workers=${workers}></bacc-evidence>`);
      const finished = done(element);
      element.start();
      const detail = await finished;
      expect(detail.workers).to.equal(workers);
      expect(asJson(detail.measurements)).to.deep.equal(expected);
    }
  });

  it('starts one worker per core the browser reports and stops them all on cancel: no reply after it', async () => {
    const live = new Set<Worker>();
    const run = new EvidenceRun({
      seed: 'cancel',
      hands: 10_000_000,
      decks: 8,
      createWorker: () => {
        const worker = createEvidenceWorker();
        live.add(worker);
        const terminate = worker.terminate.bind(worker);
        worker.terminate = () => {
          live.delete(worker);
          terminate();
        };
        return worker;
      },
    });
    run.start();
    expect(live.size).to.equal(Math.max(1, navigator.hardwareConcurrency));
    await until(() => run.handsCounted > 0, 'a counted hand', 30_000);
    run.cancel();
    const counted = run.handsCounted;
    expect(live.size).to.equal(0);
    expect(run.liveWorkers).to.equal(0);
    expect(run.state).to.equal('cancelled');
    await delay(300);
    expect(run.repliesAfterEnd).to.equal(0);
    expect(run.handsCounted).to.equal(counted);
    expect(run.progress).to.be.below(1);
  });

  it('takes chunks back in batches: 1 M hands in tens of replies, not one a chunk of 25 shoes, with the same table', async () => {
    let replies = 0;
    const run = new EvidenceRun({
      seed: 'batches',
      hands: 1_000_000,
      decks: 8,
      workers: 2,
      createWorker: () => {
        const worker = createEvidenceWorker();
        worker.addEventListener('message', () => replies++);
        return worker;
      },
    });
    run.start();
    await until(() => run.state === 'done', 'the run to finish', 30_000);
    // About 500 chunks of 2,000 hands, 20 a reply.
    expect(replies).to.be.below(60);
    expect(asJson(measurements(run.plan.tally, 8))).to.deep.equal(asJson(measurements(tallyRun('batches', 1_000_000, 8), 8)));
  });

  it("cancels from its button, and when it leaves the page (a kiosk's panel in turn)", async () => {
    const element = await fixture<BaccEvidence>(html`<bacc-evidence hands="10000000" autostart></bacc-evidence>`);
    const button = element.shadowRoot!.querySelector('button')!;
    expect(element.running).to.equal(true);
    expect(button.textContent.trim()).to.equal('Cancel');
    button.click();
    await element.updateComplete;
    expect(element.currentRun!.state).to.equal('cancelled');
    expect(element.currentRun!.liveWorkers).to.equal(0);
    expect(button.textContent.trim()).to.equal('Start');

    button.click();
    const run = element.currentRun!;
    expect(run.liveWorkers).to.be.at.least(1);
    element.remove();
    expect(run.state).to.equal('cancelled');
    expect(run.liveWorkers).to.equal(0);
  });

  it('says where an interval excludes the fresh shoe, and by how much, in English and Chinese', async () => {
    // A crooked stream: banker after banker far more than a fresh shoe gives.
    const shoes = Array.from({ length: 400 }, () => 'BBBBBBPBBBBBBBPPBBBBBBBTBBBBBP'.repeat(2));
    const element = await fixture<BaccEvidence>(html`<bacc-evidence></bacc-evidence>`);
    element.showTally(tallyOutcomeShoes(shoes));
    await element.updateComplete;
    const items = () => [...element.shadowRoot!.querySelectorAll('ol li')].map((li) => li.textContent.trim());
    const all = items().find((text) => text.startsWith('Of '))!;
    expect(all).to.match(
      /banker won \d+\.\d+% .*Its 95% interval, [\d.]+%–[\d.]+%, excludes a fresh shoe's [\d.]+%: it lies above it by [\d.]+ percentage points\./,
    );
    // Those whose interval excludes the fresh shoe's figure lead, in bold.
    expect(element.shadowRoot!.querySelector('ol.pinned li')!.hasAttribute('data-excludes')).to.equal(true);

    await localization.setLocale('zh-Hans');
    await element.updateComplete;
    const zhAll = items().find((text) => text.startsWith('在 '))!;
    expect(zhAll).to.match(/庄赢 \d+\.\d+%.*其 95% 置信区间 [\d.]+%–[\d.]+% 不含全新牌靴的 [\d.]+%：高出 [\d.]+ 个百分点。/);
    expect(element.shadowRoot!.querySelector('button')!.textContent.trim()).to.equal('开始');
  });

  it('keeps a tiny effect: the distance is given to two significant digits, never rounded to 0', () => {
    const m = measurements(tallyRun('tiny', 50_000, 8), 8).find((x) => x.id === 'after-banker-run-6')!;
    if (m.kind !== 'next-hand') throw new Error('not a next-hand measurement');
    const crafted: Measurement = { ...m, excludesExact: true, by: { banker: -0.000123, player: 0.000123, tie: 0 } };
    expect(measurementSentence(crafted)).to.match(
      /^After 6 bankers in a row, .* Its 95% interval, [\d.]+%–[\d.]+%, excludes a fresh shoe's [\d.]+%: it lies below it by 0\.012 percentage points\.$/,
    );
    const strategy = measurements(tallyRun('tiny', 50_000, 8), 8).find((x) => x.id === 'strategy-follow-run')!;
    const all = [strategy];
    expect(measurementSentence(strategy, all)).to.match(
      /^Always following the current run returned −?\d+\.\d+ per 100 staked \(±\d+\.\d+\) over [\d,]+ hands; a fresh shoe gives −\d+\.\d+\./,
    );
  });
});
