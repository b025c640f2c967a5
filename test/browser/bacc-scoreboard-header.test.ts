import { expect, fixture, html } from '@open-wc/testing';
import '../../components/define/scoreboard.js';
import type { BaccScoreboard } from '../../components/bacc-scoreboard.js';
import { MAX_TABLE_NAME_LENGTH } from '../../src/shoes/table-names.js';

/** Every item of the header, and whether its box lies inside the header's. */
function itemsOutside(el: BaccScoreboard): string[] {
  const header = el.shadowRoot!.querySelector('header')!;
  const box = header.getBoundingClientRect();
  return [...header.children]
    .filter((item) => getComputedStyle(item).display !== 'none')
    .filter((item) => {
      const rect = item.getBoundingClientRect();
      return rect.left < box.left - 0.5 || rect.right > box.right + 0.5 || rect.top < box.top - 0.5 || rect.bottom > box.bottom + 0.5;
    })
    .map((item) => `${item.tagName.toLowerCase()} "${item.textContent?.trim().slice(0, 20)}"`);
}

describe('<bacc-scoreboard> header with a long table name', () => {
  const latin = `${'W'.repeat(MAX_TABLE_NAME_LENGTH - 9)} Table 77`;
  const chinese = '迷'.repeat(MAX_TABLE_NAME_LENGTH);
  // 640 wide: the scoreboard's column in the operator console on a 1280×720 laptop.
  for (const [width, kind, name, cut] of [
    [1280, 'Latin', latin, true],
    // The header keeps to one line, so the board never moves down: 60 wide characters no longer fit beside the rest.
    [1280, 'Chinese', chinese, true],
    [640, 'Latin', latin, true],
    [640, 'Chinese', chinese, true],
  ] as const) {
    it(`keeps every item inside the header at ${width}×720 with a ${MAX_TABLE_NAME_LENGTH}-character ${kind} name${cut ? ', cut short with an ellipsis' : ''}`, async () => {
      expect([...name]).to.have.length(MAX_TABLE_NAME_LENGTH);
      const el = await fixture<BaccScoreboard>(
        html`<bacc-scoreboard
          style="width:${width}px;height:720px"
          table-name=${name}
          limits="10 – 1,000"
          shoe-number="12"
          status="Storage is full: hands are kept on screen only"
        ></bacc-scoreboard>`,
      );
      await el.updateComplete;
      expect(itemsOutside(el)).to.deep.equal([]);
      const header = el.shadowRoot!.querySelector('header')!;
      expect(header.scrollWidth).to.be.at.most(header.clientWidth);
      const heading = el.shadowRoot!.querySelector('h1')!;
      // Cut short, with an ellipsis, only when it does not fit…
      expect(heading.scrollWidth > heading.clientWidth).to.equal(cut);
      expect(getComputedStyle(heading).textOverflow).to.equal('ellipsis');
      // …its full text still there for a pointer and a screen reader.
      expect(heading.getAttribute('title')).to.equal(name);
      expect(heading.textContent).to.equal(name);
    });
  }

  it('gives a short name its whole width, with no ellipsis', async () => {
    const el = await fixture<BaccScoreboard>(
      html`<bacc-scoreboard style="width:1280px;height:720px" table-name="Table 7"></bacc-scoreboard>`,
    );
    const heading = el.shadowRoot!.querySelector('h1')!;
    expect(heading.scrollWidth).to.be.at.most(heading.clientWidth);
    expect(heading.getAttribute('title')).to.equal('Table 7');
  });
});
