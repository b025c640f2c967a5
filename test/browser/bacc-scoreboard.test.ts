import { expect, fixture, html, nextFrame } from '@open-wc/testing';
import '../../components/define/scoreboard.js';
import type { BaccScoreboard } from '../../components/bacc-scoreboard.js';
import type { BaccStats } from '../../components/bacc-stats.js';
import { makeRules } from '../../src/game/rules.js';
import { Shoe } from '../../src/game/shoe.js';
import { handRecord, type HandRecord } from '../../src/shoes/document.js';
import { RoadTracker, handsFromOutcomes } from '../../src/roads/roads.js';
import { ShoeStatistics } from '../../src/roads/statistics.js';
import { eventsFiredDuring } from './event-spy.js';
import { layerCells } from './road-marks.js';

const dealt = (seed: string, count: number): HandRecord[] => {
  const shoe = new Shoe({ seed });
  return Array.from({ length: count }, () => handRecord(shoe.dealHand()));
};

const children = (el: BaccScoreboard) => ({
  header: el.shadowRoot!.querySelector('header')!,
  roads: [...el.shadowRoot!.querySelectorAll('bacc-bead-plate, bacc-big-road, bacc-derived-road')],
  panels: [...el.shadowRoot!.querySelectorAll('bacc-predictions, bacc-stats, bacc-chart, bacc-odds-note, bacc-last-hand')],
});

describe('<bacc-scoreboard>', () => {
  it('shows the table name, limits, shoe number and hand number', async () => {
    const el = await fixture<BaccScoreboard>(
      html`<bacc-scoreboard table-name="Table 7" limits="10 – 500" shoe-number="3" .hands=${dealt('header', 5)}></bacc-scoreboard>`,
    );
    const text = children(el).header.textContent.replace(/\s+/g, ' ');
    expect(text).to.contain('Table 7');
    expect(text).to.contain('10 – 500');
    expect(text).to.match(/Shoe ?3/);
    expect(text).to.match(/Hand ?5/);
    expect(text).to.contain('8 decks · play money only');
    el.rules = makeRules({ decks: 1 });
    await el.updateComplete;
    expect(children(el).header.textContent.replace(/\s+/g, ' ')).to.contain('1 deck · play money only');
  });

  it("gives the bead plate the labels bead-labels names; another value warns once, naming the scoreboard, and uses the language's", async () => {
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (message: string) => warnings.push(message);
    let el: BaccScoreboard;
    try {
      el = await fixture<BaccScoreboard>(html`<bacc-scoreboard bead-labels="klingon" .hands=${dealt('labels', 4)}></bacc-scoreboard>`);
      el.hands = dealt('labels', 5);
      await el.updateComplete;
    } finally {
      console.warn = warn;
    }
    expect(warnings).to.deep.equal(['bacc-scoreboard: bead-labels must be one of chinese, letters, totals; got "klingon", using letters']);
    expect(el.shadowRoot!.querySelector('bacc-bead-plate')!.getAttribute('labels')).to.equal('letters');
    el.beadLabels = 'totals';
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('bacc-bead-plate')!.getAttribute('labels')).to.equal('totals');
  });

  it('brings rows outside 3 to 12 into range once, with one warning, for every road', async () => {
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (message: string) => warnings.push(message);
    let el: BaccScoreboard;
    try {
      el = await fixture<BaccScoreboard>(html`<bacc-scoreboard rows="100000" .hands=${dealt('rows', 8)}></bacc-scoreboard>`);
      for (const road of children(el).roads) await (road as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
    } finally {
      console.warn = warn;
    }
    expect(warnings).to.deep.equal(['bacc-scoreboard: rows must be a whole number from 3 to 12; got 100000, using 12']);
    for (const road of children(el).roads) expect(road.getAttribute('rows')).to.equal('12');
  });

  for (const [width, height] of [
    [1264, 576],
    [1280, 720],
  ] as const) {
    it(`shows every statistic whole at ${width} x ${height} (a plain page's 80vh and a full 720p screen)`, async () => {
      const el = await fixture<BaccScoreboard>(
        html`<bacc-scoreboard style="width:${width}px;height:${height}px" .hands=${dealt('clipped', 60)}></bacc-scoreboard>`,
      );
      // The counts' strip, and the other statistics' panel (on screen until the charts take their turn).
      const shown: string[] = [];
      for (const strip of ['counts', 'details']) {
        const stats = el.shadowRoot!.querySelector<BaccStats>(`.panel.${strip} bacc-stats`)!;
        await stats.updateComplete;
        await nextFrame();
        const panel = el.shadowRoot!.querySelector(`.panel.${strip}`)!.getBoundingClientRect();
        for (const tile of stats.shadowRoot!.querySelectorAll('.tile')) {
          const box = tile.getBoundingClientRect();
          expect(box.bottom, tile.textContent.trim()).to.be.at.most(panel.bottom + 0.5);
          expect(box.right, tile.textContent.trim()).to.be.at.most(panel.right + 0.5);
          shown.push(tile.getAttribute('data-stat')!);
        }
      }
      expect(shown.sort()).to.deep.equal(
        ['banker', 'banker-six', 'cards-dealt', 'cards-left', 'hands', 'longest', 'naturals', 'pairs', 'player', 'streak', 'tie'].sort(),
      );
    });
  }

  it('passes the same hands to every road and panel, and updates them all when a hand is added', async () => {
    const hands = dealt('update', 10);
    const el = await fixture<BaccScoreboard>(
      html`<bacc-scoreboard style="width:1600px;height:900px" .hands=${hands.slice(0, 9)}></bacc-scoreboard>`,
    );
    el.hands = hands;
    await el.updateComplete;
    const { header, roads, panels } = children(el);
    expect(header.textContent).to.match(/Hand\s*10/);
    expect(roads).to.have.length(5);
    // The ask roads, the counts, the other statistics, the count chart, the frequency chart, the odds note and the last hand.
    expect(panels).to.have.length(7);
    for (const child of [...roads, ...panels]) expect((child as unknown as { hands: unknown }).hands).to.equal(hands);
    const bead = el.shadowRoot!.querySelector('bacc-bead-plate')!;
    await bead.updateComplete;
    const beads = ['B', 'P', 'T'].flatMap((side) => layerCells(bead.shadowRoot!.querySelector(`.discs.${side}`)));
    expect(beads).to.have.length(10);
  });

  it('adds one more hand to one road tracker and one set of statistics, not once per element', async () => {
    const hands = dealt('shared', 12);
    const el = await fixture<BaccScoreboard>(
      html`<bacc-scoreboard style="width:1600px;height:900px" .hands=${hands.slice(0, 11)}></bacc-scoreboard>`,
    );
    const roadAdd = RoadTracker.prototype.add;
    const statisticsAdd = ShoeStatistics.prototype.add;
    let roadAdds = 0;
    let statisticsAdds = 0;
    RoadTracker.prototype.add = function (this: RoadTracker, record: HandRecord) {
      roadAdds++;
      return roadAdd.call(this, record);
    };
    ShoeStatistics.prototype.add = function (this: ShoeStatistics, record: HandRecord) {
      statisticsAdds++;
      return statisticsAdd.call(this, record);
    };
    try {
      el.hands = hands;
      await el.updateComplete;
      await Promise.all(
        children(el)
          .roads.concat(children(el).panels)
          .map((child) => (child as unknown as { updateComplete: Promise<unknown> }).updateComplete),
      );
    } finally {
      RoadTracker.prototype.add = roadAdd;
      ShoeStatistics.prototype.add = statisticsAdd;
    }
    // One add for the roads and one for the panels: the road tracker keeps no statistics of its own.
    expect(roadAdds).to.equal(1);
    expect(statisticsAdds).to.equal(1);
    const bigRoad = el.shadowRoot!.querySelector('bacc-big-road')!;
    expect(
      layerCells(bigRoad.shadowRoot!.querySelector('.rings.B')).length + layerCells(bigRoad.shadowRoot!.querySelector('.rings.P')).length,
    ).to.be.greaterThan(0);
    const stats = el.shadowRoot!.querySelector('bacc-stats')!;
    expect(stats.shadowRoot!.querySelector('[data-stat="hands"] .figure')!.textContent).to.equal('12');
  });

  it('sizes the ask roads like the counts beside them, and keeps the statistics labels legible on a 1280×720 screen', async () => {
    const el = await fixture<BaccScoreboard>(
      html`<bacc-scoreboard style="width:1280px;height:720px;display:block" .hands=${dealt('sizes', 20)}></bacc-scoreboard>`,
    );
    await nextFrame();
    const root = el.shadowRoot!;
    // One cell of each: the ask grid holds three cells in a row, the big road's grid its rows.
    const askGrid = root.querySelector('bacc-predictions')!.shadowRoot!.querySelector('[part="grid"]')!.getBoundingClientRect();
    const stats = root.querySelector<BaccStats>('.counts bacc-stats')!;
    await stats.updateComplete;
    const figure = stats.shadowRoot!.querySelector('.tile.banker .figure')!.getBoundingClientRect();
    const askCell = askGrid.width / 3;
    // The ask roads' marks stand as tall as the counts' figures in the strip they share.
    expect(
      Math.abs(askCell - figure.height) / figure.height,
      `ask cell ${askCell} px, banker count ${figure.height} px high`,
    ).to.be.lessThan(0.25);
    const label = stats.shadowRoot!.querySelector('.tile.hands dt')!;
    expect(parseFloat(getComputedStyle(label).fontSize)).to.be.at.least(12);
  });

  it('shows the note that past results do not predict the next hand', async () => {
    const el = await fixture<BaccScoreboard>(html`<bacc-scoreboard .hands=${handsFromOutcomes('BPT')}></bacc-scoreboard>`);
    const note = el.shadowRoot!.querySelector('bacc-odds-note')!;
    await note.updateComplete;
    expect(note.shadowRoot!.textContent).to.contain('Past results do not predict the next hand');
  });

  it('fires no events when its properties are set', async () => {
    const el = await fixture<BaccScoreboard>(html`<bacc-scoreboard></bacc-scoreboard>`);
    const fired = await eventsFiredDuring(el, async () => {
      el.hands = dealt('events', 12);
      el.tableName = 'Quiet';
      el.shoeNumber = 2;
      await el.updateComplete;
    });
    expect(fired).to.deep.equal([]);
  });

  it('passes an accessibility audit', async () => {
    const el = await fixture<BaccScoreboard>(
      html`<bacc-scoreboard style="width:1600px;height:900px" table-name="Audit" .hands=${dealt('a11y', 20)}></bacc-scoreboard>`,
    );
    await expect(el).to.be.accessible();
  });
});
