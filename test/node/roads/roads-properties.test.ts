import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { computeRoads, DERIVED_ROADS, outcomeHand, RoadTracker, type RoadColor, type RoadsSnapshot } from '../../../src/roads/roads.js';
import type { RoadLayout } from '../../../src/roads/roads.js';
import type { HandRecord } from '../../../src/shoes/document.js';

/** The roads `computeRoads` gives, without the statistics a RoadTracker does not keep. */
function layoutOf(hands: readonly HandRecord[], options?: { rows?: number }): RoadLayout {
  const layout: Partial<RoadsSnapshot> = computeRoads(hands, options);
  delete layout.statistics;
  return layout as RoadLayout;
}

/** Outcome-only hands with pairs, about as often banker as player, ties rarer. */
const handArbitrary: fc.Arbitrary<HandRecord> = fc
  .record({
    outcome: fc.constantFrom('B', 'B', 'B', 'B', 'P', 'P', 'P', 'P', 'T' as const),
    playerPair: fc.boolean(),
    bankerPair: fc.boolean(),
    natural: fc.boolean(),
  })
  .map((hand) => ({ ...hand, outcome: hand.outcome, cards: null, playerTotal: null, bankerTotal: null }));
const shoeArbitrary = fc.array(handArbitrary, { maxLength: 200 });
const rowsArbitrary = fc.integer({ min: 1, max: 8 });

/** Every road's cells, with the road's name, for checks that apply to all five. */
function allRoads(roads: RoadsSnapshot): [string, readonly { col: number; row: number }[]][] {
  return [
    ['beadPlate', roads.beadPlate],
    ['bigRoad', roads.bigRoad.cells],
    ['bigEyeBoy', roads.bigEyeBoy.cells],
    ['smallRoad', roads.smallRoad.cells],
    ['cockroachPig', roads.cockroachPig.cells],
  ];
}

/**
 * The rules of docs/rules.md transcribed as directly as possible, with none of the tracker's
 * machinery: streaks as arrays, columns numbered from 1, the grid as a set of "col,row" keys.
 */
function referenceRoads(hands: readonly HandRecord[], rows: number) {
  const streaks: string[][] = [];
  for (const { outcome } of hands) {
    if (outcome === 'T') continue;
    const last = streaks.at(-1);
    if (last && last[0] === outcome) last.push(outcome);
    else streaks.push([outcome]);
  }
  const length = (n: number): number => streaks[n - 1]!.length;
  const derived = (k: number): RoadColor[] => {
    const marks: RoadColor[] = [];
    streaks.forEach((streak, index) => {
      const n = index + 1;
      for (let m = 1; m <= streak.length; m++) {
        if (n < k + 1 || (n === k + 1 && m === 1)) continue;
        if (m === 1) marks.push(length(n - 1) === length(n - 1 - k) ? 'red' : 'blue');
        else {
          const p = length(n - k);
          marks.push(m <= p ? 'red' : m === p + 1 ? 'blue' : 'red');
        }
      }
    });
    return marks;
  };
  const place = (values: readonly string[]): { col: number; row: number }[] => {
    const taken = new Set<string>();
    const cells: { col: number; row: number }[] = [];
    let start = -1;
    let col = 0;
    let row = 0;
    let turned = false;
    values.forEach((value, index) => {
      if (index === 0 || value !== values[index - 1]) {
        start++;
        while (taken.has(`${start},0`)) start++;
        [col, row, turned] = [start, 0, false];
      } else if (!turned && row + 1 < rows && !taken.has(`${col},${row + 1}`)) {
        row++;
      } else {
        turned = true;
        col++;
      }
      taken.add(`${col},${row}`);
      cells.push({ col, row });
    });
    return cells;
  };
  const road = (values: readonly string[]) => place(values).map((cell, index) => ({ ...cell, value: values[index] }));
  return {
    bigRoad: road(streaks.flat()),
    bigEyeBoy: road(derived(1)),
    smallRoad: road(derived(2)),
    cockroachPig: road(derived(3)),
  };
}

describe('roads over random shoes', () => {
  it('match a direct transcription of the rules in docs/rules.md', () => {
    fc.assert(
      fc.property(shoeArbitrary, rowsArbitrary, (hands, rows) => {
        const roads = computeRoads(hands, { rows });
        const reference = referenceRoads(hands, rows);
        expect(roads.bigRoad.cells.map(({ col, row, side }) => ({ col, row, value: side }))).toEqual(reference.bigRoad);
        for (const { name } of DERIVED_ROADS) {
          expect(roads[name].cells.map(({ col, row, color }) => ({ col, row, value: color }))).toEqual(reference[name]);
        }
      }),
    );
  });

  it('never draw two cells of one road on the same spot, nor outside the rows', () => {
    fc.assert(
      fc.property(shoeArbitrary, rowsArbitrary, (hands, rows) => {
        for (const [name, cells] of allRoads(computeRoads(hands, { rows }))) {
          const spots = new Set(cells.map((cell) => `${cell.col},${cell.row}`));
          expect(spots.size, name).toBe(cells.length);
          expect(
            cells.every((cell) => cell.row >= 0 && cell.row < rows && cell.col >= 0),
            name,
          ).toBe(true);
        }
      }),
    );
  });

  it('report as width one more than the rightmost column of each road', () => {
    fc.assert(
      fc.property(shoeArbitrary, rowsArbitrary, (hands, rows) => {
        const roads = computeRoads(hands, { rows });
        for (const [name, cells] of allRoads(roads)) {
          expect(roads.widths[name as keyof RoadsSnapshot['widths']], name).toBe(Math.max(0, ...cells.map((cell) => cell.col + 1)));
        }
      }),
    );
  });

  it('draw each streak down from the top row and then right, never back down', () => {
    fc.assert(
      fc.property(shoeArbitrary, rowsArbitrary, (hands, rows) => {
        const roads = computeRoads(hands, { rows });
        for (const cells of [roads.bigRoad.cells, ...DERIVED_ROADS.map(({ name }) => roads[name].cells)]) {
          cells.forEach((cell, index) => {
            const previous = cells[index - 1];
            if (cell.logicalRow === 0) {
              expect(cell.row).toBe(0);
              expect(cell.logicalColumn).toBe((previous?.logicalColumn ?? -1) + 1);
              return;
            }
            expect(previous?.logicalColumn).toBe(cell.logicalColumn);
            const down = cell.col === previous!.col && cell.row === previous!.row + 1;
            const right = cell.col === previous!.col + 1 && cell.row === previous!.row;
            expect(down || right).toBe(true);
            // Once a streak has turned right, the next cell cannot go down again.
            if (down && cell.logicalRow >= 2) expect(cells[index - 2]!.col).toBe(cell.col);
          });
        }
      }),
    );
  });

  it('give the bead plate one cell per hand, in order, down the rows and then right', () => {
    fc.assert(
      fc.property(shoeArbitrary, rowsArbitrary, (hands, rows) => {
        const beads = computeRoads(hands, { rows }).beadPlate;
        expect(beads).toHaveLength(hands.length);
        beads.forEach((bead, index) => {
          expect(bead).toMatchObject({ col: Math.floor(index / rows), row: index % rows, outcome: hands[index]!.outcome });
        });
      }),
    );
  });

  it('give each derived road exactly one mark per big-road entry from its first mark on', () => {
    fc.assert(
      fc.property(shoeArbitrary, (hands) => {
        const roads = computeRoads(hands);
        for (const { name, offset: k } of DERIVED_ROADS) {
          // Logical columns and rows count from 0 here: the start is column k, row 1, or column k+1, row 0.
          const entries = roads.bigRoad.cells.filter((cell) => cell.logicalColumn > k || (cell.logicalColumn === k && cell.logicalRow > 0));
          expect(roads[name].cells, name).toHaveLength(entries.length);
        }
      }),
    );
  });

  it('predict opposite colours for banker and player, or nothing for both', () => {
    fc.assert(
      fc.property(shoeArbitrary, (hands) => {
        const { predictions } = computeRoads(hands);
        for (const { name } of DERIVED_ROADS) {
          const [banker, player] = [predictions.B[name], predictions.P[name]];
          if (banker === null || player === null) expect([banker, player]).toEqual([null, null]);
          else expect(banker).not.toBe(player);
        }
      }),
    );
  });

  it('predict the mark that the next banker or player hand then adds', () => {
    fc.assert(
      fc.property(shoeArbitrary, fc.constantFrom('B' as const, 'P' as const), (hands, next) => {
        const tracker = new RoadTracker().addAll(hands);
        const before = tracker.snapshot();
        const after = tracker.add(outcomeHand(next)).snapshot();
        for (const { name } of DERIVED_ROADS) {
          const predicted = before.predictions[next][name];
          const added = after[name].cells.slice(before[name].cells.length);
          expect(added.map((cell) => cell.color)).toEqual(predicted === null ? [] : [predicted]);
        }
      }),
    );
  });
});

describe('RoadTracker over random shoes', () => {
  it('restores exactly the previous snapshot when a hand just added is undone, at every point of a shoe', () => {
    fc.assert(
      fc.property(shoeArbitrary, fc.array(handArbitrary, { minLength: 1, maxLength: 200 }), (hands, extras) => {
        const tracker = new RoadTracker();
        hands.forEach((hand, index) => {
          const before = tracker.snapshot();
          tracker.add(extras[index % extras.length]!);
          tracker.undo();
          expect(tracker.snapshot()).toEqual(before);
          tracker.add(hand);
        });
      }),
      { numRuns: 50 },
    );
  });

  it('gives the same snapshot as a full recompute after any mix of adds and undos', () => {
    const step = fc.oneof({ arbitrary: handArbitrary, weight: 3 }, { arbitrary: fc.constant('undo' as const), weight: 1 });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 300 }), rowsArbitrary, (steps, rows) => {
        const tracker = new RoadTracker({ rows });
        const hands: HandRecord[] = [];
        for (const action of steps) {
          if (action === 'undo') {
            expect(tracker.undo()).toBe(hands.pop());
          } else {
            tracker.add(action);
            hands.push(action);
          }
        }
        expect(tracker.snapshot()).toEqual(layoutOf(hands, { rows }));
      }),
    );
  });
});
