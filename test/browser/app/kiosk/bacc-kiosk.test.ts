import { expect, fixture, html } from '@open-wc/testing';
import '../../../../components/app/kiosk/bacc-kiosk.js';
import type { BaccKiosk } from '../../../../components/app/kiosk/bacc-kiosk.js';
import { useLocale } from '../../../../components/app/shared/localization.js';
import { until } from '../../../support/wait.js';
import { attractScoreboard } from './attract-parts.js';

describe('<bacc-kiosk>', () => {
  // The kiosk loads the attract mode (and its scoreboard) when it first shows: have it defined before
  // the tests read the scoreboard's properties (read too soon, an undefined element had none).
  before(async () => {
    await import('../../../../components/app/attract/bacc-attract.js');
  });
  afterEach(async () => {
    await useLocale('en');
    document.documentElement.dataset['theme'] = 'dark';
  });

  it('deals a simulated shoe by itself at the speed in the URL', async () => {
    const el = await fixture<BaccKiosk>(html`<bacc-kiosk .search=${'?speed=0.2&seed=k'}></bacc-kiosk>`);
    const scoreboard = await attractScoreboard(el);
    // Each hand's arrival, as it appears: a busy machine delays the first hand, not the pace after it.
    const arrivals: number[] = [];
    for (let hands = 1; hands <= 5; hands++) {
      await until(() => scoreboard.hands.length >= hands, `hand ${hands}`, 10_000, 5);
      arrivals.push(performance.now());
    }
    const gaps = arrivals.slice(1).map((at, i) => at - arrivals[i]!);
    // Never faster than 0.2 s a hand (the first arrival may be seen late, so the mean of four gaps is
    // read, with room for that), and at least one gap far below the default 4 s.
    expect((arrivals.at(-1)! - arrivals[0]!) / gaps.length, `gaps ${gaps.join(', ')}`).to.be.at.least(150);
    expect(Math.min(...gaps), `gaps ${gaps.join(', ')}`).to.be.below(1000);
  });

  it('applies decks, table name, limits and theme from the URL', async () => {
    const el = await fixture<BaccKiosk>(html`<bacc-kiosk .search=${'?decks=6&table=Salon%20Prive&limits=5-50&theme=light'}></bacc-kiosk>`);
    const scoreboard = await attractScoreboard(el);
    expect(scoreboard.rules.decks).to.equal(6);
    expect(scoreboard.tableName).to.equal('Salon Prive');
    expect(scoreboard.limits).to.equal('5-50');
    expect(document.documentElement.dataset['theme']).to.equal('light');
  });

  it('says to reload when a part of the page cannot be loaded, and keeps saying it after the settings notice has gone', async () => {
    const el = await fixture<BaccKiosk>(html`<bacc-kiosk notice-duration="200" .search=${'?decks=12'}></bacc-kiosk>`);
    // Every part the kiosk loads on demand goes through loadPart; a chunk the server no longer has fails like this.
    const loadPart = (el as unknown as { loadPart(load: () => Promise<unknown>): Promise<unknown> }).loadPart.bind(el);
    const originalError = console.error;
    console.error = () => undefined;
    try {
      expect(await loadPart(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')))).to.equal(null);
    } finally {
      console.error = originalError;
    }
    await el.updateComplete;
    const notice = () => el.shadowRoot!.querySelector('[part="notice"]');
    expect(notice()!.getAttribute('role')).to.equal('alert');
    expect(notice()!.textContent).to.contain('reload the page');
    expect(notice()!.textContent).to.contain('decks=12');
    await until(() => !notice()!.textContent.includes('decks=12'), 'the settings notice to go');
    await el.updateComplete;
    expect(notice()!.textContent).to.contain('reload the page');
    expect(notice()!.textContent).not.to.contain('decks=12');
  });

  it('names an invalid setting on screen, uses the default, and removes the notice after a while', async () => {
    const el = await fixture<BaccKiosk>(html`<bacc-kiosk notice-duration="200" .search=${'?decks=12'}></bacc-kiosk>`);
    const notice = el.shadowRoot!.querySelector('[part="notice"]');
    expect(notice).to.exist;
    expect(notice!.getAttribute('role')).to.equal('status');
    expect(notice!.textContent).to.contain('decks=12');
    expect((await attractScoreboard(el)).rules.decks).to.equal(8);
    await until(() => el.shadowRoot!.querySelector('[part="notice"]') === null, 'the notice to go');
  });

  it('keeps the odds note in view while it names invalid settings', async () => {
    // Four notices at once, the most it can name, at the test page's size (it fills the window).
    const el = await fixture<BaccKiosk>(
      html`<bacc-kiosk notice-duration="60000" .search=${'?decks=12&speed=fast&rows=99&theme=sepia'}></bacc-kiosk>`,
    );
    const scoreboard = await attractScoreboard(el);
    const notice = el.shadowRoot!.querySelector('[part="notice"]')!.getBoundingClientRect();
    const note = scoreboard.shadowRoot!.querySelector('[part="note"]')!.getBoundingClientRect();
    expect(notice.height).to.be.greaterThan(0);
    expect(note.height).to.be.greaterThan(0);
    const overlap = notice.bottom > note.top && note.bottom > notice.top && notice.right > note.left && note.right > notice.left;
    expect(overlap, `notice ${JSON.stringify(notice)} over the note ${JSON.stringify(note)}`).to.equal(false);
  });

  it('names invalid settings, and why, in the page’s language', async () => {
    const el = await fixture<BaccKiosk>(
      html`<bacc-kiosk notice-duration="60000" .search=${'?lang=zh&decks=0&theme=sepia&seed=%20'}></bacc-kiosk>`,
    );
    // The Chinese templates load with the switch to Chinese: wait for them, not for a fixed time.
    const lines = () => [...el.shadowRoot!.querySelectorAll('[part="notice"] p')].map((line) => line.textContent.trim());
    await until(() => lines()[0]?.startsWith('已忽略') ?? false, 'the notice in Chinese', 3000);
    expect(lines()).to.deep.equal([
      '已忽略 decks=0：须为 1 到 8 的整数；改用 8',
      '已忽略 seed= ：须为 1 到 200 个字符；改用默认值',
      '已忽略 theme=sepia：须为 dark 或 light；改用 dark',
    ]);
  });

  it('speaks Simplified Chinese with lang=zh', async () => {
    const el = await fixture<BaccKiosk>(html`<bacc-kiosk .search=${'?lang=zh'}></bacc-kiosk>`);
    const scoreboard = await attractScoreboard(el);
    await until(() => scoreboard.shadowRoot!.querySelector('header')!.textContent.includes('靴'), 'the header in Chinese', 3000);
    expect(scoreboard.shadowRoot!.querySelector('header')!.textContent).to.contain('靴');
    expect(document.documentElement.lang).to.equal('zh-Hans');
  });
});
