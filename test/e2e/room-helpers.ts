/**
 * Helpers for the room's end-to-end tests: machines (separate browser contexts: no shared storage,
 * no shared BroadcastChannel) opening the console, a display or the lobby through a real broker.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterEach } from 'vitest';
import type { Login, RunningBroker } from './mosquitto.js';
import type { HandRecord } from '../../src/shoes/records.js';

/** How long a test waits for what crosses the room (a page, the broker, another page) before it says what it waited for. */
export const ACROSS_THE_ROOM = 20_000;

/** One "machine": its own browser context, and the page it shows. */
export interface Machine {
  context: BrowserContext;
  page: Page;
  /** What the page logged (console.warn / console.error included). */
  logs: string[];
}

export type Mode = 'operator' | 'display' | 'lobby';

/** The address of a page of the app with the broker and a login (the user URL-encoded by URLSearchParams). */
export function roomAddress(baseUrl: string, mode: Mode, broker: RunningBroker, login: Login, table?: string): string {
  const query = new URLSearchParams({
    mode,
    ...(table === undefined ? {} : { table }),
    broker: broker.wsUrl,
    user: login.username,
    password: login.password,
  });
  return `${baseUrl}?${query.toString()}`;
}

export function consoleLogin(broker: RunningBroker, table: string): Login {
  const login = broker.credentials.consoles[table];
  if (!login) throw new Error(`no console login for ${table}`);
  return login;
}

export function screenLogin(broker: RunningBroker): Login {
  const login = broker.credentials.screens['screen'];
  if (!login) throw new Error('no screen login');
  return login;
}

/** A new machine (browser context) opening `address`. */
export async function openMachine(browser: Browser, address: string, viewport = { width: 1280, height: 720 }): Promise<Machine> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const logs: string[] = [];
  page.on('console', (message) => logs.push(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => logs.push(`pageerror: ${error.message}`));
  await page.goto(address);
  return { context, page, logs };
}

/** Opens a console machine for `table` and waits until it has read its table and reached the broker. */
export async function openConsole(browser: Browser, baseUrl: string, broker: RunningBroker, table: string): Promise<Machine> {
  const machine = await openMachine(browser, roomAddress(baseUrl, 'operator', broker, consoleLogin(broker, table), table));
  await machine.page.waitForFunction(() => {
    const operator = document.querySelector('bacc-kiosk')?.shadowRoot?.querySelector('bacc-operator');
    return operator?.consoleController?.ready === true;
  });
  await waitForRoomLine(machine.page, /^Sent to screens\.$/);
  return machine;
}

export async function openDisplay(browser: Browser, baseUrl: string, broker: RunningBroker, table: string): Promise<Machine> {
  const machine = await openMachine(browser, roomAddress(baseUrl, 'display', broker, screenLogin(broker), table));
  await machine.page.waitForFunction(() => document.querySelector('bacc-kiosk')?.shadowRoot?.querySelector('bacc-table-display') != null);
  return machine;
}

export async function openLobby(browser: Browser, baseUrl: string, broker: RunningBroker): Promise<Machine> {
  const machine = await openMachine(browser, roomAddress(baseUrl, 'lobby', broker, screenLogin(broker)), { width: 1920, height: 1080 });
  await machine.page.waitForFunction(() => document.querySelector('bacc-kiosk')?.shadowRoot?.querySelector('bacc-lobby') != null);
  return machine;
}

/** The console's room line (`.room`, beside the shoe's state): "Sent to screens." / "Not sent to screens: …". */
export function roomLine(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      document
        .querySelector('bacc-kiosk')
        ?.shadowRoot?.querySelector('bacc-operator')
        ?.shadowRoot?.querySelector('.room')
        ?.textContent?.trim() ?? '',
  );
}

export async function waitForRoomLine(page: Page, expected: RegExp, timeout = 20_000): Promise<void> {
  try {
    await page.waitForFunction(
      (source) => {
        const text =
          document
            .querySelector('bacc-kiosk')
            ?.shadowRoot?.querySelector('bacc-operator')
            ?.shadowRoot?.querySelector('.room')
            ?.textContent?.trim() ?? '';
        return new RegExp(source).test(text);
      },
      expected.source,
      { timeout },
    );
  } catch (error) {
    // The link's state, read past TypeScript's `private`: "none" means the console never opened a link to its broker.
    const link = await page.evaluate(
      () =>
        (
          document.querySelector('bacc-kiosk')?.shadowRoot?.querySelector('bacc-operator') as unknown as {
            publisher?: { linkState?: string };
          }
        )?.publisher?.linkState ?? 'unknown',
    );
    throw new Error(`the console's room line is "${await roomLine(page)}" (its link: ${link}), not ${String(expected)}`, { cause: error });
  }
}

/** The hands the console holds (outcomes), and how many are not yet written. */
export function consoleState(page: Page): Promise<{ outcomes: string; unsaved: number; shoeOpen: boolean }> {
  return page.evaluate(() => {
    const operator = document.querySelector('bacc-kiosk')!.shadowRoot!.querySelector('bacc-operator')!;
    return {
      outcomes: operator.consoleController.hands.map((hand) => hand.outcome).join(''),
      unsaved: operator.consoleController.unsaved,
      shoeOpen: operator.consoleController.shoeOpen,
    };
  });
}

/** Starts a shoe on the console by keyboard (S: no confirmation when none is open) and waits for it. */
export async function startShoe(page: Page): Promise<void> {
  await page.keyboard.press('s');
  await page.waitForFunction(() => {
    const operator = document.querySelector('bacc-kiosk')?.shadowRoot?.querySelector('bacc-operator');
    return operator?.consoleController.shoeOpen === true && operator.consoleController.unsaved === 0;
  });
}

/**
 * Types `outcomes` (B, P, T) on the console's keyboard, one key at a time, waiting for each hand to
 * be recorded and written before the next key.
 */
export async function typeHands(page: Page, outcomes: string): Promise<void> {
  for (const outcome of outcomes) {
    const before = (await consoleState(page)).outcomes;
    await page.keyboard.press(outcome.toLowerCase());
    await page.waitForFunction((expected) => {
      const operator = document.querySelector('bacc-kiosk')?.shadowRoot?.querySelector('bacc-operator');
      return (
        operator?.consoleController.hands.map((hand) => hand.outcome).join('') === expected && operator.consoleController.unsaved === 0
      );
    }, before + outcome);
  }
}

/** A random sequence of outcomes with all three in it. */
export function randomOutcomes(count: number): string {
  let text = '';
  for (let i = 0; i < count; i++) {
    const r = Math.random();
    text += r < 0.45 ? 'B' : r < 0.9 ? 'P' : 'T';
  }
  if (count >= 3) text = `BPT${text.slice(3)}`;
  return text;
}

/** What a display shows: the scoreboard's hands (outcomes), its status line, message, operator note. */
export interface DisplayView {
  outcomes: string;
  handCount: number;
  status: string;
  message: string;
  note: string;
  table: string;
}

export function displayView(page: Page): Promise<DisplayView> {
  return page.evaluate(() => {
    const display = document.querySelector('bacc-kiosk')?.shadowRoot?.querySelector('bacc-table-display');
    const root = display?.shadowRoot;
    const scoreboard = root?.querySelector('bacc-scoreboard');
    const hands = scoreboard?.hands ?? [];
    return {
      outcomes: hands.map((hand) => hand.outcome).join(''),
      handCount: hands.length,
      status: root?.querySelector('.status')?.textContent?.trim() ?? '',
      message: root?.querySelector('.message')?.textContent?.trim() ?? '',
      note: root?.querySelector('.operator-note')?.textContent?.trim() ?? '',
      table: scoreboard?.getAttribute('table-name') ?? '',
    };
  });
}

/** Waits until the display's scoreboard shows exactly `outcomes`; fails saying what it shows. */
export async function waitForDisplayOutcomes(page: Page, outcomes: string, timeout = 20_000): Promise<void> {
  try {
    await page.waitForFunction(
      (expected) => {
        const scoreboard = document
          .querySelector('bacc-kiosk')
          ?.shadowRoot?.querySelector('bacc-table-display')
          ?.shadowRoot?.querySelector('bacc-scoreboard');
        return (scoreboard?.hands ?? []).map((hand) => hand.outcome).join('') === expected;
      },
      outcomes,
      { timeout },
    );
  } catch (error) {
    const view = await displayView(page);
    throw new Error(
      `the display shows ${view.handCount} hands "${view.outcomes}", not ${outcomes.length} "${outcomes}" ` +
        `(status "${view.status}", message "${view.message}", note "${view.note}")`,
      { cause: error },
    );
  }
}

/** One lobby tile as shown. */
export interface TileView {
  table: string;
  status: string;
  offline: boolean;
  offlineText: string;
  hands: number | null;
  banker: number | null;
  player: number | null;
  ties: number | null;
  href: string;
  roadOutcomes: string;
}

export function lobbyTiles(page: Page): Promise<TileView[]> {
  return page.evaluate(() => {
    const lobby = document.querySelector('bacc-kiosk')?.shadowRoot?.querySelector('bacc-lobby');
    const tiles = [...(lobby?.shadowRoot?.querySelectorAll<HTMLAnchorElement>('[part="tile"]') ?? [])];
    const count = (tile: Element, side: string): number | null => {
      const text = tile.querySelector(`[data-count="${side}"] [aria-hidden="true"]`)?.textContent ?? '';
      const match = /(\d+)/.exec(text);
      return match ? Number(match[1]) : null;
    };
    return tiles.map((tile) => {
      const shoe = tile.querySelector('[data-hands]');
      const road = tile.querySelector('bacc-big-road');
      return {
        table: tile.dataset['table'] ?? '',
        status: tile.dataset['status'] ?? '',
        offline: tile.hasAttribute('data-offline'),
        offlineText: tile.querySelector('.offline')?.textContent?.trim() ?? '',
        hands: shoe ? Number(shoe.getAttribute('data-hands')) : null,
        banker: count(tile, 'B'),
        player: count(tile, 'P'),
        ties: count(tile, 'T'),
        href: tile.href,
        roadOutcomes: ((road as unknown as { hands?: { outcome: string }[] } | null)?.hands ?? []).map((hand) => hand.outcome).join(''),
      };
    });
  });
}

/** The lobby's operator line (link trouble, refused messages). */
export function lobbyOperatorLine(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      document
        .querySelector('bacc-kiosk')
        ?.shadowRoot?.querySelector('bacc-lobby')
        ?.shadowRoot?.querySelector('[part="operator"]')
        ?.textContent?.replace(/\s+/g, ' ')
        .trim() ?? '',
  );
}

export function counts(outcomes: string): { banker: number; player: number; ties: number } {
  return {
    banker: [...outcomes].filter((o) => o === 'B').length,
    player: [...outcomes].filter((o) => o === 'P').length,
    ties: [...outcomes].filter((o) => o === 'T').length,
  };
}

export async function closeMachines(machines: Machine[]): Promise<void> {
  await Promise.all(machines.splice(0).map((machine) => machine.context.close().catch(() => undefined)));
}

/** The machines a test opens, for the test file that calls this at its top level: each closed after its test. */
export function useMachines(): Machine[] {
  const machines: Machine[] = [];
  afterEach(async () => {
    await closeMachines(machines);
  });
  return machines;
}

/** What a console fed by a card shoe holds and says: its shoe's hands and events, and the card shoe panel's lost and count lines. */
export interface ConsoleFedShoe {
  hands: HandRecord[];
  ended: boolean;
  unsaved: number;
  events: string[];
  lost: string;
  counts: string;
}

export function consoleFedShoe(machine: Machine): Promise<ConsoleFedShoe> {
  return machine.page.evaluate(() => {
    const operator = document.querySelector('bacc-kiosk')!.shadowRoot!.querySelector('bacc-operator')!;
    const root = operator.shadowRoot!;
    return {
      hands: operator.consoleController.shoe?.hands ?? [],
      ended: operator.consoleController.shoe?.endedAt != null,
      unsaved: operator.consoleController.unsaved,
      events: (operator.consoleController.shoe?.events ?? []).map((event: { kind: string }) => event.kind),
      lost: root.querySelector('.feed-lost')?.textContent?.trim() ?? '',
      counts: root.querySelector('.feed-reconcile')?.textContent?.trim() ?? '',
    };
  });
}
