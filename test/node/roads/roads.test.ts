import { describe, it, expect } from 'vitest';
import {
  computeRoads,
  handsFromOutcomes,
  outcomeHand,
  RoadTracker,
  RoadsError,
  type DerivedRoadName,
  type RoadsSnapshot,
} from '../../../src/roads/roads.js';
import type { RoadLayout } from '../../../src/roads/roads.js';
import { roadsToText } from '../../../src/roads/text.js';
import type { HandRecord } from '../../../src/shoes/document.js';
import { StatisticsError } from '../../../src/roads/statistics.js';

/** The roads `computeRoads` gives, without the statistics a RoadTracker does not keep. */
function layoutOf(hands: readonly HandRecord[], options?: { rows?: number }): RoadLayout {
  const layout: Partial<RoadsSnapshot> = computeRoads(hands, options);
  delete layout.statistics;
  return layout as RoadLayout;
}

const roadsOf = (outcomes: string, rows?: number): RoadsSnapshot => computeRoads(handsFromOutcomes(outcomes), { rows });
const positions = (cells: readonly { col: number; row: number }[]): [number, number][] => cells.map((cell) => [cell.col, cell.row]);
/** A derived road's colours as docs/rules.md writes them: `r b b …`. */
const colors = (roads: RoadsSnapshot, name: DerivedRoadName): string => roads[name].cells.map((cell) => cell.color[0]).join(' ');
const column = (col: number, rows: number[]): [number, number][] => rows.map((row) => [col, row]);
const along = (row: number, cols: number[]): [number, number][] => cols.map((col) => [col, row]);

describe('handsFromOutcomes', () => {
  it('reads B, P and T in either case as hands known only by their outcome', () => {
    expect(handsFromOutcomes('bPt')).toEqual([outcomeHand('B'), outcomeHand('P'), outcomeHand('T')]);
    expect(outcomeHand('P')).toEqual({
      cards: null,
      outcome: 'P',
      playerPair: false,
      bankerPair: false,
      natural: false,
      playerTotal: null,
      bankerTotal: null,
    });
  });

  it('gives no hands for an empty string', () => {
    expect(handsFromOutcomes('')).toEqual([]);
  });

  it('names an unknown character and its position', () => {
    expect(() => handsFromOutcomes('BPxB')).toThrow(RoadsError);
    expect(() => handsFromOutcomes('BPxB')).toThrow('unknown outcome "x" at position 3: expected B, P or T');
    expect(() => handsFromOutcomes('BP B')).toThrow('unknown outcome " " at position 3');
  });
});

describe('the worked examples of docs/rules.md', () => {
  describe('TBBPPPBPBBBBBBBBPT', () => {
    const roads = roadsOf('TBBPPPBPBBBBBBBBPT');

    it('draws the big road with a dragon tail, one leading tie and a tie on the last cell', () => {
      const cells = roads.bigRoad.cells;
      expect(cells.map((cell) => cell.side).join('')).toBe('BBPPPBPBBBBBBBBP');
      expect(positions(cells)).toEqual([
        ...column(0, [0, 1]),
        ...column(1, [0, 1, 2]),
        [2, 0],
        [3, 0],
        ...column(4, [0, 1, 2, 3, 4, 5]),
        [5, 5],
        [6, 5],
        [5, 0],
      ]);
      expect(cells.map((cell) => cell.ties)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
      expect(roads.bigRoad.leadingTies).toBe(1);
    });

    it('gives the three derived roads their colour sequences', () => {
      expect(colors(roads, 'bigEyeBoy')).toBe('r b b b r b r r r r r r b');
      expect(colors(roads, 'smallRoad')).toBe('b b b r r r r r r b');
      expect(colors(roads, 'cockroachPig')).toBe('b r r b r r r r b');
    });

    it('predicts blue, red, red for banker and red, blue, blue for player', () => {
      expect(roads.predictions).toEqual({
        B: { bigEyeBoy: 'blue', smallRoad: 'red', cockroachPig: 'red' },
        P: { bigEyeBoy: 'red', smallRoad: 'blue', cockroachPig: 'blue' },
      });
    });
  });

  describe('BPBPPBBBPPPPBTPBBPPB', () => {
    const roads = roadsOf('BPBPPBBBPPPPBTPBBPPB');

    it('gives the three derived roads their colour sequences', () => {
      expect(colors(roads, 'bigEyeBoy')).toBe('r r b b r b b r r b b b r b b r r');
      expect(colors(roads, 'smallRoad')).toBe('r b b b r b r b r b b b b b b b');
      expect(colors(roads, 'cockroachPig')).toBe('b b b r b b r r b b b r b b b');
    });

    it('tails the small road last column from the bottom row to column 8, row 5', () => {
      const cells = roads.smallRoad.cells;
      expect(positions(cells.slice(-7))).toEqual([...column(7, [0, 1, 2, 3, 4, 5]), [8, 5]]);
      expect(roads.widths.smallRoad).toBe(9);
    });

    it('predicts red, red, blue for banker and blue, blue, red for player', () => {
      expect(roads.predictions).toEqual({
        B: { bigEyeBoy: 'red', smallRoad: 'red', cockroachPig: 'blue' },
        P: { bigEyeBoy: 'blue', smallRoad: 'blue', cockroachPig: 'red' },
      });
    });
  });
});

describe('bead plate', () => {
  it('has one cell per hand, ties included, filled down six rows and then right', () => {
    const roads = roadsOf('BPTBPTBP');
    expect(roads.beadPlate.map((cell) => cell.outcome).join('')).toBe('BPTBPTBP');
    expect(positions(roads.beadPlate)).toEqual([...column(0, [0, 1, 2, 3, 4, 5]), ...column(1, [0, 1])]);
    expect(roads.widths.beadPlate).toBe(2);
  });

  it('wraps after the configured number of rows', () => {
    const roads = roadsOf('BBBPPPT', 3);
    expect(positions(roads.beadPlate)).toEqual([...column(0, [0, 1, 2]), ...column(1, [0, 1, 2]), [2, 0]]);
    expect(roads.widths.beadPlate).toBe(3);
  });

  it('shows pairs, the natural flag and the winning total, or null without totals', () => {
    const hands: HandRecord[] = [
      { ...outcomeHand('B'), playerTotal: 5, bankerTotal: 6, bankerPair: true },
      { ...outcomeHand('P'), playerTotal: 9, bankerTotal: 7, natural: true, playerPair: true },
      { ...outcomeHand('T'), playerTotal: 4, bankerTotal: 4 },
      outcomeHand('B'),
    ];
    expect(computeRoads(hands).beadPlate).toEqual([
      { col: 0, row: 0, outcome: 'B', playerPair: false, bankerPair: true, natural: false, winningTotal: 6 },
      { col: 0, row: 1, outcome: 'P', playerPair: true, bankerPair: false, natural: true, winningTotal: 9 },
      { col: 0, row: 2, outcome: 'T', playerPair: false, bankerPair: false, natural: false, winningTotal: 4 },
      { col: 0, row: 3, outcome: 'B', playerPair: false, bankerPair: false, natural: false, winningTotal: null },
    ]);
  });
});

describe('big road', () => {
  it('starts a new column each time the winner changes', () => {
    const roads = roadsOf('BBPBPP');
    expect(positions(roads.bigRoad.cells)).toEqual([
      [0, 0],
      [0, 1],
      [1, 0],
      [2, 0],
      [3, 0],
      [3, 1],
    ]);
    expect(roads.bigRoad.cells.map((cell) => [cell.logicalColumn, cell.logicalRow])).toEqual([
      [0, 0],
      [0, 1],
      [1, 0],
      [2, 0],
      [3, 0],
      [3, 1],
    ]);
  });

  it('counts ties before the first banker or player hand as leading ties only', () => {
    const roads = roadsOf('TTBP');
    expect(roads.bigRoad.leadingTies).toBe(2);
    expect(roads.bigRoad.cells.map((cell) => cell.ties)).toEqual([0, 0]);
    expect(roads.bigRoad.cells[0]).toMatchObject({ col: 0, row: 0, side: 'B', hand: 2 });
  });

  it('has no cells in a shoe of ties alone, but a bead for every tie', () => {
    const roads = roadsOf('TTT');
    expect(roads.bigRoad).toMatchObject({ cells: [], leadingTies: 3 });
    expect(roads.beadPlate).toHaveLength(3);
    expect(roads.widths.bigRoad).toBe(0);
  });

  it('counts a run of ties on the cell before them', () => {
    const roads = roadsOf('BTTTPB');
    expect(roads.bigRoad.cells.map((cell) => [cell.side, cell.ties])).toEqual([
      ['B', 3],
      ['P', 0],
      ['B', 0],
    ]);
    expect(positions(roads.bigRoad.cells)).toEqual([
      [0, 0],
      [1, 0],
      [2, 0],
    ]);
  });

  it('counts a tie dealt as the last hand on the last cell, and the roads are otherwise unchanged', () => {
    const withTie = roadsOf('BPPT');
    const withoutTie = roadsOf('BPP');
    expect(withTie.bigRoad.cells.at(-1)).toMatchObject({ side: 'P', ties: 1 });
    expect(positions(withTie.bigRoad.cells)).toEqual(positions(withoutTie.bigRoad.cells));
    expect(withTie.bigEyeBoy).toEqual(withoutTie.bigEyeBoy);
    expect(withTie.predictions).toEqual(withoutTie.predictions);
  });

  it('marks the pairs of its own hand, and whether ties counted on it had pairs', () => {
    const hands: HandRecord[] = [
      { ...outcomeHand('T'), bankerPair: true },
      { ...outcomeHand('B'), playerPair: true },
      { ...outcomeHand('T'), bankerPair: true },
      outcomeHand('T'),
      outcomeHand('P'),
    ];
    const roads = computeRoads(hands);
    expect(roads.bigRoad).toMatchObject({ leadingTies: 1, leadingTiePlayerPair: false, leadingTieBankerPair: true });
    expect(roads.bigRoad.cells).toEqual([
      {
        col: 0,
        row: 0,
        side: 'B',
        ties: 2,
        logicalColumn: 0,
        logicalRow: 0,
        playerPair: true,
        bankerPair: false,
        tiePlayerPair: false,
        tieBankerPair: true,
        hand: 1,
      },
      {
        col: 1,
        row: 0,
        side: 'P',
        ties: 0,
        logicalColumn: 1,
        logicalRow: 0,
        playerPair: false,
        bankerPair: false,
        tiePlayerPair: false,
        tieBankerPair: false,
        hand: 4,
      },
    ]);
  });

  it('turns a streak that reaches the bottom row to the right: a dragon tail of eight and more', () => {
    const roads = roadsOf(`${'B'.repeat(14)}P`);
    const cells = roads.bigRoad.cells;
    expect(positions(cells.slice(0, 14))).toEqual([...column(0, [0, 1, 2, 3, 4, 5]), ...along(5, [1, 2, 3, 4, 5, 6, 7, 8])]);
    expect(cells.slice(0, 14).map((cell) => cell.logicalRow)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(cells.slice(0, 14).every((cell) => cell.logicalColumn === 0)).toBe(true);
    // The next column starts one right of where the tailing column started, not after its tail.
    expect(cells[14]).toMatchObject({ col: 1, row: 0, side: 'P', logicalColumn: 1, logicalRow: 0 });
    expect(roads.widths.bigRoad).toBe(9);
  });

  it('turns a streak early when the cell below is taken by an earlier tail', () => {
    const roads = roadsOf(`${'B'.repeat(8)}${'P'.repeat(7)}${'B'.repeat(5)}${'P'.repeat(4)}`);
    expect(positions(roads.bigRoad.cells)).toEqual([
      ...column(0, [0, 1, 2, 3, 4, 5]),
      ...along(5, [1, 2]),
      ...column(1, [0, 1, 2, 3, 4]),
      ...along(4, [2, 3]),
      ...column(2, [0, 1, 2, 3]),
      [3, 3],
      ...column(3, [0, 1, 2]),
      [4, 2],
    ]);
  });

  it('keeps a tail on its row after the tail below it has ended', () => {
    const roads = roadsOf(`${'B'.repeat(7)}${'P'.repeat(8)}`);
    // The player streak turns at row 4 because (1,5) is taken; (2,5) is free, but a tail never drops back down.
    expect(positions(roads.bigRoad.cells.slice(7))).toEqual([...column(1, [0, 1, 2, 3, 4]), ...along(4, [2, 3, 4])]);
  });

  it('starts a column at the first free top cell to the right when earlier tails took the top cells', () => {
    const roads = roadsOf(`${'B'.repeat(8)}${'P'.repeat(7)}${'B'.repeat(6)}${'P'.repeat(5)}${'B'.repeat(4)}${'P'.repeat(3)}BP`);
    const cells = roads.bigRoad.cells;
    // The three-player streak finds (5,1) taken and tails along the top row over (6,0) and (7,0).
    expect(positions(cells.slice(-5, -2))).toEqual([
      [5, 0],
      [6, 0],
      [7, 0],
    ]);
    expect(cells.at(-2)).toMatchObject({ col: 8, row: 0, side: 'B' });
    expect(cells.at(-1)).toMatchObject({ col: 9, row: 0, side: 'P' });
  });

  it('places every road on the configured number of rows', () => {
    const roads = roadsOf('BBBBPPB', 2);
    expect(positions(roads.bigRoad.cells)).toEqual([
      [0, 0],
      [0, 1],
      [1, 1],
      [2, 1],
      [1, 0],
      [2, 0],
      [3, 0],
    ]);
    expect(roads.rows).toBe(2);
  });

  it('tails along the only row when the grid has one row', () => {
    const roads = roadsOf('BBPPB', 1);
    expect(positions(roads.bigRoad.cells)).toEqual([
      [0, 0],
      [1, 0],
      [2, 0],
      [3, 0],
      [4, 0],
    ]);
  });
});

describe('derived roads', () => {
  const marks = (outcomes: string): Record<DerivedRoadName, string> => {
    const roads = roadsOf(outcomes);
    return { bigEyeBoy: colors(roads, 'bigEyeBoy'), smallRoad: colors(roads, 'smallRoad'), cockroachPig: colors(roads, 'cockroachPig') };
  };

  it.each([
    ['bigEyeBoy', 'BP', ''],
    ['bigEyeBoy', 'BPP', 'b'],
    ['bigEyeBoy', 'BPB', 'r'],
    ['smallRoad', 'BPB', ''],
    ['smallRoad', 'BPBB', 'b'],
    ['smallRoad', 'BPBP', 'r'],
    ['cockroachPig', 'BPBP', ''],
    ['cockroachPig', 'BPBPP', 'b'],
    ['cockroachPig', 'BPBPB', 'r'],
  ] as const)(
    '%s after %s starts with "%s" (row 2 of column k+1, or row 1 of column k+2 when column k+1 has one entry)',
    (name, outcomes, expected) => {
      expect(marks(outcomes)[name]).toBe(expected);
    },
  );

  it('adds exactly one mark for every big-road entry from its first mark on', () => {
    // Eight alternating hands: eight one-entry columns of equal length, so every mark is red.
    expect(marks('BPBPBPBP')).toEqual({ bigEyeBoy: 'r r r r r r', smallRoad: 'r r r r r', cockroachPig: 'r r r r' });
  });

  it('colours a new column red when the two columns it compares have equal lengths, blue otherwise', () => {
    expect(marks('BBPPB').bigEyeBoy).toBe('r r');
    expect(marks('BBPB').bigEyeBoy).toBe('b');
  });

  it('colours a later row red while the compared column is as long, blue one past its end, red beyond', () => {
    expect(marks('BBBPP').bigEyeBoy).toBe('r');
    expect(marks('BPPPP').bigEyeBoy).toBe('b r r');
  });

  it('ignores ties', () => {
    expect(marks('TBTPTBTT')).toEqual(marks('BPB'));
  });

  it('starts a new column of marks when the colour changes', () => {
    const roads = roadsOf('BPBPPBBBPPPPBTPBBPPB');
    expect(positions(roads.bigEyeBoy.cells.slice(0, 5))).toEqual([
      [0, 0],
      [0, 1],
      [1, 0],
      [1, 1],
      [2, 0],
    ]);
    expect(roads.bigEyeBoy.cells.slice(0, 5).map((cell) => [cell.logicalColumn, cell.logicalRow])).toEqual([
      [0, 0],
      [0, 1],
      [1, 0],
      [1, 1],
      [2, 0],
    ]);
  });
});

describe('ask road', () => {
  it('predicts nothing before the first banker or player hand', () => {
    const empty = { bigEyeBoy: null, smallRoad: null, cockroachPig: null };
    expect(roadsOf('').predictions).toEqual({ B: empty, P: empty });
    expect(roadsOf('TT').predictions).toEqual({ B: empty, P: empty });
  });

  it('predicts only for the roads that the next hand could give a mark', () => {
    expect(roadsOf('B').predictions.B).toEqual({ bigEyeBoy: null, smallRoad: null, cockroachPig: null });
    // After B P, a banker starts column 3 (compares columns 2 and 1), a player adds row 2 of column 2.
    expect(roadsOf('BP').predictions).toEqual({
      B: { bigEyeBoy: 'red', smallRoad: null, cockroachPig: null },
      P: { bigEyeBoy: 'blue', smallRoad: null, cockroachPig: null },
    });
  });

  it('predicts the mark that the next hand then adds', () => {
    const before = roadsOf('BBPPPBPB');
    for (const next of ['B', 'P'] as const) {
      const after = roadsOf(`BBPPPBPB${next}`);
      for (const name of ['bigEyeBoy', 'smallRoad', 'cockroachPig'] as const) {
        expect(after[name].cells.at(-1)?.color).toBe(before.predictions[next][name]);
      }
    }
  });
});

describe('RoadTracker', () => {
  it('gives the same roads adding hands one at a time as computing them at once', () => {
    const tracker = new RoadTracker();
    for (const hand of handsFromOutcomes('TBBPPPBPBBBBBBBBPT')) tracker.add(hand);
    expect(tracker.snapshot()).toEqual(layoutOf(handsFromOutcomes('TBBPPPBPBBBBBBBBPT')));
  });

  it('restores the previous roads and statistics when the last hand is undone', () => {
    const tracker = new RoadTracker().addAll(handsFromOutcomes('BPBPPBBBPPPPBTPBBPP'));
    const before = tracker.snapshot();
    tracker.add(outcomeHand('B'));
    expect(tracker.undo()).toEqual(outcomeHand('B'));
    expect(tracker.snapshot()).toEqual(before);
  });

  it('undoes a tie by taking it off the cell it was counted on', () => {
    const tracker = new RoadTracker().addAll(handsFromOutcomes('TBTT'));
    tracker.undo();
    expect(tracker.snapshot().bigRoad.cells[0]?.ties).toBe(1);
    tracker.undo();
    tracker.undo();
    expect(tracker.snapshot().bigRoad).toMatchObject({ cells: [], leadingTies: 1 });
  });

  it('returns undefined when asked to undo with no hands', () => {
    const tracker = new RoadTracker();
    expect(tracker.undo()).toBeUndefined();
    expect(tracker.snapshot()).toEqual(layoutOf([]));
  });

  it('takes snapshots that later hands do not change', () => {
    const tracker = new RoadTracker().addAll(handsFromOutcomes('BP'));
    const snapshot = tracker.snapshot();
    const copy = structuredClone(snapshot);
    tracker.addAll(handsFromOutcomes('TTPPB'));
    expect(snapshot).toEqual(copy);
  });

  it('forgets every hand on clear and starts the next shoe afresh', () => {
    const tracker = new RoadTracker({ rows: 3 }).addAll(handsFromOutcomes('BBBBBBPPT'));
    tracker.clear();
    expect(tracker.hands).toEqual([]);
    tracker.addAll(handsFromOutcomes('PTB'));
    expect(tracker.snapshot()).toEqual(layoutOf(handsFromOutcomes('PTB'), { rows: 3 }));
  });

  it('refuses an outcome other than B, P or T and changes nothing', () => {
    const tracker = new RoadTracker().addAll(handsFromOutcomes('BP'));
    const before = tracker.snapshot();
    expect(() => tracker.add({ ...outcomeHand('B'), outcome: 'X' as 'B' })).toThrow('hand 3: outcome must be "B", "P" or "T"; got "X"');
    expect(tracker.snapshot()).toEqual(before);
  });

  it('leaves the cards of a hand to the statistics: computeRoads refuses a hand they contradict', () => {
    const playerNatural: HandRecord = {
      cards: ['9H', '2C', 'KD', '5S'],
      outcome: 'B',
      playerPair: false,
      bankerPair: false,
      natural: true,
      playerTotal: 9,
      bankerTotal: 7,
    };
    expect(() => computeRoads([playerNatural])).toThrow(StatisticsError);
  });

  it('refuses rows that are not a whole number of at least 1', () => {
    expect(() => new RoadTracker({ rows: 0 })).toThrow('rows must be a whole number of at least 1; got 0');
    expect(() => new RoadTracker({ rows: 2.5 })).toThrow(RoadsError);
  });

  it('serialises to the bacc roads document', () => {
    const document: unknown = JSON.parse(JSON.stringify(new RoadTracker().addAll(handsFromOutcomes('TBP'))));
    expect(document).toMatchObject({
      beadPlate: [
        { col: 0, row: 0, outcome: 'T' },
        { col: 0, row: 1, outcome: 'B' },
        { col: 0, row: 2, outcome: 'P' },
      ],
      bigRoad: {
        cells: [
          { col: 0, row: 0, side: 'B', ties: 0 },
          { col: 1, row: 0, side: 'P', ties: 0 },
        ],
        leadingTies: 1,
      },
      bigEyeBoy: { cells: [] },
      smallRoad: { cells: [] },
      cockroachPig: { cells: [] },
      predictions: {
        B: { bigEyeBoy: 'red', smallRoad: null, cockroachPig: null },
        P: { bigEyeBoy: 'blue', smallRoad: null, cockroachPig: null },
      },
    });
  });

  it('gives the statistics with the roads in computeRoads (the bacc roads JSON), and keeps none in the tracker', () => {
    expect(computeRoads(handsFromOutcomes('BBTP')).statistics).toMatchObject({
      hands: 4,
      banker: 2,
      player: 1,
      tie: 1,
      currentStreak: { side: 'P', length: 1 },
    });
    // The statistics are last in the JSON, as the contract prints them.
    expect(Object.keys(JSON.parse(JSON.stringify(computeRoads(handsFromOutcomes('BP')))) as object).at(-1)).toBe('statistics');
    expect(new RoadTracker().addAll(handsFromOutcomes('BBTP')).snapshot()).not.toHaveProperty('statistics');
  });
});

describe('roadsToText', () => {
  it('prints each road as aligned rows with B, P and T, a slash for one tie, and r and b', () => {
    expect(roadsToText(roadsOf('TBBPT', 3))).toBe(
      [
        'Bead Plate (5 hands)',
        'T P',
        'B T',
        'B .',
        '',
        'Big Road (1 leading tie)',
        'B  P/',
        'B  .',
        '.  .',
        '',
        'Big Eye Boy',
        '(empty)',
        '',
        'Small Road',
        '(empty)',
        '',
        'Cockroach Pig',
        '(empty)',
        '',
        'If banker next: Big Eye Boy blue, Small Road -, Cockroach Pig -',
        'If player next: Big Eye Boy red, Small Road -, Cockroach Pig -',
        '',
      ].join('\n'),
    );
  });

  it('shows a count for more than one tie and widens every cell to fit it', () => {
    const lines = roadsToText(roadsOf(`BP${'T'.repeat(12)}BB`, 2)).split('\n');
    const bigRoad = lines.indexOf('Big Road');
    expect(lines.slice(bigRoad + 1, bigRoad + 3)).toEqual(['B   P12 B', '.   .   B']);
    const bigEyeBoy = lines.indexOf('Big Eye Boy');
    expect(lines.slice(bigEyeBoy + 1, bigEyeBoy + 3)).toEqual(['r b', '. .']);
  });
});

describe('per-road accessors', () => {
  it('give each road as the snapshot has it, so that a display of one road need not copy the others', () => {
    const tracker = new RoadTracker({ rows: 4 }).addAll(handsFromOutcomes('TBBPPPBPBBBBBBBBPTBPPBT'));
    const snapshot = tracker.snapshot();
    expect(tracker.beadPlate()).toEqual(snapshot.beadPlate);
    expect(tracker.bigRoad()).toEqual(snapshot.bigRoad);
    expect(tracker.derivedRoad('bigEyeBoy')).toEqual(snapshot.bigEyeBoy);
    expect(tracker.derivedRoad('smallRoad')).toEqual(snapshot.smallRoad);
    expect(tracker.derivedRoad('cockroachPig')).toEqual(snapshot.cockroachPig);
  });

  it('return copies that later hands do not change', () => {
    const tracker = new RoadTracker().addAll(handsFromOutcomes('BPPB'));
    const cells = tracker.derivedRoad('bigEyeBoy').cells;
    const before = structuredClone(cells);
    tracker.add(handsFromOutcomes('B')[0]!);
    expect(cells).toEqual(before);
    expect(tracker.derivedRoad('bigEyeBoy').cells).not.toEqual(before);
  });
});
