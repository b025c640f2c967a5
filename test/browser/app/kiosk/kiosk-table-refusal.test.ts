import { expect, fixture, html } from '@open-wc/testing';
import '../../../../components/app/kiosk/bacc-kiosk.js';
import type { BaccKiosk } from '../../../../components/app/kiosk/bacc-kiosk.js';
import { useLocale } from '../../../../components/app/shared/localization.js';
import { delay, until } from '../../../support/wait.js';
import { attractOf, attractScoreboard } from './attract-parts.js';
const notice = (kiosk: BaccKiosk) => kiosk.shadowRoot!.querySelector<HTMLElement>('[part="notice"]');

describe('<bacc-kiosk> with a table name it cannot use', () => {
  // The Chinese templates load with the first switch to Chinese: loaded once here, so a kiosk in
  // Chinese speaks it within the tests' short waits.
  before(async () => {
    await useLocale('zh-Hans');
    await useLocale('en');
  });
  afterEach(async () => {
    await useLocale('en');
  });

  it('mounts no console for table= of 3,000 characters, says why in a notice that wraps, and records once the URL names a usable table', async () => {
    const el = await fixture<BaccKiosk>(
      html`<bacc-kiosk notice-duration="100" .search=${`?mode=operator&table=${'x'.repeat(3000)}`}></bacc-kiosk>`,
    );
    // Past the notice's 100 ms: what stays is the refusal, not the notice about ignored settings.
    await delay(300);
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('bacc-operator')).to.equal(null);
    const box = notice(el)!;
    // Still there after the notice about ignored settings would have gone: the refusal lasts as long as the URL.
    expect(box.getAttribute('role')).to.equal('alert');
    expect(box.textContent).to.contain('a table name may be at most 60 characters; this one has 3000');
    expect(box.textContent).to.contain('Nothing is recorded or shown');
    expect(box.textContent.length).to.be.below(400);
    const rect = box.getBoundingClientRect();
    expect(rect.left).to.be.at.least(0);
    expect(rect.right).to.be.at.most(innerWidth);
    expect(rect.bottom).to.be.at.most(innerHeight);
    expect(box.scrollWidth).to.be.at.most(box.clientWidth);
    await expect(el).shadowDom.to.be.accessible();

    el.search = '?mode=operator&table=Refusal%20test';
    await until(() => el.shadowRoot!.querySelector('bacc-operator') !== null, 'the console');
    const operator = el.shadowRoot!.querySelector('bacc-operator');
    expect(operator).to.exist;
    expect(operator!.getAttribute('table')).to.equal('Refusal test');
    expect(notice(el)).to.equal(null);
    el.remove();
  });

  it('deals no attract shoe and shows no display for a name that pretends to be another', async () => {
    const reversed = encodeURIComponent('\u202Eelbat-ynnuf\u202C');
    const attract = await fixture<BaccKiosk>(html`<bacc-kiosk .search=${`?table=${reversed}`}></bacc-kiosk>`);
    await attract.updateComplete;
    expect(attractOf(attract)).to.equal(null);
    expect(notice(attract)!.textContent).to.contain('table=<U+202E>elbat-ynnuf<U+202C> cannot be used: character 1 is U+202E');
    const display = await fixture<BaccKiosk>(
      html`<bacc-kiosk .search=${`?mode=display&table=Imp${encodeURIComponent('\u200B')}orted`}></bacc-kiosk>`,
    );
    await display.updateComplete;
    expect(display.shadowRoot!.querySelector('bacc-table-display')).to.equal(null);
    expect(notice(display)!.textContent).to.contain('which shows as nothing');
  });

  it('refuses a name from bad bytes (U+FFFD) and one of combining marks alone, and says why', async () => {
    // %FF is no UTF-8: the URL's reader makes it U+FFFD.
    const badBytes = await fixture<BaccKiosk>(html`<bacc-kiosk .search=${'?mode=operator&table=T%FF7'}></bacc-kiosk>`);
    await badBytes.updateComplete;
    expect(badBytes.shadowRoot!.querySelector('bacc-operator')).to.equal(null);
    expect(notice(badBytes)!.textContent).to.contain('table=T<U+FFFD>7 cannot be used: character 2 is U+FFFD');
    const marks = await fixture<BaccKiosk>(
      html`<bacc-kiosk .search=${`?mode=display&table=${encodeURIComponent('\u0301\u0301')}`}></bacc-kiosk>`,
    );
    await marks.updateComplete;
    expect(marks.shadowRoot!.querySelector('bacc-table-display')).to.equal(null);
    expect(notice(marks)!.textContent).to.contain('character 1 is the combining mark U+0301 with no letter before it');
    await useLocale('zh-Hans');
    await until(() => notice(marks)!.textContent.includes('第 1 个字符'), 'the refusal in Chinese', 3000);
    expect(notice(marks)!.textContent).to.contain('第 1 个字符是组合符号 U+0301');
  });

  it('takes a fullwidth name as the table it reads as', async () => {
    const el = await fixture<BaccKiosk>(html`<bacc-kiosk .search=${`?mode=display&table=${encodeURIComponent('Ｔ７')}`}></bacc-kiosk>`);
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('bacc-table-display')!.getAttribute('table')).to.equal('T7');
  });

  it('shows the default limits instead of a limits= holding a bidi override, and says so in the notice', async () => {
    const el = await fixture<BaccKiosk>(
      html`<bacc-kiosk notice-duration="60000" .search=${`?table=Limits&limits=${encodeURIComponent('\u202E000,1 – 01')}`}></bacc-kiosk>`,
    );
    const board = await attractScoreboard(el);
    expect(board.limits).to.equal('10 – 1,000');
    expect(board.shadowRoot!.querySelector('header')!.textContent).not.to.contain('\u202E');
    expect(notice(el)!.textContent).to.contain(
      'Ignored limits=<U+202E>000,1 – 01: character 1 is U+202E, which changes the direction of the text around it; showing the default "10 – 1,000"',
    );
  });

  it('falls back to the default limits for junk limits= (a NUL and a bidi override), in English and Chinese', async () => {
    const en = await fixture<BaccKiosk>(
      html`<bacc-kiosk notice-duration="60000" .search=${'?table=Junk&limits=junk%00%E2%80%AE'}></bacc-kiosk>`,
    );
    expect((await attractScoreboard(en)).limits).to.equal('10 – 1,000');
    expect(notice(en)!.textContent).to.contain(
      'Ignored limits=junk<U+0000><U+202E>: character 5 is the control character U+0000; showing the default "10 – 1,000"',
    );
    expect(notice(en)!.textContent).not.to.contain('showing none');
    const zh = await fixture<BaccKiosk>(
      html`<bacc-kiosk notice-duration="60000" .search=${'?lang=zh&table=Junk&limits=junk%00%E2%80%AE'}></bacc-kiosk>`,
    );
    expect((await attractScoreboard(zh)).limits).to.equal('10 – 1,000');
    await until(() => notice(zh)!.textContent.includes('已忽略'), 'the notice in Chinese', 3000);
    expect(notice(zh)!.textContent).to.contain(
      '已忽略 limits=junk<U+0000><U+202E>：第 5 个字符是控制字符 U+0000；改为显示默认值“10 – 1,000”',
    );
  });

  it('refuses in the page’s language', async () => {
    const el = await fixture<BaccKiosk>(html`<bacc-kiosk .search=${`?lang=zh&mode=operator&table=${'x'.repeat(61)}`}></bacc-kiosk>`);
    await until(() => notice(el)?.textContent.includes('牌桌名称') ?? false, 'the refusal in Chinese', 3000);
    expect(notice(el)!.textContent).to.contain('牌桌名称最多 60 个字符；此名称有 61 个');
  });
});
