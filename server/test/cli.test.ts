import { describe, it, expect } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { main } from '../src/cli.js';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI in process, as the bin script does, with stdin given as text. */
async function bacc(args: string[], stdin = ''): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    stdinLines: () => Readable.from(stdin.split('\n')),
  });
  return { code, stdout, stderr };
}

const json = (run: Run): Record<string, unknown> => JSON.parse(run.stdout) as Record<string, unknown>;

/** A bad invocation: one `bacc:` line on stderr, nothing on stdout, exit 2. */
function expectUsageError(run: Run, message: RegExp): void {
  expect(run.code).toBe(2);
  expect(run.stdout).toBe('');
  expect(run.stderr).toMatch(/^bacc: [^\n]+\n$/);
  expect(run.stderr).toMatch(message);
}

describe('bacc resolve', () => {
  it('prints the resolved hand as the contract pins it', async () => {
    const run = await bacc(['resolve', '9h', '2c', 'kd', '5s']);
    expect(run.code).toBe(0);
    expect(json(run)).toMatchObject({
      player: ['9H', 'KD'],
      banker: ['2C', '5S'],
      playerTotal: 9,
      bankerTotal: 7,
      winner: 'P',
      natural: true,
      playerPair: false,
      bankerPair: false,
      complete: true,
    });
  });

  it('says who receives the next card of an unfinished hand, with exit 0', async () => {
    const run = await bacc(['resolve', '2h', '3c', '3d', 'ks']);
    expect(run.code).toBe(0);
    expect(json(run)).toMatchObject({ complete: false, next: 'player' });
  });

  it('refuses an impossible hand and an unknown card with one line and exit 2', async () => {
    expectUsageError(await bacc(['resolve', '9h', '2c', 'kd', '5s', '3h']), /unexpected card 3H/);
    expectUsageError(await bacc(['resolve', '9h', 'xx']), /unknown card "xx"/);
    expectUsageError(await bacc(['resolve']), /needs cards/);
  });
});

describe('bacc odds', () => {
  it('prints a full 8-deck shoe by default, edges as fractions', async () => {
    const odds = json(await bacc(['odds']));
    expect(odds.banker).toBeCloseTo(0.458597, 6);
    expect((odds.houseEdge as Record<string, number>).banker).toBeCloseTo(0.010579, 6);
    expect(Object.keys(odds.houseEdge as object)).toEqual([
      'banker',
      'player',
      'tie',
      'playerPair',
      'bankerPair',
      'noCommissionBanker',
      'dragonBonusPlayer',
      'dragonBonusBanker',
    ]);
    for (const key of ['banker', 'player', 'tie', 'playerPair', 'bankerPair', 'natural', 'bankerWinsOn6']) {
      expect(typeof odds[key]).toBe('number');
    }
  });

  it('takes --decks and --remaining', async () => {
    expect(json(await bacc(['odds', '--decks', '6'])).tie).toBeCloseTo(0.095069, 6);
    const remaining = json(await bacc(['odds', '--remaining', '24,24,24,24,24,24,24,24,24,24,24,24,24']));
    expect(remaining.tie).toBeCloseTo(0.095069, 6);
  });

  it('answers one composition per stdin line with one JSON object per line', async () => {
    const run = await bacc(
      ['odds', '--remaining', '-'],
      '32,32,32,32,32,32,32,32,32,32,32,32,32\n\n24,24,24,24,24,24,24,24,24,24,24,24,24\n',
    );
    expect(run.code).toBe(0);
    const lines = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { banker: number });
    expect(lines.map((line) => line.banker.toFixed(6))).toEqual(['0.458597', '0.458653']);
  });

  it('names the bad line of a batch', async () => {
    const run = await bacc(['odds', '--remaining', '-'], '32,32,32,32,32,32,32,32,32,32,32,32,32\n1,2,x\n');
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^bacc: line 2: .*13 comma-separated counts/);
  });

  it('refuses bad arguments with one line and exit 2', async () => {
    expectUsageError(await bacc(['odds', '--decks', '9']), /--decks must be a whole number from 1 to 8/);
    expectUsageError(await bacc(['odds', '--decks', 'two']), /--decks/);
    expectUsageError(await bacc(['odds', '--remaining', '1,2,3']), /13 comma-separated counts/);
    expectUsageError(await bacc(['odds', '--remaining', '1,1,1,1,1,1,1,1,1,1,1,1,-1']), /count 13/);
    expectUsageError(await bacc(['odds', '--remaining', '0,0,0,0,0,0,0,0,0,0,0,0,5']), /six cards/);
    expectUsageError(await bacc(['odds', '--bogus']), /Unknown option '--bogus'/);
    expectUsageError(await bacc(['odds', '--decks', '6', '--remaining', '1,1,1,1,1,1,1,1,1,1,1,1,1']), /not both/);
    expectUsageError(await bacc(['oddz']), /unknown command "oddz"/);
    expectUsageError(await bacc([]), /no command; try "bacc help"/);
    expectUsageError(
      await bacc(['odds', '--remaining', '33,32,32,32,32,32,32,32,32,32,32,32,32']),
      /count 1 \(33\) is more than eight decks hold/,
    );
  });
});

describe('bacc simulate', () => {
  it('prints a shoe export document, the same for the same seed', async () => {
    const first = json(await bacc(['simulate', '--seed', 'demo', '--shoes', '2', '--decks', '6']));
    const again = json(await bacc(['simulate', '--seed', 'demo', '--shoes', '2', '--decks', '6']));
    expect(first).toMatchObject({ format: 'baccarat-shoes', version: 2 });
    const shoes = first.shoes as {
      seed: string;
      number: number;
      source: string;
      rules: { decks: number };
      hands: { cards: string[]; outcome: string }[];
    }[];
    expect(shoes).toHaveLength(2);
    expect(shoes.map((shoe) => shoe.seed)).toEqual(['demo', 'demo#2']);
    expect(shoes.map((shoe) => shoe.number)).toEqual([1, 2]);
    expect(shoes[0]!.source).toBe('simulated');
    expect(shoes[0]!.rules.decks).toBe(6);
    expect(shoes[0]!.hands.length).toBeGreaterThan(50);
    const handsOf = (document: Record<string, unknown>): unknown => (document.shoes as { hands: unknown }[]).map((shoe) => shoe.hands);
    expect(handsOf(again)).toEqual(handsOf(first));
  });

  it('summarises counts against the exact probabilities', async () => {
    const summary = json(await bacc(['simulate', '--seed', 's', '--shoes', '200', '--summary']));
    const banker = summary.banker as { count: number; observed: number; exact: number };
    expect(summary.shoes).toBe(200);
    expect(banker.exact).toBeCloseTo(0.458597, 6);
    expect(banker.observed).toBeCloseTo(banker.count / (summary.hands as number), 12);
    expect(Math.abs(banker.observed - banker.exact)).toBeLessThan(0.02);
  });

  it('refuses bad arguments with one line and exit 2', async () => {
    expectUsageError(await bacc(['simulate', '--shoes', '0']), /--shoes/);
    expectUsageError(await bacc(['simulate', '--seed']), /--seed/);
    expectUsageError(await bacc(['simulate', 'extra']), /no arguments/);
  });
});

describe('bacc roads', () => {
  const folder = mkdtempSync(join(tmpdir(), 'bacc-roads-'));

  it('prints the roads of an outcome string as the contract pins them', async () => {
    const roads = json(await bacc(['roads', 'TBBPPPBPBBBBBBBBPT']));
    const bigRoad = roads.bigRoad as { cells: { col: number; row: number; side: string; ties: number }[]; leadingTies: number };
    expect(bigRoad.leadingTies).toBe(1);
    expect(bigRoad.cells.slice(0, 3)).toMatchObject([
      { col: 0, row: 0, side: 'B', ties: 0 },
      { col: 0, row: 1, side: 'B', ties: 0 },
      { col: 1, row: 0, side: 'P', ties: 0 },
    ]);
    expect(bigRoad.cells.at(-1)).toMatchObject({ col: 5, row: 0, side: 'P', ties: 1 });
    const colours = (road: string): string => (roads[road] as { cells: { color: string }[] }).cells.map((cell) => cell.color[0]).join(' ');
    expect(colours('bigEyeBoy')).toBe('r b b b r b r r r r r r b');
    expect(colours('smallRoad')).toBe('b b b r r r r r r b');
    expect(colours('cockroachPig')).toBe('b r r b r r r r b');
    expect(roads.predictions).toEqual({
      B: { bigEyeBoy: 'blue', smallRoad: 'red', cockroachPig: 'red' },
      P: { bigEyeBoy: 'red', smallRoad: 'blue', cockroachPig: 'blue' },
    });
    expect((roads.beadPlate as unknown[]).length).toBe(18);
  });

  it('reads a shoe export document, choosing the shoe, and stdin', async () => {
    const document = (await bacc(['simulate', '--seed', 'roads', '--shoes', '2'])).stdout;
    const file = join(folder, 'shoes.json');
    writeFileSync(file, document);
    const second = json(await bacc(['roads', file, '--shoe', '2']));
    const parsed = JSON.parse(document) as { shoes: { hands: unknown[] }[] };
    expect(second.hands).toBe(parsed.shoes[1]!.hands.length);
    expect(json(await bacc(['roads', '-'], document))).toEqual(json(await bacc(['roads', file])));
    expect(json(await bacc(['roads', '-'], 'BPB\nPPT\n')).hands).toBe(6);
  });

  it('reads a version 1 document, and a version 2 one with events and an audit trail, and refuses version 3', async () => {
    // The version 1 fixture the core's document tests read too.
    const v1 = fileURLToPath(new URL('../../test/node/fixtures/shoes-v1.json', import.meta.url));
    expect(json(await bacc(['roads', v1])).hands).toBe(3);
    const v2 = JSON.parse(readFileSync(v1, 'utf8')) as { version: number; shoes: Record<string, unknown>[] };
    v2.version = 2;
    v2.shoes[0]!.events = [{ kind: 'cut', at: '2026-11-30T09:20:00.000Z', afterHand: 3 }];
    v2.shoes[0]!.audit = [{ at: '2026-11-30T09:21:00.000Z', operator: 'Wei', action: 'undo', hand: 3, reason: 'wrong key' }];
    expect(json(await bacc(['roads', '-'], JSON.stringify(v2))).hands).toBe(3);
    (v2.shoes[0]!.events as { afterHand: number }[])[0]!.afterHand = 4;
    expectUsageError(
      await bacc(['roads', '-'], JSON.stringify(v2)),
      /shoe 1 \(id "v1-shoe"\), event 1, afterHand: must be at most 3, not 4/,
    );
    expectUsageError(await bacc(['roads', '-'], JSON.stringify({ ...v2, version: 3 })), /version 3 is newer than this program reads \(2\)/);
  });

  it('prints the five roads as text for a terminal', async () => {
    const run = await bacc(['roads', 'TBBPPPBPBBBBBBBBPT', '--text']);
    expect(run.code).toBe(0);
    for (const title of ['Bead Plate', 'Big Road', 'Big Eye Boy', 'Small Road', 'Cockroach Pig']) expect(run.stdout).toContain(title);
  });

  it('refuses other characters, empty and malformed files, and a missing shoe, with one line and exit 2', async () => {
    expectUsageError(await bacc(['roads', 'BPXB']), /unknown outcome "X" at position 3/);
    const empty = join(folder, 'empty.json');
    writeFileSync(empty, '\n');
    expectUsageError(await bacc(['roads', empty]), /is empty/);
    const broken = join(folder, 'broken.json');
    writeFileSync(broken, '{"format": ');
    expectUsageError(await bacc(['roads', broken]), /is not valid JSON/);
    const wrong = join(folder, 'wrong.json');
    writeFileSync(wrong, JSON.stringify({ format: 'baccarat-shoes', version: 1, shoes: [{ id: 'x' }] }));
    expectUsageError(await bacc(['roads', wrong]), /shoe 1 \(id "x"\), table: /);
    expectUsageError(await bacc(['roads', join(folder, 'missing.json')]), /no such file/);
    expectUsageError(await bacc(['roads', '-'], ''), /stdin is empty/);
    expectUsageError(await bacc(['roads']), /needs one input/);
    expectUsageError(await bacc(['roads', 'BPB', '--rows', '0']), /--rows/);
    expectUsageError(await bacc(['roads', 'BPB', '--shoe', '2']), /--shoe chooses a shoe of a shoe document/);
  });
});

describe('bacc evidence', () => {
  it('prints the measurements of a seeded run as the contract pins them, the same for the same seed', async () => {
    const run = await bacc(['evidence', '--hands', '50000', '--seed', 'demo', '--decks', '6']);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    const output = json(run);
    expect(output).toMatchObject({ seed: 'demo', decks: 6, handsAsked: 50000 });
    expect(output.hands).toBeGreaterThanOrEqual(50000);
    const measurements = output.measurements as {
      id: string;
      question: string;
      n: number;
      observed: Record<string, number>;
      ci95: Record<string, [number, number]>;
      exact: Record<string, number>;
      excludesExact: boolean;
    }[];
    const dragon = measurements.find((m) => m.id === 'after-banker-run-6')!;
    expect(dragon.question).toMatch(/exactly 6 banker/);
    expect(dragon.n).toBeGreaterThan(0);
    expect(Object.keys(dragon.observed)).toEqual(['banker', 'player', 'tie']);
    expect(dragon.ci95.banker![0]).toBeLessThanOrEqual(dragon.observed.banker!);
    expect(dragon.ci95.banker![1]).toBeGreaterThanOrEqual(dragon.observed.banker!);
    expect(typeof dragon.excludesExact).toBe('boolean');
    const six = json(await bacc(['odds', '--decks', '6']));
    expect(dragon.exact.banker).toBe((six.banker as number) / ((six.banker as number) + (six.player as number)));
    for (const id of ['prediction-big-eye-boy', 'strategy-always-banker', 'after-chop-2', 'after-small-road-red']) {
      expect(measurements.map((m) => m.id)).toContain(id);
    }
    expect((await bacc(['evidence', '--hands', '50000', '--seed', 'demo', '--decks', '6'])).stdout).toBe(run.stdout);
  });

  it('takes a seed of 200 characters, and deals about 2,000 hands for --hands 1 (chunks of 25 shoes)', async () => {
    const output = json(await bacc(['evidence', '--hands', '1', '--seed', 'x'.repeat(200)]));
    expect(output.seed).toBe('x'.repeat(200));
    expect(output.hands).toBeLessThan(2_500);
    expect(json(await bacc(['evidence', '--hands', '40000', '--seed', 'x'])).hands).toBeLessThan(42_500);
  });

  it('chooses and prints a seed when none is given', async () => {
    const output = json(await bacc(['evidence', '--hands', '1']));
    expect(output.seed).toMatch(/^[0-9a-f]{16}$/);
    expect(output.decks).toBe(8);
    expect(output.hands).toBeGreaterThan(1);
  });

  it('refuses bad options with one line and exit 2', async () => {
    expectUsageError(await bacc(['evidence', '--hands', '0']), /--hands must be a whole number from 1 to 100000000/);
    expectUsageError(await bacc(['evidence', '--hands', 'lots']), /--hands/);
    expectUsageError(await bacc(['evidence', '--decks', '9']), /--decks must be a whole number from 1 to 8/);
    expectUsageError(await bacc(['evidence', '--seed', '']), /--seed must not be empty/);
    expectUsageError(await bacc(['evidence', '--hands', '-5']), /--hands must be a whole number from 1 to 100000000; got "-5"/);
    expectUsageError(await bacc(['evidence', '--decks', '-1']), /--decks must be a whole number from 1 to 8; got "-1"/);
    // The page's ?seed= limit: a seed either gives the same figures in both or is refused by both.
    expectUsageError(await bacc(['evidence', '--hands', '1', '--seed', 'x'.repeat(201)]), /--seed: a seed is at most 200 characters/);
    expectUsageError(await bacc(['evidence', '--hands', '1', '--seed', ' x']), /--seed: a seed must not start or end with a space/);
    expectUsageError(await bacc(['evidence', '--shoes', '3']), /shoes/);
    expectUsageError(await bacc(['evidence', 'extra']), /takes no arguments/);
  });
});

describe('the bacc executable', () => {
  const bin = fileURLToPath(new URL('../bin/bacc.js', import.meta.url));

  it('runs as a command, reading stdin and exiting 2 with one line on bad input', () => {
    const ok = spawnSync(process.execPath, [bin, 'odds', '--remaining', '-'], {
      input: '32,32,32,32,32,32,32,32,32,32,32,32,32\n',
      encoding: 'utf8',
    });
    expect(ok.status).toBe(0);
    expect((JSON.parse(ok.stdout) as { banker: number }).banker).toBeCloseTo(0.458597, 6);

    const bad = spawnSync(process.execPath, [bin, 'resolve', '9h', 'zz'], { encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^bacc: card 2: unknown card "zz"[^\n]*\n$/);
  });

  it('ends quietly when its reader closes the pipe early', () => {
    const run = spawnSync('/bin/sh', ['-c', `"${process.execPath}" "${bin}" simulate --shoes 300 | head -c 100 > /dev/null`], {
      encoding: 'utf8',
    });
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
  });
});
