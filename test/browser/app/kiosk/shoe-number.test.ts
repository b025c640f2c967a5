import { expect, fixture, html } from '@open-wc/testing';
import '../../../../components/app/kiosk/bacc-kiosk.js';
import type { BaccKiosk } from '../../../../components/app/kiosk/bacc-kiosk.js';
import type { BaccScoreboard } from '../../../../components/bacc-scoreboard.js';
import { makeRules } from '../../../../src/game/rules.js';
import { freshStorage } from '../../../support/browser/storage.js';
import { until } from '../../../support/wait.js';
import { scoreboardOf } from './attract-parts.js';

/** The attract mode's scoreboard: read once the kiosk has dealt on it. */
const boardOf = (kiosk: BaccKiosk): BaccScoreboard => scoreboardOf(kiosk)!;
const mount = (search: string) => fixture<BaccKiosk>(html`<bacc-kiosk notice-duration="60000" .search=${search}></bacc-kiosk>`);

/** The header's "Shoe n", as a person reads it. */
function shoeInHeader(board: BaccScoreboard): string {
  const label = [...board.shadowRoot!.querySelectorAll('header .label')].find((span) => span.textContent?.trim() === 'Shoe');
  return label?.parentElement?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
}

describe('the attract kiosk’s shoe number', () => {
  let storage: Awaited<ReturnType<typeof freshStorage>>;
  beforeEach(async () => {
    storage = await freshStorage();
  });
  afterEach(async () => {
    await storage.teardown();
  });

  it('is the number of the shoe it shows: a second kiosk of the table shows the first kiosk’s shoe number, not 0', async () => {
    // The table's earlier shoe today: the kiosk deals its second.
    const startedAt = new Date().toISOString();
    await storage.store.createShoe(
      { id: 'earlier', table: 'Kiosk-pair', source: 'simulated', seed: 'e', startedAt, endedAt: startedAt, rules: makeRules(), hands: [] },
      'attract',
    );
    const dealer = await mount('?speed=0.2&table=Kiosk-pair');
    await until(() => (scoreboardOf(dealer)?.hands.length ?? 0) >= 1, 'the first kiosk dealing', 5000);
    const follower = await mount('?speed=0.2&table=Kiosk-pair');
    await until(() => (scoreboardOf(follower)?.hands.length ?? 0) >= 1, 'the second kiosk showing the shoe', 5000);
    await follower.updateComplete;
    expect(boardOf(dealer).shoeNumber).to.equal(2);
    expect(boardOf(follower).shoeNumber).to.equal(2);
    expect(shoeInHeader(boardOf(follower))).to.equal('Shoe 2');
  });

  it('goes on counting after a reload between shoes', async () => {
    const first = await mount('?speed=0.2&decks=1&table=Kiosk-reload');
    await until(() => scoreboardOf(first)?.ended ?? false, 'the one-deck shoe dealt to its cut card', 10000);
    expect(shoeInHeader(boardOf(first))).to.equal('Shoe 1');
    await until(
      async () => (await storage.store.latestShoe({ table: 'Kiosk-reload' }))?.endedAt != null,
      'the shoe to be stored as ended',
      2000,
      20,
    );
    first.remove();
    const reloaded = await mount('?speed=0.2&decks=1&table=Kiosk-reload');
    await until(() => (scoreboardOf(reloaded)?.hands.length ?? 0) >= 1 && !boardOf(reloaded).ended, 'a new shoe dealt', 5000);
    await reloaded.updateComplete;
    expect(shoeInHeader(boardOf(reloaded))).to.equal('Shoe 2');
    expect((await storage.store.latestShoe({ table: 'Kiosk-reload' }))!.number).to.equal(2);
  });
});
