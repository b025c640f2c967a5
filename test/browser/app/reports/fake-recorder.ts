/**
 * A stand-in for the recorder's pit API (server/src/pit/http.ts, and the reports contract in
 * components/app/shared/recorder-api.ts), answering the page's fetch() calls in the browser: it
 * signs in one login, refuses a request without its token (401) as the recorder does, and serves a
 * report of three tables dated from the range each request asks for (the page's own clock), and the
 * room's exceptions (server/src/pit/exceptions.ts) to a surveillance or admin login, newest first and
 * paged, each dated from the range asked, with their acknowledgements kept once (a second: 409).
 */
import type { ExceptionAck, Report, RoomException } from '../../../../components/app/shared/recorder-api.js';

export interface SeenRequest {
  url: URL;
  method: string;
  authorization: string | null;
  body: string | null;
}

export const PASSWORD = 'correct horse';
export const TOKEN = 'token-7f3a';

const EXPECTED = {
  '8': { banker: 0.458597, player: 0.446247, tie: 0.095156, natural: 0.3427, playerPair: 0.074699, bankerPair: 0.074699 },
  '6': { banker: 0.458653, player: 0.446279, tie: 0.095069, natural: 0.3429, playerPair: 0.073943, bankerPair: 0.073943 },
};

const hourAfter = (from: string, hours: number): string => new Date(Date.parse(from) + hours * 3_600_000).toISOString();

/** The report of three tables over `from`–`to`: Table 7 flagged, Table 2 with no hand carded, Salon on 6 decks. */
export function reportOf(from: string, to: string, extraHands = 0): Report {
  return {
    from,
    to,
    generatedAt: new Date().toISOString(),
    tables: [
      {
        table: 'Table 7',
        decks: 8,
        hands: 612 + extraHands,
        shoes: 8,
        banker: 281 + extraHands,
        player: 272,
        tie: 59,
        carded: 600,
        naturals: 204,
        playerPairs: 45,
        bankerPairs: 44,
        hours: [
          {
            hour: hourAfter(from, 2),
            hands: 300,
            shoes: 4,
            banker: 140,
            player: 130,
            tie: 30,
            carded: 300,
            naturals: 100,
            playerPairs: 20,
            bankerPairs: 22,
          },
          {
            hour: hourAfter(from, 3),
            hands: 312 + extraHands,
            shoes: 4,
            banker: 141 + extraHands,
            player: 142,
            tie: 29,
            carded: 300,
            naturals: 104,
            playerPairs: 25,
            bankerPairs: 22,
          },
        ],
      },
      {
        table: 'Table 2',
        decks: 8,
        hands: 40,
        shoes: 1,
        banker: 18,
        player: 19,
        tie: 3,
        carded: 0,
        naturals: 0,
        playerPairs: 0,
        bankerPairs: 0,
        hours: [
          {
            hour: hourAfter(from, 3),
            hands: 40,
            shoes: 1,
            banker: 18,
            player: 19,
            tie: 3,
            carded: 0,
            naturals: 0,
            playerPairs: 0,
            bankerPairs: 0,
          },
        ],
      },
      {
        table: 'Salon',
        decks: 6,
        hands: 130,
        shoes: 2,
        banker: 60,
        player: 58,
        tie: 12,
        carded: 130,
        naturals: 44,
        playerPairs: 9,
        bankerPairs: 10,
        hours: [
          {
            hour: hourAfter(from, 1),
            hands: 130,
            shoes: 2,
            banker: 60,
            player: 58,
            tie: 12,
            carded: 130,
            naturals: 44,
            playerPairs: 9,
            bankerPairs: 10,
          },
        ],
      },
    ],
    expected: EXPECTED,
    tests: {
      level: 0.01,
      count: 4,
      explanation: 'A flag is a reason to look, not proof: by chance alone about one test in a hundred would be flagged.',
      rows: [
        {
          table: 'Table 7',
          test: 'outcome',
          observed: [281, 272, 59],
          expected: [280.7, 273.1, 58.2],
          statistic: 14.2,
          df: 2,
          p: 0.0008,
          verdict: 'flagged',
        },
        {
          table: 'Table 7',
          test: 'natural',
          observed: [204, 396],
          expected: [205.6, 394.4],
          statistic: 0.02,
          df: 1,
          p: 0.88,
          verdict: 'within',
        },
        {
          table: 'Table 2',
          test: 'outcome',
          observed: [18, 19, 3],
          expected: [18.3, 17.8, 3.8],
          statistic: null,
          df: 2,
          p: null,
          verdict: 'too-few',
        },
        {
          table: 'Salon',
          test: 'outcome',
          observed: [60, 58, 12],
          expected: [59.6, 58, 12.4],
          statistic: 0.01,
          df: 2,
          p: 0.99,
          verdict: 'within',
        },
      ],
    },
  };
}

/** An exception as the fake keeps it: dated `minutes` after the start of the range each list asks for. */
export interface FakeException {
  minutes: number;
  exception: Omit<RoomException, 'time' | 'acknowledgement'>;
}

/** An id as the recorder makes them: a ledger row's key as JSON, in base64url. */
export const idOf = (key: unknown[]): string => btoa(JSON.stringify(key)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

const audit = (
  position: number,
  kind: string,
  hand: number | null,
  reason: string | null,
  minutes: number,
  operator = 'Mei',
): FakeException => ({
  minutes,
  exception: {
    id: idOf(['audit', 'shoe-7a', position, position]),
    source: 'audit',
    kind,
    table: 'Table 7',
    shoeId: 'shoe-7a',
    hand,
    reason,
    detail: { operator, reasonGiven: null },
  },
});

const event = (
  position: number,
  kind: string,
  afterHand: number,
  cards: string[],
  minutes: number,
  by: 'device' | 'clerk' | null = null,
): FakeException => ({
  minutes,
  exception: {
    id: idOf(['event', 'shoe-2b', position, position]),
    source: 'event',
    kind,
    table: 'Table 2',
    shoeId: 'shoe-2b',
    hand: null,
    reason: null,
    detail: { afterHand, cards, by },
  },
});

/** One of each kind the recorder lists, the newest last here (the list gives them newest first). */
export function everyKind(): FakeException[] {
  return [
    audit(1, 'undo', 12, 'dealer error', 10),
    audit(2, 'redo', 12, 'supervisor', 11),
    audit(3, 'correct', 14, null, 12),
    audit(4, 'reopen', null, 'shoe closed by mistake', 13),
    audit(5, 'cancel', 20, 'card exposed', 14),
    audit(6, 'void-hand', 21, 'clerk error', 15),
    audit(7, 'void-shoe', null, 'supervisor', 16),
    event(1, 'cancelled', 30, ['KH'], 17, 'device'),
    event(2, 'void-hand', 31, ['2S', '9D', '4C', '7H'], 18),
    event(3, 'void-shoe', 32, ['AS'], 19),
    event(4, 'dummy-hand', 33, ['5D', '6C', '3H', 'QS'], 20),
    {
      minutes: 21,
      exception: {
        id: idOf(['presence', 'Salon', 'p-1']),
        source: 'presence',
        kind: 'offline',
        table: 'Salon',
        shoeId: null,
        hand: null,
        reason: null,
        detail: { session: 's-1', machine: 'pit-3', until: new Date(Date.now() - 3_600_000).toISOString(), seconds: 720 },
      },
    },
    {
      minutes: 22,
      exception: {
        id: idOf(['presence', 'Table 2', 'p-2']),
        source: 'presence',
        kind: 'offline',
        table: 'Table 2',
        shoeId: null,
        hand: null,
        reason: null,
        detail: { session: 's-2', machine: null, until: null, seconds: 300 },
      },
    },
    {
      minutes: 23,
      exception: {
        id: idOf(['refusal', 'bacc/v1/tables/Table%207/shoe', 'a'.repeat(64)]),
        source: 'refusal',
        kind: 'refused',
        table: 'Table 7',
        shoeId: null,
        hand: null,
        reason: 'not a shoe document: hands[3] is not a hand',
        detail: { topic: 'bacc/v1/tables/Table%207/shoe', bytes: 812, recorder: 'recorder-1' },
      },
    },
  ];
}

const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8' } });

/** The stand-in, installed as window.fetch until `restore()`. */
export class FakeRecorder {
  readonly requests: SeenRequest[] = [];
  /** Set to end the sign-in: every request is then refused as the recorder refuses an expired one. */
  expired = false;
  /** Set to refuse the reports as the recorder refuses a role that may not read them (403). */
  forbidden = false;
  /** Hands added to Table 7 (a later read sees more). */
  extraHands = 0;
  /** The role the sign-in answers: any but surveillance and admin is refused the exceptions (403). */
  role = 'pit';
  /** The ledger's exceptions; tests add to them. */
  exceptions: FakeException[] = everyKind();
  /** The acknowledgements kept, by id; a test may add one as another login would. */
  readonly acks = new Map<string, ExceptionAck>();
  private name = '';
  private readonly original = window.fetch;

  constructor() {
    window.fetch = (input, init) => Promise.resolve(this.answer(new Request(input, init), init?.body ?? null));
  }

  restore(): void {
    window.fetch = this.original;
  }

  /** The requests to `path` (as `/api/reports`), in order. */
  to(path: string): SeenRequest[] {
    return this.requests.filter((request) => request.url.pathname === path);
  }

  private answer(request: Request, body: BodyInit | null): Response {
    const url = new URL(request.url);
    const authorization = request.headers.get('Authorization');
    this.requests.push({ url, method: request.method, authorization, body: typeof body === 'string' ? body : null });
    if (url.pathname === '/api/login' && request.method === 'POST') {
      const login = JSON.parse(typeof body === 'string' ? body : '{}') as { name?: string; password?: string };
      if (login.password !== PASSWORD) return json(401, { error: 'wrong login name or password' });
      this.name = login.name ?? '';
      return json(200, { token: TOKEN, role: this.role, expiresAt: new Date(Date.now() + 12 * 3_600_000).toISOString() });
    }
    if (authorization !== `Bearer ${TOKEN}`) return json(401, { error: 'sign in first (POST /api/login)' });
    if (this.expired) return json(401, { error: 'the sign-in has ended: sign in again' });
    switch (url.pathname) {
      case '/api/logout':
        return new Response(null, { status: 204 });
      case '/api/tables':
        return json(200, {
          tables: ['Salon', 'Table 2', 'Table 7'].map((table) => ({ table, firstSeenAt: '', shoes: 1, lastShoeAt: null })),
        });
      case '/api/reports':
        if (this.forbidden) return json(403, { error: 'a pit login may not read this; it needs surveillance' });
        return json(200, reportOf(url.searchParams.get('from')!, url.searchParams.get('to')!, this.extraHands));
      case '/api/reports.csv':
        return new Response('table,hour,hands\nTable 7,2026-03-01T02:00:00.000Z,300\n', { headers: { 'Content-Type': 'text/csv' } });
      case '/api/exceptions':
        if (this.role !== 'surveillance' && this.role !== 'admin')
          return json(403, { error: `a ${this.role} login may not read this; it needs surveillance` });
        return json(200, this.exceptionPage(url.searchParams));
      default: {
        const ack = /^\/api\/exceptions\/([^/]+)\/ack$/.exec(url.pathname);
        if (ack && request.method === 'POST') return this.acknowledge(decodeURIComponent(ack[1]!), body);
        return json(404, { error: 'no such page of the pit API' });
      }
    }
  }

  /** A page of the exceptions of the range and tables asked, newest first, as GET /api/exceptions answers. */
  private exceptionPage(params: URLSearchParams): unknown {
    const from = Date.parse(params.get('from')!);
    const tables = params.getAll('table');
    const page = Number(params.get('page') ?? '1');
    const size = Number(params.get('size') ?? '50');
    const listed = this.exceptions
      .filter(({ exception }) => tables.length === 0 || (exception.table !== null && tables.includes(exception.table)))
      .sort((a, b) => b.minutes - a.minutes)
      .map(({ minutes, exception }) => ({
        ...exception,
        time: new Date(from + minutes * 60_000).toISOString(),
        acknowledgement: this.acks.get(exception.id) ?? null,
      }));
    return { page, size, total: listed.length, exceptions: listed.slice((page - 1) * size, page * size) };
  }

  /** POST /api/exceptions/<id>/ack: 201 once, 409 after, 404 for an unknown id, 400 for a bad note. */
  private acknowledge(id: string, body: BodyInit | null): Response {
    if (this.role !== 'surveillance' && this.role !== 'admin')
      return json(403, { error: `a ${this.role} login may not read this; it needs surveillance` });
    const { note } = JSON.parse(typeof body === 'string' ? body : '{}') as { note?: unknown };
    const trimmed = typeof note === 'string' ? note.trim() : '';
    if (trimmed.length < 1 || trimmed.length > 1000) return json(400, { error: 'acknowledgement "note": a note of 1 to 1000 characters' });
    if (!this.exceptions.some(({ exception }) => exception.id === id)) return json(404, { error: 'no exception of that id in the ledger' });
    const first = this.acks.get(id);
    if (first) {
      return json(409, {
        error: `this exception was acknowledged already, by ${first.by} at ${first.at}; the first acknowledgement is kept`,
      });
    }
    const acknowledgement = { by: this.name, at: new Date().toISOString(), note: trimmed };
    this.acks.set(id, acknowledgement);
    return json(201, { id, acknowledgement });
  }
}
