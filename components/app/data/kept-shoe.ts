import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { msg, str } from '@lit/localize';
import { ShoeKeeper, type ShoeStore, type ShoeChange, type KeeperOrigin, type KeeperProblem } from '../../../src/shoe-keeper.js';
import type { ScoreboardStore } from '../../../src/persistence/scoreboard-store.js';
import type { HandRecord, ShoeRecord } from '../../../src/shoe-document.js';
import { openStorage, onStorageStatus, storageStatus, storageTrouble, type StorageStatus } from './storage.js';
import { TableChannel } from './table-channel.js';
import { shoesToPrune, type PrunableShoe } from '../../../src/attract-shoes.js';

/** What the controller needs of a store: writing (the keeper's part), finding the shoe to resume, letting old shoes go. */
export type KeptShoeStore = ShoeStore & Pick<ScoreboardStore, 'latestShoe' | 'listShoes' | 'deleteShoe'>;

export interface KeptShoeOptions {
  /** The table whose open shoe is resumed, named in every message to other windows. */
  table: () => string;
  /** Who keeps the shoes: stored with each new shoe, and only an open shoe of this origin is resumed. */
  origin: KeeperOrigin;
  /** A store to use instead of the page's IndexedDB (tests, embedding); read when the host connects. */
  store?: () => KeptShoeStore | null | undefined;
  /** Waits between retries of a failed write; read when the host connects. */
  retryDelays?: () => readonly number[] | undefined;
  /** Wait before trying again to open storage that failed to open. */
  reopenDelay?: number;
  /**
   * Whether a stored open shoe may be taken up again; one refused is ended, so it is never
   * mistaken for the shoe in play. Default: every open shoe of the table and origin.
   */
  resumable?: (shoe: ShoeRecord) => boolean;
}

/** How long a window waits for a table's lock before it says another window keeps the table. */
const LOCK_GRACE_MS = 250;

/** What `navigator.locks` offers, where it exists. */
type Locks = Pick<LockManager, 'request'>;

/**
 * Keeps the host's shoe in IndexedDB through a `ShoeKeeper`: opens the page's storage, takes up the
 * table's open shoe after a reload, writes every change before it is shown, tells other windows
 * after each change is written, and while storage is in trouble keeps the hands in memory, says
 * so (`storageMessage`, `unsaved`, `problem`) and retries. The host reads `hands` and `shoe`.
 *
 * One window keeps a table's shoe at a time: the controller holds a Web Lock named after its origin
 * and table while its host is on the page. A second window of the same table (`lockedElsewhere`)
 * only shows the stored shoe and follows it, and takes over when the first one closes. Without
 * `navigator.locks` every window keeps the shoe, as before.
 */
export class KeptShoeController implements ReactiveController {
  /** The hands on screen: replaced (never mutated) once each change has been written or kept for retry. */
  hands: readonly HandRecord[] = [];
  /** The shoe on screen, or null before one is started or resumed. */
  shoe: ShoeRecord | null = null;
  /** Storage trouble that is not about one write (blocked by another tab, unavailable), in words for the screen. */
  storageMessage: string | null = null;
  /**
   * True once this window keeps the table's shoe and the open shoe (if any) has been looked for, or
   * storage could not be opened (blocked or failed: then the shoe is kept in memory until it opens).
   */
  ready = false;
  /** Another window keeps this table's shoe: this one shows it read-only until that window closes. */
  lockedElsewhere = false;

  private readonly keeper: ShoeKeeper;
  private channel: TableChannel | null = null;
  private store: KeptShoeStore | null = null;
  private storageDown = false;
  private stopListening: (() => void) | null = null;
  private reopenTimer: ReturnType<typeof setTimeout> | undefined;
  private readyPromise: Promise<void>;
  private markReady!: () => void;
  private connected = false;
  /** This window keeps the table's shoe (it holds the lock, or there are no locks). */
  private holdsTable = false;
  private releaseLock: (() => void) | null = null;
  private stopWaitingForLock: AbortController | null = null;
  private lockedElsewhereTimer: ReturnType<typeof setTimeout> | undefined;
  private looking: Promise<void> | null = null;
  /** Reads of the followed shoe can finish out of order: only the newest is shown. */
  private followNumber = 0;
  private readonly warnBeforeUnload = (event: BeforeUnloadEvent): void => {
    // A closed tab would lose what the storage has not taken yet: let the browser ask first. Not for
    // the attract kiosk: nobody is there to answer, a dialog would hold up a reload or an update,
    // and its simulated shoe is dealt again from its seed anyway.
    if (this.options.origin === 'console' && this.keeper.unsaved > 0) {
      event.preventDefault();
      event.returnValue = '';
    }
  };

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly options: KeptShoeOptions,
  ) {
    this.keeper = new ShoeKeeper({
      store: null,
      schedule: (callback, ms) => {
        const timer = setTimeout(callback, ms);
        return () => clearTimeout(timer);
      },
      // Read at each retry: the host's property is set after this controller is made.
      get retryDelays() {
        return options.retryDelays?.();
      },
      origin: options.origin,
      onChange: () => this.host.requestUpdate(),
      onSaved: (change) => this.tellOtherWindows(change),
    });
    this.readyPromise = new Promise((resolve) => (this.markReady = resolve));
    host.addController(this);
  }

  /** Changes made but not yet written. */
  get unsaved(): number {
    return this.keeper.unsaved;
  }

  /** Why the last write failed, until a write succeeds. */
  get problem(): KeeperProblem | null {
    return this.keeper.problem;
  }

  /** Resolves once this window keeps the table's shoe and the open shoe has been looked for (see `ready`). */
  whenReady(): Promise<void> {
    return this.readyPromise;
  }

  hostConnected(): void {
    this.connected = true;
    // Back on the page after a move, the same keeper carries on: its shoe, its hands and whatever it
    // has not written yet (a new keeper would have no shoe, and the next hand would be refused).
    this.channel = new TableChannel((message) => {
      // Another window's shoe of this table and origin (or news without an origin, as of a deletion).
      const ours = message.table === this.options.table() && (message.origin ?? this.options.origin) === this.options.origin;
      if (!this.holdsTable && ours) void this.followStored();
    });
    addEventListener('beforeunload', this.warnBeforeUnload);
    const injected = this.options.store?.();
    if (injected) {
      this.store = injected;
    } else {
      this.stopListening = onStorageStatus((status) => this.followStatus(status));
      this.followStatus(storageStatus());
      this.open();
    }
    this.claimTable();
  }

  hostDisconnected(): void {
    this.connected = false;
    this.keeper.stop();
    this.channel?.close();
    this.channel = null;
    this.stopListening?.();
    this.stopListening = null;
    clearTimeout(this.reopenTimer);
    removeEventListener('beforeunload', this.warnBeforeUnload);
    // Another window of the table may take over now; back on the page, this one waits for the lock again.
    this.holdsTable = false;
    if (this.ready) {
      this.ready = false;
      this.readyPromise = new Promise((resolve) => (this.markReady = resolve));
    }
    clearTimeout(this.lockedElsewhereTimer);
    this.stopWaitingForLock?.abort();
    this.stopWaitingForLock = null;
    this.releaseLock?.();
    this.releaseLock = null;
  }

  /** Starts a new shoe. Resolves true once written, false when kept in memory for a retry. */
  startShoe(shoe: ShoeRecord): Promise<boolean> {
    return this.show(() => this.keeper.startShoe(shoe));
  }

  /** Appends a hand. */
  addHand(hand: HandRecord): Promise<boolean> {
    return this.show(() => this.keeper.addHand(hand));
  }

  /** Replaces hand `index` (from 0). @throws RangeError when there is no such hand. */
  correctHand(index: number, hand: HandRecord): Promise<boolean> {
    return this.show(() => this.keeper.correctHand(index, hand));
  }

  /** Removes the last hand. @throws RangeError when there is none. */
  undo(): Promise<boolean> {
    return this.show(() => this.keeper.undo());
  }

  /** Ends the shoe now. */
  endShoe(): Promise<boolean> {
    return this.show(() => this.keeper.endShoe(new Date().toISOString()));
  }

  /**
   * Deletes the table's ended attract shoes beyond the newest `keep` (the shoe in play, open shoes
   * and shoes of a console or an import are never deleted). Returns how many went; storage trouble
   * deletes nothing.
   */
  async letGoOfOldSimulatedShoes(keep: number): Promise<number> {
    const store = this.store;
    if (!store || !this.holdsTable) return 0;
    try {
      const table = this.options.table();
      const shoes: PrunableShoe[] = [];
      const page = 500;
      for (let offset = 0; ; offset += page) {
        const { shoes: batch, total } = await store.listShoes({ table, offset, limit: page });
        shoes.push(...batch);
        if (batch.length === 0 || offset + page >= total) break;
      }
      const doomed = shoesToPrune(shoes, keep, this.keeper.shoe?.id ?? null);
      for (const id of doomed) await store.deleteShoe(id);
      return doomed.length;
    } catch (error) {
      // Old attract shoes staying a while longer loses nothing; the next shoe tries again.
      console.warn('Could not delete old simulated shoes:', error);
      return 0;
    }
  }

  private async show(change: () => Promise<boolean>): Promise<boolean> {
    if (!this.holdsTable) throw new Error('this table is kept in another window');
    const saved = await change();
    this.hands = this.keeper.hands;
    this.shoe = this.keeper.shoe;
    this.host.requestUpdate();
    return saved;
  }

  private tellOtherWindows(change: ShoeChange): void {
    const shoeId = change.kind === 'start' ? change.shoe.id : change.shoeId;
    const current = this.keeper.shoe;
    const handCount =
      change.kind === 'start' ? change.shoe.hands.length : change.kind === 'add' ? change.index + 1 : change.kind === 'undo' ? change.index : (current?.hands.length ?? 0);
    this.channel?.post({ shoeId, table: current?.id === shoeId ? current.table : this.options.table(), handCount, origin: this.options.origin });
  }

  /** Takes the table's lock if no other window holds it; otherwise shows the shoe read-only and waits for it. */
  private claimTable(): void {
    const locks = (globalThis.navigator as { locks?: Locks } | undefined)?.locks;
    if (!locks) {
      this.tableClaimed(null);
      return;
    }
    const name = `bacc-scoreboard:${this.options.origin}:${this.options.table()}`;
    const waiting = new AbortController();
    this.stopWaitingForLock = waiting;
    // The lock is held until the callback's promise settles: until the host leaves the page.
    const hold = (lock: Lock | null): Promise<void> | undefined => {
      if (!lock) return undefined;
      if (waiting.signal.aborted || !this.connected) return undefined;
      return new Promise<void>((release) => this.tableClaimed(release));
    };
    locks
      .request(name, { ifAvailable: true }, (lock) => {
        if (lock || waiting.signal.aborted) return hold(lock);
        // A reloading page lets go of the lock a moment after this one asks: say "another window"
        // only when the lock has not come by then.
        clearTimeout(this.lockedElsewhereTimer);
        this.lockedElsewhereTimer = setTimeout(() => {
          if (this.holdsTable || !this.connected) return;
          this.lockedElsewhere = true;
          this.host.requestUpdate();
          void this.followStored();
        }, LOCK_GRACE_MS);
        // Queue for the lock: granted when the window that holds it closes.
        locks
          .request(name, { signal: waiting.signal }, (granted) => {
            clearTimeout(this.lockedElsewhereTimer);
            return hold(granted);
          })
          .catch(() => undefined);
        return undefined;
      })
      .catch((error: unknown) => {
        console.warn('Could not take the table lock; keeping the shoe here anyway:', error);
        this.tableClaimed(null);
      });
  }

  private tableClaimed(release: (() => void) | null): void {
    this.releaseLock = release;
    this.holdsTable = true;
    this.lockedElsewhere = false;
    this.host.requestUpdate();
    if (this.store) void this.takeUp(this.store);
    else if (this.storageDown) this.finishLookingForShoe();
  }

  private followStatus(status: StorageStatus): void {
    // Opening again after a failure keeps saying what failed until storage opens or says otherwise.
    if (status.state !== 'opening') this.storageMessage = storageTrouble(status);
    switch (status.state) {
      case 'open':
        this.storageDown = false;
        if (this.store !== status.store) void this.useStore(status.store);
        break;
      case 'blocked':
        // Until the other tab lets go, this window keeps new hands in memory; they are written in
        // order once storage opens.
        this.storageDown = true;
        if (this.holdsTable) this.finishLookingForShoe();
        break;
      case 'failed':
        this.storageDown = true;
        this.store = null;
        void this.keeper.setStore(null);
        if (this.holdsTable) this.finishLookingForShoe();
        this.reopenLater();
        break;
      case 'waiting':
        // Said, but still reading: the table's open shoe may yet be taken up.
      case 'opening':
        break;
    }
    this.host.requestUpdate();
  }

  private open(): void {
    // A failure is shown by followStatus, which also schedules another try; the shoe goes on in memory.
    openStorage().catch(() => undefined);
  }

  private reopenLater(): void {
    clearTimeout(this.reopenTimer);
    if (!this.connected) return;
    this.reopenTimer = setTimeout(() => this.open(), this.options.reopenDelay ?? 5000);
  }

  private async useStore(store: KeptShoeStore): Promise<void> {
    this.store = store;
    if (this.holdsTable) await this.takeUp(store);
    else if (this.lockedElsewhere) await this.followStored();
  }

  /** Writes what waited, then (with no shoe on screen) takes up the table's open shoe. */
  private async takeUp(store: KeptShoeStore): Promise<void> {
    await this.keeper.setStore(store);
    // A shoe started while storage was blocked wins: the stored one is not taken up after the fact.
    if (!this.keeper.shoe) {
      this.looking ??= this.lookForShoe(store).finally(() => (this.looking = null));
      await this.looking;
    }
    this.hands = this.keeper.hands;
    this.shoe = this.keeper.shoe;
    this.finishLookingForShoe();
    this.host.requestUpdate();
  }

  private async lookForShoe(store: KeptShoeStore): Promise<void> {
    try {
      const stored = await store.latestShoe({ table: this.options.table(), origin: this.options.origin, open: true });
      if (stored && this.store === store && !this.keeper.shoe && this.holdsTable) {
        this.keeper.resume(stored);
        if (this.options.resumable && !this.options.resumable(stored)) await this.keeper.endShoe(new Date().toISOString());
      }
    } catch (error) {
      this.storageMessage = (error as Error).message;
    }
  }

  /** Read-only: shows the table's newest shoe of this origin as stored. */
  private async followStored(): Promise<void> {
    const store = this.store;
    if (!store || this.holdsTable) return;
    const number = ++this.followNumber;
    try {
      const stored = await store.latestShoe({ table: this.options.table(), origin: this.options.origin });
      if (number !== this.followNumber || this.holdsTable) return;
      this.shoe = stored ?? null;
      this.hands = stored?.hands ?? [];
    } catch (error) {
      this.storageMessage = (error as Error).message;
    }
    this.host.requestUpdate();
  }

  private finishLookingForShoe(): void {
    if (this.ready) return;
    this.ready = true;
    this.markReady();
    this.host.requestUpdate();
  }
}

/**
 * What the screen says about storage: how many changes wait and why, or why storage is not open;
 * empty when all is written.
 */
export function storageProblemText(kept: Pick<KeptShoeController, 'unsaved' | 'problem' | 'storageMessage'>): string {
  if (kept.unsaved > 0 && kept.problem?.kind === 'conflict') {
    // Final: the keeper does not retry a write the store refused as a conflict.
    const count = kept.unsaved;
    const reason = kept.problem.message;
    return msg(str`Not saved (${count} changes), and not retried: ${reason}`, { id: 'kept-conflict' });
  }
  if (kept.unsaved > 0 && kept.problem) {
    const count = kept.unsaved;
    // Storage that is not open says why (no IndexedDB here, an older tab…) better than the keeper can.
    const reason = kept.problem.kind === 'unavailable' && kept.storageMessage ? kept.storageMessage : kept.problem.message;
    return count === 1
      ? msg(str`1 change not saved yet (kept on this screen), retrying: ${reason}`, { id: 'kept-unsaved-one' })
      : msg(str`${count} changes not saved yet (kept on this screen), retrying: ${reason}`, { id: 'kept-unsaved' });
  }
  return kept.storageMessage ?? '';
}
