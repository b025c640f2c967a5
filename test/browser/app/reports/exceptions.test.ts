import { expect, fixture, fixtureCleanup, html } from '@open-wc/testing';
import '../../../../components/app/reports/bacc-reports.js';
import type { BaccReports } from '../../../../components/app/reports/bacc-reports.js';
import { ADDRESS_KEY, SESSION_KEY, TARGET_KEY } from '../../../../components/app/shared/recorder-session.js';
import { inAppLocale } from '../../locale-switch.js';
import { until } from '../../../support/wait.js';
import { FakeRecorder, PASSWORD, TOKEN, idOf, type FakeException } from './fake-recorder.js';

const ADDRESS = 'http://pit.test:8080';

const $ = <T extends Element = HTMLElement>(el: BaccReports, selector: string): T | null => el.shadowRoot!.querySelector<T>(selector);
const clean = (value: string | null | undefined): string => (value ?? '').replace(/\s+/g, ' ').trim();
const text = (el: BaccReports, selector: string): string => clean($(el, selector)?.textContent);

const exceptionRows = (el: BaccReports): HTMLTableRowElement[] => [
  ...el.shadowRoot!.querySelectorAll<HTMLTableRowElement>('table[data-table="exceptions"] tbody tr'),
];
/** A row's cells as text: time, table, what happened, shoe and hand, reason, acknowledgement. */
const cells = (row: HTMLTableRowElement): string[] => [...row.cells].map((cell) => clean(cell.textContent));
const rowOf = (el: BaccReports, kind: string): HTMLTableRowElement | undefined =>
  exceptionRows(el).find((row) => row.dataset['kind'] === kind);

function type(input: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
}

async function signIn(el: BaccReports): Promise<void> {
  await until(() => $(el, 'form.sign-in') !== null, 'the sign-in form');
  type($<HTMLInputElement>(el, '#address')!, ADDRESS);
  type($<HTMLInputElement>(el, '#name')!, 'ann');
  type($<HTMLInputElement>(el, '#password')!, PASSWORD);
  $<HTMLButtonElement>(el, 'form.sign-in button[type="submit"]')!.click();
}

function forgetEverything(): void {
  sessionStorage.removeItem(SESSION_KEY);
  localStorage.removeItem(ADDRESS_KEY);
  localStorage.removeItem(TARGET_KEY);
}

const two = (n: number): string => String(n).padStart(2, '0');
/** The local time the page shows for an exception `minutes` after the start of the range it asked. */
function shownTime(recorder: FakeRecorder, minutes: number): string {
  const date = new Date(Date.parse(recorder.to('/api/exceptions').at(-1)!.url.searchParams.get('from')!) + minutes * 60_000);
  return `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
}

function filler(n: number): FakeException {
  return {
    minutes: 100 + n,
    exception: {
      id: idOf(['audit', 'shoe-x', n, 1]),
      source: 'audit',
      kind: 'undo',
      table: 'Salon',
      shoeId: 'shoe-x',
      hand: n,
      reason: `filler ${n}`,
      detail: { operator: null, reasonGiven: null },
    },
  };
}

describe('<bacc-reports> exceptions', () => {
  let recorder: FakeRecorder;
  beforeEach(() => {
    forgetEverything();
    recorder = new FakeRecorder();
    recorder.role = 'surveillance';
  });
  afterEach(() => {
    fixtureCleanup();
    recorder.restore();
    forgetEverything();
  });

  const mount = (refreshSeconds = 0): Promise<BaccReports> =>
    fixture<BaccReports>(html`<bacc-reports refresh-seconds=${refreshSeconds}></bacc-reports>`);

  async function listed(el: BaccReports, count = 14): Promise<void> {
    await until(() => exceptionRows(el).length === count, `${count} exceptions listed`);
    await el.updateComplete;
  }

  it('shows a surveillance login every kind of exception in plain words, newest first, for the time and tables of the report', async () => {
    const el = await mount();
    await signIn(el);
    await listed(el);
    const [asked] = recorder.to('/api/exceptions');
    expect(asked!.authorization).to.equal(`Bearer ${TOKEN}`);
    const report = recorder.to('/api/reports').at(-1)!.url.searchParams;
    expect(asked!.url.searchParams.get('from')).to.equal(report.get('from'));
    expect(asked!.url.searchParams.get('to')).to.equal(report.get('to'));
    expect(asked!.url.searchParams.get('page')).to.equal('1');

    expect(text(el, '#exceptions-title')).to.equal('Exceptions');
    expect(text(el, '.exceptions .position')).to.equal('Exceptions 1–14 of 14');
    expect(exceptionRows(el).map((row) => cells(row)[2])).to.deep.equal([
      'Message refused by the recorder',
      'Console offline, still offline (5 min so far)',
      'Console offline for 12 min',
      'Dummy hand (5D 6C 3H QS)',
      'Void shoe in the dealing (AS)',
      'Void hand in the dealing (2S 9D 4C 7H)',
      'Card cancelled by the card shoe (KH)',
      'Shoe declared void by Mei',
      'Hand declared void by Mei',
      'Card cancelled by Mei',
      'Shoe reopened by Mei',
      'Correction by Mei',
      'Redo by Mei',
      'Undo by Mei',
    ]);
    expect(cells(rowOf(el, 'audit:undo')!).slice(0, 5)).to.deep.equal([
      shownTime(recorder, 10),
      'Table 7',
      'Undo by Mei',
      'Shoe shoe-7a, hand 12',
      "Dealer's error",
    ]);
    expect(cells(rowOf(el, 'audit:correct')!)[4]).to.equal('no reason given');
    expect(cells(rowOf(el, 'audit:reopen')!).slice(3, 5)).to.deep.equal(['Shoe shoe-7a', 'shoe closed by mistake']);
    expect(cells(rowOf(el, 'event:dummy-hand')!).slice(1, 5)).to.deep.equal([
      'Table 2',
      'Dummy hand (5D 6C 3H QS)',
      'Shoe shoe-2b, after hand 33',
      '–',
    ]);
    expect(cells(rowOf(el, 'refusal:refused')!).slice(0, 5)).to.deep.equal([
      shownTime(recorder, 23),
      'Table 7',
      'Message refused by the recorder',
      '–',
      'not a shoe document: hands[3] is not a hand',
    ]);
    for (const row of exceptionRows(el)) expect(cells(row)[5]).to.equal('Acknowledge');
  });

  it('asks for the tables chosen, and reads the list again with the report', async () => {
    const el = await mount(0.05);
    await signIn(el);
    await listed(el);
    recorder.exceptions.push(filler(1));
    await listed(el, 15);
    expect(cells(exceptionRows(el)[0]!)[4]).to.equal('filler 1');

    await until(() => el.shadowRoot!.querySelectorAll('.table-choices input').length === 4, 'the tables to choose from');
    const salon = [...el.shadowRoot!.querySelectorAll<HTMLLabelElement>('.table-choices label')].find((label) =>
      label.textContent.includes('Salon'),
    )!;
    salon.querySelector('input')!.click();
    await until(() => recorder.to('/api/exceptions').at(-1)!.url.searchParams.getAll('table').length === 2, 'the tables asked');
    expect(recorder.to('/api/exceptions').at(-1)!.url.searchParams.getAll('table')).to.deep.equal(['Table 2', 'Table 7']);
    await until(() => exceptionRows(el).every((row) => cells(row)[1] !== 'Salon'), 'the list of the tables chosen');
  });

  it('pages through the list with Previous and Next, saying where it is', async () => {
    for (let n = 1; n <= 30; n++) recorder.exceptions.push(filler(n));
    const el = await mount();
    await signIn(el);
    await listed(el, 20);
    const button = (which: string): HTMLButtonElement => $<HTMLButtonElement>(el, `nav.pages button[data-page="${which}"]`)!;
    expect(text(el, '.exceptions .position')).to.equal('Exceptions 1–20 of 44');
    expect(cells(exceptionRows(el)[0]!)[4]).to.equal('filler 30');
    expect(button('previous').disabled).to.be.true;

    button('next').click();
    await until(() => text(el, '.exceptions .position') === 'Exceptions 21–40 of 44', 'the second page');
    expect(recorder.to('/api/exceptions').at(-1)!.url.searchParams.get('page')).to.equal('2');
    expect(cells(exceptionRows(el)[0]!)[4]).to.equal('filler 10');
    button('next').click();
    await until(() => text(el, '.exceptions .position') === 'Exceptions 41–44 of 44', 'the last page');
    expect(exceptionRows(el)).to.have.length(4);
    expect(button('next').disabled).to.be.true;
    button('previous').click();
    await until(() => text(el, '.exceptions .position') === 'Exceptions 21–40 of 44', 'the second page again');
  });

  it('acknowledges an exception with a note, sent with the token, and shows who, when and the note', async () => {
    const el = await mount();
    await signIn(el);
    await listed(el);
    const row = (): HTMLTableRowElement => rowOf(el, 'audit:undo')!;
    row().querySelector<HTMLButtonElement>('button.acknowledge')!.click();
    await until(() => row().querySelector('form.ack textarea') !== null, 'the note form');
    await until(() => el.shadowRoot!.activeElement === row().querySelector('textarea'), 'the note field focused');
    type(row().querySelector('textarea')!, '  Checked the video: dealer error.  ');
    row().querySelector<HTMLButtonElement>('form.ack button[type="submit"]')!.click();
    await until(() => row().querySelector('.acknowledged') !== null, 'the acknowledgement');

    const [sent] = recorder.requests.filter((request) => request.method === 'POST' && request.url.pathname.endsWith('/ack'));
    expect(sent!.url.pathname).to.equal(`/api/exceptions/${row().dataset['id']}/ack`);
    expect(sent!.authorization).to.equal(`Bearer ${TOKEN}`);
    expect(JSON.parse(sent!.body!)).to.deep.equal({ note: 'Checked the video: dealer error.' });
    const at = new Date(recorder.acks.get(row().dataset['id']!)!.at);
    expect(cells(row())[5]).to.equal(
      `Acknowledged by ann at ${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())} Checked the video: dealer error.`,
    );
    expect(row().querySelector('form.ack')).to.equal(null);
  });

  it('says the recorder’s sentence when the exception was acknowledged already (409), and shows the row as it now is', async () => {
    const el = await mount();
    await signIn(el);
    await listed(el);
    const row = (): HTMLTableRowElement => rowOf(el, 'event:void-hand')!;
    const id = row().dataset['id']!;
    // Another surveillance login acknowledges it after the page read the list.
    recorder.acks.set(id, { by: 'bo', at: '2026-03-01T10:00:00.000Z', note: 'seen on camera 4' });
    row().querySelector<HTMLButtonElement>('button.acknowledge')!.click();
    await until(() => row().querySelector('form.ack textarea') !== null, 'the note form');
    type(row().querySelector('textarea')!, 'mine too');
    row().querySelector<HTMLButtonElement>('form.ack button[type="submit"]')!.click();
    await until(() => row().querySelector('.acknowledged') !== null, 'the row read again');
    expect(clean(row().querySelector('.notice')!.textContent)).to.equal(
      'The recorder says: this exception was acknowledged already, by bo at 2026-03-01T10:00:00.000Z; the first acknowledgement is kept.',
    );
    expect(clean(row().querySelector('.acknowledged')!.textContent)).to.match(/^Acknowledged by bo at /);
    expect(clean(row().querySelector('q.note')!.textContent)).to.equal('seen on camera 4');
    expect(recorder.acks.get(id)!.note).to.equal('seen on camera 4');
  });

  it('refuses an empty note in the form, sending nothing', async () => {
    const el = await mount();
    await signIn(el);
    await listed(el);
    const row = (): HTMLTableRowElement => rowOf(el, 'presence:offline')!;
    row().querySelector<HTMLButtonElement>('button.acknowledge')!.click();
    await until(() => row().querySelector('form.ack textarea') !== null, 'the note form');
    for (const note of ['', '   ']) {
      type(row().querySelector('textarea')!, note);
      row().querySelector<HTMLButtonElement>('form.ack button[type="submit"]')!.click();
      await until(() => row().querySelector('form.ack [role="alert"]') !== null, 'the refusal');
      expect(clean(row().querySelector('form.ack [role="alert"]')!.textContent)).to.equal('Write a note: an acknowledgement needs one.');
      expect(row().querySelector('textarea')!.getAttribute('aria-invalid')).to.equal('true');
    }
    expect(recorder.requests.filter((request) => request.method === 'POST' && request.url.pathname.endsWith('/ack'))).to.have.length(0);
  });

  it('tells a pit login that exceptions are for surveillance, without asking the recorder for them', async () => {
    recorder.role = 'pit';
    const el = await mount(0.05);
    await signIn(el);
    await until(() => text(el, '.exceptions .for-surveillance') !== '', 'the sentence');
    expect(text(el, '.exceptions .for-surveillance')).to.equal(
      'Exceptions are for surveillance and admin logins: this login does not see them.',
    );
    const reads = recorder.to('/api/reports').length;
    await until(() => recorder.to('/api/reports').length >= reads + 4, 'the report read four more times');
    expect(recorder.to('/api/exceptions')).to.have.length(0);
    expect($(el, '.exceptions [role="alert"]')).to.equal(null);
  });

  it('says so once when the recorder refuses a login the exceptions (403), and does not ask again', async () => {
    recorder.role = 'auditor';
    const el = await mount(0.05);
    await signIn(el);
    await until(() => text(el, '.exceptions .for-surveillance') !== '', 'the sentence');
    const reads = recorder.to('/api/reports').length;
    await until(() => recorder.to('/api/reports').length >= reads + 4, 'the report read four more times');
    expect(recorder.to('/api/exceptions')).to.have.length(1);
    expect(text(el, '.exceptions .for-surveillance')).to.equal(
      'Exceptions are for surveillance and admin logins: this login does not see them.',
    );
  });

  it('shows a hostile table name and reason as text', async () => {
    const name = `<img src=x onerror="window.hacked=1">=cmd|' /C calc'!A0`;
    const reason = `=HYPERLINK("http://evil")<script>window.hacked=1</script>${'long '.repeat(400)}`;
    recorder.exceptions.push({
      minutes: 500,
      exception: {
        id: idOf(['refusal', 'bacc/v1/tables/x/shoe', 'b'.repeat(64)]),
        source: 'refusal',
        kind: 'refused',
        table: name,
        shoeId: null,
        hand: null,
        reason,
        detail: { topic: 'bacc/v1/tables/x/shoe', bytes: 10, recorder: 'r' },
      },
    });
    const el = await mount();
    await signIn(el);
    await listed(el, 15);
    const row = exceptionRows(el)[0]!;
    expect(row.cells[1]!.textContent.trim()).to.equal(name);
    expect(row.cells[4]!.textContent.trim()).to.equal(reason.trim());
    expect(el.shadowRoot!.querySelector('table[data-table="exceptions"] img, table[data-table="exceptions"] script')).to.equal(null);
    expect((window as { hacked?: number }).hacked).to.equal(undefined);
    // The long reason wraps within the page rather than widening it.
    expect(row.cells[4]!.getBoundingClientRect().width).to.be.lessThan(window.innerWidth);
  });

  it('speaks Simplified Chinese', async () => {
    const el = await mount();
    await signIn(el);
    await listed(el);
    await inAppLocale('zh-Hans', el, () => {
      expect(text(el, '#exceptions-title')).to.equal('例外');
      expect(text(el, '.exceptions .position')).to.equal('例外 1–14，共 14 项');
      expect(cells(rowOf(el, 'presence:offline')!)[2]).to.be.oneOf(['控制台离线 12 分', '控制台离线，仍未恢复（已 5 分）']);
      expect(cells(rowOf(el, 'event:dummy-hand')!)[2]).to.equal('空局 (5D 6C 3H QS)');
      expect(cells(rowOf(el, 'audit:undo')!).slice(2, 5)).to.deep.equal(['撤销 由 Mei 操作', '牌靴 shoe-7a，第 12 局', '荷官失误']);
      expect(cells(rowOf(el, 'audit:correct')!)[4]).to.equal('未说明原因');
      expect(cells(rowOf(el, 'audit:undo')!)[5]).to.equal('确认');
    });
  });

  it('is accessible, listing exceptions with a note form open', async () => {
    const el = await mount();
    await signIn(el);
    await listed(el);
    rowOf(el, 'audit:undo')!.querySelector<HTMLButtonElement>('button.acknowledge')!.click();
    await until(() => $(el, 'form.ack') !== null, 'the note form');
    await expect(el).to.be.accessible();
  });
});
