import { describe, it, expect } from 'vitest';
import {
  parseCard,
  normalizeCard,
  formatCard,
  cardValue,
  handTotal,
  CardError,
  RANKS,
  SUITS,
  ShoeCardCount,
} from '../../../src/game/cards.js';
import { BANKER_DRAWS, playerDraws, bankerDraws } from '../../../src/game/tableau.js';

describe('cards', () => {
  it('reads rank then optional suit, case-insensitively, with 10 for T', () => {
    expect(normalizeCard('9h')).toBe('9H');
    expect(normalizeCard('10c')).toBe('TC');
    expect(normalizeCard('k')).toBe('K');
    expect(parseCard('As')).toEqual({ rank: 0, suit: 'S' });
  });

  it('reads canonical notation as any other spelling of the same card, and never lets a caller change it', () => {
    for (const [rank, rankText] of RANKS.entries()) {
      for (const suit of [null, ...SUITS]) {
        const canonical = `${rankText}${suit ?? ''}`;
        const other = ` ${(rankText === 'T' ? '10' : rankText) + (suit ?? '')} `.toLowerCase();
        expect(parseCard(canonical)).toEqual({ rank, suit });
        expect(parseCard(other)).toEqual({ rank, suit });
        expect(formatCard(parseCard(other))).toBe(canonical);
        expect(Object.isFrozen(parseCard(canonical))).toBe(true);
      }
    }
  });

  it('values ace 1, two to nine at face, tens and faces 0', () => {
    expect(['A', '2', '5', '9', 'T', 'J', 'Q', 'K'].map(cardValue)).toEqual([1, 2, 5, 9, 0, 0, 0, 0]);
  });

  it('totals hands mod 10', () => {
    expect(handTotal(['7S', '8D'])).toBe(5);
    expect(handTotal(['2', '3', '9'])).toBe(4);
  });

  it('refuses anything else, naming it', () => {
    for (const bad of ['', '1', '11', 'Z', '9X', 'AH2', '0']) {
      expect(() => parseCard(bad)).toThrow(CardError);
    }
    expect(() => parseCard('9X')).toThrow(/unknown card "9X"/);
  });

  it('says why as a kind with the text given, for a page to word', () => {
    try {
      parseCard(' 9x!');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(CardError);
      expect((error as CardError).problem).toEqual({ kind: 'unknown-card', text: ' 9x!' });
      expect((error as CardError).message).toBe('unknown card " 9x!": expected a rank A 2-9 T J Q K (or 10) and an optional suit S H D C');
    }
  });
});

describe('counting a shoe’s cards against its decks', () => {
  it('holds each suited card once per deck, in any spelling', () => {
    const count = new ShoeCardCount(2);
    count.add('10h');
    expect(count.problemWith('TH')).toBe(null);
    count.add('th');
    expect(count.problemWith('TH')).toBe('this 2-deck shoe holds only 2 TH');
    expect(count.problemWith('TS')).toBe(null);
  });

  it('holds each rank four times per deck, suited and unsuited cards together', () => {
    const count = new ShoeCardCount(1);
    for (const card of ['9H', '9', '9S', '9']) {
      expect(count.problemWith(card)).toBe(null);
      count.add(card);
    }
    expect(count.problemWith('9')).toBe('this 1-deck shoe holds only 4 cards of rank 9');
    expect(count.problemWith('9D')).toBe('this 1-deck shoe holds only 4 cards of rank 9');
    expect(count.excess('9D')).toEqual({ of: 'rank', card: '9D', rank: '9', decks: 1, limit: 4 });
    expect(count.problemWith('8D')).toBe(null);
  });

  it('names a bad card as parseCard does', () => {
    expect(() => new ShoeCardCount(8).problemWith('1X')).toThrow(CardError);
  });
});

describe('the drawing tableau', () => {
  it('draws the player on 0-5 and stands on 6-7, both standing on a natural', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((total) => playerDraws(total, 0))).toEqual([true, true, true, true, true, true, false, false]);
    expect(playerDraws(3, 8)).toBe(false);
    expect(playerDraws(8, 3)).toBe(false);
  });

  it('draws the banker on 0-5 when the player stood', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((total) => bankerDraws(6, total, null))).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it("applies the banker's rule against the player's third card, row by row", () => {
    // Rows: banker total 0..7; columns: the player's third card value 0..9 (1 = draw).
    const expected = ['1111111111', '1111111111', '1111111111', '1111111101', '0011111100', '0000111100', '0000001100', '0000000000'];
    const actual = expected.map((_, banker) =>
      Array.from({ length: 10 }, (_, third) => (bankerDraws(0, banker, third) ? '1' : '0')).join(''),
    );
    expect(actual).toEqual(expected);
    expect(BANKER_DRAWS[3 * 11 + 8]).toBe(0);
  });
});
