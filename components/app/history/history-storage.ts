import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ScoreboardStore } from '../shared/data/scoreboard-store.js';
import { keepShoes, type StorageStatus } from '../shared/data/storage.js';
import { StorageConnectionController } from '../shared/data/storage-connection.js';
import { TableChannel, type ShoeChangedMessage } from '../shared/data/table-channel.js';

/** What the browser says about the space the stored shoes take. */
export interface StorageUse {
  /** Bytes used by this site, or null when the browser does not say. */
  usage: number | null;
  /** Bytes this site may use, or null when the browser does not say. */
  quota: number | null;
  /** Whether the browser keeps the shoes when space runs low: null while asking, or when it cannot be asked. */
  persisted: boolean | null;
}

/**
 * The history screen's side of storage: the page's one connection (its status, for messages), the
 * space used, a request that the browser keep the shoes, and news from other windows that a shoe
 * changed. Everything it started stops when the host leaves the page.
 *
 * The host asks for the space used and for persistence itself, after its first page is shown: with
 * 1,000 stored shoes (26 MB) in Chromium the browser's measuring slows the reads running beside it
 * for over a second; asked at once, the first page took 660 ms, asked after it, 340 ms (one run
 * each on a busy 2-core machine, Lit in dev mode).
 */
export class HistoryStorageController implements ReactiveController {
  /** The space used and whether storage is persistent. */
  use: StorageUse = { usage: null, quota: null, persisted: null };

  private readonly connection: StorageConnectionController;
  private channel: TableChannel | null = null;

  constructor(
    private readonly host: ReactiveControllerHost,
    /**
     * Called when what the host shows may have changed: the store opened (at once if it already
     * is, and again after a reconnection), or another window says a stored shoe changed.
     */
    private readonly onChange: () => void,
  ) {
    host.addController(this);
    // History says why storage failed and leaves it at that (a reload tries again): trying every few
    // seconds would make its alert come and go, announced anew each time.
    this.connection = new StorageConnectionController(host, { reopenDelay: null, onStore: () => this.onChange() });
  }

  /** The page's storage status, kept current. */
  get status(): StorageStatus {
    return this.connection.status;
  }

  /** The open store, or null while opening or after a failure. */
  get store(): ScoreboardStore | null {
    return this.connection.store;
  }

  hostConnected(): void {
    this.channel = new TableChannel(() => this.onChange());
  }

  hostDisconnected(): void {
    this.channel?.close();
    this.channel = null;
  }

  /** Tells other windows (a table's display, another history) that a stored shoe changed or was deleted. */
  announce(message: Omit<ShoeChangedMessage, 'type'>): void {
    this.channel?.post(message);
  }

  /** Asks the browser again how much space the shoes take (after an import or a delete). */
  async refreshUse(): Promise<void> {
    const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
    if (!storage?.estimate) return;
    try {
      const { usage, quota } = await storage.estimate();
      this.use = { ...this.use, usage: usage ?? null, quota: quota ?? null };
    } catch {
      // No estimate is shown; storage itself still works.
      this.use = { ...this.use, usage: null, quota: null };
    }
    this.host.requestUpdate();
  }

  /** Whether the browser keeps the shoes when space runs low, asked for once per page (keepShoes). */
  async requestPersistence(): Promise<void> {
    this.use = { ...this.use, persisted: await keepShoes() };
    this.host.requestUpdate();
  }
}
