import { describe, it, expect } from 'vitest';
import { CryptoRandom, RandomWords, SeededRandom, shuffleInPlace, uniformIndex } from '../../../src/game/random.js';

const CARDS = 52;
const SHUFFLES = 26_000;

/**
 * Chi-square statistic of the card × position table over many shuffles of one deck: under a fair
 * shuffle each of the 52×52 cells expects SHUFFLES/52, with (52−1)² degrees of freedom.
 */
function positionChiSquare(shuffle: (deck: Uint8Array) => void): number {
  const counts = new Uint32Array(CARDS * CARDS);
  const deck = new Uint8Array(CARDS);
  for (let s = 0; s < SHUFFLES; s++) {
    for (let i = 0; i < CARDS; i++) deck[i] = i;
    shuffle(deck);
    for (let position = 0; position < CARDS; position++) counts[deck[position]! * CARDS + position]!++;
  }
  const expected = SHUFFLES / CARDS;
  let chi = 0;
  for (const observed of counts) chi += (observed - expected) ** 2 / expected;
  return chi;
}

const DEGREES = (CARDS - 1) ** 2;
/** Upper tail at about p = 1e-6: mean + 4.75 standard deviations (normal approximation, df 2601). */
const CRITICAL = DEGREES + 4.75 * Math.sqrt(2 * DEGREES);

describe('the shuffle puts every card in every position equally often', () => {
  it('passes a chi-square test with the seeded generator', () => {
    const random = new RandomWords(new SeededRandom('chi-square'));
    expect(positionChiSquare((deck) => shuffleInPlace(deck, random))).toBeLessThan(CRITICAL);
  });

  it('passes a chi-square test with crypto.getRandomValues', () => {
    const random = new RandomWords(new CryptoRandom());
    expect(positionChiSquare((deck) => shuffleInPlace(deck, random))).toBeLessThan(CRITICAL);
  });

  it('would catch a biased shuffle: the same test fails the naive swap-with-any-position shuffle', () => {
    const random = new RandomWords(new SeededRandom('naive'));
    const naive = (deck: Uint8Array): void => {
      for (let i = 0; i < deck.length; i++) {
        const j = uniformIndex(deck.length, random);
        [deck[i], deck[j]] = [deck[j]!, deck[i]!];
      }
    };
    expect(positionChiSquare(naive)).toBeGreaterThan(CRITICAL);
  });
});
