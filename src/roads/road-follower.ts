/**
 * Keeps a RoadTracker in step with a list of hands that is replaced, never mutated, as display
 * elements receive it: one more hand is an `add`, one fewer an `undo`, anything else a rebuild
 * (see list-follower.ts). A display thus pays microseconds per hand, not a recompute.
 */
import { RoadTracker, type RoadOptions } from './roads.js';
import type { HandRecord } from '../shoes/document.js';
import { followStep } from './list-follower.js';

export class RoadFollower {
  private tracker: RoadTracker;
  private followed: readonly HandRecord[] = [];

  constructor(private options: RoadOptions = {}) {
    this.tracker = new RoadTracker(options);
  }

  /**
   * Brings the tracker to `hands` and returns it. Changing the options rebuilds.
   * @throws what RoadTracker.add throws for a bad hand; the follower then holds the hands it
   * followed before this call (after a failed add) or none (after a failed rebuild).
   */
  follow(hands: readonly HandRecord[], options: RoadOptions = this.options): RoadTracker {
    if (options.rows !== this.options.rows) {
      this.options = options;
      this.tracker = new RoadTracker(options);
      this.followed = [];
    }
    switch (followStep(this.followed, hands)) {
      case 'unchanged':
        break;
      case 'added':
        this.tracker.add(hands[hands.length - 1]!);
        break;
      case 'removed':
        this.tracker.undo();
        break;
      case 'replaced':
        this.tracker.clear();
        this.followed = [];
        try {
          this.tracker.addAll(hands);
        } catch (error) {
          // Never leave the tracker holding part of a list the follower does not record.
          this.tracker.clear();
          throw error;
        }
    }
    this.followed = hands;
    return this.tracker;
  }
}
