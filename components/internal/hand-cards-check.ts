/**
 * Whether a hand's cards (or totals) give what the hand states (a HandCheck for hands-check.ts): for the
 * elements that read cards, the statistics panels, the last hand and the scoreboard, so that they
 * and the roads they sit beside refuse the same hands. A road alone draws outcomes and pairs only,
 * and does not load the rules of the cards for it.
 */
import { resolveCompleteHand, type ResolvedHand } from '../../src/game/hand.js';
import type { HandRecord } from '../../src/shoes/records.js';

/**
 * What a hand's cards (or, without cards, its totals) contradict, or that its cards make no hand
 * (the message is for the console); null when they agree.
 */
export function cardsProblem(hand: HandRecord): Error | null {
  if (agreeing.has(hand)) return null;
  const problem = disagreement(hand);
  if (problem === null) agreeing.add(hand);
  return problem;
}

/** Hands found to agree with their cards: records are replaced, never mutated, so each is resolved once, not once per panel and update. */
const agreeing = new WeakSet<HandRecord>();

function disagreement(hand: HandRecord): Error | null {
  const { playerTotal, bankerTotal, outcome } = hand;
  if (hand.cards === null) {
    // Totals without cards must name the stated winner, as the statistics require.
    if (playerTotal === null || bankerTotal === null) return null;
    const winner = playerTotal > bankerTotal ? 'P' : bankerTotal > playerTotal ? 'B' : 'T';
    return winner === outcome
      ? null
      : new Error(`playerTotal ${playerTotal} against bankerTotal ${bankerTotal} gives outcome ${winner}, not ${outcome}`);
  }
  let resolved: ResolvedHand;
  try {
    resolved = resolveCompleteHand(hand.cards);
  } catch (error) {
    return new Error(`cards ${JSON.stringify(hand.cards)}: ${(error as Error).message}`);
  }
  const stated: [string, unknown, unknown][] = [
    ['outcome', hand.outcome, resolved.winner],
    ['playerPair', hand.playerPair, resolved.playerPair],
    ['bankerPair', hand.bankerPair, resolved.bankerPair],
    ['natural', hand.natural, resolved.natural],
    ['playerTotal', hand.playerTotal ?? resolved.playerTotal, resolved.playerTotal],
    ['bankerTotal', hand.bankerTotal ?? resolved.bankerTotal, resolved.bankerTotal],
  ];
  for (const [field, value, actual] of stated) {
    if (value !== actual) return new Error(`${field} is ${String(value)}, but cards ${resolved.cards.join(' ')} give ${String(actual)}`);
  }
  return null;
}
