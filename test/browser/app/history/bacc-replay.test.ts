import { expect, fixture, html, nextFrame } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../../components/app/history/bacc-replay.js';
import type { BaccReplay } from '../../../../components/app/history/bacc-replay.js';
import type { BaccScoreboard } from '../../../../components/bacc-scoreboard.js';
import type { BaccBigRoad } from '../../../../components/bacc-big-road.js';
import { computeRoads } from '../../../../src/roads/roads.js';
import type { ShoeRecord } from '../../../../src/shoes/document.js';
import { eventsFiredDuring } from '../../event-spy.js';
import { shoeAt } from './history-fixtures.js';
import { delay, until } from '../../../support/wait.js';
import { byColumn, layerCells } from '../../road-marks.js';

const shoe = shoeAt('replay', 'Table 3', '2026-03-14T12:00:00.000Z');

function scoreboard(el: BaccReplay): BaccScoreboard {
  return el.shadowRoot!.querySelector('bacc-scoreboard')!;
}

function button(el: BaccReplay, action: string): HTMLButtonElement {
  return el.shadowRoot!.querySelector<HTMLButtonElement>(`[data-action="${action}"]`)!;
}

function positionText(el: BaccReplay): string {
  return el.shadowRoot!.querySelector('.position')!.textContent.trim();
}

/** The big road's drawn rings, as the notation of docs/rules.md, side(col,row), and the first road column on screen. */
async function bigRoadDrawn(el: BaccReplay): Promise<{ cells: string[]; firstCol: number }> {
  const bigRoad = scoreboard(el).shadowRoot!.querySelector<BaccBigRoad>('bacc-big-road')!;
  await nextFrame();
  await nextFrame();
  await bigRoad.updateComplete;
  const root = bigRoad.shadowRoot!;
  const cells = ['B', 'P'].flatMap((side) => layerCells(root.querySelector(`.rings.${side}`)).map((cell) => `${side}(${cell})`));
  return { cells: byColumn(cells), firstCol: Number(root.querySelector('svg')!.dataset.firstCol) };
}

/** The big road's cells after `hands` hands from road column `firstCol` on, in the same notation. */
function expectedCells(hands: number, firstCol: number): string[] {
  const cells = computeRoads(shoe.hands.slice(0, hands)).bigRoad.cells.filter((cell) => cell.col >= firstCol);
  return byColumn(cells.map((cell) => `${cell.side}(${cell.col},${cell.row})`));
}

async function replayOf(replayed: ShoeRecord = shoe): Promise<BaccReplay> {
  return fixture<BaccReplay>(html`<bacc-replay style="height: 720px" .shoe=${replayed}></bacc-replay>`);
}

describe('<bacc-replay>', () => {
  it('opens at the last hand, showing the whole shoe', async () => {
    const el = await replayOf();
    expect(scoreboard(el).hands).to.deep.equal(shoe.hands);
    expect(positionText(el)).to.equal(`hand ${shoe.hands.length} of ${shoe.hands.length}`);
    expect(button(el, 'forward').getAttribute('aria-disabled')).to.equal('true');
  });

  it("shows the shoe's own number, as the console did", async () => {
    const el = await replayOf({ ...shoe, number: 4 });
    expect(scoreboard(el).shoeNumber).to.equal(4);
  });

  it('tells the scoreboard the shoe is over only at the last hand of an ended shoe', async () => {
    expect(shoe.endedAt).to.be.a('string');
    const el = await replayOf();
    expect(scoreboard(el).ended).to.equal(true);
    button(el, 'back').click();
    await el.updateComplete;
    expect(scoreboard(el).ended).to.equal(false);
    el.shoe = { ...shoe, endedAt: null };
    await el.updateComplete;
    expect(positionText(el)).to.equal(`hand ${shoe.hands.length} of ${shoe.hands.length}`);
    expect(scoreboard(el).ended).to.equal(false);
  });

  it('steps back and forward one hand at a time, giving the scoreboard exactly the hands dealt so far', async () => {
    const el = await replayOf();
    button(el, 'first').click();
    await el.updateComplete;
    expect(scoreboard(el).hands).to.deep.equal([]);
    expect(button(el, 'back').getAttribute('aria-disabled')).to.equal('true');
    button(el, 'forward').click();
    await el.updateComplete;
    button(el, 'forward').click();
    await el.updateComplete;
    expect(scoreboard(el).hands).to.deep.equal(shoe.hands.slice(0, 2));
    button(el, 'back').click();
    await el.updateComplete;
    expect(scoreboard(el).hands).to.deep.equal(shoe.hands.slice(0, 1));
    expect(positionText(el)).to.equal(`hand 1 of ${shoe.hands.length}`);
  });

  it('keeps the focus on First, Step back, Step forward and Last at either end, where they do nothing', async () => {
    const el = await replayOf();
    const total = shoe.hands.length;
    el.goTo(1);
    await el.updateComplete;
    button(el, 'back').focus();
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(el.hands.length).to.equal(0);
    expect(el.shadowRoot!.activeElement).to.equal(button(el, 'back'));
    expect(button(el, 'back').getAttribute('aria-disabled')).to.equal('true');
    expect(button(el, 'first').getAttribute('aria-disabled')).to.equal('true');
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(el.hands.length).to.equal(0);
    // The replay's own keys still work from there.
    await sendKeys({ press: 'ArrowRight' });
    await el.updateComplete;
    expect(el.hands.length).to.equal(1);
    expect(el.shadowRoot!.activeElement).to.equal(button(el, 'back'));

    el.goTo(total - 1);
    await el.updateComplete;
    button(el, 'forward').focus();
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(el.hands.length).to.equal(total);
    expect(el.shadowRoot!.activeElement).to.equal(button(el, 'forward'));
    expect(button(el, 'last').getAttribute('aria-disabled')).to.equal('true');
    button(el, 'last').focus();
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(el.hands.length).to.equal(total);
    expect(el.shadowRoot!.activeElement).to.equal(button(el, 'last'));
  });

  it('does not stop the playing when an inert First is pressed at the first hand', async () => {
    const el = await replayOf();
    // Play at the end starts again from the first hand; the default speed leaves time to press First.
    button(el, 'play').click();
    await el.updateComplete;
    expect(el.hands.length).to.equal(0);
    button(el, 'first').click();
    await el.updateComplete;
    expect(button(el, 'play').getAttribute('aria-pressed')).to.equal('true');
    await until(() => el.hands.length >= 1, 'a hand played');
  });

  it('puts the focus on its play button when focused', async () => {
    const el = await replayOf();
    el.focus();
    expect(el.shadowRoot!.activeElement).to.equal(button(el, 'play'));
  });

  it('scrubs to any hand, and the big road shows the state at that hand', async () => {
    const el = await replayOf();
    const slider = el.shadowRoot!.querySelector<HTMLInputElement>('input[type="range"]')!;
    expect(slider.max).to.equal(String(shoe.hands.length));
    slider.value = '23';
    slider.dispatchEvent(new Event('input'));
    await el.updateComplete;
    expect(scoreboard(el).hands).to.deep.equal(shoe.hands.slice(0, 23));
    expect(positionText(el)).to.equal(`hand 23 of ${shoe.hands.length}`);
    const { cells, firstCol } = await bigRoadDrawn(el);
    expect(cells).to.deep.equal(expectedCells(23, firstCol));
    // The statistics follow the same hands: the header counts 23.
    const header = scoreboard(el).shadowRoot!.querySelector('header')!.textContent;
    expect(header).to.match(/Hand\s*23\b/);
  });

  it('jumps to the first and last hands with Home and End, and steps with the arrow keys', async () => {
    const el = await replayOf();
    button(el, 'back').focus();
    await sendKeys({ press: 'Home' });
    await el.updateComplete;
    expect(scoreboard(el).hands.length).to.equal(0);
    button(el, 'play').focus();
    await sendKeys({ press: 'ArrowRight' });
    await sendKeys({ press: 'ArrowRight' });
    await sendKeys({ press: 'ArrowRight' });
    await sendKeys({ press: 'ArrowLeft' });
    await el.updateComplete;
    expect(scoreboard(el).hands).to.deep.equal(shoe.hands.slice(0, 2));
    await sendKeys({ press: 'End' });
    await el.updateComplete;
    expect(scoreboard(el).hands.length).to.equal(shoe.hands.length);
  });

  it('names each speed in hands a second, with "1 hand a second" in the singular', async () => {
    const el = await replayOf();
    const options = [...el.shadowRoot!.querySelectorAll('select option')].map((option) => option.textContent.trim());
    expect(options).to.include('1 hand a second');
    expect(options.filter((text) => /^1 hands/.test(text))).to.deep.equal([]);
  });

  it('plays and pauses at the chosen speed, starting again from the first hand at the end', async () => {
    const el = await replayOf();
    const speed = el.shadowRoot!.querySelector('select')!;
    speed.value = '200';
    speed.dispatchEvent(new Event('change'));
    button(el, 'play').click();
    await el.updateComplete;
    expect(button(el, 'play').getAttribute('aria-pressed')).to.equal('true');
    expect(scoreboard(el).hands.length).to.equal(0);
    await until(() => el.hands.length >= 2, 'two hands played');
    button(el, 'play').click();
    await el.updateComplete;
    const paused = el.hands.length;
    await delay(500);
    expect(el.hands.length).to.equal(paused);
    expect(button(el, 'play').textContent.trim()).to.equal('Play');
  });

  it('stops playing when it leaves the page', async () => {
    const el = await replayOf();
    const speed = el.shadowRoot!.querySelector('select')!;
    speed.value = '200';
    speed.dispatchEvent(new Event('change'));
    button(el, 'play').click();
    await until(() => el.hands.length >= 1, 'a hand played');
    const parent = el.parentNode!;
    el.remove();
    const atRemoval = el.hands.length;
    await delay(600);
    await el.updateComplete;
    expect(el.hands.length).to.equal(atRemoval);
    parent.append(el);
    await el.updateComplete;
    expect(button(el, 'play').getAttribute('aria-pressed')).to.equal('false');
  });

  it('fires bacc-replay-close, bubbling out of shadow roots, when Back to history is pressed', async () => {
    const el = await replayOf();
    let heard: Event | null = null;
    document.addEventListener('bacc-replay-close', (event) => (heard = event), { once: true });
    el.shadowRoot!.querySelector<HTMLButtonElement>('button')!.click();
    expect(heard).to.not.equal(null);
    expect(heard!.bubbles && heard!.composed).to.be.true;
  });

  it('fires no event when its shoe is set or replaced', async () => {
    const el = await fixture<BaccReplay>(html`<bacc-replay style="height: 720px"></bacc-replay>`);
    const other = shoeAt('replay-2', 'Table 4', '2026-03-15T12:00:00.000Z');
    const fired = await eventsFiredDuring(el, async () => {
      el.shoe = shoe;
      await el.updateComplete;
      el.shoe = other;
      await el.updateComplete;
    });
    expect(fired).to.deep.equal([]);
    expect(scoreboard(el).hands).to.deep.equal(other.hands);
  });

  it('is accessible, at either end too', async () => {
    const el = await replayOf();
    await expect(el).to.be.accessible();
    el.goTo(0);
    await el.updateComplete;
    await expect(el).to.be.accessible();
  });
});
