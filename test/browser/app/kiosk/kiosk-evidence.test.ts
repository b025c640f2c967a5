import { expect, fixture, html } from '@open-wc/testing';
import '../../../../components/app/kiosk/bacc-kiosk.js';
import type { BaccKiosk } from '../../../../components/app/kiosk/bacc-kiosk.js';
import { until } from '../../../support/wait.js';
import { attractOf, attractScoreboard, evidencePanelOf, scoreboardOf } from './attract-parts.js';

describe('<bacc-kiosk>: the evidence page and panel', () => {
  before(async () => {
    await import('../../../../components/app/attract/bacc-attract.js');
  });

  it('shows the evidence page with ?mode=evidence, with the seed and decks of the address', async () => {
    const kiosk = await fixture<BaccKiosk>(html`<bacc-kiosk .search=${'?mode=evidence&seed=wall&decks=6'}></bacc-kiosk>`);
    await until(() => customElements.get('bacc-evidence') !== undefined, 'the evidence element to load', 15_000);
    await kiosk.updateComplete;
    const evidence = kiosk.shadowRoot!.querySelector('bacc-evidence')!;
    expect(evidence).to.exist;
    expect(evidence.seed).to.equal('wall');
    expect(evidence.decks).to.equal(6);
    expect(attractOf(kiosk)).to.equal(null);
    expect(document.title).to.contain('do the roads predict?');
  });

  it('shows the evidence panel after each attract shoe for evidence= seconds, then the scoreboard again', async function () {
    this.timeout(30_000);
    const kiosk = await fixture<BaccKiosk>(
      html`<bacc-kiosk .search=${'?decks=1&speed=0.2&seed=short&evidence=5&table=Evidence%20test'}></bacc-kiosk>`,
    );
    const shown = () => evidencePanelOf(kiosk);
    await attractScoreboard(kiosk);
    expect(shown()).to.equal(null);
    await until(() => shown() !== null, 'the panel at the end of the shoe', 20_000);
    const appeared = performance.now();
    const scoreboard = scoreboardOf(kiosk)!;
    const shoe = scoreboard.shoeNumber;
    // Hidden, not removed (a removed one stayed in memory).
    expect(scoreboardOf(kiosk)!.hidden).to.equal(true);
    await until(() => shown() === null, 'the scoreboard again', 10_000);
    // Shown for the seconds asked (with the page's own pace around it).
    expect(performance.now() - appeared).to.be.within(4000, 7000);
    expect(scoreboardOf(kiosk)!.hidden).to.equal(false);
    // The next shoe waited for the panel: the board comes back on the shoe that ended.
    expect(scoreboard.shoeNumber).to.equal(shoe);
    expect(scoreboard.ended).to.equal(true);
  });
});
