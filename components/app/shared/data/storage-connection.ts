import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ScoreboardStore } from './scoreboard-store.js';
import { openStorage, onStorageStatus, storageStatus, type StorageStatus } from './storage.js';
import { storageStatusText } from './storage-words.js';

export interface StorageConnectionOptions<Store> {
  /**
   * A store to use instead of the page's IndexedDB (tests, embedding); read when the host connects.
   * With one, the page's storage is never opened.
   */
  store?: () => Store | null | undefined;
  /** Called whenever a store becomes usable: at once if it already is, and again after a reopening. */
  onStore?: (store: Store) => void;
  /** Called on every status change of the page's storage (not for an injected store). */
  onStatus?: (status: StorageStatus) => void;
  /** Wait before trying again to open storage that failed to open; null never tries again. */
  reopenDelay?: number | null;
}

/**
 * One element's hold on the page's stored shoes: follows the page's storage status (storage.ts),
 * opens it when the host connects, and tries again a while after a failure, until the host leaves.
 * The console, the kiosk, the table display and History all reach storage through it.
 */
export class StorageConnectionController<Store = ScoreboardStore> implements ReactiveController {
  /** The page's storage status (with an injected store, the page's storage is not opened and this stays as it was). */
  status: StorageStatus = storageStatus();

  private injected: Store | null = null;
  private handedOn: Store | null = null;
  private stopListening: (() => void) | null = null;
  private reopenTimer: ReturnType<typeof setTimeout> | undefined;
  private connected = false;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly options: StorageConnectionOptions<Store> = {},
  ) {
    host.addController(this);
  }

  /** The store to read and write, or null while storage is opening, blocked or failed. */
  get store(): Store | null {
    if (this.injected) return this.injected;
    return this.status.state === 'open' ? (this.status.store as Store) : null;
  }

  /**
   * What the screen should say about storage: why it is not open (yet), or null once it is. Opening
   * again after a failure keeps saying what failed until storage opens or says otherwise.
   */
  trouble: string | null = null;

  hostConnected(): void {
    this.connected = true;
    this.handedOn = null;
    this.trouble = null;
    this.injected = this.options.store?.() ?? null;
    if (this.injected) {
      this.handOn(this.injected);
      return;
    }
    this.stopListening = onStorageStatus((status) => this.follow(status));
    this.follow(storageStatus());
    this.open();
  }

  hostDisconnected(): void {
    this.connected = false;
    this.stopListening?.();
    this.stopListening = null;
    clearTimeout(this.reopenTimer);
  }

  private follow(status: StorageStatus): void {
    this.status = status;
    if (status.state === 'open') this.trouble = null;
    else this.trouble = storageStatusText(status) ?? this.trouble;
    this.options.onStatus?.(status);
    if (status.state === 'open') this.handOn(status.store as Store);
    if (status.state === 'failed') {
      this.handedOn = null;
      this.reopenLater();
    }
    this.host.requestUpdate();
  }

  private handOn(store: Store): void {
    // Compared with the store last handed on: the page may have opened storage before this host
    // existed (the kiosk starts it early), and the host must still hear of it.
    if (store === this.handedOn) return;
    this.handedOn = store;
    this.options.onStore?.(store);
  }

  private open(): void {
    // A failure arrives as a status, which schedules another try.
    openStorage().catch(() => undefined);
  }

  private reopenLater(): void {
    clearTimeout(this.reopenTimer);
    const delay = this.options.reopenDelay === undefined ? 5000 : this.options.reopenDelay;
    if (this.connected && delay !== null) this.reopenTimer = setTimeout(() => this.open(), delay);
  }
}
