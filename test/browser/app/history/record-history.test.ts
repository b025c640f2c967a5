import { expect, fixture, fixtureCleanup, html } from '@open-wc/testing';
import '../../../../components/app/history/bacc-history.js';
import '../../../../components/app/history/record-shoes.js';
import '../../../../components/app/kiosk/bacc-kiosk.js';
import type { BaccKiosk } from '../../../../components/app/kiosk/bacc-kiosk.js';
import type { BaccHistory } from '../../../../components/app/history/bacc-history.js';
import type { BaccRecordShoes } from '../../../../components/app/history/record-shoes.js';
import type { BaccReplay } from '../../../../components/app/history/bacc-replay.js';
import { closeStorage, openStorage } from '../../../../components/app/shared/data/storage.js';
import { ScoreboardStore } from '../../../../components/app/shared/data/scoreboard-store.js';
import { ADDRESS_KEY, SESSION_KEY } from '../../../../components/app/shared/recorder-session.js';
import { dayRange } from '../../../../components/app/history/history-text.js';
import { fileDate } from '../../../../components/app/history/downloads.js';
import type { AuditEntry, ShoeRecord } from '../../../../src/shoes/document.js';
import { shoesToCsv } from '../../../../src/shoes/csv.js';
import { captureDownloads } from './history-fixtures.js';
import { FakeRecord, RECORD_PASSWORD, RECORD_TOKEN } from './fake-record.js';
import { until } from '../../../support/wait.js';
import { useLocale } from '../../../../components/app/shared/localization.js';

const ADDRESS = 'http://pit.test:8090';

let databaseName = '';
let store: ScoreboardStore;

/** History showing the room's record, its view and its shadow root. */
async function mountRecord(attributes: { table?: string; pageSize?: number } = {}): Promise<{ el: BaccHistory; record: BaccRecordShoes }> {
  const el = await fixture<BaccHistory>(
    html`<bacc-history source="record" table=${attributes.table ?? ''} page-size=${attributes.pageSize ?? 20}></bacc-history>`,
  );
  await until(() => el.shadowRoot!.querySelector('bacc-record-shoes') !== null, 'the record view');
  const record = el.shadowRoot!.querySelector('bacc-record-shoes')!;
  await record.updateComplete;
  return { el, record };
}

const $ = <T extends Element = HTMLElement>(root: Element, selector: string): T | null => root.shadowRoot!.querySelector<T>(selector);
const text = (element: Element | null): string => element?.textContent.replace(/\s+/g, ' ').trim() ?? '';

function type(input: HTMLInputElement, value: string): void {
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
}

async function signIn(record: BaccRecordShoes, password = RECORD_PASSWORD): Promise<void> {
  await until(() => $(record, 'form.sign-in') !== null, 'the sign-in form');
  type($<HTMLInputElement>(record, 'input[name="address"]')!, ADDRESS);
  type($<HTMLInputElement>(record, 'input[name="name"]')!, 'pit boss');
  type($<HTMLInputElement>(record, 'input[name="password"]')!, password);
  $<HTMLButtonElement>(record, 'form.sign-in button[type="submit"]')!.click();
}

const rows = (record: BaccRecordShoes): HTMLTableRowElement[] => [
  ...record.shadowRoot!.querySelectorAll<HTMLTableRowElement>('tr[data-shoe-id]'),
];
const ids = (record: BaccRecordShoes): string[] => rows(record).map((row) => row.dataset['shoeId']!);
const position = (record: BaccRecordShoes): string => text($(record, '.page-position'));
const rowButton = (record: BaccRecordShoes, id: string, action: string): HTMLButtonElement =>
  record.shadowRoot!.querySelector<HTMLButtonElement>(`tr[data-shoe-id="${id}"] [data-action="${action}"]`)!;

/** Waits for the page showing `first` as its first shoe. */
async function pageShown(record: BaccRecordShoes, first: string): Promise<void> {
  await until(() => ids(record)[0] === first, `the page from ${first}`);
  await record.updateComplete;
}

function change(record: BaccRecordShoes, selector: string, value: string): void {
  const input = $<HTMLInputElement | HTMLSelectElement>(record, selector)!;
  input.value = value;
  input.dispatchEvent(new Event('change'));
}

/** A row's cells as a person reads them, without its buttons and the column saying whether the record holds it. */
function rowCells(row: HTMLTableRowElement): string[] {
  return [...row.cells].slice(0, -1).map((cell, index) => (index === 5 ? '' : cell.innerHTML.replace(/<!--[^>]*-->/g, '')));
}

function forget(): void {
  sessionStorage.removeItem(SESSION_KEY);
  localStorage.removeItem(ADDRESS_KEY);
}

describe("History's view of the room's record", () => {
  let recorder: FakeRecord;
  let restoreDownloads = (): void => undefined;

  beforeEach(async () => {
    forget();
    databaseName = `bacc-record-test-${crypto.randomUUID()}`;
    store = await openStorage({ name: databaseName });
  });

  afterEach(async () => {
    fixtureCleanup();
    recorder?.restore();
    restoreDownloads();
    restoreDownloads = () => undefined;
    forget();
    await closeStorage();
    await ScoreboardStore.deleteDatabase(databaseName);
  });

  it('signs in (the password only in the sign-in) and pages through 30,000 shoes with the recorder’s paging', async () => {
    recorder = new FakeRecord();
    const { record } = await mountRecord();
    expect(record.shadowRoot!.querySelector('form.sign-in')).to.exist;
    await expect(record).to.be.accessible();
    await signIn(record);
    await pageShown(record, 'record-0');
    expect(recorder.to('/api/login')[0]!.body).to.contain(RECORD_PASSWORD);
    expect(JSON.parse(sessionStorage.getItem(SESSION_KEY)!)).to.include({ token: RECORD_TOKEN, address: ADDRESS });
    expect(sessionStorage.getItem(SESSION_KEY)).not.to.contain(RECORD_PASSWORD);
    // Every request to the recorder but the sign-in carries the token (the page's own origin is only asked whether it is a recorder).
    const toRecorder = recorder.requests.filter((seen) => seen.url.origin === ADDRESS && seen.url.pathname !== '/api/login');
    expect(toRecorder.length).to.be.greaterThan(20);
    for (const request of toRecorder) {
      expect(request.authorization).to.equal(`Bearer ${RECORD_TOKEN}`);
      expect(request.url.search).not.to.contain(RECORD_PASSWORD);
    }
    expect(text($(record, '.who span'))).to.equal(`pit boss (pit) signed in to the recorder at ${ADDRESS}`);
    expect(ids(record)).to.have.length(20);
    expect(position(record)).to.equal('Shoes 1–20 of 30000 (page 1 of 1500)');
    const listed = recorder.to('/api/shoes').at(-1)!.url.searchParams;
    expect(Object.fromEntries(listed)).to.deep.equal({ page: '1', size: '20' });
    // Each shoe of the page read as a document: the same reader as an import.
    expect(recorder.requests.filter((seen) => seen.url.pathname.startsWith('/api/shoes/'))).to.have.length(20);

    $<HTMLButtonElement>(record, '[data-action="next-page"]')!.click();
    await pageShown(record, 'record-20');
    expect(position(record)).to.equal('Shoes 21–40 of 30000 (page 2 of 1500)');
    change(record, 'input[name="page"]', '1500');
    await pageShown(record, 'record-29980');
    expect(position(record)).to.equal('Shoes 29981–30000 of 30000 (page 1500 of 1500)');
    expect(recorder.to('/api/shoes').at(-1)!.url.searchParams.get('page')).to.equal('1500');
    expect($<HTMLButtonElement>(record, '[data-action="next-page"]')!.disabled).to.equal(true);
    await expect(record).to.be.accessible();
  });

  it('lists one table on one day, as the recorder is asked', async () => {
    recorder = new FakeRecord();
    const { record } = await mountRecord();
    await signIn(record);
    await pageShown(record, 'record-0');
    await until(() => record.shadowRoot!.querySelectorAll('select[name="table"] option').length === 4, 'the tables');
    change(record, 'select[name="table"]', 'Table 7');
    await pageShown(record, 'record-2');
    // The day of the 200th shoe, in the page's own clock.
    const day = fileDate(new Date(recorder.shoeAt(200).startedAt));
    change(record, 'input[name="from"]', day);
    change(record, 'input[name="to"]', day);
    const { from, to } = dayRange(day, day);
    await until(() => recorder.to('/api/shoes').at(-1)!.url.searchParams.get('to') === to, 'the day asked for');
    const asked = recorder.to('/api/shoes').at(-1)!.url.searchParams;
    expect(Object.fromEntries(asked)).to.deep.equal({ table: 'Table 7', from, to, page: '1', size: '20' });
    await until(
      () =>
        rows(record).length > 0 &&
        rows(record).every((row) => fileDate(new Date(recorder.shoeAt(Number(row.dataset['shoeId']!.slice(7))).startedAt)) === day),
      'that day’s shoes',
    );
    const tables = rows(record).map((row) => text(row.querySelector('.table-name')));
    expect(new Set(tables)).to.deep.equal(new Set(['Table 7']));
    // 96 shoes a day, one table in three: two pages.
    expect(position(record)).to.match(/^Shoes 1–20 of 3[12] \(page 1 of 2\)$/);
  });

  it('keeps the page position with the rows on screen when the recorder stops answering, and goes on from it', async () => {
    recorder = new FakeRecord();
    const { record } = await mountRecord();
    await signIn(record);
    await pageShown(record, 'record-0');
    $<HTMLButtonElement>(record, '[data-action="next-page"]')!.click();
    await pageShown(record, 'record-20');
    recorder.unreachable = true;
    $<HTMLButtonElement>(record, '[data-action="previous-page"]')!.click();
    await until(() => $(record, '.alert') !== null, 'the problem said');
    await record.updateComplete;
    expect(ids(record)[0]).to.equal('record-20');
    expect(position(record)).to.equal('Shoes 21–40 of 30000 (page 2 of 1500)');
    recorder.unreachable = false;
    $<HTMLButtonElement>(record, '[data-action="next-page"]')!.click();
    await pageShown(record, 'record-40');
    expect(position(record)).to.equal('Shoes 41–60 of 30000 (page 3 of 1500)');
  });

  it('says a refused choice of days without claiming the record holds no shoe, and a page that is not one', async () => {
    recorder = new FakeRecord(['Salon'], 10);
    const { record } = await mountRecord();
    await signIn(record);
    await pageShown(record, 'record-0');
    // Nothing in these days: the record says so.
    change(record, 'input[name="from"]', '2001-01-01');
    change(record, 'input[name="to"]', '2001-01-02');
    const shown = (): string => (record.shadowRoot!.textContent ?? '').replace(/\s+/g, ' ');
    await until(() => shown().includes('The record holds no shoe of this table and time.'), 'no shoe said');
    // From after to: the recorder refuses it, and the page says only that.
    change(record, 'input[name="from"]', '2001-01-10');
    await until(() => text($(record, '.alert')).includes('from is after to'), 'the refusal said');
    expect(shown()).not.to.contain('The record holds no shoe');

    recorder = (recorder.restore(), new FakeRecord(['Salon'], 100));
    change(record, 'input[name="from"]', '');
    change(record, 'input[name="to"]', '');
    await pageShown(record, 'record-0');
    const before = recorder.to('/api/shoes').length;
    const page = $<HTMLInputElement>(record, 'input[name="page"]')!;
    // Said by the browser: reportValidity fires `invalid` and shows its message at the field.
    let told = 0;
    page.addEventListener('invalid', () => told++);
    for (const value of ['-1', '2.5', '999999']) {
      change(record, 'input[name="page"]', value);
      expect(page.validationMessage, value).not.to.equal('');
    }
    expect(told).to.equal(3);
    await record.updateComplete;
    expect(recorder.to('/api/shoes').length).to.equal(before);
    expect(position(record)).to.equal('Shoes 1–20 of 100 (page 1 of 5)');
  });

  it('opens a shoe to replay, shows its trail, and goes back to the same page', async () => {
    recorder = new FakeRecord();
    const audit: AuditEntry[] = [{ at: recorder.shoeAt(1).startedAt, operator: 'Wei', action: 'undo', hand: 4, reason: 'misread' }];
    recorder.own.set('record-1', {
      ...recorder.shoeAt(1),
      audit,
      events: [{ kind: 'cut', at: recorder.shoeAt(1).startedAt, afterHand: 10 }],
    });
    const { el, record } = await mountRecord();
    await signIn(record);
    await pageShown(record, 'record-0');
    $<HTMLButtonElement>(record, '[data-action="next-page"]')!.click();
    await pageShown(record, 'record-20');
    $<HTMLButtonElement>(record, '[data-action="previous-page"]')!.click();
    await pageShown(record, 'record-0');
    const trail = rowButton(record, 'record-1', 'trail');
    expect(text(trail)).to.equal('Trail (2)');
    trail.click();
    await record.updateComplete;
    const trailRows = [...record.shadowRoot!.querySelectorAll('tr[data-trail-of="record-1"] tbody tr')].map((row) => text(row));
    expect(trailRows[0]).to.contain('Wei').and.to.contain('misread');
    expect(trailRows[1]).to.contain('after hand 10');

    rowButton(record, 'record-1', 'replay').click();
    await until(() => $(record, 'bacc-replay') !== null, 'the replay');
    const replay = $<BaccReplay>(record, 'bacc-replay')!;
    await replay.updateComplete;
    expect(replay.shoe!.id).to.equal('record-1');
    expect(replay.shoe!.hands).to.have.length(30);
    expect(text(replay.shadowRoot!.querySelector('.position'))).to.contain('30');
    // History shows the replay alone, as it does a shoe of this browser.
    expect(el.shadowRoot!.querySelector('h1')).to.equal(null);
    replay.shadowRoot!.querySelector<HTMLButtonElement>('[data-action="close"]')!.click();
    await until(() => rows(record).length === 20, 'the list again');
    expect(ids(record)[0]).to.equal('record-0');
    expect(el.shadowRoot!.querySelector('h1')).to.exist;
    await until(() => record.shadowRoot!.activeElement === rowButton(record, 'record-1', 'replay'), 'the focus back on Replay');
  });

  it('exports the document’s own bytes as JSON, and CSV as for a stored shoe; nothing is stored until kept on purpose', async () => {
    recorder = new FakeRecord();
    const downloads = captureDownloads();
    restoreDownloads = downloads.restore;
    const { el, record } = await mountRecord();
    await signIn(record);
    await pageShown(record, 'record-0');
    rowButton(record, 'record-3', 'export-json').click();
    await until(() => downloads.saved.length === 1, 'the JSON file');
    const bytes = new Uint8Array(await downloads.saved[0]!.blob.arrayBuffer());
    expect(bytes).to.deep.equal(new TextEncoder().encode(recorder.served.get('record-3')));
    expect(downloads.saved[0]!.name).to.equal(`shoe-Salon-${fileDate(new Date(recorder.shoeAt(3).startedAt))}.json`);
    rowButton(record, 'record-3', 'export-csv').click();
    await until(() => downloads.saved.length === 2, 'the CSV file');
    expect(await downloads.saved[1]!.blob.text()).to.equal(shoesToCsv([recorder.shoeAt(3)]));
    expect((await store.listShoes({ limit: 10 })).total).to.equal(0);

    rowButton(record, 'record-3', 'keep').click();
    await until(() => text(el.shadowRoot!.querySelector('[part="notice"]')).includes('is now kept in this browser'), 'the shoe kept');
    const kept = await store.getShoe('record-3');
    expect(kept?.hands).to.deep.equal(recorder.shoeAt(3).hands);
    expect((await store.listShoes({ limit: 10 })).total).to.equal(1);
  });

  it('shows a shoe of the record exactly as the same shoe kept in this browser', async () => {
    recorder = new FakeRecord();
    const audit: AuditEntry[] = [{ at: recorder.shoeAt(0).startedAt, operator: null, action: 'correct', hand: 2, reason: null }];
    const shoe: ShoeRecord = { ...recorder.shoeAt(0), number: 1, audit, events: [] };
    recorder.own.set('record-0', shoe);
    await store.importShoes([shoe]);
    const { el, record } = await mountRecord();
    await signIn(record);
    await pageShown(record, 'record-0');
    const fromRecord = rows(record)[0]!;
    rowButton(record, 'record-0', 'trail').click();
    await record.updateComplete;
    const recordTrail = record.shadowRoot!.querySelector('tr[data-trail-of="record-0"]')!.innerHTML.replace(/<!--[^>]*-->/g, '');

    el.shadowRoot!.querySelector<HTMLInputElement>('input[name="source"][value="browser"]')!.click();
    await until(() => el.shadowRoot!.querySelector('tr[data-shoe-id="record-0"]') !== null, 'the browser’s list');
    const fromBrowser = el.shadowRoot!.querySelector<HTMLTableRowElement>('tr[data-shoe-id="record-0"]')!;
    expect(rowCells(fromRecord)).to.deep.equal(rowCells(fromBrowser));
    el.shadowRoot!.querySelector<HTMLButtonElement>('tr[data-shoe-id="record-0"] [data-action="trail"]')!.click();
    await el.updateComplete;
    const browserTrail = el.shadowRoot!.querySelector('tr[data-trail-of="record-0"]')!.innerHTML.replace(/<!--[^>]*-->/g, '');
    expect(recordTrail).to.equal(browserTrail);

    // The replays too: the same shoe, the same scoreboard.
    el.shadowRoot!.querySelector<HTMLButtonElement>('tr[data-shoe-id="record-0"] [data-action="replay"]')!.click();
    await until(() => el.shadowRoot!.querySelector('bacc-replay') !== null, 'the browser’s replay');
    const browserReplay = el.shadowRoot!.querySelector<BaccReplay>('bacc-replay')!;
    const browserShoe = browserReplay.shoe!;
    browserReplay.shadowRoot!.querySelector<HTMLButtonElement>('[data-action="close"]')!.click();
    await until(() => el.shadowRoot!.querySelector('bacc-replay') === null, 'the browser’s list again');
    el.shadowRoot!.querySelector<HTMLInputElement>('input[name="source"][value="record"]')!.click();
    await el.updateComplete;
    rowButton(record, 'record-0', 'replay').click();
    await until(() => $(record, 'bacc-replay') !== null, 'the record’s replay');
    expect($<BaccReplay>(record, 'bacc-replay')!.shoe).to.deep.equal(browserShoe);
  });

  it('says plainly when the recorder refuses the sign-in, and when the sign-in has ended', async () => {
    recorder = new FakeRecord();
    const { record } = await mountRecord();
    await signIn(record, 'wrong');
    await until(() => $(record, 'form.sign-in [role="alert"]') !== null, 'the refusal');
    expect(text($(record, 'form.sign-in [role="alert"]'))).to.equal('The recorder refused the sign-in: wrong login name or password.');
    expect(sessionStorage.getItem(SESSION_KEY)).to.equal(null);
    await expect(record).to.be.accessible();

    await signIn(record);
    await pageShown(record, 'record-0');
    recorder.expired = true;
    $<HTMLButtonElement>(record, '[data-action="next-page"]')!.click();
    await until(() => $(record, 'form.sign-in [role="alert"]') !== null, 'the sign-in form again');
    expect(text($(record, 'form.sign-in [role="alert"]'))).to.equal(
      'The sign-in to the recorder has ended: sign in again to read the record. The recorder says: the sign-in has ended: sign in again.',
    );
    expect(sessionStorage.getItem(SESSION_KEY)).to.equal(null);
    expect(rows(record)).to.have.length(0);
  });

  it('shows hostile table names as text, defuses them in CSV, and refuses a name the reader refuses, saying why', async () => {
    const markup = '<img src=x onerror="window.hostile=1">';
    const long = `Table ${'x'.repeat(190)}`;
    recorder = new FakeRecord([markup, "=cmd|' /C calc'!A0", long], 60);
    const downloads = captureDownloads();
    restoreDownloads = downloads.restore;
    const { record } = await mountRecord();
    await signIn(record);
    await pageShown(record, 'record-0');
    await until(() => record.shadowRoot!.querySelectorAll('select[name="table"] option').length === 4, 'the tables');
    expect(record.shadowRoot!.querySelector('img')).to.equal(null);
    expect((window as { hostile?: number }).hostile).to.equal(undefined);
    expect(text(rows(record)[0]!.querySelector('.table-name'))).to.equal(markup);
    expect([...record.shadowRoot!.querySelectorAll('select[name="table"] option')].map((option) => option.textContent)).to.include(markup);

    rowButton(record, 'record-1', 'export-csv').click();
    await until(() => downloads.saved.length === 1, 'the CSV');
    const csv = await downloads.saved[0]!.blob.text();
    expect(csv).to.contain(`"'=cmd|`);
    expect(csv).not.to.match(/(^|,)"?=cmd/m);
    expect(downloads.saved[0]!.name).to.match(/^shoe-cmd-C-calc-A0-\d{4}-\d\d-\d\d\.csv$/);

    // The third table's name is longer than a table name may be: its shoes are refused by the reader, and said so.
    const refused = rows(record)[2]!;
    expect(refused.dataset['shoeId']).to.equal('record-2');
    rowButton(record, 'record-2', 'replay').click();
    await until(() => $(record, '[role="alert"]') !== null, 'the refusal');
    expect(text($(record, '[role="alert"]'))).to.match(/is not a valid shoe export: .*table/i);
    expect($(record, 'bacc-replay')).to.equal(null);
    await expect(record).to.be.accessible();
  });

  it('opens on the table a link names, and asks the recorder for that table only', async () => {
    recorder = new FakeRecord(['Salon', 'Table 2', 'Table 7']);
    const { record } = await mountRecord({ table: 'Table 2' });
    await signIn(record);
    await pageShown(record, 'record-1');
    expect(recorder.to('/api/shoes')[0]!.url.searchParams.get('table')).to.equal('Table 2');
    expect($<HTMLSelectElement>(record, 'select[name="table"]')!.value).to.equal('Table 2');
    expect(new Set(rows(record).map((row) => text(row.querySelector('.table-name'))))).to.deep.equal(new Set(['Table 2']));
  });

  it('opens from a lobby tile’s link: ?mode=history&source=record&table=<name>', async () => {
    recorder = new FakeRecord(['Salon', 'Table <2> =x', 'Table 7']);
    const search = `?mode=history&source=record&table=${encodeURIComponent('Table <2> =x')}`;
    const kiosk = await fixture<BaccKiosk>(html`<bacc-kiosk .search=${search}></bacc-kiosk>`);
    await until(
      () => kiosk.shadowRoot!.querySelector('bacc-history')?.shadowRoot?.querySelector('bacc-record-shoes') != null,
      'the record',
    );
    const history = kiosk.shadowRoot!.querySelector('bacc-history')!;
    const record = history.shadowRoot!.querySelector('bacc-record-shoes')!;
    expect(history.shadowRoot!.querySelector<HTMLInputElement>('input[name="source"][value="record"]')!.checked).to.equal(true);
    expect(kiosk.shadowRoot!.querySelector('[part="notice"]')).to.equal(null);
    await signIn(record);
    await pageShown(record, 'record-1');
    expect(recorder.to('/api/shoes')[0]!.url.searchParams.get('table')).to.equal('Table <2> =x');
  });

  it('speaks Simplified Chinese: the switch, the sign-in, its refusal and the list', async () => {
    recorder = new FakeRecord();
    try {
      await useLocale('zh-Hans');
      const { el, record } = await mountRecord();
      await until(() => $(record, 'form.sign-in') !== null, 'the sign-in form');
      expect(text(el.shadowRoot!.querySelector('fieldset.source'))).to.equal('牌靴来源 此浏览器 牌厅记录');
      expect(text($(record, 'form.sign-in h2'))).to.equal('登录记录器');
      expect(text($(record, 'label[for="record-password"]'))).to.equal('密码');
      await signIn(record, 'wrong');
      await until(() => $(record, 'form.sign-in [role="alert"]') !== null, 'the refusal');
      expect(text($(record, 'form.sign-in [role="alert"]'))).to.equal('记录器拒绝了登录：wrong login name or password。');
      await signIn(record);
      await pageShown(record, 'record-0');
      expect(position(record)).to.equal('第 1–20 靴，共 30000 靴（第 1 页，共 1500 页）');
      expect(text(rowButton(record, 'record-0', 'keep'))).to.equal('保存到此浏览器');
      expect(text($(record, '.go-to-page'))).to.equal('页码');
    } finally {
      await useLocale('en');
    }
  });
});
