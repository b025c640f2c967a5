/**
 * The shoe being dealt or recorded, kept safe: every change is written to the store, in order,
 * before the caller shows it. When a write fails (storage full, blocked, unavailable) the change
 * stays in memory, in order, the failure is reported, and the writes are tried again, so a
 * failing disk never silently loses a hand.
 */
import type { AuditEntry, HandRecord, ShoeEvent, ShoeRecord } from './records.js';

/** Who keeps the shoes a keeper writes: the attract kiosk or a console (imports are written by the store itself). */
export type KeeperOrigin = 'attract' | 'console';

/** Where shoes are kept: IndexedDB in the app (`ScoreboardStore`), anything alike in tests. */
export interface ShoeStore {
  /**
   * `origin` tells later readers who keeps this shoe (ScoreboardStore: 'attract' or 'console'). Resolves
   * with the number the store gave a shoe without one (ScoreboardStore: the next of its table and day).
   */
  createShoe(shoe: ShoeRecord, origin?: KeeperOrigin): Promise<number | void>;
  appendHand(shoeId: string, index: number, hand: HandRecord): Promise<void>;
  replaceHand(shoeId: string, index: number, hand: HandRecord): Promise<void>;
  removeLastHand(shoeId: string, index: number): Promise<void>;
  endShoe(shoeId: string, endedAt: string): Promise<void>;
  /**
   * Opens an ended shoe again (`endedAt` back to null), refusing as a conflict when the stored shoe
   * is not the ended one this keeper knows. Optional: a keeper whose store lacks it cannot reopen.
   */
  reopenShoe?(shoeId: string): Promise<void>;
  /**
   * Appends an event of the dealing procedure to the shoe's events (ScoreboardStore: in its own
   * transaction, refused as a conflict when the shoe is not stored). Optional: a keeper whose store lacks it keeps no events.
   */
  appendEvent?(shoeId: string, event: ShoeEvent): Promise<void>;
  /** Appends an entry to the shoe's audit trail, as appendEvent does. Optional likewise. */
  appendAudit?(shoeId: string, entry: AuditEntry): Promise<void>;
}

/** A change to the shoe, waiting to be written. */
export type ShoeChange =
  | { kind: 'start'; shoe: ShoeRecord }
  | { kind: 'add'; shoeId: string; index: number; hand: HandRecord }
  | { kind: 'replace'; shoeId: string; index: number; hand: HandRecord }
  | { kind: 'undo'; shoeId: string; index: number }
  | { kind: 'end'; shoeId: string; endedAt: string }
  | { kind: 'reopen'; shoeId: string }
  | { kind: 'event'; shoeId: string; event: ShoeEvent }
  | { kind: 'audit'; shoeId: string; entry: AuditEntry };

export interface ShoeKeeperOptions {
  /** The store, or null until it opens (a blocked upgrade, say): changes wait in memory. */
  store: ShoeStore | null;
  /** Runs `callback` after `ms`; returns a cancel function. The app passes setTimeout. */
  schedule: (callback: () => void, ms: number) => () => void;
  /** Waits between retries of a failed write; the last one repeats. */
  retryDelays?: readonly number[];
  /** Called after every change, saved or not, and after every write. */
  onChange?: () => void;
  /** Called after each change is written, e.g. to tell other windows; with the number the store gave a new shoe. */
  onSaved?: (change: ShoeChange, shoeNumber: number | undefined) => void;
  /** Who keeps the shoes this keeper starts; stored with each new shoe (default 'console'). */
  origin?: KeeperOrigin;
}

/**
 * Why changes wait, as a kind and the store's error, never a sentence: the page words it in its own
 * language (components/app/shared/data/storage-words.ts).
 */
export interface KeeperProblem {
  /**
   * `unavailable` without an error: the keeper has no store yet (storage is opening, blocked by an
   * older tab, or failed to open). Otherwise the kind the store's error gave (ScoreboardStore:
   * `quota`, `conflict`, `failed`, …), or `failed` when it gave none.
   */
  readonly kind: string;
  /** What the store threw; absent when there was no store to write to. */
  readonly error?: unknown;
}

/**
 * Keeps one shoe in memory and in the store.
 * @example
 * const keeper = new ShoeKeeper({ store, schedule: (f, ms) => { const t = setTimeout(f, ms); return () => clearTimeout(t); } });
 * await keeper.startShoe(shoe);
 * const saved = await keeper.addHand(hand); // false: kept in memory, retrying; `problem` says why
 */
export class ShoeKeeper {
  private current: ShoeRecord | null = null;
  private readonly queue: ShoeChange[] = [];
  private store: ShoeStore | null;
  private flushing: Promise<void> | null = null;
  private failures = 0;
  private cancelRetry: (() => void) | null = null;
  private lastProblem: KeeperProblem | null = null;
  private settled: ShoeRecord | null = null;
  private stopped = false;

  constructor(private readonly options: ShoeKeeperOptions) {
    this.store = options.store;
  }

  /** The shoe in memory, changes not yet written included (the screen shows `shown`); a new object on every change. */
  get shoe(): ShoeRecord | null {
    return this.current;
  }

  /** The hands of the shoe in memory; a new array on every change. */
  get hands(): readonly HandRecord[] {
    return this.current?.hands ?? [];
  }

  /**
   * The shoe to show: the shoe in memory once its writes have settled (written, or kept in memory
   * for a retry). A change still on its way to the store is not shown yet.
   */
  get shown(): ShoeRecord | null {
    return this.settled;
  }

  /** Changes made but not yet written. */
  get unsaved(): number {
    return this.queue.length;
  }

  /**
   * The store refused a write as a conflict (the shoe was deleted or changed elsewhere): no later change
   * to this shoe can be written, so a console refuses them until a new shoe starts (which clears this).
   */
  get stranded(): boolean {
    return this.lastProblem?.kind === 'conflict';
  }

  /** Why the last write failed, until a write succeeds. */
  get problem(): KeeperProblem | null {
    return this.lastProblem;
  }

  /** Gives the keeper its store (once it opens) and writes whatever waited. */
  setStore(store: ShoeStore | null): Promise<boolean> {
    this.store = store;
    return this.flush();
  }

  /** Takes up a shoe read back from the store (after a reload): nothing to write. */
  resume(shoe: ShoeRecord): void {
    this.current = shoe;
    this.settled = shoe;
    this.options.onChange?.();
  }

  /**
   * Starts a new shoe. Resolves true once written, false when kept in memory for a retry. After a
   * conflict (reported, and never written) the old shoe's waiting changes are given up here, so the
   * new shoe is written again; they were on screen with the conflict's message until now.
   */
  startShoe(shoe: ShoeRecord): Promise<boolean> {
    if (this.lastProblem?.kind === 'conflict') {
      this.queue.length = 0;
      this.lastProblem = null;
    }
    return this.change({ ...shoe, hands: [...shoe.hands] }, { kind: 'start', shoe });
  }

  /** Appends a hand to the shoe. */
  addHand(hand: HandRecord): Promise<boolean> {
    const shoe = this.requireShoe();
    return this.change({ ...shoe, hands: [...shoe.hands, hand] }, { kind: 'add', shoeId: shoe.id, index: shoe.hands.length, hand });
  }

  /** Replaces hand `index` (0-based): a correction. @throws RangeError when there is no such hand. */
  correctHand(index: number, hand: HandRecord): Promise<boolean> {
    const shoe = this.requireShoe();
    if (!Number.isInteger(index) || index < 0 || index >= shoe.hands.length)
      throw new RangeError(`there is no hand ${index + 1} to correct`);
    const hands = [...shoe.hands];
    hands[index] = hand;
    return this.change({ ...shoe, hands }, { kind: 'replace', shoeId: shoe.id, index, hand });
  }

  /** Removes the last hand. @throws RangeError when the shoe has no hands. */
  undo(): Promise<boolean> {
    const shoe = this.requireShoe();
    if (shoe.hands.length === 0) throw new RangeError('there is no hand to undo');
    const index = shoe.hands.length - 1;
    return this.change({ ...shoe, hands: shoe.hands.slice(0, index) }, { kind: 'undo', shoeId: shoe.id, index });
  }

  /** Ends the shoe at `endedAt` (ISO-8601). */
  endShoe(endedAt: string): Promise<boolean> {
    const shoe = this.requireShoe();
    return this.change({ ...shoe, endedAt }, { kind: 'end', shoeId: shoe.id, endedAt });
  }

  /**
   * Opens the ended shoe again (`endedAt` back to null): the undo of `endShoe`.
   * @throws RangeError when the shoe is not ended, or its store cannot reopen shoes.
   */
  reopenShoe(): Promise<boolean> {
    const shoe = this.requireShoe();
    if (shoe.endedAt === null) throw new RangeError('the shoe is not ended');
    if (this.store && !this.store.reopenShoe) throw new RangeError('this store cannot reopen a shoe');
    return this.change({ ...shoe, endedAt: null }, { kind: 'reopen', shoeId: shoe.id });
  }

  /**
   * Records an event of the dealing procedure (a burn, the cut card, a cancelled card, a void hand or
   * shoe, a dummy hand), written in order with the shoe's other changes and retried like them.
   * @throws RangeError when no shoe has been started, or its store cannot keep events.
   */
  recordEvent(event: ShoeEvent): Promise<boolean> {
    const shoe = this.requireShoe();
    if (this.store && !this.store.appendEvent) throw new RangeError('this store cannot keep events');
    return this.change({ ...shoe, events: [...(shoe.events ?? []), event] }, { kind: 'event', shoeId: shoe.id, event });
  }

  /**
   * Records an entry of the audit trail (who undid, corrected, cancelled, voided or reopened what, and why),
   * written in order with the shoe's other changes and retried like them.
   * @throws RangeError when no shoe has been started, or its store cannot keep an audit trail.
   */
  recordAudit(entry: AuditEntry): Promise<boolean> {
    const shoe = this.requireShoe();
    if (this.store && !this.store.appendAudit) throw new RangeError('this store cannot keep an audit trail');
    return this.change({ ...shoe, audit: [...(shoe.audit ?? []), entry] }, { kind: 'audit', shoeId: shoe.id, entry });
  }

  /**
   * Lets go of everything (another window took the table over): stops retrying, drops the store, the
   * shoe and every change not written yet, so nothing kept here is ever written later.
   * Resolves once a write already under way has finished. A later `setStore` starts afresh.
   */
  async release(): Promise<void> {
    this.stop();
    this.store = null;
    this.queue.length = 0;
    this.current = null;
    this.settled = null;
    this.lastProblem = null;
    this.failures = 0;
    await this.flushing;
    this.options.onChange?.();
  }

  /** Writes whatever waits now, without waiting for the next retry. Resolves true when nothing is left unsaved. */
  flush(): Promise<boolean> {
    // An explicit flush (the element is back on the page, say) also restarts the automatic retries.
    this.stopped = false;
    this.cancelRetry?.();
    this.cancelRetry = null;
    if (!this.flushing) {
      this.flushing = this.writeQueue().finally(() => {
        this.flushing = null;
      });
    }
    return this.flushing.then(() => {
      this.settle();
      return this.queue.length === 0;
    });
  }

  /** Stops retrying (the element left the page) until the next `flush`; unsaved changes stay listed in `unsaved`. */
  stop(): void {
    this.stopped = true;
    this.cancelRetry?.();
    this.cancelRetry = null;
  }

  /** What is in memory may be shown now: its writes are done, or failed and kept for a retry. */
  private settle(): void {
    if (this.settled === this.current) return;
    this.settled = this.current;
    this.options.onChange?.();
  }

  private requireShoe(): ShoeRecord {
    if (!this.current) throw new RangeError('no shoe has been started');
    return this.current;
  }

  private async change(next: ShoeRecord, change: ShoeChange): Promise<boolean> {
    this.current = next;
    this.queue.push(change);
    this.options.onChange?.();
    // Queued behind an earlier change that could not be written: keep the order, wait for the retry.
    if (this.queue.length > 1 && this.lastProblem) {
      this.settle();
      return false;
    }
    return this.flush();
  }

  private async writeQueue(): Promise<void> {
    while (this.queue.length > 0) {
      const store = this.store;
      const change = this.queue[0]!;
      if (!store) {
        this.fail({ kind: 'unavailable' });
        return;
      }
      let number: number | void;
      try {
        number = await write(store, change, this.options.origin ?? 'console');
        // The store numbers a new shoe as it writes it: the shoe in memory takes that number.
        if (change.kind === 'start' && typeof number === 'number' && this.current?.id === change.shoe.id && this.current.number !== number)
          this.current = { ...this.current, number };
      } catch (error) {
        const kind = (error as { kind?: unknown } | null)?.kind;
        const problem = { kind: typeof kind === 'string' ? kind : 'failed', error };
        if (problem.kind === 'conflict') {
          // The stored shoe no longer matches this screen (another window changed or deleted it):
          // writing again cannot succeed, so stop; the page says what to do, and the hands stay listed as unsaved.
          this.lastProblem = problem;
          this.options.onChange?.();
          return;
        }
        this.fail(problem);
        return;
      }
      this.queue.shift();
      this.failures = 0;
      this.lastProblem = null;
      this.options.onSaved?.(change, change.kind === 'start' && typeof number === 'number' ? number : undefined);
      this.options.onChange?.();
    }
  }

  private fail(problem: KeeperProblem): void {
    this.lastProblem = problem;
    this.options.onChange?.();
    if (this.stopped) return;
    const delays = this.options.retryDelays ?? [1000, 2000, 5000, 10_000, 30_000];
    const delay = delays[Math.min(this.failures, delays.length - 1)] ?? 30_000;
    this.failures++;
    this.cancelRetry = this.options.schedule(() => {
      this.cancelRetry = null;
      void this.flush();
    }, delay);
  }
}

function write(store: ShoeStore, change: ShoeChange, origin: KeeperOrigin): Promise<number | void> {
  switch (change.kind) {
    case 'start':
      return store.createShoe(change.shoe, origin);
    case 'add':
      return store.appendHand(change.shoeId, change.index, change.hand);
    case 'replace':
      return store.replaceHand(change.shoeId, change.index, change.hand);
    case 'undo':
      return store.removeLastHand(change.shoeId, change.index);
    case 'end':
      return store.endShoe(change.shoeId, change.endedAt);
    case 'reopen':
      // reopenShoe() checked the store had it; a store given later without it refuses here.
      if (!store.reopenShoe) return Promise.reject(new RangeError('this store cannot reopen a shoe'));
      return store.reopenShoe(change.shoeId);
    case 'event':
      if (!store.appendEvent) return Promise.reject(new RangeError('this store cannot keep events'));
      return store.appendEvent(change.shoeId, change.event);
    case 'audit':
      if (!store.appendAudit) return Promise.reject(new RangeError('this store cannot keep an audit trail'));
      return store.appendAudit(change.shoeId, change.entry);
  }
}
