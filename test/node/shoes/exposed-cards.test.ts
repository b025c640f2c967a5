import { describe, it, expect } from 'vitest';
import { exposedCards } from '../../../src/shoes/exposed-cards.js';
import type { ShoeEvent } from '../../../src/shoes/records.js';
import { CardFeed, storedShoeOf } from '../../../src/dealing/card-feed.js';

const at = '2026-12-01T09:00:00Z';

describe('exposedCards: the cards a shoe’s events show everyone', () => {
  const events: ShoeEvent[] = [
    { kind: 'burn', at, afterHand: 0, card: '3H', burned: ['4C', '5C', '6C'] },
    { kind: 'cancelled', at, afterHand: 1, card: 'QS', by: 'device' },
    { kind: 'void-hand', at, afterHand: 2, cards: ['2D', '2S', '7H'] },
    { kind: 'dummy-hand', at, afterHand: 2, cards: ['AH', 'AD', 'AS', 'AC'] },
    { kind: 'cut', at, afterHand: 3 },
    { kind: 'void-shoe', at, afterHand: 3, cards: ['9C'] },
  ];

  it('takes the burn’s turned card but not the cards burned face down, and every card dealt face up', () => {
    expect(exposedCards({ events })).toEqual(['3H', 'QS', '2D', '2S', '7H', 'AH', 'AD', 'AS', 'AC', '9C']);
  });

  it('up to a hand, takes the events that happened while at most that many hands were recorded', () => {
    expect(exposedCards({ events }, 0)).toEqual(['3H']);
    expect(exposedCards({ events }, 1)).toEqual(['3H', 'QS']);
    expect(exposedCards({ events }, 2)).toEqual(['3H', 'QS', '2D', '2S', '7H', 'AH', 'AD', 'AS', 'AC']);
  });

  it('gives none for no shoe, or a shoe without events', () => {
    expect(exposedCards(null)).toEqual([]);
    expect(exposedCards(undefined)).toEqual([]);
    expect(exposedCards({})).toEqual([]);
  });

  it('reads the events as the card feed stores them: a burn with its turned card, a cancel by the device', () => {
    const feed = new CardFeed({ rules: { decks: 1, cutCardFromEnd: 12 } });
    const fed = ['2S', '4H', '5D', '9H', '3C', 'KD', '5S'].flatMap((card) => {
      const result = feed.feed({ kind: 'card', card });
      return result.accepted ? result.events : [];
    });
    // The burn: 2S turned face up, 4H and 5D burned face down; then a hand.
    const drawn = feed.feed({ kind: 'card', card: '8C' });
    const cancelled = feed.feed({ kind: 'cancel', card: '8C' });
    const shoe = storedShoeOf([...fed, ...(drawn.accepted ? drawn.events : []), ...(cancelled.accepted ? cancelled.events : [])], at);
    expect(shoe.events.map((event) => event.kind)).toEqual(['burn', 'cancelled']);
    expect(shoe.hands).toHaveLength(1);
    expect(exposedCards(shoe)).toEqual(['2S', '8C']);
  });
});
