/**
 * A page that registered the classes under names of its own, then imports the define entries:
 * every entry still registers its tag (a registry takes a constructor once, so with a subclass),
 * and nothing throws. A test file of its own: its page starts with no tag registered.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { unsafeStatic, html as staticHtml } from 'lit/static-html.js';
import * as elements from '../../components/elements.js';
import { layerCells } from './road-marks.js';

const TAGS = ['bead-plate', 'big-road', 'chart', 'derived-road', 'last-hand', 'odds-note', 'predictions', 'scoreboard', 'stats'].map(
  (name) => `bacc-${name}`,
);

describe('the define entries after a page registered the classes under its own names', () => {
  it('register every tag of the scoreboard, and the page keeps its own names working', async () => {
    customElements.define('my-road', elements.BaccBigRoad);
    customElements.define('my-stats', elements.BaccStats);
    const { BaccBigRoad } = await import('../../components/define/big-road.js');
    expect(BaccBigRoad).to.equal(elements.BaccBigRoad);
    expect(customElements.get('bacc-big-road')!.prototype).to.be.instanceOf(elements.BaccBigRoad);
    await import('../../components/define/scoreboard.js');
    for (const tag of TAGS) expect(customElements.get(tag), tag).to.not.equal(undefined);

    const mine = await fixture(staticHtml`<${unsafeStatic('my-road')} outcomes="BPPBBT"></${unsafeStatic('my-road')}>`);
    await (mine as elements.BaccBigRoad).updateComplete;
    expect(layerCells(mine.shadowRoot!.querySelector('.rings.B'))).to.deep.equal(['0,0', '2,0', '2,1']);
    const road = await fixture<elements.BaccBigRoad>(html`<bacc-big-road outcomes="BPPBBT"></bacc-big-road>`);
    expect(road).to.be.instanceOf(elements.BaccBigRoad);
    expect(layerCells(road.shadowRoot!.querySelector('.rings.B'))).to.deep.equal(['0,0', '2,0', '2,1']);
    const board = await fixture<elements.BaccScoreboard>(html`<bacc-scoreboard style="width:1280px;height:720px"></bacc-scoreboard>`);
    const stats = board.shadowRoot!.querySelector('bacc-stats')!;
    await stats.updateComplete;
    expect(stats.shadowRoot!.textContent).to.match(/Hands\s*0/);
  });
});
