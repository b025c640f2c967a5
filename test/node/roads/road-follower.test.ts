import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { RoadFollower } from '../../../src/roads/road-follower.js';
import { computeRoads, handsFromOutcomes } from '../../../src/roads/roads.js';
import type { RoadLayout, RoadsSnapshot } from '../../../src/roads/roads.js';
import type { HandRecord } from '../../../src/shoes/document.js';

/** The roads `computeRoads` gives, without the statistics a RoadTracker does not keep. */
function layoutOf(hands: readonly HandRecord[], options?: { rows?: number }): RoadLayout {
  const layout: Partial<RoadsSnapshot> = computeRoads(hands, options);
  delete layout.statistics;
  return layout as RoadLayout;
}

describe('RoadFollower', () => {
  it('follows replaced hand lists, adding, undoing and rebuilding as needed, always equal to a recompute', () => {
    const outcome = fc.constantFrom('B', 'P', 'T');
    const step = fc.oneof(
      fc.record({ kind: fc.constant('add' as const), outcome }),
      fc.record({ kind: fc.constant('undo' as const) }),
      fc.record({ kind: fc.constant('replace' as const), outcomes: fc.string({ unit: outcome, maxLength: 30 }) }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        const follower = new RoadFollower();
        let hands: readonly HandRecord[] = [];
        for (const s of steps) {
          if (s.kind === 'add') hands = [...hands, ...handsFromOutcomes(s.outcome)];
          else if (s.kind === 'undo') hands = hands.slice(0, -1);
          else hands = handsFromOutcomes(s.outcomes);
          expect(follower.follow(hands).snapshot()).toEqual(layoutOf(hands));
        }
      }),
    );
  });

  it('rebuilds when a hand in the middle is replaced by a corrected one', () => {
    const follower = new RoadFollower();
    const hands = handsFromOutcomes('BBPPB');
    follower.follow(hands);
    const corrected = [...hands.slice(0, 2), ...handsFromOutcomes('B'), ...hands.slice(3)];
    expect(follower.follow(corrected).snapshot()).toEqual(layoutOf(corrected));
  });

  it('rebuilds when the rows change', () => {
    const follower = new RoadFollower({ rows: 6 });
    const hands = handsFromOutcomes('BBBBBBBB');
    follower.follow(hands);
    expect(follower.follow(hands, { rows: 3 }).snapshot()).toEqual(layoutOf(hands, { rows: 3 }));
  });
});

describe('RoadFollower after a bad hand', () => {
  it('keeps nothing of a list it failed to rebuild, so the next list is followed from scratch', () => {
    const follower = new RoadFollower();
    const good = handsFromOutcomes('BPB');
    const bad = [...good, { ...good[0]!, outcome: 'X' as never }];
    expect(() => follower.follow(bad)).toThrow(/outcome must be/);
    const next = handsFromOutcomes('P');
    expect(follower.follow(next).snapshot()).toEqual(layoutOf(next));
  });

  it('keeps the hands before a bad added hand', () => {
    const follower = new RoadFollower();
    const good = handsFromOutcomes('BPB');
    follower.follow(good);
    expect(() => follower.follow([...good, { ...good[0]!, outcome: 'X' as never }])).toThrow();
    expect(follower.follow([...good, ...handsFromOutcomes('P')]).snapshot()).toEqual(layoutOf([...good, ...handsFromOutcomes('P')]));
  });
});
