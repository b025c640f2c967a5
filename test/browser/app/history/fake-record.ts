/**
 * A stand-in for the recorder's pit API as History reads the room's record (server/src/pit/http.ts:
 * GET /api/tables, /api/shoes paged, /api/shoes/<id> a shoe export document), answering the page's
 * fetch() calls in the browser. Its record holds `total` shoes (30,000 unless told), one every 15
 * minutes back from an hour before the page's clock, on its tables in turn; a shoe's hands are dealt
 * only when a page lists it. It signs in one login and refuses a request without its token (401),
 * as the recorder does.
 */
import { shoeDocumentText, type ShoeRecord } from '../../../../src/shoes/document.js';
import { shoeAt } from './history-fixtures.js';

export const RECORD_PASSWORD = 'correct horse';
export const RECORD_TOKEN = 'token-record-9c1d';
/** The minutes between two shoes of the record. */
const EVERY_MINUTES = 15;

export interface RecordRequest {
  url: URL;
  method: string;
  authorization: string | null;
  body: string | null;
}

interface Listed {
  index: number;
  table: string;
  startedAt: string;
}

const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8' } });

export class FakeRecord {
  readonly requests: RecordRequest[] = [];
  /** Set to end the sign-in: every request is then refused as the recorder refuses an expired one. */
  expired = false;
  /** Set to stop answering at all, as a recorder that stopped. */
  unreachable = false;
  /** Shoes served as they are, by id, before the made-up ones (a test's own shoe). */
  readonly own = new Map<string, ShoeRecord>();
  /** The document texts served, by shoe id. */
  readonly served = new Map<string, string>();
  private readonly original = window.fetch;
  private readonly listed: Listed[];
  private readonly made = new Map<string, ShoeRecord>();

  constructor(
    readonly tables: readonly string[] = ['Salon', 'Table 2', 'Table 7'],
    readonly total = 30_000,
    /** The newest shoe's start; every other one 15 minutes before the one after it. */
    readonly newest = new Date(Date.now() - 3_600_000),
  ) {
    this.listed = Array.from({ length: total }, (_, index) => ({
      index,
      table: tables[index % tables.length]!,
      startedAt: new Date(newest.getTime() - index * EVERY_MINUTES * 60_000).toISOString(),
    }));
    window.fetch = (input, init) =>
      this.unreachable
        ? Promise.reject(new TypeError('Failed to fetch'))
        : Promise.resolve(this.answer(new Request(input, init), init?.body ?? null));
  }

  restore(): void {
    window.fetch = this.original;
  }

  /** The requests to `path` (as `/api/shoes`), in order. */
  to(path: string): RecordRequest[] {
    return this.requests.filter((request) => request.url.pathname === path);
  }

  /** The shoe the record holds at `index` (newest first), dealt on first use. */
  shoeAt(index: number): ShoeRecord {
    const { table, startedAt } = this.listed[index]!;
    const id = `record-${index}`;
    let shoe = this.own.get(id) ?? this.made.get(id);
    if (!shoe) {
      const dealt = shoeAt(id, table, startedAt);
      shoe = { ...dealt, id, number: 1 + (index % 7), hands: dealt.hands.slice(0, 30) };
      this.made.set(id, shoe);
    }
    return shoe;
  }

  private answer(request: Request, body: BodyInit | null): Response {
    const url = new URL(request.url);
    const authorization = request.headers.get('Authorization');
    this.requests.push({ url, method: request.method, authorization, body: typeof body === 'string' ? body : null });
    if (url.pathname === '/api/login' && request.method === 'POST') {
      const login = JSON.parse(typeof body === 'string' ? body : '{}') as { name?: string; password?: string };
      if (login.password !== RECORD_PASSWORD) return json(401, { error: 'wrong login name or password' });
      const expiresAt = new Date(Date.now() + 12 * 3_600_000).toISOString();
      // As the recorder answers: the token, the role and the expiry (the name is the one given).
      return json(200, { token: RECORD_TOKEN, role: 'pit', expiresAt });
    }
    if (authorization !== `Bearer ${RECORD_TOKEN}`) return json(401, { error: 'sign in first (POST /api/login)' });
    if (this.expired) return json(401, { error: 'the sign-in has ended: sign in again' });
    if (url.pathname === '/api/tables') return json(200, { tables: this.tables.map((table) => ({ table, firstSeenAt: '', shoes: 1 })) });
    if (url.pathname === '/api/shoes') return this.list(url.searchParams);
    const id = /^\/api\/shoes\/([^/]+)$/.exec(url.pathname)?.[1];
    if (id !== undefined) {
      const index = Number(/^record-(\d+)$/.exec(decodeURIComponent(id))?.[1] ?? NaN);
      if (!Number.isInteger(index) || index >= this.total) return json(404, { error: 'no shoe of that id in the ledger' });
      // As the recorder's text, with a line end of its own: the page must save these bytes, not its own writing of the shoe.
      const text = `${shoeDocumentText([this.shoeAt(index)])}\n`;
      this.served.set(decodeURIComponent(id), text);
      return new Response(text, { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
    }
    return json(404, { error: 'no such page of the pit API' });
  }

  private list(params: URLSearchParams): Response {
    const table = params.get('table');
    const from = params.get('from');
    const to = params.get('to');
    const page = Number(params.get('page') ?? '1');
    const size = Number(params.get('size') ?? '50');
    if (!(size >= 1 && size <= 200)) return json(400, { error: 'shoes "size": at most 200' });
    if (from !== null && to !== null && Date.parse(from) > Date.parse(to)) return json(400, { error: 'from is after to' });
    const matching = this.listed.filter(
      (shoe) =>
        (table === null || shoe.table === table) &&
        (from === null || shoe.startedAt >= new Date(from).toISOString()) &&
        (to === null || shoe.startedAt < new Date(to).toISOString()),
    );
    const rows = matching.slice((page - 1) * size, page * size).map(({ index }) => {
      const shoe = this.shoeAt(index);
      return {
        id: shoe.id,
        table: shoe.table,
        number: shoe.number,
        source: shoe.source,
        startedAt: shoe.startedAt,
        endedAt: shoe.endedAt,
        hands: shoe.hands.length,
        packId: null,
        versions: 1,
        recordedAt: shoe.startedAt,
      };
    });
    return json(200, { page, size, total: matching.length, shoes: rows });
  }
}
