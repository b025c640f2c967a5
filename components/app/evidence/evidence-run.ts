/**
 * An evidence run in the page (issue #17): one module worker per core the browser reports, each
 * dealing and tallying the chunks it is handed, and the page merging them in chunk order through an
 * `EvidenceRunPlan`, so that the table is the one `bacc evidence` prints for the same seed however
 * many workers there were and whichever finished first.
 *
 * The page's share is small on purpose: a reply is a 116-number tally to add up (microseconds),
 * and the listener is told at most every `reportEveryMs` (reading the tally out as measurements and
 * redrawing is the listener's, and costs about a millisecond).
 */
import { msg } from '@lit/localize';
import { EvidenceRunPlan, TALLY_LENGTH } from '../../../src/evidence/evidence.js';
import type { NextHandOdds } from '../../../src/game/odds.js';
import type { EvidenceChunkReply, EvidenceChunkRequest, EvidenceOddsReply, EvidenceOddsRequest } from './evidence-worker.js';

/** Requests each worker holds at once: the next is already queued when one is posted back, so no worker waits on the page. */
const REQUESTS_PER_WORKER = 2;
/**
 * Most chunks (of 25 shoes, about 2,000 hands) in one request: about 40,000 hands, a few
 * milliseconds of a worker's time. A reply a chunk was some 5,000 messages a second for the page to
 * take, which halved what two workers dealt on two cores; the run still ends at the first chunk
 * that reaches the hands asked, since each chunk's tally comes back on its own.
 */
const CHUNKS_PER_REQUEST = 20;

/** A fresh shoe's exact odds by decks, once a worker computed them: a kiosk runs again after every shoe. */
const oddsByDecks = new Map<number, NextHandOdds>();

export interface EvidenceRunOptions {
  seed: string;
  /** Hands to count: the run ends with the chunk at which the hands counted reach it. */
  hands: number;
  decks: number;
  /** Workers to start; by default one per core the browser reports (`navigator.hardwareConcurrency`), at least one. */
  workers?: number;
  /** Least time between two progress reports, in ms (default 250). */
  reportEveryMs?: number;
  /** Told a few times a second while the run goes on, and once more when it is done. */
  onProgress?: (run: EvidenceRun) => void;
  /** Told once when every chunk of the run is merged. */
  onDone?: (run: EvidenceRun) => void;
  /** Told once when a worker fails; every worker is stopped first. */
  onError?: (message: string) => void;
  /**
   * Makes one worker (tests count or slow them).
   * @internal
   */
  createWorker?: () => Worker;
}

export type EvidenceRunState = 'idle' | 'running' | 'done' | 'cancelled' | 'failed';

/** One module worker of the run, built by Vite from evidence-worker.ts. */
export function createEvidenceWorker(): Worker {
  return new Worker(new URL('./evidence-worker.ts', import.meta.url), { type: 'module', name: 'bacc-evidence' });
}

/** How many workers a run starts when not told: one per core the browser reports, at least one. */
export function defaultWorkerCount(): number {
  const cores = typeof navigator === 'undefined' ? 1 : navigator.hardwareConcurrency;
  return Math.max(1, Number.isFinite(cores) ? Math.floor(cores) : 1);
}

export class EvidenceRun {
  readonly plan: EvidenceRunPlan;
  readonly seed: string;
  readonly decks: number;
  readonly workerCount: number;
  private stateNow: EvidenceRunState = 'idle';
  private readonly workers: Worker[] = [];
  /** Chunks each worker holds now. */
  private readonly held = new Map<Worker, number>();
  private lastReport = -Infinity;
  /** A fresh shoe's exact odds, from the first worker; null until it answers. */
  private exact: NextHandOdds | null;
  private readonly reportEveryMs: number;
  /** When the run started and ended (performance.now()), for the hands per second. */
  startedAt = 0;
  endedAt = 0;
  /**
   * Replies heard after the run ended (cancelled or done): a terminated worker sends none.
   * @internal
   */
  repliesAfterEnd = 0;

  constructor(private readonly options: EvidenceRunOptions) {
    this.plan = new EvidenceRunPlan(options.hands);
    this.seed = options.seed;
    this.decks = options.decks;
    this.workerCount = Math.max(1, Math.floor(options.workers ?? defaultWorkerCount()));
    this.reportEveryMs = options.reportEveryMs ?? 250;
    this.exact = oddsByDecks.get(options.decks) ?? null;
  }

  get state(): EvidenceRunState {
    return this.stateNow;
  }

  /** Hands counted so far (the in-order prefix merged). */
  get handsCounted(): number {
    return this.plan.handsCounted;
  }

  /**
   * A fresh shoe's exact odds (default rules, this run's decks), computed by the first worker
   * before its first chunk: null until it answers, and never null once the run is done.
   */
  get odds(): NextHandOdds | null {
    return this.exact;
  }

  /** From 0 to 1. */
  get progress(): number {
    return this.plan.progress;
  }

  /**
   * Workers started and not yet terminated.
   * @internal For tests: 0 after `cancel()` and after the run is done.
   */
  get liveWorkers(): number {
    return this.workers.length;
  }

  /** Starts the workers and hands out the first chunks. */
  start(): void {
    if (this.stateNow !== 'idle') throw new Error(`an evidence run starts once; this one is ${this.stateNow}`);
    this.stateNow = 'running';
    this.startedAt = performance.now();
    if (this.plan.done) {
      this.finish();
      return;
    }
    const create = this.options.createWorker ?? createEvidenceWorker;
    for (let i = 0; i < this.workerCount; i++) {
      const worker = create();
      worker.addEventListener('message', (event: MessageEvent<EvidenceChunkReply | EvidenceOddsReply>) => this.reply(worker, event.data));
      worker.addEventListener('error', (event) => this.fail(event.message || msg('a worker failed', { id: 'evidence-worker-failed' })));
      worker.addEventListener('messageerror', () =>
        this.fail(msg('a worker sent a message that could not be read', { id: 'evidence-worker-unreadable' })),
      );
      this.workers.push(worker);
      this.held.set(worker, 0);
    }
    // Asked before any chunk: the first worker answers it before chunk 0, without which no run is done.
    if (!this.exact) {
      const oddsRequest: EvidenceOddsRequest = { odds: true, decks: this.decks };
      this.workers[0]!.postMessage(oddsRequest);
    }
    this.report(true);
    this.dispatch();
  }

  /** Stops every worker now; nothing more is reported. */
  cancel(): void {
    if (this.stateNow !== 'running' && this.stateNow !== 'idle') return;
    this.stateNow = 'cancelled';
    this.endedAt = performance.now();
    this.stopWorkers();
  }

  /** Hands out chunks, in requests of consecutive ones, until every worker holds its share or the plan needs none for now. */
  private dispatch(): void {
    for (const worker of this.workers) {
      while (this.held.get(worker)! < REQUESTS_PER_WORKER) {
        const chunkIndex = this.plan.nextChunk();
        if (chunkIndex === null) return;
        let count = 1;
        // The plan hands out indices in order, so those that follow are consecutive.
        while (count < CHUNKS_PER_REQUEST && this.plan.nextChunk() !== null) count++;
        this.held.set(worker, this.held.get(worker)! + 1);
        const request: EvidenceChunkRequest = { seed: this.seed, decks: this.decks, chunkIndex, count };
        worker.postMessage(request);
      }
    }
  }

  private reply(worker: Worker, data: EvidenceChunkReply | EvidenceOddsReply): void {
    if (this.stateNow !== 'running') {
      this.repliesAfterEnd++;
      return;
    }
    if ('oddsError' in data) {
      this.fail(data.oddsError);
      return;
    }
    if ('odds' in data) {
      this.exact = data.odds;
      oddsByDecks.set(this.decks, data.odds);
      if (this.plan.done) this.finish();
      else this.report(true);
      return;
    }
    if ('error' in data) {
      this.fail(data.error);
      return;
    }
    this.held.set(worker, this.held.get(worker)! - 1);
    let done = false;
    for (let i = 0; i < data.count && !done; i++) {
      done = this.plan.complete(data.chunkIndex + i, data.tallies.subarray(i * TALLY_LENGTH, (i + 1) * TALLY_LENGTH));
    }
    if (done) {
      // Done once the odds are here too (they come first from the first worker, so this waits for nothing).
      if (this.exact) this.finish();
      return;
    }
    this.dispatch();
    this.report(false);
  }

  private report(always: boolean): void {
    const now = performance.now();
    if (!always && now - this.lastReport < this.reportEveryMs) return;
    this.lastReport = now;
    this.options.onProgress?.(this);
  }

  private finish(): void {
    this.stateNow = 'done';
    this.endedAt = performance.now();
    this.stopWorkers();
    this.options.onProgress?.(this);
    this.options.onDone?.(this);
  }

  private fail(message: string): void {
    if (this.stateNow !== 'running') return;
    this.stateNow = 'failed';
    this.endedAt = performance.now();
    this.stopWorkers();
    this.options.onError?.(message);
  }

  private stopWorkers(): void {
    for (const worker of this.workers) worker.terminate();
    this.workers.length = 0;
    this.held.clear();
  }
}
