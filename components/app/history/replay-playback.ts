import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * Plays a replay: calls `step` every `interval` milliseconds while playing. `step` returns false at
 * the end of the shoe, which stops the playing. The timer stops when the host leaves the page and
 * does not start again by itself when it comes back.
 */
export class ReplayPlaybackController implements ReactiveController {
  private timer: ReturnType<typeof setInterval> | undefined;
  private intervalMs: number;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly step: () => boolean,
    interval: number,
  ) {
    this.intervalMs = interval;
    host.addController(this);
  }

  /** Whether the replay is playing. */
  get playing(): boolean {
    return this.timer !== undefined;
  }

  /** Milliseconds between hands. */
  get interval(): number {
    return this.intervalMs;
  }

  /** Changes the speed; a playing replay goes on at the new speed. */
  set interval(milliseconds: number) {
    this.intervalMs = milliseconds;
    if (this.playing) this.start();
  }

  start(): void {
    clearInterval(this.timer);
    this.timer = setInterval(() => {
      if (!this.step()) this.stop();
    }, this.intervalMs);
    this.host.requestUpdate();
  }

  stop(): void {
    if (this.timer === undefined) return;
    clearInterval(this.timer);
    this.timer = undefined;
    this.host.requestUpdate();
  }

  hostConnected(): void {
    /* Nothing plays until the person presses play. */
  }

  hostDisconnected(): void {
    this.stop();
  }
}
