// The IndexedDB store against Chromium's real IndexedDB (test/node/app/shared/data/scoreboard-store.test.ts runs the
// same module against fake-indexeddb): what differs between the two is the engine, so these
// tests cover what an engine could get wrong — keys, indexes, transactions, upgrades, blocking.
import { expect } from '@open-wc/testing';
import { openDB } from 'idb';
import { ScoreboardStore, MIGRATIONS } from '../../../../../components/app/shared/data/scoreboard-store.js';
import { simulateShoeRecords, shoeDocument, parseShoeDocument } from '../../../../../src/shoes/document.js';
import { delay } from '../../../../support/wait.js';

let counter = 0;
const databases: string[] = [];
function databaseName(): string {
  const name = `persistence-test-${Date.now()}-${++counter}`;
  databases.push(name);
  return name;
}

afterEach(async () => {
  for (const name of databases.splice(0)) await ScoreboardStore.deleteDatabase(name);
});

describe('ScoreboardStore in Chromium (real IndexedDB)', () => {
  it('writes a whole shoe hand by hand and reads back exactly the same shoe', async () => {
    const store = await ScoreboardStore.open({ name: databaseName() });
    const [shoe] = simulateShoeRecords({ shoes: 1, seed: 'chromium' });
    await store.createShoe({ ...shoe!, hands: [] });
    for (const [index, hand] of shoe!.hands.entries()) await store.appendHand(shoe!.id, index, hand);
    await store.endShoe(shoe!.id, shoe!.endedAt!);
    expect(await store.getShoe(shoe!.id)).to.deep.equal(shoe);
    store.close();
  });

  it('keeps what was written after the connection closes and a new one opens (a reload)', async () => {
    const name = databaseName();
    const first = await ScoreboardStore.open({ name });
    const [shoe] = simulateShoeRecords({ shoes: 1, seed: 'reload' });
    await first.createShoe({ ...shoe!, hands: shoe!.hands.slice(0, 30) });
    first.close();
    const second = await ScoreboardStore.open({ name });
    expect((await second.latestShoe({ open: false }))?.hands).to.deep.equal(shoe!.hands.slice(0, 30));
    second.close();
  });

  it('lists newest first with table and date filters through the real indexes', async () => {
    const store = await ScoreboardStore.open({ name: databaseName() });
    const shoes = simulateShoeRecords({ shoes: 6, seed: 'list' }).map((shoe, i) => ({
      ...shoe,
      table: i % 2 ? 'Left' : 'Right',
      startedAt: `2026-11-0${i + 1}T09:00:00.000Z`,
      endedAt: `2026-11-0${i + 1}T10:00:00.000Z`,
    }));
    await store.importShoes(shoes);
    const page = await store.listShoes({ table: 'Left', limit: 2 });
    expect(page.total).to.equal(3);
    expect(page.shoes.map((s) => s.startedAt.slice(0, 10))).to.deep.equal(['2026-11-06', '2026-11-04']);
    expect((await store.listShoes({ from: '2026-11-02', to: '2026-11-04' })).total).to.equal(2);
    expect(await store.tables()).to.deep.equal(['Left', 'Right']);
    store.close();
  });

  it('a refused import leaves every stored shoe as it was', async () => {
    const store = await ScoreboardStore.open({ name: databaseName() });
    const [kept, other] = simulateShoeRecords({ shoes: 2, seed: 'refused' });
    await store.importShoes([kept!]);
    const changed = { ...kept!, hands: kept!.hands.slice(1) };
    let error: unknown;
    try {
      await store.importShoes([other!, changed]);
    } catch (e) {
      error = e;
    }
    expect((error as Error).message).to.contain('Shoe 2');
    expect(await store.countShoes()).to.equal(1);
    expect(await store.getShoe(kept!.id)).to.deep.equal(kept);
  });

  it('export, import elsewhere, export again: identical JSON', async () => {
    const a = await ScoreboardStore.open({ name: databaseName() });
    const b = await ScoreboardStore.open({ name: databaseName() });
    await a.importShoes(simulateShoeRecords({ shoes: 2, seed: 'again' }));
    const first = JSON.stringify(shoeDocument(await a.exportShoes()), null, 2);
    await b.importShoes(parseShoeDocument(JSON.parse(first)).shoes);
    expect(JSON.stringify(shoeDocument(await b.exportShoes()), null, 2)).to.equal(first);
    a.close();
    b.close();
  });

  it('an upgrade waits for an older tab and says so, then keeps the older data', async () => {
    const name = databaseName();
    const older = await openDB(name, 1, { upgrade: (db) => MIGRATIONS[1]!(db as never, undefined as never) });
    await older.put('shoes', {
      id: 'old',
      table: 'T',
      source: 'recorded',
      seed: null,
      startedAt: '2026-01-01T00:00:00.000Z',
      endedAt: null,
      rules: {},
      handCount: 0,
      outcomes: '',
      updatedAt: '2026-01-01T00:00:00.000Z',
    });
    let blocked = false;
    const opening = ScoreboardStore.open({ name, onBlocked: () => (blocked = true) });
    await delay(100);
    expect(blocked).to.equal(true);
    older.close();
    const store = await opening;
    expect((await store.listShoes({ table: 'T' })).shoes.map((s) => s.id)).to.deep.equal(['old']);
    store.close();
  });
});
