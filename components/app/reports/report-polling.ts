import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * Reads the report again every few seconds while the page is visible, so the pit sees new hands
 * without touching anything; a hidden tab asks nothing, and is brought up to date as it shows
 * again. One read at a time: the next waits for the last to end, so a slow recorder is never
 * asked twice at once. Stops when the host leaves the page.
 */
export class ReportPolling implements ReactiveController {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running = false;
  private connected = false;
  private reading: Promise<void> | null = null;

  constructor(
    host: ReactiveControllerHost,
    /** Reads the report (errors are the reader's to show). */
    private readonly read: () => Promise<void>,
    /** Seconds between the end of one read and the start of the next. */
    private readonly seconds: () => number,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.connected = true;
    document.addEventListener('visibilitychange', this.visibilityChanged);
    if (this.running) this.schedule();
  }

  hostDisconnected(): void {
    this.connected = false;
    document.removeEventListener('visibilitychange', this.visibilityChanged);
    clearTimeout(this.timer);
  }

  /** Reads now, and every few seconds after while visible. */
  start(): void {
    this.running = true;
    void this.now();
  }

  /** Reads no more (signed out). */
  stop(): void {
    this.running = false;
    clearTimeout(this.timer);
  }

  /** Reads now (the choices changed), then goes on at the usual pace. */
  async now(): Promise<void> {
    clearTimeout(this.timer);
    // A read under way finishes first: its answer is for the old choices, and the reader drops it.
    await this.reading;
    this.reading = this.read().finally(() => (this.reading = null));
    await this.reading;
    this.schedule();
  }

  private schedule(): void {
    clearTimeout(this.timer);
    const seconds = this.seconds();
    if (!this.running || !this.connected || document.visibilityState !== 'visible' || !(seconds > 0)) return;
    this.timer = setTimeout(() => void this.now(), seconds * 1000);
  }

  private readonly visibilityChanged = (): void => {
    if (!this.running) return;
    if (document.visibilityState === 'visible') void this.now();
    else clearTimeout(this.timer);
  };
}
