import { describe, it, expect, inject } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { useChromium, type Box } from './browser.js';

const baseUrl = inject('baseUrl');
const chromium = useChromium();

/** The scoreboard's panels as laid out on screen, and the page's own scroll size. */
async function layout(page: Page): Promise<{ boxes: Box[]; scrollWidth: number; scrollHeight: number; width: number; height: number }> {
  return page.evaluate(() => {
    const scoreboard = document
      .querySelector('bacc-kiosk')!
      .shadowRoot!.querySelector('bacc-attract')!
      .shadowRoot!.querySelector('bacc-scoreboard')!;
    const panels = [...scoreboard.shadowRoot!.querySelector('.layout')!.children] as HTMLElement[];
    const boxes = panels.map((panel) => {
      const rect = panel.getBoundingClientRect();
      return {
        name: panel.className || panel.tagName.toLowerCase(),
        left: rect.left,
        top: rect.top,
        right: rect.right,
        bottom: rect.bottom,
        overflowX: panel.scrollWidth - panel.clientWidth,
        overflowY: panel.scrollHeight - panel.clientHeight,
      };
    });
    const root = document.documentElement;
    return { boxes, scrollWidth: root.scrollWidth, scrollHeight: root.scrollHeight, width: innerWidth, height: innerHeight };
  });
}

const overlap = (a: Box, b: Box): number =>
  Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));

describe('the kiosk page', () => {
  for (const [width, height, settings] of [
    [1920, 1080, ''],
    [1080, 1920, ''],
    [1280, 720, ''],
    [3840, 2160, ''],
    // The most rows a road can have: the roads' cells shrink to leave the panels their room.
    [1280, 720, '&rows=8'],
    [1080, 1920, '&rows=8'],
  ] as const) {
    it(`fits every element inside a ${width}×${height} screen${settings ? ` with ${settings.slice(1)}` : ''}, without overlaps or scrollbars`, async () => {
      const page = await chromium().newPage({ viewport: { width, height } });
      try {
        await page.goto(`${baseUrl}?seed=layout&speed=0.2${settings}`);
        // Let a dozen hands deal so every panel has content.
        await page.waitForFunction(() => {
          const scoreboard = document
            .querySelector('bacc-kiosk')
            ?.shadowRoot?.querySelector('bacc-attract')
            ?.shadowRoot?.querySelector('bacc-scoreboard');
          return (scoreboard?.hands.length ?? 0) >= 12;
        });
        await page.screenshot({ path: `.tmp/kiosk-${width}x${height}${settings.replace(/[&=]/g, '-')}.png` });
        const { boxes, scrollWidth, scrollHeight } = await layout(page);
        // Header, bead plate, big road, ask roads, three derived roads, statistics, last hand, chart, note.
        expect(boxes.length).toBe(11);
        expect(scrollWidth).toBeLessThanOrEqual(width);
        expect(scrollHeight).toBeLessThanOrEqual(height);
        for (const box of boxes) {
          expect(box.left, `${box.name} left`).toBeGreaterThanOrEqual(0);
          expect(box.top, `${box.name} top`).toBeGreaterThanOrEqual(0);
          expect(box.right, `${box.name} right`).toBeLessThanOrEqual(width);
          expect(box.bottom, `${box.name} bottom`).toBeLessThanOrEqual(height);
          expect(box.right - box.left, `${box.name} width`).toBeGreaterThan(40);
          expect(box.bottom - box.top, `${box.name} height`).toBeGreaterThan(30);
          // Nothing clipped inside a panel: its content fits it.
          expect(box.overflowX, `${box.name} overflows sideways`).toBeLessThanOrEqual(1);
          expect(box.overflowY, `${box.name} overflows downwards`).toBeLessThanOrEqual(1);
        }
        for (let i = 0; i < boxes.length; i++) {
          for (let j = i + 1; j < boxes.length; j++) {
            expect(overlap(boxes[i]!, boxes[j]!), `${boxes[i]!.name} overlaps ${boxes[j]!.name}`).toBeLessThan(1);
          }
        }
      } finally {
        await page.close();
      }
    });
  }

  it("speaks Chinese in its own words too: the notice of an ignored setting and the page's title (the kiosk is in the page's HTML before its code loads)", async () => {
    const page = await chromium().newPage({ viewport: { width: 1280, height: 720 } });
    try {
      await page.goto(`${baseUrl}?lang=zh&theme=neon&seed=zh&speed=0.2`);
      // The kiosk's own notice, not a notice of the elements inside it.
      const notice = () =>
        page.evaluate(() => document.querySelector('bacc-kiosk')!.shadowRoot!.querySelector('.notice')?.textContent ?? '');
      await expect.poll(notice, { timeout: 10_000 }).toContain('忽略 theme=neon');
      await expect.poll(() => page.title(), { timeout: 10_000 }).toContain('百家乐记分牌');
    } finally {
      await page.close();
    }
  });

  it('passes an accessibility audit (axe) of the whole page in every mode', async () => {
    const axe = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
    for (const mode of ['', 'mode=operator', 'mode=display', 'mode=history']) {
      const page = await chromium().newPage({ viewport: { width: 1920, height: 1080 } });
      try {
        await page.goto(`${baseUrl}?seed=axe&speed=0.2&${mode}`);
        await page.waitForTimeout(1500);
        await page.addScriptTag({ content: axe });
        const violations = await page.evaluate(async () => {
          const result = await (
            globalThis as unknown as {
              axe: { run(context: Document): Promise<{ violations: { id: string; nodes: { target: unknown[] }[] }[] }> };
            }
          ).axe.run(document);
          return result.violations.map(
            (violation) => `${violation.id}: ${violation.nodes.map((node) => JSON.stringify(node.target)).join(', ')}`,
          );
        });
        expect(violations, mode || 'attract').toEqual([]);
      } finally {
        await page.close();
      }
    }
  });
});
