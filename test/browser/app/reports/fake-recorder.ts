/**
 * A stand-in for the recorder's pit API (server/src/pit/http.ts, and the reports contract in
 * components/app/shared/recorder-api.ts), answering the page's fetch() calls in the browser: it
 * signs in one login, refuses a request without its token (401) as the recorder does, and serves a
 * report of three tables dated from the range each request asks for (the page's own clock).
 */
import type { Report } from '../../../../components/app/shared/recorder-api.js';

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
      return json(200, { token: TOKEN, role: 'pit', expiresAt: new Date(Date.now() + 12 * 3_600_000).toISOString() });
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
      default:
        return json(404, { error: 'no such page of the pit API' });
    }
  }
}
