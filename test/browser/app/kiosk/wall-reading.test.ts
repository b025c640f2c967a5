import { expect, fixture, html } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import '../../../../components/app/kiosk/bacc-kiosk.js';
import type { BaccKiosk } from '../../../../components/app/kiosk/bacc-kiosk.js';
import type { BaccScoreboard } from '../../../../components/bacc-scoreboard.js';
import { useLocale } from '../../../../components/app/shared/localization.js';
import { until } from '../../../support/wait.js';
import { attractScoreboard } from './attract-parts.js';

/**
 * The attract kiosk read where it hangs (#29), with the default settings: on a 1920 x 1080 screen no
 * text under 24 px (the players at the table read everything); the counts, the limits and the table
 * name at least 40 px and the last result's winner and totals 72 px, and big road cells 36 px (the
 * aisle reads these at 5 m). Other screens in proportion to their short side.
 */
const SCREENS = [
  [1920, 1080],
  [1080, 1920],
  [3840, 2160],
] as const;

/** Every text node under `root`, through open shadow roots. */
function* textNodes(root: Node): Generator<Text> {
  for (const child of root.childNodes) {
    if (child instanceof Text) {
      if (child.data.trim() !== '') yield child;
    } else {
      if (child instanceof Element && child.shadowRoot) yield* textNodes(child.shadowRoot);
      yield* textNodes(child);
    }
  }
}

/** The element a node belongs to, through shadow roots: its parent, or its shadow root's host. */
const up = (node: Node): Element | null => node.parentElement ?? (node.parentNode instanceof ShadowRoot ? node.parentNode.host : null);

/** Whether a text is drawn where a person can see it: laid out, not clipped away for screen readers only, not hidden. */
function onScreen(text: Text): boolean {
  const range = document.createRange();
  range.selectNodeContents(text);
  const box = range.getBoundingClientRect();
  if (box.width < 2 || box.height < 2) return false;
  for (let element = up(text); element; element = up(element)) {
    const style = getComputedStyle(element);
    // An element that only groups its children (display: contents) has no box of its own to be visible.
    if (style.display === 'contents') continue;
    if (!element.checkVisibility({ visibilityProperty: true, opacityProperty: true })) return false;
    if (style.clip !== 'auto' || style.clipPath !== 'none') return false;
  }
  return true;
}

/** The size a text is drawn at, in CSS pixels: its font size, times the scale of an SVG's viewBox. */
function drawnSize(text: Text): number {
  const parent = text.parentElement!;
  const size = parseFloat(getComputedStyle(parent).fontSize);
  if (parent instanceof SVGGraphicsElement) {
    const matrix = parent.getScreenCTM()!;
    return size * Math.hypot(matrix.a, matrix.b);
  }
  return size;
}

/** The texts under `root` on screen, with the size each is drawn at. */
const shownTexts = (root: Node) => [...textNodes(root)].filter(onScreen).map((text) => ({ text: text.data.trim(), size: drawnSize(text) }));

/** The texts under `root` that a box of theirs cuts (overflow hidden or clip): drawn only in part, or not at all. */
function cutTexts(root: Node): string[] {
  const cut: string[] = [];
  for (const text of [...textNodes(root)].filter(onScreen)) {
    const range = document.createRange();
    range.selectNodeContents(text);
    const box = range.getBoundingClientRect();
    for (let element = up(text); element; element = up(element)) {
      const style = getComputedStyle(element);
      // A line that ends in an ellipsis is cut on purpose, within its own box, its whole text in its title.
      if (style.textOverflow === 'ellipsis') break;
      const overflows = [style.overflowX, style.overflowY];
      // Text beyond a box that scrolls is scrolled to, not cut.
      if (overflows.some((overflow) => overflow === 'auto' || overflow === 'scroll')) break;
      if (!overflows.some((overflow) => overflow === 'hidden' || overflow === 'clip')) continue;
      const frame = element.getBoundingClientRect();
      if (box.left < frame.left - 1 || box.right > frame.right + 1 || box.top < frame.top - 1 || box.bottom > frame.bottom + 1) {
        cut.push(`"${text.data.trim()}" in ${element.localName}.${element.className}`);
        break;
      }
    }
  }
  return cut;
}

/** The texts on screen inside the elements `selector` finds in `host`'s shadow root (and below it). */
function shownIn(host: Element, selector: string): { text: string; size: number }[] {
  return [...host.shadowRoot!.querySelectorAll(selector)].flatMap((element) => shownTexts(element));
}

const shadow = (host: Element, selector: string): Element => host.shadowRoot!.querySelector(selector)!;

async function settled(scoreboard: BaccScoreboard): Promise<void> {
  // The board gives a new hand to its parts in stages: its updateComplete waits for the last.
  await scoreboard.updateComplete;
  const parts = [...scoreboard.shadowRoot!.querySelectorAll('*')].filter((el) => el.localName.startsWith('bacc-'));
  await Promise.all(parts.map((part) => (part as unknown as { updateComplete: Promise<unknown> }).updateComplete));
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
}

/** Fails with every text of `texts` smaller than `least` px, named. */
function expectAtLeast(texts: { text: string; size: number }[], least: number, what: string): void {
  const small = texts.filter(({ size }) => size < least - 0.01).map(({ text, size }) => `"${text}" ${size.toFixed(1)} px`);
  expect(small, `${what} under ${least.toFixed(1)} px`).to.deep.equal([]);
}

describe('the attract kiosk on a wall', function () {
  this.timeout(60_000);
  before(async () => {
    await import('../../../../components/app/attract/bacc-attract.js');
  });
  after(async () => {
    await useLocale('en');
    await setViewport({ width: 800, height: 600 });
  });

  for (const lang of ['en', 'zh']) {
    for (const [width, height] of SCREENS) {
      it(`is read at the table and from the aisle: ${lang}, ${width} x ${height}`, async () => {
        await setViewport({ width, height });
        const scale = Math.min(width, height) / 1080;
        const kiosk = await fixture<BaccKiosk>(
          html`<bacc-kiosk .search=${`?lang=${lang}&speed=0.2&seed=wall&limits=10-1000`}></bacc-kiosk>`,
        );
        const scoreboard = await attractScoreboard(kiosk);
        // Enough hands for every road, a tie or pair on the big road and a last hand with its cards.
        await until(() => scoreboard.hands.length >= 24, '24 hands dealt', 30_000, 20);
        await settled(scoreboard);

        const header = shadow(scoreboard, 'header');
        expect(header.querySelector('h1')!.textContent).to.not.equal('');
        expectAtLeast(
          [...header.querySelectorAll('h1, .figure')].flatMap((element) => shownTexts(element)),
          40 * scale,
          'the table name, limits, shoe and hand',
        );
        const counts = shadow(scoreboard, '.counts bacc-stats');
        expectAtLeast(shownIn(counts, '.figure'), 40 * scale, 'the counts');
        expect(shownIn(counts, '.figure').length, 'hands, banker, player, tie and both pairs').to.equal(6);
        const last = shadow(scoreboard, 'bacc-last-hand');
        // The words and figures themselves (the side's letter in its disc beside the winner is a mark).
        const ownTexts = [...last.shadowRoot!.querySelectorAll('.result, .total')].flatMap((element) =>
          shownTexts(element).filter(({ text }) =>
            [...element.childNodes].some((node) => node instanceof Text && node.data.trim() === text),
          ),
        );
        expect(ownTexts.length, 'the winner and both totals').to.equal(3);
        expectAtLeast(ownTexts, 72 * scale, "the last result's winner and totals");

        const bigRoad = shadow(scoreboard, 'bacc-big-road');
        const grid = shadow(bigRoad, '[part="grid"]').getBoundingClientRect();
        expect(grid.height / 6, 'a big road cell').to.be.at.least(36 * scale);

        // Every text on the board, whole, in each turn of the shared panel.
        await eachTurn(scoreboard, (turn) => {
          expectAtLeast(shownTexts(scoreboard.shadowRoot!), 24 * scale, `text on the board (${turn})`);
          expect(cutTexts(scoreboard.shadowRoot!), `texts cut by their panel (${turn})`).to.deep.equal([]);
        });
      });
    }
  }

  // A phone held upright scrolls the board; a small embed and other screens keep it whole: no text cut, none under 12 px.
  for (const [width, height] of [
    [390, 844],
    [1000, 600],
    [1280, 640],
    [1024, 768],
    [1350, 940],
    [1280, 1024],
  ] as const) {
    it(`stays readable on a phone, a small embed or another screen: ${width} x ${height}`, async () => {
      await setViewport({ width, height });
      const kiosk = await fixture<BaccKiosk>(html`<bacc-kiosk .search=${'?speed=0.2&seed=wall&limits=10-1000'}></bacc-kiosk>`);
      const scoreboard = await attractScoreboard(kiosk);
      await until(() => scoreboard.hands.length >= 24, '24 hands dealt', 30_000, 20);
      await eachTurn(scoreboard, (turn) => {
        expectAtLeast(shownTexts(scoreboard.shadowRoot!), 12, `text on the board (${turn})`);
        expect(cutTexts(scoreboard.shadowRoot!), `texts cut by their panel (${turn})`).to.deep.equal([]);
      });
    });
  }

  it('keeps a 60-character name and limits to one line of the header, ending in an ellipsis, the board in place', async () => {
    await setViewport({ width: 1920, height: 1080 });
    const short = await fixture<BaccKiosk>(html`<bacc-kiosk .search=${'?speed=0.2&seed=wall&limits=10-1000'}></bacc-kiosk>`);
    const shortBoard = await attractScoreboard(short);
    await settled(shortBoard);
    const headerHeight = shadow(shortBoard, 'header').getBoundingClientRect().height;
    const name = 'High Limit Salon '.repeat(4).slice(0, 60);
    const limits = '10 to 10,000 play chips, 5 to 500 ties '.repeat(2).slice(0, 60);
    const kiosk = await fixture<BaccKiosk>(
      html`<bacc-kiosk
        .search=${`?speed=0.2&seed=wall&table=${encodeURIComponent(name)}&limits=${encodeURIComponent(limits)}`}
      ></bacc-kiosk>`,
    );
    const scoreboard = await attractScoreboard(kiosk);
    await until(() => scoreboard.hands.length >= 12, '12 hands dealt', 30_000, 20);
    await settled(scoreboard);
    expect(shadow(scoreboard, 'header').getBoundingClientRect().height).to.be.closeTo(headerHeight, 1);
    expect(shadow(scoreboard, 'header h1').getAttribute('title')).to.equal(name.trim());
    expect(shadow(scoreboard, 'header .limits').getAttribute('title')).to.equal(limits.trim());
    expect(cutTexts(scoreboard.shadowRoot!), 'texts cut by their panel').to.deep.equal([]);
  });
});

/**
 * Runs `check` in each turn of the panel the other statistics and the charts share (upright, the
 * statistics stay and the charts take turns under them), holding each turn as a pointer over it does.
 */
async function eachTurn(scoreboard: BaccScoreboard, check: (turn: string) => void): Promise<void> {
  const more = shadow(scoreboard, '.more') as HTMLElement;
  scoreboard.turnSeconds = 0.2;
  try {
    for (const turn of ['details', 'count', 'frequencies']) {
      await until(() => more.dataset['turn'] === turn, `the ${turn} turn`, 5000);
      more.dispatchEvent(new PointerEvent('pointerenter'));
      const shown = shadow(scoreboard, turn === 'details' ? '.details' : `.chart.${turn}`);
      expect(shown.checkVisibility(), `${turn} on screen in its turn`).to.equal(true);
      await settled(scoreboard);
      const part = shown.firstElementChild!;
      if (turn === 'details') expect(shownIn(part, 'dt').length, 'the other statistics').to.equal(6);
      else await until(() => shownIn(part, 'figcaption').length >= 1, `the ${turn} chart's caption`, 10_000);
      check(turn);
      more.dispatchEvent(new PointerEvent('pointerleave'));
    }
  } finally {
    scoreboard.turnSeconds = 0;
  }
}
