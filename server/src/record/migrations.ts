/**
 * The ledger's schema, as versioned migrations run at start (Kysely's Migrator). A migration is
 * never edited once released: a change is a new one. A database that has run a migration this
 * program does not know was made by a newer program, and is refused before anything is written.
 */
import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';

export type LedgerDialect = 'sqlite' | 'postgres';

/** Kysely's bookkeeping tables, named for the ledger. */
const MIGRATION_TABLE = 'ledger_migration';
const MIGRATION_LOCK_TABLE = 'ledger_migration_lock';

/** The counts of `hand_hour` as 006-hand-hour makes them: kept here, as a released migration never changes. */
const HAND_HOUR_COUNTS_006 = ['hands', 'banker', 'player', 'tie', 'naturals', 'player_pairs', 'banker_pairs', 'carded'] as const;

function migrations(dialect: LedgerDialect): Record<string, Migration> {
  const bigInteger = dialect === 'postgres' ? 'bigint' : 'integer';
  /** An id that counts up as rows are inserted: the order rows arrived in. */
  const serialType = dialect === 'postgres' ? 'bigint' : 'integer';
  const serialId = (column: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? column.primaryKey().generatedAlwaysAsIdentity() : column.primaryKey().autoIncrement();
  return {
    '001-shoes': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('room_table')
          .addColumn('name', 'text', (c) => c.primaryKey())
          .addColumn('first_seen_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('shoe')
          .addColumn('shoe_id', 'text', (c) => c.primaryKey())
          .addColumn('table_name', 'text', (c) => c.notNull().references('room_table.name'))
          .addColumn('source', 'text', (c) => c.notNull())
          .addColumn('seed', 'text')
          .addColumn('rules', 'text', (c) => c.notNull())
          .addColumn('started_at', 'text', (c) => c.notNull())
          .addColumn('started_utc', 'text', (c) => c.notNull())
          .addColumn('first_recorded_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('shoe_by_table_and_start').on('shoe').columns(['table_name', 'started_utc']).execute();
        await db.schema.createIndex('shoe_by_start').on('shoe').column('started_utc').execute();
        await db.schema
          .createTable('shoe_version')
          .addColumn('shoe_id', 'text', (c) => c.notNull().references('shoe.shoe_id'))
          .addColumn('version', 'integer', (c) => c.notNull())
          .addColumn('digest', 'text', (c) => c.notNull())
          .addColumn('session', 'text', (c) => c.notNull())
          .addColumn('revision', bigInteger, (c) => c.notNull())
          .addColumn('limits', 'text', (c) => c.notNull())
          .addColumn('number', 'integer')
          .addColumn('ended_at', 'text')
          .addColumn('hand_count', 'integer', (c) => c.notNull())
          .addColumn('event_count', 'integer')
          .addColumn('audit_count', 'integer')
          .addColumn('sent_utc', 'text', (c) => c.notNull())
          .addColumn('recorded_at', 'text', (c) => c.notNull())
          .addColumn('recorder', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('shoe_version_key', ['shoe_id', 'version'])
          // The same state delivered twice, or committed by two recorders, is one version.
          .addUniqueConstraint('shoe_version_once', ['shoe_id', 'session', 'revision', 'digest'])
          .execute();
        await db.schema
          .createTable('hand')
          .addColumn('shoe_id', 'text', (c) => c.notNull().references('shoe.shoe_id'))
          .addColumn('position', 'integer', (c) => c.notNull())
          .addColumn('from_version', 'integer', (c) => c.notNull())
          .addColumn('outcome', 'text', (c) => c.notNull())
          .addColumn('player_pair', 'integer', (c) => c.notNull())
          .addColumn('banker_pair', 'integer', (c) => c.notNull())
          .addColumn('natural', 'integer', (c) => c.notNull())
          .addColumn('player_total', 'integer')
          .addColumn('banker_total', 'integer')
          .addColumn('cards', 'text')
          .addColumn('dealt_utc', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('hand_key', ['shoe_id', 'position', 'from_version'])
          .execute();
        await db.schema.createIndex('hand_by_time').on('hand').column('dealt_utc').execute();
        await db.schema
          .createTable('shoe_entry')
          .addColumn('shoe_id', 'text', (c) => c.notNull().references('shoe.shoe_id'))
          .addColumn('list', 'text', (c) => c.notNull())
          .addColumn('position', 'integer', (c) => c.notNull())
          .addColumn('from_version', 'integer', (c) => c.notNull())
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('body', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('shoe_entry_key', ['shoe_id', 'list', 'position', 'from_version'])
          .execute();
      },
    },
    '002-room-activity': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('presence')
          .addColumn('id', serialType, serialId)
          .addColumn('table_name', 'text', (c) => c.notNull())
          .addColumn('session', 'text', (c) => c.notNull())
          .addColumn('machine', 'text')
          .addColumn('online', 'integer', (c) => c.notNull())
          .addColumn('at_utc', 'text')
          .addColumn('presence_key', 'text', (c) => c.notNull())
          .addColumn('received_at', 'text', (c) => c.notNull())
          .addColumn('recorder', 'text', (c) => c.notNull())
          .addUniqueConstraint('presence_once', ['table_name', 'presence_key'])
          .execute();
        await db.schema
          .createTable('refusal')
          .addColumn('id', serialType, serialId)
          .addColumn('topic', 'text', (c) => c.notNull())
          .addColumn('received_at', 'text', (c) => c.notNull())
          .addColumn('reason', 'text', (c) => c.notNull())
          .addColumn('bytes', 'integer', (c) => c.notNull())
          .addColumn('digest', 'text', (c) => c.notNull())
          .addColumn('recorder', 'text', (c) => c.notNull())
          .addUniqueConstraint('refusal_once', ['topic', 'digest'])
          .execute();
        await db.schema.createIndex('refusal_by_time').on('refusal').column('received_at').execute();
        await db.schema
          .createTable('reader_line')
          .addColumn('table_name', 'text', (c) => c.notNull())
          .addColumn('source', 'text', (c) => c.notNull())
          .addColumn('seq', bigInteger, (c) => c.notNull())
          .addColumn('protocol', 'text', (c) => c.notNull())
          .addColumn('lines', 'text', (c) => c.notNull())
          .addColumn('received_at', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('reader_line_key', ['table_name', 'source', 'seq'])
          .execute();
      },
    },
    '003-shoe-pack': {
      async up(db: Kysely<unknown>) {
        // The pack id a card shoe named (its SHOE line) for the shoe dealt from it; null when typed by hand.
        await db.schema.alterTable('shoe').addColumn('pack_id', 'text').execute();
      },
    },
    '004-pit-logins': {
      async up(db: Kysely<unknown>) {
        // The pit's view's logins: not part of the record, so changed and removed as people come and go.
        await db.schema
          .createTable('pit_user')
          .addColumn('name', 'text', (c) => c.primaryKey())
          .addColumn('role', 'text', (c) => c.notNull())
          .addColumn('password_hash', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('pit_login')
          .addColumn('token_hash', 'text', (c) => c.primaryKey())
          .addColumn('user_name', 'text', (c) => c.notNull().references('pit_user.name').onDelete('cascade'))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('expires_at', 'text', (c) => c.notNull())
          .execute();
      },
    },
    '005-shoe-version-by-time': {
      async up(db: Kysely<unknown>) {
        // The shoes in play in a range are found by their states' sent times, not by every earlier shoe.
        await db.schema.createIndex('shoe_version_by_sent').on('shoe_version').column('sent_utc').execute();
      },
    },
    '006-hand-hour': {
      async up(db: Kysely<unknown>) {
        // A month's per-table, per-hour counts took 1.4 s on SQLite and 5.4 s on PostgreSQL from a
        // year's hands (#25): the recorder keeps them per hour as it writes, in the same transaction.
        await createHandHour(db);
        await fillHandHours(db);
      },
    },
    '007-report-views': {
      async up(db: Kysely<unknown>) {
        // The report views, version 1 (docs/reference/report-views.md): what Grafana or a spreadsheet
        // reads, with a role that may read nothing else. Columns are added to, never renamed or removed.
        await sql`
          create view report_table_hour as
          select table_name, hour || ':00:00.000Z' as hour_utc, hands, banker, player, tie, carded, naturals, player_pairs, banker_pairs
          from hand_hour where hands > 0
        `.execute(db);
        await sql`
          create view report_table_hour_shoes as
          select table_name, substr(started_utc, 1, 13) || ':00:00.000Z' as hour_utc, cast(count(*) as integer) as shoes
          from shoe group by table_name, substr(started_utc, 1, 13)
        `.execute(db);
        await sql`
          create view report_shoe as
          select s.shoe_id, s.table_name, v.number, s.source, s.started_utc, v.ended_at, v.hand_count as hands,
            v.version as versions, s.pack_id, v.recorded_at
          from shoe s join shoe_version v on v.shoe_id = s.shoe_id
          where v.version = (select max(w.version) from shoe_version w where w.shoe_id = s.shoe_id)
        `.execute(db);
      },
    },
    '008-exception-ack': {
      async up(db: Kysely<unknown>) {
        // Surveillance's acknowledgements of the room's exceptions (#26): one per exception, the first
        // kept; the login's name as text, so an acknowledgement outlives the login that gave it.
        await db.schema
          .createTable('exception_ack')
          .addColumn('exception_id', 'text', (c) => c.primaryKey())
          .addColumn('acknowledged_by', 'text', (c) => c.notNull())
          .addColumn('acknowledged_at', 'text', (c) => c.notNull())
          .addColumn('note', 'text', (c) => c.notNull())
          .execute();
      },
    },
  };
}

/**
 * 006-hand-hour's table, empty. Exported for the tests, which record into a ledger of an older schema
 * as its recorder did (which kept no hour counts) with this table beside it, then drop it.
 */
export async function createHandHour(db: Kysely<unknown>): Promise<void> {
  let table = db.schema
    .createTable('hand_hour')
    .addColumn('table_name', 'text', (c) => c.notNull())
    .addColumn('hour', 'text', (c) => c.notNull());
  for (const count of HAND_HOUR_COUNTS_006) table = table.addColumn(count, 'integer', (c) => c.notNull());
  await table.addPrimaryKeyConstraint('hand_hour_key', ['table_name', 'hour']).execute();
}

/**
 * 006-hand-hour's backfill: `hand_hour` counted from the hands as they stand (in a place at or under
 * the hand count of their shoe's latest version, and the latest row of that place), by the shoe's
 * table and the UTC hour the hand was dealt. Naturals and pairs are counted of the hands with cards
 * only. Into an empty `hand_hour`; exported for the tests and the bench's generated year.
 */
export async function fillHandHours(db: Kysely<unknown>): Promise<void> {
  const carded = (flag: string) => sql.raw(`sum(case when h.cards is not null and h.${flag} = 1 then 1 else 0 end)`);
  await sql`
    with standing as materialized (
      select s.shoe_id, s.table_name,
        (select v.hand_count from shoe_version v where v.shoe_id = s.shoe_id order by v.version desc limit 1) as hand_count
      from shoe s
    )
    insert into hand_hour (table_name, hour, ${sql.raw(HAND_HOUR_COUNTS_006.join(', '))})
    select st.table_name, substr(h.dealt_utc, 1, 13), count(*),
      sum(case when h.outcome = 'B' then 1 else 0 end),
      sum(case when h.outcome = 'P' then 1 else 0 end),
      sum(case when h.outcome = 'T' then 1 else 0 end),
      ${carded('"natural"')}, ${carded('player_pair')}, ${carded('banker_pair')},
      sum(case when h.cards is not null then 1 else 0 end)
    from standing st
    join hand h on h.shoe_id = st.shoe_id and h.position <= st.hand_count
    where not exists (
      select 1 from hand later where later.shoe_id = h.shoe_id and later.position = h.position and later.from_version > h.from_version
    )
    group by st.table_name, substr(h.dealt_utc, 1, 13)
  `.execute(db);
}

/** The names of the migrations this program knows, in order. */
export function knownMigrations(): string[] {
  return Object.keys(migrations('sqlite')).sort();
}

/** A ledger made by a newer program (it has run migrations this one does not know). */
export class NewerLedgerError extends Error {}

/**
 * Brings the ledger's schema up to this program's (up to `target`, for tests of an older schema),
 * after refusing one a newer program made.
 */
export async function migrateLedger(db: Kysely<unknown>, dialect: LedgerDialect, target?: string): Promise<void> {
  const known = migrations(dialect);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(known) },
    migrationTableName: MIGRATION_TABLE,
    migrationLockTableName: MIGRATION_LOCK_TABLE,
  });
  const newer = (await ranMigrations(db)).filter((name) => !(name in known));
  if (newer.length > 0) {
    throw new NewerLedgerError(
      `this ledger was made by a newer bacc (schema ${newer.join(', ')}); this one knows up to ${knownMigrations().at(-1)}: update bacc`,
    );
  }
  const { error } = target === undefined ? await migrator.migrateToLatest() : await migrator.migrateTo(target);
  if (error)
    throw error instanceof Error ? error : new Error(`the ledger's schema could not be brought up to date: ${JSON.stringify(error)}`);
}

/** The migrations the database says it has run (none when it has no bookkeeping table yet). */
async function ranMigrations(db: Kysely<unknown>): Promise<string[]> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((table) => table.name === MIGRATION_TABLE)) return [];
  const rows = await sql<{ name: string }>`select name from ${sql.table(MIGRATION_TABLE)}`.execute(db);
  return rows.rows.map((row) => row.name);
}
