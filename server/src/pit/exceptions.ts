/**
 * The room's exceptions, as surveillance reads them (#26): what a clerk undid, redid, corrected,
 * cancelled, voided or reopened (the shoes' audit trails, with the reasons given), what the dealing
 * procedure set aside (cancelled cards, void hands and shoes, dummy hands: the shoes' events), each
 * time a table's console went offline and until when, and every message the recorder refused. Read
 * from the ledger's rows as recorded, newest first, a page at a time; each with an id made of its
 * row's unique key, so the same exception has the same id every time, and the acknowledgement
 * surveillance gave it (kept in `exception_ack`, the one table written here, and only inserted into).
 *
 * Shoes whose cards did not add up are not among them: the console shows the count at a shoe's end,
 * but no event, audit entry or message records it, so the ledger does not hold it.
 */
import { sql, type ExpressionBuilder, type RawBuilder, type Kysely } from 'kysely';
import * as v from 'valibot';
import { AUDIT_ACTIONS, type AuditEntry, type ShoeEvent } from '../../../src/index.js';
import { ROOM_TOPIC_ROOT, tableKey } from '../../../src/room/messages.js';
import type { LedgerDatabase } from '../record/database.js';
import type { LedgerTables } from '../record/schema.js';

/** The events of the dealing procedure that are exceptions (the burn and the cut card are not). */
export const EXCEPTIONAL_EVENTS = ['cancelled', 'void-hand', 'void-shoe', 'dummy-hand'] as const;

/** Where an exception comes from: a shoe's audit trail or events, the consoles' presence, the refused messages. */
export type ExceptionSource = 'audit' | 'event' | 'presence' | 'refusal';

/** An exception's ledger row, by its unique key: what its id encodes. */
export type ExceptionKey =
  | [source: 'audit' | 'event', shoeId: string, position: number, fromVersion: number]
  | [source: 'presence', table: string, presenceKey: string]
  | [source: 'refusal', topic: string, digest: string];

export interface ExceptionAck {
  /** The surveillance login's name. */
  by: string;
  at: string;
  note: string;
}

export interface RoomException {
  id: string;
  source: ExceptionSource;
  /**
   * audit: the clerk's action (undo, redo, correct, reopen, cancel, void-hand, void-shoe); event: the
   * procedure's (cancelled, void-hand, void-shoe, dummy-hand); presence: offline; refusal: refused.
   */
  kind: string;
  /** Null for a refused message whose topic names no table. */
  table: string | null;
  /** When it happened, ISO 8601 in UTC: the entry's or the console's own time, or when the recorder received it. */
  time: string;
  shoeId: string | null;
  /** The hand an audit entry concerned (from 1), or null. */
  hand: number | null;
  /** Why, as recorded: the clerk's reason (given then or afterwards), or why a message was refused. */
  reason: string | null;
  detail: AuditDetail | EventDetail | OfflineDetail | RefusalDetail;
  acknowledgement: ExceptionAck | null;
}

export interface AuditDetail {
  operator: string | null;
  /** When the reason was given afterwards (a later `reason` entry of the trail): when, and by whom. */
  reasonGiven: { at: string; operator: string | null } | null;
}

export interface EventDetail {
  /** The hands recorded when it happened. */
  afterHand: number;
  /** The cards it took out of play. */
  cards: string[];
  /** A cancelled card's: by the device or the clerk. */
  by: 'device' | 'clerk' | null;
}

export interface OfflineDetail {
  session: string;
  machine: string | null;
  /** When the table's console was online again, or null while it is still offline. */
  until: string | null;
  /** How long it was offline (until now, while it still is), in whole seconds. */
  seconds: number;
}

export interface RefusalDetail {
  topic: string;
  bytes: number;
  recorder: string;
}

export interface ExceptionFilter {
  /** UTC, ISO 8601 with milliseconds; `to` not included. */
  from?: string;
  to?: string;
  /** The tables asked for; none: every table. */
  tables: readonly string[];
}

/** The id of an exception: its row's unique key as JSON, in base64url (it goes in a URL's path). */
export function exceptionId(key: ExceptionKey): string {
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

/** The longest id: a refused message's topic (500 characters at most) with its digest, encoded. */
export const MAX_EXCEPTION_ID_LENGTH = 8192;

const position = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1_000_000_000));
const text = v.pipe(v.string(), v.minLength(1), v.maxLength(2000));
const keySchema = v.union([
  v.strictTuple([v.picklist(['audit', 'event']), text, position, position]),
  v.strictTuple([v.literal('presence'), text, text]),
  v.strictTuple([v.literal('refusal'), text, v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/))]),
]);

/** The key an id encodes, or null when it is no exception's id. */
export function exceptionKey(id: string): ExceptionKey | null {
  if (id.length > MAX_EXCEPTION_ID_LENGTH || !/^[\w-]+$/.test(id)) return null;
  try {
    const decoded = Buffer.from(id, 'base64url').toString('utf8');
    // Only the one spelling of a key is its id (base64url reads some other texts to the same bytes).
    const parsed = v.safeParse(keySchema, JSON.parse(decoded));
    return parsed.success && exceptionId(parsed.output) === id ? parsed.output : null;
  } catch {
    return null;
  }
}

/** The table a room topic names (`bacc/v1/tables/<key>/…`), or null. */
function topicTable(topic: string): string | null {
  const prefix = `${ROOM_TOPIC_ROOT}/`;
  if (!topic.startsWith(prefix)) return null;
  const key = topic.slice(prefix.length).split('/')[0]!;
  try {
    return decodeURIComponent(key);
  } catch {
    return null;
  }
}

type Db = Kysely<LedgerTables>;

/** A row of the merged list: where it comes from, when, and its key (unused parts '' and 0). */
interface ListedRow {
  source: ExceptionSource;
  kind: string;
  table_name: string | null;
  time: string;
  k1: string;
  k2: string;
  k3: number;
  k4: number;
}

/** A presence row's time: the console's own, or (a last will, which states none) when the recorder received it. */
const PRESENCE_TIME = sql`coalesce(p.at_utc, p.received_at)`;

/** A presence row that starts a period offline, and when the table had a console online again (null: still offline). */
interface OfflineRow {
  table_name: string;
  presence_key: string;
  session: string;
  machine: string | null;
  time: string;
  until: string | null;
}

/**
 * The periods the consoles of `tables` (none: every table) were offline. A table's presence rows in
 * order (by time, then as they arrived) fall into stints, each from an online to the next: an
 * offline (or a last will) starts a period when it is its session's first in its stint, and that
 * session's online began the stint (or no online came before it). So a will of a console another
 * has since taken the table from, and an offline after an offline, start nothing. The period lasts
 * until the next online of the table. Window functions: one pass over the rows, not one a row.
 */
function offlinePeriods(tables: readonly string[]) {
  const order = sql`partition by p.table_name order by ${PRESENCE_TIME}, p.id`;
  // The next online, read backwards: a frame that only grows is one pass on SQLite too (a frame that
  // shrinks makes it recount a row's minimum at every row).
  const backwards = sql`partition by p.table_name order by ${PRESENCE_TIME} desc, p.id desc`;
  const only = tables.length > 0 ? sql`where p.table_name in (${sql.join(tables)})` : sql``;
  return sql<OfflineRow>`(
    select table_name, presence_key, session, machine, time, until from (
      select w.*,
        row_number() over (partition by table_name, stint, session, online order by time, id) as nth,
        first_value(session) over (partition by table_name, stint order by time, id) as holder
      from (
        select p.id, p.table_name, p.presence_key, p.session, p.machine, p.online, ${PRESENCE_TIME} as time,
          sum(p.online) over (${order} rows unbounded preceding) as stint,
          min(case when p.online = 1 then ${PRESENCE_TIME} end) over (${backwards} rows between unbounded preceding and 1 preceding) as until
        from presence p ${only}
      ) w
    ) x
    where online = 0 and nth = 1 and (stint = 0 or holder = session)
  )`;
}

/** A day: how far ahead of the state that carries it an entry's own time may be (a document's times are at most a day ahead). */
const DAY_MS = 86_400_000;

export class RoomExceptions {
  constructor(private readonly database: LedgerDatabase) {}

  private get db(): Db {
    return this.database.db;
  }

  /** A shoe entry's own time (`at` in its JSON), in UTC as the ledger writes times. */
  private entryTime(): RawBuilder<string> {
    return this.database.dialect === 'sqlite'
      ? sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', json_extract(e.body, '$.at'))`
      : sql<string>`to_char((e.body::jsonb ->> 'at')::timestamptz at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  }

  /** The audit entries and events that are exceptions, within the filter or of one key. */
  private entries(filter: ExceptionFilter | null, key?: Extract<ExceptionKey, [string, string, number, number]>) {
    const time = this.entryTime();
    let query = this.db
      .selectFrom('shoe_entry as e')
      .innerJoin('shoe as s', 's.shoe_id', 'e.shoe_id')
      .innerJoin('shoe_version as v', (join) => join.onRef('v.shoe_id', '=', 'e.shoe_id').onRef('v.version', '=', 'e.from_version'))
      .where((eb) =>
        eb.or([
          eb.and([eb('e.list', '=', 'audit'), eb('e.kind', 'in', AUDIT_ACTIONS)]),
          eb.and([eb('e.list', '=', 'event'), eb('e.kind', 'in', EXCEPTIONAL_EVENTS)]),
        ]),
      );
    if (key) {
      query = query
        .where('e.list', '=', key[0])
        .where('e.shoe_id', '=', key[1])
        .where('e.position', '=', key[2])
        .where('e.from_version', '=', key[3]);
    }
    if (filter) {
      if (filter.tables.length > 0) query = query.where('s.table_name', 'in', filter.tables);
      if (filter.from !== undefined) {
        // The state that carries an entry is sent after it (a document's times are at most a day ahead
        // of the clock): the index of sent times passes over older states before any entry is read.
        query = query.where('v.sent_utc', '>=', new Date(Date.parse(filter.from) - DAY_MS).toISOString()).where(time, '>=', filter.from);
      }
      if (filter.to !== undefined) query = query.where(time, '<', filter.to);
    }
    return query
      .select([
        'e.list as source',
        'e.kind',
        's.table_name',
        time.as('time'),
        'e.shoe_id as k1',
        'e.list as k2',
        'e.position as k3',
        'e.from_version as k4',
      ])
      .$castTo<ListedRow>();
  }

  /** The consoles going offline, within the filter or of one key. */
  private offline(filter: ExceptionFilter | null, key?: Extract<ExceptionKey, ['presence', string, string]>) {
    let query = this.db.selectFrom(offlinePeriods(key ? [key[1]] : (filter?.tables ?? [])).as('p'));
    if (key) query = query.where('p.presence_key', '=', key[2]);
    if (filter?.from !== undefined) query = query.where('p.time', '>=', filter.from);
    if (filter?.to !== undefined) query = query.where('p.time', '<', filter.to);
    return query
      .select([
        sql<string>`'presence'`.as('source'),
        sql<string>`'offline'`.as('kind'),
        'p.table_name',
        'p.time',
        'p.table_name as k1',
        'p.presence_key as k2',
        sql<number>`0`.as('k3'),
        sql<number>`0`.as('k4'),
      ])
      .$castTo<ListedRow>();
  }

  /** The refused messages, within the filter or of one key. */
  private refusals(filter: ExceptionFilter | null, key?: Extract<ExceptionKey, ['refusal', string, string]>) {
    let query = this.db.selectFrom('refusal as r');
    if (key) query = query.where('r.topic', '=', key[1]).where('r.digest', '=', key[2]);
    if (filter) {
      if (filter.tables.length > 0) {
        // A table's topics start with its key (LIKE would read % and _ in a key as wildcards).
        const prefixes = filter.tables.map((table) => `${ROOM_TOPIC_ROOT}/${tableKey(table)}/`);
        query = query.where((eb) => eb.or(prefixes.map((prefix) => eb(sql<string>`substr(r.topic, 1, ${prefix.length})`, '=', prefix))));
      }
      if (filter.from !== undefined) query = query.where('r.received_at', '>=', filter.from);
      if (filter.to !== undefined) query = query.where('r.received_at', '<', filter.to);
    }
    return query
      .select([
        sql<string>`'refusal'`.as('source'),
        sql<string>`'refused'`.as('kind'),
        sql<string | null>`cast(null as text)`.as('table_name'),
        'r.received_at as time',
        'r.topic as k1',
        'r.digest as k2',
        sql<number>`0`.as('k3'),
        sql<number>`0`.as('k4'),
      ])
      .$castTo<ListedRow>();
  }

  /** Every exception of the filter, merged. */
  private merged(filter: ExceptionFilter) {
    return this.entries(filter).unionAll(this.offline(filter)).unionAll(this.refusals(filter)).as('x');
  }

  /** One page of the exceptions of a range and tables, newest first, and how many there are in all. */
  async list(
    filter: ExceptionFilter,
    page: { limit: number; offset: number },
    now: Date,
  ): Promise<{ total: number; exceptions: RoomException[] }> {
    const [count, rows] = await Promise.all([
      this.db
        .selectFrom(this.merged(filter))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom(this.merged(filter))
        .selectAll()
        .orderBy('time', 'desc')
        .orderBy('source')
        .orderBy('k1')
        .orderBy('k2')
        .orderBy('k3')
        .orderBy('k4')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
    ]);
    return { total: Number(count.n), exceptions: await this.described(rows, now) };
  }

  /** The exception of an id as it is listed, or null when the ledger holds none of that id. */
  async find(id: string, now: Date): Promise<RoomException | null> {
    const key = exceptionKey(id);
    if (!key) return null;
    const query =
      key[0] === 'presence' ? this.offline(null, key) : key[0] === 'refusal' ? this.refusals(null, key) : this.entries(null, key);
    const row = await query.executeTakeFirst();
    return row ? ((await this.described([row], now))[0] ?? null) : null;
  }

  /**
   * Records surveillance's acknowledgement of an exception, once: 'unknown' when the ledger holds
   * no exception of that id, and the first acknowledgement (unchanged) when it was given already.
   */
  async acknowledge(
    id: string,
    ack: ExceptionAck,
    now: Date,
  ): Promise<{ kind: 'acknowledged'; ack: ExceptionAck } | { kind: 'unknown' } | { kind: 'already'; ack: ExceptionAck }> {
    if (!(await this.find(id, now))) return { kind: 'unknown' };
    const inserted = await this.db
      .insertInto('exception_ack')
      .values({ exception_id: id, acknowledged_by: ack.by, acknowledged_at: ack.at, note: ack.note })
      .onConflict((c) => c.column('exception_id').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return { kind: 'acknowledged', ack };
    const first = (await this.acks([id])).get(id);
    return first ? { kind: 'already', ack: first } : { kind: 'unknown' };
  }

  private async acks(ids: readonly string[]): Promise<Map<string, ExceptionAck>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.selectFrom('exception_ack').selectAll().where('exception_id', 'in', ids).execute();
    return new Map(rows.map((row) => [row.exception_id, { by: row.acknowledged_by, at: row.acknowledged_at, note: row.note }]));
  }

  /** The listed rows with what each says (its entry, presence or refusal) and its acknowledgement. */
  private async described(rows: readonly ListedRow[], now: Date): Promise<RoomException[]> {
    const keyOf = (row: ListedRow): ExceptionKey =>
      row.source === 'presence'
        ? ['presence', row.k1, row.k2]
        : row.source === 'refusal'
          ? ['refusal', row.k1, row.k2]
          : [row.source, row.k1, Number(row.k3), Number(row.k4)];
    const ids = rows.map((row) => exceptionId(keyOf(row)));
    const entryRows = rows.filter((row) => row.source === 'audit' || row.source === 'event');
    const presenceRows = rows.filter((row) => row.source === 'presence');
    const refusalRows = rows.filter((row) => row.source === 'refusal');
    const byKey = (...parts: (string | number)[]) => JSON.stringify(parts);

    const [bodies, reasons, presences, refusals, acks] = await Promise.all([
      entryRows.length === 0
        ? []
        : this.db
            .selectFrom('shoe_entry')
            .select(['shoe_id', 'list', 'position', 'from_version', 'body'])
            .where((eb) => eb.or(entryRows.map((row) => this.entryKey(eb, row))))
            .execute(),
      // The reasons given afterwards, for the audit entries listed: a later entry of action `reason`.
      entryRows.length === 0
        ? []
        : this.db
            .selectFrom('shoe_entry')
            .select(['shoe_id', 'body'])
            .where('list', '=', 'audit')
            .where('kind', '=', 'reason')
            .where('shoe_id', 'in', [...new Set(entryRows.map((row) => row.k1))])
            .orderBy('from_version')
            .execute(),
      presenceRows.length === 0
        ? []
        : this.db
            .selectFrom(offlinePeriods([...new Set(presenceRows.map((row) => row.k1))]).as('p'))
            .selectAll()
            .where(
              'p.presence_key',
              'in',
              presenceRows.map((row) => row.k2),
            )
            .execute(),
      refusalRows.length === 0
        ? []
        : this.db
            .selectFrom('refusal')
            .select(['topic', 'digest', 'reason', 'bytes', 'recorder'])
            .where((eb) => eb.or(refusalRows.map((row) => eb.and([eb('topic', '=', row.k1), eb('digest', '=', row.k2)]))))
            .execute(),
      this.acks(ids),
    ]);
    const bodyOf = new Map(bodies.map((row) => [byKey(row.shoe_id, row.list, row.position, row.from_version), row.body]));
    const givenFor = new Map<string, AuditEntry>();
    for (const row of reasons) {
      const entry = JSON.parse(row.body) as AuditEntry;
      if (entry.reasonFor !== undefined) givenFor.set(byKey(row.shoe_id, entry.reasonFor), entry);
    }
    const presenceOf = new Map(presences.map((row) => [byKey(row.table_name, row.presence_key), row]));
    const refusalOf = new Map(refusals.map((row) => [byKey(row.topic, row.digest), row]));

    return rows.map((row, index): RoomException => {
      const id = ids[index]!;
      const base = { id, source: row.source, kind: row.kind, time: row.time, acknowledgement: acks.get(id) ?? null };
      if (row.source === 'audit' || row.source === 'event') {
        const body = JSON.parse(bodyOf.get(byKey(row.k1, row.k2, Number(row.k3), Number(row.k4)))!) as unknown;
        const shoe = { table: row.table_name, shoeId: row.k1 };
        if (row.source === 'event') {
          const event = body as ShoeEvent;
          const cards = event.kind === 'cancelled' ? [event.card] : 'cards' in event ? event.cards : [];
          const detail: EventDetail = { afterHand: event.afterHand, cards, by: event.kind === 'cancelled' ? event.by : null };
          return { ...base, ...shoe, hand: null, reason: null, detail };
        }
        const entry = body as AuditEntry;
        const given = entry.reason === null ? givenFor.get(byKey(row.k1, Number(row.k3))) : undefined;
        const detail: AuditDetail = { operator: entry.operator, reasonGiven: given ? { at: given.at, operator: given.operator } : null };
        return { ...base, ...shoe, hand: entry.hand, reason: entry.reason ?? given?.reason ?? null, detail };
      }
      if (row.source === 'presence') {
        const presence = presenceOf.get(byKey(row.k1, row.k2))!;
        const until = presence.until ?? null;
        const seconds = Math.max(0, Math.floor(((until === null ? now.getTime() : Date.parse(until)) - Date.parse(row.time)) / 1000));
        const detail: OfflineDetail = { session: presence.session, machine: presence.machine, until, seconds };
        return { ...base, table: row.table_name, shoeId: null, hand: null, reason: null, detail };
      }
      const refusal = refusalOf.get(byKey(row.k1, row.k2))!;
      const detail: RefusalDetail = { topic: refusal.topic, bytes: refusal.bytes, recorder: refusal.recorder };
      return { ...base, table: topicTable(refusal.topic), shoeId: null, hand: null, reason: refusal.reason, detail };
    });
  }

  private entryKey(eb: ExpressionBuilder<LedgerTables, 'shoe_entry'>, row: ListedRow) {
    return eb.and([
      eb('shoe_id', '=', row.k1),
      eb('list', '=', row.k2 as 'audit' | 'event'),
      eb('position', '=', Number(row.k3)),
      eb('from_version', '=', Number(row.k4)),
    ]);
  }
}
