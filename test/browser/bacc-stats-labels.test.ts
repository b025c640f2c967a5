import { expect, fixture, html } from '@open-wc/testing';
import '../../components/define/stats.js';
import type { BaccStats } from '../../components/bacc-stats.js';
import { Shoe } from '../../src/game/shoe.js';
import { handRecord } from '../../src/shoes/document.js';

/** The labels whose words are broken over lines ("Banke" / "r") or that are wider than their cell. */
function brokenLabels(el: BaccStats): string[] {
  const problems: string[] = [];
  for (const label of el.shadowRoot!.querySelectorAll<HTMLElement>('dt')) {
    const text = label.textContent.trim();
    if (label.scrollWidth > label.clientWidth + 1) problems.push(`"${text}" is ${label.scrollWidth}px in ${label.clientWidth}px`);
    const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of node.textContent!.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
        if (lines.size > 1) problems.push(`"${match[0]}" of "${text}" is broken over ${lines.size} lines`);
      }
    }
  }
  return problems;
}

describe('<bacc-stats> labels in a narrow panel', () => {
  afterEach(() => {
    document.documentElement.removeAttribute('lang');
  });

  // 200 px at 12 px: the statistics panel of the operator console on a 1280×720 laptop.
  for (const width of [160, 200, 260, 400]) {
    it(`breaks no label inside a word at ${width} px`, async () => {
      const shoe = new Shoe({ seed: 'labels' });
      const hands = Array.from({ length: 8 }, () => handRecord(shoe.dealHand()));
      const el = await fixture<BaccStats>(html`<bacc-stats style="width:${width}px;font-size:12px" .hands=${hands}></bacc-stats>`);
      expect(el.shadowRoot!.querySelector('.banker dt')!.textContent).to.contain('Banker');
      expect(brokenLabels(el)).to.deep.equal([]);
      document.documentElement.lang = 'zh-Hans';
      await new Promise((resolve) => requestAnimationFrame(resolve));
      await el.updateComplete;
      expect(el.shadowRoot!.querySelector('.banker dt')!.textContent).to.contain('庄家');
      expect(brokenLabels(el)).to.deep.equal([]);
    });
  }
});
