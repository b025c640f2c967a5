import { expect, fixture, html } from '@open-wc/testing';
import '../../../../components/app/kiosk/bacc-kiosk.js';
import type { BaccKiosk } from '../../../../components/app/kiosk/bacc-kiosk.js';
import { useLocale } from '../../../../components/app/shared/localization.js';
import { until } from '../../../support/wait.js';

const mount = (search: string) => fixture<BaccKiosk>(html`<bacc-kiosk notice-duration="60000" .search=${search}></bacc-kiosk>`);

describe('the page title', () => {
  const before = document.title;
  afterEach(async () => {
    await useLocale('en');
    document.title = before;
  });

  for (const [search, english, chinese] of [
    ['?table=T7', 'Baccarat scoreboard — T7', '百家乐记分牌 — T7'],
    ['?mode=operator&table=T7', 'Baccarat scoreboard — T7 console', '百家乐记分牌 — T7 操作台'],
    ['?mode=display&table=T7', 'Baccarat scoreboard — T7 display', '百家乐记分牌 — T7 显示屏'],
    ['?mode=history', 'Baccarat scoreboard — history', '百家乐记分牌 — 历史记录'],
    ['?mode=operator', 'Baccarat scoreboard — Mini-Baccarat console', '百家乐记分牌 — 迷你百家乐 操作台'],
  ] as const) {
    it(`names the mode and the table for ${search}, in English and in Chinese`, async () => {
      const en = await mount(`${search}&lang=en`);
      await until(() => document.title === english, `the title "${english}" (it is "${document.title}")`, 3000);
      expect(document.documentElement.lang).to.equal('en');
      en.remove();
      const zh = await mount(`${search}&lang=zh`);
      await until(() => document.title === chinese, `the title "${chinese}" (it is "${document.title}")`, 3000);
      expect(document.documentElement.lang).to.equal('zh-Hans');
      zh.remove();
    });
  }

  it('names no table the URL could not name', async () => {
    const el = await mount(`?mode=operator&table=${encodeURIComponent('\u202Eelbat')}`);
    await until(() => document.title === 'Baccarat scoreboard — console', `the unnamed console's title (it is "${document.title}")`, 3000);
    el.remove();
  });
});
