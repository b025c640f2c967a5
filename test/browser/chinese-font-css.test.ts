/**
 * The elements package's Chinese font entry (baccarat-scoreboard/chinese-font.css) on a site's page
 * (issue #28, point 9): with it linked, a scoreboard named in characters no translation uses draws
 * them on a screen with no CJK font of its own, in English, from the whole font's slices it declares.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../components/define/scoreboard.js';
import type { BaccScoreboard } from '../../components/bacc-scoreboard.js';
import { until } from '../support/wait.js';
import { boxes, chineseTexts } from './app/shared/chinese-name-checks.js';

describe('chinese-font.css', () => {
  it('draws a Chinese table name the words do not use, on an English page', async () => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = new URL('../../components/fonts/chinese-font.css', import.meta.url).href;
    const loaded = new Promise((resolve, reject) => {
      link.onload = resolve;
      link.onerror = reject;
    });
    document.head.append(link);
    await loaded;
    document.documentElement.lang = 'en';
    const scoreboard = await fixture<BaccScoreboard>(
      html`<bacc-scoreboard table-name="龍鳳桌 VIP" limits="鑫隆厅 100–5,000"></bacc-scoreboard>`,
    );
    const drawnAsBoxes = () =>
      chineseTexts(scoreboard.shadowRoot!)
        .filter(({ text }) => /[龍鑫]/.test(text))
        .flatMap(({ text, element }) => boxes(text, element).map((character) => `${text}: ${character}`));
    expect(chineseTexts(scoreboard.shadowRoot!).filter(({ text }) => /[龍鑫]/.test(text))).to.have.length(2);
    await until(() => drawnAsBoxes().length === 0, 'the name drawn', 10_000).catch(() => {
      throw new Error(drawnAsBoxes().join('; '));
    });
    // From the stylesheet's whole-font slices: only those of the characters drawn were fetched.
    const fetched = performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname.split('/').pop()!)
      .filter((name) => name.endsWith('.woff2'));
    expect(fetched.length).to.be.greaterThan(0);
    expect(
      fetched.every((name) => name.startsWith('noto-sans-sc-full-') || name.startsWith('noto-sans-sc-app-')),
      fetched.join(),
    ).to.equal(true);
    expect(fetched.length).to.be.at.most(12);
  });
});
