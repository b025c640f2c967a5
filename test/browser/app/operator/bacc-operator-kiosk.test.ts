import { expect, fixture, html } from '@open-wc/testing';
import { LitElement } from 'lit';
import '../../../../components/app/kiosk/bacc-kiosk.js';
import type { BaccKiosk } from '../../../../components/app/kiosk/bacc-kiosk.js';
import { attractOf, scoreboardOf as attractScoreboardOf } from '../kiosk/attract-parts.js';
import { AttractDealerController } from '../../../../components/app/attract/attract-dealer.js';
import type { KeptShoeStore } from '../../../../components/app/shared/data/kept-shoe.js';
import { closeStorage, onStorageStatus, openStorage } from '../../../../components/app/shared/data/storage.js';
import { StorageError } from '../../../../components/app/shared/data/scoreboard-store.js';
import { makeRules } from '../../../../src/game/rules.js';
import { Shoe } from '../../../../src/game/shoe.js';
import { handRecord } from '../../../../src/shoes/document.js';
import { delay, until } from '../../../support/wait.js';
import { freshStorage, gatedStore } from '../../../support/browser/storage.js';

/** The attract mode's scoreboard, once it is on screen. */
const scoreboardOf = (kiosk: BaccKiosk) => attractScoreboardOf(kiosk)!;
/** The hands on the attract mode's scoreboard; none while the kiosk loads the attract mode. */
const handsOf = (kiosk: BaccKiosk) => attractScoreboardOf(kiosk)?.hands ?? [];
const mount = (search: string, store: KeptShoeStore | null = null) =>
  fixture<BaccKiosk>(html`<bacc-kiosk notice-duration="60000" .search=${search} .store=${store}></bacc-kiosk>`);

class KeepingDealerHost extends LitElement {
  static keep = 2;
  dealer = new AttractDealerController(
    this,
    { rules: makeRules(), interval: 1, pauseBetweenShoes: 1 },
    { table: () => 'Prune table', keep: () => KeepingDealerHost.keep },
  );
}
customElements.define('test-keeping-dealer-host', KeepingDealerHost);

describe('<bacc-kiosk> modes and kept attract shoes', () => {
  let storage: Awaited<ReturnType<typeof freshStorage>>;
  beforeEach(async () => {
    storage = await freshStorage();
  });
  afterEach(async () => {
    await storage.teardown();
  });

  it('shows no simulated hand before it is stored', async () => {
    const gated = gatedStore(storage.store);
    const el = await mount('?speed=0.2&table=Attract', gated.store);
    await until(() => gated.waiting() === 1, 'the first hand to be on its way to storage', 5000);
    // Nothing may be shown while the hand waits for storage: give the page time to (wrongly) show it.
    await delay(500);
    await el.updateComplete;
    expect(scoreboardOf(el).hands).to.deep.equal([]);
    gated.release();
    await until(() => handsOf(el).length === 1, 'the hand to be shown once stored', 5000);
    expect((await storage.store.latestShoe({ table: 'Attract' }))!.hands.slice(0, 1)).to.deep.equal(handsOf(el));
  });

  it('stores every simulated hand before showing it, and deals the same shoe on after a reload', async () => {
    const first = await mount('?speed=0.2&table=Attract');
    await until(() => handsOf(first).length >= 3, 'three dealt hands', 5000);
    const stored = (await storage.store.latestShoe({ table: 'Attract' }))!;
    expect(stored.source).to.equal('simulated');
    expect(stored.seed).to.match(/^[0-9a-f]{32}$/);
    expect(stored.endedAt).to.equal(null);
    // What is on screen is already stored.
    expect(stored.hands.slice(0, handsOf(first).length)).to.deep.equal(handsOf(first));
    first.remove();
    const kept = (await storage.store.latestShoe({ table: 'Attract' }))!;

    const second = await mount('?speed=0.2&table=Attract');
    await until(() => handsOf(second).length >= kept.hands.length, 'the stored shoe to be taken up', 5000);
    expect(handsOf(second).slice(0, kept.hands.length)).to.deep.equal(kept.hands);
    await until(() => handsOf(second).length > kept.hands.length, 'the next hand', 5000);
    // The next hand is the one the stored seed deals next: the same shoe goes on.
    const replay = new Shoe({ rules: kept.rules, seed: kept.seed });
    const expected = Array.from({ length: kept.hands.length + 1 }, () => handRecord(replay.dealHand()));
    expect(handsOf(second).slice(0, kept.hands.length + 1)).to.deep.equal(expected);
    expect((await storage.store.latestShoe({ table: 'Attract' }))!.id).to.equal(kept.id);
  });

  it('takes up its open shoe after a reload even when the stored shoes are slow to open', async () => {
    const first = await mount('?speed=0.2&table=Slow');
    await until(() => handsOf(first).length >= 3, 'three dealt hands', 5000);
    first.remove();
    const kept = (await storage.store.latestShoe({ table: 'Slow' }))!;
    await closeStorage();
    // A page that says it is waiting before its storage opens (no wait at all: any open is "slow").
    const states: string[] = [];
    const stop = onStorageStatus((status) => states.push(status.state));
    const opened = openStorage({ name: storage.name, waitMs: 0 });
    try {
      const second = await mount('?speed=0.2&table=Slow');
      const store = await opened;
      await until(() => handsOf(second).length > kept.hands.length, 'the next hand', 5000);
      expect(states, 'the page said it was waiting before the stored shoes opened').to.include('waiting');
      // The same shoe goes on; no second open shoe is left behind.
      expect((await store.latestShoe({ table: 'Slow' }))!.id).to.equal(kept.id);
      const { shoes } = await store.listShoes({ table: 'Slow' });
      expect(shoes.filter((shoe) => shoe.endedAt === null).map((shoe) => shoe.id)).to.deep.equal([kept.id]);
    } finally {
      stop();
    }
  });

  it('in a kiosk following another window that deals the table, tells the scoreboard when that shoe is over', async () => {
    const dealer = await mount('?speed=0.2&decks=1&table=Pair');
    await until(() => handsOf(dealer).length >= 1, 'the first window dealing', 5000);
    const follower = await mount('?speed=0.2&decks=1&table=Pair');
    await until(() => scoreboardOf(dealer).ended, 'the one-deck shoe dealt to its cut card', 10000);
    await until(() => handsOf(follower).length === handsOf(dealer).length, 'the follower to show the whole shoe', 5000);
    await until(() => scoreboardOf(follower).ended, 'the follower to say the shoe is over', 5000);
    expect(handsOf(follower)).to.deep.equal(handsOf(dealer));
  });

  it('shows the shoe it takes up after a reload under the number it had', async () => {
    // As if this were the table's seventh shoe today: six ended before it.
    for (let k = 1; k <= 6; k++) {
      const startedAt = new Date().toISOString();
      await storage.store.createShoe(
        {
          id: `earlier-${k}`,
          table: 'Numbered',
          source: 'simulated',
          seed: `e${k}`,
          startedAt,
          endedAt: startedAt,
          rules: makeRules(),
          hands: [],
        },
        'attract',
      );
    }
    const first = await mount('?speed=0.2&table=Numbered');
    await until(() => handsOf(first).length >= 2, 'two dealt hands', 5000);
    expect(scoreboardOf(first).shoeNumber).to.equal(7);
    const kept = (await storage.store.latestShoe({ table: 'Numbered' }))!;
    expect(kept.number).to.equal(7);
    first.remove();
    const second = await mount('?speed=0.2&table=Numbered');
    await until(() => handsOf(second).length > kept.hands.length, 'the stored shoe taken up and dealt on', 5000);
    expect((await storage.store.latestShoe({ table: 'Numbered' }))!.id).to.equal(kept.id);
    expect(scoreboardOf(second).shoeNumber).to.equal(7);
  });

  it("keeps its shoes as attract shoes and takes up only those, never a console's", async () => {
    const first = await mount('?speed=0.2&table=Attract');
    await until(() => handsOf(first).length >= 1, 'a dealt hand', 5000);
    first.remove();
    const kept = (await storage.store.latestShoe({ table: 'Attract' }))!;
    expect((await storage.store.getSummary(kept.id))!.origin).to.equal('attract');
    // A console's simulated shoe of the same table, open and newer: not the kiosk's to deal.
    await storage.store.createShoe(
      {
        id: 'console-sim',
        table: 'Attract',
        source: 'simulated',
        seed: 'console',
        startedAt: new Date(Date.now() + 1000).toISOString(),
        endedAt: null,
        rules: makeRules(),
        hands: [],
      },
      'console',
    );
    const second = await mount('?speed=0.2&table=Attract');
    await until(() => handsOf(second).length > kept.hands.length, 'the kiosk to deal on', 5000);
    expect(handsOf(second).slice(0, kept.hands.length)).to.deep.equal(kept.hands);
    expect((await storage.store.getShoe('console-sim'))!).to.include({ endedAt: null });
    expect((await storage.store.getShoe('console-sim'))!.hands).to.deep.equal([]);
  });

  it('goes on with the same shoe when only the language or theme in the URL changes', async () => {
    const el = await mount('?speed=0.2&table=Attract');
    await until(() => handsOf(el).length >= 2, 'two dealt hands', 5000);
    const before = handsOf(el);
    el.search = '?speed=0.2&table=Attract&lang=zh&theme=light';
    await until(() => handsOf(el).length > before.length, 'the next hand', 5000);
    expect(handsOf(el).slice(0, before.length)).to.deep.equal(before);
    expect(scoreboardOf(el).getAttribute('shoe-number')).to.equal('1');
  });

  it('ends a stored shoe that the current rules would not deal and starts a new one', async () => {
    const first = await mount('?speed=0.2&table=Attract&seed=rules');
    await until(() => handsOf(first).length >= 1, 'a dealt hand', 5000);
    first.remove();
    const old = (await storage.store.latestShoe({ table: 'Attract' }))!;
    const second = await mount('?speed=0.2&table=Attract&seed=rules&decks=6');
    await until(() => handsOf(second).length >= 1, 'a hand of the new shoe', 5000);
    const newest = (await storage.store.latestShoe({ table: 'Attract' }))!;
    expect(newest.id).not.to.equal(old.id);
    expect(newest.rules.decks).to.equal(6);
    expect((await storage.store.getShoe(old.id))!.endedAt).to.be.a('string');
  });

  it('keeps only the newest attract shoes of the table, and never deletes a recorded, console, imported or open shoe', async () => {
    const old = {
      table: 'Prune table',
      seed: 'x',
      startedAt: '2000-01-01T00:00:00.000Z',
      endedAt: '2000-01-01T01:00:00.000Z',
      rules: makeRules(),
      hands: [],
    };
    await storage.store.createShoe({ ...old, id: 'recorded-1', source: 'recorded', seed: null, endedAt: null });
    await storage.store.createShoe({ ...old, id: 'console-sim', source: 'simulated' }, 'console');
    await storage.store.importShoes([{ ...old, id: 'imported-sim', source: 'simulated' }]);
    const el = await fixture<KeepingDealerHost>(html`<test-keeping-dealer-host></test-keeping-dealer-host>`);
    await until(() => el.dealer.shoeNumber >= 1, 'the first shoe');
    // Left open by a kiosk that stopped (the dealer has already looked for a shoe to take up).
    await storage.store.createShoe({ ...old, id: 'open-attract', source: 'simulated', endedAt: null }, 'attract');
    await until(() => el.dealer.shoeNumber >= 4, 'four shoes', 8000);
    el.remove();
    // The last shoe's clean-up may still be running.
    await until(() => el.dealer.unsaved === 0, 'writes to finish');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const { shoes } = await storage.store.listShoes({ table: 'Prune table', limit: 100 });
    expect(shoes.filter((shoe) => shoe.origin === 'attract' && shoe.endedAt !== null).length).to.be.at.most(2);
    expect(shoes.map((shoe) => shoe.id)).to.include.members(['recorded-1', 'console-sim', 'open-attract', 'imported-sim']);
  });

  it('shows storage trouble in attract mode and goes on dealing from memory', async () => {
    const quota = () => Promise.reject(new StorageError('quota', 'Storage is full: could not save.'));
    const full: KeptShoeStore = {
      createShoe: quota,
      appendHand: quota,
      replaceHand: quota,
      removeLastHand: quota,
      endShoe: quota,
      latestShoe: () => Promise.resolve(undefined),
      listShoes: () => Promise.resolve({ shoes: [], total: 0 }),
      deleteShoe: quota,
    };
    const el = await mount('?speed=0.2', full);
    await until(() => handsOf(el).length >= 2, 'two hands on screen', 5000);
    await el.updateComplete;
    const scoreboard = scoreboardOf(el);
    await scoreboard.updateComplete;
    const status = scoreboard.shadowRoot!.querySelector<HTMLElement>('[part="status"]')!;
    expect(status.getAttribute('role')).to.equal('status');
    expect(status.textContent).to.match(/changes not saved yet \(kept on this screen\), retrying: Storage is full/);
    // In the header, where it covers no panel (the odds note above all stays in view).
    const header = scoreboard.shadowRoot!.querySelector('header')!.getBoundingClientRect();
    const line = status.getBoundingClientRect();
    expect(line.height).to.be.greaterThan(0);
    expect(line.top).to.be.at.least(header.top);
    expect(line.bottom).to.be.at.most(header.bottom + 0.5);
    // Unattended: no "leave the page?" dialog may hold up a reload; the shoe is dealt again from its seed.
    const leaving = new Event('beforeunload', { cancelable: true });
    dispatchEvent(leaving);
    expect(leaving.defaultPrevented).to.equal(false);
  });

  it('shows the operator console with mode=operator, for the table and rules in the URL, and deals nothing', async () => {
    const el = await mount('?mode=operator&table=Salon&decks=6');
    await customElements.whenDefined('bacc-operator');
    const operator = el.shadowRoot!.querySelector('bacc-operator')!;
    await operator.updateComplete;
    expect(operator.table).to.equal('Salon');
    expect(operator.rules.decks).to.equal(6);
    expect(attractOf(el)).to.equal(null);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await storage.store.countShoes()).to.equal(0);
  });

  it('shows the table display with mode=display and history with mode=history', async () => {
    const display = await mount('?mode=display&table=Salon');
    await customElements.whenDefined('bacc-table-display');
    expect(display.shadowRoot!.querySelector('bacc-table-display')!.table).to.equal('Salon');
    // Without a table, the display shows the table the console records by default.
    const unnamed = await mount('?mode=display');
    const console = await mount('?mode=operator');
    await customElements.whenDefined('bacc-operator');
    expect(unnamed.shadowRoot!.querySelector('bacc-table-display')!.table).to.equal(
      console.shadowRoot!.querySelector('bacc-operator')!.table,
    );
    const history = await mount('?mode=history');
    await customElements.whenDefined('bacc-history');
    expect(history.shadowRoot!.querySelector('bacc-history')).to.exist;
  });

  it('names an unknown mode on screen and shows the simulated shoe instead', async () => {
    const el = await mount('?mode=console&speed=0.2');
    expect(el.shadowRoot!.querySelector('[part="notice"]')!.textContent).to.contain('mode=console');
    await until(() => handsOf(el).length >= 1, 'a simulated hand', 5000);
  });
});
