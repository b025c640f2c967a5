import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { CardFeed, shoeEventOf, storedShoeOf, type FeedEvent, type FeedResult } from '../../../src/dealing/card-feed.js';
import type { ShoeLineEvent } from '../../../src/reader/lines.js';
import { Shoe, formatCode } from '../../../src/game/shoe.js';
import { handRecord, type HandRecord, type ShoeEvent } from '../../../src/shoes/records.js';
import type { TableRules } from '../../../src/game/rules.js';

/** One thing done to a feed: an event read from the device, or a clerk's action. */
type Step = { kind: 'read'; event: ShoeLineEvent } | { kind: 'cancelCard' | 'voidHand' | 'voidShoe' | 'dummyHand' };

const run = (feed: CardFeed, step: Step): FeedResult => (step.kind === 'read' ? feed.feed(step.event) : feed[step.kind]());
const read = (card: string): Step => ({ kind: 'read', event: { kind: 'card', card } });

/** Where the clerk and the device stray from a plain deal, by card index (modulo the shoe's cards). */
interface Plan {
  mistakes: number[];
  dummies: number[];
  voids: number[];
  /** Cards read twice (in a one-deck shoe: a card the decks no longer hold). */
  again: number[];
  /** The clerk's answer to each question, in turn: true cancels the card, false voids the hand. */
  answers: boolean[];
  voidShoeAt: number | null;
  /** One more card after the last, asked about (the shoe has ended) and cancelled. */
  extra: boolean;
}

/**
 * A seeded shoe fed card by card with the plan's mistakes, dummy hands, voids and questions: every step, its result,
 * and after it the feed's number of events and whether it held nothing unstored.
 */
function scenario(seed: string, rules: Partial<TableRules>, plan: Plan) {
  const shoe = new Shoe({ seed, rules });
  shoe.dealAll();
  const used = shoe.order.length - shoe.cardsLeft;
  const cards = Array.from(shoe.order, formatCode);
  const feed = new CardFeed({ rules });
  const steps: Step[] = [];
  const results: FeedResult[] = [];
  const eventsAfter: number[] = [];
  const between: boolean[] = [];
  let spare = used;
  let answer = 0;
  const at = (list: number[], index: number): boolean => list.some((n) => n % used === index);
  const act = (step: Step): void => {
    steps.push(step);
    results.push(run(feed, step));
    eventsAfter.push(feed.events.length);
    between.push(betweenHands(feed));
    if (feed.question) act({ kind: plan.answers[answer++ % Math.max(plan.answers.length, 1)] === false ? 'voidHand' : 'cancelCard' });
  };
  for (let index = 0; index < used; index++) {
    if (index === shoe.cutIndex) act({ kind: 'read', event: { kind: 'cut' } });
    // Not in the middle of the burn: the burn's cards are stored once it is done, and a void shoe stores only a hand's.
    if (plan.voidShoeAt !== null && plan.voidShoeAt % used === index && feed.phase !== 'burning') act({ kind: 'voidShoe' });
    if (at(plan.dummies, index) && feed.phase === 'dealing') act({ kind: 'dummyHand' });
    if (at(plan.voids, index) && feed.handCards.length > 0) act({ kind: 'voidHand' });
    if (at(plan.mistakes, index) && feed.phase === 'dealing' && feed.handCards.length < 3 && spare < cards.length) {
      const mistake = cards[spare++]!;
      act(read(mistake));
      if (feed.handCards.at(-1) === mistake) act({ kind: 'read', event: { kind: 'cancel', card: mistake } });
    }
    if (at(plan.again, index) && feed.phase === 'dealing' && feed.handCards.length < 3 && index > 0) act(read(cards[index - 1]!));
    act(read(cards[index]!));
  }
  if (plan.extra && spare < cards.length) act(read(cards[spare]!));
  return { steps, results, eventsAfter, between, feed };
}

/** Everything a feed shows of where its shoe stands. */
const state = (feed: CardFeed) => ({
  phase: feed.phase,
  question: feed.question,
  handCards: [...feed.handCards],
  next: feed.next,
  handsRecorded: feed.handsRecorded,
  lastHand: feed.lastHand,
  cutCardOut: feed.cutCardOut,
  burn: { ...feed.burn, burned: [...feed.burn.burned] },
  dummyMarked: feed.dummyMarked,
  counts: feed.counts,
  reconciliation: feed.reconcile(),
  uncounted: feed.uncounted,
});

/** Nothing of the shoe is held unstored: no card in play, no burn begun, no question, no dummy mark. */
const betweenHands = (feed: CardFeed): boolean =>
  feed.handCards.length === 0 && feed.question === null && !feed.dummyMarked && feed.phase !== 'burning';

const plans = fc.record({
  mistakes: fc.array(fc.nat(), { maxLength: 4 }),
  dummies: fc.array(fc.nat(), { maxLength: 3 }),
  voids: fc.array(fc.nat(), { maxLength: 3 }),
  again: fc.array(fc.nat(), { maxLength: 3 }),
  answers: fc.array(fc.boolean(), { maxLength: 4 }),
  // One shoe in five is voided somewhere.
  voidShoeAt: fc.tuple(fc.nat({ max: 4 }), fc.nat()).map(([one, at]) => (one === 0 ? at : null)),
  extra: fc.boolean(),
});
const tableRules = fc.record({ decks: fc.constantFrom(1, 8), handsAfterCut: fc.constantFrom(0, 1), burn: fc.boolean() });

/** A feed given `steps[0..count)`. */
function fedUpTo(rules: Partial<TableRules>, steps: readonly Step[], count: number): CardFeed {
  const feed = new CardFeed({ rules });
  for (const step of steps.slice(0, count)) run(feed, step);
  return feed;
}

describe('CardFeed.resume: a shoe taken up from its record', () => {
  it('fed the rest of the shoe, gives exactly the events, hands and counts of one feed fed it all, wherever it stopped between hands', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 10 }),
        tableRules,
        plans,
        fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
        (seed, rules, plan, picks) => {
          const { steps, results, eventsAfter, between, feed: whole } = scenario(seed, rules, plan);
          // The number of steps done (0: none) where nothing is held unstored.
          const splits = [0, ...between.flatMap((free, i) => (free ? [i + 1] : []))];
          for (const pick of picks) {
            const done = splits[pick % splits.length]!;
            const before = whole.events.slice(0, done === 0 ? 0 : eventsAfter[done - 1]);
            const resumed = CardFeed.resume(rules, storedShoeOf(before));
            expect(state(resumed)).toEqual(state(fedUpTo(rules, steps, done)));
            for (let i = done; i < steps.length; i++) expect(run(resumed, steps[i]!)).toEqual(results[i]);
            expect(resumed.events).toEqual(whole.events.slice(before.length));
            expect(state(resumed)).toEqual(state(whole));
            expect(storedShoeOf([...before, ...resumed.events])).toEqual(storedShoeOf(whole.events));
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('after a reload mid-shoe, deals the next card to the player: the burn is not asked again', () => {
    const { feed } = scenario(
      'reload',
      {},
      { mistakes: [], dummies: [], voids: [], again: [], answers: [], voidShoeAt: null, extra: false },
    );
    const stored = storedShoeOf(feed.events);
    const hands = stored.hands.slice(0, 10);
    const resumed = CardFeed.resume({}, { hands, events: stored.events.filter((event) => event.afterHand <= 10) });
    expect(resumed.phase).toBe('dealing');
    expect(resumed.next).toBe('player');
    const burn = stored.events[0];
    expect(resumed.burn.card).toBe(burn?.kind === 'burn' ? burn.card : null);
    expect(resumed.handsRecorded).toBe(10);
    expect(resumed.uncounted).toBeNull();
    const seen = hands.reduce((sum, hand) => sum + hand.cards!.length, 0);
    expect(resumed.counts).toMatchObject({ seen, cancelled: 0 });
  });

  it('takes up a void shoe (nothing placed) and an ended one (the next card is asked about)', () => {
    const base = { mistakes: [], dummies: [], voids: [], again: [], answers: [], extra: false };
    const voided = scenario('void', { burn: false }, { ...base, voidShoeAt: 30 }).feed;
    const resumedVoid = CardFeed.resume({ burn: false }, storedShoeOf(voided.events));
    expect(resumedVoid.phase).toBe('void');
    expect(resumedVoid.feed({ kind: 'card', card: '9H' })).toEqual({ accepted: false, refusal: { kind: 'shoe-void' } });
    const ended = scenario('ended', {}, { ...base, voidShoeAt: null }).feed;
    const stored = storedShoeOf(ended.events);
    expect(stored.ended).toBe(true);
    const resumedEnded = CardFeed.resume({}, stored);
    expect(resumedEnded.phase).toBe('ended');
    expect(resumedEnded.reconcile(ended.counts.left)).toMatchObject({ holds: true, cardsKnown: true });
    const after = resumedEnded.feed({ kind: 'card', card: '4C' });
    expect(after).toMatchObject({ accepted: true, events: [{ kind: 'question' }] });
    expect(after).toEqual(ended.feed({ kind: 'card', card: '4C' }));
    // A shoe the console ended by hand (before the cut card) is ended too.
    const early = CardFeed.resume({}, { hands: stored.hands.slice(0, 5), events: stored.events.slice(0, 1), ended: true });
    expect(early.phase).toBe('ended');
  });

  it('counts afresh when the device started the shoe again before its first hand and the console kept one record for both', () => {
    const feed = new CardFeed({ rules: { decks: 1 } });
    const cards = ['3D', 'AS', 'AH', 'AD', '9H', '2C', 'cut', 'shoe', '2D', 'KS', 'KH', '8C', '8D', 'KC', 'KD'];
    for (const text of cards) {
      feed.feed(text === 'cut' ? { kind: 'cut' } : text === 'shoe' ? { kind: 'shoe', pack: 'p2' } : { kind: 'card', card: text });
    }
    // Stored as the console keeps it: the open shoe with no hand is kept, so both burns and the void hand are its.
    const stored = { hands: [] as HandRecord[], events: [] as ShoeEvent[] };
    for (const event of feed.events) {
      const kept = shoeEventOf(event);
      if (event.kind === 'hand') stored.hands.push(event.hand);
      else if (kept) stored.events.push({ ...kept, at: '2026-01-01T00:00:00.000Z', afterHand: stored.hands.length });
    }
    expect(stored.events.map((event) => event.kind)).toEqual(['burn', 'cut', 'void-hand', 'burn']);
    expect(stored.hands).toHaveLength(1);
    expect(state(CardFeed.resume({ decks: 1 }, stored))).toEqual(state(feed));
  });
});

describe('CardFeed.resume: a record changed under the feed (undo)', () => {
  it('without the last hand, gives that record’s hand numbers and counts; dealing the hand again gives it back as it was', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 10 }), tableRules, plans, fc.nat(), (seed, rules, plan, pick) => {
        // No card read twice: a cancelled copy of one of the undone hand's cards would make it a card too many, dealt again.
        const { steps, results, eventsAfter, feed: whole } = scenario(seed, rules, { ...plan, again: [] });
        // Steps after which a hand was the last thing stored: a card that finished a hand.
        const ends = steps.flatMap((step, i) =>
          step.kind === 'read' && results[i]!.accepted && results[i]!.events[0]?.kind === 'hand' ? [i] : [],
        );
        fc.pre(ends.length > 0);
        const i = ends[pick % ends.length]!;
        const stored = storedShoeOf(whole.events.slice(0, eventsAfter[i]));
        const last = stored.hands.at(-1)!;
        const undone = { ...stored, hands: stored.hands.slice(0, -1), ended: false };
        const resumed = CardFeed.resume(rules, undone);
        expect(resumed.handsRecorded).toBe(undone.hands.length);
        const cardsOf = (kinds: ShoeEvent['kind'][]) =>
          undone.events.flatMap((event) => (kinds.includes(event.kind) && 'cards' in event ? event.cards : []));
        expect(resumed.counts).toMatchObject({
          seen: undone.hands.reduce((sum, hand) => sum + hand.cards!.length, 0) + cardsOf(['void-hand', 'void-shoe', 'dummy-hand']).length,
          burned: undone.events.reduce((sum, event) => sum + (event.kind === 'burn' ? 1 + event.burned.length : 0), 0),
          cancelled: undone.events.filter((event) => event.kind === 'cancelled').length,
        });
        expect(resumed.phase).toBe('dealing');
        // The hand dealt again takes the number it had, and leaves the shoe as the first time.
        const again = last.cards!.flatMap((card) => (resumed.feed({ kind: 'card', card }) as { events: FeedEvent[] }).events);
        expect(again).toEqual(results[i]!.accepted ? results[i]!.events : []);
        expect(state(resumed)).toEqual(state(fedUpTo(rules, steps, i + 1)));
      }),
      { numRuns: 60 },
    );
  });

  it('keeps events stored after an undone hand after the last hand, and never throws on hands without cards', () => {
    const byOutcome: HandRecord = {
      cards: null,
      outcome: 'B',
      playerPair: false,
      bankerPair: false,
      natural: false,
      playerTotal: null,
      bankerTotal: null,
    };
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 8 }),
        tableRules,
        fc.array(fc.boolean(), { maxLength: 30 }),
        fc.array(
          fc.record({ kind: fc.constantFrom('cut', 'cancelled', 'void-hand', 'dummy-hand', 'burn'), afterHand: fc.nat({ max: 40 }) }),
          { maxLength: 6 },
        ),
        (seed, rules, typed, raw) => {
          const shoe = new Shoe({ seed, rules });
          // Hands typed by outcome among hands dealt with their cards (by outcome once the shoe is dealt).
          const hands = typed.map((typedByOutcome) => (typedByOutcome || shoe.finished ? byOutcome : handRecord(shoe.dealHand())));
          const events = raw.map(({ kind, afterHand }): ShoeEvent => {
            const at = '2026-01-01T00:00:00.000Z';
            if (kind === 'cut') return { kind, at, afterHand };
            if (kind === 'cancelled') return { kind, at, afterHand, card: '5S', by: 'device' };
            if (kind === 'burn') return { kind, at, afterHand, card: '2H', burned: ['3H', '4H'] };
            return { kind, at, afterHand, cards: ['7D'] };
          });
          const resumed = CardFeed.resume(rules, { hands, events });
          expect(resumed.handsRecorded).toBe(hands.length);
          const withoutCards = hands.filter((hand) => hand.cards === null).length;
          if (withoutCards > 0) {
            expect(resumed.uncounted).toMatchObject({ hands: withoutCards });
            expect(resumed.reconcile()).toMatchObject({ cardsKnown: false, holds: false });
          }
          if (hands.length > 0 && resumed.phase !== 'void') expect(['dealing', 'ended']).toContain(resumed.phase);
          if (resumed.phase === 'dealing') expect(resumed.next).toBe('player');
        },
      ),
      { numRuns: 100 },
    );
  });

  it('hands stored by outcome, with no burn stored: hands count, their cards do not, and the next card is dealt', () => {
    const byOutcome: HandRecord = {
      cards: null,
      outcome: 'P',
      playerPair: false,
      bankerPair: false,
      natural: false,
      playerTotal: null,
      bankerTotal: null,
    };
    const resumed = CardFeed.resume({}, { hands: [byOutcome, byOutcome, byOutcome] });
    expect(resumed.uncounted).toEqual({ hands: 3, burn: true });
    expect(resumed.counts).toEqual({ seen: 0, burned: 0, cancelled: 0, left: 416 });
    expect(resumed.reconcile()).toMatchObject({ cardsKnown: false, holds: false });
    expect(resumed.feed({ kind: 'card', card: '9H' })).toEqual({ accepted: true, events: [] });
    expect(resumed.handCards).toEqual(['9H']);
    expect(resumed.feed({ kind: 'cut' })).toEqual({ accepted: true, events: [{ kind: 'cut', afterHand: 3, lastHand: 5 }] });
  });
});

describe('CardFeed.followRecord: the feed rebuilt on its record', () => {
  it('on the record it wrote itself, changes nothing, whatever it holds unstored (a hand or burn in play, a dummy mark, a question)', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 10 }),
        tableRules,
        plans,
        fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
        (seed, rules, plan, picks) => {
          const { steps, results, feed: whole } = scenario(seed, rules, plan);
          for (const pick of picks) {
            const done = pick % (steps.length + 1);
            const feed = fedUpTo(rules, steps, done);
            const followed = feed.followRecord(storedShoeOf(feed.events));
            expect(followed.events).toEqual([]);
            expect(followed.unread).toEqual([]);
            expect(state(followed.feed)).toEqual(state(feed));
            expect(followed.feed.events).toEqual(feed.events);
            for (let i = done; i < steps.length; i++) expect(run(followed.feed, steps[i]!)).toEqual(results[i]);
            expect(followed.feed.events).toEqual(whole.events);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('after an undo with a hand in play, keeps the hand, which then takes the number the undone hand had', () => {
    const feed = new CardFeed({ rules: { burn: false } });
    for (const card of ['9H', '2C', 'KD', '5S', '3H', '4H']) feed.feed({ kind: 'card', card });
    const stored = storedShoeOf(feed.events);
    const { feed: followed, events } = feed.followRecord({ hands: stored.hands.slice(0, -1), events: stored.events });
    expect(events).toEqual([]);
    expect(followed.handsRecorded).toBe(0);
    expect(followed.handCards).toEqual(['3H', '4H']);
    expect(followed.counts.seen).toBe(2);
    const finished = ['2D', 'AD', 'TS'].flatMap((card) => (followed.feed({ kind: 'card', card }) as { events: FeedEvent[] }).events);
    expect(finished).toMatchObject([{ kind: 'hand', handNumber: 1, cards: ['3H', '4H', '2D', 'AD', 'TS'] }]);
  });

  it('after an undo of the last hand, places the card that was asked about (the shoe had ended), and reads the rest behind a question again', () => {
    const feed = new CardFeed({ rules: { burn: false, handsAfterCut: 0 } });
    feed.feed({ kind: 'cut' });
    for (const card of ['9H', '2C', 'KD', '5S', '7H']) feed.feed({ kind: 'card', card });
    expect(feed.question).toEqual({ card: '7H', why: { kind: 'shoe-ended' } });
    const stored = storedShoeOf(feed.events);
    // Following the same record asks the same question, with no new event.
    const same = feed.followRecord(stored);
    expect(same.feed.question).toEqual(feed.question);
    expect(same.feed.events).toEqual(feed.events);
    // Undo: the shoe is open again, the card in question is the first of the hand in play.
    const { feed: followed, events, unread } = feed.followRecord({ ...stored, hands: [], ended: false });
    expect({ events, unread, question: followed.question, handCards: followed.handCards }).toEqual({
      events: [],
      unread: [],
      question: null,
      handCards: ['7H'],
    });
    expect(followed.phase).toBe('dealing');
    expect(followed.events).toEqual(feed.events);
  });

  it('on a record that has ended, asks about the first card of the hand in play and gives back the others, to be read once it is answered', () => {
    const feed = new CardFeed({ rules: { burn: false } });
    for (const card of ['9H', '2C', 'KD', '5S', '3H', '4H']) feed.feed({ kind: 'card', card });
    const stored = storedShoeOf(feed.events);
    const { feed: followed, events, unread } = feed.followRecord({ ...stored, ended: true });
    expect(events).toEqual([{ kind: 'question', card: '3H', why: { kind: 'shoe-ended' } }]);
    expect(unread).toEqual(['4H']);
    expect(followed.handCards).toEqual([]);
    expect(followed.handsRecorded).toBe(1);
  });
});
