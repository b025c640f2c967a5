import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../../components/app/history/bacc-history.js';
import type { BaccHistory } from '../../../../components/app/history/bacc-history.js';
import type { BaccReplay } from '../../../../components/app/history/bacc-replay.js';
import { closeStorage, openStorage } from '../../../../components/app/shared/data/storage.js';
import { TableChannel } from '../../../../components/app/shared/data/table-channel.js';
import { ScoreboardStore } from '../../../../components/app/shared/data/scoreboard-store.js';
import { shoeDocumentText, simulateShoeRecords, type ShoeRecord } from '../../../../src/shoes/document.js';
import { eventsFiredDuring } from '../../event-spy.js';
import { captureDownloads, shoeAt } from './history-fixtures.js';
import { delay, until } from '../../../support/wait.js';
import { inAppLocale } from '../../locale-switch.js';
import { useLocale } from '../../../../components/app/shared/localization.js';

/** Twelve shoes on three tables, one a day from 1 to 12 March 2026 (noon, local time). */
const SHOES: ShoeRecord[] = Array.from({ length: 12 }, (_, i) =>
  shoeAt(`history-${i}`, ['Table 1', 'Table 2', 'Table 3'][i % 3]!, new Date(2026, 2, i + 1, 12).toISOString()),
);
/** Newest first, as history lists them. */
const NEWEST_FIRST = [...SHOES].reverse().map((shoe) => shoe.id);

let databaseName = '';
let store: ScoreboardStore;

async function useDatabase(shoes: readonly ShoeRecord[]): Promise<void> {
  databaseName = `bacc-history-test-${crypto.randomUUID()}`;
  store = await openStorage({ name: databaseName });
  await store.importShoes(shoes);
}

async function mount(pageSize = 5): Promise<BaccHistory> {
  const el = await fixture<BaccHistory>(html`<bacc-history page-size=${pageSize}></bacc-history>`);
  await el.refresh();
  return el;
}

function rows(el: BaccHistory): HTMLTableRowElement[] {
  return [...el.shadowRoot!.querySelectorAll<HTMLTableRowElement>('tr[data-shoe-id]')];
}

function shownIds(el: BaccHistory): string[] {
  return rows(el).map((row) => row.dataset.shoeId!);
}

function control<T extends HTMLElement>(el: BaccHistory, selector: string): T {
  const found = el.shadowRoot!.querySelector<T>(selector);
  if (!found) throw new Error(`no ${selector}`);
  return found;
}

function rowButton(el: BaccHistory, id: string, action: string): HTMLButtonElement {
  return rows(el)
    .find((row) => row.dataset.shoeId === id)!
    .querySelector<HTMLButtonElement>(`[data-action="${action}"]`)!;
}

function notice(el: BaccHistory): HTMLElement | null {
  return el.shadowRoot!.querySelector<HTMLElement>('[part="notice"]:not(.storage-trouble)');
}

async function change(el: BaccHistory, selector: string, value: string): Promise<void> {
  // The date filters are drawn in the frame after the first page.
  await until(() => el.shadowRoot!.querySelector(selector) !== null, selector);
  const input = control<HTMLInputElement | HTMLSelectElement>(el, selector);
  input.value = value;
  input.dispatchEvent(new Event('change'));
  await el.refresh();
}

async function storedIds(): Promise<string[]> {
  return (await store.listShoes({ limit: 1000 })).shoes.map((shoe) => shoe.id).sort();
}

/** The element with the focus inside the history (or inside the replay it shows). */
function focused(el: BaccHistory): Element | null {
  const active = el.shadowRoot!.activeElement;
  return active?.shadowRoot?.activeElement ?? active ?? null;
}

/** Deletes a shoe as a keyboard user does: Delete…, then Enter on the confirmation's Delete. */
async function deleteByKeyboard(el: BaccHistory, id: string): Promise<void> {
  rowButton(el, id, 'delete').focus();
  await sendKeys({ press: 'Enter' });
  await el.updateComplete;
  rowButton(el, id, 'confirm-delete').focus();
  await sendKeys({ press: 'Enter' });
  await until(() => !shownIds(el).includes(id) && focused(el) !== null, 'the row to go and the focus to land');
}

/** What another window does after writing a shoe: tells every window on the table channel. */
function announceChange(shoe: ShoeRecord): void {
  const channel = new TableChannel();
  channel.post({ shoeId: shoe.id, table: shoe.table, handCount: shoe.hands.length });
  channel.close();
}

function jsonFile(text: string, name = 'shoes.json'): File {
  return new File([text], name, { type: 'application/json' });
}

afterEach(async () => {
  await closeStorage();
  if (databaseName) await ScoreboardStore.deleteDatabase(databaseName);
  databaseName = '';
});

describe('<bacc-history>', () => {
  describe('the list', () => {
    beforeEach(() => useDatabase(SHOES));

    it('shows its first page by itself when the page opened its storage before it (as the kiosk does)', async () => {
      // No refresh() here: the storage is already open when the element arrives.
      const el = await fixture<BaccHistory>(html`<bacc-history page-size="5"></bacc-history>`);
      await until(() => rows(el).length === 5, 'the first page');
      expect(shownIds(el)).to.deep.equal(NEWEST_FIRST.slice(0, 5));
    });

    it('lists stored shoes newest first, a page at a time', async () => {
      const el = await mount(5);
      expect(shownIds(el)).to.deep.equal(NEWEST_FIRST.slice(0, 5));
      expect(control(el, '[data-action="previous-page"]').hasAttribute('disabled')).to.be.true;
      control(el, '[data-action="next-page"]').click();
      await el.refresh();
      expect(shownIds(el)).to.deep.equal(NEWEST_FIRST.slice(5, 10));
      control(el, '[data-action="next-page"]').click();
      await el.refresh();
      expect(shownIds(el)).to.deep.equal(NEWEST_FIRST.slice(10));
      expect(control(el, '.page-position').textContent).to.contain('Shoes 11–12 of 12 (page 3 of 3)');
      expect(control(el, '[data-action="next-page"]').hasAttribute('disabled')).to.be.true;
      control(el, '[data-action="previous-page"]').click();
      await el.refresh();
      expect(shownIds(el)).to.deep.equal(NEWEST_FIRST.slice(5, 10));
    });

    it('filters by table, offering the stored tables', async () => {
      const el = await mount(20);
      const options = [...el.shadowRoot!.querySelectorAll('select[name="table"] option')].map((option) => option.textContent.trim());
      expect(options).to.deep.equal(['All tables', 'Table 1', 'Table 2', 'Table 3']);
      await change(el, 'select[name="table"]', 'Table 2');
      expect(shownIds(el)).to.deep.equal(
        SHOES.filter((shoe) => shoe.table === 'Table 2')
          .reverse()
          .map((shoe) => shoe.id),
      );
      for (const row of rows(el)) expect(row.querySelector('.table-name')!.textContent).to.equal('Table 2');
    });

    it('draws the date filters after the first page is on screen, in boxes of their size, so that nothing moves', async () => {
      const el = document.createElement('bacc-history');
      el.pageSize = 20;
      document.body.append(el);
      try {
        // The moment the rows are first drawn: what stands in the date fields' place then.
        let atFirstRows: { placeholders: number[][]; dateFields: number; listTop: number } | null = null;
        const observer = new MutationObserver(() => {
          if (atFirstRows !== null || rows(el).length === 0) return;
          atFirstRows = {
            placeholders: [...el.shadowRoot!.querySelectorAll('.date-placeholder')].map((box) => [
              box.getBoundingClientRect().width,
              box.getBoundingClientRect().height,
            ]),
            dateFields: el.shadowRoot!.querySelectorAll('input[type="date"]').length,
            listTop: control(el, 'table').getBoundingClientRect().top,
          };
        });
        observer.observe(el.shadowRoot!, { childList: true, subtree: true });
        await until(() => el.shadowRoot!.querySelectorAll('input[type="date"]').length === 2, 'the date fields');
        observer.disconnect();
        const first = atFirstRows as unknown as { placeholders: number[][]; dateFields: number; listTop: number };
        expect(first.dateFields, 'no date field with the first rows').to.equal(0);
        expect(first.placeholders, 'two placeholders with the first rows').to.have.length(2);
        const fields = [...el.shadowRoot!.querySelectorAll('input[type="date"]')];
        expect(fields.map((field) => field.getAttribute('name'))).to.deep.equal(['from', 'to']);
        fields.forEach((field, index) => {
          const { width, height } = field.getBoundingClientRect();
          expect(width).to.be.closeTo(first.placeholders[index]![0]!, 0.5);
          expect(height).to.be.closeTo(first.placeholders[index]![1]!, 0.5);
        });
        expect(el.shadowRoot!.querySelector('.date-placeholder')).to.equal(null);
        expect(control(el, 'table').getBoundingClientRect().top).to.be.closeTo(first.listTop, 0.5);
      } finally {
        el.remove();
      }
    });

    it('filters by start date, both days included', async () => {
      const el = await mount(20);
      await change(el, 'input[name="from"]', '2026-03-04');
      await change(el, 'input[name="to"]', '2026-03-06');
      expect(shownIds(el)).to.deep.equal([SHOES[5]!.id, SHOES[4]!.id, SHOES[3]!.id]);
      await change(el, 'select[name="table"]', 'Table 1');
      // Of 4, 5 and 6 March only the 4th (index 3) was at Table 1.
      expect(shownIds(el)).to.deep.equal([SHOES[3]!.id]);
      await change(el, 'input[name="from"]', '2026-03-05');
      expect(shownIds(el)).to.deep.equal([]);
      expect(el.shadowRoot!.textContent).to.contain('No stored shoe matches these filters.');
    });

    it('shows each shoe’s hand, banker, player and tie counts and a big-road picture', async () => {
      const el = await mount(20);
      for (const shoe of SHOES) {
        const row = rows(el).find((r) => r.dataset.shoeId === shoe.id)!;
        const count = (outcome: string) => String(shoe.hands.filter((hand) => hand.outcome === outcome).length);
        expect(row.querySelector('.hand-count')!.textContent).to.equal(String(shoe.hands.length));
        expect(row.querySelector('.banker-count')!.textContent).to.equal(count('B'));
        expect(row.querySelector('.player-count')!.textContent).to.equal(count('P'));
        expect(row.querySelector('.tie-count')!.textContent).to.equal(count('T'));
        expect(row.querySelector('svg.thumbnail path.banker')!.getAttribute('d')).to.match(/^M/);
        expect(row.querySelector('svg.thumbnail path.player')!.getAttribute('d')).to.match(/^M/);
      }
    });

    it('deletes a shoe only after the confirmation, and only that shoe', async () => {
      const el = await mount(5);
      const victim = NEWEST_FIRST[1]!;
      rowButton(el, victim, 'delete').click();
      await el.updateComplete;
      expect(await storedIds()).to.have.length(12);
      // The safe choice has the focus.
      expect(el.shadowRoot!.activeElement?.getAttribute('data-action')).to.equal('cancel-delete');
      rowButton(el, victim, 'cancel-delete').click();
      await el.updateComplete;
      expect(await storedIds()).to.have.length(12);
      rowButton(el, victim, 'delete').click();
      await el.updateComplete;
      rowButton(el, victim, 'confirm-delete').click();
      await until(() => !shownIds(el).includes(victim), 'the row to go');
      expect(await storedIds()).to.deep.equal(
        SHOES.map((shoe) => shoe.id)
          .filter((id) => id !== victim)
          .sort(),
      );
      expect(await store.getShoe(victim)).to.equal(undefined);
      expect(shownIds(el)).to.deep.equal(NEWEST_FIRST.filter((id) => id !== victim).slice(0, 5));
    });

    it('opens a shoe in the replay and comes back to the list', async () => {
      const el = await mount(5);
      rowButton(el, NEWEST_FIRST[2]!, 'replay').click();
      await until(() => el.shadowRoot!.querySelector('bacc-replay') !== null, 'the replay');
      const replay = el.shadowRoot!.querySelector<BaccReplay>('bacc-replay')!;
      expect(replay.shoe).to.deep.equal(SHOES[9]);
      replay.shadowRoot!.querySelector<HTMLButtonElement>('button')!.click();
      await until(() => rows(el).length === 5, 'the list again');
    });

    it('puts the focus in the replay it opens, so its keys work at once, and back on that shoe’s Replay button after', async () => {
      const el = await mount(5);
      const id = NEWEST_FIRST[2]!;
      rowButton(el, id, 'replay').focus();
      await sendKeys({ press: 'Enter' });
      await until(() => el.shadowRoot!.querySelector('bacc-replay') !== null, 'the replay');
      const replay = el.shadowRoot!.querySelector<BaccReplay>('bacc-replay')!;
      await until(() => focused(el) !== null, 'the focus in the replay');
      expect(focused(el)!.getAttribute('data-action')).to.equal('play');
      // No Tab first: the arrow keys step at once.
      await sendKeys({ press: 'ArrowLeft' });
      await replay.updateComplete;
      expect(replay.hands.length).to.equal(replay.handCount - 1);
      replay.shadowRoot!.querySelector<HTMLButtonElement>('[data-action="close"]')!.focus();
      await sendKeys({ press: 'Enter' });
      await until(() => rows(el).length === 5 && focused(el) !== null, 'the list again, with the focus');
      expect(focused(el)).to.equal(rowButton(el, id, 'replay'));
    });

    it('moves the focus after a delete to the next shoe’s Replay button, or the one before', async () => {
      const el = await mount(5);
      await deleteByKeyboard(el, NEWEST_FIRST[1]!);
      expect(focused(el)).to.equal(rowButton(el, NEWEST_FIRST[2]!, 'replay'));
      // Last page (shoes 11 and 12 of 11 left: the 10th and 11th of the newest-first list)
      control(el, '[data-action="next-page"]').click();
      await el.refresh();
      control(el, '[data-action="next-page"]').click();
      await el.refresh();
      expect(shownIds(el)).to.deep.equal([NEWEST_FIRST[11]!]);
      // The only row of the last page: the list goes back a page and the focus to the shoe before.
      await deleteByKeyboard(el, NEWEST_FIRST[11]!);
      expect(control(el, '.page-position').textContent).to.contain('page 2 of 2');
      expect(focused(el)).to.equal(rowButton(el, NEWEST_FIRST[10]!, 'replay'));
      // The last row of a full last page: the shoe before.
      await deleteByKeyboard(el, NEWEST_FIRST[10]!);
      expect(focused(el)).to.equal(rowButton(el, NEWEST_FIRST[9]!, 'replay'));
    });

    it('keeps the page, the filters and the focus when another window changes a shoe', async () => {
      const el = await mount(2);
      // Chosen by keyboard as a person does (All tables, Table 1, Table 2), not set by script.
      control(el, 'select[name="table"]').focus();
      await sendKeys({ press: 'ArrowDown' });
      await sendKeys({ press: 'ArrowDown' });
      await el.refresh();
      expect(shownIds(el)).to.deep.equal([SHOES[10]!.id, SHOES[7]!.id]);
      control(el, '[data-action="next-page"]').click();
      await el.refresh();
      // Table 2 newest first: 10, 7, 4, 1; page 2 shows 4 and 1.
      expect(shownIds(el)).to.deep.equal([SHOES[4]!.id, SHOES[1]!.id]);
      rowButton(el, SHOES[4]!.id, 'export-csv').focus();
      // Another window starts a shoe at Table 2 and one at a new table listed before it.
      const late = [
        shoeAt('late-table-0', 'Table 0', new Date(2026, 2, 20, 12).toISOString()),
        shoeAt('late-table-2', 'Table 2', new Date(2026, 2, 21, 12).toISOString()),
      ];
      await store.importShoes(late);
      announceChange(late[1]!);
      await until(() => shownIds(el)[0] === SHOES[7]!.id, 'the refreshed page');
      expect(shownIds(el)).to.deep.equal([SHOES[7]!.id, SHOES[4]!.id]);
      expect(control(el, '.page-position').textContent).to.contain('page 2 of 3');
      const select = control<HTMLSelectElement>(el, 'select[name="table"]');
      expect(select.value).to.equal('Table 2');
      expect(select.selectedOptions[0]!.textContent).to.equal('Table 2');
      expect(focused(el)).to.equal(rowButton(el, SHOES[4]!.id, 'export-csv'));

      // Another window deletes the shoe with the focus: it goes to the first button of the shoe that took its row.
      rowButton(el, SHOES[7]!.id, 'export-csv').focus();
      await store.deleteShoe(SHOES[7]!.id);
      announceChange(SHOES[7]!);
      await until(() => !shownIds(el).includes(SHOES[7]!.id), 'the refreshed page');
      expect(shownIds(el)).to.deep.equal([SHOES[4]!.id, SHOES[1]!.id]);
      expect(focused(el)).to.equal(rowButton(el, SHOES[4]!.id, 'replay'));
    });

    it('shows the storage used and whether the browser keeps the shoes', async () => {
      const el = await mount(5);
      await until(() => /used of/.test(control(el, '.storage').textContent), 'the estimate');
      await until(() => /space runs low/.test(control(el, '.storage').textContent), 'the persistence answer');
    });

    it('fires no events when its properties are set', async () => {
      const el = await mount(5);
      const fired = await eventsFiredDuring(el, async () => {
        el.pageSize = 3;
        el.maxImportBytes = 1000;
        await el.refresh();
      });
      expect(fired).to.deep.equal([]);
      expect(shownIds(el)).to.deep.equal(NEWEST_FIRST.slice(0, 3));
    });

    it('is accessible', async () => {
      const el = await mount(5);
      await expect(el).to.be.accessible();
      rowButton(el, NEWEST_FIRST[0]!, 'delete').click();
      await el.updateComplete;
      await expect(el).to.be.accessible();
    });
  });

  describe('deleting', () => {
    const open = { ...shoeAt('history-open', 'Table 4', new Date(2026, 2, 20, 12).toISOString()), endedAt: null };

    it('warns, before deleting a shoe still in play, that a console or the kiosk may be recording it', async () => {
      await useDatabase(SHOES.slice(0, 2));
      await store.createShoe(open, 'console');
      const el = await mount(5);
      rowButton(el, open.id, 'delete').click();
      // History first asks whether a console holds the table (none does here: its shoe may be deleted).
      await until(() => el.shadowRoot!.querySelector('#delete-question') !== null, 'the question');
      const question = control(el, '#delete-question').textContent.replace(/\s+/g, ' ').trim();
      expect(question).to.contain('still in play');
      expect(question).to.contain('a console or the attract kiosk may be recording it');
      expect(question).to.contain(`Delete it and its ${open.hands.length} hands for good?`);
      // The safe choice has the focus, and tells a screen reader the warning.
      expect(el.shadowRoot!.activeElement?.getAttribute('data-action')).to.equal('cancel-delete');
      expect(el.shadowRoot!.activeElement?.getAttribute('aria-describedby')).to.equal('delete-question');
      await expect(el).to.be.accessible();
      rowButton(el, open.id, 'confirm-delete').click();
      await until(() => !shownIds(el).includes(open.id), 'the row to go');
      expect(await store.getShoe(open.id)).to.equal(undefined);
    });

    it('asks the ordinary question for an ended shoe, and for an imported open one that nothing writes', async () => {
      await useDatabase([SHOES[0]!, { ...open, id: 'history-imported-open' }]);
      const el = await mount(5);
      for (const id of [SHOES[0]!.id, 'history-imported-open']) {
        rowButton(el, id, 'delete').click();
        await el.updateComplete;
        const question = control(el, '#delete-question').textContent;
        expect(question).to.match(/^\s*Delete this shoe and its \d+ hands for good\?\s*$/);
        rowButton(el, id, 'cancel-delete').click();
        await el.updateComplete;
      }
    });

    it('tells other windows (a table display) which shoe was deleted', async () => {
      await useDatabase([SHOES[0]!, SHOES[1]!]);
      const el = await mount(5);
      const heard: { shoeId: string; table: string }[] = [];
      const channel = new TableChannel((message) => heard.push({ shoeId: message.shoeId, table: message.table }));
      try {
        await deleteByKeyboard(el, SHOES[1]!.id);
        await until(() => heard.length > 0, 'the message');
        expect(heard).to.deep.equal([{ shoeId: SHOES[1]!.id, table: SHOES[1]!.table }]);
      } finally {
        channel.close();
      }
    });

    it('leaves the focus on the heading when the last shoe is deleted', async () => {
      await useDatabase([SHOES[0]!]);
      const el = await mount(5);
      await deleteByKeyboard(el, SHOES[0]!.id);
      expect(focused(el)).to.equal(control(el, 'h1'));
      expect(el.shadowRoot!.textContent).to.contain('No shoes are stored yet.');
    });
  });

  describe('import', () => {
    beforeEach(() => useDatabase(SHOES.slice(0, 3)));

    it('adds every shoe of a good file, and says how many were already stored', async () => {
      const el = await mount(20);
      const incoming = [SHOES[2]!, SHOES[3]!, SHOES[4]!];
      await el.importFile(jsonFile(shoeDocumentText(incoming)));
      expect(notice(el)!.textContent).to.equal('Imported 2 shoes (1 already stored).');
      expect(notice(el)!.getAttribute('role')).to.equal('status');
      expect(await storedIds()).to.deep.equal(
        SHOES.slice(0, 5)
          .map((shoe) => shoe.id)
          .sort(),
      );
      expect(shownIds(el)).to.deep.equal(
        SHOES.slice(0, 5)
          .reverse()
          .map((shoe) => shoe.id),
      );
    });

    it('tells other windows: another History shows the imported shoes, and the news says they were imported', async () => {
      const el = await mount(20);
      const other = await mount(20);
      const heard: { shoeId: string; origin?: string }[] = [];
      const channel = new TableChannel((message) => heard.push({ shoeId: message.shoeId, origin: message.origin }));
      try {
        // The first shoe of the file is stored already: the news names the first one added.
        await el.importFile(jsonFile(shoeDocumentText([SHOES[2]!, SHOES[5]!, SHOES[6]!])));
        await until(() => shownIds(other)[0] === SHOES[6]!.id, 'the other History to show the import');
        expect(shownIds(other)).to.deep.equal(shownIds(el));
        expect(heard).to.deep.equal([{ shoeId: SHOES[5]!.id, origin: 'import' }]);
        // A file whose shoes are all stored already changes nothing, and says nothing.
        await el.importFile(jsonFile(shoeDocumentText([SHOES[5]!])));
        await delay(100);
        expect(heard).to.have.length(1);
      } finally {
        channel.close();
      }
    });

    it('reads the file chosen in its file input', async () => {
      const el = await mount(20);
      const input = control<HTMLInputElement>(el, 'input[type="file"]');
      expect(input.accept).to.contain('.json');
      const transfer = new DataTransfer();
      transfer.items.add(jsonFile(shoeDocumentText([SHOES[6]!])));
      input.files = transfer.files;
      input.dispatchEvent(new Event('change'));
      await until(() => notice(el)?.textContent?.startsWith('Imported') ?? false, 'the import');
      expect(notice(el)!.textContent).to.equal('Imported 1 shoe (0 already stored).');
      expect(shownIds(el)[0]).to.equal(SHOES[6]!.id);
    });

    const broken: [string, () => File, RegExp][] = [
      [
        'text that breaks off',
        () => jsonFile('{"format": "baccarat-shoes", '),
        /^"shoes\.json" is not JSON: it breaks off at line 1, column 30\. Nothing was imported\.$/,
      ],
      [
        'text with a character JSON does not allow',
        () => jsonFile('{\n  "format": "baccarat-shoes",\n  "shoes": [,]\n}'),
        /^"shoes\.json" is not JSON: it has an unexpected character at line 3, column 13\. Nothing was imported\.$/,
      ],
      [
        'a file that is not JSON at all',
        () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'roads.png', { type: 'image/png' }),
        /"roads\.png" is not a JSON file \(type image\/png\)/,
      ],
      [
        'a field of the wrong type',
        () => {
          const document = JSON.parse(shoeDocumentText([SHOES[7]!, SHOES[8]!])) as { shoes: { hands: Record<string, unknown>[] }[] };
          document.shoes[1]!.hands[4]!.natural = 'yes';
          return jsonFile(JSON.stringify(document));
        },
        /shoe 2 \(id "[^"]+"\), hand 5, natural/,
      ],
      [
        'a hand whose cards contradict its outcome',
        () => {
          const document = JSON.parse(shoeDocumentText([SHOES[7]!, SHOES[8]!])) as { shoes: { hands: { outcome: string }[] }[] };
          const hand = document.shoes[1]!.hands[2]!;
          hand.outcome = hand.outcome === 'B' ? 'P' : 'B';
          return jsonFile(JSON.stringify(document));
        },
        /shoe 2 \(id "[^"]+"\), hand 3, outcome: the cards .* give/,
      ],
      [
        'a file over the size limit',
        () => jsonFile(shoeDocumentText([SHOES[7]!]) + ' '.repeat(120_000)),
        /is 1\d\d KB, more than the 100 KB an import may be/,
      ],
      // One hand fewer: still what its seed deals (the first hands of it), but not the shoe stored under its id.
      [
        'a shoe under a stored id with other hands',
        () => jsonFile(shoeDocumentText([SHOES[7]!, { ...SHOES[0]!, hands: SHOES[0]!.hands.slice(0, -1) }])),
        /Shoe 2 \(id "[^"]+"\) is already stored with different hands: \d+ stored, \d+ in the file/,
      ],
    ];
    for (const [what, file, message] of broken) {
      it(`refuses ${what}, naming what is wrong, and changes nothing stored`, async () => {
        const el = await mount(20);
        el.maxImportBytes = 100_000;
        const before = shownIds(el);
        await el.importFile(file());
        await el.refresh();
        expect(notice(el)!.getAttribute('role')).to.equal('alert');
        expect(notice(el)!.textContent).to.match(message);
        // Said once, whoever refused: the file reader, the shoe document or the store.
        expect(notice(el)!.textContent).to.match(/Nothing was imported\.$/);
        expect(notice(el)!.textContent.match(/nothing was imported/gi)).to.have.length(1);
        expect(shownIds(el)).to.deep.equal(before);
        expect(await storedIds()).to.deep.equal(
          SHOES.slice(0, 3)
            .map((shoe) => shoe.id)
            .sort(),
        );
      });
    }

    it('says in Simplified Chinese why the store refused a file', async () => {
      const el = await mount(20);
      await useLocale('zh-Hans');
      try {
        await el.importFile(jsonFile(shoeDocumentText([SHOES[7]!, { ...SHOES[0]!, hands: SHOES[0]!.hands.slice(0, -1) }])));
        await el.updateComplete;
        const count = SHOES[0]!.hands.length;
        expect(notice(el)!.textContent).to.equal(
          `第 2 靴（ID“${SHOES[0]!.id}”）已经保存过，但内容不同：局数，已保存 ${count} 局，文件中 ${count - 1} 局。 未导入任何内容。`,
        );
      } finally {
        await useLocale('en');
      }
    });
  });

  describe('export', () => {
    let downloads: ReturnType<typeof captureDownloads>;
    beforeEach(() => (downloads = captureDownloads()));
    afterEach(() => downloads.restore());

    it('exports one shoe as JSON, CSV and PNG', async () => {
      await useDatabase(SHOES.slice(0, 2));
      const el = await mount(5);
      const id = SHOES[1]!.id;
      rowButton(el, id, 'export-json').click();
      rowButton(el, id, 'export-csv').click();
      rowButton(el, id, 'export-png').click();
      await until(() => downloads.saved.length === 3, 'three files');
      const [json, csv, png] = downloads.saved;
      expect(json!.name).to.equal('shoe-Table-2-2026-03-02.json');
      expect(await json!.blob.text()).to.equal(shoeDocumentText([SHOES[1]!]));
      expect(csv!.name).to.equal('shoe-Table-2-2026-03-02.csv');
      expect((await csv!.blob.text()).trim().split('\r\n')).to.have.length(SHOES[1]!.hands.length + 1);
      expect(png!.name).to.equal('shoe-Table-2-2026-03-02.png');
      expect(png!.blob.type).to.equal('image/png');
    });

    it('exports every shoe with a progress bar that reaches the total', async () => {
      const many = simulateShoeRecords({ shoes: 60, seed: 'export-progress', table: 'Table 5' });
      await useDatabase(many);
      const el = await mount(5);
      const seen: [number, number][] = [];
      const exportShoes = store.exportShoes.bind(store);
      store.exportShoes = (ids, onProgress) =>
        exportShoes(ids, (done, total) => {
          seen.push([done, total]);
          onProgress?.(done, total);
        });
      await el.exportAll('json');
      await el.updateComplete;
      expect(seen).to.deep.equal([
        [50, 60],
        [60, 60],
      ]);
      const progress = control<HTMLProgressElement>(el, 'progress');
      expect([progress.value, progress.max]).to.deep.equal([60, 60]);
      expect(progress.closest('label')!.textContent).to.match(/Exported 60 shoes to shoes-\d{4}-\d\d-\d\d\.json/);
      expect((JSON.parse(await downloads.saved[0]!.blob.text()) as { shoes: unknown[] }).shoes).to.have.length(60);
    });

    it('gives byte-identical JSON after export, import into an empty store, and export again', async () => {
      await useDatabase(SHOES);
      const first = await mount(5);
      await first.exportAll('json');
      const exported = await downloads.saved[0]!.blob.text();
      first.remove();
      await closeStorage();
      await ScoreboardStore.deleteDatabase(databaseName);

      await useDatabase([]);
      const second = await mount(5);
      await second.importFile(jsonFile(exported));
      expect(notice(second)!.textContent).to.equal('Imported 12 shoes (0 already stored).');
      await second.exportAll('json');
      expect(await downloads.saved[1]!.blob.text()).to.equal(exported);
    });
  });

  describe('storage trouble', () => {
    it('shows why the stored shoes could not be opened', async () => {
      databaseName = `bacc-history-test-${crypto.randomUUID()}`;
      // A database written by a later version of the scoreboard cannot be opened by this one.
      await new Promise<void>((resolve, reject) => {
        const request = indexedDB.open(databaseName, 99);
        request.onsuccess = () => {
          request.result.close();
          resolve();
        };
        request.onerror = () => reject(request.error ?? new Error('could not open the database'));
      });
      const opening = openStorage({ name: databaseName });
      const el = await fixture<BaccHistory>(html`<bacc-history></bacc-history>`);
      await opening.catch(() => undefined);
      await el.updateComplete;
      const alert = control(el, '.storage-trouble');
      expect(alert.getAttribute('role')).to.equal('alert');
      expect(alert.textContent).to.contain('newer version');
      await inAppLocale('zh-Hans', el, () =>
        expect(control(el, '.storage-trouble').textContent).to.match(/^已保存的牌靴由更新版本的记分牌写入；请重新加载页面以更新（.+）。$/),
      );
      expect(control<HTMLInputElement>(el, 'input[type="file"]').disabled).to.be.true;
      // The toolbar is whole: its date filters are drawn though no first page will come.
      await until(() => el.shadowRoot!.querySelectorAll('input[type="date"]').length === 2, 'the date fields');
      expect(el.shadowRoot!.querySelector('.date-placeholder')).to.equal(null);
    });
  });
});
