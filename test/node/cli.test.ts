import { describe, it, expect } from 'vitest';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { main } from '../../bin/cli.js';

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
    stdinLines: async function* () {
      yield* stdin.split('\n');
    },
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
      'banker', 'player', 'tie', 'playerPair', 'bankerPair', 'noCommissionBanker', 'dragonBonusPlayer', 'dragonBonusBanker',
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
    const run = await bacc(['odds', '--remaining', '-'], '32,32,32,32,32,32,32,32,32,32,32,32,32\n\n24,24,24,24,24,24,24,24,24,24,24,24,24\n');
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n').map((line) => JSON.parse(line) as { banker: number });
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
  });
});

describe('bacc simulate', () => {
  it('prints a shoe export document, the same for the same seed', async () => {
    const first = json(await bacc(['simulate', '--seed', 'demo', '--shoes', '2', '--decks', '6']));
    const again = json(await bacc(['simulate', '--seed', 'demo', '--shoes', '2', '--decks', '6']));
    expect(first).toMatchObject({ format: 'baccarat-shoes', version: 1 });
    const shoes = first.shoes as { seed: string; source: string; rules: { decks: number }; hands: { cards: string[]; outcome: string }[] }[];
    expect(shoes).toHaveLength(2);
    expect(shoes.map((shoe) => shoe.seed)).toEqual(['demo', 'demo#2']);
    expect(shoes[0]!.source).toBe('simulated');
    expect(shoes[0]!.rules.decks).toBe(6);
    expect(shoes[0]!.hands.length).toBeGreaterThan(50);
    const handsOf = (document: Record<string, unknown>): unknown =>
      (document.shoes as { hands: unknown }[]).map((shoe) => shoe.hands);
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

describe('the bacc executable', () => {
  const bin = fileURLToPath(new URL('../../bin/bacc.js', import.meta.url));

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
});
