/**
 * The reports page as the pit sees it and prints it (#26): a ledger seeded with a day's play at
 * several tables over several hours (one table below the pace target, one without cards, one whose
 * outcomes a test flags, one with a long name), served by `bacc recorder --http` to the page signed
 * in with a pit login of `bacc recorder user add`. In Chromium at 1920 × 1080 and 1366 × 768, in
 * English and in Simplified Chinese (`?lang=zh`): nothing in the tables or charts is cut (no
 * element's content wider than its box, nothing beyond the window's right edge, each chart's
 * canvas inside its box), and Chromium's print (page.pdf, A4) draws both charts, each inside its
 * box on the paper too (chart.js does not size them again for it), on as many sheets as the printed
 * page is tall, each table's name in its text. The screenshots and PDFs are kept in
 * .tmp/reports-print/ to be looked at.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useChromium } from './browser.js';
import { useBroker } from './mosquitto.js';
import { end, killStarted, root, type Run } from './processes.js';
import { ACROSS_THE_ROOM } from './room-helpers.js';
import { REPORTS, addLogin, baccIn, signInForTab, startRecorder, type RunningRecorder } from './reports-helpers.js';
import { pdfPages, pdfText } from './pdf-text.js';
import { simulateShoeRecords, type HandRecord, type ShoeRecord } from '../../src/index.js';
import { openLedgerDatabase } from '../../server/src/record/database.js';
import { Ledger } from '../../server/src/record/ledger.js';

const baseUrl = inject('baseUrl');
const chromium = useChromium();
const broker = useBroker({ tables: [] });

/** The pit's zone: UTC+8 all year, so its hours are the same every day the test runs. */
const ZONE = 'Asia/Shanghai';
const ZONE_OFFSET_HOURS = 8;
const PIT_LOGIN = { name: 'pit-boss', password: 'a pit boss password of some length' };
/** Where the screenshots and PDFs are kept, to be looked at. */
const SHOTS = join(root, '.tmp', 'reports-print');

/** A table's play on the seeded day: from its first hour (local), hands an hour for that many hours. */
interface Play {
  table: string;
  firstHour: number;
  hours: number;
  perHour: number;
  /** Outcome-only hands (no cards recorded: naturals and pairs unknown). */
  carded: boolean;
  /** Every hand banker but every tenth (a test flags it). */
  bankerRun?: boolean;
}

const PLAY: Play[] = [
  { table: 'Table 1', firstHour: 10, hours: 8, perHour: 64, carded: true },
  { table: 'Table 2', firstHour: 12, hours: 5, perHour: 44, carded: true },
  { table: 'Table 3', firstHour: 14, hours: 3, perHour: 58, carded: false },
  { table: 'Salon Privé 12 — high limit', firstHour: 11, hours: 6, perHour: 31, carded: true },
  { table: 'Table 9', firstHour: 16, hours: 1, perHour: 70, carded: false, bankerRun: true },
];
const TABLES = PLAY.map((play) => play.table);

/** The seeded day: yesterday in the pit's zone (a whole day, every hour of it past). */
function seededDay(now = new Date()): string {
  return new Date(now.getTime() + (ZONE_OFFSET_HOURS - 24) * 3_600_000).toISOString().slice(0, 10);
}

/** `hour`:00 local on `day` as a time. */
function localHour(day: string, hour: number): number {
  return Date.parse(`${day}T00:00:00.000Z`) + (hour - ZONE_OFFSET_HOURS) * 3_600_000;
}

/** Writes every table's play into the ledger as a console would have sent it: a state every 5 hands, shoes of the simulator's hands. */
async function seed(db: string, day: string): Promise<number> {
  const database = await openLedgerDatabase(db);
  let hands = 0;
  try {
    const ledger = new Ledger(database, 'seed');
    for (const play of PLAY) {
      const start = localHour(day, play.firstHour);
      const total = play.hours * play.perHour;
      const gap = 3_600_000 / play.perHour;
      const at = (n: number) => new Date(start + n * gap + 1_000).toISOString();
      let revision = 0;
      let dealt = 0;
      for (let number = 1; dealt < total; number++) {
        const [simulated] = simulateShoeRecords({ shoes: 1, seed: `${play.table} ${day} ${number}`, table: play.table });
        const all = simulated!.hands.slice(0, total - dealt).map((hand, index): HandRecord => {
          const outcome = play.bankerRun ? (index % 10 === 9 ? 'P' : 'B') : hand.outcome;
          return play.carded && !play.bankerRun
            ? hand
            : { ...hand, outcome, cards: null, playerPair: false, bankerPair: false, natural: false, playerTotal: null, bankerTotal: null };
        });
        const shoe: ShoeRecord = {
          ...simulated!,
          number,
          source: 'recorded',
          seed: null,
          startedAt: at(dealt),
          endedAt: null,
          hands: [],
          events: [],
          audit: [],
        };
        for (let held = 5; held < all.length + 5; held += 5) {
          const shown = all.slice(0, Math.min(held, all.length));
          const outcome = await ledger.recordState({
            table: play.table,
            limits: '',
            session: `${play.table} console`,
            revision: ++revision,
            sentAt: at(dealt + shown.length - 1),
            shoe: { ...shoe, hands: shown },
          });
          if (outcome.kind !== 'recorded') throw new Error(`seeding ${play.table}: ${JSON.stringify(outcome)}`);
        }
        dealt += all.length;
      }
      hands += dealt;
    }
  } finally {
    await database.close();
  }
  return hands;
}

let scratch: string;
let bacc: (...args: string[]) => Run;
let recorder: RunningRecorder;
let day: string;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  scratch = mkdtempSync(join(root, '.tmp', 'reports-print-'));
  const built = await baccIn(join(scratch, 'bacc'));
  bacc = built.bacc;
  day = seededDay();
  const db = join(scratch, 'ledger.sqlite');
  await seed(db, day);
  recorder = await startRecorder(bacc, { broker: broker(), db, pageOrigin: new URL(baseUrl).origin, name: 'reports-print' });
  await addLogin(built.bin, db, PIT_LOGIN.name, PIT_LOGIN.password);
});
afterAll(async () => {
  if (recorder) await end(recorder.run);
  killStarted();
  rmSync(scratch, { recursive: true, force: true });
});

/** An element whose content is wider than its box, or that reaches past the window's right edge, with its path from the document. */
interface Cut {
  kind: 'wider' | 'past the edge';
  path: string;
  scrollWidth: number;
  clientWidth: number;
  right: number;
}

/** A chart's canvas and the box it is drawn in: `within` when the canvas stays inside it. */
interface ChartBox {
  chart: string;
  canvas: { width: number; height: number };
  plot: { width: number; height: number };
  within: boolean;
}

/**
 * What the page's layout cuts (shadow roots walked; the visually hidden text, cut on purpose, left
 * out), and where its charts are drawn. `canvasStyles`, when given, are put on the charts' canvases
 * first, in the same task, so that chart.js cannot size them again before they are measured.
 */
function cutsOf(
  page: Page,
  canvasStyles: string[] | null = null,
): Promise<{ cuts: Cut[]; charts: ChartBox[]; windowWidth: number; documentWidth: number }> {
  return page.evaluate((styles) => {
    if (styles) {
      const canvases =
        document.querySelector('bacc-kiosk')?.shadowRoot?.querySelector('bacc-reports')?.shadowRoot?.querySelectorAll('canvas') ?? [];
      canvases.forEach((canvas, index) => (canvas.style.cssText = styles[index] ?? ''));
    }
    const cuts: Cut[] = [];
    const charts: ChartBox[] = [];
    const label = (element: Element): string => {
      const classes = element.getAttribute('class')?.trim().replace(/\s+/g, '.');
      const data = element.getAttribute('data-table') ?? element.getAttribute('data-chart');
      return `${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''}${data ? `[${data}]` : ''}`;
    };
    const visit = (root: ParentNode, path: string): void => {
      for (const element of root.children) {
        const box = element.getBoundingClientRect();
        const style = getComputedStyle(element);
        const here = `${path} > ${label(element)}`;
        if (style.display === 'none' || style.clipPath !== 'none' || (style.clip !== 'auto' && style.position === 'absolute')) continue;
        if (box.width > 0 && style.visibility !== 'hidden') {
          const widths = { scrollWidth: element.scrollWidth, clientWidth: element.clientWidth, right: Math.round(box.right) };
          if (element.clientWidth > 0 && element.scrollWidth > element.clientWidth + 1) cuts.push({ kind: 'wider', path: here, ...widths });
          if (box.right > window.innerWidth + 1) cuts.push({ kind: 'past the edge', path: here, ...widths });
        }
        if (element instanceof HTMLCanvasElement && element.parentElement) {
          const plot = element.parentElement.getBoundingClientRect();
          charts.push({
            chart: element.dataset['chart'] ?? '',
            canvas: { width: Math.round(box.width), height: Math.round(box.height) },
            plot: { width: Math.round(plot.width), height: Math.round(plot.height) },
            within: box.left >= plot.left - 1 && box.top >= plot.top - 1 && box.right <= plot.right + 1 && box.bottom <= plot.bottom + 1,
          });
        }
        visit(element, here);
        if (element.shadowRoot) visit(element.shadowRoot, `${here} >>`);
      }
    };
    visit(document, '');
    return { cuts, charts, windowWidth: window.innerWidth, documentWidth: document.documentElement.scrollWidth };
  }, canvasStyles);
}

/**
 * Where each cut starts, once: of the boxes narrower than their content the innermost (a wider
 * content shows in every box around it), of those past the window's edge the outermost.
 */
function outermost(cuts: Cut[]): Cut[] {
  const unique = [...new Map(cuts.map((cut) => [`${cut.kind} ${cut.path}`, cut])).values()];
  const inside = (inner: Cut, outer: Cut) => inner.path.startsWith(`${outer.path} >`);
  return unique.filter((cut) =>
    unique.every((other) => other === cut || other.kind !== cut.kind || !(cut.kind === 'wider' ? inside(other, cut) : inside(cut, other))),
  );
}

/** In the page: the per-table rows the page shows (their tables' names), its hourly rows, and each chart's size and whether it is drawn. */
const SHOWN = `(() => {
  const root = ${REPORTS}?.shadowRoot;
  const rows = (name) => [...(root?.querySelectorAll('table[data-table="' + name + '"] tbody tr') ?? [])];
  const named = (cell) => [...cell.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE).map((node) => node.textContent).join('').trim();
  return {
    tables: rows('tables').map((row) => named(row.children[0])),
    hourRows: rows('hours').length,
    charts: [...(root?.querySelectorAll('canvas') ?? [])].map((canvas) => ({
      width: canvas.getBoundingClientRect().width,
      plotWidth: canvas.parentElement.getBoundingClientRect().width,
      drawn: canvas.width > 0 && canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data.some((value) => value !== 0),
    })),
  };
})()`;

function shown(
  page: Page,
): Promise<{ tables: string[]; hourRows: number; charts: { width: number; plotWidth: number; drawn: boolean }[] }> {
  return page.evaluate(SHOWN);
}

const VARIANTS = [
  { width: 1920, height: 1080, lang: 'en' },
  { width: 1366, height: 768, lang: 'en' },
  { width: 1920, height: 1080, lang: 'zh' },
  { width: 1366, height: 768, lang: 'zh' },
] as const;

/** A4 with 12 mm margins, as CSS pixels: the width the printed page is laid out in, the height of a sheet's content. */
const A4 = { width: ((210 - 24) / 25.4) * 96, height: ((297 - 24) / 25.4) * 96 };

describe('the reports page on screen and on paper (#26)', () => {
  it.each(VARIANTS)(
    'at $width × $height in $lang: nothing cut on screen, and printed on as many A4 sheets as it is long',
    async ({ width, height, lang }) => {
      const name = `reports-${width}x${height}-${lang}`;
      // The browser's own language too, as a pit boss reading Chinese has it (the date field's format is the browser's).
      const context = await chromium().newContext({
        viewport: { width, height },
        timezoneId: ZONE,
        locale: lang === 'zh' ? 'zh-CN' : 'en-GB',
      });
      try {
        await signInForTab(context, recorder.api, PIT_LOGIN.name, PIT_LOGIN.password);
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        page.on('console', (message) => {
          if (message.type() === 'error') errors.push(message.text());
        });
        await page.goto(`${baseUrl}?mode=reports${lang === 'zh' ? '&lang=zh' : ''}`);
        const dayField = page.locator('bacc-reports input[type="date"]');
        await dayField.fill(day);
        const view = await page.waitForFunction(
          `(() => { const root = ${REPORTS}?.shadowRoot; return root?.querySelectorAll('table[data-table="tables"] tbody tr').length === ${TABLES.length} && root.querySelectorAll('canvas').length === 2; })()`,
          undefined,
          { timeout: ACROSS_THE_ROOM },
        );
        await view.dispose();
        const figures = await shown(page);
        expect([...figures.tables].sort()).toEqual([...TABLES].sort());
        expect(figures.hourRows).toBe(PLAY.reduce((sum, play) => sum + play.hours, 0));

        // The page scrolls in its own element, which fills the window; a chart is made once it is
        // scrolled to (or near), and made again once a font it uses has loaded.
        const scroller = await page.evaluateHandle(REPORTS);
        const chartsDrawn = async () => {
          await page.evaluate(() => document.fonts.ready.then(() => undefined));
          const drawn = await page.waitForFunction(`${SHOWN}.charts.every((chart) => chart.drawn)`, undefined, {
            timeout: ACROSS_THE_ROOM,
          });
          await drawn.dispose();
        };
        await page.locator('bacc-reports canvas').last().scrollIntoViewIfNeeded();
        await chartsDrawn();
        await scroller.evaluate((element: Element) => element.scrollTo(0, 0));
        await chartsDrawn();
        // The sizes chart.js gave the canvases for the screen: what they have when printing starts.
        const screenSizes = await page.evaluate<string[]>(
          `[...${REPORTS}.shadowRoot.querySelectorAll('canvas')].map((canvas) => canvas.style.cssText)`,
        );

        // Printed (Chromium's print, A4), as a pit boss presses Ctrl+P on the report: whether each
        // chart held a picture is noted as printing ends, before anything can draw again.
        await page.evaluate(
          `addEventListener('afterprint', () => { window.printedCharts = ${SHOWN}.charts.map((chart) => chart.drawn); }, { once: true })`,
        );
        const pdf = await page.pdf({
          format: 'A4',
          margin: { top: '12mm', bottom: '12mm', left: '12mm', right: '12mm' },
          printBackground: true,
        });
        writeFileSync(join(SHOTS, `${name}.pdf`), pdf);
        expect(await page.evaluate<boolean[] | undefined>('window.printedCharts'), `${name}: the charts drawn when printed`).toEqual([
          true,
          true,
        ]);
        const text = pdfText(pdf).replace(/\s+/g, '');
        for (const table of TABLES) expect(text, `${name}: ${table} in the PDF's text`).toContain(table.replace(/\s+/g, ''));

        // Screenshots from the top down, each a window's height further.
        const heights = await scroller.evaluate((element: Element) => ({ scroll: element.scrollHeight, client: element.clientHeight }));
        const cuts = await cutsOf(page);
        for (let top = 0, shot = 1; top < heights.scroll; top += heights.client, shot++) {
          await scroller.evaluate((element: Element, to: number) => element.scrollTo(0, to), top);
          await page.screenshot({ path: join(SHOTS, `${name}-${shot}.png`) });
          const seen = await cutsOf(page);
          cuts.cuts.push(...seen.cuts);
          cuts.charts.push(...seen.charts);
        }
        await scroller.dispose();
        expect(outermost(cuts.cuts), `${name}: cut on screen`).toEqual([]);
        expect(cuts.charts, `${name}: charts on screen`).toEqual(cuts.charts.map((chart) => ({ ...chart, within: true })));
        expect(cuts.documentWidth).toBeLessThanOrEqual(cuts.windowWidth);

        // On paper: Chromium lays the page out at the sheet's width, or wider when its content is
        // (up to twice, shrinking it onto the sheet), so that is the width to look for cuts at. chart.js
        // does not resize its canvases for the print, so they keep the sizes it gave them on screen.
        await page.emulateMedia({ media: 'print' });
        await page.setViewportSize({ width: Math.floor(A4.width), height: Math.floor(A4.height) });
        const content = await page.evaluate<number>('document.documentElement.scrollWidth');
        const layoutWidth = Math.min(Math.max(content, Math.floor(A4.width)), Math.floor(2 * A4.width));
        await page.setViewportSize({ width: layoutWidth, height: Math.floor(A4.height) });
        const printed = await cutsOf(page, screenSizes);
        const printedHeight = await page.evaluate<number>('document.documentElement.scrollHeight');
        await page.emulateMedia({ media: null });
        await page.setViewportSize({ width, height });
        expect(outermost(printed.cuts), `${name}: cut on paper (laid out ${layoutWidth} px wide)`).toEqual([]);
        expect(printed.charts, `${name}: charts on paper`).toEqual(printed.charts.map((chart) => ({ ...chart, within: true })));
        // As many sheets as the printed page is tall, at the sheet's height in the layout's pixels (a row kept whole may start one more).
        const sheets = Math.max(1, Math.ceil(printedHeight / ((A4.height * layoutWidth) / A4.width)));
        const pages = pdfPages(pdf);
        expect(pages, `${name}: ${printedHeight} px tall at ${layoutWidth} px wide`).toBeGreaterThanOrEqual(sheets);
        expect(pages, `${name}: ${printedHeight} px tall at ${layoutWidth} px wide`).toBeLessThanOrEqual(sheets + 1);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});
