/** `bacc resolve <card>...`: a hand resolved from its cards in dealing order. */
import { resolveHand } from '../../../src/index.js';
import { parse, UsageError, type CliIo } from '../command-line.js';

export function resolveCommand(args: string[], io: CliIo): number {
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
