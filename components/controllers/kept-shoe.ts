import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { msg, str } from '@lit/localize';
import { ShoeKeeper, type ShoeStore, type ShoeChange, type KeeperProblem } from '../../src/shoe-keeper.js';
import type { ScoreboardStore } from '../../src/persistence.js';
import type { HandRecord, ShoeRecord } from '../../src/shoe-document.js';
import { openStorage, onStorageStatus, storageStatus, type StorageStatus } from '../storage.js';
import { TableChannel } from '../table-channel.js';
import { shoesToPrune } from '../attract-shoes.js';

/** What the controller needs of a store: writing (the keeper's part), finding the shoe to resume, letting old shoes go. */
export type KeptShoeStore = ShoeStore & Pick<ScoreboardStore, 'latestShoe' | 'listShoes' | 'deleteShoe'>;

export interface KeptShoeOptions {
  /** The table whose open shoe is resumed, named in every message to other windows. */
  table: () => string;
  /** Which kind of shoe this host keeps: only an open shoe of this source is resumed. */
  source: 'simulated' | 'recorded';
  /** A store to use instead of the page's IndexedDB (tests, embedding); read when the host connects. */
  store?: () => KeptShoeStore | null | undefined;
  /** Waits between retries of a failed write; read when the host connects. */
  retryDelays?: () => readonly number[] | undefined;
  /** Wait before trying again to open storage that failed to open. */
  reopenDelay?: number;
  /**
   * Whether a stored open shoe may be taken up again; one refused is ended, so it is never
   * mistaken for the shoe in play. Default: every open shoe of the table and source.
   */
  resumable?: (shoe: ShoeRecord) => boolean;
}

/**
 * Keeps the host's shoe in IndexedDB through a `ShoeKeeper`: opens the page's storage, takes up the
 * table's open shoe after a reload, writes every change before it is shown, tells other windows
 * after each change is written, and while storage is in trouble keeps the hands in memory, says
 * so (`storageMessage`, `unsaved`, `problem`) and retries. The host reads `hands` and `shoe`.
 */
export class KeptShoeController implements ReactiveController {
  /** The hands on screen: replaced (never mutated) once each change has been written or kept for retry. */
  hands: readonly HandRecord[] = [];
  /** The shoe on screen, or null before one is started or resumed. */
  shoe: ShoeRecord | null = null;
  /** Storage trouble that is not about one write (blocked by another tab, unavailable), in words for the screen. */
  storageMessage: string | null = null;
  /** True once the open shoe (if any) has been looked for, or storage could not be opened. */
  ready = false;

  private keeper: ShoeKeeper;
  private channel: TableChannel | null = null;
  private store: KeptShoeStore | null = null;
  private stopListening: (() => void) | null = null;
  private reopenTimer: ReturnType<typeof setTimeout> | undefined;
  private readyPromise: Promise<void>;
  private markReady!: () => void;
  private connected = false;
  private readonly warnBeforeUnload = (event: BeforeUnloadEvent): void => {
    // A closed tab would lose what the storage has not taken yet: let the browser ask first.
    if (this.keeper.unsaved > 0) {
      event.preventDefault();
      event.returnValue = '';
    }
  };

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly options: KeptShoeOptions,
  ) {
    this.keeper = this.newKeeper();
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

  /** Resolves once the open shoe has been looked for (see `ready`). */
  whenReady(): Promise<void> {
    return this.readyPromise;
  }

  hostConnected(): void {
    this.connected = true;
    // Back on the page after a move: a keeper still holding unsaved changes carries on with them.
    if (this.keeper.unsaved === 0) this.keeper = this.newKeeper();
    this.channel = new TableChannel();
    addEventListener('beforeunload', this.warnBeforeUnload);
    const injected = this.options.store?.();
    if (injected) {
      void this.useStore(injected);
      return;
    }
    this.stopListening = onStorageStatus((status) => this.followStatus(status));
    this.followStatus(storageStatus());
    this.open();
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
  }

  /** Starts a new shoe. Resolves true once written, false when kept in memory for a retry. */
  startShoe(shoe: ShoeRecord): Promise<boolean> {
    return this.show(this.keeper.startShoe(shoe));
  }

  /** Appends a hand. */
  addHand(hand: HandRecord): Promise<boolean> {
    return this.show(this.keeper.addHand(hand));
  }

  /** Replaces hand `index` (from 0). @throws RangeError when there is no such hand. */
  correctHand(index: number, hand: HandRecord): Promise<boolean> {
    return this.show(this.keeper.correctHand(index, hand));
  }

  /** Removes the last hand. @throws RangeError when there is none. */
  undo(): Promise<boolean> {
    return this.show(this.keeper.undo());
  }

  /** Ends the shoe now. */
  endShoe(): Promise<boolean> {
    return this.show(this.keeper.endShoe(new Date().toISOString()));
  }

  /**
   * Deletes the table's simulated shoes beyond the newest `keep` (the shoe in play always stays;
   * recorded shoes are never deleted). Returns how many went; storage trouble deletes nothing.
   */
  async letGoOfOldSimulatedShoes(keep: number): Promise<number> {
    const store = this.store;
    if (!store) return 0;
    try {
      const table = this.options.table();
      const shoes: { id: string; source: 'simulated' | 'recorded' }[] = [];
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

  private newKeeper(): ShoeKeeper {
    return new ShoeKeeper({
      store: this.store,
      schedule: (callback, ms) => {
        const timer = setTimeout(callback, ms);
        return () => clearTimeout(timer);
      },
      ...(this.options.retryDelays?.() ? { retryDelays: this.options.retryDelays()! } : {}),
      onChange: () => this.host.requestUpdate(),
      onSaved: (change) => this.tellOtherWindows(change),
    });
  }

  private async show(written: Promise<boolean>): Promise<boolean> {
    const saved = await written;
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
    this.channel?.post({ shoeId, table: current?.id === shoeId ? current.table : this.options.table(), handCount });
  }

  private followStatus(status: StorageStatus): void {
    switch (status.state) {
      case 'open':
        this.storageMessage = null;
        if (this.store !== status.store) void this.useStore(status.store);
        break;
      case 'blocked':
        this.storageMessage = status.message;
        break;
      case 'failed':
        this.storageMessage = status.message;
        this.store = null;
        void this.keeper.setStore(null);
        this.reopenLater();
        break;
      case 'opening':
        break;
    }
    this.host.requestUpdate();
  }

  private open(): void {
    openStorage().catch(() => {
      // followStatus has shown the message and scheduled another try; the shoe goes on in memory.
      this.finishLookingForShoe();
    });
  }

  private reopenLater(): void {
    clearTimeout(this.reopenTimer);
    if (!this.connected) return;
    this.reopenTimer = setTimeout(() => this.open(), this.options.reopenDelay ?? 5000);
  }

  private async useStore(store: KeptShoeStore): Promise<void> {
    this.store = store;
    await this.keeper.setStore(store);
    // Only a page with no shoe yet takes up the stored one; hands entered while storage was down win.
    if (!this.ready && !this.keeper.shoe && this.store === store) {
      try {
        const stored = await store.latestShoe({ table: this.options.table(), source: this.options.source, open: true });
        if (stored && this.store === store && !this.keeper.shoe) {
          this.keeper.resume(stored);
          if (this.options.resumable && !this.options.resumable(stored)) await this.keeper.endShoe(new Date().toISOString());
          this.hands = this.keeper.hands;
          this.shoe = this.keeper.shoe;
        }
      } catch (error) {
        this.storageMessage = (error as Error).message;
      }
    }
    this.finishLookingForShoe();
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
  if (kept.unsaved > 0 && kept.problem) {
    const count = kept.unsaved;
    const reason = kept.problem.message;
    return count === 1
      ? msg(str`1 change not saved yet (kept on this screen), retrying: ${reason}`, { id: 'kept-unsaved-one' })
      : msg(str`${count} changes not saved yet (kept on this screen), retrying: ${reason}`, { id: 'kept-unsaved' });
  }
  return kept.storageMessage ?? '';
}
