/**
 * A new hand reaches the scoreboard's parts in stages (issue #29, point 3): the big road, the bead
 * plate and the header in the board's own update, the other parts in later tasks, so that a slow
 * screen never runs one long task for a hand. No timing is measured: what is checked is which parts
 * hold the new hand before the task that gave it ends, and that every part holds it in the end.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../components/define/scoreboard.js';
import type { BaccScoreboard } from '../../components/bacc-scoreboard.js';
import { Shoe } from '../../src/game/shoe.js';
import { handRecord, type HandRecord } from '../../src/shoes/document.js';

const dealt = (seed: string, count: number): HandRecord[] => {
  const shoe = new Shoe({ seed });
  return Array.from({ length: count }, () => handRecord(shoe.dealHand()));
};

type Part = HTMLElement & { hands: unknown; updateComplete: Promise<unknown> };

const parts = (el: BaccScoreboard) => {
  const all = (selector: string) => [...el.shadowRoot!.querySelectorAll<Part>(selector)];
  return {
    first: all('bacc-big-road, bacc-bead-plate'),
    later: all('bacc-derived-road, bacc-predictions, bacc-last-hand, bacc-stats, bacc-chart, bacc-odds-note'),
  };
};

/**
 * Resolves in the next task: after every microtask of this one (the board's update and its parts'),
 * before any later stage, which waits for a frame and then a task queued after this one.
 */
const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve));

describe('<bacc-scoreboard> hands in stages', () => {
  it('gives every part its hands in the first render', async () => {
    const hands = dealt('stages-first', 12);
    const el = await fixture<BaccScoreboard>(html`<bacc-scoreboard style="width:1600px;height:900px" .hands=${hands}></bacc-scoreboard>`);
    const { first, later } = parts(el);
    expect(later).to.have.length(10);
    for (const part of [...first, ...later]) expect(part.hands, part.localName).to.equal(hands);
  });

  it('gives a new hand to the roads at once and to the other parts in later tasks, all of them by updateComplete', async () => {
    const hands = dealt('stages-next', 12);
    const el = await fixture<BaccScoreboard>(
      html`<bacc-scoreboard style="width:1600px;height:900px" .hands=${hands.slice(0, 11)}></bacc-scoreboard>`,
    );
    el.hands = hands;
    await nextTask();
    const { first, later } = parts(el);
    for (const part of first) expect(part.hands, part.localName).to.equal(hands);
    expect(el.shadowRoot!.querySelector('header')!.textContent).to.match(/Hand\s*12/);
    for (const part of later) expect(part.hands, `${part.localName} in the same task`).to.not.equal(hands);
    await el.updateComplete;
    for (const part of later) expect(part.hands, part.localName).to.equal(hands);
  });

  it('ends with every part on the newest hands when hands come faster than the stages', async () => {
    const hands = dealt('stages-fast', 14);
    const el = await fixture<BaccScoreboard>(
      html`<bacc-scoreboard style="width:1600px;height:900px" .hands=${hands.slice(0, 11)}></bacc-scoreboard>`,
    );
    el.hands = hands.slice(0, 12);
    await nextTask();
    el.hands = hands.slice(0, 13);
    await new Promise((resolve) => requestAnimationFrame(resolve));
    el.hands = hands;
    await el.updateComplete;
    const { first, later } = parts(el);
    for (const part of [...first, ...later]) expect(part.hands, part.localName).to.equal(hands);
  });

  it('gives the last stage its hands while a new hand comes every frame', async () => {
    const hands = dealt('stages-every-frame', 40);
    const el = await fixture<BaccScoreboard>(
      html`<bacc-scoreboard style="width:1600px;height:900px" .hands=${hands.slice(0, 10)}></bacc-scoreboard>`,
    );
    const charts = [...el.shadowRoot!.querySelectorAll<Part>('bacc-chart')];
    const before = charts[0]!.hands;
    for (let count = 11; count <= 40; count++) {
      el.hands = hands.slice(0, count);
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    // Stage by stage, a frame apart, the charts took some newer hands while the hands kept coming.
    for (const chart of charts) expect(chart.hands).to.not.equal(before);
    await el.updateComplete;
    for (const chart of charts) expect(chart.hands).to.equal(el.hands);
  });
});
