import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { Shoe } from '../../../src/game/shoe.js';
import { handRecord, type HandRecord, type ShoeRecord } from '../../../src/shoes/records.js';
import { shoeSeed } from '../../../src/game/simulate.js';
import type { TableRules } from '../../../src/game/rules.js';
import {
  newShoeId,
  randomShoeSeed,
  replayStoredShoe,
  shoeNumberInRun,
  shoesToPrune,
  type PrunableShoe,
} from '../../../src/shoes/attract-shoes.js';
import { KeptShoeController, storageProblemText, type KeptShoeStore } from '../shared/data/kept-shoe.js';

export interface AttractDealerOptions {
  rules: TableRules;
  /** Milliseconds between hands. */
  interval: number;
  /** Milliseconds to show a finished shoe before the next one starts. */
  pauseBetweenShoes?: number;
  /** Seed of the first shoe (later shoes use shoeSeed), or null for a fresh random seed per shoe. */
  seed?: string | null;
}

/** Where attract shoes are kept; without it the dealer keeps them in memory only. */
export interface AttractStorage {
  /** The table the shoes are stored under. */
  table: () => string;
  /** How many simulated shoes of the table to keep; older ones are deleted as new ones start. */
  keep: () => number;
  /** A store to use instead of the page's IndexedDB (tests). */
  store?: () => KeptShoeStore | null | undefined;
  /** Waits between retries of a failed write. */
  retryDelays?: () => readonly number[] | undefined;
}

const NO_HANDS: readonly HandRecord[] = [];

/** Resolves when the main thread is next idle (at most a second later). */
const whenIdle = (): Promise<void> =>
  new Promise((resolve) => {
    if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: 1000 });
    else setTimeout(resolve);
  });

/**
 * Attract mode: deals a simulated shoe a hand at a time, by itself, and starts a new shoe after
 * the cut card's last hand. The host reads `hands` (replaced on every hand) and `shoeNumber`.
 *
 * With storage, every shoe is stored (source `simulated`, origin `attract`, with its seed) and every
 * hand is written before it is shown; after a reload the table's open attract shoe is dealt again from its seed
 * and play goes on from its next hand — unless that seed and the current rules do not deal the
 * stored hands, and then that shoe is ended and a new one begins.
 */
export class AttractDealerController implements ReactiveController {
  /** Without storage: the hands this kiosk dealt; a new array for each hand. */
  private dealt: readonly HandRecord[] = [];
  /** Why the last deal or new shoe failed, until one succeeds; null when all went well. */
  failure: unknown = null;
  /** Without storage: the shoes this kiosk dealt (1 for the first). */
  private dealtShoes = 0;
  /** Which shoe of a seeded run (`shoeSeed`) the shoe in play is; 0 before the first. */
  private shoeInRun = 0;
  /** Keeps the shoes in storage (null without storage). */
  private readonly kept: KeptShoeController | null;
  private shoe: Shoe | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private connected = false;
  /** Dealing, starting and resuming are asynchronous with storage: they run one after another. */
  private steps: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly host: ReactiveControllerHost,
    private options: AttractDealerOptions,
    private readonly storage: AttractStorage | null = null,
  ) {
    host.addController(this);
    this.kept = storage
      ? new KeptShoeController(host, {
          table: storage.table,
          origin: 'attract',
          ...(storage.store ? { store: storage.store } : {}),
          ...(storage.retryDelays ? { retryDelays: storage.retryDelays } : {}),
          resumable: (stored) => this.canResume(stored),
        })
      : null;
  }

  /** What the screen should say about keeping the shoes (see storageProblemText), or '' when all is well or nothing is kept. */
  get storageProblem(): string {
    return this.kept ? storageProblemText(this.kept) : '';
  }

  /** Another kiosk window deals this table's attract shoe: this one shows it as stored, and deals once that window closes. */
  get dealtElsewhere(): boolean {
    return this.kept?.lockedElsewhere ?? false;
  }

  /** Hands and shoe changes dealt but not yet written (0 without storage). */
  get unsaved(): number {
    return this.kept?.unsaved ?? 0;
  }

  /** The hands of the shoe on screen; a new array for each hand. */
  get hands(): readonly HandRecord[] {
    // Another kiosk window deals this table's shoe: this one shows it as stored.
    // With storage, the kept shoe's (this window's, or the one another window deals).
    if (!this.kept) return this.dealt;
    // The same empty list every time there is no shoe yet: a new one is a change the whole board renders again.
    const { hands } = this.kept;
    return hands.length === 0 ? NO_HANDS : hands;
  }

  /**
   * The number of the shoe on screen: with storage, the stored shoe's own (its table's count that
   * day, given by the store), also when another window deals it; without, this kiosk's count; 0
   * before there is a shoe (the scoreboard then says there is none).
   */
  get shoeNumber(): number {
    return (this.kept ? this.kept.shoe?.number : this.dealtShoes) || 0;
  }

  /** The shoe on screen is over: its cut card came out, and the next shoe has not begun. */
  get shoeOver(): boolean {
    // Another window deals this table: the shoe on screen is the one it stored.
    if (this.dealtElsewhere) return this.kept!.shoe?.endedAt != null;
    return this.shoe?.finished ?? false;
  }

  /** Changes speed or rules; new rules (by value: a re-read URL gives equal rules anew) start a new shoe. */
  configure(options: AttractDealerOptions): void {
    const newShoe = JSON.stringify(options.rules) !== JSON.stringify(this.options.rules) || options.seed !== this.options.seed;
    this.options = options;
    if (newShoe && this.shoe) void this.step(() => this.startShoe());
    this.schedule(this.options.interval);
  }

  hostConnected(): void {
    this.connected = true;
    if (!this.shoe) void this.step(() => this.begin());
    this.schedule(this.options.interval);
  }

  hostDisconnected(): void {
    this.connected = false;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Stops dealing and leaves the host for good (the page switched to another mode). */
  detach(): void {
    this.hostDisconnected();
    this.kept?.detach();
    this.host.removeController(this);
  }

  /** Deals the next hand now (or starts the next shoe when this one is finished); resolves once it is shown. */
  dealNext(): Promise<void> {
    return this.step(() => this.dealNextNow());
  }

  private step<T>(action: () => Promise<T>): Promise<T> {
    const next = this.steps.then(action);
    this.steps = next.then(
      () => {
        if (this.failure === null) return;
        this.failure = null;
        this.host.requestUpdate();
      },
      (error: unknown) => {
        // Said on screen as well as logged: a kiosk that stopped dealing must say why.
        console.error('Attract mode:', error);
        this.failure = error;
        this.host.requestUpdate();
      },
    );
    return next;
  }

  /** The first shoe on this page: the stored one when it can be resumed, else a new one. */
  private async begin(): Promise<void> {
    if (this.kept) {
      await this.kept.whenReady();
      const stored = this.kept.shoe;
      // Taken up only when resumable, so its seed deals its stored hands again.
      const resumed = stored && stored.endedAt === null ? replayStoredShoe(stored) : null;
      if (stored && resumed) {
        this.shoe = resumed;
        this.shoeInRun = this.options.seed == null ? 0 : (shoeNumberInRun(this.options.seed, stored.seed) ?? 0);
        this.host.requestUpdate();
        return;
      }
    }
    if (!this.shoe) await this.startShoe();
  }

  /** Whether a stored open attract shoe may be dealt on: same rules, its own seeded run, and its seed deals its hands. */
  private canResume(stored: ShoeRecord): boolean {
    if (JSON.stringify(stored.rules) !== JSON.stringify(this.options.rules)) return false;
    // A kiosk given a seed continues only its own run, so the same link deals the same shoes.
    if (this.options.seed != null && shoeNumberInRun(this.options.seed, stored.seed) === null) return false;
    return replayStoredShoe(stored) !== null;
  }

  private async dealNextNow(): Promise<void> {
    // Back on the page, the table's lock comes back a moment later: deal once it has.
    if (this.kept && !this.kept.ready) await this.kept.whenReady();
    if (!this.shoe || this.shoe.finished) return this.startShoe();
    const hand = handRecord(this.shoe.dealHand());
    if (this.kept) {
      await this.kept.addHand(hand);
      if (this.shoe.finished) await this.kept.endShoe();
    } else {
      this.dealt = [...this.dealt, hand];
    }
    this.host.requestUpdate();
  }

  private async startShoe(): Promise<void> {
    // Off the page (or back and waiting for the table's lock), the shoe starts once it is kept again.
    if (this.kept && !this.kept.ready) await this.kept.whenReady();
    this.shoeInRun++;
    this.dealtShoes++;
    // Every shoe gets a seed, random when none is set, so a stored shoe can be dealt again after a reload.
    const seed = this.options.seed == null ? randomShoeSeed() : shoeSeed(this.options.seed, this.shoeInRun);
    this.shoe = new Shoe({ rules: this.options.rules, seed });
    this.dealt = [];
    if (this.kept && this.storage) {
      // New rules mid-shoe: the shoe they interrupt is over.
      if (this.kept.shoe && this.kept.shoe.endedAt === null) await this.kept.endShoe();
      // No number: the store gives the table's next of the day as it writes the shoe.
      await this.kept.startShoe({
        id: newShoeId(),
        table: this.storage.table(),
        source: 'simulated',
        seed,
        startedAt: new Date().toISOString(),
        endedAt: null,
        rules: this.options.rules,
        hands: [],
      });
      // In an idle moment: listed in the task that starts the shoe, the table's shoes took a fifth of
      // the attract kiosk's first long task at a phone's 4× slowdown.
      const [table, keep] = [this.storage.table(), this.storage.keep()];
      void whenIdle().then(() => this.letGoOfOldShoes(table, keep));
    }
    this.host.requestUpdate();
  }

  /**
   * Deletes the table's ended attract shoes beyond the newest `keep` (the shoe in play, open shoes
   * and shoes of a console or an import are never deleted). Returns how many went; storage trouble
   * deletes nothing.
   */
  private async letGoOfOldShoes(table: string, keep: number): Promise<number> {
    const store = this.kept?.store;
    if (!store) return 0;
    try {
      const shoes: PrunableShoe[] = [];
      const page = 500;
      for (let offset = 0; ; offset += page) {
        const { shoes: batch, total } = await store.listShoes({ table, offset, limit: page });
        shoes.push(...batch);
        if (batch.length === 0 || offset + page >= total) break;
      }
      const doomed = shoesToPrune(shoes, keep, this.kept?.shoe?.id ?? null);
      for (const id of doomed) await store.deleteShoe(id);
      return doomed.length;
    } catch (error) {
      // Old attract shoes staying a while longer loses nothing; the next shoe tries again.
      console.warn('Could not delete old simulated shoes:', error);
      return 0;
    }
  }

  private schedule(delay: number): void {
    clearTimeout(this.timer);
    if (!this.connected) return;
    this.timer = setTimeout(() => {
      void this.step(async () => {
        const finished = this.shoe?.finished ?? false;
        await this.dealNextNow();
        return finished;
      }).then(
        (finished) => {
          // A finished shoe stays on screen a while before the next one is shuffled.
          const pause = this.shoe?.finished
            ? (this.options.pauseBetweenShoes ?? Math.max(this.options.interval * 3, 8000))
            : this.options.interval;
          this.schedule(finished ? this.options.interval : pause);
        },
        () => this.schedule(this.options.interval),
      );
    }, delay);
  }
}
