/**
 * The elements speak the language of the nearest `lang` attribute (then `<html lang>`, then
 * English), switch when any `lang` changes, and do so on a page that configured @lit/localize for
 * itself: they no longer use it.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { configureLocalization } from '@lit/localize';
import { BaccBigRoad } from '../../components/bacc-big-road.js';
import { BaccLastHand } from '../../components/bacc-last-hand.js';

// Registered here by their usual names, whether or not importing the class already did.
if (!customElements.get('bacc-big-road')) customElements.define('bacc-big-road', BaccBigRoad);
if (!customElements.get('bacc-last-hand')) customElements.define('bacc-last-hand', BaccLastHand);

const ENGLISH = 'Big Road, 2 columns: column 1 banker 1; column 2 player 2';
const CHINESE = '大路，2列：第1列庄1；第2列闲2';

function summary(el: Element): string {
  return el.shadowRoot!.querySelector('.visually-hidden')!.textContent.trim();
}

function emptyText(el: Element): string {
  return el.shadowRoot!.querySelector('[part="empty"]')!.textContent.trim();
}

/** Waits for the elements to see a `lang` change (their observer runs in a microtask) and to render. */
async function settled(...elements: { updateComplete: Promise<unknown> }[]): Promise<void> {
  await new Promise((resolve) => requestAnimationFrame(resolve));
  await Promise.all(elements.map((el) => el.updateComplete));
}

describe('the language of the elements', () => {
  afterEach(() => {
    document.documentElement.removeAttribute('lang');
  });

  it('is English when no lang is set anywhere, whatever the browser language', async () => {
    document.documentElement.removeAttribute('lang');
    const road = await fixture<BaccBigRoad>(html`<bacc-big-road outcomes="BPP"></bacc-big-road>`);
    const last = await fixture<BaccLastHand>(html`<bacc-last-hand></bacc-last-hand>`);
    expect(summary(road)).to.equal(ENGLISH);
    expect(emptyText(last)).to.equal('No hands yet.');
  });

  it('follows the nearest lang: Chinese inside <div lang="zh-Hans">, English beside it', async () => {
    const page = await fixture<HTMLElement>(
      html`<section>
        <div lang="zh-Hans"><bacc-big-road outcomes="BPP"></bacc-big-road><bacc-last-hand></bacc-last-hand></div>
        <bacc-big-road class="outside" outcomes="BPP"></bacc-big-road>
      </section>`,
    );
    const inside = page.querySelector<BaccBigRoad>('div bacc-big-road')!;
    const outside = page.querySelector<BaccBigRoad>('.outside')!;
    await settled(inside, outside);
    expect(summary(inside)).to.equal(CHINESE);
    expect(emptyText(page.querySelector('bacc-last-hand')!)).to.equal('尚无牌局。');
    expect(summary(outside)).to.equal(ENGLISH);
  });

  it('re-renders when a lang changes at run time, on any element or on <html>', async () => {
    const page = await fixture<HTMLElement>(html`<div lang="zh-Hans"><bacc-big-road outcomes="BPP"></bacc-big-road></div>`);
    const road = page.querySelector<BaccBigRoad>('bacc-big-road')!;
    await settled(road);
    expect(summary(road)).to.equal(CHINESE);
    page.lang = 'en';
    await settled(road);
    expect(summary(road)).to.equal(ENGLISH);
    page.lang = 'zh-CN';
    await settled(road);
    expect(summary(road)).to.equal(CHINESE);
    page.removeAttribute('lang');
    await settled(road);
    expect(summary(road)).to.equal(ENGLISH);
    document.documentElement.lang = 'zh';
    await settled(road);
    expect(summary(road)).to.equal(CHINESE);
    road.lang = 'en-GB';
    await settled(road);
    expect(summary(road)).to.equal(ENGLISH);
  });

  it('speaks the language of the container it is moved into, with no lang change to prompt it', async () => {
    const page = await fixture<HTMLElement>(
      html`<section>
        <div class="english" lang="en"><bacc-big-road outcomes="BPP"></bacc-big-road></div>
        <div class="chinese" lang="zh-Hans"></div>
      </section>`,
    );
    const road = page.querySelector<BaccBigRoad>('bacc-big-road')!;
    await settled(road);
    expect(summary(road)).to.equal(ENGLISH);
    page.querySelector('.chinese')!.appendChild(road);
    await settled(road);
    expect(summary(road)).to.equal(CHINESE);
    page.querySelector('.english')!.appendChild(road);
    await settled(road);
    expect(summary(road)).to.equal(ENGLISH);
  });

  it('reads every Chinese tag as Simplified Chinese and any other language as English', async () => {
    const page = await fixture<HTMLElement>(html`<div><bacc-big-road outcomes="BPP"></bacc-big-road></div>`);
    const road = page.querySelector<BaccBigRoad>('bacc-big-road')!;
    for (const [lang, expected] of [
      ['zh', CHINESE],
      ['zh-Hans', CHINESE],
      ['zh-SG', CHINESE],
      ['zh_CN', CHINESE],
      ['zh-TW', CHINESE],
      ['fr', ENGLISH],
      ['en-US', ENGLISH],
      ['', ENGLISH],
    ] as const) {
      page.lang = lang;
      await settled(road);
      expect(summary(road), lang).to.equal(expected);
    }
  });

  it('follows a lang outside the shadow root the element is drawn in', async () => {
    const host = await fixture<HTMLElement>(html`<div lang="zh-Hans"></div>`);
    const root = host.attachShadow({ mode: 'open' });
    root.innerHTML = '<p><bacc-big-road outcomes="BPP"></bacc-big-road></p>';
    const road = root.querySelector<BaccBigRoad>('bacc-big-road')!;
    await settled(road);
    expect(summary(road)).to.equal(CHINESE);
    host.lang = 'en';
    await settled(road);
    expect(summary(road)).to.equal(ENGLISH);
  });

  it('is still English or Chinese on a page that configured @lit/localize for its own locales', async () => {
    const { setLocale, getLocale } = configureLocalization({
      sourceLocale: 'en',
      targetLocales: ['fr'],
      loadLocale: () => Promise.resolve({ templates: { 'big-road': 'Grand chemin' } }),
    });
    await setLocale('fr');
    expect(getLocale()).to.equal('fr');
    const page = await fixture<HTMLElement>(
      html`<section>
        <div lang="zh-Hans"><bacc-big-road outcomes="BPP"></bacc-big-road></div>
        <bacc-big-road class="outside" outcomes="BPP"></bacc-big-road>
      </section>`,
    );
    const inside = page.querySelector<BaccBigRoad>('div bacc-big-road')!;
    const outside = page.querySelector<BaccBigRoad>('.outside')!;
    await settled(inside, outside);
    expect(summary(inside)).to.equal(CHINESE);
    expect(summary(outside)).to.equal(ENGLISH);
    page.querySelector('div')!.lang = 'en';
    await settled(inside);
    expect(summary(inside)).to.equal(ENGLISH);
  });
});
