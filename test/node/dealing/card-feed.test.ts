import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { CardFeed, type FeedEvent, type FeedResult } from '../../../src/dealing/card-feed.js';
import {
  ShoeLineReader,
  SHOE_PROTOCOLS,
  formatCardLine,
  isRefusal,
  type ShoeProtocol,
  type ShoeLineEvent,
} from '../../../src/reader/lines.js';
import { Shoe, formatCode, type DealtHand } from '../../../src/game/shoe.js';
import type { TableRules } from '../../../src/game/rules.js';

/** A seeded shoe dealt to its end, and the cards it took in order (burn included), the cut card's place among them. */
function dealtShoe(seed: string, rules: Partial<TableRules> = {}): { shoe: Shoe; hands: DealtHand[]; cards: string[] } {
  const shoe = new Shoe({ seed, rules });
  const hands = shoe.dealAll();
  const cards = Array.from(shoe.order.subarray(0, shoe.order.length - shoe.cardsLeft), formatCode);
  return { shoe, hands, cards };
}

/**
 * The shoe's cards as a device sends them in a protocol: the project's protocol sends the cut card
 * as a line; the others cannot, so the cut comes as an event of its own (a clerk's key), in place.
 */
function wire(cards: string[], cutIndex: number, protocol: ShoeProtocol): (string | ShoeLineEvent)[] {
  const out: (string | ShoeLineEvent)[] = protocol === 'bacc' ? ['BACC-SHOE 1', 'SHOE seeded-pack'] : [];
  cards.forEach((card, index) => {
    if (index === cutIndex) out.push(protocol === 'bacc' ? 'CUT' : { kind: 'cut' });
    out.push(formatCardLine(card, protocol));
  });
  return out;
}

/** Feeds the wire through a line reader into a feed, the text cut into chunks of `chunk` characters. */
function play(feed: CardFeed, items: (string | ShoeLineEvent)[], protocol: ShoeProtocol, chunk = 13, ending = '\r\n'): number {
  const reader = new ShoeLineReader(protocol);
  let text = '';
  const flush = (): void => {
    for (let i = 0; i < text.length; i += chunk) {
      for (const result of reader.push(text.slice(i, i + chunk))) {
        if (!isRefusal(result)) expect(feed.feed(result).accepted).toBe(true);
      }
    }
    text = '';
  };
  for (const item of items) {
    if (typeof item === 'string') text += item + ending;
    else {
      flush();
      expect(feed.feed(item).accepted).toBe(true);
    }
  }
  flush();
  reader.end();
  return reader.refused;
}

const handsOf = (events: readonly FeedEvent[]) =>
  events.flatMap((event) => (event.kind === 'hand' ? [{ ...event.hand, handNumber: event.handNumber, cutCardOut: event.cutCardOut }] : []));

const expected = (hands: DealtHand[]) =>
  hands.map((hand) => ({
    cards: hand.cards,
    outcome: hand.winner,
    playerPair: hand.playerPair,
    bankerPair: hand.bankerPair,
    natural: hand.natural,
    playerTotal: hand.playerTotal,
    bankerTotal: hand.bankerTotal,
    handNumber: hand.handNumber,
    cutCardOut: hand.cutCardOut,
  }));

const card = (text: string): ShoeLineEvent => ({ kind: 'card', card: text });
const feedAll = (feed: CardFeed, cards: string[]): FeedResult[] => cards.map((text) => feed.feed(card(text)));
const accepted = (result: FeedResult): FeedEvent[] => {
  if (!result.accepted) throw new Error(`refused: ${JSON.stringify(result.refusal)}`);
  return result.events;
};

describe('CardFeed: a seeded shoe through the wire', () => {
  it('gives hand by hand the hands Shoe.dealHand gives, in every protocol, the burn and the cut card in place', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 12 }),
        fc.constantFrom(...SHOE_PROTOCOLS),
        fc.integer({ min: 1, max: 40 }),
        fc.constantFrom('\n', '\r', '\r\n'),
        fc.record({ decks: fc.constantFrom(1, 6, 8), handsAfterCut: fc.constantFrom(0, 1), burn: fc.boolean() }),
        (seed, protocol, chunk, ending, rules) => {
          const { shoe, hands, cards } = dealtShoe(seed, rules);
          const feed = new CardFeed({ rules });
          const refused = play(feed, wire(cards, shoe.cutIndex, protocol), protocol, chunk, ending);
          expect(refused).toBe(0);
          expect(handsOf(feed.events)).toEqual(expected(hands));
          const kinds = feed.events.map((event) => event.kind).filter((kind) => kind !== 'hand');
          const start = protocol === 'bacc' ? ['shoe-start'] : [];
          expect(kinds).toEqual([...start, ...(rules.burn ? ['burn'] : []), 'cut', 'shoe-end']);
          const burn = feed.events.find((event) => event.kind === 'burn');
          if (burn) expect(burn).toEqual({ kind: 'burn', card: shoe.burnCard, burned: cards.slice(1, 1 + shoe.burned) });
          const cut = feed.events.find((event) => event.kind === 'cut');
          expect(cut).toMatchObject({ lastHand: hands.length });
          expect(feed.events.at(-1)).toEqual({ kind: 'shoe-end', hands: hands.length, early: false });
          expect(feed.phase).toBe('ended');
          expect(feed.counts.left).toBe(shoe.cardsLeft);
          expect(feed.reconcile(shoe.cardsLeft)).toMatchObject({ holds: true, total: rules.decks * 52, cancelled: 0 });
          expect(feed.reconcile(shoe.cardsLeft - 1).holds).toBe(false);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('is undisturbed by noise lines between the cards: each is refused and places nothing', () => {
    const noise = fc.stringMatching(/^[^\r\n]{0,300}$/).map((text) => `${text}\u0000`);
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.constantFrom(...SHOE_PROTOCOLS),
        fc.array(fc.tuple(fc.nat(), noise), { maxLength: 20 }),
        (seed, protocol, noisy) => {
          const { shoe, hands, cards } = dealtShoe(seed);
          const items = wire(cards, shoe.cutIndex, protocol);
          for (const [at, line] of noisy) items.splice(at % (items.length + 1), 0, line);
          const feed = new CardFeed();
          expect(play(feed, items, protocol)).toBe(noisy.length);
          expect(handsOf(feed.events)).toEqual(expected(hands));
        },
      ),
      { numRuns: 30 },
    );
  });

  it('refuses 10 kB of garbage without a newline, half lines and unknown suits, placing no card', () => {
    const feed = new CardFeed();
    const reader = new ShoeLineReader('bacc');
    const results = [
      ...reader.push('#'.repeat(10_000)),
      ...reader.push('\nCARD 9X\nCARD\nCARD 9'),
      ...reader.push('Q\nD12\n{"card":"h10"}\nCARD 9'),
      ...reader.end(),
    ];
    expect(results.map((result) => (isRefusal(result) ? result.refused : result.kind))).toEqual([
      'too-long',
      'unknown-card',
      'bad-arguments',
      'unknown-card',
      'unknown-keyword',
      'unknown-keyword',
      'incomplete',
    ]);
    expect(feed.counts).toEqual({ seen: 0, burned: 0, cancelled: 0, left: 416 });
    expect(feed.events).toEqual([]);
  });
});

describe('CardFeed: the procedure', () => {
  const noBurn = { burn: false };

  it('burns the turned card and its value in cards, a ten or face card counting 10', () => {
    const feed = new CardFeed();
    expect(accepted(feed.feed(card('KH')))).toEqual([]);
    expect(feed.phase).toBe('burning');
    const burned = ['2C', '3C', '4C', '5C', '6C', '7C', '8C', '9C', 'TC', 'JC'];
    const results = feedAll(feed, burned);
    expect(results.at(-1)).toEqual({ accepted: true, events: [{ kind: 'burn', card: 'KH', burned }] });
    expect(feed.phase).toBe('dealing');
    expect(feed.counts).toMatchObject({ burned: 11, seen: 0 });
    const feed3 = new CardFeed();
    feedAll(feed3, ['3D', 'AS', 'AH']);
    expect(feed3.phase).toBe('burning');
    expect(accepted(feed3.feed(card('AD')))).toEqual([{ kind: 'burn', card: '3D', burned: ['AS', 'AH', 'AD'] }]);
  });

  it('after the cut card, finishes the hand in play and one more, then ends the shoe', () => {
    const feed = new CardFeed({ rules: noBurn });
    feedAll(feed, ['9H', '2C']);
    expect(accepted(feed.feed({ kind: 'cut' }))).toEqual([{ kind: 'cut', afterHand: 0, lastHand: 2 }]);
    expect(feed.feed({ kind: 'cut' })).toEqual({ accepted: false, refusal: { kind: 'cut-already-out' } });
    const first = feedAll(feed, ['KD', '5S']).flatMap(accepted);
    expect(first).toMatchObject([{ kind: 'hand', handNumber: 1, cutCardOut: true, hand: { outcome: 'P' } }]);
    const second = feedAll(feed, ['3H', '4H', '2D', 'AD', 'TS']).flatMap(accepted);
    expect(second).toMatchObject([
      { kind: 'hand', handNumber: 2, cutCardOut: false, cards: ['3H', '4H', '2D', 'AD', 'TS'] },
      { kind: 'shoe-end', hands: 2, early: false },
    ]);
    expect(feed.phase).toBe('ended');
  });

  it('with no hand after the cut, ends with the hand in play; between hands the cut belongs to the next', () => {
    const feed = new CardFeed({ rules: { ...noBurn, handsAfterCut: 0 } });
    feedAll(feed, ['9H', '2C', 'KD', '5S']);
    expect(accepted(feed.feed({ kind: 'cut' }))).toEqual([{ kind: 'cut', afterHand: 1, lastHand: 2 }]);
    const events = feedAll(feed, ['8H', '8C', 'KD', 'KS']).flatMap(accepted);
    expect(events.map((event) => event.kind)).toEqual(['hand', 'shoe-end']);
    expect(events[0]).toMatchObject({ handNumber: 2, cutCardOut: true });
  });

  it('stops at a card after the end until the clerk answers, recording nothing meanwhile; a cancelled card is out of play', () => {
    const feed = new CardFeed({ rules: { ...noBurn, handsAfterCut: 0 } });
    feed.feed({ kind: 'cut' });
    feedAll(feed, ['9H', '2C', 'KD', '5S']);
    expect(feed.phase).toBe('ended');
    expect(accepted(feed.feed(card('7H')))).toEqual([{ kind: 'question', card: '7H', why: { kind: 'shoe-ended' } }]);
    const before = feed.events.length;
    for (const event of [
      card('8H'),
      { kind: 'cut' } as const,
      { kind: 'cancel', card: '7H' } as const,
      { kind: 'shoe', pack: 'p2' } as const,
    ]) {
      expect(feed.feed(event)).toEqual({
        accepted: false,
        refusal: { kind: 'awaiting-answer', question: { card: '7H', why: { kind: 'shoe-ended' } } },
      });
    }
    expect(feed.dummyHand().accepted).toBe(false);
    expect(feed.events.length).toBe(before);
    expect(accepted(feed.cancelCard())).toEqual([{ kind: 'cancelled', card: '7H', hand: null, by: 'clerk' }]);
    expect(feed.counts).toEqual({ seen: 4, burned: 0, cancelled: 1, left: 52 * 8 - 5 });
    expect(feed.cancelCard()).toEqual({ accepted: false, refusal: { kind: 'no-question' } });
  });

  it('stops at a card the decks no longer hold, counting burned and cancelled cards', () => {
    const feed = new CardFeed({ rules: { decks: 1, cutCardFromEnd: 12 } });
    feedAll(feed, ['AS', 'AH']); // the burn: AS turned, AH burned
    feedAll(feed, ['AD', '2C']);
    accepted(feed.feed({ kind: 'cancel', card: '2C' }));
    feedAll(feed, ['AC']); // the fourth ace
    expect(accepted(feed.feed(card('AS')))).toEqual([
      { kind: 'question', card: 'AS', why: { kind: 'too-many', of: 'card', card: 'AS', rank: 'A', decks: 1, limit: 1 } },
    ]);
    expect(feed.handCards).toEqual(['AD', 'AC']);
    expect(accepted(feed.voidHand())).toEqual([{ kind: 'void-hand', hand: 1, cards: ['AD', 'AC', 'AS'] }]);
    expect(feed.handCards).toEqual([]);
    expect(feed.counts).toEqual({ seen: 3, burned: 2, cancelled: 1, left: 46 });
    // The next card starts a new hand, which takes the void hand's number.
    expect(feed.feed(card('2C')).accepted && feed.question?.why.kind).toBe('too-many'); // cancelled, still counted
    accepted(feed.cancelCard());
    const events = feedAll(feed, ['9H', '3C', 'KD', '5S']).flatMap(accepted);
    expect(events).toMatchObject([{ kind: 'hand', handNumber: 1, cards: ['9H', '3C', 'KD', '5S'] }]);
  });

  it('a cancel from the device takes the last card read out of the hand in play', () => {
    const feed = new CardFeed({ rules: noBurn });
    feedAll(feed, ['9H', '2C', 'KD']);
    expect(feed.feed({ kind: 'cancel', card: '2C' })).toEqual({
      accepted: false,
      refusal: { kind: 'not-last-card', card: '2C', last: 'KD' },
    });
    expect(accepted(feed.feed({ kind: 'cancel', card: 'kd' }))).toEqual([{ kind: 'cancelled', card: 'KD', hand: 1, by: 'device' }]);
    expect(feed.handCards).toEqual(['9H', '2C']);
    expect(feed.next).toBe('player');
    const events = feedAll(feed, ['QD', '5S']).flatMap(accepted);
    expect(events).toMatchObject([{ kind: 'hand', cards: ['9H', '2C', 'QD', '5S'] }]);
    expect(feed.feed({ kind: 'cancel', card: '5S' })).toEqual({ accepted: false, refusal: { kind: 'nothing-to-cancel' } });
    expect(feed.counts).toMatchObject({ seen: 4, cancelled: 1 });
  });

  it('voids a hand in play at the clerk’s word, and refuses when there is none', () => {
    const feed = new CardFeed({ rules: noBurn });
    expect(feed.voidHand()).toEqual({ accepted: false, refusal: { kind: 'no-hand-in-play' } });
    feedAll(feed, ['9H', '2C']);
    expect(accepted(feed.voidHand())).toEqual([{ kind: 'void-hand', hand: 1, cards: ['9H', '2C'] }]);
    expect(feed.counts.seen).toBe(2);
  });

  it('a void shoe places nothing more, until a new shoe', () => {
    const feed = new CardFeed({ rules: noBurn });
    feedAll(feed, ['9H', '2C']);
    expect(accepted(feed.voidShoe())).toEqual([{ kind: 'void-shoe', cards: ['9H', '2C'] }]);
    expect(feed.feed(card('KD'))).toEqual({ accepted: false, refusal: { kind: 'shoe-void' } });
    expect(feed.feed({ kind: 'cut' })).toEqual({ accepted: false, refusal: { kind: 'shoe-void' } });
    expect(feed.voidShoe().accepted).toBe(false);
    expect(accepted(feed.feed({ kind: 'shoe', pack: 'P2' }))).toEqual([{ kind: 'shoe-start', pack: 'P2' }]);
    expect(feed.phase).toBe('dealing');
    expect(feed.counts.seen).toBe(0);
  });

  it('a new shoe ends the shoe in play early, voiding its hand in play', () => {
    const feed = new CardFeed({ rules: noBurn });
    feedAll(feed, ['9H', '2C', 'KD', '5S', '3H']);
    expect(accepted(feed.feed({ kind: 'shoe', pack: 'P2' }))).toEqual([
      { kind: 'void-hand', hand: 2, cards: ['3H'] },
      { kind: 'shoe-end', hands: 1, early: true },
      { kind: 'shoe-start', pack: 'P2' },
    ]);
  });

  it('a dummy hand is dealt by the tableau, not recorded, and takes no hand number', () => {
    const feed = new CardFeed({ rules: noBurn });
    expect(accepted(feed.dummyHand())).toEqual([]);
    expect(feed.dummyHand()).toEqual({ accepted: false, refusal: { kind: 'already-dummy' } });
    const events = feedAll(feed, ['9H', '2C', 'KD', '5S', '8H', '8C', 'KD', 'KS']).flatMap(accepted);
    expect(events).toMatchObject([
      { kind: 'dummy-hand', cards: ['9H', '2C', 'KD', '5S'] },
      { kind: 'hand', handNumber: 1, cards: ['8H', '8C', 'KD', 'KS'] },
    ]);
  });

  it('keeps lid events in order and ignores the hello', () => {
    const feed = new CardFeed({ rules: noBurn });
    feed.feed({ kind: 'hello', version: 1 });
    feed.feed({ kind: 'lid', open: true });
    feed.feed(card('9H'));
    feed.feed({ kind: 'lid', open: false });
    expect(feed.events).toEqual([
      { kind: 'lid', open: true },
      { kind: 'lid', open: false },
    ]);
  });

  it('reconciles a whole shoe with cards drawn by mistake and cancelled', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.array(fc.nat(), { maxLength: 5 }), (seed, mistakes) => {
        const { shoe, hands, cards } = dealtShoe(seed);
        const feed = new CardFeed();
        // A card drawn by mistake (one of the cards left behind the cut card, drawn early) and cancelled, at each chosen place
        // where it cannot finish the hand in play.
        const spare = cards.length;
        const places = new Set(mistakes.map((at) => 1 + shoe.burned + (at % (cards.length - 1 - shoe.burned))));
        let extra = 0;
        cards.forEach((text, index) => {
          if (index === shoe.cutIndex) accepted(feed.feed({ kind: 'cut' }));
          // Only while a card is left behind the ones dealt (a shoe may end with two left).
          if (places.has(index) && feed.handCards.length < 3 && spare + extra < shoe.order.length) {
            const mistake = formatCode(shoe.order[spare + extra++]!);
            accepted(feed.feed(card(mistake)));
            accepted(feed.feed({ kind: 'cancel', card: mistake }));
          }
          accepted(feed.feed(card(text)));
        });
        expect(handsOf(feed.events)).toEqual(expected(hands));
        expect(feed.counts.cancelled).toBe(extra);
        expect(feed.reconcile(shoe.cardsLeft - extra)).toMatchObject({ holds: true });
      }),
      { numRuns: 30 },
    );
  });
});
