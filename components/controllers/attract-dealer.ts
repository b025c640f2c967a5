import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { Shoe } from '../../src/shoe.js';
import { handRecord, type HandRecord } from '../../src/shoe-document.js';
import { shoeSeed } from '../../src/simulate.js';
import type { TableRules } from '../../src/rules.js';

export interface AttractDealerOptions {
  rules: TableRules;
  /** Milliseconds between hands. */
  interval: number;
  /** Milliseconds to show a finished shoe before the next one starts. */
  pauseBetweenShoes?: number;
  /** Seed of the first shoe (later shoes use shoeSeed), or null for crypto shuffles. */
  seed?: string | null;
}

/**
 * Attract mode: deals a simulated shoe a hand at a time, by itself, and starts a new shoe after
 * the cut card's last hand. The host reads `hands` (replaced on every hand) and `shoeNumber`.
 */
export class AttractDealerController implements ReactiveController {
  /** The hands of the shoe on screen; a new array for each hand. */
  hands: readonly HandRecord[] = [];
  /** 1 for the first shoe dealt. */
  shoeNumber = 0;
  private shoe: Shoe | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly host: ReactiveControllerHost,
    private options: AttractDealerOptions,
  ) {
    host.addController(this);
  }

  /** Changes speed or rules; new rules start a new shoe. */
  configure(options: AttractDealerOptions): void {
    const newShoe = options.rules !== this.options.rules || options.seed !== this.options.seed;
    this.options = options;
    if (newShoe && this.shoe) this.startShoe();
    this.schedule(this.options.interval);
  }

  hostConnected(): void {
    if (!this.shoe) this.startShoe();
    this.schedule(this.options.interval);
  }

  hostDisconnected(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Deals the next hand now (or starts the next shoe when this one is finished). */
  dealNext(): void {
    if (!this.shoe || this.shoe.finished) this.startShoe();
    else this.hands = [...this.hands, handRecord(this.shoe.dealHand())];
    this.host.requestUpdate();
  }

  private startShoe(): void {
    this.shoeNumber++;
    const seed = this.options.seed == null ? null : shoeSeed(this.options.seed, this.shoeNumber);
    this.shoe = new Shoe({ rules: this.options.rules, seed });
    this.hands = [];
    this.host.requestUpdate();
  }

  private schedule(delay: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      const finished = this.shoe?.finished ?? false;
      this.dealNext();
      // A finished shoe stays on screen a while before the next one is shuffled.
      const pause = this.shoe?.finished ? (this.options.pauseBetweenShoes ?? Math.max(this.options.interval * 3, 8000)) : this.options.interval;
      this.schedule(finished ? this.options.interval : pause);
    }, delay);
  }
}
