/** `bacc shoe-sim`: the seed's shoe played down a serial line as a card-reading shoe would. */
import { parse, parseDecks, parseProtocol, required, stopSignal, UsageError, wholeNumber, type CliIo } from '../command-line.js';
import { DEFAULT_CANCEL_EVERY, runShoeSim, shoeSimLines, simPackId } from '../serial/shoe-sim.js';

export async function shoeSimCommand(args: string[], io: CliIo): Promise<number> {
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
