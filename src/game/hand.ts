/**
 * Resolving a hand from its cards in dealing order: P1 B1 P2 B2 [P3] [B3].
 */
import { type Card, RANK_VALUES, parseCard, formatCard, cardProblemLogText, CardError } from './cards.js';
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

/**
 * Why the tableau cannot produce a sequence of cards. Counts and positions are from 1; totals are
 * mod 10. An `unexpected-card` says `because` of what no card is dealt where one was given: a
 * natural on the first two cards of `side`, both hands already finished, both standing on their
 * first two cards, or the banker standing given the value of the player's third card.
 */
export type HandProblem =
  | { kind: 'not-a-list' }
  | { kind: 'too-many-cards'; count: number }
  | { kind: 'too-few-cards'; count: number }
  | { kind: 'unknown-card'; position: number; text: string }
  | { kind: 'unexpected-card'; card: Card; because: 'natural'; side: Side; total: number }
  | { kind: 'unexpected-card'; card: Card; because: 'both-finished' }
  | { kind: 'unexpected-card'; card: Card; because: 'both-stand'; playerTotal: number; bankerTotal: number }
  | { kind: 'unexpected-card'; card: Card; because: 'banker-stands'; bankerTotal: number; playerThird: number }
  | { kind: 'missing-third-card'; side: Side; total: number };

/**
 * A sequence of cards the tableau cannot produce: `problem` says what is wrong, as a kind and its
 * values, for a page to word; the message says the same in English, for logs and the command line.
 */
export class HandError extends Error {
  override name = 'HandError';

  constructor(readonly problem: HandProblem) {
    super(handProblemLogText(problem));
  }
}

/** A hand problem in English, for a HandError's message (logs and the CLI; a page words the problem itself). */
export function handProblemLogText(problem: HandProblem): string {
  switch (problem.kind) {
    case 'not-a-list':
      return 'cards must be a list of cards in dealing order';
    case 'too-many-cards':
      return `a hand has at most six cards; got ${problem.count}`;
    case 'too-few-cards':
      return `a hand needs at least four cards (P1 B1 P2 B2); got ${problem.count}`;
    case 'unknown-card':
      return `card ${problem.position}: ${cardProblemLogText({ kind: 'unknown-card', text: problem.text })}`;
    case 'missing-third-card':
      return `missing third card: the ${problem.side} draws on ${problem.total}`;
    case 'unexpected-card': {
      const unexpected = `unexpected card ${problem.card}`;
      switch (problem.because) {
        case 'natural':
          return `${unexpected}: the ${problem.side} has a natural ${problem.total}, so both hands stand`;
        case 'both-finished':
          return `${unexpected}: both hands are finished (at most one third card each)`;
        case 'both-stand':
          return `${unexpected}: the player stands on ${problem.playerTotal} and the banker stands on ${problem.bankerTotal}`;
        case 'banker-stands':
          return `${unexpected}: the banker stands on ${problem.bankerTotal} when the player's third card is worth ${problem.playerThird}`;
      }
    }
  }
}

/**
 * Resolves a hand from its cards in dealing order. A valid but unfinished sequence returns
 * `complete: false` and which hand receives the next card.
 * @example resolveHand(['9H', '2C', 'KD', '5S']).winner // 'P' (player natural 9 against 7)
 * @throws HandError for an unknown card, a third card where the hand must stand, or more than six cards.
 */
export function resolveHand(cards: readonly string[]): HandResult {
  if (!Array.isArray(cards)) throw new HandError({ kind: 'not-a-list' });
  if (cards.length > 6) throw new HandError({ kind: 'too-many-cards', count: cards.length });
  const parsed = cards.map((text: string, index) => {
    try {
      return parseCard(text);
    } catch (error) {
      if (!(error instanceof CardError)) throw error;
      throw new HandError({ kind: 'unknown-card', position: index + 1, text: error.problem.text });
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
    throw new HandError(extraCardProblem(canonical[dealt]!, player2, banker2, playerThird, bankerTakes));
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
      throw new HandError({ kind: 'too-few-cards', count: result.cards.length });
    }
    const total = result.next === 'player' ? result.playerTotal : result.bankerTotal;
    throw new HandError({ kind: 'missing-third-card', side: result.next, total });
  }
  return result;
}

/** Says why the tableau deals no card where one was given. */
function extraCardProblem(card: Card, player2: number, banker2: number, playerThird: number | null, bankerDrew: boolean): HandProblem {
  if (isNatural(player2)) return { kind: 'unexpected-card', card, because: 'natural', side: 'player', total: player2 };
  if (isNatural(banker2)) return { kind: 'unexpected-card', card, because: 'natural', side: 'banker', total: banker2 };
  if (bankerDrew) return { kind: 'unexpected-card', card, because: 'both-finished' };
  if (playerThird === null) return { kind: 'unexpected-card', card, because: 'both-stand', playerTotal: player2, bankerTotal: banker2 };
  return { kind: 'unexpected-card', card, because: 'banker-stands', bankerTotal: banker2, playerThird };
}
