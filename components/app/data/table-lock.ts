import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { KeeperOrigin } from '../../../src/shoe-keeper.js';

export interface TableLockOptions {
  /** The table to hold. */
  table: () => string;
  /** Whose lock it is: a console and an attract kiosk of the same table do not exclude each other. */
  origin: KeeperOrigin;
  /** This window now holds the table (or the browser has no Web Locks, and every window does). */
  onHeld: () => void;
  /** Another window holds the table: this one waits in line for it. */
  onHeldElsewhere?: () => void;
}

/** How long a window waits for a table's lock before it says another window holds the table. */
const LOCK_GRACE_MS = 250;

/** What `navigator.locks` offers, where it exists. */
type Locks = Pick<LockManager, 'request'>;

/**
 * One window keeps a table's shoe at a time: holds a Web Lock named after the origin and table
 * while the host is on the page, and otherwise waits in line for it (granted when the window that
 * holds it closes). Without `navigator.locks` every window holds its table, as before locks existed.
 */
export class TableLockController implements ReactiveController {
  /** This window holds the table. */
  held = false;
  /** Another window holds the table: this one only shows its shoe until that window closes. */
  heldElsewhere = false;

  private release: (() => void) | null = null;
  private waiting: AbortController | null = null;
  private graceTimer: ReturnType<typeof setTimeout> | undefined;
  private connected = false;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly options: TableLockOptions,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.connected = true;
    this.claim();
  }

  hostDisconnected(): void {
    this.connected = false;
    // Another window of the table may take over now; back on the page, this one waits again.
    this.held = false;
    clearTimeout(this.graceTimer);
    this.waiting?.abort();
    this.waiting = null;
    this.release?.();
    this.release = null;
  }

  private claim(): void {
    const locks = (globalThis.navigator as { locks?: Locks } | undefined)?.locks;
    if (!locks) {
      this.granted(null);
      return;
    }
    const name = `bacc-scoreboard:${this.options.origin}:${this.options.table()}`;
    const waiting = new AbortController();
    this.waiting = waiting;
    // The lock is held until the callback's promise settles: until the host leaves the page.
    const hold = (lock: Lock | null): Promise<void> | undefined => {
      if (!lock || waiting.signal.aborted || !this.connected) return undefined;
      return new Promise<void>((release) => this.granted(release));
    };
    locks
      .request(name, { ifAvailable: true }, (lock) => {
        if (lock || waiting.signal.aborted) return hold(lock);
        // A reloading page lets go of the lock a moment after this one asks: say "another window"
        // only when the lock has not come by then.
        clearTimeout(this.graceTimer);
        this.graceTimer = setTimeout(() => {
          if (this.held || !this.connected) return;
          this.heldElsewhere = true;
          this.host.requestUpdate();
          this.options.onHeldElsewhere?.();
        }, LOCK_GRACE_MS);
        locks
          .request(name, { signal: waiting.signal }, (lock) => {
            clearTimeout(this.graceTimer);
            return hold(lock);
          })
          .catch(() => undefined);
        return undefined;
      })
      .catch((error: unknown) => {
        console.warn('Could not take the table lock; keeping the shoe here anyway:', error);
        this.granted(null);
      });
  }

  private granted(release: (() => void) | null): void {
    this.release = release;
    this.held = true;
    this.heldElsewhere = false;
    this.host.requestUpdate();
    this.options.onHeld();
  }
}
