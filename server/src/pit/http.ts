/**
 * The pit's view over HTTP: a JSON API beside the ledger (Fastify) that reads it, and writes only
 * logins and surveillance's acknowledgements of exceptions. Nothing is readable without a login;
 * each route names the least role that may call it (pit < surveillance < admin); cross-origin
 * requests only from the origins given. Every parameter is checked before a query runs, and every
 * query binds its values: input is never SQL.
 */
import { sql } from 'kysely';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import cors from '@fastify/cors';
import * as v from 'valibot';
import { shoeDocumentText } from '../../../src/index.js';
import type { LedgerDatabase } from '../record/database.js';
import { Ledger, utc } from '../record/ledger.js';
import { PitLogins, roleAllows, LoginError, type PitRole } from './logins.js';
import { roomReport, roomReportCsv } from './room-report.js';
import { MAX_EXCEPTION_ID_LENGTH, RoomExceptions } from './exceptions.js';

export interface PitApiOptions {
  database: LedgerDatabase;
  /** Origins (scheme, host and port) whose pages may call the API from a browser. */
  allowOrigins?: readonly string[];
  /** The clock (tests move it). */
  now?: () => Date;
  /** How long a refused sign-in takes at least, so that guessing is slow. */
  refusalMs?: number;
}

/** The most shoes, refusals or presences a page holds, and the longest range a request may span. */
export const MAX_PAGE_SIZE = 200;
const MAX_RANGE_DAYS = 400;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The least role that may call the route; none: open (signing in). */
    role?: PitRole;
  }
  interface FastifyRequest {
    login: { name: string; role: PitRole } | null;
  }
}

/** A request refused with a status and a sentence for people (JSON `{ "error": … }`). */
class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const isoTime = v.pipe(
  v.string(),
  v.maxLength(40),
  v.check((text) => !Number.isNaN(Date.parse(text)) && /^\d{4}-\d{2}-\d{2}/.test(text), 'a date and time, ISO 8601 (2026-12-03T02:00Z)'),
);
const whole = (most: number) =>
  v.pipe(
    v.string(),
    v.regex(/^\d{1,9}$/, 'a whole number'),
    v.transform(Number),
    v.minValue(1, 'at least 1'),
    v.maxValue(most, `at most ${most}`),
  );
const rangeQuery = v.object({
  table: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(200))),
  from: v.optional(isoTime),
  to: v.optional(isoTime),
  page: v.optional(whole(1_000_000), '1'),
  size: v.optional(whole(MAX_PAGE_SIZE), '50'),
});
type RangeQuery = v.InferOutput<typeof rangeQuery>;
const tableName = v.pipe(v.string(), v.minLength(1), v.maxLength(200));
/** A report's range (both ends needed) and its tables: `table` given once, many times, or not at all (every table). */
const reportQuery = v.object({
  from: isoTime,
  to: isoTime,
  table: v.optional(v.union([tableName, v.pipe(v.array(tableName), v.maxLength(500))])),
});
/** The exceptions' list: a list's range and page, with tables as a report takes them. */
const exceptionsQuery = v.object({ ...rangeQuery.entries, table: reportQuery.entries.table });
/**
 * An acknowledgement's note: what surveillance says of the exception, 1–1000 characters once trimmed,
 * counted as a person counts them (an emoji is one), and never more than 20,000 UTF-16 units.
 */
const NOTE_RULE = 'a note of 1 to 1000 characters';
const ackBody = v.object(
  {
    note: v.pipe(
      v.string(NOTE_RULE),
      v.trim(),
      v.minGraphemes(1, NOTE_RULE),
      v.maxGraphemes(1000, NOTE_RULE),
      v.maxLength(20_000, NOTE_RULE),
    ),
  },
  `a JSON body with ${NOTE_RULE}`,
);

function read<T extends v.GenericSchema>(schema: T, input: unknown, what: string): v.InferOutput<T> {
  const result = v.safeParse(schema, input ?? {});
  if (result.success) return result.output;
  const issue = result.issues[0];
  const path = v.getDotPath(issue);
  throw new Refusal(400, `${what}${path ? ` "${path}"` : ''}: ${issue.message}`);
}

/** A range's times in UTC, refused when backwards or longer than the API serves at once. */
function range(query: RangeQuery): { from?: string; to?: string } {
  const from = query.from === undefined ? undefined : utc(query.from);
  const to = query.to === undefined ? undefined : utc(query.to);
  if (from !== undefined && to !== undefined) {
    if (from > to) throw new Refusal(400, 'from is after to');
    if (Date.parse(to) - Date.parse(from) > MAX_RANGE_DAYS * 86_400_000)
      throw new Refusal(400, `a range is at most ${MAX_RANGE_DAYS} days`);
  }
  return { ...(from !== undefined ? { from } : {}), ...(to !== undefined ? { to } : {}) };
}

/** One page of a list: how many rows in all, and this page's, counted and listed at once. */
async function pageOf<T>(
  query: RangeQuery,
  count: Promise<{ n: number | string | bigint }>,
  list: (limit: number, offset: number) => Promise<T[]>,
): Promise<{ page: number; size: number; total: number; rows: T[] }> {
  const [total, rows] = await Promise.all([count, list(query.size, (query.page - 1) * query.size)]);
  return { page: query.page, size: query.size, total: Number(total.n), rows };
}

export async function pitApi(options: PitApiOptions): Promise<FastifyInstance> {
  const { database } = options;
  const db = database.db;
  const now = options.now ?? (() => new Date());
  const logins = new PitLogins(db);
  const ledger = new Ledger(database, 'pit-api');
  const allowed = new Set(options.allowOrigins ?? []);
  // Closing ends kept-alive connections too: a recorder stopping does not wait for an idle browser.
  const exceptions = new RoomExceptions(database);
  // An exception's id is its row's key, encoded: longer than a router's usual 100 characters.
  const app = Fastify({
    logger: false,
    bodyLimit: 16 * 1024,
    forceCloseConnections: true,
    routerOptions: { maxParamLength: MAX_EXCEPTION_ID_LENGTH },
  });
  app.decorateRequest('login', null);

  await app.register(cors, { origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)) });

  app.addHook('onRequest', async (request: FastifyRequest) => {
    // A browser page of another origin gets nothing, not even a refusal it could read.
    const origin = request.headers.origin;
    // Browsers send Origin on a POST of the page's own origin too: the recorder's own address is always allowed.
    const own = `${request.protocol}://${request.headers.host ?? ''}`;
    if (origin !== undefined && origin !== own && !allowed.has(origin))
      throw new Refusal(403, 'this origin may not use the pit API (see --allow-origin)');
    const needed = request.routeOptions.config.role;
    if (needed === undefined) return;
    const header = request.headers.authorization ?? '';
    const token = /^Bearer ([\w-]+)$/.exec(header)?.[1];
    if (!token) throw new Refusal(401, 'sign in first (POST /api/login)');
    const session = await logins.session(token, now());
    if (session === 'expired') throw new Refusal(401, 'the sign-in has ended: sign in again');
    if (session === 'unknown') throw new Refusal(401, 'not a sign-in of this recorder: sign in again');
    if (!roleAllows(session.role, needed)) throw new Refusal(403, `a ${session.role} login may not read this; it needs ${needed}`);
    request.login = session;
  });

  app.setErrorHandler((error: Error & { statusCode?: number; validation?: unknown }, _request, reply: FastifyReply) => {
    if (error instanceof Refusal) return reply.code(error.status).send({ error: error.message });
    if (error instanceof LoginError) return reply.code(400).send({ error: error.message });
    // Fastify's own refusals (a body too large, not JSON): said plainly, without internals.
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send({ error: error.message.slice(0, 200) });
    }
    return reply.code(500).send({ error: 'the recorder could not read its ledger; see its log' });
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ error: 'no such page of the pit API' }));

  app.post('/api/login', async (request, reply) => {
    const started = Date.now();
    const body = read(
      v.object({ name: v.pipe(v.string(), v.maxLength(200)), password: v.pipe(v.string(), v.maxLength(1000)) }),
      request.body,
      'sign-in',
    );
    const signedIn = await logins.signIn(body.name, body.password, now());
    if (!signedIn) {
      const wait = (options.refusalMs ?? 1000) - (Date.now() - started);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      return reply.code(401).send({ error: 'wrong login name or password' });
    }
    return signedIn;
  });

  app.post('/api/logout', { config: { role: 'pit' } }, async (request, reply) => {
    await logins.signOut(/^Bearer ([\w-]+)$/.exec(request.headers.authorization ?? '')![1]!);
    return reply.code(204).send();
  });

  app.get('/api/tables', { config: { role: 'pit' } }, async () => {
    const rows = await db
      .selectFrom('room_table as t')
      .leftJoin('shoe as s', 's.table_name', 't.name')
      .select(({ fn }) => [
        't.name',
        't.first_seen_at',
        fn.count<number>('s.shoe_id').as('shoes'),
        fn.max('s.started_utc').as('last_shoe_at'),
      ])
      .groupBy(['t.name', 't.first_seen_at'])
      .orderBy('t.name')
      .execute();
    return {
      tables: rows.map((row) => ({
        table: row.name,
        firstSeenAt: row.first_seen_at,
        shoes: Number(row.shoes),
        lastShoeAt: row.last_shoe_at ?? null,
      })),
    };
  });

  app.get('/api/shoes', { config: { role: 'pit' } }, async (request) => {
    const query = read(rangeQuery, request.query, 'shoes');
    const { from, to } = range(query);
    let base = db.selectFrom('shoe as s');
    if (query.table !== undefined) base = base.where('s.table_name', '=', query.table);
    if (to !== undefined) base = base.where('s.started_utc', '<', to);
    if (from !== undefined) base = base.where('s.started_utc', '>=', from);
    const { rows, ...page } = await pageOf(
      query,
      base.select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      (limit, offset) =>
        base
          .innerJoin('shoe_version as v', 'v.shoe_id', 's.shoe_id')
          .where((eb) =>
            eb(
              'v.version',
              '=',
              eb
                .selectFrom('shoe_version as w')
                .select(({ fn }) => fn.max('w.version').as('m'))
                .whereRef('w.shoe_id', '=', 's.shoe_id'),
            ),
          )
          .select([
            's.shoe_id',
            's.table_name',
            's.source',
            's.started_at',
            's.pack_id',
            'v.number',
            'v.ended_at',
            'v.hand_count',
            'v.version',
            'v.recorded_at',
          ])
          .orderBy('s.started_utc', 'desc')
          .orderBy('s.shoe_id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
    );
    return {
      ...page,
      shoes: rows.map((row) => ({
        id: row.shoe_id,
        table: row.table_name,
        number: row.number,
        source: row.source,
        startedAt: row.started_at,
        endedAt: row.ended_at,
        hands: row.hand_count,
        packId: row.pack_id,
        versions: row.version,
        recordedAt: row.recorded_at,
      })),
    };
  });

  app.get('/api/shoes/:id', { config: { role: 'pit' } }, async (request, reply) => {
    const { id } = read(v.object({ id: v.pipe(v.string(), v.minLength(1), v.maxLength(200)) }), request.params, 'shoe');
    const { version } = read(v.object({ version: v.optional(whole(1_000_000)) }), request.query, 'shoe');
    const shoe = await ledger.shoe(id, version);
    if (!shoe) throw new Refusal(404, version === undefined ? 'no shoe of that id in the ledger' : 'no such version of that shoe');
    // A shoe export document (version 2): what History imports and `bacc roads` reads.
    return reply.type('application/json; charset=utf-8').send(shoeDocumentText([shoe]));
  });

  app.get('/api/shoes/:id/versions', { config: { role: 'surveillance' } }, async (request) => {
    const { id } = read(v.object({ id: v.pipe(v.string(), v.minLength(1), v.maxLength(200)) }), request.params, 'shoe');
    const versions = await ledger.versions(id);
    if (versions.length === 0) throw new Refusal(404, 'no shoe of that id in the ledger');
    return {
      versions: versions.map((row) => ({
        version: row.version,
        session: row.session,
        revision: row.revision,
        hands: row.hand_count,
        endedAt: row.ended_at,
        sentAt: row.sent_utc,
        recordedAt: row.recorded_at,
        recorder: row.recorder,
      })),
    };
  });

  app.get('/api/refusals', { config: { role: 'surveillance' } }, async (request) => {
    const query = read(rangeQuery, request.query, 'refusals');
    const { from, to } = range(query);
    let base = db.selectFrom('refusal');
    if (query.table !== undefined) {
      // The table's topics start with its key (LIKE would read % and _ in a key as wildcards).
      const prefix = `bacc/v1/tables/${encodeURIComponent(query.table)}/`;
      base = base.where(sql<string>`substr(topic, 1, ${prefix.length})`, '=', prefix);
    }
    if (from !== undefined) base = base.where('received_at', '>=', from);
    if (to !== undefined) base = base.where('received_at', '<', to);
    const { rows, ...page } = await pageOf(
      query,
      base.select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      (limit, offset) =>
        base.select(['topic', 'received_at', 'reason', 'bytes', 'recorder']).orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    );
    return {
      ...page,
      refusals: rows.map((row) => ({
        topic: row.topic,
        receivedAt: row.received_at,
        reason: row.reason,
        bytes: row.bytes,
        recorder: row.recorder,
      })),
    };
  });

  app.get('/api/presence', { config: { role: 'surveillance' } }, async (request) => {
    const query = read(rangeQuery, request.query, 'presence');
    const { from, to } = range(query);
    let base = db.selectFrom('presence');
    if (query.table !== undefined) base = base.where('table_name', '=', query.table);
    if (from !== undefined) base = base.where('received_at', '>=', from);
    if (to !== undefined) base = base.where('received_at', '<', to);
    const { rows, ...page } = await pageOf(
      query,
      base.select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      (limit, offset) =>
        base
          .select(['table_name', 'session', 'machine', 'online', 'at_utc', 'received_at'])
          .orderBy('id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
    );
    return {
      ...page,
      presence: rows.map((row) => ({
        table: row.table_name,
        session: row.session,
        machine: row.machine,
        online: row.online === 1,
        at: row.at_utc,
        receivedAt: row.received_at,
      })),
    };
  });

  /** The report a request asks for: its range checked as every range is. */
  const reportOf = (request: FastifyRequest) => {
    const query = read(reportQuery, request.query, 'report');
    const { from, to } = range({ from: query.from, to: query.to, page: 1, size: 1 });
    const tables = query.table === undefined ? [] : typeof query.table === 'string' ? [query.table] : query.table;
    return roomReport(db, { from: from!, to: to!, tables }, now());
  };

  app.get('/api/reports', { config: { role: 'pit' } }, async (request) => reportOf(request));

  app.get('/api/reports.csv', { config: { role: 'pit' } }, async (request, reply) => {
    const report = await reportOf(request);
    const name = `bacc-report-${report.from.slice(0, 13)}-${report.to.slice(0, 13)}.csv`.replaceAll(':', '');
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(roomReportCsv(report));
  });

  app.get('/api/exceptions', { config: { role: 'surveillance' } }, async (request) => {
    const query = read(exceptionsQuery, request.query, 'exceptions');
    const tables = query.table === undefined ? [] : typeof query.table === 'string' ? [query.table] : query.table;
    const filter = { tables, ...range({ ...query, table: undefined }) };
    const listed = await exceptions.list(filter, { limit: query.size, offset: (query.page - 1) * query.size }, now());
    return { page: query.page, size: query.size, total: listed.total, exceptions: listed.exceptions };
  });

  app.post('/api/exceptions/:id/ack', { config: { role: 'surveillance' } }, async (request, reply) => {
    const { id } = read(v.object({ id: v.pipe(v.string(), v.maxLength(MAX_EXCEPTION_ID_LENGTH)) }), request.params, 'exception');
    const { note } = read(ackBody, request.body, 'acknowledgement');
    const at = now().toISOString();
    const result = await exceptions.acknowledge(id, { by: request.login!.name, at, note }, now());
    if (result.kind === 'unknown') throw new Refusal(404, 'no exception of that id in the ledger');
    if (result.kind === 'already') {
      throw new Refusal(
        409,
        `this exception was acknowledged already, by ${result.ack.by} at ${result.ack.at}; the first acknowledgement is kept`,
      );
    }
    return reply.code(201).send({ id, acknowledgement: result.ack });
  });

  app.get('/api/users', { config: { role: 'admin' } }, async () => ({ users: await logins.list() }));

  app.put('/api/users/:name', { config: { role: 'admin' } }, async (request) => {
    const { name } = read(v.object({ name: v.pipe(v.string(), v.maxLength(60)) }), request.params, 'login');
    const body = read(
      v.object({ password: v.pipe(v.string(), v.maxLength(1000)), role: v.pipe(v.string(), v.maxLength(40)) }),
      request.body,
      'login',
    );
    return { [await logins.set(name, body.password, body.role, now())]: name };
  });

  app.delete('/api/users/:name', { config: { role: 'admin' } }, async (request, reply) => {
    const { name } = read(v.object({ name: v.pipe(v.string(), v.maxLength(60)) }), request.params, 'login');
    if (name === request.login?.name) throw new Refusal(400, 'a login cannot remove itself');
    if (!(await logins.remove(name))) throw new Refusal(404, 'no login of that name');
    return reply.code(204).send();
  });

  return app;
}
