/**
 * The `bacc` command: resolve hands, exact odds, and simulated shoes, as docs/reference/cli.md states them.
 * Every failure the user can cause is one `bacc:` line on stderr and exit code 2.
 */
import { isInputError, oneLine, UsageError, type CliIo } from './command-line.js';
import { evidenceCommand } from './commands/evidence.js';
import { helpCommand } from './commands/help.js';
import { oddsCommand } from './commands/odds.js';
import { resolveCommand } from './commands/resolve.js';
import { roadsCommand } from './commands/roads.js';
import { shoeCommand } from './commands/shoe.js';
import { shoeSimCommand } from './commands/shoe-sim.js';
import { simulateCommand } from './commands/simulate.js';

export type { CliIo } from './command-line.js';

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
      case 'recorder':
        // Loaded only here: the database drivers stay out of every other command's start.
        return await (await import('./commands/recorder.js')).recorderCommand(rest, io);
      case 'help':
      case '--help':
      case '-h':
        return helpCommand(io);
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
