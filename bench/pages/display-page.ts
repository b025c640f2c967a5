/**
 * The in-page half of the display benchmark (bench/display.ts drives it with playwright-core):
 * each function mounts or updates real elements and times them to the next painted frame.
 */
import '../../components/define/scoreboard.js';
import '../../components/define/bead-plate.js';
import '../../components/define/big-road.js';
import '../../components/define/derived-road.js';
import type { LitElement } from 'lit';
import { Shoe } from '../../src/game/shoe.js';
import { handRecord, type HandRecord } from '../../src/shoes/document.js';
import type { BaccScoreboard } from '../../components/bacc-scoreboard.js';

const stage = document.getElementById('stage')!;

/** Resolves after the next frame has been rendered (rAF runs before paint; the task after it runs after). */
const nextPaint = (): Promise<void> => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/** The first `count` hands of the first shoe, from `seed` on, that deals at least that many. */
function shoeHands(seed: string, count: number): HandRecord[] {
  for (let attempt = 0; ; attempt++) {
    const hands = new Shoe({ seed: `${seed}/${attempt}` }).dealAll().map(handRecord);
    if (hands.length >= count) return hands.slice(0, count);
  }
}

/** Milliseconds from setting an 80-hand shoe on fresh road elements (all five roads) to their first paint. */
async function firstPaintOfRoads(seed: string, label = 'first'): Promise<number> {
  stage.replaceChildren();
  await nextPaint();
  const hands = shoeHands(seed, 80);
  performance.mark(`${label}-start`);
  const start = performance.now();
  const roads = [
    document.createElement('bacc-bead-plate'),
    document.createElement('bacc-big-road'),
    ...(['big-eye-boy', 'small-road', 'cockroach-pig'] as const).map((kind) => {
      const road = document.createElement('bacc-derived-road');
      road.setAttribute('kind', kind);
      return road;
    }),
  ];
  const column = document.createElement('div');
  column.style.cssText = 'display:grid;gap:8px;width:1400px;--bacc-cell-size:28px';
  for (const road of roads) {
    (road as LitElement & { hands: readonly HandRecord[] }).hands = hands;
    column.append(road);
  }
  stage.append(column);
  await Promise.all(roads.map((road) => (road as LitElement).updateComplete));
  await nextPaint();
  const elapsed = performance.now() - start;
  performance.mark(`${label}-end`);
  return elapsed;
}

let board: BaccScoreboard | null = null;
let boardShoe: Shoe | null = null;

/** Mounts a full scoreboard at the stage's size with `count` hands of a shoe. */
async function mountScoreboard(seed: string, count: number): Promise<void> {
  stage.replaceChildren();
  boardShoe = new Shoe({ seed });
  const hands: HandRecord[] = [];
  for (let i = 0; i < count; i++) hands.push(handRecord(boardShoe.dealHand()));
  board = document.createElement('bacc-scoreboard');
  board.hands = hands;
  stage.append(board);
  await board.updateComplete;
  await nextPaint();
  await nextPaint();
}

/**
 * Milliseconds from setting one more hand on the scoreboard to the frame that shows it; marks
 * `label`-start and `label`-end for the trace that measures the main thread's work in between.
 */
async function oneMoreHand(label = 'hand'): Promise<number> {
  if (!board || !boardShoe || boardShoe.finished) throw new Error('mount a scoreboard with hands left first');
  const hand = handRecord(boardShoe.dealHand());
  performance.mark(`${label}-start`);
  const start = performance.now();
  board.hands = [...board.hands, hand];
  await board.updateComplete;
  await nextPaint();
  const elapsed = performance.now() - start;
  performance.mark(`${label}-end`);
  // The chart follows when the page is idle; mark when it has caught up too.
  await board.shadowRoot!.querySelector('bacc-chart')?.chartsDrawn();
  performance.mark(`${label}-chart-end`);
  return elapsed;
}

/**
 * A frame in which nothing changed, on the same page, marked like a hand: the main-thread work any
 * frame costs here (the frame's own bookkeeping and the benchmark's marks), which the figures of a
 * hand include and which is not the scoreboard's.
 */
async function emptyFrame(label = 'empty'): Promise<number> {
  // Let the chart's idle redraw and any other queued work finish first.
  await new Promise((resolve) => setTimeout(resolve, 50));
  performance.mark(`${label}-start`);
  const start = performance.now();
  await nextPaint();
  const elapsed = performance.now() - start;
  performance.mark(`${label}-end`);
  return elapsed;
}

/**
 * Deals whole shoes into the mounted scoreboard as the kiosk does, a hand at a time, waiting for a
 * frame every `paintEvery` hands so the page really renders; each shoe ends on its last hand, still
 * on screen. Shoe k is shuffled from `seeds[k]`. Returns the hands dealt.
 */
async function dealShoes(seeds: string[], paintEvery: number): Promise<number> {
  let dealt = 0;
  for (const [index, seed] of seeds.entries()) {
    if (!board) throw new Error('no scoreboard');
    const shoe = new Shoe({ seed });
    board.hands = [];
    board.shoeNumber = index + 1;
    while (!shoe.finished) {
      board.hands = [...board.hands, handRecord(shoe.dealHand())];
      await board.updateComplete;
      if (++dealt % paintEvery === 0) await nextPaint();
    }
  }
  await nextPaint();
  return dealt;
}

/** Every node in the page, shadow roots included. */
function countNodes(root: Node = document): number {
  let count = 1;
  for (const child of root.childNodes) count += countNodes(child);
  if (root instanceof Element && root.shadowRoot) count += countNodes(root.shadowRoot);
  return count;
}

Object.assign(window, { bench: { firstPaintOfRoads, mountScoreboard, oneMoreHand, emptyFrame, dealShoes, countNodes } });
