/** `bacc odds`: the exact odds of the next hand, from a full shoe, a composition, or one per stdin line. */
import { exactOdds, fullShoe, type NextHandOdds } from '../../../src/index.js';
import { oneLine, parse, parseDecks, UsageError, type CliIo } from '../command-line.js';

export async function oddsCommand(args: string[], io: CliIo): Promise<number> {
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

/** The contract's fields first, then the extras (docs/reference/cli.md allows more fields). */
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
