/** `bacc shoe`: a card-reading shoe on a serial line, published to a table's console through the room's broker. */
import { brokerAddress, parse, parseProtocol, required, stopSignal, UsageError, type CliIo } from '../command-line.js';
import { runShoeBridge } from '../serial/shoe-bridge.js';

export async function shoeCommand(args: string[], io: CliIo): Promise<number> {
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
  const brokerUrl = brokerAddress(values.broker, 'shoe');
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
