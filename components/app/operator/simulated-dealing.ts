import type { TableRules } from '../../../src/game/rules.js';
import { Shoe } from '../../../src/game/shoe.js';
import type { ShoeRecord } from '../../../src/shoes/document.js';
import { replayStoredShoe } from '../../../src/shoes/attract-shoes.js';

/** The live shoe that deals a simulated shoe, and the timer that deals it automatically. */
export class SimulatedDealing {
  /** The live shoe of the simulated shoe kept here, by its id: null when its seed does not deal its hands (worked out once). */
  private simulation: { shoeId: string; shoe: Shoe | null } | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;

  /** A shoe starts: simulated (dealt from `seed`), or recorded (`seed` null), which deals nothing. */
  started(shoeId: string, rules: TableRules, seed: string | null): void {
    this.simulation = seed === null ? null : { shoeId, shoe: new Shoe({ rules, seed }) };
  }

  /**
   * The live shoe that deals `stored`: the one started here, or, for a shoe taken up after a
   * reload, the same shoe dealt again from its seed up to its stored hands. Null for a recorded shoe.
   */
  live(stored: ShoeRecord | null): { shoeId: string; shoe: Shoe } | null {
    if (!stored || stored.source !== 'simulated') return null;
    if (this.simulation?.shoeId !== stored.id) this.simulation = { shoeId: stored.id, shoe: replayStoredShoe(stored) };
    const { shoeId, shoe } = this.simulation;
    return shoe ? { shoeId, shoe } : null;
  }

  /** Deals with `dealOne` after `seconds`, and again after each hand while `going` says so. */
  schedule(seconds: () => number, dealOne: () => Promise<void>, going: () => boolean): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      void dealOne().then(() => {
        if (going()) this.schedule(seconds, dealOne, going);
      });
    }, seconds() * 1000);
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
