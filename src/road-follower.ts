/**
 * Keeps a RoadTracker in step with a list of hands that is replaced, never mutated, as display
 * elements receive it: one more hand is an `add`, one fewer (the same hands otherwise) an
 * `undo`, anything else a rebuild. A display thus pays microseconds per hand, not a recompute.
 */
import { RoadTracker, type RoadOptions } from './roads.js';
import type { HandRecord } from './shoe-document.js';

export class RoadFollower {
  private tracker: RoadTracker;
  private followed: readonly HandRecord[] = [];

  constructor(private options: RoadOptions = {}) {
    this.tracker = new RoadTracker(options);
  }

  /**
   * Brings the tracker to `hands` and returns it. Changing the options rebuilds.
   * @throws what RoadTracker.add throws for a bad hand; the tracker then holds the hands before it.
   */
  follow(hands: readonly HandRecord[], options: RoadOptions = this.options): RoadTracker {
    if (!sameOptions(options, this.options)) {
      this.options = options;
      this.tracker = new RoadTracker(options);
      this.followed = [];
    }
    const previous = this.followed;
    if (hands === previous) return this.tracker;
    if (hands.length === previous.length + 1 && samePrefix(hands, previous, previous.length)) {
      this.tracker.add(hands[hands.length - 1]!);
    } else if (hands.length === previous.length - 1 && samePrefix(hands, previous, hands.length)) {
      this.tracker.undo();
    } else {
      this.tracker.clear();
      this.followed = [];
      this.tracker.addAll(hands);
    }
    this.followed = hands;
    return this.tracker;
  }
}

function samePrefix(a: readonly HandRecord[], b: readonly HandRecord[], length: number): boolean {
  for (let i = 0; i < length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function sameOptions(a: RoadOptions, b: RoadOptions): boolean {
  return a.rows === b.rows && a.decks === b.decks && a.rules === b.rules;
}
