import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** The part of the Screen Wake Lock API used here (not in every browser, nor in TypeScript's DOM lib everywhere). */
interface WakeLockSentinelLike {
  release(): Promise<void>;
  addEventListener(type: 'release', listener: () => void): void;
}
interface WakeLockLike {
  request(type: 'screen'): Promise<WakeLockSentinelLike>;
}

/**
 * Keeps the screen awake while the host is on the page, where the Screen Wake Lock API exists.
 * The browser drops the lock when the page is hidden, so it is asked for again on return.
 */
export class WakeLockController implements ReactiveController {
  /** Whether the browser offers a wake lock at all. */
  readonly supported: boolean;
  /** Whether the screen is held awake now. */
  active = false;
  private sentinel: WakeLockSentinelLike | null = null;
  private readonly wakeLock: WakeLockLike | undefined;
  private readonly onVisibility = (): void => {
    if (document.visibilityState === 'visible') void this.acquire();
  };

  constructor(private readonly host: ReactiveControllerHost) {
    this.wakeLock = (navigator as Navigator & { wakeLock?: WakeLockLike }).wakeLock;
    this.supported = this.wakeLock !== undefined;
    host.addController(this);
  }

  hostConnected(): void {
    if (!this.supported) return;
    document.addEventListener('visibilitychange', this.onVisibility);
    void this.acquire();
  }

  hostDisconnected(): void {
    document.removeEventListener('visibilitychange', this.onVisibility);
    const sentinel = this.sentinel;
    this.sentinel = null;
    this.active = false;
    void sentinel?.release().catch(() => undefined);
  }

  private async acquire(): Promise<void> {
    if (!this.wakeLock || this.sentinel) return;
    try {
      const sentinel = await this.wakeLock.request('screen');
      this.sentinel = sentinel;
      this.active = true;
      sentinel.addEventListener('release', () => {
        if (this.sentinel === sentinel) this.sentinel = null;
        this.active = false;
        this.host.requestUpdate();
      });
    } catch {
      // Refused (no user activation yet, battery saver, hidden page): the kiosk still runs.
      this.active = false;
    }
    this.host.requestUpdate();
  }
}
