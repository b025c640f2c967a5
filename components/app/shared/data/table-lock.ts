import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { KeeperOrigin } from '../../../../src/shoes/keeper.js';

export interface TableLockOptions {
  /** The table to hold. */
  table: () => string;
  /** Whose lock it is: a console and an attract kiosk of the same table do not exclude each other. */
  origin: KeeperOrigin;
  /** This window now holds the table (or the browser has no Web Locks, and every window does). */
  onHeld: () => void;
  /** Another window holds the table: this one waits in line for it. */
  onHeldElsewhere?: () => void;
  /**
   * Another window took the table from this one (its `takeOver`, or its reload): this one holds it no
   * more, must write nothing from now on, and waits in line for it again (`onHeld` when it comes back).
   */
  onLost?: () => void;
}

/** How long a window waits for a table's lock before it says another window holds the table. */
const LOCK_GRACE_MS = 250;

/**
 * Where a window that holds a table notes, as it unloads, that it did (sessionStorage: this tab only,
 * kept across its reload), and how long the note counts. A second tab waiting in line is granted the
 * lock the moment the reloading page lets go of it, before the page is back: Web Locks grant in
 * order and cannot hold a lock across a reload, so the reloaded page takes the table back with
 * `steal` instead, and the second tab goes back to showing the shoe. A tab restored long after it
 * closed (its sessionStorage comes back too) is past the window and waits in line as any other.
 */
const RELOAD_NOTE_PREFIX = 'bacc-scoreboard-held-before-reload:';
const RELOAD_NOTE_MS = 10_000;

/** What `navigator.locks` offers, where it exists. */
type Locks = Pick<LockManager, 'request'>;

/** The Web Lock a window holds while it keeps `table`'s shoes for `origin`. */
export function tableLockName(origin: KeeperOrigin, table: string): string {
  return `bacc-scoreboard:${origin}:${table}`;
}

/**
 * Runs `action` so that no console of `table` can take a shoe up meanwhile: holding the table's
 * console lock when no console holds it (`free` true: nothing records the table now), or, when one
 * does, beside it (`free` false). Without Web Locks `free` is false. History's Delete: a console
 * that closed without ending its shoe leaves the shoe open, and only then may it be deleted.
 */
export async function whileNoOtherConsole<T>(table: string, action: (free: boolean) => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as { locks?: Locks } | undefined)?.locks;
  if (!locks) return action(false);
  return locks.request(tableLockName('console', table), { ifAvailable: true }, (lock) => action(lock !== null));
}

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
    addEventListener('pagehide', this.noteHeldBeforeUnload);
    this.claim(this.heldBeforeReload());
  }

  hostDisconnected(): void {
    this.connected = false;
    removeEventListener('pagehide', this.noteHeldBeforeUnload);
    // Another window of the table may take over now; back on the page, this one waits again.
    this.held = false;
    clearTimeout(this.graceTimer);
    this.waiting?.abort();
    this.waiting = null;
    this.release?.();
    this.release = null;
  }

  /**
   * Takes the table from the window that holds it (Web Locks `steal`): that window's lock is stolen,
   * it sees it (`onLost`) and only shows the shoe from then on. Nothing happens while this window
   * holds the table, or where there are no Web Locks (every window holds its table then).
   */
  takeOver(): void {
    if (this.held || !this.connected) return;
    this.claim(true);
  }

  private get lockName(): string {
    return tableLockName(this.options.origin, this.options.table());
  }

  private readonly noteHeldBeforeUnload = (): void => {
    if (!this.held) return;
    try {
      sessionStorage.setItem(RELOAD_NOTE_PREFIX + this.lockName, String(Date.now()));
    } catch {
      /* no sessionStorage: the reloaded page waits in line */
    }
  };

  /** This tab held the table until a moment ago (a reload): the note is read once, and forgotten. */
  private heldBeforeReload(): boolean {
    try {
      const key = RELOAD_NOTE_PREFIX + this.lockName;
      const at = Number(sessionStorage.getItem(key));
      sessionStorage.removeItem(key);
      return at > 0 && Date.now() - at >= 0 && Date.now() - at < RELOAD_NOTE_MS;
    } catch {
      return false;
    }
  }

  private claim(steal = false): void {
    const locks = (globalThis.navigator as { locks?: Locks } | undefined)?.locks;
    if (!locks) {
      this.granted(null);
      return;
    }
    const name = this.lockName;
    clearTimeout(this.graceTimer);
    // A request still waiting in line is replaced (by a steal, or after the lock was lost).
    this.waiting?.abort();
    const waiting = new AbortController();
    this.waiting = waiting;
    let holding = false;
    // The lock is held until the callback's promise settles: until the host leaves the page.
    const hold = (lock: Lock | null): Promise<void> | undefined => {
      if (!lock || waiting.signal.aborted || !this.connected) return undefined;
      holding = true;
      return new Promise<void>((release) => this.granted(release));
    };
    // A held lock that another window steals rejects its request (an AbortError) while its callback's
    // promise is still pending: the lock is lost, not failed. True when the rejection is accounted for.
    const ended = (): boolean => {
      if (holding) {
        if (this.waiting === waiting) this.lost();
        return true;
      }
      return waiting.signal.aborted;
    };
    if (steal) {
      locks.request(name, { steal: true }, hold).catch((error: unknown) => {
        if (!ended()) console.warn('Could not take the table over:', error);
      });
      return;
    }
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
          .catch(() => void ended());
        return undefined;
      })
      .catch((error: unknown) => {
        if (ended()) return;
        console.warn('Could not take the table lock; keeping the shoe here anyway:', error);
        this.granted(null);
      });
  }

  /** Another window stole the table: this one writes nothing more, shows the other's shoe and waits in line again. */
  private lost(): void {
    this.held = false;
    this.release = null;
    this.heldElsewhere = true;
    this.host.requestUpdate();
    this.options.onLost?.();
    this.options.onHeldElsewhere?.();
    this.claim();
  }

  private granted(release: (() => void) | null): void {
    this.release = release;
    this.held = true;
    this.heldElsewhere = false;
    this.host.requestUpdate();
    this.options.onHeld();
  }
}
