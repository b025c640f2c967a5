import { describe, it, expect } from 'vitest';
import { resolveHand, resolveCompleteHand, HandError, type HandProblem, type ResolvedHand } from '../../../src/game/hand.js';

const resolved = (cards: string[]): ResolvedHand => {
  const hand = resolveHand(cards);
  if (!hand.complete) throw new Error(`expected a finished hand, got next: ${hand.next}`);
  return hand;
};

describe('resolveHand', () => {
  it('stands both hands on a natural and names the winner', () => {
    const hand = resolved(['9H', '2C', 'KD', '5S']);
    expect(hand).toMatchObject({
      player: ['9H', 'KD'],
      banker: ['2C', '5S'],
      playerTotal: 9,
      bankerTotal: 7,
      winner: 'P',
      natural: true,
      playerNatural: true,
      bankerNatural: false,
      margin: 2,
    });
  });

  it('reads case-insensitive cards, 10 for T, and cards without suits', () => {
    expect(resolved(['10h', 'k', '9s', '8d']).cards).toEqual(['TH', 'K', '9S', '8D']);
  });

  it('draws for the player on 0-5 and applies the banker tableau to the third card', () => {
    // Player 2+3=5 draws a 4 → 9. Banker 3+0=3 draws unless the third card is 8: draws a 6 → 9.
    const hand = resolved(['2H', '3C', '3D', 'KS', '4H', '6C']);
    expect(hand).toMatchObject({ playerTotal: 9, bankerTotal: 9, winner: 'T', playerDrew: true, bankerDrew: true });
  });

  it('lets the banker stand on 3 when the player third card is an 8', () => {
    const hand = resolved(['AH', '3C', '2D', 'KS', '8H']);
    expect(hand).toMatchObject({ playerTotal: 1, bankerTotal: 3, winner: 'B', bankerDrew: false });
  });

  it('lets the banker draw on 0-5 when the player stood on 6 or 7', () => {
    const hand = resolved(['3H', '2C', '4D', '3S', '5H']);
    expect(hand).toMatchObject({ player: ['3H', '4D'], banker: ['2C', '3S', '5H'], playerTotal: 7, bankerTotal: 0, winner: 'P' });
  });

  it('marks pairs by rank, whatever the suits', () => {
    const hand = resolved(['9H', '9C', '9D', '5S']);
    expect(hand.playerPair).toBe(true);
    expect(hand.bankerPair).toBe(false);
    expect(resolved(['9H', '4C', 'KD', '4S']).bankerPair).toBe(true);
  });

  it('flags a banker win with six', () => {
    const hand = resolved(['2H', '3C', '3D', '3S', 'TH']);
    // Player 5 draws T → 5; banker 6 stands (third card value 0). Banker 6 beats 5.
    expect(hand).toMatchObject({ winner: 'B', bankerTotal: 6, bankerWinsOn6: true });
  });

  it('says which hand receives the next card of an unfinished sequence', () => {
    expect(resolveHand([])).toMatchObject({ complete: false, next: 'player' });
    expect(resolveHand(['2H'])).toMatchObject({ complete: false, next: 'banker' });
    expect(resolveHand(['2H', '3C', '3D'])).toMatchObject({ complete: false, next: 'banker' });
    expect(resolveHand(['2H', '3C', '3D', 'KS'])).toMatchObject({ complete: false, next: 'player', playerTotal: 5, bankerTotal: 3 });
    expect(resolveHand(['2H', '3C', '3D', 'KS', '4H'])).toMatchObject({ complete: false, next: 'banker' });
    expect(resolveHand(['3H', '2C', '4D', '3S'])).toMatchObject({ complete: false, next: 'banker' });
  });

  it('refuses a third card after a natural', () => {
    expect(() => resolveHand(['9H', '2C', 'KD', '5S', '3H'])).toThrow(/unexpected card 3H: the player has a natural 9/);
  });

  it('refuses a third card when both hands stand', () => {
    expect(() => resolveHand(['3H', '3C', '4D', '4S', '5H'])).toThrow(/player stands on 7 and the banker stands on 7/);
  });

  it('refuses a banker third card where the tableau makes the banker stand', () => {
    expect(() => resolveHand(['AH', '3C', '2D', 'KS', '8H', '2C'])).toThrow(/banker stands on 3 when the player's third card is worth 8/);
  });

  it('refuses more than six cards and unknown cards, naming them', () => {
    expect(() => resolveHand(['2H', '3C', '3D', 'KS', '4H', '6C', '7C'])).toThrow(/at most six cards; got 7/);
    expect(() => resolveHand(['2H', 'XX'])).toThrow(/card 2: unknown card "XX"/);
    expect(() => resolveHand(['2H', '1C'])).toThrow(HandError);
  });

  it('requires a finished hand where one is stored', () => {
    expect(() => resolveCompleteHand(['2H', '3C', '3D', 'KS'])).toThrow(/missing third card: the player draws on 5/);
    expect(() => resolveCompleteHand(['3H', '2C', '4D', '3S'])).toThrow(/missing third card: the banker draws on 5/);
    expect(() => resolveCompleteHand(['3H', '2C'])).toThrow(/at least four cards/);
  });

  it('says what is wrong as a kind with its values, beside the English message', () => {
    expect(problemOf(() => resolveHand(['9H', '2C', 'KD', '5S', '3H']))).toEqual({
      kind: 'unexpected-card',
      card: '3H',
      because: 'natural',
      side: 'player',
      total: 9,
    });
    expect(problemOf(() => resolveHand(['2H', '8C', '3D', 'KS', '4H']))).toEqual({
      kind: 'unexpected-card',
      card: '4H',
      because: 'natural',
      side: 'banker',
      total: 8,
    });
    expect(problemOf(() => resolveHand(['3H', '3C', '4D', '4S', '5H']))).toEqual({
      kind: 'unexpected-card',
      card: '5H',
      because: 'both-stand',
      playerTotal: 7,
      bankerTotal: 7,
    });
    // Player 3+3 stands on 6, the banker draws on 2: a sixth card finds both hands finished.
    expect(problemOf(() => resolveHand(['3H', '2C', '3D', 'KS', '5H', '6C']))).toEqual({
      kind: 'unexpected-card',
      card: '6C',
      because: 'both-finished',
    });
    expect(problemOf(() => resolveHand(['AH', '3C', '2D', 'KS', '8H', '2C']))).toEqual({
      kind: 'unexpected-card',
      card: '2C',
      because: 'banker-stands',
      bankerTotal: 3,
      playerThird: 8,
    });
    expect(problemOf(() => resolveHand(['2H', '3C', '3D', 'KS', '4H', '6C', '7C']))).toEqual({ kind: 'too-many-cards', count: 7 });
    expect(problemOf(() => resolveHand(['2H', 'xx']))).toEqual({ kind: 'unknown-card', position: 2, text: 'xx' });
    expect(problemOf(() => resolveHand('9H 2C' as unknown as string[]))).toEqual({ kind: 'not-a-list' });
    expect(problemOf(() => resolveCompleteHand(['3H', '2C']))).toEqual({ kind: 'too-few-cards', count: 2 });
    expect(problemOf(() => resolveCompleteHand(['3H', '2C', '4D', '3S']))).toEqual({
      kind: 'missing-third-card',
      side: 'banker',
      total: 5,
    });
  });
});

/** The problem of the HandError a call throws. */
function problemOf(call: () => unknown): HandProblem {
  try {
    call();
  } catch (error) {
    expect(error).toBeInstanceOf(HandError);
    return (error as HandError).problem;
  }
  throw new Error('no HandError was thrown');
}
