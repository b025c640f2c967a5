/** `bacc simulate`: whole simulated shoes, as a shoe export document or a summary against the exact odds. */
import { exactOdds, fullShoe, makeRules, shoeDocument, simulateShoeRecords, simulateShoes } from '../../../src/index.js';
import { parse, parseDecks, UsageError, type CliIo } from '../command-line.js';

export function simulateCommand(args: string[], io: CliIo): number {
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
