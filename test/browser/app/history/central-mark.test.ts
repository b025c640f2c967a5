import { expect, fixture, html } from '@open-wc/testing';
import '../../../../components/app/history/bacc-history.js';
import type { BaccHistory } from '../../../../components/app/history/bacc-history.js';
import { closeStorage, openStorage } from '../../../../components/app/shared/data/storage.js';
import { ScoreboardStore } from '../../../../components/app/shared/data/scoreboard-store.js';
import type { ShoeRecord } from '../../../../src/shoes/document.js';
import { shoeAt } from './history-fixtures.js';
import { inAppLocale } from '../../locale-switch.js';

/**
 * History's mark of the shoes the room's recorder acknowledged (as this browser's console heard it):
 * each console shoe says whether it is recorded centrally as it stands; a shoe of another origin,
 * never sent from here, says nothing.
 */

const ofConsole = (shoe: ShoeRecord): ShoeRecord => ({ ...shoe, source: 'recorded', seed: null });
const RECORDED = ofConsole(shoeAt('central-recorded', 'Table 1', '2026-03-03T12:00:00.000Z'));
const CHANGED = ofConsole(shoeAt('central-changed', 'Table 1', '2026-03-02T12:00:00.000Z'));
const NEVER = ofConsole(shoeAt('central-never', 'Table 2', '2026-03-01T12:00:00.000Z'));
const IMPORTED = shoeAt('central-imported', 'Table 3', '2026-02-28T12:00:00.000Z');

let databaseName = '';

afterEach(async () => {
  await closeStorage();
  if (databaseName) await ScoreboardStore.deleteDatabase(databaseName);
  databaseName = '';
});

async function mount(): Promise<BaccHistory> {
  const el = await fixture<BaccHistory>(html`<bacc-history page-size="10"></bacc-history>`);
  await el.refresh();
  return el;
}

/** Each row's mark: its text, and whether it says recorded. */
function marks(el: BaccHistory): Record<string, { text: string; recorded: boolean }> {
  return Object.fromEntries(
    [...el.shadowRoot!.querySelectorAll<HTMLTableRowElement>('tr[data-shoe-id]')].map((row) => {
      const cell = row.querySelector<HTMLElement>('td.central-mark')!;
      return [row.dataset.shoeId!, { text: cell.textContent.trim(), recorded: cell.hasAttribute('data-recorded') }];
    }),
  );
}

describe('<bacc-history> marks the shoes recorded centrally', () => {
  beforeEach(async () => {
    databaseName = `bacc-history-central-${crypto.randomUUID()}`;
    const store = await openStorage({ name: databaseName });
    const mark = (shoe: ShoeRecord) => ({ handCount: shoe.hands.length, at: new Date().toISOString(), recorder: 'recorder-1' });
    for (const shoe of [RECORDED, CHANGED, NEVER]) await store.createShoe(shoe, 'console');
    await store.importShoes([IMPORTED]);
    expect(await store.markRecorded(RECORDED, mark(RECORDED))).to.equal('marked');
    expect(await store.markRecorded(CHANGED, mark(CHANGED))).to.equal('marked');
    // A hand corrected after the acknowledgement: no longer the shoe the recorder has.
    await store.replaceHand(CHANGED.id, 0, CHANGED.hands[1]!);
  });

  it('says which console shoe is recorded centrally as it stands, after a reload too, and says it in Chinese', async () => {
    const expected = {
      [RECORDED.id]: { text: 'yes', recorded: true },
      [CHANGED.id]: { text: 'not yet', recorded: false },
      [NEVER.id]: { text: 'not yet', recorded: false },
      [IMPORTED.id]: { text: '', recorded: false },
    };
    let el = await mount();
    expect(marks(el)).to.deep.equal(expected);
    const header = () => [...el.shadowRoot!.querySelectorAll('th')].map((th) => th.textContent.trim());
    expect(header()).to.include('Recorded centrally');

    // A reload: the page's storage opened again, a new History.
    el.remove();
    await closeStorage();
    await openStorage({ name: databaseName });
    el = await mount();
    expect(marks(el)).to.deep.equal(expected);

    await inAppLocale('zh-Hans', el, () => {
      expect(header()).to.include('已存入记录服务器');
      expect(marks(el)[RECORDED.id]).to.deep.equal({ text: '是', recorded: true });
      expect(marks(el)[CHANGED.id]).to.deep.equal({ text: '尚未', recorded: false });
    });
  });
});
