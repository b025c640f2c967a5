import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** Offsets in pixels, visited in turn: a slow orbit a few pixels wide that a viewer does not notice. */
const ORBIT: readonly (readonly [number, number])[] = [
  [0, 0],
  [2, 1],
  [3, 3],
  [1, 4],
  [-1, 3],
  [-2, 1],
  [-1, -1],
  [1, -2],
];

/**
 * Moves the host by a few pixels every few minutes so that a static image (the grid lines, the
 * note) does not burn into a screen that shows the scoreboard for days.
 */
export class BurnInShiftController implements ReactiveController {
  private timer: ReturnType<typeof setInterval> | undefined;
  private step = 0;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    /** Milliseconds between moves. */
    private readonly interval = 180_000,
  ) {
    host.addController(this);
  }

  /** The current offset, for tests and for the layout. */
  get offset(): readonly [number, number] {
    return ORBIT[this.step % ORBIT.length]!;
  }

  hostConnected(): void {
    this.apply();
    this.timer = setInterval(() => {
      this.step++;
      this.apply();
    }, this.interval);
  }

  hostDisconnected(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private apply(): void {
    const [x, y] = this.offset;
    this.host.style.setProperty('--bacc-burn-in-x', `${x}px`);
    this.host.style.setProperty('--bacc-burn-in-y', `${y}px`);
  }
}
