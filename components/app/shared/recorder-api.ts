/**
 * The recorder's pit API as the pages use it (server/src/pit/http.ts; docs/guide/recorder.md):
 * signing in and out, the tables, a report and its CSV (the reports page), and the record's shoes,
 * a page of the list at a time, and one shoe's export document (History). Every request but signing in carries the
 * token as `Authorization: Bearer …`; a refusal is JSON `{ "error": sentence }` with its status.
 * The answers are checked against the contract before the page reads them, and the problems come
 * back as kinds with the recorder's own sentence (report-words.ts words them).
 *
 * GET /api/reports?from=<ISO>&to=<ISO>[&table=<name>]… (table repeatable; none: every table):
 *
 * | field        | what                                                                           |
 * | ------------ | ------------------------------------------------------------------------------ |
 * | tables[]     | per table: decks, hands, shoes, banker/player/tie, carded, naturals, pairs     |
 * | tables[].hours[] | the same figures per UTC hour start, only hours with hands                 |
 * | expected     | by decks ("8"): the exact share of each outcome, natural and pair              |
 * | tests        | level, count, explanation, and rows: observed, expected, statistic, df, p, verdict |
 *
 * `carded` counts the hands whose cards were recorded: naturals and pairs are known for those only.
 *
 * GET /api/shoes?[table=<name>][&from=<ISO>][&to=<ISO>]&page=<from 1>&size=<at most 200>: the shoes
 * started in the range, newest first, `total` counting every page's. GET /api/shoes/<id>: the shoe
 * as a shoe export document (version 2), the text History imports; the page reads it with the same
 * reader as an import.
 *
 * GET /api/exceptions?from=<ISO>&to=<ISO>[&table=<name>]…&page=<from 1>&size=<at most 200> (surveillance;
 * a pit login gets 403): the room's exceptions, newest first, each with its id, source, kind, table,
 * time, shoe, hand, reason, detail and acknowledgement. POST /api/exceptions/<id>/ack with `{ note }`
 * (1–1000 characters) keeps surveillance's acknowledgement once: 201 `{ id, acknowledgement }`, 409
 * when it was given already, 404 for an unknown id, 400 for a bad note.
 */
import * as v from 'valibot';

/** Where the recorder is and who signed in: kept for the browser tab (sessionStorage), never with the password. */
export interface RecorderSession {
  /** The recorder's address, `http://host:port`, without a trailing slash. */
  address: string;
  token: string;
  name: string;
  role: string;
  expiresAt: string;
}

/** Why a request gave no answer, as data; the page words it. */
export type RecorderProblem =
  /** 401: signed out, the sign-in ended, or a wrong name or password. */
  | { kind: 'signed-out'; sentence: string }
  /** 403: this login's role may not read it (or this page's origin is not allowed). */
  | { kind: 'forbidden'; sentence: string }
  /** Any other refusal, with the recorder's sentence. */
  | { kind: 'refused'; status: number; sentence: string }
  /** No answer at all: the address is wrong, the recorder is not running, or it refused this origin. */
  | { kind: 'unreachable' }
  /** An answer that is not what the contract says. */
  | { kind: 'unreadable'; status: number };

/** A request that gave no usable answer; `problem` says why. The message is for logs. */
export class RecorderError extends Error {
  override name = 'RecorderError';
  constructor(readonly problem: RecorderProblem) {
    super(`${problem.kind}${'sentence' in problem ? `: ${problem.sentence}` : ''}`);
  }
}

const count = v.pipe(v.number(), v.integer(), v.minValue(0));
const figures = {
  hands: count,
  shoes: count,
  banker: count,
  player: count,
  tie: count,
  carded: count,
  naturals: count,
  playerPairs: count,
  bankerPairs: count,
};
const hourSchema = v.object({ hour: v.string(), ...figures });
const tableSchema = v.object({ table: v.string(), decks: v.pipe(v.number(), v.integer()), ...figures, hours: v.array(hourSchema) });
const share = v.pipe(v.number(), v.minValue(0), v.maxValue(1));
const expectedSchema = v.object({ banker: share, player: share, tie: share, natural: share, playerPair: share, bankerPair: share });
const testRowSchema = v.object({
  table: v.string(),
  test: v.picklist(['outcome', 'natural', 'player-pair', 'banker-pair']),
  observed: v.array(v.number()),
  expected: v.array(v.number()),
  statistic: v.nullable(v.number()),
  df: v.nullable(v.number()),
  p: v.nullable(v.number()),
  verdict: v.picklist(['flagged', 'within', 'too-few']),
});
const reportSchema = v.object({
  from: v.string(),
  to: v.string(),
  generatedAt: v.string(),
  tables: v.array(tableSchema),
  expected: v.record(v.string(), expectedSchema),
  tests: v.object({ level: v.number(), count: v.number(), explanation: v.string(), rows: v.array(testRowSchema) }),
});
/** The recorder's answer to a sign-in (POST /api/login): the login's name is the one given. */
const signInSchema = v.object({ token: v.string(), role: v.string(), expiresAt: v.string() });
const tablesSchema = v.object({ tables: v.array(v.object({ table: v.string() })) });
const listedShoeSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1)),
  table: v.string(),
  number: v.optional(v.nullable(v.number())),
  source: v.optional(v.string()),
  startedAt: v.string(),
  endedAt: v.nullable(v.string()),
  hands: count,
});
const shoePageSchema = v.object({
  page: v.pipe(v.number(), v.integer(), v.minValue(1)),
  size: v.pipe(v.number(), v.integer(), v.minValue(1)),
  total: count,
  shoes: v.array(listedShoeSchema),
});
const ackSchema = v.object({ by: v.string(), at: v.string(), note: v.string() });
const exceptionSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1)),
  source: v.picklist(['audit', 'event', 'presence', 'refusal']),
  kind: v.string(),
  table: v.nullable(v.string()),
  time: v.string(),
  shoeId: v.nullable(v.string()),
  hand: v.nullable(v.pipe(v.number(), v.integer())),
  reason: v.nullable(v.string()),
  /** What the page reads of each source's detail (an audit entry's, an event's, an offline period's). */
  detail: v.looseObject({
    operator: v.optional(v.nullable(v.string())),
    reasonGiven: v.optional(v.nullable(v.object({ at: v.string(), operator: v.nullable(v.string()) }))),
    afterHand: v.optional(v.number()),
    cards: v.optional(v.array(v.string())),
    by: v.optional(v.nullable(v.string())),
    until: v.optional(v.nullable(v.string())),
    seconds: v.optional(v.number()),
  }),
  acknowledgement: v.nullable(ackSchema),
});
const exceptionPageSchema = v.object({
  page: v.pipe(v.number(), v.integer(), v.minValue(1)),
  size: v.pipe(v.number(), v.integer(), v.minValue(1)),
  total: count,
  exceptions: v.array(exceptionSchema),
});
const acknowledgedSchema = v.object({ id: v.string(), acknowledgement: ackSchema });

/** A page of the room's exceptions: where it is, how many in all, and its exceptions, newest first. */
export type ExceptionPage = v.InferOutput<typeof exceptionPageSchema>;
export type RoomException = ExceptionPage['exceptions'][number];
export type ExceptionAck = v.InferOutput<typeof ackSchema>;

export type Report = v.InferOutput<typeof reportSchema>;
export type ReportTable = Report['tables'][number];
export type ReportHour = ReportTable['hours'][number];
export type ExactShares = v.InferOutput<typeof expectedSchema>;
export type TestRow = Report['tests']['rows'][number];
/** The counts a table and an hour both have. */
export type Figures = { [K in keyof typeof figures]: number };

/**
 * The recorder's address from what a person typed: `host:port` gets `http://`; a path, query or
 * credential is refused. Null when it cannot be used.
 * @example recorderAddress('pit.local:8080') // 'http://pit.local:8080'
 */
export function recorderAddress(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) return null;
  return url.origin;
}

/** What the report asks for: a range of UTC instants and the tables (none: every table). */
export interface ReportQuery {
  from: Date;
  to: Date;
  tables: readonly string[];
}

/** Which shoes of the record a page of the list shows: a table (none: every table), a range of start times, and the page. */
export interface ShoeListQuery {
  table: string | null;
  from: Date | null;
  to: Date | null;
  /** From 1. */
  page: number;
  /** At most MAX_SHOE_PAGE_SIZE. */
  size: number;
}

/** The most shoes the recorder lists in a page. */
export const MAX_SHOE_PAGE_SIZE = 200;

/** A page of the record's shoes: where it is, how many there are in all, and its shoes as the list gives them. */
export type ShoePage = v.InferOutput<typeof shoePageSchema>;
export type ListedShoe = ShoePage['shoes'][number];

/** The query string of a page of the shoe list. */
export function shoeListSearch(query: ShoeListQuery): string {
  const params = new URLSearchParams();
  if (query.table !== null) params.set('table', query.table);
  if (query.from) params.set('from', query.from.toISOString());
  if (query.to) params.set('to', query.to.toISOString());
  params.set('page', String(query.page));
  params.set('size', String(Math.min(query.size, MAX_SHOE_PAGE_SIZE)));
  return params.toString();
}

/** The query string of a report or its CSV. */
export function reportSearch(query: ReportQuery): string {
  const params = new URLSearchParams({ from: query.from.toISOString(), to: query.to.toISOString() });
  for (const table of query.tables) params.append('table', table);
  return params.toString();
}

/** The query string of a page of the exceptions: the report's time and tables, and the page. */
export function exceptionSearch(query: ReportQuery, page: number, size: number): string {
  const params = new URLSearchParams(reportSearch(query));
  params.set('page', String(page));
  params.set('size', String(size));
  return params.toString();
}

/** The sentence of a refusal (`{ error }`), or null when the body is not one. */
async function refusalSentence(response: Response): Promise<string | null> {
  try {
    const body = (await response.json()) as unknown;
    if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string') return body.error;
  } catch {
    // Not JSON: no sentence to show.
  }
  return null;
}

/** `fetch`, with no answer at all as `unreachable` and a refusal as its kind. */
async function request(url: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, cache: 'no-store', credentials: 'omit' });
  } catch (error) {
    console.warn('The recorder could not be reached:', error);
    throw new RecorderError({ kind: 'unreachable' });
  }
  if (response.ok) return response;
  const sentence = await refusalSentence(response);
  if (sentence === null) throw new RecorderError({ kind: 'unreadable', status: response.status });
  if (response.status === 401) throw new RecorderError({ kind: 'signed-out', sentence });
  if (response.status === 403) throw new RecorderError({ kind: 'forbidden', sentence });
  throw new RecorderError({ kind: 'refused', status: response.status, sentence });
}

async function readJson<T extends v.GenericSchema>(response: Response, schema: T): Promise<v.InferOutput<T>> {
  try {
    return v.parse(schema, await response.json());
  } catch (error) {
    console.warn('The recorder answered outside the contract:', error);
    throw new RecorderError({ kind: 'unreadable', status: response.status });
  }
}

const bearer = (session: RecorderSession): HeadersInit => ({ Authorization: `Bearer ${session.token}` });

/** Signs in: the password goes in the request's body and nowhere else. */
export async function signIn(address: string, name: string, password: string): Promise<RecorderSession> {
  const response = await request(`${address}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, password }),
  });
  const answer = await readJson(response, signInSchema);
  return { address, name, token: answer.token, role: answer.role, expiresAt: answer.expiresAt };
}

/** Ends the sign-in on the recorder; an answer that does not come changes nothing here (the token is forgotten anyway). */
export async function signOut(session: RecorderSession): Promise<void> {
  await request(`${session.address}/api/logout`, { method: 'POST', headers: bearer(session) }).catch(() => undefined);
}

/** The names of the tables the ledger knows, in its order (by name). */
export async function readTables(session: RecorderSession): Promise<string[]> {
  const response = await request(`${session.address}/api/tables`, { headers: bearer(session) });
  return (await readJson(response, tablesSchema)).tables.map((row) => row.table);
}

/** The report of `query`. */
export async function readReport(session: RecorderSession, query: ReportQuery): Promise<Report> {
  const response = await request(`${session.address}/api/reports?${reportSearch(query)}`, { headers: bearer(session) });
  return readJson(response, reportSchema);
}

/** The report of `query` as CSV (one row per table and hour), as the recorder writes it. */
export async function readReportCsv(session: RecorderSession, query: ReportQuery): Promise<Blob> {
  const response = await request(`${session.address}/api/reports.csv?${reportSearch(query)}`, { headers: bearer(session) });
  return response.blob();
}

/** A page of the record's shoes, newest first. */
export async function readShoePage(session: RecorderSession, query: ShoeListQuery): Promise<ShoePage> {
  const response = await request(`${session.address}/api/shoes?${shoeListSearch(query)}`, { headers: bearer(session) });
  return readJson(response, shoePageSchema);
}

/** A page of the room's exceptions of `query`'s time and tables, newest first (a surveillance login's). */
export async function readExceptions(session: RecorderSession, query: ReportQuery, page: number, size: number): Promise<ExceptionPage> {
  const response = await request(`${session.address}/api/exceptions?${exceptionSearch(query, page, size)}`, { headers: bearer(session) });
  return readJson(response, exceptionPageSchema);
}

/** Acknowledges an exception with a note; the recorder's acknowledgement (who, when, the note as kept). */
export async function acknowledgeException(session: RecorderSession, id: string, note: string): Promise<ExceptionAck> {
  const response = await request(`${session.address}/api/exceptions/${encodeURIComponent(id)}/ack`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${session.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ note }),
  });
  return (await readJson(response, acknowledgedSchema)).acknowledgement;
}

/**
 * One shoe of the record as the recorder wrote it: the bytes of a shoe export document, unread (the
 * page reads them as it reads an import file, and saves these very bytes as the shoe's JSON export).
 */
export async function readShoeDocument(session: RecorderSession, id: string): Promise<Blob> {
  const response = await request(`${session.address}/api/shoes/${encodeURIComponent(id)}`, { headers: bearer(session) });
  try {
    return await response.blob();
  } catch (error) {
    console.warn("The recorder's answer broke off:", error);
    throw new RecorderError({ kind: 'unreadable', status: response.status });
  }
}

/**
 * Whether the page's own origin is a recorder (it served the page): its API answers a request
 * without a token with 401 and a sentence. Anything else (a plain web server's page or 404) is not.
 */
export async function servedByRecorder(origin: string): Promise<boolean> {
  try {
    const response = await fetch(`${origin}/api/tables`, { cache: 'no-store', credentials: 'omit' });
    return response.status === 401 && (await refusalSentence(response)) !== null;
  } catch {
    return false;
  }
}
