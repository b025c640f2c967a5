/**
 * Settling play-money bets on a resolved hand.
 */
import type { ResolvedHand } from './hand.js';
import type { TableRules } from './rules.js';

/** Every bet the table offers. */
export type BetType = 'banker' | 'player' | 'tie' | 'playerPair' | 'bankerPair' | 'dragonPlayer' | 'dragonBanker';

export const BET_TYPES: readonly BetType[] = ['banker', 'player', 'tie', 'playerPair', 'bankerPair', 'dragonPlayer', 'dragonBanker'];

/** A bet's result: `amount` is the net change to the bettor's play-money balance. */
export interface Settlement {
  result: 'win' | 'loss' | 'push';
  amount: number;
}

/**
 * Dragon Bonus pays (to one) for a win that is not a natural, by winning margin; a margin
 * below 4 loses. A natural win pays 1:1 and a natural tie pushes.
 */
export const DRAGON_MARGIN_PAYS: readonly number[] = [0, 0, 0, 0, 1, 2, 4, 6, 10, 30];

/** The hand facts a settlement needs (a `ResolvedHand` has them all). */
export type SettleableHand = Pick<ResolvedHand, 'winner' | 'natural' | 'margin' | 'bankerWinsOn6' | 'playerPair' | 'bankerPair'>;

/**
 * What one hand pays, in units of the stake, for each bet (−1 a loss, 0 a push).
 * The one place the pay tables live: `settleBet` and the house-edge figures both use it.
 */
export function betReturn(bet: BetType, hand: SettleableHand, rules: TableRules): number {
  switch (bet) {
    case 'banker':
      if (hand.winner === 'T') return 0;
      if (hand.winner === 'P') return -1;
      if (rules.banker === 'no-commission') return hand.bankerWinsOn6 ? 0.5 : 1;
      return 1 - rules.commission;
    case 'player':
      return hand.winner === 'P' ? 1 : hand.winner === 'T' ? 0 : -1;
    case 'tie':
      return hand.winner === 'T' ? rules.tiePays : -1;
    case 'playerPair':
      return hand.playerPair ? rules.pairPays : -1;
    case 'bankerPair':
      return hand.bankerPair ? rules.pairPays : -1;
    case 'dragonPlayer':
      return dragonReturn(hand, 'P');
    case 'dragonBanker':
      return dragonReturn(hand, 'B');
  }
}

function dragonReturn(hand: SettleableHand, side: 'P' | 'B'): number {
  if (hand.natural) {
    if (hand.winner === 'T') return 0;
    return hand.winner === side ? 1 : -1;
  }
  if (hand.winner !== side) return -1;
  const pays = DRAGON_MARGIN_PAYS[hand.margin] ?? 0;
  return pays > 0 ? pays : -1;
}

/**
 * Settles one play-money bet on a resolved hand.
 * @example settleBet('banker', 100, hand, DEFAULT_RULES) // { result: 'win', amount: 95 } on a banker win
 */
export function settleBet(bet: BetType, stake: number, hand: SettleableHand, rules: TableRules): Settlement {
  if (!BET_TYPES.includes(bet)) throw new RangeError(`unknown bet "${String(bet)}"`);
  if (!(Number.isFinite(stake) && stake > 0)) throw new RangeError(`stake must be a positive amount; got ${String(stake)}`);
  if ((bet === 'dragonPlayer' || bet === 'dragonBanker') && !rules.dragonBonus) {
    throw new RangeError('this table does not offer the Dragon Bonus');
  }
  const units = betReturn(bet, hand, rules);
  // Play money is kept in cents, so 5% of an odd stake never leaves a binary fraction behind.
  const amount = Math.round(units * stake * 100) / 100;
  return { result: units > 0 ? 'win' : units < 0 ? 'loss' : 'push', amount };
}
