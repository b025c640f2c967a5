import { expect, fixture, fixtureCleanup, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../../components/app/reports/bacc-reports.js';
import type { BaccReports } from '../../../../components/app/reports/bacc-reports.js';
import { ADDRESS_KEY, SESSION_KEY, TARGET_KEY } from '../../../../components/app/shared/recorder-session.js';
import { inAppLocale } from '../../locale-switch.js';
import { until } from '../../../support/wait.js';
import { FakeRecorder, PASSWORD, TOKEN } from './fake-recorder.js';

const ADDRESS = 'http://pit.test:8080';

const $ = <T extends Element = HTMLElement>(el: BaccReports, selector: string): T | null => el.shadowRoot!.querySelector<T>(selector);
const text = (el: BaccReports, selector: string): string => $(el, selector)?.textContent.replace(/\s+/g, ' ').trim() ?? '';

/** The rows of one of the page's tables, each as the text of its cells. */
function rows(el: BaccReports, table: 'tables' | 'hours' | 'tests'): string[][] {
  return [...el.shadowRoot!.querySelectorAll(`table[data-table="${table}"] tbody tr`)].map((row) =>
    [...row.children].map((cell) => cell.textContent.replace(/\s+/g, ' ').trim()),
  );
}

const rowOf = (el: BaccReports, table: 'tables' | 'hours' | 'tests', name: string): string[] =>
  rows(el, table).find((cells) => cells[0]!.startsWith(name))!;

function type(input: HTMLInputElement, value: string): void {
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
}

async function signIn(el: BaccReports, password = PASSWORD): Promise<void> {
  await until(() => $(el, 'form.sign-in') !== null, 'the sign-in form');
  type($<HTMLInputElement>(el, '#address')!, ADDRESS);
  type($<HTMLInputElement>(el, '#name')!, 'pit boss');
  type($<HTMLInputElement>(el, '#password')!, password);
  $<HTMLButtonElement>(el, 'form.sign-in button[type="submit"]')!.click();
}

async function reportShown(el: BaccReports): Promise<void> {
  await until(() => rows(el, 'tables').length === 3, 'the report of three tables');
  await el.updateComplete;
}

function forgetEverything(): void {
  sessionStorage.removeItem(SESSION_KEY);
  localStorage.removeItem(ADDRESS_KEY);
  localStorage.removeItem(TARGET_KEY);
}

describe('<bacc-reports>', () => {
  let recorder: FakeRecorder;
  beforeEach(() => {
    forgetEverything();
    recorder = new FakeRecorder();
  });
  afterEach(() => {
    fixtureCleanup();
    recorder.restore();
    forgetEverything();
  });

  const mount = (refreshSeconds = 0): Promise<BaccReports> =>
    fixture<BaccReports>(html`<bacc-reports refresh-seconds=${refreshSeconds}></bacc-reports>`);

  it("signs in, then shows every table's figures beside the exact expectation, the password sent only in the sign-in's body", async () => {
    const el = await mount();
    await signIn(el);
    await reportShown(el);

    const [login] = recorder.to('/api/login');
    expect(login!.url.origin).to.equal(ADDRESS);
    expect(login!.url.search).to.equal('');
    expect(JSON.parse(login!.body!)).to.deep.equal({ name: 'pit boss', password: PASSWORD });
    expect(sessionStorage.getItem(SESSION_KEY)).to.contain(TOKEN).and.not.contain(PASSWORD);
    expect(localStorage.getItem(ADDRESS_KEY)).to.equal(ADDRESS);
    expect(recorder.requests.some((request) => request.url.href.includes('horse'))).to.be.false;
    for (const request of recorder.to('/api/reports')) expect(request.authorization).to.equal(`Bearer ${TOKEN}`);
    expect($<HTMLInputElement>(el, '#password')).to.equal(null);

    const table7 = rowOf(el, 'tables', 'Table 7');
    expect(table7.slice(0, 5)).to.deep.equal(['Table 7 8 decks', '612', '8', '2', '306.0']);
    expect(table7[5]).to.equal('281 45.9% exact 45.86%');
    expect(table7[6]).to.equal('272 44.4% exact 44.62%');
    expect(table7[7]).to.equal('59 9.6% exact 9.52%');
    expect(table7[8]).to.equal('204 34.0% exact 34.27%');
    expect(table7[9]).to.equal('45 7.5% exact 7.47%');
    expect(table7[10]).to.equal('44 7.3% exact 7.47%');
    const salon = rowOf(el, 'tables', 'Salon');
    expect(salon.slice(0, 5)).to.deep.equal(['Salon 6 decks', '130', '2', '1', '130.0']);
    expect(salon[5]).to.equal('60 46.2% exact 45.87%');
    // Table 2 dealt 40 hands in its one hour: below the default target of 60, said in words.
    expect(rowOf(el, 'tables', 'Table 2')[4]).to.equal('40.0 ▼ below 60');
    expect(text(el, '.who')).to.contain('pit boss (pit) signed in to the recorder at http://pit.test:8080');
    expect(rows(el, 'hours')).to.have.length(4);
  });

  it('asks for the day, shift or range chosen, in UTC, and for the tables chosen', async () => {
    const el = await mount();
    await signIn(el);
    await reportShown(el);
    const day = $<HTMLInputElement>(el, 'input[type="date"]')!;
    day.value = '2026-03-01';
    day.dispatchEvent(new Event('change'));
    await until(
      () => recorder.to('/api/reports').at(-1)!.url.searchParams.get('from') === new Date(2026, 2, 1).toISOString(),
      'the day asked',
    );
    expect(recorder.to('/api/reports').at(-1)!.url.searchParams.get('to')).to.equal(new Date(2026, 2, 2).toISOString());

    const period = $<HTMLSelectElement>(el, 'form.choices select')!;
    period.value = 'shift-2';
    period.dispatchEvent(new Event('change'));
    await until(
      () => recorder.to('/api/reports').at(-1)!.url.searchParams.get('from') === new Date(2026, 2, 1, 22).toISOString(),
      'the night shift',
    );
    expect(recorder.to('/api/reports').at(-1)!.url.searchParams.get('to')).to.equal(new Date(2026, 2, 2, 6).toISOString());
    expect(recorder.to('/api/reports').at(-1)!.url.searchParams.getAll('table')).to.deep.equal([]);

    await until(() => el.shadowRoot!.querySelectorAll('.table-choices input').length === 4, 'the tables to choose from');
    const salon = [...el.shadowRoot!.querySelectorAll<HTMLLabelElement>('.table-choices label')].find((label) =>
      label.textContent.includes('Salon'),
    )!;
    salon.querySelector('input')!.click();
    await until(() => recorder.to('/api/reports').at(-1)!.url.searchParams.getAll('table').length === 2, 'the tables asked');
    expect(recorder.to('/api/reports').at(-1)!.url.searchParams.getAll('table')).to.deep.equal(['Table 2', 'Table 7']);
  });

  it('says a wrong password in the recorder’s words, and stays on the sign-in form', async () => {
    const el = await mount();
    await signIn(el, 'wrong');
    await until(() => text(el, 'form.sign-in [role="alert"]') !== '', 'the refusal');
    expect(text(el, 'form.sign-in [role="alert"]')).to.equal('The recorder says: wrong login name or password.');
    expect(sessionStorage.getItem(SESSION_KEY)).to.equal(null);
  });

  it('goes back to the sign-in form with the recorder’s sentence when the sign-in ends (401)', async () => {
    const el = await mount(0.05);
    await signIn(el);
    await reportShown(el);
    recorder.expired = true;
    await until(() => $(el, 'form.sign-in') !== null, 'the sign-in form again');
    await el.updateComplete;
    expect(text(el, 'form.sign-in [role="alert"]')).to.equal('The recorder says: the sign-in has ended: sign in again.');
    expect(sessionStorage.getItem(SESSION_KEY)).to.equal(null);
    expect($<HTMLInputElement>(el, '#address')!.value).to.equal(ADDRESS);
  });

  it('shows the recorder’s sentence when it refuses the login’s role (403), and stays signed in', async () => {
    recorder.forbidden = true;
    const el = await mount();
    await signIn(el);
    await until(() => text(el, '.problem[role="alert"]') !== '', 'the refusal');
    expect(text(el, '.problem[role="alert"]')).to.equal('The recorder says: a pit login may not read this; it needs surveillance.');
    expect($(el, 'form.sign-in')).to.equal(null);
    expect(sessionStorage.getItem(SESSION_KEY)).to.contain(TOKEN);
  });

  it('sorts a table by the keyboard, saying the order with aria-sort, and keeps it as the report is read again', async () => {
    const el = await mount(0.05);
    await signIn(el);
    await reportShown(el);
    const heading = (): HTMLElement => $(el, 'table[data-table="tables"] th:has(button[data-column="hands"])')!;
    expect(heading().hasAttribute('aria-sort')).to.be.false;
    expect($(el, 'table[data-table="tables"] th:has(button[data-column="table"])')!.getAttribute('aria-sort')).to.equal('ascending');
    heading().querySelector('button')!.focus();
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(heading().getAttribute('aria-sort')).to.equal('descending');
    expect(rows(el, 'tables').map((cells) => cells[1])).to.deep.equal(['612', '130', '40']);
    await sendKeys({ press: 'Space' });
    await el.updateComplete;
    expect(heading().getAttribute('aria-sort')).to.equal('ascending');
    expect(rows(el, 'tables').map((cells) => cells[1])).to.deep.equal(['40', '130', '612']);

    // More hands arrive: the next read shows them, in the order chosen.
    const updated = text(el, '.updated');
    recorder.extraHands = 1000;
    await until(() => rowOf(el, 'tables', 'Table 7')[1] === '1,612', 'the new hands');
    expect(rows(el, 'tables').map((cells) => cells[1])).to.deep.equal(['40', '130', '1,612']);
    expect(heading().getAttribute('aria-sort')).to.equal('ascending');
    expect(text(el, '.updated')).to.match(/^Last updated \d\d:\d\d:\d\d$/);
    expect(updated).to.match(/^Last updated/);
  });

  it('says each flagged test in plain words, a test with too few hands as such, and the explanation always', async () => {
    const el = await mount();
    await signIn(el);
    await reportShown(el);
    expect(text(el, '.explanation')).to.equal(
      'A flag is a reason to look, not proof: by chance alone about one test in a hundred would be flagged.',
    );
    expect(text(el, 'ul.flags')).to.equal(
      'Table 7: banker 281, player 272, tie 59, where 280.7, 273.1 and 58.2 were expected (p < 0.001).',
    );
    expect(text(el, 'ul.too-few')).to.equal('Table 2, Banker, player and tie: too few hands to test.');
    expect(text(el, '.tests .muted')).to.equal('4 tests at the 1% level, corrected for the number of tests.');
    expect(rowOf(el, 'tests', 'Table 2').at(-1)).to.equal('Too few hands to test');
    expect(rowOf(el, 'tests', 'Table 7').at(-1)).to.equal('Flagged');
  });

  it('shows naturals and pairs as unknown (–) for a table with no hand carded', async () => {
    const el = await mount();
    await signIn(el);
    await reportShown(el);
    expect(rowOf(el, 'tables', 'Table 2').slice(5)).to.deep.equal([
      '18 45.0% exact 45.86%',
      '19 47.5% exact 44.62%',
      '3 7.5% exact 9.52%',
      '–',
      '–',
      '–',
    ]);
    const hour = rows(el, 'hours').find((cells) => cells[1] === 'Table 2')!;
    expect(hour.slice(-3)).to.deep.equal(['–', '–', '–']);
  });

  it('downloads the CSV with the token, for the same time and tables', async () => {
    const saved: { blob: Blob; name: string }[] = [];
    const el = await fixture<BaccReports>(
      html`<bacc-reports refresh-seconds="0" .saveFile=${(blob: Blob, name: string) => saved.push({ blob, name })}></bacc-reports>`,
    );
    await signIn(el);
    await reportShown(el);
    const download = [...el.shadowRoot!.querySelectorAll('button')].find((button) => button.textContent.includes('Download CSV'))!;
    download.click();
    await until(() => saved.length === 1, 'the file to be saved');
    const [csv] = recorder.to('/api/reports.csv');
    expect(csv!.authorization).to.equal(`Bearer ${TOKEN}`);
    expect(csv!.url.origin).to.equal(ADDRESS);
    expect(csv!.url.search).to.equal(recorder.to('/api/reports').at(-1)!.url.search);
    expect(await saved[0]!.blob.text()).to.contain('Table 7');
    expect(saved[0]!.name).to.match(/^report-\d{4}-\d{2}-\d{2}-0000-\d{4}-\d{2}-\d{2}-0000\.csv$/);
  });

  it('signs out: the recorder ends the token, the tab forgets it', async () => {
    const el = await mount();
    await signIn(el);
    await reportShown(el);
    [...el.shadowRoot!.querySelectorAll('button')].find((button) => button.textContent.includes('Sign out'))!.click();
    await until(() => recorder.to('/api/logout').length === 1, 'the sign-out');
    expect(recorder.to('/api/logout')[0]!.authorization).to.equal(`Bearer ${TOKEN}`);
    expect(sessionStorage.getItem(SESSION_KEY)).to.equal(null);
    await el.updateComplete;
    expect($(el, 'form.sign-in')).to.exist;
  });

  it('speaks Simplified Chinese', async () => {
    const el = await mount();
    await signIn(el);
    await reportShown(el);
    await inAppLocale('zh-Hans', el, () => {
      expect(text(el, 'h1')).to.equal('牌桌统计');
      expect(text(el, '#tables-title')).to.equal('牌桌');
      expect(text(el, 'ul.too-few')).to.equal('Table 2，庄闲和：局数太少，无法测试。');
      expect(text(el, '.explanation')).to.contain('标记只是值得查看的理由，不是证明');
      expect(rowOf(el, 'tables', 'Table 2')[4]).to.equal('40.0 ▼ 未达 60');
    });
  });

  it('is accessible, signed out and showing a report', async () => {
    const el = await mount();
    await until(() => $(el, 'form.sign-in') !== null, 'the sign-in form');
    await expect(el).to.be.accessible();
    await signIn(el);
    await reportShown(el);
    await expect(el).to.be.accessible();
  });
});
