// The ledger on a real SQLite file and a real PostgreSQL cluster: versions of a shoe read back as
// they stood, idempotent writes, stale and conflicting states refused, migrations, and the file
// refusals. Every case runs on both databases.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulateShoeRecords, type AuditEntry, type ShoeRecord } from '../../src/index.js';
import { LedgerOpenError, openLedgerDatabase, type LedgerDatabase } from '../src/record/database.js';
import { Ledger, shoeFields, type StateToRecord } from '../src/record/ledger.js';
import { createHandHour, NewerLedgerError } from '../src/record/migrations.js';
import { hourlyCounts } from '../src/record/reports.js';
import { startPostgres, type RunningPostgres } from '../../test/support/postgres.js';

const START = '2026-03-01T02:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(START) + minutes * 60_000).toISOString();

/** A recorded shoe of `hands` hands from a seeded simulated shoe, as a console records it. */
function dealtShoe(id: string, hands: number, table = 'Table 7'): ShoeRecord {
  const [simulated] = simulateShoeRecords({ shoes: 1, seed: `ledger-${id}`, table, now: () => new Date(START) });
  return {
    ...simulated!,
    id,
    source: 'recorded',
    seed: null,
    number: 1,
    startedAt: START,
    endedAt: null,
    hands: simulated!.hands.slice(0, hands),
    events: [],
    audit: [],
  };
}

function state(shoe: ShoeRecord, revision: number, session = 's-1', limits = '10 – 500'): StateToRecord {
  return { table: shoe.table, limits, session, revision, sentAt: at(revision), shoe };
}

const audit = (action: AuditEntry['action'], hand: number, minutes: number): AuditEntry => ({
  at: at(minutes),
  operator: 'Ann',
  action,
  hand,
  reason: null,
});

interface Place {
  name: 'SQLite' | 'PostgreSQL';
  /** A fresh, empty ledger address. */
  fresh(): Promise<string>;
}

const scratch = mkdtempSync(join(tmpdir(), 'bacc-ledger-'));
let cluster: RunningPostgres | null = null;
let databases = 0;

beforeAll(async () => {
  cluster = await startPostgres();
}, 60_000);
afterAll(async () => {
  await cluster?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

const places: Place[] = [
  { name: 'SQLite', fresh: () => Promise.resolve(join(scratch, `ledger-${++databases}.sqlite`)) },
  { name: 'PostgreSQL', fresh: async () => cluster!.createDatabase(`ledger_${++databases}`) },
];

describe.each(places)('the ledger on $name', (place) => {
  const open: LedgerDatabase[] = [];
  afterAll(async () => {
    for (const database of open) await database.close();
  });
  async function ledger(where?: string, recorder = 'recorder-a'): Promise<Ledger> {
    const database = await openLedgerDatabase(where ?? (await place.fresh()));
    open.push(database);
    return new Ledger(database, recorder);
  }

  it('keeps every version of a shoe: hands added, undone, corrected, and the shoe ended', async () => {
    const book = await ledger();
    const full = dealtShoe('shoe-a', 5);
    const versions: ShoeRecord[] = [];
    const commit = async (shoe: ShoeRecord, revision: number) => {
      versions.push(shoe);
      expect(await book.recordState(state(shoe, revision))).toMatchObject({
        kind: 'recorded',
        version: versions.length,
        handCount: shoe.hands.length,
      });
    };
    for (let hands = 0; hands <= 3; hands++) await commit({ ...full, hands: full.hands.slice(0, hands) }, hands + 1);
    // Undo the third hand, then a different third hand, then a correction of the second.
    const undone = { ...full, hands: full.hands.slice(0, 2), audit: [audit('undo', 3, 10)] };
    await commit(undone, 5);
    const other = { ...undone, hands: [...undone.hands, full.hands[4]!] };
    await commit(other, 6);
    const corrected = {
      ...other,
      hands: [other.hands[0]!, full.hands[3]!, other.hands[2]!],
      audit: [...(other.audit ?? []), audit('correct', 2, 12)],
    };
    await commit(corrected, 7);
    const ended = { ...corrected, endedAt: at(20) };
    await commit(ended, 8);

    expect(await book.shoe('shoe-a')).toEqual(shoeFields(ended));
    for (const [index, version] of versions.entries()) expect(await book.shoe('shoe-a', index + 1)).toEqual(shoeFields(version));
    const rows = await book.versions('shoe-a');
    expect(rows.map((row) => [row.revision, row.hand_count])).toEqual([
      [1, 0],
      [2, 1],
      [3, 2],
      [4, 3],
      [5, 2],
      [6, 3],
      [7, 3],
      [8, 3],
    ]);
    // The undone and the corrected hands are kept, superseded, never rewritten.
    const handRows = await book.database.db
      .selectFrom('hand')
      .select(['position', 'from_version'])
      .where('shoe_id', '=', 'shoe-a')
      .execute();
    expect(handRows.length).toBe(5);
    expect(await book.shoe('shoe-a', 9)).toBeNull();
    expect(await book.shoe('no-such-shoe')).toBeNull();
  });

  it('writes the same state once, delivered twice or committed by two recorders', async () => {
    const where = await place.fresh();
    const first = await ledger(where, 'recorder-a');
    const second = await ledger(where, 'recorder-b');
    const shoe = dealtShoe('shoe-b', 4);
    expect((await first.recordState(state(shoe, 9))).kind).toBe('recorded');
    expect(await first.recordState(state(shoe, 9))).toEqual({ kind: 'unchanged', version: 1, handCount: 4 });
    expect(await second.recordState(state(shoe, 9))).toEqual({ kind: 'unchanged', version: 1, handCount: 4 });
    // A console publishing its whole state again at a new revision (a reconnect) adds no version.
    expect((await second.recordState(state(shoe, 10))).kind).toBe('unchanged');
    // Both recorders at once, each taking the states in the order the broker delivers them: each version once.
    const states = Array.from({ length: 6 }, (_, index) =>
      state({ ...shoe, hands: dealtShoe('shoe-b', 10).hands.slice(0, 5 + index) }, 11 + index),
    );
    const follow = async (book: Ledger) => {
      for (const each of states) await book.recordState(each);
    };
    await Promise.all([follow(first), follow(second)]);
    const rows = await first.versions('shoe-b');
    expect(rows.map((row) => row.hand_count)).toEqual([4, 5, 6, 7, 8, 9, 10]);
    expect(await second.shoe('shoe-b')).toEqual(shoeFields(states.at(-1)!.shoe));
  });

  it('passes over an older state of the same session, and refuses a shoe id another table holds', async () => {
    const book = await ledger();
    const shoe = dealtShoe('shoe-c', 6);
    await book.recordState(state(shoe, 20));
    expect(await book.recordState(state({ ...shoe, hands: shoe.hands.slice(0, 3) }, 19))).toEqual({
      kind: 'stale',
      version: 1,
      handCount: 6,
    });
    const forged = { ...shoe, table: 'Table 9', hands: shoe.hands.slice(0, 2) };
    expect(await book.recordState({ ...state(forged, 21), table: 'Table 9' })).toMatchObject({ kind: 'conflict' });
    expect(await book.recordState(state({ ...shoe, rules: { ...shoe.rules, decks: 6 } }, 22))).toMatchObject({ kind: 'conflict' });
    expect(await book.shoe('shoe-c')).toEqual(shoeFields(shoe));
    expect(await book.latestVersions()).toEqual([
      { table: 'Table 7', shoeId: 'shoe-c', version: 1, session: 's-1', revision: 20, handCount: 6 },
    ]);
  });

  it('keeps presence, reader lines and refusals once each', async () => {
    const where = await place.fresh();
    const a = await ledger(where, 'recorder-a');
    const b = await ledger(where, 'recorder-b');
    const online = { table: 'Table 7', session: 's-1', machine: 'Pit laptop', online: true, at: at(1) };
    const will = { ...online, online: false, at: null };
    expect(await a.recordPresence(online)).toBe(true);
    expect(await b.recordPresence(online)).toBe(false);
    expect(await a.recordPresence(will)).toBe(true);
    expect(await b.recordPresence(will)).toBe(false);
    // The same session back online, then gone again: a second will, its own row.
    await a.recordPresence({ ...online, at: at(5) });
    expect(await b.recordPresence(will)).toBe(true);
    const lines = { table: 'Table 7', source: 'bridge-1', seq: 1, protocol: 'bacc', lines: ['BACC-SHOE 1', 'SHOE pack-1'] };
    await a.recordReaderLines(lines);
    await b.recordReaderLines(lines);
    const refused = { topic: 'bacc/v1/tables/Table%207/state', reason: 'not JSON', payload: new TextEncoder().encode('{oops') };
    await a.recordRefusal(refused);
    await b.recordRefusal(refused);
    const count = async (table: 'presence' | 'reader_line' | 'refusal') =>
      Number(
        (
          await a.database.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect([await count('presence'), await count('reader_line'), await count('refusal')]).toEqual([4, 1, 1]);
  });

  it('finds the shoes in play in a range: started then, or with a state sent then', async () => {
    const book = await ledger();
    const long = dealtShoe('shoe-long', 6);
    const sent = (shoe: ShoeRecord, revision: number, minutes: number) =>
      book.recordState({ ...state(shoe, revision), sentAt: at(minutes) });
    // Started at 02:00, dealt on until 03:10; ended at 00:30 after the start of another; started at 03:30.
    for (let hands = 1; hands <= 6; hands++) await sent({ ...long, hands: long.hands.slice(0, hands) }, hands, hands * 14);
    const short = { ...dealtShoe('shoe-short', 2), endedAt: at(30) };
    await sent(short, 1, 30);
    const later = { ...dealtShoe('shoe-later', 1), startedAt: at(90) };
    await sent(later, 1, 90);
    const ids = async (from: number, to: number) => (await book.shoes({ from: at(from), to: at(to) })).map((shoe) => shoe.id);
    expect(await ids(60, 75)).toEqual(['shoe-long']);
    expect(await ids(0, 40)).toEqual(['shoe-long', 'shoe-short']);
    expect(await ids(85, 120)).toEqual(['shoe-later']);
    expect(await ids(100, 120)).toEqual([]);
  });

  it('opens a ledger of the first schema with the next one, and refuses one a newer program made', async () => {
    const where = await place.fresh();
    const old = await openLedgerDatabase(where, '001-shoes');
    const tables = await old.db.introspection.getTables();
    expect(tables.map((table) => table.name)).not.toContain('presence');
    expect(tables.map((table) => table.name)).not.toContain('hand_hour');
    expect(tables.find((table) => table.name === 'shoe')?.columns.map((column) => column.name)).not.toContain('pack_id');
    // The recorder of the first schema kept no hour counts: what this one keeps goes to a stand-in, dropped.
    await createHandHour(old.db as Kysely<unknown>);
    await new Ledger(old, 'old').recordState(state(dealtShoe('shoe-d', 3), 1));
    await old.db.schema.dropTable('hand_hour').execute();
    await old.close();

    const book = await ledger(where);
    expect(await book.shoe('shoe-d')).toEqual(shoeFields(dealtShoe('shoe-d', 3)));
    // 006-hand-hour counted the hands already recorded.
    expect((await hourlyCounts(book.database.db, { from: at(0), to: at(60) })).map((count) => count.hands)).toEqual([3]);
    expect(await book.database.db.selectFrom('shoe').select('pack_id').execute()).toEqual([{ pack_id: null }]);
    expect(await book.recordPresence({ table: 'Table 7', session: 's', machine: null, online: true, at: at(2) })).toBe(true);

    await sql`insert into ledger_migration (name, timestamp) values ('999-from-the-future', '2027-01-01T00:00:00.000Z')`.execute(
      book.database.db,
    );
    await expect(openLedgerDatabase(where)).rejects.toThrow(NewerLedgerError);
    await expect(openLedgerDatabase(where)).rejects.toThrow(/made by a newer bacc \(schema 999-from-the-future\)/);
    expect(await book.shoe('shoe-d')).toEqual(shoeFields(dealtShoe('shoe-d', 3)));
  });
});

describe('the ledger file (SQLite)', () => {
  it('is created readable by its owner only', async () => {
    const file = join(scratch, 'private', 'room.sqlite');
    const database = await openLedgerDatabase(file);
    await new Ledger(database, 'r').recordState(state(dealtShoe('shoe-e', 2), 1));
    await database.close();
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('refuses a file that is not a SQLite database, and leaves it as it was', async () => {
    const file = join(scratch, 'notes.txt');
    writeFileSync(file, 'shopping list: milk, eggs\n');
    await expect(openLedgerDatabase(file)).rejects.toThrow(LedgerOpenError);
    await expect(openLedgerDatabase(file)).rejects.toThrow(/notes\.txt is not a SQLite database/);
    expect(readFileSync(file, 'utf8')).toBe('shopping list: milk, eggs\n');
  });

  it('reports a full disk clearly and changes nothing recorded', async () => {
    const database = await openLedgerDatabase(join(scratch, 'full.sqlite'));
    const book = new Ledger(database, 'r');
    const shoe = dealtShoe('shoe-f', 10);
    await book.recordState(state({ ...shoe, hands: shoe.hands.slice(0, 2) }, 1));
    // SQLite refuses to grow past max_page_count as it would on a full disk (SQLITE_FULL).
    const pages = Number(database.sqlite!.pragma('page_count', { simple: true }));
    database.sqlite!.pragma(`max_page_count = ${pages}`);
    const big = { ...shoe, audit: Array.from({ length: 300 }, (_, index) => ({ ...audit('cancel', 1, index), reason: 'x'.repeat(200) })) };
    await expect(book.recordState(state(big, 2))).rejects.toThrow(/full/);
    expect(await book.shoe('shoe-f')).toEqual(shoeFields({ ...shoe, hands: shoe.hands.slice(0, 2) }));
    expect((await book.versions('shoe-f')).length).toBe(1);
    await database.close();
  });
});
