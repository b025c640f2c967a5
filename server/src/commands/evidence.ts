/** `bacc evidence`: do the roads predict? Seeded shoes measured against the exact odds. */
import { randomBytes } from 'node:crypto';
import { tallyRun, tallyShoes, tallyHands, evidenceSeedProblem } from '../../../src/evidence/evidence.js';
import { measurements } from '../../../src/evidence/measurements.js';
import { parse, parseDecks, UsageError, wholeNumber, type CliIo } from '../command-line.js';

/** The most hands `bacc evidence` deals in one run: about ten seconds on one core. */
const MAX_EVIDENCE_HANDS = 100_000_000;
export function evidenceCommand(args: string[], io: CliIo): number {
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
