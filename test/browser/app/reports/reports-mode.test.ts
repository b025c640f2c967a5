import { expect, fixture, fixtureCleanup, html } from '@open-wc/testing';
import '../../../../components/app/kiosk/bacc-kiosk.js';
import type { BaccKiosk } from '../../../../components/app/kiosk/bacc-kiosk.js';
import { useLocale } from '../../../../components/app/shared/localization.js';
import { SESSION_KEY } from '../../../../components/app/shared/recorder-session.js';
import { until } from '../../../support/wait.js';
import { FakeRecorder } from './fake-recorder.js';

describe('?mode=reports', () => {
  let recorder: FakeRecorder;
  beforeEach(() => {
    sessionStorage.removeItem(SESSION_KEY);
    recorder = new FakeRecorder();
  });
  afterEach(async () => {
    fixtureCleanup();
    recorder.restore();
    await useLocale('en');
  });

  const reportsOf = (kiosk: BaccKiosk) => kiosk.shadowRoot!.querySelector('bacc-reports');

  it('shows the reports, loaded on demand, with no notice about the URL', async () => {
    const kiosk = await fixture<BaccKiosk>(html`<bacc-kiosk .search=${'?mode=reports'}></bacc-kiosk>`);
    await until(() => reportsOf(kiosk)?.shadowRoot?.querySelector('form.sign-in') != null, 'the reports page');
    expect(reportsOf(kiosk)!.shadowRoot!.querySelector('h1')!.textContent).to.equal('Reports');
    expect(kiosk.shadowRoot!.querySelector('[part="notice"]')).to.equal(null);
    expect(document.title).to.equal('Baccarat scoreboard — reports');
  });

  it('speaks Simplified Chinese with lang=zh', async () => {
    const kiosk = await fixture<BaccKiosk>(html`<bacc-kiosk .search=${'?mode=reports&lang=zh'}></bacc-kiosk>`);
    await until(() => reportsOf(kiosk)?.shadowRoot?.querySelector('h1')?.textContent === '牌桌统计', 'the reports in Chinese');
    const reports = reportsOf(kiosk)!;
    expect(document.documentElement.lang).to.equal('zh-Hans');
    expect(reports.shadowRoot!.querySelector('label[for="password"]')!.textContent).to.equal('密码');
    expect(reports.shadowRoot!.querySelector('button[type="submit"]')!.textContent.trim()).to.equal('登录');
    await until(() => document.title === '百家乐记分牌 — 牌桌统计', 'the title in Chinese');
  });
});
