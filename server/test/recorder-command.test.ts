// `bacc recorder export` and `bacc recorder backup` on a real SQLite ledger: the shoes as they stand
// as a shoe export document (read back by the import's own parser and by `bacc roads`), filtered by
// table and time; an online backup taken while another connection writes; and clear refusals.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseShoeDocument, shoeDocumentText, simulateShoeRecords, type ShoeRecord } from '../../src/index.js';
import { main } from '../src/cli.js';
import { openLedgerDatabase, type LedgerDatabase } from '../src/record/database.js';
import { Ledger, shoeFields } from '../src/record/ledger.js';

const scratch = mkdtempSync(join(tmpdir(), 'bacc-recorder-command-'));
const file = join(scratch, 'room.sqlite');
let database: LedgerDatabase;

async function bacc(args: string[], stdin: string[] = []): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    stdinLines: () => Readable.from(stdin),
  });
  return { code, stdout, stderr };
}

/** A console's shoe of `table`, started at `startedAt`, with its hands from a seeded simulated shoe. */
function shoe(id: string, table: string, startedAt: string, endedAt: string | null, hands = 20): ShoeRecord {
  const [simulated] = simulateShoeRecords({ shoes: 1, seed: id, table, now: () => new Date(startedAt) });
  const record: ShoeRecord = {
    ...simulated!,
    id,
    source: 'recorded',
    seed: null,
    startedAt,
    endedAt,
    hands: simulated!.hands.slice(0, hands),
  };
  return { ...record, events: [{ kind: 'cut', at: startedAt, afterHand: 3 }], audit: [] };
}

const early = shoe('t7-early', 'Table 7', '2026-03-01T01:00:00.000Z', '2026-03-01T01:50:00.000Z');
const middle = shoe('t7-middle', 'Table 7', '2026-03-01T02:30:00.000Z', '2026-03-01T03:20:00.000Z');
const open = shoe('t7-open', 'Table 7', '2026-03-01T05:00:00.000Z', null, 7);
const other = shoe('t9-middle', 'Table 9', '2026-03-01T02:40:00.000Z', '2026-03-01T03:30:00.000Z');

beforeAll(async () => {
  database = await openLedgerDatabase(file);
  const ledger = new Ledger(database, 'test');
  let revision = 0;
  for (const each of [early, middle, other, open]) {
    // Each recorded as it was dealt: a version per hand, then the shoe as it ended.
    for (let hands = 1; hands <= each.hands.length; hands++) {
      await ledger.recordState({
        table: each.table,
        limits: '',
        session: 's',
        revision: ++revision,
        sentAt: each.startedAt,
        shoe: { ...each, endedAt: null, hands: each.hands.slice(0, hands) },
      });
    }
    await ledger.recordState({ table: each.table, limits: '', session: 's', revision: ++revision, sentAt: each.startedAt, shoe: each });
  }
});
afterAll(async () => {
  await database.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe('bacc recorder export', () => {
  it('writes the shoes as they stand as the console exports them, byte for byte', async () => {
    const run = await bacc(['recorder', 'export', '--db', file, '--table', 'Table 7']);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`${shoeDocumentText([early, middle, open].map(shoeFields))}\n`);
    expect(parseShoeDocument(JSON.parse(run.stdout)).shoes.map((each) => each.id)).toEqual(['t7-early', 't7-middle', 't7-open']);
  });

  it('takes the shoes in play between --from and --to, of every table without --table', async () => {
    const run = await bacc(['recorder', 'export', '--db', file, '--from', '2026-03-01T02:00:00Z', '--to', '2026-03-01T04:00:00Z']);
    expect(run.code).toBe(0);
    expect(parseShoeDocument(JSON.parse(run.stdout)).shoes.map((each) => each.id)).toEqual(['t7-middle', 't9-middle']);
    const later = await bacc(['recorder', 'export', '--db', file, '--from', '2026-03-01T04:00:00Z']);
    expect(parseShoeDocument(JSON.parse(later.stdout)).shoes.map((each) => each.id)).toEqual(['t7-open']);
  });

  it('is read by bacc roads', async () => {
    const out = join(scratch, 'table-9.json');
    const run = await bacc(['recorder', 'export', '--db', file, '--table', 'Table 9', '--out', out]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe(`bacc recorder: 1 shoes written to ${out}\n`);
    expect(readFileSync(out, 'utf8')).toBe(shoeDocumentText([shoeFields(other)]));
    const roads = await bacc(['roads', out]);
    expect(roads.code).toBe(0);
    expect(JSON.parse(roads.stdout)).toMatchObject({ hands: other.hands.length });
  });

  it('refuses bad times and a missing or foreign ledger in one line, exit 2 or 1', async () => {
    expect(await bacc(['recorder', 'export', '--db', file, '--from', 'yesterday'])).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'bacc: --from must be a date and time (ISO 8601, e.g. 2026-12-03T02:00Z); got "yesterday"\n',
    });
    expect((await bacc(['recorder', 'export', '--db', file, '--from', '2026-03-02T00:00Z', '--to', '2026-03-01T00:00Z'])).stderr).toBe(
      'bacc: --from is after --to\n',
    );
    expect(await bacc(['recorder', 'export', '--db', join(scratch, 'nothing.sqlite')])).toMatchObject({ code: 2, stdout: '' });
    const notes = join(scratch, 'notes.txt');
    writeFileSync(notes, 'not a ledger');
    const foreign = await bacc(['recorder', 'export', '--db', notes]);
    expect(foreign.code).toBe(1);
    expect(foreign.stderr).toBe(`bacc: ${notes} is not a SQLite database: give the ledger's file, or a new path to create one\n`);
    expect(readFileSync(notes, 'utf8')).toBe('not a ledger');
  });
});

describe('bacc recorder backup', () => {
  it('copies the ledger while another connection holds it open and writes', async () => {
    const out = join(scratch, 'backup.sqlite');
    const writer = new Ledger(database, 'writer');
    const late = shoe('t7-late', 'Table 7', '2026-03-01T06:00:00.000Z', null, 3);
    const [run] = await Promise.all([
      bacc(['recorder', 'backup', '--db', file, '--out', out]),
      writer.recordState({ table: 'Table 7', limits: '', session: 's', revision: 1000, sentAt: late.startedAt, shoe: late }),
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^bacc recorder: backed up .*room\.sqlite to .*backup\.sqlite \(\d+ pages\)\n$/);
    expect(statSync(out).mode & 0o777).toBe(0o600);
    expect((await bacc(['recorder', 'backup', '--db', file, '--out', out])).stderr).toBe(`bacc: ${out} already exists: give a new file\n`);
    const copy = await bacc(['recorder', 'export', '--db', out, '--table', 'Table 9']);
    expect(parseShoeDocument(JSON.parse(copy.stdout)).shoes).toEqual([shoeFields(other)]);
  });

  it('says which ledger it could not open when PostgreSQL is not there', async () => {
    const run = await bacc(['recorder', 'export', '--db', 'postgres://bacc:secret@127.0.0.1:1/none']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^bacc: could not open the ledger at postgres:\/\/bacc:\*\*\*@127\.0\.0\.1:1\/none: /);
    expect(run.stderr).not.toContain('secret');
  });

  it('says how to back up a PostgreSQL ledger instead', async () => {
    const run = await bacc(['recorder', 'backup', '--db', 'postgres://127.0.0.1:1/none', '--out', join(scratch, 'x')]);
    expect(run).toMatchObject({
      code: 2,
      stdout: '',
      stderr:
        'bacc: a PostgreSQL ledger is backed up with its own tools: pg_dump --format=custom --file room.dump "$BACC_RECORDER_DB" (see the recorder guide)\n',
    });
  });
});

describe('bacc recorder user', () => {
  it('adds a login with its password from standard input, lists it without the password, and removes it', async () => {
    const added = await bacc(
      ['recorder', 'user', 'add', '--db', file, '--name', 'ann.pit', '--role', 'surveillance'],
      ['a long enough password', 'ignored'],
    );
    expect(added).toEqual({ code: 0, stdout: 'bacc recorder: login ann.pit (surveillance) added\n', stderr: '' });
    const listed = await bacc(['recorder', 'user', 'list', '--db', file]);
    expect(listed.stdout).toMatch(/^ann\.pit\tsurveillance\t\d{4}-\d{2}-\d{2}T[\d:.]+Z\n$/);
    const stored = await database.db.selectFrom('pit_user').select('password_hash').executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^scrypt\$/);
    expect(stored.password_hash).not.toContain('a long enough password');
    expect(await bacc(['recorder', 'user', 'remove', '--db', file, '--name', 'ann.pit'])).toMatchObject({ code: 0 });
    expect((await bacc(['recorder', 'user', 'list', '--db', file])).stdout).toBe('');
  });

  it('refuses a bad role, a short password, a missing login and a bad action in one line', async () => {
    const cases: [string[], string[], string][] = [
      [['add', '--name', 'bob', '--role', 'owner'], ['a long enough password'], 'the role is one of pit, surveillance, admin; got "owner"'],
      [['add', '--name', 'bob', '--role', 'pit'], ['short'], 'a password is 12 to 200 characters'],
      [
        ['add', '--name', "bob'; --", '--role', 'pit'],
        ['a long enough password'],
        'a login name is 1 to 60 letters, digits, dots, dashes or underscores',
      ],
      [['add', '--name', 'bob', '--role', 'pit'], [], 'give the password in BACC_LOGIN_PASSWORD or on the first line of standard input'],
      [['remove', '--name', 'nobody'], [], 'no login named "nobody"'],
      [['grant', '--name', 'bob'], [], 'recorder user takes add, remove or list; try "bacc help"'],
    ];
    for (const [args, stdin, said] of cases) {
      const [action, ...rest] = args;
      expect(await bacc(['recorder', 'user', action!, '--db', file, ...rest], stdin), args.join(' ')).toEqual({
        code: 2,
        stdout: '',
        stderr: `bacc: ${said}\n`,
      });
    }
  });

  it('refuses a bad --http or --allow-origin before it connects anywhere', async () => {
    const run = (extra: string[]) => bacc(['recorder', '--broker', 'mqtt://127.0.0.1:1', '--password', 'x', '--db', file, ...extra]);
    expect((await run(['--http', 'localhost'])).stderr).toBe('bacc: --http must be [host:]port, e.g. 127.0.0.1:8080; got "localhost"\n');
    expect((await run(['--http', '8080', '--allow-origin', 'https://pit.example/reports'])).stderr).toBe(
      'bacc: --allow-origin must be an origin such as https://pit.example (no path); got "https://pit.example/reports"\n',
    );
  });
});
