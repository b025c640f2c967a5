// Issue #5 end to end: playwright-core drives Debian's Chromium against the built app, as an
// operator would, with real IndexedDB, reloads, downloads, file uploads and two windows.
import { describe, it, expect, inject } from 'vitest';
import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { useChromium } from './browser.js';
import { parseShoeDocument, shoeDocumentText } from '../../src/shoes/document.js';

const baseUrl = inject('baseUrl');
const chromium = useChromium();

/** A fresh profile: its own IndexedDB, nothing stored. */
async function withContext<T>(body: (context: BrowserContext) => Promise<T>): Promise<T> {
  const context = await chromium().newContext({ viewport: { width: 1600, height: 1000 }, acceptDownloads: true });
  try {
    return await body(context);
  } finally {
    await context.close();
  }
}

/** The outcomes of the hands on the scoreboard inside `host` (a mode's element), e.g. "BPT". */
function shownOutcomes(page: Page, host: string): Promise<string | null> {
  return page.evaluate((hostTag) => {
    const kiosk = document.querySelector('bacc-kiosk');
    const element = kiosk?.shadowRoot?.querySelector(hostTag);
    const scoreboard = (element?.shadowRoot ?? null)?.querySelector('bacc-scoreboard') as { hands?: { outcome: string }[] } | null;
    return scoreboard?.hands ? scoreboard.hands.map((hand) => hand.outcome).join('') : null;
  }, host);
}

async function waitForOutcomes(page: Page, host: string, expected: string): Promise<void> {
  await expect.poll(() => shownOutcomes(page, host), { timeout: 10_000 }).toBe(expected);
}

/** Opens the console for `table` and waits until it has looked for the table's open shoe. */
/** Presses keys at a person's pace, 90 ms apart: keys machine-fast are a scanner's, refused when no Enter ends them. */
async function pressKeys(page: Page, keys: string): Promise<void> {
  for (const key of keys) {
    await page.keyboard.press(key);
    await page.waitForTimeout(90);
  }
}

async function openConsole(page: Page, table: string): Promise<void> {
  await page.goto(`${baseUrl}?mode=operator&table=${encodeURIComponent(table)}`);
  await page.locator('bacc-operator .shoe-state').filter({ hasNotText: 'Reading' }).waitFor();
}

/** The same 30 outcomes every run: banker, player and tie in a pattern with streaks. */
const THIRTY = 'BBPPPTBPBBBBPTPPBPBTTBPPPPBBPB';

describe('shoes kept, end to end', () => {
  it('records 30 hands by keyboard; after a reload all 30 are there; undo survives a reload too', async () => {
    await withContext(async (context) => {
      const page = await context.newPage();
      await openConsole(page, 'E2E table');
      await page.keyboard.press('s');
      await page.locator('bacc-operator .shoe-state', { hasText: 'Recording: 0 hands' }).waitFor();
      await pressKeys(page, THIRTY.toLowerCase());
      await waitForOutcomes(page, 'bacc-operator', THIRTY);

      await page.reload();
      await waitForOutcomes(page, 'bacc-operator', THIRTY);

      await page.keyboard.press('u');
      await waitForOutcomes(page, 'bacc-operator', THIRTY.slice(0, -1));
      await page.reload();
      await waitForOutcomes(page, 'bacc-operator', THIRTY.slice(0, -1));
    });
  });

  it('records a hand card by card; refuses a card the tableau would not deal, one the shoe cannot hold, and what is not a card, recording nothing', async () => {
    await withContext(async (context) => {
      const page = await context.newPage();
      await page.goto(`${baseUrl}?mode=operator&table=Cards&decks=1`);
      await page.locator('bacc-operator .shoe-state').filter({ hasNotText: 'Reading' }).waitFor();
      await pressKeys(page, 'sc');
      const field = page.locator('bacc-operator input.cards');
      await field.focus();
      // Player 9 and banker 8 are naturals: both stand, the hand is complete after four cards.
      for (const card of ['9h', '8c', 'kd', 'ks']) await field.pressSequentially(`${card} `);
      const alert = page.locator('bacc-operator p.alert');
      // A third card for the player is one the tableau would not deal: refused, nothing recorded.
      await field.pressSequentially('3d ');
      await expect.poll(() => alert.textContent()).toContain('the hand is already complete (player 9, banker 8)');
      await field.fill('');
      expect(await shownOutcomes(page, 'bacc-operator')).toBe('');
      // Enter records the finished hand.
      await field.press('Enter');
      await waitForOutcomes(page, 'bacc-operator', 'P');
      // A one-deck shoe has one nine of hearts, and it is already on the table.
      await field.pressSequentially('9h ');
      await expect.poll(() => alert.textContent()).toContain('this 1-deck shoe holds only 1 9H');
      // A refused card stays in the field to be corrected; clear it and type something that is no card.
      await field.fill('');
      await field.pressSequentially('11 ');
      await expect.poll(() => alert.textContent()).toContain('unknown card "11"');
      await page.reload();
      await waitForOutcomes(page, 'bacc-operator', 'P');
    });
  });

  it('an operator window and a display window stay in step, and a display opened later shows the whole shoe', async () => {
    await withContext(async (context) => {
      const operator = await context.newPage();
      await openConsole(operator, 'Window table');
      await operator.keyboard.press('s');
      const display = await context.newPage();
      await display.goto(`${baseUrl}?mode=display&table=${encodeURIComponent('Window table')}`);
      await waitForOutcomes(display, 'bacc-table-display', '');
      for (const [i, outcome] of [...'BPPTB'].entries()) {
        await operator.bringToFront();
        await operator.keyboard.press(outcome.toLowerCase());
        await waitForOutcomes(display, 'bacc-table-display', 'BPPTB'.slice(0, i + 1));
      }
      await operator.keyboard.press('u');
      await waitForOutcomes(display, 'bacc-table-display', 'BPPT');
      const late = await context.newPage();
      await late.goto(`${baseUrl}?mode=display&table=${encodeURIComponent('Window table')}`);
      await waitForOutcomes(late, 'bacc-table-display', 'BPPT');
    });
  });

  it('replays a stored shoe hand by hand and by scrubbing', async () => {
    await withContext(async (context) => {
      const page = await context.newPage();
      await openConsole(page, 'Replay table');
      await pressKeys(page, 'sbpbbt');
      await waitForOutcomes(page, 'bacc-operator', 'BPBBT');

      await page.goto(`${baseUrl}?mode=history`);
      await page.locator('bacc-history tr[data-shoe-id] [data-action="replay"]').first().click();
      const replayed = (): Promise<string | null> =>
        page.evaluate(() => {
          const history = document.querySelector('bacc-kiosk')!.shadowRoot!.querySelector('bacc-history')!;
          const replay = history.shadowRoot!.querySelector('bacc-replay');
          const scoreboard = replay?.shadowRoot?.querySelector('bacc-scoreboard') as { hands?: { outcome: string }[] } | null;
          return scoreboard?.hands ? scoreboard.hands.map((hand) => hand.outcome).join('') : null;
        });
      const replay = page.locator('bacc-replay');
      await replay.locator('[data-action="first"]').click();
      await expect.poll(replayed).toBe('');
      await replay.locator('[data-action="forward"]').click();
      await replay.locator('[data-action="forward"]').click();
      await expect.poll(replayed).toBe('BP');
      await replay.locator('input[type="range"]').fill('4');
      await expect.poll(replayed).toBe('BPBB');
      await replay.locator('[data-action="back"]').click();
      await expect.poll(replayed).toBe('BPB');
    });
  });

  it('exports a shoe, imports it back after deleting it, and exports identical JSON; a broken file changes nothing', async () => {
    await withContext(async (context) => {
      const page = await context.newPage();
      await openConsole(page, 'Export table');
      await pressKeys(page, 'sppbtb');
      await waitForOutcomes(page, 'bacc-operator', 'PPBTB');
      await page.goto(`${baseUrl}?mode=history`);
      const row = page.locator('bacc-history tr[data-shoe-id]');
      await expect.poll(() => row.count()).toBe(1);

      const exportJson = async (): Promise<string> => {
        const [download] = await Promise.all([page.waitForEvent('download'), row.first().locator('[data-action="export-json"]').click()]);
        return readFile(await download.path(), 'utf8');
      };
      const first = await exportJson();
      const exported = JSON.parse(first) as { shoes: { hands: { outcome: string }[] }[] };
      expect(exported.shoes[0]!.hands.map((hand) => hand.outcome).join('')).toBe('PPBTB');

      const importFile = page.locator('bacc-history input[type="file"]');
      const notice = page.locator('bacc-history [part="notice"]');
      // A broken file: a hand whose cards give another outcome. The error names shoe, hand and field.
      const broken = JSON.parse(first) as { shoes: { id: string; hands: object[] }[] };
      broken.shoes[0]!.id = 'another-shoe';
      broken.shoes[0]!.hands[2] = {
        cards: ['9H', '2C', 'KD', '5S'],
        outcome: 'B',
        playerPair: false,
        bankerPair: false,
        natural: true,
        playerTotal: 9,
        bankerTotal: 7,
      };
      await importFile.setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(broken)) });
      await expect.poll(() => notice.textContent()).toMatch(/shoe 1 \(id "another-shoe"\), hand 3, outcome/);
      await importFile.setInputFiles({
        name: 'not-json.json',
        mimeType: 'application/json',
        buffer: Buffer.from('{"format": "baccarat-shoes", '),
      });
      await expect.poll(() => notice.textContent()).toMatch(/JSON/);
      await expect.poll(() => row.count()).toBe(1);
      expect(await exportJson()).toBe(first);

      await row.first().locator('[data-action="delete"]').click();
      await row.first().locator('[data-action="confirm-delete"]').click();
      await expect.poll(() => row.count()).toBe(0);

      await importFile.setInputFiles({ name: 'shoe.json', mimeType: 'application/json', buffer: Buffer.from(first) });
      await expect.poll(() => notice.textContent()).toMatch(/Imported 1 shoe/);
      await expect.poll(() => row.count()).toBe(1);
      expect(await exportJson()).toBe(first);
    });
  });

  it('imports a version 1 file, exports it as version 2; a version 2 file with events and an audit trail shows its trail, replays it, and exports the same bytes', async () => {
    await withContext(async (context) => {
      const page = await context.newPage();
      await page.goto(`${baseUrl}?mode=history`);
      const importFile = page.locator('bacc-history input[type="file"]');
      const notice = page.locator('bacc-history [part="notice"]');
      const rowOf = (id: string) => page.locator(`bacc-history tr[data-shoe-id="${id}"]`);
      const exportJson = async (id: string): Promise<string> => {
        const [download] = await Promise.all([page.waitForEvent('download'), rowOf(id).locator('[data-action="export-json"]').click()]);
        return readFile(await download.path(), 'utf8');
      };
      const v1 = await readFile(new URL('../node/fixtures/shoes-v1.json', import.meta.url), 'utf8');
      await importFile.setInputFiles({ name: 'v1.json', mimeType: 'application/json', buffer: Buffer.from(v1) });
      await expect.poll(() => notice.textContent()).toMatch(/Imported 1 shoe/);
      const exported = await exportJson('v1-shoe');
      const read = parseShoeDocument(JSON.parse(exported));
      expect(exported).toContain('"version": 2');
      expect(read.shoes[0]!.hands).toEqual(parseShoeDocument(JSON.parse(v1)).shoes[0]!.hands);
      expect(read.shoes[0]).not.toHaveProperty('events');

      const withTrail = shoeDocumentText([
        {
          ...read.shoes[0]!,
          id: 'v2-shoe',
          number: 2,
          events: [
            { kind: 'burn', at: '2026-11-30T09:00:05.000Z', afterHand: 0, card: '3H', burned: ['4C', '5C', '6C'] },
            { kind: 'cancelled', at: '2026-11-30T09:10:00.000Z', afterHand: 2, card: 'QS', by: 'device' },
          ],
          audit: [{ at: '2026-11-30T09:12:00.000Z', operator: 'Wei', action: 'correct', hand: 1, reason: 'misread card' }],
        },
      ]);
      await importFile.setInputFiles({ name: 'v2.json', mimeType: 'application/json', buffer: Buffer.from(withTrail) });
      await expect.poll(() => notice.textContent()).toMatch(/Imported 1 shoe/);
      expect(await exportJson('v2-shoe')).toBe(withTrail);
      await expect.poll(() => rowOf('v1-shoe').locator('[data-action="trail"]').count()).toBe(0);
      await rowOf('v2-shoe').locator('[data-action="trail"]').click();
      const trail = page.locator('bacc-history tr[data-trail-of="v2-shoe"]');
      await expect.poll(() => trail.textContent()).toMatch(/Wei.*Correction.*misread card/s);
      expect(await trail.textContent()).toMatch(/after hand 2.*Card QS cancelled by the card shoe/s);

      await rowOf('v2-shoe').locator('[data-action="replay"]').click();
      const lines = page.locator('bacc-replay .trail li');
      await expect.poll(() => lines.count()).toBe(3);
      expect((await lines.nth(2).textContent())!.replace(/\s+/g, ' ')).toMatch(/after hand 2: hand 1 corrected by Wei — misread card/);
    });
  });

  it('opens History with the entry, what every page shares and History itself (its parts preloaded together), and fetches the file code at the first export', async () => {
    // No service worker, so every script is a request the page makes itself.
    const context = await chromium().newContext({
      viewport: { width: 1600, height: 1000 },
      acceptDownloads: true,
      serviceWorkers: 'block',
    });
    try {
      const page = await context.newPage();
      await openConsole(page, 'Scripts table');
      await pressKeys(page, 'sb');
      await waitForOutcomes(page, 'bacc-operator', 'B');
      await page.close();
      // A page of its own, so no late request of the console's is counted.
      const history = await context.newPage();
      const scripts: string[] = [];
      history.on('request', (request) => {
        const path = new URL(request.url()).pathname;
        if (request.resourceType() === 'script' && path.startsWith('/assets/')) scripts.push(path);
      });
      await history.goto(`${baseUrl}?mode=history`);
      const row = history.locator('bacc-history tr[data-shoe-id]');
      await expect.poll(() => row.count()).toBe(1);
      // The entry, what every page shares, and History with its parts (preloaded together); no file code yet.
      const firstPage = scripts.length;
      for (const part of ['index', 'page', 'bacc-history']) {
        expect(
          scripts.some((path) => path.startsWith(`/assets/${part}-`)),
          scripts.join(', '),
        ).toBe(true);
      }
      expect(
        scripts.some((path) => /\/shoe-files-[^/]+\.js$/.test(path)),
        scripts.join(', '),
      ).toBe(false);
      await Promise.all([history.waitForEvent('download'), row.first().locator('[data-action="export-json"]').click()]);
      expect(
        scripts.slice(firstPage).some((path) => /\/shoe-files-[^/]+\.js$/.test(path)),
        scripts.join(', '),
      ).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('the attract kiosk resumes its shoe after a reload, exactly where it was', async () => {
    await withContext(async (context) => {
      const page = await context.newPage();
      await page.goto(`${baseUrl}?speed=0.2`);
      const attract = (): Promise<string | null> =>
        page.evaluate(() => {
          const scoreboard = document
            .querySelector('bacc-kiosk')
            ?.shadowRoot?.querySelector('bacc-attract')
            ?.shadowRoot?.querySelector('bacc-scoreboard') as {
            hands?: { outcome: string }[];
          } | null;
          return scoreboard?.hands ? scoreboard.hands.map((hand) => hand.outcome).join('') : null;
        });
      await expect.poll(async () => (await attract())?.length ?? 0, { timeout: 10_000 }).toBeGreaterThanOrEqual(5);
      // Stop dealing, then compare what is stored with what the next page shows.
      await page.goto(`${baseUrl}?speed=600`);
      const before = await (async () => {
        await expect.poll(async () => (await attract())?.length ?? 0).toBeGreaterThanOrEqual(5);
        return attract();
      })();
      await page.reload();
      await expect.poll(attract).toBe(before);
    });
  });
});
