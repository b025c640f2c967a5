// A document read against a shoe read before (the one a screen or the recorder shows) is checked
// from its first hand that differs: the result must be exactly the whole check's, a shoe accepted
// or refused alike, with the same problem in the same place.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  parseShoeDocument,
  shoeDocument,
  simulateShoeRecords,
  ShoeDocumentError,
  type ShoeDocument,
  type ShoeRecord,
} from '../../../src/shoes/document.js';

const NOW = new Date('2026-03-01T12:00:00.000Z');

/** A simulated shoe as the wire carries it: recorded by a console (no seed), or simulated with its seed. */
function wireDocument(seed: string, recorded: boolean): ShoeDocument {
  const [shoe] = simulateShoeRecords({ shoes: 1, seed, now: () => NOW });
  const record: ShoeRecord = recorded ? { ...shoe!, source: 'recorded', seed: null } : shoe!;
  return JSON.parse(JSON.stringify(shoeDocument([record]))) as ShoeDocument;
}

/** What a read gives, comparable: the shoes, or the refusal's problem, place and words. */
function outcome(read: () => ShoeDocument): unknown {
  try {
    return { shoes: JSON.parse(JSON.stringify(read().shoes)) as unknown };
  } catch (error) {
    if (!(error instanceof ShoeDocumentError)) throw error;
    return { problem: error.problem, where: error.where, message: error.message };
  }
}

type Hands = Record<string, unknown>[];
const CARD_TEXTS = ['AS', '10h', 'TH', 'KD', '9C', '5S', 'ZZ', '', 'AS ', '2D'];

/** Ways a later state can differ from the shoe shown, each applied at a hand picked by `at`. */
const change = fc.oneof(
  fc.constant({ kind: 'none' as const }),
  fc.record({ kind: fc.constant('outcome' as const), at: fc.nat(), value: fc.constantFrom('B', 'P', 'T', 'X', 7) }),
  fc.record({ kind: fc.constant('card' as const), at: fc.nat(), card: fc.nat(5), text: fc.constantFrom(...CARD_TEXTS) }),
  fc.record({ kind: fc.constant('cards-of' as const), at: fc.nat(), from: fc.nat() }),
  fc.record({ kind: fc.constant('extra-field' as const), at: fc.nat(), value: fc.jsonValue({ maxDepth: 1 }) }),
  fc.record({ kind: fc.constant('drop-field' as const), at: fc.nat(), field: fc.constantFrom('natural', 'cards', 'playerTotal') }),
  fc.record({ kind: fc.constant('repeat' as const), at: fc.nat(), times: fc.integer({ min: 1, max: 200 }) }),
  fc.record({ kind: fc.constant('decks' as const), decks: fc.constantFrom(1, 2, 8, 0) }),
  fc.record({ kind: fc.constant('tie-pays' as const), value: fc.constantFrom(8, 9) }),
  fc.record({ kind: fc.constant('other-id' as const) }),
  fc.record({ kind: fc.constant('not-a-hand' as const), at: fc.nat(), value: fc.constantFrom(null, 'B', 3, [] as unknown[]) }),
);

function changed(document: ShoeDocument, hands: number, how: ChangeOf): unknown {
  const copy = structuredClone(document) as unknown as { shoes: { id: string; rules: Record<string, unknown>; hands: Hands }[] };
  const shoe = copy.shoes[0]!;
  shoe.hands = shoe.hands.slice(0, hands);
  const pick = (at: number) => (shoe.hands.length === 0 ? undefined : shoe.hands[at % shoe.hands.length]);
  switch (how.kind) {
    case 'none':
      break;
    case 'outcome': {
      const hand = pick(how.at);
      if (hand) hand['outcome'] = how.value;
      break;
    }
    case 'card': {
      const cards = pick(how.at)?.['cards'] as string[] | null | undefined;
      if (cards) cards[how.card % cards.length] = how.text;
      break;
    }
    case 'cards-of': {
      const hand = pick(how.at);
      if (hand) hand['cards'] = structuredClone(pick(how.from)!['cards']);
      break;
    }
    case 'extra-field': {
      const hand = pick(how.at);
      if (hand) hand['note'] = how.value;
      break;
    }
    case 'drop-field': {
      const hand = pick(how.at);
      if (hand) delete hand[how.field];
      break;
    }
    case 'repeat': {
      const hand = pick(how.at);
      if (hand) for (let i = 0; i < how.times; i++) shoe.hands.push(structuredClone(hand));
      break;
    }
    case 'decks':
      shoe.rules['decks'] = how.decks;
      break;
    case 'tie-pays':
      shoe.rules['tiePays'] = how.value;
      break;
    case 'other-id':
      shoe.id = `${shoe.id}-other`;
      break;
    case 'not-a-hand':
      if (shoe.hands.length > 0) (shoe.hands as unknown[])[how.at % shoe.hands.length] = how.value;
      break;
  }
  return copy;
}
type ChangeOf = typeof change extends fc.Arbitrary<infer T> ? T : never;

describe('a shoe document read against a shoe read before', () => {
  it('accepts and refuses exactly what the whole check does, in the same words and place', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }), fc.boolean(), fc.nat(100), fc.nat(100), change, (seed, recorded, shownHands, hands, how) => {
        const document = wireDocument(`known-${seed}`, recorded);
        const length = document.shoes[0]!.hands.length;
        const shown = parseShoeDocument(
          { ...document, shoes: [{ ...document.shoes[0]!, hands: document.shoes[0]!.hands.slice(0, shownHands % (length + 1)) }] },
          NOW,
        ).shoes[0]!;
        const later = changed(document, hands % (length + 1), how);
        expect(outcome(() => parseShoeDocument(later, NOW, shown))).toEqual(outcome(() => parseShoeDocument(later, NOW)));
      }),
      { numRuns: 300 },
    );
  });

  it('gives back the hands it already held as the same objects, and checks the new one', () => {
    const document = wireDocument('known-same', true);
    const shoe = document.shoes[0]!;
    const shown = parseShoeDocument({ ...document, shoes: [{ ...shoe, hands: shoe.hands.slice(0, 10) }] }, NOW).shoes[0]!;
    const next = parseShoeDocument({ ...document, shoes: [{ ...shoe, hands: shoe.hands.slice(0, 11) }] }, NOW, shown).shoes[0]!;
    expect(next.hands.slice(0, 10).every((hand, index) => hand === shown.hands[index])).toBe(true);
    expect(next.hands[10]).toEqual(shoe.hands[10]);

    // The new hand is still checked: one stating what its cards do not give is refused, at its place.
    const wrong = { ...shoe.hands[10]!, outcome: shoe.hands[10]!.outcome === 'B' ? 'P' : 'B' };
    const refused = outcome(() =>
      parseShoeDocument({ ...document, shoes: [{ ...shoe, hands: [...shoe.hands.slice(0, 10), wrong] }] }, NOW, shown),
    );
    expect(refused).toMatchObject({ problem: { kind: 'outcome-mismatch' }, where: { hand: 11, field: 'outcome' } });
  });

  it('counts the cards of the hands it held: a new hand using a card the decks no longer hold is refused', () => {
    const document = wireDocument('known-count', true);
    const shoe = document.shoes[0]!;
    // One deck holds each card once: the first hand's cards dealt again cannot be.
    const oneDeck = { ...shoe, rules: { ...shoe.rules, decks: 1 }, hands: shoe.hands.slice(0, 2) };
    const shown = parseShoeDocument({ ...document, shoes: [oneDeck] }, NOW);
    expect(shown.shoes[0]!.hands).toHaveLength(2);
    const again = { ...oneDeck, hands: [...oneDeck.hands, oneDeck.hands[0]!] };
    const whole = outcome(() => parseShoeDocument({ ...document, shoes: [again] }, NOW));
    expect(whole).toMatchObject({ problem: { kind: 'too-many-cards' }, where: { hand: 3 } });
    expect(outcome(() => parseShoeDocument({ ...document, shoes: [again] }, NOW, shown.shoes[0]))).toEqual(whole);
  });
});
