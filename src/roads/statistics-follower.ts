/**
 * Keeps a ShoeStatistics in step with a `.hands` list that is replaced, never mutated, as the
 * panels receive it (the rule of list-follower.ts, as RoadFollower, without the roads, which the
 * panels do not draw). It reports which step it took, so a chart can update its series in place.
 */
import { DEFAULT_RULES, type TableRules } from '../game/rules.js';
import type { HandRecord } from '../shoes/document.js';
import { ShoeStatistics, type ShoeStatisticsView } from './statistics.js';
import { followStep, type FollowStep } from './list-follower.js';

export class StatisticsFollower {
  private stats: ShoeStatistics;
  private rules: Readonly<TableRules>;
  private followed: readonly HandRecord[] = [];
  private failure: Error | null = null;

  constructor(rules: Readonly<TableRules> = DEFAULT_RULES) {
    this.rules = rules;
    this.stats = new ShoeStatistics({ rules });
  }

  /** The statistics of the hands followed (of those before a bad hand, if one was found). */
  get statistics(): ShoeStatisticsView {
    return this.stats;
  }

  /** Hands counted: all of them, or those before the first bad hand. */
  get counted(): number {
    return this.stats.hands;
  }

  /** Why the last `follow` stopped short of the end of the list, or null when it counted every hand. */
  get error(): Error | null {
    return this.failure;
  }

  /**
   * Brings the statistics to `hands` under `rules` (other rules, by identity, mean a recount).
   * Never throws: a hand the statistics refuse stops the count before it, and `error` says why,
   * so a display keeps showing what it could count.
   */
  follow(hands: readonly HandRecord[], rules: Readonly<TableRules> = this.rules): FollowStep {
    if (rules !== this.rules) {
      this.rules = rules;
      this.stats = new ShoeStatistics({ rules });
      this.followed = [];
    }
    const step = this.failure === null ? followStep(this.followed, hands) : 'replaced';
    if (step === 'unchanged') return step;
    this.followed = hands;
    try {
      if (step === 'added') {
        this.stats.add(hands[hands.length - 1]!);
        return step;
      }
      if (step === 'removed') {
        this.stats.undo();
        return step;
      }
      this.failure = null;
      this.stats.clear();
      for (const hand of hands) this.stats.add(hand);
    } catch (error) {
      this.failure = error instanceof Error ? error : new Error(String(error));
    }
    return 'replaced';
  }
}
