/**
 * Work handed on in slices: each piece runs at once while the current slice has taken less than
 * SLICE_MS, and waits for the next slice (a task of its own, after which the page may draw)
 * otherwise. The broker can deliver thousands of messages in one burst; checked one after the
 * other in one task, they kept a screen from drawing for seconds. Order is kept. DOM-free.
 */

/** The most work one slice does before the page may draw again. */
export const SLICE_MS = 8;

export class MessageSlices {
  private readonly waiting: (() => void)[] = [];
  /** When the current slice began; undefined when none is under way (then no slice's end is awaited either). */
  private sliceStart: number | undefined;
  private readonly channel = new MessageChannel();
  private idle: (() => void)[] = [];

  constructor(
    private readonly sliceMs = SLICE_MS,
    private readonly clock: () => number = () => performance.now(),
  ) {
    this.channel.port1.onmessage = () => this.nextSlice();
    // Node (tests, load runs): a port waiting for messages must not keep the process alive.
    (this.channel.port1 as { unref?: () => void }).unref?.();
  }

  /** Runs `work` now if the slice has time left and nothing waits before it, else in a later slice. */
  add(work: () => void): void {
    if (this.sliceStart === undefined) this.beginSlice();
    if (this.waiting.length === 0 && this.clock() - this.sliceStart! < this.sliceMs) this.run(work);
    else this.waiting.push(work);
  }

  /** Resolves once every piece added so far has run. */
  drained(): Promise<void> {
    if (this.waiting.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  /** A slice lasts until the task that began it ends: a message to ourselves marks the next task. */
  private beginSlice(): void {
    this.sliceStart = this.clock();
    this.channel.port2.postMessage(null);
  }

  private nextSlice(): void {
    this.sliceStart = undefined;
    if (this.waiting.length > 0) {
      this.beginSlice();
      while (this.waiting.length > 0 && this.clock() - this.sliceStart! < this.sliceMs) this.run(this.waiting.shift()!);
    }
    if (this.waiting.length === 0) {
      const idle = this.idle;
      this.idle = [];
      for (const resolve of idle) resolve();
    }
  }

  private run(work: () => void): void {
    try {
      work();
    } catch (error) {
      // One piece failing must not stop the ones after it.
      console.error('bacc: handling a message failed:', error);
    }
  }
}
