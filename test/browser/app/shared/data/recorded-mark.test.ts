// The mark "recorded centrally" on a stored shoe, against Chromium's real IndexedDB: set only on the
// shoe exactly as the room's recorder acknowledged it, dropped by any later change, kept across a
// reload, never exported, and read from a database written before marks existed.
import { expect } from '@open-wc/testing';
import { openDB } from 'idb';
import { DATABASE_VERSION, MIGRATIONS, ScoreboardStore } from '../../../../../components/app/shared/data/scoreboard-store.js';
import { shoeDocument, simulateShoeRecords, type ShoeRecord } from '../../../../../src/shoes/document.js';

let counter = 0;
const databases: string[] = [];
function databaseName(): string {
  const name = `recorded-mark-test-${Date.now()}-${++counter}`;
  databases.push(name);
  return name;
}

afterEach(async () => {
  for (const name of databases.splice(0)) await ScoreboardStore.deleteDatabase(name);
});

const [dealt] = simulateShoeRecords({ shoes: 1, seed: 'recorded-mark', table: 'Mark table' });
/** The console's shoe after `hands` hands, open. */
const shoeOf = (hands: number): ShoeRecord => ({
  ...dealt!,
  source: 'recorded',
  seed: null,
  endedAt: null,
  hands: dealt!.hands.slice(0, hands),
});
const mark = (handCount: number) => ({ handCount, at: new Date().toISOString(), recorder: 'recorder-1' });

describe('a stored shoe marked recorded centrally (real IndexedDB)', () => {
  it('is marked when stored as acknowledged, keeps the mark across a reload, and exports without it', async () => {
    const name = databaseName();
    const first = await ScoreboardStore.open({ name });
    await first.createShoe(shoeOf(5));
    expect(await first.markRecorded(shoeOf(5), mark(5))).to.equal('marked');
    first.close();
    const second = await ScoreboardStore.open({ name });
    expect((await second.getSummary(dealt!.id))?.recordedCentrally).to.include({ handCount: 5, recorder: 'recorder-1' });
    const exported = JSON.stringify(shoeDocument(await second.exportShoes()));
    expect(exported).not.to.contain('recordedCentrally');
    expect(exported).not.to.contain('recorder-1');
    second.close();
  });

  it('is not marked when the stored shoe is not the one acknowledged (a hand or a correction written since)', async () => {
    const store = await ScoreboardStore.open({ name: databaseName() });
    await store.createShoe(shoeOf(5));
    await store.appendHand(dealt!.id, 5, dealt!.hands[5]!);
    expect(await store.markRecorded(shoeOf(5), mark(5))).to.equal('changed');
    await store.replaceHand(dealt!.id, 2, dealt!.hands[3]!);
    expect(await store.markRecorded(shoeOf(6), mark(6))).to.equal('changed');
    expect(await store.markRecorded(shoeOf(3), mark(3))).to.equal('changed');
    expect((await store.getSummary(dealt!.id))?.recordedCentrally).to.equal(undefined);
    expect(await store.markRecorded({ ...shoeOf(1), id: 'not-stored' }, mark(1))).to.equal('changed');
    store.close();
  });

  it('loses the mark with any change written after it: a hand, a correction, an undo, the end, an event, an audit entry', async () => {
    const store = await ScoreboardStore.open({ name: databaseName() });
    await store.createShoe(shoeOf(4));
    const id = dealt!.id;
    const marked = async () => (await store.getSummary(id))?.recordedCentrally !== undefined;
    const again = async () =>
      expect(await store.markRecorded((await store.getShoe(id))!, mark((await store.getShoe(id))!.hands.length))).to.equal('marked');
    const changes: [string, () => Promise<void>][] = [
      ['a hand', () => store.appendHand(id, 4, dealt!.hands[4]!)],
      ['a correction', () => store.replaceHand(id, 0, dealt!.hands[1]!)],
      ['an undo', () => store.removeLastHand(id, 4)],
      ['the end', () => store.endShoe(id, new Date().toISOString())],
      ['a reopening', () => store.reopenShoe(id)],
      ['an event', () => store.appendEvent(id, { kind: 'cut', at: new Date().toISOString(), afterHand: 4 })],
      [
        'an audit entry',
        () => store.appendAudit(id, { action: 'undo', at: new Date().toISOString(), hand: 4, operator: null, reason: null }),
      ],
    ];
    for (const [what, write] of changes) {
      await again();
      expect(await marked(), `marked before ${what}`).to.equal(true);
      await write();
      expect(await marked(), `marked after ${what}`).to.equal(false);
    }
    store.close();
  });

  it('reads a database of this version written before marks existed: every shoe and hand there, none marked, each can be marked', async () => {
    const name = databaseName();
    // The database as the code before marks left it: every migration run, summaries without the field.
    const older = await openDB(name, DATABASE_VERSION, {
      upgrade: (db, oldVersion, _newVersion, transaction) => {
        for (let step = oldVersion + 1; step <= DATABASE_VERSION; step++) MIGRATIONS[step]!(db, transaction);
      },
    });
    const shoe = shoeOf(7);
    await older.put('shoes', {
      ...shoe,
      hands: undefined,
      number: 1,
      handCount: 7,
      outcomes: shoe.hands.map((hand) => hand.outcome).join(''),
      updatedAt: shoe.startedAt,
      startKey: new Date(shoe.startedAt).toISOString(),
      origin: 'console',
    });
    for (const [index, hand] of shoe.hands.entries()) await older.put('hands', { ...hand, shoeId: shoe.id, index });
    older.close();
    const store = await ScoreboardStore.open({ name });
    const [listed] = (await store.listShoes()).shoes;
    expect(listed?.recordedCentrally).to.equal(undefined);
    expect((await store.getShoe(shoe.id))?.hands).to.deep.equal(shoe.hands);
    expect(await store.markRecorded({ ...shoe, number: 1 }, mark(7))).to.equal('marked');
    expect((await store.getShoe(shoe.id))?.hands).to.deep.equal(shoe.hands);
    store.close();
  });
});
