/**
 * Exact odds for the panels without holding up the page: worked out in a worker (odds-worker.ts),
 * or, where no worker starts, on the page after its next frame. The answers are kept, so a
 * composition asked for again (a panel's next render, another panel) is there at once.
 */
import { exactOdds, type NextHandOdds, type RankCounts } from '../../src/game/odds.js';
import type { TableRules } from '../../src/game/rules.js';

/** @internal What the page asks the worker. */
export interface OddsRequest {
  id: number;
  counts: number[];
  rules: TableRules;
}

/** @internal What the worker answers: the odds, or why there are none. */
export type OddsAnswer = { id: number; odds: NextHandOdds } | { id: number; error: string };

/** Odds at hand (`now`), or on their way (`later` settles with them either way). */
export interface OddsLookup {
  now: NextHandOdds | undefined;
  later: Promise<NextHandOdds>;
}

/** Enough for a shoe's hands and a few rule sets; the oldest answer goes first. */
const KEPT = 128;
const answers = new Map<string, { odds?: NextHandOdds; later: Promise<NextHandOdds> }>();
const waiting = new Map<number, { resolve: (odds: NextHandOdds) => void; reject: (error: Error) => void; request: OddsRequest }>();
let worker: Worker | null | undefined;
let lastId = 0;

/** The exact odds of the next hand from `counts` under `rules`; see `exactOdds`. */
export function exactOddsOf(counts: RankCounts, rules: Readonly<TableRules>): OddsLookup {
  const key = `${counts.join(',')}|${JSON.stringify(rules)}`;
  let entry = answers.get(key);
  if (entry === undefined) {
    const request: OddsRequest = { id: ++lastId, counts: [...counts], rules: { ...rules } };
    const later = ask(request);
    const made: { odds?: NextHandOdds; later: Promise<NextHandOdds> } = { later };
    later.then(
      (odds) => (made.odds = odds),
      () => answers.delete(key),
    );
    entry = made;
    answers.set(key, entry);
    if (answers.size > KEPT) answers.delete(answers.keys().next().value!);
  }
  return { now: entry.odds, later: entry.later };
}

function ask(request: OddsRequest): Promise<NextHandOdds> {
  const oddsWorker = startedWorker();
  if (oddsWorker === null) return workOutHere(request);
  return new Promise((resolve, reject) => {
    waiting.set(request.id, { resolve, reject, request });
    oddsWorker.postMessage(request);
  });
}

function startedWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    worker = new Worker(new URL('./odds-worker.js', import.meta.url), { type: 'module' });
  } catch {
    return (worker = null);
  }
  worker.addEventListener('message', (event: MessageEvent<OddsAnswer>) => {
    const answer = event.data;
    const request = waiting.get(answer.id);
    waiting.delete(answer.id);
    if ('odds' in answer) request?.resolve(answer.odds);
    else request?.reject(new Error(answer.error));
  });
  // A worker that cannot load (a page's bundler that does not ship it, a strict policy): the page
  // works the odds out itself, the waiting requests included.
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    worker?.terminate();
    worker = null;
    for (const { resolve, reject, request } of waiting.values()) workOutHere(request).then(resolve, reject);
    waiting.clear();
  });
  return worker;
}

/** On the page, in a task of its own after the next frame, so the frame that asked paints first. */
function workOutHere(request: OddsRequest): Promise<NextHandOdds> {
  return new Promise((resolve, reject) => {
    const run = (): void => {
      try {
        resolve(exactOdds(request.counts, request.rules));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(run, 0));
    else setTimeout(run, 0);
  });
}
