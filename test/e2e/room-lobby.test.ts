import { describe, expect, inject, it } from 'vitest';
import { useChromium } from './browser.js';
import { useBroker } from './mosquitto.js';
import {
  counts,
  lobbyTiles,
  openConsole,
  openLobby,
  randomOutcomes,
  startShoe,
  typeHands,
  waitForDisplayOutcomes,
  type TileView,
  useMachines,
  ACROSS_THE_ROOM,
} from './room-helpers.js';
import { untilValue } from '../support/wait.js';

const baseUrl = inject('baseUrl');
const chromium = useChromium();
const TABLES = ['Table 1', 'Table 2', 'VIP 7'];
const broker = useBroker({ tables: TABLES, screens: ['screen'] });

const machines = useMachines();

describe('the lobby', () => {
  it('shows three tables recorded at once on three consoles, each tile right, and a tile opens its table’s display', async () => {
    const lobby = await openLobby(chromium(), baseUrl, broker());
    machines.push(lobby);
    const consoles = await Promise.all(TABLES.map((table) => openConsole(chromium(), baseUrl, broker(), table)));
    machines.push(...consoles);
    const typed = new Map(TABLES.map((table, index) => [table, randomOutcomes(8 + 4 * index)]));

    await Promise.all(consoles.map((machine) => startShoe(machine.page)));
    // The three consoles type at the same time.
    await Promise.all(consoles.map((machine, index) => typeHands(machine.page, typed.get(TABLES[index]!)!)));

    const expected = (table: string): Partial<TileView> => {
      const outcomes = typed.get(table)!;
      return { table, status: 'open', offline: false, hands: outcomes.length, ...counts(outcomes), roadOutcomes: outcomes };
    };
    const tiles = await untilValue(
      () => lobbyTiles(lobby.page),
      (shown) => shown.length === 3 && shown.every((tile) => tile.hands === typed.get(tile.table)?.length),
      'three tiles with every hand',
      ACROSS_THE_ROOM,
    );
    expect(tiles.map((tile) => tile.table)).toEqual(TABLES);
    for (const tile of tiles) {
      expect(tile).toMatchObject(expected(tile.table));
      // The link carries no credential.
      expect(tile.href).not.toMatch(/user=|password=/);
      expect(new URL(tile.href).searchParams.get('table')).toBe(tile.table);
    }

    // A tile opens that table's display (this lobby machine remembers its broker and login).
    const lobbyRoot = lobby.page.locator('bacc-kiosk bacc-lobby');
    await lobbyRoot.locator(`[part="tile"][data-table="${TABLES[1]}"]`).click();
    await lobby.page.waitForURL((url) => url.searchParams.get('mode') === 'display');
    expect(new URL(lobby.page.url()).searchParams.get('table')).toBe(TABLES[1]);
    await waitForDisplayOutcomes(lobby.page, typed.get(TABLES[1]!)!);
    const name = await lobby.page.evaluate(() =>
      document
        .querySelector('bacc-kiosk')!
        .shadowRoot!.querySelector('bacc-table-display')!
        .shadowRoot!.querySelector('bacc-scoreboard')!
        .getAttribute('table-name'),
    );
    expect(name).toBe(TABLES[1]);
  });
});
