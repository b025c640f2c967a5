import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  parseShoeDocument,
  shoeDocument,
  shoeDocumentText,
  simulateShoeRecords,
  ShoeDocumentError,
  type ShoeDocument,
  type ShoeDocumentPlace,
  type ShoeRecord,
} from '../../../src/shoes/document.js';

const simulated = (seed: string, shoes = 2, now?: () => Date): ShoeDocument =>
  JSON.parse(JSON.stringify(shoeDocument(simulateShoeRecords({ shoes, seed, now })))) as ShoeDocument;

/** Parses a changed copy of a document and returns the error message. */
function errorFor(document: ShoeDocument, change: (copy: Record<string, any>) => void): string {
  const copy = structuredClone(document) as Record<string, any>;
  change(copy);
  try {
    parseShoeDocument(copy);
  } catch (error) {
    expect(error).toBeInstanceOf(ShoeDocumentError);
    return (error as Error).message;
  }
  throw new Error('the changed document was accepted');
}

describe('the shoe export document', () => {
  const document = simulated('doc');

  it('reads back what simulate writes, identically', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 12 }), (seed) => {
        const written = simulated(seed, 1);
        expect(JSON.parse(JSON.stringify(parseShoeDocument(written)))).toEqual(written);
      }),
      { numRuns: 15 },
    );
  });

  it('keeps hands recorded by outcome only, without cards or totals', () => {
    const recorded = structuredClone(document);
    recorded.shoes[0]!.source = 'recorded';
    recorded.shoes[0]!.seed = null;
    recorded.shoes[0]!.hands = [
      { cards: null, outcome: 'T', playerPair: true, bankerPair: false, natural: false, playerTotal: null, bankerTotal: null },
    ];
    expect(parseShoeDocument(recorded).shoes[0]!.hands).toHaveLength(1);
  });

  it('names the shoe, hand and field of a wrong type', () => {
    expect(errorFor(document, (d) => (d.shoes[1].hands[4].outcome = 'X'))).toMatch(/^shoe 2 \(id "simulated:doc#2"\), hand 5, outcome: /);
    expect(errorFor(document, (d) => (d.shoes[0].hands[0].natural = 'yes'))).toMatch(/^shoe 1 .*hand 1, natural: /);
    expect(errorFor(document, (d) => delete d.shoes[0].startedAt)).toMatch(/shoe 1 .*startedAt/);
  });

  it('resolves every hand again and refuses one whose stated result the cards do not give', () => {
    const message = errorFor(document, (d) => {
      const hand = d.shoes[0].hands[2];
      hand.outcome = hand.outcome === 'B' ? 'P' : 'B';
    });
    expect(message).toMatch(/^shoe 1 \(id "simulated:doc"\), hand 3, outcome: the cards .* give "[BPT]", not "[BP]"$/);
    expect(errorFor(document, (d) => (d.shoes[0].hands[0].bankerTotal = (d.shoes[0].hands[0].bankerTotal + 1) % 10))).toMatch(
      /hand 1, bankerTotal: the cards/,
    );
  });

  it('refuses cards the tableau would not deal', () => {
    expect(errorFor(document, (d) => (d.shoes[0].hands[0].cards = ['9H', '2C', 'KD', '5S', '3H']))).toMatch(
      /hand 1, cards: unexpected card 3H/,
    );
    expect(errorFor(document, (d) => (d.shoes[0].hands[0].cards[1] = 'ZZ'))).toMatch(/hand 1, cards: card 2: unknown card "ZZ"/);
    expect(errorFor(document, (d) => (d.shoes[0].hands[0].cards = ['2H', '3C', '3D', 'KS']))).toMatch(/missing third card/);
  });

  it('refuses another format, a newer version and rules out of range', () => {
    expect(errorFor(document, (d) => (d.format = 'other'))).toMatch(/^format: /);
    expect(errorFor(document, (d) => (d.version = 3))).toMatch(/version 3 is newer/);
    expect(errorFor(document, (d) => (d.shoes[0].rules.decks = 12))).toMatch(/shoe 1 .*rules: decks must be/);
    expect(() => parseShoeDocument(null)).toThrow(ShoeDocumentError);
    expect(() => parseShoeDocument('text')).toThrow(ShoeDocumentError);
  });
});

describe('the export file text', () => {
  const shoes = simulateShoeRecords({ shoes: 2, seed: 'text' });

  it('is the document itself, for any table name, seed or missing cards', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            table: fc.string({ unit: 'grapheme', maxLength: 12 }),
            seed: fc.option(fc.string(), { nil: null }),
            hands: fc.nat(3),
            cardless: fc.boolean(),
          }),
          { maxLength: 3 },
        ),
        (variants) => {
          const records: ShoeRecord[] = variants.map((variant, index) => ({
            ...shoes[index % 2]!,
            id: `shoe ${index} "quoted"\n`,
            table: variant.table,
            seed: variant.seed,
            hands: shoes[index % 2]!.hands.slice(0, variant.hands).map((hand) =>
              variant.cardless ? { ...hand, cards: null, playerTotal: null, bankerTotal: null } : hand,
            ),
          }));
          expect(JSON.parse(shoeDocumentText(records))).toEqual(shoeDocument(records));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('puts each hand on a line of its own, and the rest as JSON.stringify indents it', () => {
    const text = shoeDocumentText(shoes);
    const lines = text.split('\n');
    const handLines = lines.filter((line) => line.startsWith('        {"cards":'));
    expect(handLines).toHaveLength(shoes[0]!.hands.length + shoes[1]!.hands.length);
    expect(handLines[0]).toBe(`        ${JSON.stringify(shoes[0]!.hands[0])},`);
    // Everything but the hands is laid out exactly as two-space JSON.stringify lays it out.
    const withoutHands = shoes.map((shoe) => ({ ...shoe, hands: [] }));
    expect(text.replace(/"hands": \[\n(?: {8}\{.*\n)+ {6}\]/g, '"hands": []')).toBe(JSON.stringify(shoeDocument(withoutHands), null, 2));
    expect(shoeDocumentText([])).toBe(JSON.stringify(shoeDocument([]), null, 2));
    // Under half the size of the fully indented document.
    expect(text.length).toBeLessThan(JSON.stringify(shoeDocument(shoes), null, 2).length / 2);
  });
});

describe('reading a shoe document strictly', () => {
  const document = simulated('strict', 2);

  it('writes the cards back in canonical notation', () => {
    const copy = structuredClone(document);
    copy.shoes[0]!.hands[0]!.cards = copy.shoes[0]!.hands[0]!.cards!.map((card) => card.toLowerCase().replace(/^t/, '10'));
    expect(parseShoeDocument(copy).shoes[0]!.hands[0]!.cards).toEqual(document.shoes[0]!.hands[0]!.cards);
  });

  it('refuses two shoes with the same id', () => {
    expect(errorFor(document, (d) => (d.shoes[1].id = d.shoes[0].id))).toMatch(
      /^shoe 2 .*id: another shoe in the document has the same id/,
    );
  });

  it('takes a seeded shoe only as its seed deals it: in order, all or the first hands, and by its rules', () => {
    const swapped = errorFor(document, (d) => {
      const hands = d.shoes[1].hands;
      [hands[3], hands[4]] = [hands[4], hands[3]];
    });
    expect(swapped).toMatch(/^shoe 2 \(id "simulated:strict#2"\), hand 4: not the hand seed "strict#2" deals by these rules/);
    const begun = structuredClone(document);
    begun.shoes[0]!.hands = begun.shoes[0]!.hands.slice(0, 10);
    begun.shoes[0]!.endedAt = null;
    expect(parseShoeDocument(begun).shoes[0]!.hands).toHaveLength(10);
    expect(errorFor(document, (d) => (d.shoes[0].seed = 'another'))).toMatch(/^shoe 1 .*hand 1: not the hand seed "another" deals/);
    // The last hand the seed deals, changed: a hand that differs, not one past the cut card.
    const last = document.shoes[0]!.hands.length;
    const changedLast = errorFor(document, (d) => {
      // The player's two cards swapped: the same totals, flags and outcome, in another order.
      const { cards } = d.shoes[0].hands[last - 1];
      expect(cards[0]).not.toBe(cards[2]);
      [cards[0], cards[2]] = [cards[2], cards[0]];
    });
    expect(changedLast).toMatch(new RegExp(`^shoe 1 .*hand ${last}: not the hand seed "strict" deals`));
    expect(errorFor(document, (d) => (d.shoes[0].rules.burn = !d.shoes[0].rules.burn))).toMatch(/^shoe 1 .*hand 1: not the hand seed/);
    // A cut card placed deeper ends the seed's shoe sooner: the stated hands run past it.
    const past = errorFor(document, (d) => (d.shoes[0].rules.cutCardFromEnd = 120));
    expect(past).toMatch(/^shoe 1 .*hand (\d+): seed "strict" deals only \d+ hands by these rules \(the cut card came out\)/);
    const [, handNumber, dealtCount] = /hand (\d+): seed "strict" deals only (\d+)/.exec(past)!;
    expect(Number(dealtCount)).toBe(Number(handNumber) - 1);
    expect(Number(dealtCount)).toBeLessThan(document.shoes[0]!.hands.length);
  });

  it('refuses a seed on a recorded shoe', () => {
    expect(errorFor(document, (d) => (d.shoes[0].source = 'recorded'))).toMatch(/^shoe 1 .*seed: a recorded shoe has none/);
  });

  it('refuses a day that is not in the calendar, and reads a leap day', () => {
    expect(errorFor(document, (d) => (d.shoes[0].startedAt = '2026-02-30T10:00:00.000Z'))).toMatch(
      /^shoe 1 .*startedAt: "2026-02-30T10:00:00.000Z" names a day its month does not have/,
    );
    expect(errorFor(document, (d) => (d.shoes[1].endedAt = '2027-04-31T10:00:00Z'))).toMatch(
      /^shoe 2 .*endedAt: .*a day its month does not have/,
    );
    const leap = structuredClone(document);
    leap.shoes[0]!.startedAt = '2028-02-29T10:00:00.000Z';
    leap.shoes[0]!.endedAt = '2028-02-29T11:00:00.000Z';
    // Read as if in 2030: a shoe may not start in the future.
    expect(parseShoeDocument(leap, new Date('2030-01-01T00:00:00Z')).shoes[0]!.startedAt).toBe('2028-02-29T10:00:00.000Z');
    // Year 0 is a leap year in the proleptic calendar (Date.UTC would read it as 1900).
    leap.shoes[0]!.startedAt = '0000-02-29T10:00:00.000Z';
    expect(parseShoeDocument(leap, new Date('2030-01-01T00:00:00Z')).shoes[0]!.startedAt).toBe('0000-02-29T10:00:00.000Z');
  });

  it('refuses a shoe that ends before it starts', () => {
    expect(errorFor(document, (d) => (d.shoes[0].endedAt = '2000-01-01T00:00:00.000Z'))).toMatch(/endedAt: the shoe ends before it starts/);
  });

  it('refuses more copies of a card than the decks hold', () => {
    const message = errorFor(document, (d) => {
      d.shoes[0].rules.decks = 1;
      d.shoes[0].rules.cutCardFromEnd = 14;
      // Player 9H+KD (natural 9) against banker 2C+5S, dealt twice: two 9H from one deck.
      const hand = {
        cards: ['9H', '2C', 'KD', '5S'],
        outcome: 'P',
        playerPair: false,
        bankerPair: false,
        natural: true,
        playerTotal: 9,
        bankerTotal: 7,
      };
      d.shoes[0].hands = [hand, { ...hand }];
    });
    expect(message).toMatch(/hand 2, cards: this 1-deck shoe holds only 1 9H; this is one more/);
  });

  it('refuses more cards of a rank than the decks hold, whether written with their suits or without', () => {
    const message = errorFor(document, (d) => {
      d.shoes[0].rules.decks = 1;
      d.shoes[0].rules.cutCardFromEnd = 14;
      // Four different hands, each with two nines (9 + 9 is 8 for the player): the fifth nine is one too many.
      const hand = (cards: string[]) => ({
        cards,
        outcome: 'P',
        playerPair: true,
        bankerPair: false,
        natural: true,
        playerTotal: 8,
        bankerTotal: 0,
      });
      d.shoes[0].hands = [hand(['9H', 'KC', '9', 'QD']), hand(['9S', 'QC', '9', 'JD']), hand(['9', 'JC', '9', 'KD'])];
    });
    expect(message).toMatch(/^shoe 1 .*hand 3, cards: this 1-deck shoe holds only 4 cards of rank 9; this is one more/);
  });
});

describe('what a refusal carries besides its message', () => {
  const document = simulated('kinds', 2);

  /** The ShoeDocumentError for a changed copy of the document. */
  function refusal(change: (copy: Record<string, any>) => void, from: unknown = document): ShoeDocumentError {
    const copy = structuredClone(from) as Record<string, any>;
    change(copy);
    try {
      parseShoeDocument(copy);
    } catch (error) {
      expect(error).toBeInstanceOf(ShoeDocumentError);
      return error as ShoeDocumentError;
    }
    throw new Error('the changed document was accepted');
  }
  const nowhere: ShoeDocumentPlace = { shoe: null, shoeId: null, hand: null, card: null, field: null };
  const second = { ...nowhere, shoe: 2, shoeId: 'simulated:kinds#2' };
  const first = { ...nowhere, shoe: 1, shoeId: 'simulated:kinds' };

  it('reads a shoe’s number, takes a shoe without one, and refuses a number that is not a positive whole number', () => {
    expect(parseShoeDocument(document).shoes.map((shoe) => shoe.number)).toEqual([1, 2]);
    const older = structuredClone(document) as Record<string, any>;
    delete older.shoes[1].number;
    expect(parseShoeDocument(older).shoes[1]).not.toHaveProperty('number');
    expect(refusal((d) => (d.shoes[1].number = 0))).toMatchObject({
      problem: { kind: 'too-small', least: 1, value: 0 },
      where: { ...second, field: 'number' },
    });
    expect(refusal((d) => (d.shoes[1].number = 1.5)).problem).toEqual({ kind: 'not-whole-number', value: 1.5 });
    expect(refusal((d) => (d.shoes[1].number = '2')).problem).toMatchObject({ kind: 'wrong-type', expected: 'number' });
    expect(refusal((d) => (d.shoes[1].number = null)).problem).toMatchObject({ kind: 'wrong-type', expected: 'number' });
  });

  it('names the shoe with its id, the hand, the card and the field path', () => {
    const wrongType = refusal((d) => (d.shoes[1].hands[4].natural = 'yes'));
    expect(wrongType.where).toEqual({ ...second, hand: 5, field: 'natural' });
    expect(wrongType.problem).toEqual({ kind: 'wrong-type', expected: 'boolean', found: { type: 'string', text: 'yes' } });
    const card = refusal((d) => (d.shoes[0].hands[0].cards[2] = 7));
    expect(card.where).toEqual({ ...first, hand: 1, card: 3, field: null });
    expect(card.problem).toEqual({ kind: 'wrong-type', expected: 'string', found: { type: 'number', value: 7 } });
    const rules = refusal((d) => delete d.shoes[1].rules.decks);
    expect(rules.where).toEqual({ ...second, field: 'rules.decks' });
    expect(rules.problem).toEqual({ kind: 'missing-field' });
    expect(rules.message).toBe('shoe 2 (id "simulated:kinds#2"), rules, decks: this field is missing');
    // A shoe whose id is not text is named by its place alone.
    expect(refusal((d) => (d.shoes[0].id = 12)).where).toEqual({ ...nowhere, shoe: 1, field: 'id' });
  });

  it('tells the schema’s refusals apart: format, choices, lengths, values, timestamps', () => {
    expect(refusal((d) => (d.format = 'other')).problem).toEqual({
      kind: 'wrong-format',
      expected: 'baccarat-shoes',
      found: { type: 'string', text: 'other' },
    });
    expect(refusal((d) => delete d.format).problem).toEqual({ kind: 'missing-field' });
    expect(refusal((d) => (d.shoes[0].hands[1].outcome = 'X')).problem).toEqual({
      kind: 'not-one-of',
      allowed: ['B', 'P', 'T'],
      found: { type: 'string', text: 'X' },
    });
    expect(refusal((d) => (d.shoes[0].source = null)).problem).toEqual({
      kind: 'not-one-of',
      allowed: ['simulated', 'recorded'],
      found: { type: 'null' },
    });
    expect(refusal((d) => (d.shoes[0].hands[1].cards = ['9H', '2C', 'KD'])).problem).toEqual({
      kind: 'too-short',
      least: 4,
      length: 3,
      unit: 'cards',
    });
    expect(refusal((d) => (d.shoes[0].id = '')).problem).toEqual({ kind: 'too-short', least: 1, length: 0, unit: 'characters' });
    expect(refusal((d) => (d.shoes[0].table = 't'.repeat(201))).problem).toEqual({
      kind: 'too-long',
      most: 200,
      length: 201,
      unit: 'characters',
    });
    expect(refusal((d) => (d.shoes[1].hands = Array.from({ length: 201 }, () => d.shoes[1].hands[0]))).problem).toEqual({
      kind: 'too-long',
      most: 200,
      length: 201,
      unit: 'hands',
    });
    expect(refusal((d) => (d.shoes[0].hands[0].playerTotal = 10)).problem).toEqual({ kind: 'too-large', most: 9, value: 10 });
    expect(refusal((d) => (d.shoes[0].hands[0].bankerTotal = -1)).problem).toEqual({ kind: 'too-small', least: 0, value: -1 });
    expect(refusal((d) => (d.shoes[0].hands[0].bankerTotal = 2.5)).problem).toEqual({ kind: 'not-whole-number', value: 2.5 });
    expect(refusal((d) => (d.shoes[0].startedAt = 'yesterday')).problem).toEqual({ kind: 'not-a-timestamp', text: 'yesterday' });
    expect(refusal((d) => (d.shoes[0].endedAt = '2027-04-31T10:00:00Z')).problem).toEqual({
      kind: 'no-such-day',
      text: '2027-04-31T10:00:00Z',
    });
    expect(refusal((d) => (d.shoes = {})).problem).toEqual({ kind: 'wrong-type', expected: 'array', found: { type: 'object' } });
    const root = refusal(() => undefined, 'text');
    expect([root.where, root.problem]).toEqual([
      nowhere,
      { kind: 'wrong-type', expected: 'object', found: { type: 'string', text: 'text' } },
    ]);
  });

  it('gives a version it does not read, newer or not, and the version it reads', () => {
    const newer = refusal((d) => (d.version = 3));
    expect([newer.where, newer.problem]).toEqual([nowhere, { kind: 'newer-version', version: 3, supported: 2 }]);
    expect(refusal((d) => (d.version = 0)).problem).toEqual({ kind: 'unknown-version', version: 0, supported: 2 });
  });

  it('carries the HandError’s own problem for a hand that does not resolve', () => {
    const error = refusal((d) => (d.shoes[1].hands[0].cards = ['9H', '2C', 'KD', '5S', '3H']));
    expect(error.where).toEqual({ ...second, hand: 1, field: 'cards' });
    expect(error.problem).toEqual({
      kind: 'hand-does-not-resolve',
      problem: { kind: 'unexpected-card', card: '3H', because: 'natural', side: 'player', total: 9 },
    });
    expect(refusal((d) => (d.shoes[1].hands[0].cards[1] = 'ZZ')).problem).toEqual({
      kind: 'hand-does-not-resolve',
      problem: { kind: 'unknown-card', position: 2, text: 'ZZ' },
    });
  });

  it('gives the stated and the resolved result of a hand its cards contradict', () => {
    const hand = document.shoes[0]!.hands[2]!;
    const stated = hand.outcome === 'B' ? 'P' : 'B';
    const error = refusal((d) => (d.shoes[0].hands[2].outcome = stated));
    expect(error.where).toEqual({ ...first, hand: 3, field: 'outcome' });
    expect(error.problem).toEqual({ kind: 'outcome-mismatch', cards: hand.cards, field: 'outcome', stated, resolved: hand.outcome });
    const natural = refusal((d) => (d.shoes[0].hands[2].natural = !hand.natural));
    expect(natural.problem).toMatchObject({ kind: 'outcome-mismatch', field: 'natural', stated: !hand.natural, resolved: hand.natural });
    expect(refusal((d) => (d.shoes[0].hands[2].playerTotal = null)).problem).toMatchObject({
      field: 'playerTotal',
      stated: null,
      resolved: hand.playerTotal,
    });
  });

  it('gives the shoe’s own refusals: duplicate id, rules, times, totals without cards, seed', () => {
    expect(refusal((d) => (d.shoes[1].id = d.shoes[0].id)).problem).toEqual({ kind: 'duplicate-id', id: 'simulated:kinds' });
    const rules = refusal((d) => (d.shoes[0].rules.decks = 12));
    expect([rules.where.field, rules.problem]).toEqual([
      'rules',
      { kind: 'bad-rules', problem: { kind: 'setting-out-of-range', setting: 'decks', value: 12 } },
    ]);
    const ends = refusal((d) => (d.shoes[0].endedAt = '2000-01-01T00:00:00.000Z'));
    expect([ends.where.field, ends.problem]).toEqual([
      'endedAt',
      { kind: 'ends-before-start', startedAt: document.shoes[0]!.startedAt, endedAt: '2000-01-01T00:00:00.000Z' },
    ]);
    const totals = refusal((d) => {
      d.shoes[0].seed = null;
      d.shoes[0].hands[3].cards = null;
    });
    expect([totals.where, totals.problem]).toEqual([{ ...first, hand: 4 }, { kind: 'totals-without-cards' }]);
    expect(refusal((d) => (d.shoes[0].source = 'recorded')).problem).toEqual({ kind: 'seed-on-recorded-shoe', seed: 'kinds' });
    const swapped = refusal((d) => {
      const hands = d.shoes[1].hands;
      [hands[3], hands[4]] = [hands[4], hands[3]];
    });
    expect([swapped.where, swapped.problem]).toEqual([
      { ...second, hand: 4 },
      { kind: 'seed-mismatch', seed: 'kinds#2' },
    ]);
    const past = refusal((d) => (d.shoes[0].rules.cutCardFromEnd = 120));
    expect(past.problem).toMatchObject({ kind: 'seed-deals-fewer', seed: 'kinds' });
    expect(past.where.hand).toBe((past.problem as { dealt: number }).dealt + 1);
  });

  it('gives the limit a card or a rank breaks', () => {
    const error = refusal((d) => {
      d.shoes[0].rules.decks = 1;
      d.shoes[0].rules.cutCardFromEnd = 14;
      const hand = {
        cards: ['9H', '2C', 'KD', '5S'],
        outcome: 'P',
        playerPair: false,
        bankerPair: false,
        natural: true,
        playerTotal: 9,
        bankerTotal: 7,
      };
      d.shoes[0].hands = [hand, { ...hand }];
    });
    expect(error.where).toEqual({ ...first, hand: 2, field: 'cards' });
    expect(error.problem).toEqual({ kind: 'too-many-cards', excess: { of: 'card', card: '9H', rank: '9', decks: 1, limit: 1 } });
  });
});

describe('bad input at the import door', () => {
  // The door checks dates against `now`, so the document is built on the same fixed clock.
  const now = new Date('2026-12-01T12:00:00.000Z');
  const document = simulated('door', 1, () => now);

  function refusal(change: (copy: Record<string, any>) => void): ShoeDocumentError {
    const copy = structuredClone(document) as Record<string, any>;
    change(copy);
    try {
      parseShoeDocument(copy, now);
    } catch (error) {
      expect(error).toBeInstanceOf(ShoeDocumentError);
      return error as ShoeDocumentError;
    }
    throw new Error('the changed document was accepted');
  }

  it('refuses a table name that pretends to be another, naming the shoe and the field', () => {
    const reversed = refusal((d) => (d.shoes[0].table = '\u202Eelbat-ynnuf\u202C'));
    expect(reversed.where).toMatchObject({ shoe: 1, shoeId: 'simulated:door', field: 'table' });
    expect(reversed.problem).toEqual({ kind: 'bad-table-name', problem: { kind: 'bidi-control', codePoint: 0x202e, position: 1 } });
    expect(reversed.message).toMatch(/^shoe 1 \(id "simulated:door"\), table: character 1 is U\+202E, which changes the direction/);
    expect(refusal((d) => (d.shoes[0].table = 'Imp\u200Borted')).problem).toMatchObject({ problem: { kind: 'invisible' } });
    expect(refusal((d) => (d.shoes[0].table = 'bad\uD800name')).problem).toMatchObject({ problem: { kind: 'lone-surrogate' } });
    // A variation selector or another default-ignorable character: "T7" and U+FE0F would be a second table "T7".
    for (const character of ['\uFE0F', '\u{E0100}', '\u3164', '\u180B', '\u034F', '\u{E0001}']) {
      const codePoint = character.codePointAt(0)!;
      expect(refusal((d) => (d.shoes[0].table = `T7${character}`)).problem).toEqual({
        kind: 'bad-table-name',
        problem: { kind: 'invisible', codePoint, position: 3 },
      });
    }
    expect(refusal((d) => (d.shoes[0].table = '   ')).problem).toEqual({ kind: 'bad-table-name', problem: { kind: 'empty' } });
  });

  it('stores a table name that normalises in its normal form', () => {
    const copy = structuredClone(document);
    copy.shoes[0]!.table = '  Cafe\u0301\u00A0 7 ';
    expect(parseShoeDocument(copy, now).shoes[0]!.table).toBe('Café 7');
  });

  it('refuses a start or an end more than a day after now, and takes one within the day', () => {
    const year9999 = refusal((d) => (d.shoes[0].startedAt = '9999-01-01T00:00:00.000Z'));
    expect(year9999.where).toMatchObject({ shoe: 1, field: 'startedAt' });
    expect(year9999.problem).toEqual({ kind: 'in-the-future', text: '9999-01-01T00:00:00.000Z' });
    expect(year9999.message).toMatch(/startedAt: "9999-01-01T00:00:00.000Z" is more than a day from now/);
    const late = refusal((d) => {
      d.shoes[0].startedAt = '2026-12-01T00:00:00.000Z';
      d.shoes[0].endedAt = '2026-12-02T12:00:01.000Z';
    });
    expect(late.where.field).toBe('endedAt');
    const copy = structuredClone(document);
    copy.shoes[0]!.startedAt = '2026-12-02T11:00:00.000Z';
    copy.shoes[0]!.endedAt = '2026-12-02T12:00:00.000Z';
    expect(parseShoeDocument(copy, now).shoes).toHaveLength(1);
  });

  it('quotes at most a short excerpt of a huge value in its message', () => {
    const huge = 'x'.repeat(1_000_000);
    const messages = [
      refusal((d) => (d.shoes[0].id = huge)).message,
      refusal((d) => {
        d.shoes[0].id = huge;
        d.shoes[0].hands[0].outcome = 'X';
      }).message,
      refusal((d) => (d.shoes[0].hands[0].outcome = huge)).message,
      refusal((d) => (d.shoes[0].startedAt = huge)).message,
      refusal((d) => (d.shoes[0].hands[0].cards[0] = huge)).message,
      refusal((d) => (d.format = huge)).message,
      refusal((d) => (d.shoes[0].table = huge)).message,
    ];
    for (const message of messages) expect(message.length, message.slice(0, 300)).toBeLessThan(300);
    expect(messages[1]).toContain(`(id "${'x'.repeat(40)}…")`);
  });

  it('says what is wrong in plain words, not the schema’s', () => {
    expect(refusal((d) => delete d.format).message).toBe('format: this field is missing');
    expect(refusal((d) => (d.shoes[0].hands[0].natural = 'yes')).message).toMatch(/natural: must be true or false, not "yes"$/);
    expect(refusal((d) => (d.shoes[0].hands[0].outcome = 'X')).message).toMatch(/outcome: must be "B", "P" or "T", not "X"$/);
    expect(refusal((d) => (d.shoes[0].hands[0].playerTotal = 12)).message).toMatch(/playerTotal: must be at most 9, not 12$/);
    expect(refusal((d) => (d.shoes[0].hands[0].cards = ['9H'])).message).toMatch(/cards: must have at least 4 cards; it has 1$/);
    expect(refusal((d) => (d.shoes[0].id = '')).message).toMatch(/id: must have at least 1 characters; it has 0$|id: must not be empty$/);
    for (const change of [(d: Record<string, any>) => delete d.format, (d: Record<string, any>) => (d.shoes = 'x')])
      expect(refusal(change).message).not.toMatch(/Invalid|Expected|received/);
  });
});
