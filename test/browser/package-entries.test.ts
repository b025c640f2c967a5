/**
 * The package's element entries: the classes entry registers nothing, each define entry registers
 * its own tag (the scoreboard's also its parts), and a class registered under a page's own name works.
 * Each test file runs in a page of its own, so nothing else has registered these tags here.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { unsafeStatic, html as staticHtml } from 'lit/static-html.js';
import * as elements from '../../components/elements.js';
import { layerCells } from './road-marks.js';

const TAGS = ['bead-plate', 'big-road', 'chart', 'derived-road', 'last-hand', 'odds-note', 'predictions', 'scoreboard', 'stats'].map(
  (name) => `bacc-${name}`,
);

describe('the package entries', () => {
  it('the classes entry registers no tag', () => {
    expect(Object.keys(elements)).to.have.length(TAGS.length);
    for (const tag of TAGS) expect(customElements.get(tag), tag).to.equal(undefined);
  });

  it('lets a page register a class under a name of its own', async () => {
    customElements.define('casino-big-road', class extends elements.BaccBigRoad {});
    const el = await fixture(staticHtml`<${unsafeStatic('casino-big-road')} outcomes="BPPBBT"></${unsafeStatic('casino-big-road')}>`);
    await (el as elements.BaccBigRoad).updateComplete;
    expect(layerCells(el.shadowRoot!.querySelector('.rings.B'))).to.deep.equal(['0,0', '2,0', '2,1']);
    expect(customElements.get('bacc-big-road')).to.equal(undefined);
  });

  it('a define entry registers its own tag only, and importing it twice changes nothing', async () => {
    const { BaccBigRoad } = await import('../../components/define/big-road.js');
    expect(customElements.get('bacc-big-road')).to.equal(BaccBigRoad);
    expect(BaccBigRoad).to.equal(elements.BaccBigRoad);
    expect(customElements.get('bacc-chart')).to.equal(undefined);
    expect(customElements.get('bacc-scoreboard')).to.equal(undefined);
    const el = await fixture<elements.BaccBigRoad>(html`<bacc-big-road outcomes="BPPBBT"></bacc-big-road>`);
    expect(layerCells(el.shadowRoot!.querySelector('.rings.P'))).to.deep.equal(['1,0', '1,1']);
  });

  it("the scoreboard's entry registers the scoreboard and every part it draws", async () => {
    await import('../../components/define/scoreboard.js');
    for (const tag of TAGS) expect(customElements.get(tag), tag).to.not.equal(undefined);
  });

  it('reflects the state a page styles by: letters on a road, ended on the scoreboard', async () => {
    await import('../../components/define/scoreboard.js');
    const road = await fixture<elements.BaccBigRoad>(html`<bacc-big-road outcomes="BP"></bacc-big-road>`);
    road.letters = true;
    await road.updateComplete;
    expect(road.hasAttribute('letters')).to.equal(true);
    const board = await fixture<elements.BaccScoreboard>(html`<bacc-scoreboard></bacc-scoreboard>`);
    board.ended = true;
    await board.updateComplete;
    expect(board.matches('[ended]')).to.equal(true);
  });
});
