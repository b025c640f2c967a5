import { describe, it, expect, inject } from 'vitest';
import type { Page } from 'playwright-core';
import { useChromium, type Box } from './browser.js';

const baseUrl = inject('baseUrl');
const chromium = useChromium();

/**
 * The console's own panels (the entry panel, the last hand beside it, the scoreboard) and the
 * scoreboard's panels, as laid out on screen.
 */
async function consolePanels(page: Page): Promise<Box[]> {
  return page.evaluate(() => {
    const operator = document.querySelector('bacc-kiosk')!.shadowRoot!.querySelector('bacc-operator')!;
    const scoreboard = operator.shadowRoot!.querySelector('bacc-scoreboard')!;
    const own = [...operator.shadowRoot!.children].filter((element) => !['STYLE', 'SCRIPT'].includes(element.tagName)) as HTMLElement[];
    const panels = [...scoreboard.shadowRoot!.querySelector('.layout')!.children] as HTMLElement[];
    return [...own, ...panels].map((panel) => {
      const rect = panel.getBoundingClientRect();
      return {
        name: `${panel.tagName.toLowerCase()}.${panel.className}`,
        left: rect.left,
        top: rect.top,
        right: rect.right,
        bottom: rect.bottom,
        overflowX: panel.scrollWidth - panel.clientWidth,
        overflowY: panel.scrollHeight - panel.clientHeight,
      };
    });
  });
}

/**
 * The statistics panel's labels that do not fit their tile as whole words: a label wider than its
 * cell, or a word of it broken across lines ("Banke" / "r"), found by the line boxes of each word.
 */
async function brokenStatsLabels(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const operator = document.querySelector('bacc-kiosk')!.shadowRoot!.querySelector('bacc-operator')!;
    const scoreboard = operator.shadowRoot!.querySelector('bacc-scoreboard')!;
    const stats = scoreboard.shadowRoot!.querySelector('bacc-stats')!;
    const problems: string[] = [];
    for (const label of stats.shadowRoot!.querySelectorAll<HTMLElement>('dt')) {
      const tile = label.parentElement!;
      const text = label.textContent.trim();
      if (label.scrollWidth > label.clientWidth + 1) problems.push(`"${text}" is ${label.scrollWidth}px in ${label.clientWidth}px`);
      if (label.getBoundingClientRect().right > tile.getBoundingClientRect().right + 0.5) problems.push(`"${text}" runs out of its tile`);
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
  });
}

/**
 * Least height of a panel worth having: a road's few rows, the statistics' lines, the scoreboard's
 * last hand. The console's own last hand is as tall as what it shows (no cards by outcome), so it
 * only has to fit whole, which the overflow checks see.
 */
function leastHeight(name: string): number {
  if (name === 'div.last-hand') return 24;
  return /^section|\.(stats|last|chart)\b/.test(name) ? 100 : 24;
}

describe('the operator console on a laptop', () => {
  for (const [width, height] of [
    [1280, 720],
    [1366, 768],
    [1440, 900],
    [1536, 864],
    [1920, 1080],
  ] as const) {
    for (const mode of ['outcome', 'cards'] as const) {
      it(`shows every panel whole inside ${width}×${height} in ${mode} entry`, async () => {
        const page = await chromium().newPage({ viewport: { width, height } });
        try {
          await page.goto(`${baseUrl}?mode=operator&table=Laptop-${width}-${mode}&limits=10%20%E2%80%93%201%2C000`);
          await page.waitForFunction(() => {
            const operator = document.querySelector('bacc-kiosk')?.shadowRoot?.querySelector('bacc-operator');
            return operator?.consoleController?.ready === true;
          });
          // A shoe with hands in it (a pair flag and a refused key too, so the messages have words in them).
          // Keys at a person's pace (90 ms apart): machine-fast keys ending in Escape or Enter are a scanner's.
          for (const key of ['s', 'b', 'p', '1', 'b', 't', 'b', 'b', 'p', 'h', 'Escape', 'd']) {
            await page.keyboard.press(key);
            await page.waitForTimeout(90);
          }
          if (mode === 'cards') {
            await page.waitForFunction(
              () => document.querySelector('bacc-kiosk')?.shadowRoot?.querySelector('bacc-operator')?.consoleController.hands.length === 7,
            );
            await page.keyboard.press('c');
            await page.waitForTimeout(90);
            // The card field takes the focus once drawn: cards typed before it would be keys.
            await page.waitForFunction(
              () =>
                document
                  .querySelector('bacc-kiosk')
                  ?.shadowRoot?.querySelector('bacc-operator')
                  ?.shadowRoot?.activeElement?.matches('input.cards') === true,
            );
            // The tallest last hand: three cards a side and both pairs. Typed at a person's pace: keys
            // a few milliseconds apart ending in Enter are a scanner's card (scanner-keys.ts).
            await page.keyboard.type('2h 3s 2d 3c 7h 9d', { delay: 90 });
            await page.keyboard.press('Enter');
            // A card after a finished hand is refused in words that take a few lines: the longest message.
            await page.keyboard.type('2h 3s 2d 3c 7h 9d 5s ', { delay: 90 });
            await page.waitForFunction(
              () =>
                document.querySelector('bacc-kiosk')?.shadowRoot?.querySelector('bacc-operator')?.shadowRoot?.querySelector('.alert')
                  ?.textContent !== '',
            );
          }
          await page.waitForFunction(
            (count) => {
              const operator = document.querySelector('bacc-kiosk')?.shadowRoot?.querySelector('bacc-operator');
              return operator?.consoleController?.hands.length === count && operator.consoleController.unsaved === 0;
            },
            mode === 'cards' ? 8 : 7,
          );
          await page.waitForTimeout(300);
          await page.screenshot({ path: `.tmp/console-${width}x${height}-${mode}.png` });
          const boxes = await consolePanels(page);
          const size = await page.evaluate(() => ({
            width: document.documentElement.scrollWidth,
            height: document.documentElement.scrollHeight,
          }));
          expect(size.width).toBeLessThanOrEqual(width);
          expect(size.height).toBeLessThanOrEqual(height);
          expect(boxes.length).toBeGreaterThanOrEqual(12);
          for (const box of boxes) {
            expect(box.left, `${box.name} left`).toBeGreaterThanOrEqual(0);
            expect(box.top, `${box.name} top`).toBeGreaterThanOrEqual(0);
            expect(box.right, `${box.name} right`).toBeLessThanOrEqual(width + 0.5);
            expect(box.bottom, `${box.name} bottom`).toBeLessThanOrEqual(height + 0.5);
            expect(box.bottom - box.top, `${box.name} height`).toBeGreaterThanOrEqual(leastHeight(box.name));
            // Nothing clipped inside a panel: its content fits it.
            expect(box.overflowX, `${box.name} overflows sideways`).toBeLessThanOrEqual(1);
            expect(box.overflowY, `${box.name} overflows downwards`).toBeLessThanOrEqual(1);
          }
          // The statistics' labels are whole words inside their tiles: never "Banke" above "r".
          expect(await brokenStatsLabels(page)).toEqual([]);
        } finally {
          await page.close();
        }
      });
    }
  }

  /**
   * The card shoe's panel (G) and the question why after an undo add to the controls: on a laptop
   * the page still does not scroll, and what records and undoes stays whole on screen, never
   * scrolled out of the panel nor under the last hand.
   */
  for (const [width, height] of [
    [1280, 720],
    [1366, 768],
  ] as const) {
    for (const mode of ['outcome', 'cards'] as const) {
      it(`keeps the record and undo controls on screen with the card shoe open and the question why at ${width}×${height} in ${mode} entry`, async () => {
        const page = await chromium().newPage({ viewport: { width, height } });
        try {
          await page.goto(`${baseUrl}?mode=operator&table=Why-${width}-${mode}&limits=10%20%E2%80%93%201%2C000`);
          await page.waitForFunction(
            () => document.querySelector('bacc-kiosk')?.shadowRoot?.querySelector('bacc-operator')?.consoleController?.ready === true,
          );
          for (const key of ['s', 'b', 'p', 'b']) {
            await page.keyboard.press(key);
            await page.waitForTimeout(90);
          }
          await page.waitForFunction(() => {
            const operator = document.querySelector('bacc-kiosk')?.shadowRoot?.querySelector('bacc-operator');
            return operator?.consoleController.hands.length === 3 && operator.consoleController.unsaved === 0;
          });
          if (mode === 'cards') {
            await page.keyboard.press('c');
            await page.waitForFunction(
              () =>
                document
                  .querySelector('bacc-kiosk')
                  ?.shadowRoot?.querySelector('bacc-operator')
                  ?.shadowRoot?.activeElement?.matches('input.cards') === true,
            );
            // Escape leaves the card field, so G and U are keys.
            await page.keyboard.press('Escape');
          }
          await page.keyboard.press('g');
          await page.waitForFunction(
            () =>
              document.querySelector('bacc-kiosk')?.shadowRoot?.querySelector('bacc-operator')?.shadowRoot?.querySelector('.card-shoe') !=
              null,
          );
          await page.keyboard.press('u');
          await page.waitForFunction(
            () =>
              document.querySelector('bacc-kiosk')?.shadowRoot?.querySelector('bacc-operator')?.shadowRoot?.querySelector('.why') != null,
          );
          await page.waitForTimeout(300);
          await page.screenshot({ path: `.tmp/console-why-${width}x${height}-${mode}.png` });
          const size = await page.evaluate(() => ({
            width: document.documentElement.scrollWidth,
            height: document.documentElement.scrollHeight,
            scrolled: window.scrollY,
          }));
          expect(size.width).toBeLessThanOrEqual(width);
          expect(size.height).toBeLessThanOrEqual(height);
          expect(size.scrolled).toBe(0);
          const hidden = await page.evaluate(
            ({ controls }) => {
              const operator = document.querySelector('bacc-kiosk')!.shadowRoot!.querySelector('bacc-operator')!;
              const root = operator.shadowRoot!;
              const panel = root.querySelector('section.panel')!.getBoundingClientRect();
              const problems: string[] = [];
              for (const selector of controls) {
                const control = root.querySelector(selector);
                if (!control) {
                  problems.push(`${selector} is not there`);
                  continue;
                }
                const box = control.getBoundingClientRect();
                const whole =
                  box.top >= panel.top - 0.5 &&
                  box.bottom <= panel.bottom + 0.5 &&
                  box.left >= panel.left - 0.5 &&
                  box.right <= panel.right + 0.5 &&
                  box.bottom <= innerHeight + 0.5 &&
                  box.right <= innerWidth + 0.5;
                // What is drawn at its middle is the control itself: nothing lies over it.
                const middle = root.elementFromPoint((box.left + box.right) / 2, (box.top + box.bottom) / 2);
                if (!whole)
                  problems.push(
                    `${selector} at ${Math.round(box.top)}–${Math.round(box.bottom)} outside the panel's ${Math.round(panel.top)}–${Math.round(panel.bottom)}`,
                  );
                else if (!middle || !(middle === control || control.contains(middle))) problems.push(`${selector} is covered`);
              }
              return problems;
            },
            {
              controls: [
                ...(mode === 'cards' ? ['input.cards'] : ['[data-action="banker"]', '[data-action="player"]', '[data-action="tie"]']),
                '[data-action="undo"]',
                '.why',
                // The card shoe's panel opens in sight: its first control at least, the rest scrolling under the controls.
                '.card-shoe select.protocol',
              ],
            },
          );
          expect(hidden).toEqual([]);
        } finally {
          await page.close();
        }
      });
    }
  }
});
