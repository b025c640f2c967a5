/**
 * Resolving a hand from its cards in dealing order: P1 B1 P2 B2 [P3] [B3].
 */
import { type Card, RANK_VALUES, parseCard, formatCard } from './cards.js';
import { isNatural, playerDraws, bankerDraws } from './tableau.js';

/** The hand's result: banker, player or tie. */
export type Winner = 'B' | 'P' | 'T';
/** Which hand receives a card. */
export type Side = 'player' | 'banker';

/** Fields known for any sequence of cards, finished or not. */
interface HandCards {
  /** Every card in dealing order, in canonical notation. */
  cards: Card[];
  /** The player's cards in the order received. */
  player: Card[];
  /** The banker's cards in the order received. */
  banker: Card[];
  /** The player's total so far (mod 10). */
  playerTotal: number;
  /** The banker's total so far (mod 10). */
  bankerTotal: number;
}

/** A finished hand. */
export interface ResolvedHand extends HandCards {
  complete: true;
  winner: Winner;
  /** Either hand had 8 or 9 on its first two cards. */
  natural: boolean;
  playerNatural: boolean;
  bankerNatural: boolean;
  /** The player's first two cards are the same rank. */
  playerPair: boolean;
  /** The banker's first two cards are the same rank. */
  bankerPair: boolean;
  /** Whether each hand took a third card. */
  playerDrew: boolean;
  bankerDrew: boolean;
  /** The banker won with a final total of 6 (pays 1:2 on a no-commission table). */
  bankerWinsOn6: boolean;
  /** The winning margin: |playerTotal − bankerTotal| (0 on a tie). */
  margin: number;
}

/** A valid sequence that the tableau has not finished: `next` receives the next card. */
export interface UnfinishedHand extends HandCards {
  complete: false;
  next: Side;
}

export type HandResult = ResolvedHand | UnfinishedHand;

/** A sequence of cards the tableau cannot produce; the message says what is wrong. */
export class HandError extends Error {
  override name = 'HandError';
}

/**
 * Resolves a hand from its cards in dealing order. A valid but unfinished sequence returns
 * `complete: false` and which hand receives the next card.
 * @example resolveHand(['9H', '2C', 'KD', '5S']).winner // 'P' (player natural 9 against 7)
 * @throws HandError for an unknown card, a third card where the hand must stand, or more than six cards.
 */
export function resolveHand(cards: readonly string[]): HandResult {
  if (!Array.isArray(cards)) throw new HandError('cards must be a list of cards in dealing order');
  if (cards.length > 6) throw new HandError(`a hand has at most six cards; got ${cards.length}`);
  const parsed = cards.map((text: string, index) => {
    try {
      return parseCard(text);
    } catch (error) {
      throw new HandError(`card ${index + 1}: ${(error as Error).message}`);
    }
  });
  const canonical = parsed.map(formatCard);
  const value = (index: number): number => RANK_VALUES[parsed[index]!.rank]!;
  const player: Card[] = [];
  const banker: Card[] = [];
  const totals = { player: 0, banker: 0 };
  const give = (side: Side, index: number): void => {
    (side === 'player' ? player : banker).push(canonical[index]!);
    totals[side] = (totals[side] + value(index)) % 10;
  };
  const unfinished = (next: Side): UnfinishedHand => ({
    cards: canonical,
    player,
    banker,
    playerTotal: totals.player,
    bankerTotal: totals.banker,
    complete: false,
    next,
  });

  for (let index = 0; index < 4; index++) {
    if (index === parsed.length) return unfinished(index % 2 === 0 ? 'player' : 'banker');
    give(index % 2 === 0 ? 'player' : 'banker', index);
  }
  const player2 = totals.player;
  const banker2 = totals.banker;
  let dealt = 4;

  const playerTakes = playerDraws(player2, banker2);
  let playerThird: number | null = null;
  if (playerTakes) {
    if (dealt === parsed.length) return unfinished('player');
    playerThird = value(dealt);
    give('player', dealt++);
  }
  const bankerTakes = bankerDraws(player2, banker2, playerThird);
  if (bankerTakes) {
    if (dealt === parsed.length) return unfinished('banker');
    give('banker', dealt++);
  }
  if (dealt < parsed.length) {
    throw new HandError(extraCardMessage(canonical[dealt]!, player2, banker2, playerThird, bankerTakes));
  }

  const { player: playerTotal, banker: bankerTotal } = totals;
  const winner: Winner = playerTotal > bankerTotal ? 'P' : bankerTotal > playerTotal ? 'B' : 'T';
  return {
    cards: canonical,
    player,
    banker,
    playerTotal,
    bankerTotal,
    complete: true,
    winner,
    natural: isNatural(player2) || isNatural(banker2),
    playerNatural: isNatural(player2),
    bankerNatural: isNatural(banker2),
    playerPair: parsed[0]!.rank === parsed[2]!.rank,
    bankerPair: parsed[1]!.rank === parsed[3]!.rank,
    playerDrew: playerTakes,
    bankerDrew: bankerTakes,
    bankerWinsOn6: winner === 'B' && bankerTotal === 6,
    margin: Math.abs(playerTotal - bankerTotal),
  };
}

/**
 * Resolves a hand that must be finished, as in a stored or imported shoe.
 * @throws HandError also when a required third card is missing.
 */
export function resolveCompleteHand(cards: readonly string[]): ResolvedHand {
  const result = resolveHand(cards);
  if (!result.complete) {
    if (result.cards.length < 4) {
      throw new HandError(`a hand needs at least four cards (P1 B1 P2 B2); got ${result.cards.length}`);
    }
    const total = result.next === 'player' ? result.playerTotal : result.bankerTotal;
    throw new HandError(`missing third card: the ${result.next} draws on ${total}`);
  }
  return result;
}

/** Says why the tableau deals no card where one was given. */
function extraCardMessage(
  card: Card,
  player2: number,
  banker2: number,
  playerThird: number | null,
  bankerDrew: boolean,
): string {
  const unexpected = `unexpected card ${card}`;
  if (isNatural(player2)) return `${unexpected}: the player has a natural ${player2}, so both hands stand`;
  if (isNatural(banker2)) return `${unexpected}: the banker has a natural ${banker2}, so both hands stand`;
  if (bankerDrew) return `${unexpected}: both hands are finished (at most one third card each)`;
  if (playerThird === null) {
    return `${unexpected}: the player stands on ${player2} and the banker stands on ${banker2}`;
  }
  return `${unexpected}: the banker stands on ${banker2} when the player's third card is worth ${playerThird}`;
}
