/** Each row of the history names its shoe to a screen reader: its buttons and its big-road picture. */
import { expect, fixture, html } from '@open-wc/testing';
import '../../../../components/app/history/bacc-history.js';
import type { BaccHistory } from '../../../../components/app/history/bacc-history.js';
import { closeStorage, openStorage } from '../../../../components/app/shared/data/storage.js';
import { useLocale } from '../../../../components/app/shared/localization.js';
import { ScoreboardStore } from '../../../../components/app/shared/data/scoreboard-store.js';
import { thumbnailDescription } from '../../../../components/app/history/big-road-thumbnail.js';
import { shoeAt } from './history-fixtures.js';

describe('<bacc-history> row names', () => {
  const shoes = [
    shoeAt('names-1', 'Table 1', new Date(2026, 11, 1, 14, 2).toISOString()),
    shoeAt('names-2', 'Table 2', new Date(2026, 11, 1, 15, 30).toISOString()),
  ];
  let databaseName = '';

  beforeEach(async () => {
    databaseName = `bacc-history-names-${crypto.randomUUID()}`;
    await (await openStorage({ name: databaseName })).importShoes(shoes);
  });
  afterEach(async () => {
    await closeStorage();
    await ScoreboardStore.deleteDatabase(databaseName);
  });

  async function mount(): Promise<BaccHistory> {
    const el = await fixture<BaccHistory>(html`<bacc-history></bacc-history>`);
    await el.refresh();
    return el;
  }

  const row = (el: BaccHistory, id: string) => el.shadowRoot!.querySelector(`tr[data-shoe-id="${id}"]`)!;

  const labels = (el: BaccHistory, id: string) =>
    [...row(el, id).querySelectorAll('button')].map((button) => button.getAttribute('aria-label'));

  it('names every button of a row with its shoe as the messages do (table, shoe number, start), after the words on the button', async () => {
    const el = await mount();
    expect(labels(el, shoes[0]!.id)).to.deep.equal([
      'Replay Table 1, shoe 1, started 2026-12-01 14:02',
      'JSON file of Table 1, shoe 1, started 2026-12-01 14:02',
      'CSV file of Table 1, shoe 1, started 2026-12-01 14:02',
      'PNG picture of Table 1, shoe 1, started 2026-12-01 14:02',
      'Delete Table 1, shoe 1, started 2026-12-01 14:02…',
    ]);
    const other = row(el, shoes[1]!.id).querySelector('[data-action="replay"]')!;
    expect(other.getAttribute('aria-label')).to.equal('Replay Table 2, shoe 1, started 2026-12-01 15:30');
    await expect(el).to.be.accessible();
  });

  it('gives two shoes of one table started in the same minute buttons of different names', async () => {
    const sameMinute = shoeAt('names-4', 'Table 1', new Date(2026, 11, 1, 14, 2, 40).toISOString());
    await (await openStorage({ name: databaseName })).importShoes([sameMinute]);
    const el = await mount();
    const first = labels(el, shoes[0]!.id);
    const second = labels(el, sameMinute.id);
    expect(second[4]).to.equal('Delete Table 1, shoe 2, started 2026-12-01 14:02…');
    for (let index = 0; index < first.length; index++) expect(first[index]).not.to.equal(second[index]);
    const everyName = [...el.shadowRoot!.querySelectorAll('tbody button')].map((button) => button.getAttribute('aria-label'));
    expect(new Set(everyName).size).to.equal(everyName.length);
  });

  it('names the buttons with the shoe in Chinese too', async () => {
    await useLocale('zh-Hans');
    try {
      const el = await mount();
      expect(labels(el, shoes[0]!.id)).to.deep.equal([
        '回放 Table 1，第 1 靴，开始于 2026-12-01 14:02',
        'Table 1，第 1 靴，开始于 2026-12-01 14:02 的 JSON 文件',
        'Table 1，第 1 靴，开始于 2026-12-01 14:02 的 CSV 文件',
        'Table 1，第 1 靴，开始于 2026-12-01 14:02 的 PNG 图片',
        '删除 Table 1，第 1 靴，开始于 2026-12-01 14:02…',
      ]);
    } finally {
      await useLocale('en');
    }
  });

  it("shows each shoe's number on its table that day, in a column of its own", async () => {
    const later = shoeAt('names-3', 'Table 1', new Date(2026, 11, 1, 16, 0).toISOString());
    await (await openStorage({ name: databaseName })).importShoes([later]);
    const el = await mount();
    const headers = [...el.shadowRoot!.querySelectorAll('thead th')].map((th) => th.textContent.trim());
    expect(headers.slice(0, 2)).to.deep.equal(['Table', 'Shoe']);
    const numberOf = (id: string) => row(el, id).querySelector('td.shoe-number')!.textContent.trim();
    expect([numberOf(shoes[0]!.id), numberOf(later.id), numberOf(shoes[1]!.id)]).to.deep.equal(['1', '2', '1']);
  });

  it('gives the big-road picture its columns in words', async () => {
    const el = await mount();
    const picture = row(el, shoes[0]!.id).querySelector('svg.thumbnail')!;
    expect(picture.getAttribute('role')).to.equal('img');
    expect(picture.hasAttribute('aria-hidden')).to.equal(false);
    expect(picture.getAttribute('aria-label')).to.match(/^Big Road, \d+ columns?: column 1 (banker|player) \d+/);
  });

  it('describes a picture as the big road does: a run per column, ties with the hand before them', () => {
    expect(thumbnailDescription('TBBBTPB')).to.equal(
      'Big Road, 3 columns, 1 tie before the first column: column 1 banker 3, 1 tie; column 2 player 1; column 3 banker 1',
    );
    expect(thumbnailDescription('')).to.equal('Big Road: nothing yet');
  });
});
