import { expect, fixture, html } from '@open-wc/testing';
import '../../../../components/app/history/bacc-history.js';
import type { BaccHistory } from '../../../../components/app/history/bacc-history.js';
import { closeStorage, openStorage } from '../../../../components/app/shared/data/storage.js';
import { ScoreboardStore } from '../../../../components/app/shared/data/scoreboard-store.js';
import {
  parseShoeDocument,
  ShoeDocumentError,
  shoeDocumentText,
  simulateShoeRecords,
  type ShoeRecord,
} from '../../../../src/shoes/document.js';
import { checkShoes } from '../../../../components/app/history/import-checks.js';
import { shoeAt } from './history-fixtures.js';
import { until } from '../../../support/wait.js';

/** A large export: 3,000 simulated shoes of 30 hands (about 14 MB of JSON), made once for every test below. */
const BIG_COUNT = 3000;
let bigShoes: ShoeRecord[] = [];
let bigText = '';
/** Two shoes stored before each import, to show that a refused or cancelled one leaves them alone. */
const STORED = [shoeAt('progress-1', 'Table 1', '2026-03-01T12:00:00.000Z'), shoeAt('progress-2', 'Table 1', '2026-03-02T12:00:00.000Z')];

let databaseName = '';
let store: ScoreboardStore;

function jsonFile(text: string): File {
  return new File([text], 'big.json', { type: 'application/json' });
}

async function mount(): Promise<BaccHistory> {
  const el = await fixture<BaccHistory>(html`<bacc-history page-size="5"></bacc-history>`);
  await el.refresh();
  return el;
}

function notice(el: BaccHistory): HTMLElement | null {
  return el.shadowRoot!.querySelector<HTMLElement>('[part="notice"]:not(.storage-trouble)');
}

function progressBar(el: BaccHistory): HTMLProgressElement | null {
  return el.shadowRoot!.querySelector<HTMLProgressElement>('.import-progress progress');
}

async function storedCount(): Promise<number> {
  return (await store.listShoes({ limit: 1 })).total;
}

/** What the progress bar showed while `during` ran. */
interface Watch {
  /** [value, max, accessible name] of the bar each time the page drew it anew, in order. */
  seen: [number, number, string][];
  /** How many animation frames the page drew meanwhile. */
  frames: number;
}

/**
 * Runs `during` while recording every state of the progress bar the page renders (a MutationObserver
 * sees each change as it is made, however busy the machine: sampling once a frame would miss a stage
 * shorter than a frame) and counting the frames the page draws.
 */
async function watchImport(el: BaccHistory, during: () => Promise<void>): Promise<Watch> {
  const watch: Watch = { seen: [], frames: 0 };
  const record = (): void => {
    const bar = progressBar(el);
    if (!bar) return;
    // A <progress> inside its <label>: the label's text is the bar's accessible name.
    const state: [number, number, string] = [bar.value, bar.max, bar.labels[0]?.textContent?.replace(/\s+/g, ' ').trim() ?? ''];
    const last = watch.seen.at(-1);
    if (!last || last.some((part, i) => part !== state[i])) watch.seen.push(state);
  };
  const observer = new MutationObserver(record);
  observer.observe(el.shadowRoot!, { subtree: true, childList: true, characterData: true, attributes: true });
  let running = true;
  const frame = (): void => {
    watch.frames++;
    if (running) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  try {
    await during();
  } finally {
    running = false;
    record();
    observer.disconnect();
  }
  return watch;
}

describe('<bacc-history> importing a large file', function () {
  this.timeout(60_000);

  before(() => {
    // Unseeded, so a shoe cut short is still a valid one (a seeded shoe must be all its seed deals).
    bigShoes = simulateShoeRecords({ shoes: BIG_COUNT, table: 'Big table', now: () => new Date('2026-03-05T12:00:00.000Z') }).map(
      (shoe) => ({ ...shoe, hands: shoe.hands.slice(0, 30) }),
    );
    bigText = shoeDocumentText(bigShoes);
  });

  beforeEach(async () => {
    databaseName = `bacc-import-progress-test-${crypto.randomUUID()}`;
    store = await openStorage({ name: databaseName });
    await store.importShoes(STORED);
  });

  afterEach(async () => {
    await closeStorage();
    await ScoreboardStore.deleteDatabase(databaseName);
  });

  it('shows a progress bar that moves through reading, checking and storing, keeps the page drawing, and stores every shoe', async () => {
    const el = await mount();
    const file = jsonFile(bigText);
    const watch = await watchImport(el, () => el.importFile(file));
    expect(notice(el)!.textContent).to.equal(`Imported ${BIG_COUNT} shoes (0 already stored).`);
    expect(await storedCount()).to.equal(BIG_COUNT + STORED.length);
    expect(progressBar(el)).to.equal(null);

    const values = watch.seen.map(([value]) => value);
    expect(new Set(values).size, 'distinct values of the bar').to.be.greaterThan(5);
    values.slice(1).forEach((value, i) => expect(value, `state ${i + 1}`).to.be.at.least(values[i]!));
    expect(new Set(watch.seen.map(([, max]) => max))).to.deep.equal(new Set([3]));
    const names = watch.seen.map(([, , name]) => name);
    expect(
      names.some((name) => /^Reading "big\.json": [\d.]+ (KB|MB) of [\d.]+ MB$/.test(name)),
      'reading',
    ).to.equal(true);
    expect(
      names.some((name) => new RegExp(`^Checking the shoes of "big\\.json": \\d+ of ${BIG_COUNT}$`).test(name)),
      'checking',
    ).to.equal(true);
    expect(
      names.some((name) => new RegExp(`^Storing the shoes of "big\\.json": \\d+ of ${BIG_COUNT}$`).test(name)),
      'storing',
    ).to.equal(true);
    // The page kept drawing while it worked. How long its tasks take is measured, not asserted (the
    // machines are shared: timing targets live in benchmarks).
    expect(watch.frames, 'frames drawn while it worked').to.be.greaterThan(3);
  });

  it('refuses a large file whose last shoe is wrong, naming it, and changes nothing stored', async () => {
    const document = JSON.parse(bigText) as { shoes: { hands: { outcome: string }[] }[] };
    const hand = document.shoes[BIG_COUNT - 1]!.hands[2]!;
    hand.outcome = hand.outcome === 'B' ? 'P' : 'B';
    const el = await mount();
    const file = jsonFile(JSON.stringify(document));
    const watch = await watchImport(el, () => el.importFile(file));
    expect(notice(el)!.getAttribute('role')).to.equal('alert');
    expect(notice(el)!.textContent).to.match(
      new RegExp(
        `^"big\\.json" is not a valid shoe export: shoe ${BIG_COUNT} \\(id "[^"]+"\\), hand 3, outcome: the cards .* give .*Nothing was imported\\.$`,
      ),
    );
    expect(await storedCount()).to.equal(STORED.length);
    // The page kept drawing while it worked. How long its tasks take is measured, not asserted (the
    // machines are shared: timing targets live in benchmarks).
    expect(watch.frames, 'frames drawn while it worked').to.be.greaterThan(3);
  });

  for (const step of ['Checking', 'Storing']) {
    it(`stores nothing when Cancel is pressed while ${step.toLowerCase()}`, async () => {
      const el = await mount();
      const importing = el.importFile(jsonFile(bigText));
      await until(
        () => {
          const bar = progressBar(el);
          const name = bar?.labels[0]?.textContent?.trim() ?? '';
          return name.startsWith(step) && !/: 0 of/.test(name);
        },
        `${step.toLowerCase()} under way`,
        30_000,
      );
      const cancel = el.shadowRoot!.querySelector<HTMLButtonElement>('[data-action="cancel-import"]')!;
      expect(cancel.textContent.trim()).to.equal('Cancel import');
      cancel.click();
      await importing;
      expect(notice(el)!.textContent).to.equal('Import cancelled. Nothing was imported.');
      expect(progressBar(el)).to.equal(null);
      expect(await storedCount()).to.equal(STORED.length);
    });
  }

  it('does the work on the page, a slice at a time, where there are no workers', async () => {
    const shoes = bigShoes.slice(0, 500);
    const worker = window.Worker;
    (window as { Worker?: typeof Worker }).Worker = undefined;
    try {
      const el = await mount();
      const file = jsonFile(shoeDocumentText(shoes));
      const watch = await watchImport(el, () => el.importFile(file));
      expect(notice(el)!.textContent).to.equal('Imported 500 shoes (0 already stored).');
      expect(await storedCount()).to.equal(500 + STORED.length);
      expect(watch.seen.some(([, , name]) => /^Checking the shoes of "big\.json": [1-9]\d* of 500$/.test(name))).to.equal(true);
      // Between the stages a frame is drawn: the whole file read is seen before it is parsed.
      expect(watch.seen.some(([, , name]) => /^Reading "big\.json": ([\d.]+ [KM]B) of \1$/.test(name))).to.equal(true);
      // The page kept drawing while it worked. How long its tasks take is measured, not asserted (the
      // machines are shared: timing targets live in benchmarks).
      expect(watch.frames, 'frames drawn while it worked').to.be.greaterThan(3);
    } finally {
      window.Worker = worker;
    }
  });
});

describe('checking the shoes one at a time', () => {
  const FOUR = ['a', 'b', 'c', 'd'].map((seed, i) => shoeAt(`check-${seed}`, 'Table 2', `2026-03-0${i + 1}T12:00:00.000Z`));
  const now = new Date('2026-03-10T12:00:00.000Z');
  const work = { onProgress: () => undefined, pause: () => Promise.resolve() };
  const documentOf = (change: (shoes: Record<string, unknown>[]) => void): unknown => {
    const document = JSON.parse(shoeDocumentText(FOUR)) as { shoes: Record<string, unknown>[] };
    change(document.shoes);
    return document;
  };
  const cases: [string, unknown][] = [
    ['a good document', documentOf(() => undefined)],
    // parseShoeDocument checks every shoe's shape before any shoe's content: the fourth shoe's missing field comes first.
    [
      'a bad table name in shoe 1 and a missing field in shoe 4',
      documentOf((shoes) => {
        shoes[0]!.table = '';
        delete shoes[3]!.startedAt;
      }),
    ],
    ['two shoes with one id', documentOf((shoes) => (shoes[2]!.id = shoes[0]!.id))],
    ['a field of the wrong type in shoe 2', documentOf((shoes) => (shoes[1]!.table = 5))],
    ['a newer version', { ...(documentOf(() => undefined) as object), version: 3 }],
    ['no list of shoes', { format: 'baccarat-shoes', version: 1, shoes: 'none' }],
    ['not an object', [1, 2]],
  ];
  for (const [what, input] of cases) {
    it(`gives what parseShoeDocument gives for ${what}`, async () => {
      const whole = (() => {
        try {
          return parseShoeDocument(input, now).shoes;
        } catch (error) {
          return error;
        }
      })();
      const chunked = await checkShoes(input, work, now).catch((error: unknown) => error);
      if (whole instanceof ShoeDocumentError) {
        expect(chunked).to.be.instanceOf(ShoeDocumentError);
        expect((chunked as ShoeDocumentError).message).to.equal(whole.message);
      } else {
        expect(chunked).to.deep.equal(whole);
      }
    });
  }
});
