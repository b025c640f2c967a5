/**
 * The `bacc` command: resolve hands, exact odds, and simulated shoes, as DESIGN.md pins them.
 * Every failure the user can cause is one `bacc:` line on stderr and exit code 2.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { readFile, stat } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { randomBytes } from 'node:crypto';
import {
  resolveHand,
  exactOdds,
  fullShoe,
  makeRules,
  simulateShoes,
  simulateShoeRecords,
  shoeDocument,
  parseShoeDocument,
  computeRoads,
  handsFromOutcomes,
  roadsToText,
  type NextHandOdds,
  type HandRecord,
  type TableRules,
} from '../src/index.js';
import {
  tallyRun,
  tallyShoes,
  tallyHands,
  evidenceSeedProblem,
  EVIDENCE_SEED_MAX_LENGTH,
  EVIDENCE_CHUNK_SHOES,
} from '../src/evidence/evidence.js';
import { measurements } from '../src/evidence/measurements.js';
import { SHOE_PROTOCOLS, type ShoeProtocol } from '../src/reader/lines.js';
import { DEFAULT_CANCEL_EVERY, runShoeSim, shoeSimLines, simPackId } from './shoe-sim.js';
import { runShoeBridge, shownUrl } from './shoe-bridge.js';

/** Where the command reads and writes; the real process streams, or buffers in tests. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Standard input, line by line, as it arrives. */
  stdinLines: () => AsyncIterable<string>;
  /** Reads a file as text (relative to the working directory). */
  readTextFile?: (path: string) => Promise<string>;
}

/** A mistake in the command line or its input: reported as one line, exit code 2. */
class UsageError extends Error {}

const USAGE = `Usage: bacc <command> [options]

Commands:
  resolve <card>...            Resolve a hand from its cards in dealing order (P1 B1 P2 B2 [P3] [B3]).
                               Cards: rank A 2-9 T J Q K (or 10), optional suit S H D C, e.g. 9h 10c k.
  odds [--decks N]             Exact odds of the next hand from a full shoe of N decks (default 8),
       [--remaining c1,...,c13] or from the cards left of each rank A,2,...,9,T,J,Q,K;
       [--remaining -]         or one composition per line on stdin, one JSON object per line out.
  simulate [--decks N] [--shoes N] [--seed S] [--summary]
                               Deal whole simulated shoes: a shoe export document, or with --summary
                               the counts and observed against exact probabilities.
  roads <outcomes | shoe.json | -> [--shoe N] [--rows N] [--text]
                               The five roads, the ask-road predictions and the statistics of a shoe:
                               from a string of B, P, T, a shoe export document (shoe N, default 1),
                               or either on stdin. --text prints the roads for a terminal.
  evidence [--hands N] [--seed S] [--decks N]
                               Do the roads predict? Deal whole seeded shoes until N hands (default
                               1000000; shoes go in chunks of ${EVIDENCE_CHUNK_SHOES}, the last whole, so a little more)
                               and measure the next hand after runs, chops, derived-road marks and
                               ask-road predictions, and what betting strategies returned, against
                               the exact odds. A seed is 1 to ${EVIDENCE_SEED_MAX_LENGTH} characters, as in the page's
                               ?seed=; without --seed a random seed is chosen and printed.
  shoe --port <device> --table T --broker mqtt://host:port --user U --password P [--protocol P]
                               Read a card-reading shoe on a serial line (9600 baud 8N1) and publish
                               the lines its protocol accepts (bacc, suit-rank or json; default bacc)
                               to table T's console through the room's broker, on the table's reader
                               topic; refused lines are counted and logged, never published. Runs
                               until stopped; the device and the broker are reconnected when they
                               come back. The password may come from BACC_BROKER_PASSWORD instead.
  shoe-sim --port <device> --seed S [--decks N] [--protocol P] [--interval ms] [--cancel-every N] [--pack ID]
                               Play the seed's shoe down a serial line as a card-reading shoe would:
                               the burn, every card, the cut card, and a wrong card and its CANCEL
                               before every Nth card (bacc protocol only; --cancel-every, default
                               ${DEFAULT_CANCEL_EVERY}, 0 for none); a line
                               every --interval ms (default 100). A closed port is opened again. With
                               bacc the lines are numbered: the simulator says hello until the host
                               answers RESUME and sends again from the line after the one it holds;
                               its SHOE line names a pack of its own each run (sim-<seed>-<time>)
                               unless --pack gives one.

Play money only. Past results do not predict the next hand.`;

/** Runs `bacc` with the given arguments; resolves to the exit code. */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    const [command, ...rest] = argv;
    switch (command) {
      case 'resolve':
        return resolveCommand(rest, io);
      case 'odds':
        return await oddsCommand(rest, io);
      case 'simulate':
        return simulateCommand(rest, io);
      case 'roads':
        return await roadsCommand(rest, io);
      case 'evidence':
        return evidenceCommand(rest, io);
      case 'shoe':
        return await shoeCommand(rest, io);
      case 'shoe-sim':
        return await shoeSimCommand(rest, io);
      case 'help':
      case '--help':
      case '-h':
        io.stdout(`${USAGE}\n`);
        return 0;
      case undefined:
        throw new UsageError('no command; try "bacc help"');
      default:
        throw new UsageError(`unknown command "${command}"; try "bacc help"`);
    }
  } catch (error) {
    io.stderr(`bacc: ${oneLine(error)}\n`);
    return error instanceof UsageError || isInputError(error) ? 2 : 1;
  }
}

function resolveCommand(args: string[], io: CliIo): number {
  const { positionals } = parse(args, {});
  if (positionals.length === 0) throw new UsageError('resolve needs cards in dealing order, e.g. "bacc resolve 9h 2c kd 5s"');
  const hand = resolveHand(positionals);
  const output = hand.complete
    ? {
        player: hand.player,
        banker: hand.banker,
        playerTotal: hand.playerTotal,
        bankerTotal: hand.bankerTotal,
        winner: hand.winner,
        natural: hand.natural,
        playerPair: hand.playerPair,
        bankerPair: hand.bankerPair,
        complete: true,
        margin: hand.margin,
        bankerWinsOn6: hand.bankerWinsOn6,
      }
    : {
        player: hand.player,
        banker: hand.banker,
        playerTotal: hand.playerTotal,
        bankerTotal: hand.bankerTotal,
        complete: false,
        next: hand.next,
      };
  io.stdout(`${JSON.stringify(output)}\n`);
  return 0;
}

async function oddsCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(args, { decks: { type: 'string' }, remaining: { type: 'string' } });
  if (positionals.length > 0) throw new UsageError(`odds takes no arguments besides its options; got "${positionals[0]}"`);
  if (values.decks !== undefined && values.remaining !== undefined) {
    throw new UsageError('give --decks or --remaining, not both');
  }
  if (values.remaining === '-') {
    // Streamed: each composition is answered as it arrives, so a long batch needs no memory.
    let lineNumber = 0;
    for await (const line of io.stdinLines()) {
      lineNumber++;
      if (line.trim() === '') continue;
      let odds: NextHandOdds;
      try {
        odds = exactOdds(parseComposition(line));
      } catch (error) {
        throw new UsageError(`line ${lineNumber}: ${oneLine(error)}`);
      }
      io.stdout(`${JSON.stringify(oddsJson(odds))}\n`);
    }
    return 0;
  }
  const counts = values.remaining !== undefined ? parseComposition(values.remaining) : fullShoe(parseDecks(values.decks));
  io.stdout(`${JSON.stringify(oddsJson(exactOdds(counts)))}\n`);
  return 0;
}

/** The contract's fields first, then the extras (DESIGN.md allows more fields). */
function oddsJson(odds: NextHandOdds): object {
  const { banker, player, tie, playerPair, bankerPair, natural, bankerWinsOn6, houseEdge, dragon, cardsLeft } = odds;
  return { banker, player, tie, playerPair, bankerPair, natural, bankerWinsOn6, houseEdge, dragon, cardsLeft };
}

function parseComposition(text: string): number[] {
  const parts = text.split(',').map((part) => part.trim());
  if (parts.length !== 13) {
    throw new UsageError(`--remaining needs 13 comma-separated counts (A,2,...,9,T,J,Q,K); got ${parts.length}`);
  }
  return parts.map((part, index) => {
    if (!/^\d+$/.test(part)) throw new UsageError(`count ${index + 1} ("${part}") is not a whole number`);
    // Eight decks at most, as at a table; the exact figures are exact integers up to that size.
    if (Number(part) > 32) throw new UsageError(`count ${index + 1} (${part}) is more than eight decks hold (32 of a rank)`);
    return Number(part);
  });
}

function parseDecks(text: string | undefined): number {
  if (text === undefined) return 8;
  const decks = Number(text);
  if (!/^\d+$/.test(text) || decks < 1 || decks > 8) throw new UsageError(`--decks must be a whole number from 1 to 8; got "${text}"`);
  return decks;
}

function simulateCommand(args: string[], io: CliIo): number {
  const { values, positionals } = parse(args, {
    decks: { type: 'string' },
    shoes: { type: 'string' },
    seed: { type: 'string' },
    summary: { type: 'boolean' },
  });
  if (positionals.length > 0) throw new UsageError(`simulate takes no arguments besides its options; got "${positionals[0]}"`);
  const rules = makeRules({ decks: parseDecks(values.decks) });
  const shoes = values.shoes === undefined ? 1 : Number(values.shoes);
  if (!/^\d+$/.test(values.shoes ?? '1') || shoes < 1 || shoes > 1_000_000) {
    throw new UsageError(`--shoes must be a whole number from 1 to 1000000; got "${values.shoes}"`);
  }
  const seed = values.seed ?? null;
  if (seed !== null && seed.length === 0) throw new UsageError('--seed must not be empty');
  if (values.summary) {
    const tally = simulateShoes(shoes, { rules, seed });
    const exact = exactOdds(fullShoe(rules.decks), rules);
    const share = (n: number): number => n / tally.hands;
    const row = (observedCount: number, probability: number): object => ({
      count: observedCount,
      observed: share(observedCount),
      exact: probability,
    });
    io.stdout(
      `${JSON.stringify({
        shoes: tally.shoes,
        hands: tally.hands,
        decks: rules.decks,
        seed,
        banker: row(tally.banker, exact.banker),
        player: row(tally.player, exact.player),
        tie: row(tally.tie, exact.tie),
        playerPair: row(tally.playerPair, exact.playerPair),
        bankerPair: row(tally.bankerPair, exact.bankerPair),
        natural: row(tally.natural, exact.natural),
        bankerWinsOn6: row(tally.bankerWinsOn6, exact.bankerWinsOn6),
        note: 'exact figures are for a freshly shuffled shoe; shoes dealt to a cut card differ very slightly',
      })}\n`,
    );
    return 0;
  }
  if (shoes > 10_000) throw new UsageError('a shoe document is limited to 10000 shoes; use --summary for more');
  io.stdout(`${JSON.stringify(shoeDocument(simulateShoeRecords({ shoes, rules, seed })))}\n`);
  return 0;
}

/** The most hands `bacc evidence` deals in one run: about ten seconds on one core. */
const MAX_EVIDENCE_HANDS = 100_000_000;

function evidenceCommand(args: string[], io: CliIo): number {
  // A negative number after an option is its value: "--hands -5" is refused by its range, not as an ambiguous option.
  const withValues: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const next = args[i + 1];
    if (/^--(hands|decks)$/.test(args[i]!) && next !== undefined && /^-\d/.test(next)) {
      withValues.push(`${args[i]}=${next}`);
      i++;
    } else withValues.push(args[i]!);
  }
  const { values, positionals } = parse(withValues, { hands: { type: 'string' }, seed: { type: 'string' }, decks: { type: 'string' } });
  if (positionals.length > 0) throw new UsageError(`evidence takes no arguments besides its options; got "${positionals[0]}"`);
  const hands = values.hands === undefined ? 1_000_000 : wholeNumber('--hands', values.hands, 1, MAX_EVIDENCE_HANDS);
  const decks = parseDecks(values.decks);
  if (values.seed !== undefined && values.seed.length === 0) throw new UsageError('--seed must not be empty');
  const seedProblem = values.seed === undefined ? null : evidenceSeedProblem(values.seed);
  if (seedProblem !== null)
    throw new UsageError(`--seed: ${seedProblem} (the page's ?seed= takes the same, so a seed gives the same figures in both)`);
  const seed = values.seed ?? randomBytes(8).toString('hex');
  const tally = tallyRun(seed, hands, decks);
  io.stdout(
    `${JSON.stringify({
      hands: tallyHands(tally),
      handsAsked: hands,
      shoes: tallyShoes(tally),
      seed,
      decks,
      measurements: measurements(tally, decks),
      note: 'exact figures are for a freshly shuffled shoe; in shoes dealt to a cut card the odds shift slightly with the cards dealt. Past results do not predict the next hand.',
    })}\n`,
  );
  return 0;
}

function parseProtocol(text: string | undefined): ShoeProtocol {
  if (text === undefined) return 'bacc';
  if (!(SHOE_PROTOCOLS as readonly string[]).includes(text)) {
    throw new UsageError(`--protocol must be one of ${SHOE_PROTOCOLS.join(', ')}; got "${text}"`);
  }
  return text as ShoeProtocol;
}

function required(option: string, value: string | undefined, command: string): string {
  if (value === undefined || value === '') throw new UsageError(`${command} needs ${option}; try "bacc help"`);
  return value;
}

/** An AbortSignal that SIGINT or SIGTERM aborts, for the commands that run until stopped. */
function stopSignal(): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return {
    signal: controller.signal,
    dispose: () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
    },
  };
}

async function shoeSimCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(args, {
    port: { type: 'string' },
    seed: { type: 'string' },
    decks: { type: 'string' },
    protocol: { type: 'string' },
    interval: { type: 'string' },
    'cancel-every': { type: 'string' },
    pack: { type: 'string' },
  });
  if (positionals.length > 0) throw new UsageError(`shoe-sim takes no arguments besides its options; got "${positionals[0]}"`);
  const path = required('--port <device>', values.port, 'shoe-sim');
  const seed = required('--seed S', values.seed, 'shoe-sim');
  const decks = parseDecks(values.decks);
  const protocol = parseProtocol(values.protocol);
  const interval = values.interval === undefined ? 100 : wholeNumber('--interval', values.interval, 0, 60_000);
  // A device's occasional card drawn by mistake, by default with the protocol that can say so.
  const cancelEvery =
    values['cancel-every'] === undefined
      ? protocol === 'bacc'
        ? DEFAULT_CANCEL_EVERY
        : 0
      : wholeNumber('--cancel-every', values['cancel-every'], 0, 10_000);
  if (cancelEvery > 0 && protocol !== 'bacc') throw new UsageError(`--cancel-every needs the bacc protocol: ${protocol} has no CANCEL`);
  // Each run a pack of its own (a console holds the lines of a pack it has read), unless --pack says.
  const packId = values.pack ?? simPackId(seed, Date.now().toString(36));
  if (!/^[\x21-\x7e]{1,64}$/.test(packId)) throw new UsageError(`--pack must be 1 to 64 visible ASCII characters without spaces`);
  if (values.pack !== undefined && protocol !== 'bacc')
    throw new UsageError(`--pack needs the bacc protocol: ${protocol} has no SHOE line`);
  const lines = shoeSimLines({ seed, decks, protocol, cancelEvery, pack: packId });
  const { signal, dispose } = stopSignal();
  try {
    const pack = protocol === 'bacc' ? packId : null;
    const log = (text: string) => io.stdout(`bacc shoe-sim: ${text}\n`);
    const { written, resent } = await runShoeSim({ path, lines, interval, pack, signal, log });
    if (written < lines.length) {
      io.stderr(`bacc: stopped after ${written} of ${lines.length} lines\n`);
      return 1;
    }
    io.stdout(`bacc shoe-sim: ${written} lines written${resent > 0 ? `, ${resent} sent again` : ''}\n`);
    return 0;
  } finally {
    dispose();
  }
}

async function shoeCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(args, {
    port: { type: 'string' },
    table: { type: 'string' },
    broker: { type: 'string' },
    user: { type: 'string' },
    password: { type: 'string' },
    protocol: { type: 'string' },
  });
  if (positionals.length > 0) throw new UsageError(`shoe takes no arguments besides its options; got "${positionals[0]}"`);
  const path = required('--port <device>', values.port, 'shoe');
  const table = required('--table T', values.table, 'shoe');
  if (table.length > 200) throw new UsageError('--table is at most 200 characters');
  const brokerUrl = required('--broker mqtt://host:port', values.broker, 'shoe');
  let url: URL;
  try {
    url = new URL(brokerUrl);
  } catch {
    throw new UsageError(`--broker must be a URL such as mqtt://host:1883; got "${shownUrl(brokerUrl)}"`);
  }
  if (!['mqtt:', 'mqtts:', 'ws:', 'wss:'].includes(url.protocol)) {
    throw new UsageError(`--broker must start mqtt://, mqtts://, ws:// or wss://; got "${url.protocol}"`);
  }
  if (url.username !== '' || url.password !== '')
    throw new UsageError('give the login with --user and --password, not in the --broker URL');
  const username = required('--user U', values.user, 'shoe');
  const password = values.password ?? process.env['BACC_BROKER_PASSWORD'];
  if (password === undefined || password === '') throw new UsageError('shoe needs --password P (or BACC_BROKER_PASSWORD)');
  const protocol = parseProtocol(values.protocol);
  const { signal, dispose } = stopSignal();
  try {
    const tally = await runShoeBridge({
      path,
      table,
      brokerUrl,
      username,
      password,
      protocol,
      signal,
      log: (text) => io.stdout(`bacc shoe: ${text}\n`),
      warn: (text) => io.stderr(`bacc: ${text}\n`),
    });
    io.stdout(
      `bacc shoe: stopped: ${tally.accepted} lines accepted, ${tally.refused} refused, ${tally.repeated} repeats dropped, ${tally.messages} messages published as ${tally.source}${tally.unsent > 0 ? `, ${tally.unsent} lines not acknowledged` : ''}\n`,
    );
    return tally.unsent > 0 ? 1 : 0;
  } finally {
    dispose();
  }
}

/** The most a roads input may hold: a shoe document of many shoes, not an arbitrary file. */
const MAX_INPUT_BYTES = 64 * 1024 * 1024;

async function roadsCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(args, {
    shoe: { type: 'string' },
    rows: { type: 'string' },
    text: { type: 'boolean' },
  });
  if (positionals.length !== 1) {
    throw new UsageError('roads needs one input: a string of B, P and T, a shoe export file, or - for stdin');
  }
  const rows = values.rows === undefined ? 6 : wholeNumber('--rows', values.rows, 1, 20);
  const source = positionals[0]!;
  let hands: HandRecord[];
  let rules: TableRules | undefined;
  const fromText = (text: string, name: string): void => {
    const trimmed = text.trim();
    if (trimmed === '') throw new UsageError(`${name} is empty`);
    if (trimmed.startsWith('{')) {
      let json: unknown;
      try {
        json = JSON.parse(trimmed);
      } catch (error) {
        throw new UsageError(`${name} is not valid JSON: ${oneLine(error)}`);
      }
      const document = parseShoeDocument(json);
      const index = values.shoe === undefined ? 1 : wholeNumber('--shoe', values.shoe, 1, Number.MAX_SAFE_INTEGER);
      const shoe = document.shoes[index - 1];
      if (!shoe) throw new UsageError(`${name} has ${document.shoes.length} shoe(s); there is no shoe ${index}`);
      hands = shoe.hands;
      rules = shoe.rules;
    } else {
      // An outcome file or stream may wrap its lines.
      hands = handsFromOutcomes(trimmed.replace(/\s+/g, ''));
    }
  };
  if (source === '-') {
    const lines: string[] = [];
    let bytes = 0;
    for await (const line of io.stdinLines()) {
      bytes += line.length + 1;
      if (bytes > MAX_INPUT_BYTES) throw new UsageError(`stdin is larger than ${MAX_INPUT_BYTES / 2 ** 20} MiB`);
      lines.push(line);
    }
    fromText(lines.join('\n'), 'stdin');
  } else {
    // One look at the path decides between a file and an outcome string.
    const info = await fileInfo(source);
    if (/\.json$/i.test(source) || info !== null) {
      if (info === null) throw new UsageError(`cannot read ${source}: no such file`);
      if (!info.isFile()) throw new UsageError(`${source} is not a file`);
      if (info.size > MAX_INPUT_BYTES) throw new UsageError(`${source} is larger than ${MAX_INPUT_BYTES / 2 ** 20} MiB`);
      let text: string;
      try {
        text = await (io.readTextFile ?? ((path: string) => readFile(path, 'utf8')))(source);
      } catch (error) {
        throw new UsageError(`cannot read ${source}: ${oneLine(error)}`);
      }
      fromText(text, source);
    } else {
      if (source.trim() === '') throw new UsageError('the outcome string is empty');
      if (values.shoe !== undefined) throw new UsageError('--shoe chooses a shoe of a shoe document, not of an outcome string');
      fromText(source, 'the outcome string');
    }
  }
  const roads = computeRoads(hands!, { rows, ...(rules ? { rules, decks: rules.decks } : {}) });
  io.stdout(values.text ? `${roadsToText(roads)}\n` : `${JSON.stringify(roads)}\n`);
  return 0;
}

/** The file's details, or null when nothing is there. */
function fileInfo(path: string): Promise<Stats | null> {
  return stat(path).catch(() => null);
}

function wholeNumber(option: string, text: string, min: number, max: number): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) {
    throw new UsageError(`${option} must be a whole number from ${min}${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : ''}; got "${text}"`);
  }
  return value;
}

function parse<T extends NonNullable<ParseArgsConfig['options']>>(args: string[], options: T) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true } as const);
  } catch (error) {
    throw new UsageError(oneLine(error));
  }
}

/** Errors the core raises for bad input: cards, hands, rules, compositions. */
function isInputError(error: unknown): boolean {
  return (
    error instanceof Error &&
    ['CardError', 'HandError', 'RulesError', 'CompositionError', 'RoadsError', 'ShoeDocumentError', 'StatisticsError'].includes(error.name)
  );
}

function oneLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0]!.trim();
}
