/** An imported shoe whose number a stored shoe of its table and day has gets the next free one, and History says which (issue #14, point 4). */
import { expect, fixture, html } from '@open-wc/testing';
import '../../../../components/app/history/bacc-history.js';
import type { BaccHistory } from '../../../../components/app/history/bacc-history.js';
import { closeStorage, openStorage } from '../../../../components/app/shared/data/storage.js';
import { useLocale } from '../../../../components/app/shared/localization.js';
import { ScoreboardStore } from '../../../../components/app/shared/data/scoreboard-store.js';
import { shoeDocumentText } from '../../../../src/shoes/document.js';
import { shoeAt } from './history-fixtures.js';

/** A time as History's rows show it: local, "2026-03-01 10:00". */
function shown(iso: string): string {
  const date = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}`;
}

const STORED = shoeAt('renumber-stored', 'Table 1', '2026-03-01T10:00:00.000Z');
// Each of them is shoe 1 of its file: Table 1 has a shoe 1 on that UTC day already.
const IN_FILE = [shoeAt('renumber-a', 'Table 1', '2026-03-01T11:00:00.000Z'), shoeAt('renumber-b', 'Table 1', '2026-03-01T12:00:00.000Z')];

describe('<bacc-history> importing shoes whose numbers are taken', () => {
  let databaseName = '';
  let store: ScoreboardStore;

  beforeEach(async () => {
    databaseName = `bacc-import-renumber-${crypto.randomUUID()}`;
    store = await openStorage({ name: databaseName });
    await store.importShoes([STORED]);
  });
  afterEach(async () => {
    await useLocale('en');
    await closeStorage();
    await ScoreboardStore.deleteDatabase(databaseName);
  });

  async function importFile(shoes = IN_FILE): Promise<string> {
    const el = await fixture<BaccHistory>(html`<bacc-history page-size="5"></bacc-history>`);
    await el.refresh();
    await el.importFile(new File([shoeDocumentText(shoes)], 'shoes.json', { type: 'application/json' }));
    await el.updateComplete;
    return el.shadowRoot!.querySelector('[part="notice"]:not(.storage-trouble)')!.textContent;
  }

  it('stores them under the next free numbers of their table and day, and says which were renumbered', async () => {
    expect(IN_FILE.map((shoe) => shoe.number)).to.deep.equal([1, 1]);
    const text = await importFile();
    const [a, b] = IN_FILE.map((shoe) => shown(shoe.startedAt));
    expect(text).to.equal(
      `Imported 2 shoes (0 already stored). 2 shoes' numbers were taken, so they got the next free ones: Table 1, ${a}, shoe 1 is now shoe 2; Table 1, ${b}, shoe 1 is now shoe 3.`,
    );
    const numbers = await Promise.all([STORED, ...IN_FILE].map(async (shoe) => (await store.getShoe(shoe.id))?.number));
    expect(numbers).to.deep.equal([1, 2, 3]);
  });

  it('says it for one shoe, in Chinese too', async () => {
    await useLocale('zh-Hans');
    const text = await importFile([IN_FILE[0]!]);
    expect(text).to.equal(
      `已导入 1 靴（0 靴已存在）。 有 1 靴的编号已被占用，已改用下一个空闲编号：Table 1，${shown(IN_FILE[0]!.startedAt)}，第 1 靴现为第 2 靴。`,
    );
  });

  it('says nothing of numbers when none was taken', async () => {
    const text = await importFile([shoeAt('renumber-other-day', 'Table 1', '2026-03-02T11:00:00.000Z')]);
    expect(text).to.equal('Imported 1 shoe (0 already stored).');
  });
});
