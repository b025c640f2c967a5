/**
 * The room's ledger: what the recorder writes (each table's shoes as versions, the consoles'
 * presence, the reader lines, every refused message) and what is read back from it (a shoe as it
 * stands or as it stood at any earlier version). Append-only and idempotent: the same message
 * twice, or the same state from two recorders, writes once, by unique keys.
 */
import { createHash } from 'node:crypto';
import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import {
  auditFields,
  eventFields,
  type AuditEntry,
  type HandRecord,
  type ShoeEvent,
  type ShoeRecord,
  type TableRules,
} from '../../../src/index.js';
import type { LedgerDatabase } from './database.js';
import { HAND_HOUR_COUNTS, HourCounts, sameHand } from './hand-hours.js';
import type { LedgerTables, ShoeVersionRow } from './schema.js';

/** A table's state as the recorder commits it: a checked shoe at a revision of a console session. */
export interface StateToRecord {
  table: string;
  limits: string;
  session: string;
  revision: number;
  sentAt: string;
  shoe: ShoeRecord;
  /** The pack id a card shoe named for it, kept with the shoe when it is first recorded. */
  packId?: string | null;
}

export type RecordOutcome =
  /** A new version of the shoe was committed. */
  | { kind: 'recorded'; version: number; handCount: number }
  /** The shoe already stands so (the same state again, from this recorder or another): nothing written. */
  | { kind: 'unchanged'; version: number; handCount: number }
  /** Older than what the ledger holds from that session: nothing written. */
  | { kind: 'stale'; version: number; handCount: number }
  /** A shoe id the ledger holds for another table or with other rules, seed or start: nothing written. */
  | { kind: 'conflict'; why: string };

/** The latest version the ledger holds of a table's shoe, for the recorder to go on from. */
export interface LatestVersion {
  table: string;
  shoeId: string;
  version: number;
  session: string;
  revision: number;
  handCount: number;
}

/** ISO 8601 in UTC with milliseconds: sorts as text on both databases. */
export function utc(text: string): string {
  return new Date(text).toISOString();
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** A hand's fields in the document's order (so stored and read-back hands compare and export the same). */
function handFields(hand: HandRecord): HandRecord {
  const { cards, outcome, playerPair, bankerPair, natural, playerTotal, bankerTotal } = hand;
  return { cards: cards ? [...cards] : null, outcome, playerPair, bankerPair, natural, playerTotal, bankerTotal };
}

/** The shoe's fields in the document's order; `number`, `events` and `audit` only when it has them. */
export function shoeFields(shoe: ShoeRecord): ShoeRecord {
  const record: ShoeRecord = {
    id: shoe.id,
    table: shoe.table,
    ...(shoe.number !== undefined ? { number: shoe.number } : {}),
    source: shoe.source,
    seed: shoe.seed,
    startedAt: shoe.startedAt,
    endedAt: shoe.endedAt,
    rules: shoe.rules,
    hands: shoe.hands.map(handFields),
  };
  if (shoe.events !== undefined) record.events = shoe.events.map(eventFields);
  if (shoe.audit !== undefined) record.audit = shoe.audit.map(auditFields);
  return record;
}

/** A unique key another writer took first (or PostgreSQL's serialization failure): the transaction is tried again. */
function isDuplicate(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === '40001' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** How long a write waits for another writer's lock before it fails. */
const LOCK_WAIT_MS = 30_000;

/** How many shoes are read at once (a query's values stay far below SQLite's and PostgreSQL's limits). */
const SHOES_AT_ONCE = 500;

/** How many shoes a ledger keeps as it last wrote them (a room's tables' current shoes, and more). */
const HELD_SHOES = 1000;

interface ShoeContent {
  hands: HandRecord[];
  /** When each hand was dealt (its row's `dealt_utc`): the hour it is counted in, in `hand_hour`. */
  dealt: string[];
  events: ShoeEvent[];
  audit: AuditEntry[];
}

export class Ledger {
  /** Each shoe as this ledger last committed it: what the next state of it is compared with. */
  private readonly held = new Map<string, { identity: string; version: number; content: ShoeContent | null }>();

  constructor(
    readonly database: LedgerDatabase,
    /** This recorder's name, kept with what it writes. */
    readonly recorder: string,
  ) {}

  private get db(): Kysely<LedgerTables> {
    return this.database.db;
  }

  /**
   * Runs `work` in one write transaction, again when another writer (a second recorder) committed
   * the same rows first or holds the write lock. SQLite's transaction takes the write lock at once
   * (BEGIN IMMEDIATE), so two writers never both read then both write; it waits for the lock here,
   * asynchronously, since better-sqlite3's own wait would block this process whole.
   */
  private async write<T>(work: (trx: Kysely<LedgerTables>) => Promise<T>): Promise<T> {
    const deadline = Date.now() + LOCK_WAIT_MS;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.db.connection().execute(async (connection) => {
          await sql.raw(this.database.dialect === 'sqlite' ? 'begin immediate' : 'begin').execute(connection);
          try {
            const result = await work(connection);
            await sql.raw('commit').execute(connection);
            return result;
          } catch (error) {
            await sql
              .raw('rollback')
              .execute(connection)
              .catch(() => {});
            throw error;
          }
        });
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (code === 'SQLITE_BUSY' && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, Math.min(2 ** attempt, 100)));
          continue;
        }
        if (attempt >= 5 || !isDuplicate(error)) throw error;
      }
    }
  }

  /** Commits a table's state as a new version of its shoe, unless the ledger already holds it so. */
  async recordState(state: StateToRecord, now: Date = new Date()): Promise<RecordOutcome> {
    const shoe = shoeFields(state.shoe);
    const digest = sha256(JSON.stringify({ limits: state.limits, shoe }));
    const recordedAt = now.toISOString();
    const rules = JSON.stringify(shoe.rules);
    const identity = JSON.stringify([state.table, shoe.source, shoe.seed, rules, shoe.startedAt]);
    const held = this.held.get(shoe.id);
    // What a committed version holds, for the next state of the shoe to be compared with.
    const written: { content: ShoeContent | null } = { content: null };
    const outcome = await this.write(async (trx): Promise<RecordOutcome> => {
      written.content = null;
      // A shoe this ledger already wrote with the same table, rules and start needs no more than its latest version.
      if (held?.identity !== identity) {
        await trx
          .insertInto('room_table')
          .values({ name: state.table, first_seen_at: recordedAt })
          .onConflict((c) => c.column('name').doNothing())
          .execute();
        await trx
          .insertInto('shoe')
          .values({
            shoe_id: shoe.id,
            table_name: state.table,
            source: shoe.source,
            seed: shoe.seed,
            rules,
            started_at: shoe.startedAt,
            started_utc: utc(shoe.startedAt),
            first_recorded_at: recordedAt,
            ...(state.packId ? { pack_id: state.packId } : {}),
          })
          .onConflict((c) => c.column('shoe_id').doNothing())
          .execute();
        const known = await trx.selectFrom('shoe').selectAll().where('shoe_id', '=', shoe.id).executeTakeFirstOrThrow();
        if (known.table_name !== state.table)
          return { kind: 'conflict', why: `shoe ${shoe.id} is recorded on table "${known.table_name}"` };
        if (known.source !== shoe.source || known.seed !== shoe.seed || known.rules !== rules || known.started_at !== shoe.startedAt) {
          return { kind: 'conflict', why: `shoe ${shoe.id} is recorded with another source, seed, rules or start` };
        }
      }
      const latest = await trx
        .selectFrom('shoe_version')
        .selectAll()
        .where('shoe_id', '=', shoe.id)
        .orderBy('version', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (latest) {
        const at = { version: latest.version, handCount: latest.hand_count };
        if (latest.session === state.session && state.revision < latest.revision) return { kind: 'stale', ...at };
        if (latest.digest === digest) return { kind: 'unchanged', ...at };
        // The same state as an earlier version (delivered again after another session's, or at the
        // same revision): nothing to write. Within a session a later revision is never an earlier version.
        const earlier =
          (latest.session !== state.session || latest.revision === state.revision) &&
          (await trx
            .selectFrom('shoe_version')
            .select('version')
            .where('shoe_id', '=', shoe.id)
            .where('session', '=', state.session)
            .where('revision', '=', state.revision)
            .where('digest', '=', digest)
            .executeTakeFirst());
        if (earlier) return { kind: 'stale', ...at };
      }
      const version = (latest?.version ?? 0) + 1;
      const sentUtc = utc(state.sentAt);
      await trx
        .insertInto('shoe_version')
        .values({
          shoe_id: shoe.id,
          version,
          digest,
          session: state.session,
          revision: state.revision,
          limits: state.limits,
          number: shoe.number ?? null,
          ended_at: shoe.endedAt,
          hand_count: shoe.hands.length,
          event_count: shoe.events?.length ?? null,
          audit_count: shoe.audit?.length ?? null,
          sent_utc: sentUtc,
          recorded_at: recordedAt,
          recorder: this.recorder,
        })
        .execute();
      // The shoe as it stood: held from this ledger's last write of it, unless another recorder wrote since.
      const before = !latest
        ? { hands: [], dealt: [], events: [], audit: [] }
        : held?.identity === identity && held.version === latest.version && held.content
          ? held.content
          : await readContent(trx, shoe.id, latest);
      // Each place whose standing hand changes (added, corrected, or dropped by an undo) gets a row
      // (but a dropped one), and moves its counts: off the hour the old hand was dealt, onto this state's.
      const handRows: Insertable<LedgerTables['hand']>[] = [];
      const dealt = before.dealt.slice(0, shoe.hands.length);
      const hours = new HourCounts();
      for (let index = 0; index < Math.max(shoe.hands.length, before.hands.length); index++) {
        const hand = shoe.hands[index];
        const old = before.hands[index];
        if (hand !== undefined && old !== undefined && sameHand(hand, old)) continue;
        if (old !== undefined) hours.count(old, before.dealt[index]!, -1);
        if (hand === undefined) continue;
        hours.count(hand, sentUtc, 1);
        dealt[index] = sentUtc;
        handRows.push({
          shoe_id: shoe.id,
          position: index + 1,
          from_version: version,
          outcome: hand.outcome,
          player_pair: hand.playerPair ? 1 : 0,
          banker_pair: hand.bankerPair ? 1 : 0,
          natural: hand.natural ? 1 : 0,
          player_total: hand.playerTotal,
          banker_total: hand.bankerTotal,
          cards: hand.cards ? hand.cards.join(' ') : null,
          dealt_utc: sentUtc,
        });
      }
      if (handRows.length > 0) await trx.insertInto('hand').values(handRows).execute();
      const hourRows = hours.rows(state.table);
      if (hourRows.length > 0) {
        // Added to what the hour holds, never written whole, so two recorders' versions add up; hours
        // in order, so two transactions adding to the same hours lock them in the same order.
        await trx
          .insertInto('hand_hour')
          .values(hourRows)
          .onConflict((c) =>
            c
              .columns(['table_name', 'hour'])
              .doUpdateSet((eb) =>
                Object.fromEntries(HAND_HOUR_COUNTS.map((count) => [count, eb(`hand_hour.${count}`, '+', eb.ref(`excluded.${count}`))])),
              ),
          )
          .execute();
      }
      const entries = [
        ...changedEntries('event', shoe.events ?? [], before.events, (event) => event.kind),
        ...changedEntries('audit', shoe.audit ?? [], before.audit, (entry) => entry.action),
      ].map((entry) => ({ ...entry, shoe_id: shoe.id, from_version: version }));
      if (entries.length > 0) await trx.insertInto('shoe_entry').values(entries).execute();
      written.content = { hands: shoe.hands, dealt, events: shoe.events ?? [], audit: shoe.audit ?? [] };
      return { kind: 'recorded', version, handCount: shoe.hands.length };
    });
    if (
      outcome.kind === 'recorded' ||
      (outcome.kind === 'unchanged' && (held?.identity !== identity || held.version !== outcome.version))
    ) {
      // The shoe stands as this state holds it, at that version: as written here, or as another
      // recorder wrote it (its content is then read when the shoe is next written).
      this.held.delete(shoe.id);
      this.held.set(shoe.id, { identity, version: outcome.version, content: written.content });
      if (this.held.size > HELD_SHOES) this.held.delete(this.held.keys().next().value!);
    }
    return outcome;
  }

  /** A console's presence; the same one from two recorders (or twice) is one row. */
  async recordPresence(
    presence: { table: string; session: string; machine: string | null; online: boolean; at: string | null },
    receivedAt: Date = new Date(),
  ): Promise<boolean> {
    return this.write(async (trx) => {
      // A last will has no time of its own: it is the will of the session's latest "online".
      const lastOnline = presence.at
        ? null
        : await trx
            .selectFrom('presence')
            .select('at_utc')
            .where('table_name', '=', presence.table)
            .where('session', '=', presence.session)
            .where('online', '=', 1)
            .orderBy('id', 'desc')
            .limit(1)
            .executeTakeFirst();
      const key = presence.at
        ? `${presence.online ? 'online' : 'offline'} ${presence.session} ${utc(presence.at)}`
        : `will ${presence.session} ${lastOnline?.at_utc ?? ''}`;
      const inserted = await trx
        .insertInto('presence')
        .values({
          table_name: presence.table,
          session: presence.session,
          machine: presence.machine,
          online: presence.online ? 1 : 0,
          at_utc: presence.at ? utc(presence.at) : null,
          presence_key: key,
          received_at: receivedAt.toISOString(),
          recorder: this.recorder,
        })
        .onConflict((c) => c.columns(['table_name', 'presence_key']).doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
    });
  }

  /** A message refused, with why; the same message refused again is one row. */
  async recordRefusal(refusal: { topic: string; reason: string; payload: Uint8Array }, receivedAt: Date = new Date()): Promise<void> {
    const digest = createHash('sha256').update(refusal.payload).digest('hex');
    await this.write((trx) =>
      trx
        .insertInto('refusal')
        .values({
          topic: refusal.topic.slice(0, 500),
          received_at: receivedAt.toISOString(),
          reason: refusal.reason.slice(0, 500),
          bytes: refusal.payload.byteLength,
          digest,
          recorder: this.recorder,
        })
        .onConflict((c) => c.columns(['topic', 'digest']).doNothing())
        .execute(),
    );
  }

  /** One message of a card shoe's bridge; its source and seq make it one row however often it comes. */
  async recordReaderLines(
    message: { table: string; source: string; seq: number; protocol: string; lines: readonly string[] },
    receivedAt: Date = new Date(),
  ): Promise<void> {
    await this.write((trx) =>
      trx
        .insertInto('reader_line')
        .values({
          table_name: message.table,
          source: message.source,
          seq: message.seq,
          protocol: message.protocol,
          lines: JSON.stringify(message.lines),
          received_at: receivedAt.toISOString(),
        })
        .onConflict((c) => c.columns(['table_name', 'source', 'seq']).doNothing())
        .execute(),
    );
  }

  /** Each table's most recently recorded shoe version: where a recorder that starts again goes on from. */
  async latestVersions(): Promise<LatestVersion[]> {
    const tables = await this.db.selectFrom('room_table').select('name').orderBy('name').execute();
    const latest: LatestVersion[] = [];
    for (const { name } of tables) {
      const row = await this.db
        .selectFrom('shoe_version as v')
        .innerJoin('shoe as s', 's.shoe_id', 'v.shoe_id')
        .select(['v.shoe_id', 'v.version', 'v.session', 'v.revision', 'v.hand_count'])
        .where('s.table_name', '=', name)
        .orderBy('v.recorded_at', 'desc')
        .orderBy('v.revision', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (row) {
        latest.push({
          table: name,
          shoeId: row.shoe_id,
          version: row.version,
          session: row.session,
          revision: row.revision,
          handCount: row.hand_count,
        });
      }
    }
    return latest;
  }

  /** Each table's latest console presence: the session that held it when the recorder last heard. */
  async latestPresences(): Promise<{ table: string; session: string }[]> {
    const rows = await this.db
      .selectFrom('presence as p')
      .select(['p.table_name', 'p.session'])
      .where((eb) =>
        eb(
          'p.id',
          '=',
          eb
            .selectFrom('presence as q')
            .select((q) => q.fn.max('q.id').as('id'))
            .whereRef('q.table_name', '=', 'p.table_name'),
        ),
      )
      .execute();
    return rows.map((row) => ({ table: row.table_name, session: row.session }));
  }

  /** One shoe as it stands (its latest version), or as it stood at `version`; null when the ledger has no such shoe or version. */
  async shoe(shoeId: string, version?: number): Promise<ShoeRecord | null> {
    let query = this.db.selectFrom('shoe_version').selectAll().where('shoe_id', '=', shoeId);
    query = version === undefined ? query.orderBy('version', 'desc').limit(1) : query.where('version', '=', version);
    const row = await query.executeTakeFirst();
    return row ? this.shoeAt(row) : null;
  }

  /** Every version of a shoe, oldest first: who sent it, at which revision, with how many hands. */
  async versions(shoeId: string): Promise<ShoeVersionRow[]> {
    return this.db.selectFrom('shoe_version').selectAll().where('shoe_id', '=', shoeId).orderBy('version').execute();
  }

  /**
   * The shoes as they stand, oldest first: of one table or all, and those in play from `from` to
   * `to`: started then, or with a state sent then (a hand, a change, the end), and not ended before
   * `from`. Found by the index of start times and of sent times, so a day of a year's ledger is read
   * without passing over the year's earlier shoes.
   */
  async shoes(filter: { table?: string; from?: string; to?: string } = {}): Promise<ShoeRecord[]> {
    const from = filter.from === undefined ? undefined : utc(filter.from);
    const to = filter.to === undefined ? undefined : utc(filter.to);
    let query = this.db.selectFrom('shoe').select(['shoe_id', 'started_utc']);
    if (filter.table !== undefined) query = query.where('table_name', '=', filter.table);
    if (to !== undefined) query = query.where('started_utc', '<', to);
    if (from !== undefined) {
      query = query.where((eb) =>
        eb.or([
          eb('started_utc', '>=', from),
          eb(
            'shoe_id',
            'in',
            eb
              .selectFrom('shoe_version')
              .select('shoe_version.shoe_id')
              .where('sent_utc', '>=', from)
              .$if(to !== undefined, (sent) => sent.where('sent_utc', '<', to!)),
          ),
        ]),
      );
    }
    const ids = (await query.orderBy('started_utc').orderBy('shoe_id').execute()).map((row) => row.shoe_id);
    const shoes: ShoeRecord[] = [];
    // A few queries for many shoes at once (not four a shoe): a day's shoes in one round trip each.
    for (let start = 0; start < ids.length; start += SHOES_AT_ONCE) {
      for (const shoe of await this.standingShoes(ids.slice(start, start + SHOES_AT_ONCE))) {
        if (from !== undefined && shoe.endedAt !== null && utc(shoe.endedAt) < from) continue;
        shoes.push(shoe);
      }
    }
    return shoes;
  }

  /** The shoes of `ids` as they stand, in that order. */
  private async standingShoes(ids: readonly string[]): Promise<ShoeRecord[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom('shoe').selectAll().where('shoe_id', 'in', ids).execute();
    const versions = await this.db
      .selectFrom('shoe_version as v')
      .selectAll()
      .where('v.shoe_id', 'in', ids)
      .where((eb) =>
        eb(
          'v.version',
          '=',
          eb
            .selectFrom('shoe_version as w')
            .select((w) => w.fn.max('w.version').as('m'))
            .whereRef('w.shoe_id', '=', 'v.shoe_id'),
        ),
      )
      .execute();
    const hands = await this.db
      .selectFrom('hand')
      .selectAll()
      .where('shoe_id', 'in', ids)
      .orderBy('shoe_id')
      .orderBy('position')
      .orderBy('from_version')
      .execute();
    const entries = await this.db
      .selectFrom('shoe_entry')
      .select(['shoe_id', 'list', 'position', 'body'])
      .where('shoe_id', 'in', ids)
      .orderBy('shoe_id')
      .orderBy('list')
      .orderBy('position')
      .orderBy('from_version')
      .execute();
    const byShoe = <T extends { shoe_id: string }>(list: readonly T[]) => {
      const grouped = new Map<string, T[]>();
      for (const row of list) {
        const group = grouped.get(row.shoe_id);
        if (group) group.push(row);
        else grouped.set(row.shoe_id, [row]);
      }
      return grouped;
    };
    const shoeRows = new Map(rows.map((row) => [row.shoe_id, row]));
    const latest = new Map(versions.map((row) => [row.shoe_id, row]));
    const handsOf = byShoe(hands);
    const entriesOf = byShoe(entries);
    const shoes: ShoeRecord[] = [];
    for (const id of ids) {
      const shoe = shoeRows.get(id);
      const version = latest.get(id);
      if (!shoe || !version) continue;
      shoes.push(shoeRecord(shoe, version, contentOf(id, version, handsOf.get(id) ?? [], entriesOf.get(id) ?? [])));
    }
    return shoes;
  }

  private async shoeAt(version: ShoeVersionRow): Promise<ShoeRecord> {
    const shoe = await this.db.selectFrom('shoe').selectAll().where('shoe_id', '=', version.shoe_id).executeTakeFirstOrThrow();
    return shoeRecord(shoe, version, await readContent(this.db, version.shoe_id, version));
  }
}

type HandRow = Selectable<LedgerTables['hand']>;
type EntryRow = Pick<Selectable<LedgerTables['shoe_entry']>, 'list' | 'position' | 'body'>;
type VersionCounts = Pick<ShoeVersionRow, 'version' | 'hand_count' | 'event_count' | 'audit_count'>;

/**
 * The hands, events and audit entries of a shoe at `version`: in each place, the row that place
 * took most recently at or before it.
 */
async function readContent(
  db: Kysely<LedgerTables> | Transaction<LedgerTables>,
  shoeId: string,
  version: VersionCounts,
): Promise<ShoeContent> {
  const handRows = await db
    .selectFrom('hand')
    .selectAll()
    .where('shoe_id', '=', shoeId)
    .where('position', '<=', version.hand_count)
    .where('from_version', '<=', version.version)
    .orderBy('position')
    .orderBy('from_version')
    .execute();
  const entryRows = await db
    .selectFrom('shoe_entry')
    .select(['list', 'position', 'body'])
    .where('shoe_id', '=', shoeId)
    .where('from_version', '<=', version.version)
    .orderBy('list')
    .orderBy('position')
    .orderBy('from_version')
    .execute();
  return contentOf(shoeId, version, handRows, entryRows);
}

/** A shoe's content at `version` from its rows, each place's in order, oldest first (later rows replace earlier ones). */
function contentOf(shoeId: string, version: VersionCounts, handRows: readonly HandRow[], entryRows: readonly EntryRow[]): ShoeContent {
  const hands: HandRecord[] = [];
  const dealt: string[] = [];
  for (const row of handRows) {
    if (row.position > version.hand_count || row.from_version > version.version) continue;
    dealt[row.position - 1] = row.dealt_utc;
    hands[row.position - 1] = {
      cards: row.cards === null ? null : row.cards.split(' '),
      outcome: row.outcome,
      playerPair: row.player_pair === 1,
      bankerPair: row.banker_pair === 1,
      natural: row.natural === 1,
      playerTotal: row.player_total,
      bankerTotal: row.banker_total,
    };
  }
  const events: ShoeEvent[] = [];
  const audit: AuditEntry[] = [];
  for (const row of entryRows) {
    if (row.list === 'event' && row.position <= (version.event_count ?? 0)) events[row.position - 1] = JSON.parse(row.body) as ShoeEvent;
    if (row.list === 'audit' && row.position <= (version.audit_count ?? 0)) audit[row.position - 1] = JSON.parse(row.body) as AuditEntry;
  }
  if (hands.length !== version.hand_count || hands.includes(undefined as never)) {
    throw new Error(`the ledger lacks hands of shoe ${shoeId} at version ${version.version}`);
  }
  return { hands, dealt, events, audit };
}

/** The shoe record of a shoe's row at one of its versions, with that version's content. */
function shoeRecord(shoe: Selectable<LedgerTables['shoe']>, version: ShoeVersionRow, content: ShoeContent): ShoeRecord {
  const record: ShoeRecord = {
    id: shoe.shoe_id,
    table: shoe.table_name,
    ...(version.number !== null ? { number: version.number } : {}),
    source: shoe.source,
    seed: shoe.seed,
    startedAt: shoe.started_at,
    endedAt: version.ended_at,
    rules: JSON.parse(shoe.rules) as TableRules,
    hands: content.hands,
  };
  if (version.event_count !== null) record.events = content.events;
  if (version.audit_count !== null) record.audit = content.audit;
  return record;
}

/** The entries whose place holds something else than before (new places included), as rows. */
function changedEntries<T extends ShoeEvent | AuditEntry>(
  list: 'event' | 'audit',
  now: readonly T[],
  before: readonly T[],
  kind: (entry: T) => string,
): { list: 'event' | 'audit'; position: number; kind: string; body: string }[] {
  const rows: { list: 'event' | 'audit'; position: number; kind: string; body: string }[] = [];
  now.forEach((entry, index) => {
    const body = JSON.stringify(entry);
    if (before[index] === undefined || JSON.stringify(before[index]) !== body)
      rows.push({ list, position: index + 1, kind: kind(entry), body });
  });
  return rows;
}
