// keepReceivedShoe against Chromium's real IndexedDB (test/node/app/shared/data/received-shoes-store.test.ts runs it
// against fake-indexeddb): one transaction replacing a copy, and a write refused once another tab's
// upgrade took the database away.
import { expect } from '@open-wc/testing';
import { openDB } from 'idb';
import { DATABASE_VERSION, ScoreboardStore, StorageError } from '../../../../../components/app/shared/data/scoreboard-store.js';
import { simulateShoeRecords } from '../../../../../src/shoes/document.js';

let counter = 0;
const databases: string[] = [];
function databaseName(): string {
  const name = `received-test-${Date.now()}-${++counter}`;
  databases.push(name);
  return name;
}

afterEach(async () => {
  for (const name of databases.splice(0)) await ScoreboardStore.deleteDatabase(name);
});

const [dealt] = simulateShoeRecords({ shoes: 1, seed: 'received', table: 'T7' });
const shoe = { ...dealt!, number: 5 };

describe('ScoreboardStore.keepReceivedShoe in Chromium (real IndexedDB)', () => {
  it('keeps a copy, replaces it with a longer and a shorter one, and reads back exactly the last', async () => {
    const store = await ScoreboardStore.open({ name: databaseName() });
    expect(await store.keepReceivedShoe({ ...shoe, hands: shoe.hands.slice(0, 10), endedAt: null })).to.equal('kept');
    expect(await store.keepReceivedShoe({ ...shoe, hands: shoe.hands.slice(0, 30), endedAt: null })).to.equal('kept');
    expect((await store.getShoe(shoe.id))?.hands).to.deep.equal(shoe.hands.slice(0, 30));
    await store.keepReceivedShoe({ ...shoe, hands: shoe.hands.slice(0, 29), endedAt: null });
    expect(await store.getHand(shoe.id, 29)).to.equal(undefined);
    await store.keepReceivedShoe(shoe);
    expect(await store.getShoe(shoe.id)).to.deep.equal(shoe);
    expect(await store.getSummary(shoe.id)).to.include({ origin: 'received', number: 5, handCount: shoe.hands.length });
    expect((await store.latestShoe({ table: 'T7', origin: ['received', 'console'] }))?.id).to.equal(shoe.id);
    store.close();
  });

  it("leaves this browser's console shoe of the same id as it was", async () => {
    const store = await ScoreboardStore.open({ name: databaseName() });
    const own = { ...shoe, hands: shoe.hands.slice(0, 3), endedAt: null };
    await store.createShoe(own, 'console');
    expect(await store.keepReceivedShoe(shoe)).to.equal('own');
    expect((await store.getShoe(shoe.id))?.hands).to.deep.equal(own.hands);
    expect((await store.getSummary(shoe.id))?.origin).to.equal('console');
    store.close();
  });

  it('refuses with a StorageError once another tab took the database for an upgrade, writing nothing', async () => {
    const name = databaseName();
    let closed = false;
    const store = await ScoreboardStore.open({ name, onClosedForUpgrade: () => (closed = true) });
    const newer = await openDB(name, DATABASE_VERSION + 1);
    expect(closed).to.equal(true);
    const error = await store.keepReceivedShoe(shoe).catch((caught: unknown) => caught);
    expect(error).to.be.instanceOf(StorageError);
    expect((error as StorageError).action).to.deep.equal({ action: 'save-hand', hand: shoe.hands.length });
    expect(await newer.count('shoes')).to.equal(0);
    newer.close();
  });
});
