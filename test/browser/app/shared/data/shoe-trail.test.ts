// A shoe's events and audit trail against Chromium's real IndexedDB (test/node/app/shared/data/shoe-trail.test.ts
// runs the same against fake-indexeddb).
import { expect } from '@open-wc/testing';
import { openDB } from 'idb';
import { ScoreboardStore, MIGRATIONS, StorageError } from '../../../../../components/app/shared/data/scoreboard-store.js';
import {
  parseShoeDocument,
  shoeDocumentText,
  simulateShoeRecords,
  type AuditEntry,
  type ShoeEvent,
} from '../../../../../src/shoes/document.js';

let counter = 0;
const databases: string[] = [];
function databaseName(): string {
  const name = `shoe-trail-test-${Date.now()}-${++counter}`;
  databases.push(name);
  return name;
}

afterEach(async () => {
  for (const name of databases.splice(0)) await ScoreboardStore.deleteDatabase(name);
});

const burn: ShoeEvent = {
  kind: 'burn',
  at: '2026-12-01T10:00:01.000Z',
  afterHand: 0,
  card: 'TH',
  burned: ['2C', '3C', '4C', '5C', '6C', '7C', '8C', '9C', 'JC', 'QC'],
};
const voidHand: ShoeEvent = { kind: 'void-hand', at: '2026-12-01T10:03:00.000Z', afterHand: 2, cards: ['AS', '2S', '3S'] };
const entry: AuditEntry = { at: '2026-12-01T10:04:00.000Z', operator: '王伟', action: 'void-hand', hand: 3, reason: '牌掉落' };

describe('a shoe’s events and audit trail in Chromium (real IndexedDB)', () => {
  it('appends them in their own transactions, reads them back, and export, import and export give the same bytes', async () => {
    const a = await ScoreboardStore.open({ name: databaseName() });
    const b = await ScoreboardStore.open({ name: databaseName() });
    const [simulated] = simulateShoeRecords({ shoes: 1, seed: 'trail' });
    const shoe = { ...simulated!, id: 'trail', source: 'recorded' as const, seed: null, hands: simulated!.hands.slice(0, 2) };
    await a.createShoe(shoe);
    await a.appendEvent('trail', burn);
    await a.appendEvent('trail', voidHand);
    await a.appendAudit('trail', entry);
    const stored = await a.getShoe('trail');
    expect(stored?.events).to.deep.equal([burn, voidHand]);
    expect(stored?.audit).to.deep.equal([entry]);
    const text = shoeDocumentText(await a.exportShoes());
    await b.importShoes(parseShoeDocument(JSON.parse(text)).shoes);
    expect(shoeDocumentText(await b.exportShoes())).to.equal(text);
    let refused: unknown = null;
    await a.appendAudit('gone', entry).catch((error: unknown) => (refused = error));
    expect(refused).to.be.instanceOf(StorageError);
    expect((refused as StorageError).conflict).to.deep.equal({ conflict: 'no-shoe', shoeId: 'gone' });
    a.close();
    b.close();
  });

  it('a database of the first schema, upgraded, keeps its shoes, which have no events until one is appended', async () => {
    const name = databaseName();
    const older = await openDB(name, 1, { upgrade: (db) => MIGRATIONS[1]!(db as never, undefined as never) });
    await older.put('shoes', {
      id: 'old',
      table: 'T',
      source: 'recorded',
      seed: null,
      startedAt: '2026-01-01T00:00:00.000Z',
      endedAt: null,
      rules: { decks: 8, banker: 'commission', tiePays: 8 },
      handCount: 0,
      outcomes: '',
      updatedAt: '2026-01-01T00:00:00.000Z',
    });
    older.close();
    const store = await ScoreboardStore.open({ name });
    const old = await store.getShoe('old');
    expect(old).to.not.have.property('events');
    expect(old).to.not.have.property('audit');
    await store.appendEvent('old', { kind: 'cut', at: '2026-01-01T01:00:00.000Z', afterHand: 0 });
    expect((await store.getShoe('old'))?.events).to.deep.equal([{ kind: 'cut', at: '2026-01-01T01:00:00.000Z', afterHand: 0 }]);
    store.close();
  });
});
