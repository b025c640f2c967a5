import { describe, expect, it } from 'vitest';
import {
  handProblemText,
  nameProblemText,
  rulesProblemText,
  shoeDocumentErrorText,
} from '../../../../components/app/history/import-words.js';
import { nameProblemLogText, normaliseTableName, type NameProblem } from '../../../../src/shoes/table-names.js';
import { handProblemLogText, resolveCompleteHand, HandError } from '../../../../src/game/hand.js';
import { makeRules, rulesProblemLogText, RulesError, type TableRules } from '../../../../src/game/rules.js';
import {
  parseShoeDocument,
  shoeDocument,
  simulateShoeRecords,
  ShoeDocumentError,
  type ShoeDocumentProblem,
} from '../../../../src/shoes/document.js';

type Document = { format: unknown; version: unknown; shoes: Record<string, unknown>[] };

const document = JSON.parse(JSON.stringify(shoeDocument(simulateShoeRecords({ shoes: 2, seed: 'words' })))) as Document;

/** The ShoeDocumentError for a changed copy of the document, or null when the copy is accepted. */
function refusal(change: (copy: Document) => void): ShoeDocumentError | null {
  const copy = structuredClone(document);
  change(copy);
  try {
    parseShoeDocument(copy);
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(ShoeDocumentError);
    return error as ShoeDocumentError;
  }
}

/** Sets (or, with undefined, deletes) the value at `path` inside `target`. */
function put(target: unknown, path: readonly (string | number)[], value: unknown): void {
  let parent = target as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  if (value === undefined) delete parent[last];
  else parent[last] = value;
}

/** Every field of the document, a shoe, its rules, a hand and its cards, each given values of every JSON type and range. */
function hostileDocuments(): ShoeDocumentError[] {
  const values: unknown[] = [
    undefined,
    null,
    '',
    'x',
    'yesterday',
    '2026-02-30T10:00:00.000Z',
    '2000-01-01T00:00:00Z',
    'B',
    'recorded',
    'half',
  ];
  values.push(
    -1,
    0,
    1.5,
    2,
    9,
    10,
    12,
    14,
    120,
    400,
    true,
    false,
    [],
    {},
    ['9H', '2C', 'KD'],
    ['9H', '2C', 'KD', '5S', '3H', '4D', '5C'],
    'y'.repeat(201),
    '9999-01-01T00:00:00.000Z',
    '\u202Etable',
    'z'.repeat(1_000_000),
  );
  const paths: (string | number)[][] = [['format'], ['version'], ['shoes'], ['shoes', 0], ['shoes', 1, 'hands', 3]];
  for (const field of ['id', 'table', 'source', 'seed', 'startedAt', 'endedAt', 'rules', 'hands']) paths.push(['shoes', 1, field]);
  for (const setting of ['decks', 'banker', 'tiePays', 'commission', 'pairPays', 'dragonBonus', 'burn', 'cutCardFromEnd', 'handsAfterCut'])
    paths.push(['shoes', 0, 'rules', setting]);
  for (const field of ['cards', 'outcome', 'playerPair', 'bankerPair', 'natural', 'playerTotal', 'bankerTotal'])
    paths.push(['shoes', 1, 'hands', 3, field]);
  for (let card = 0; card < 6; card++) paths.push(['shoes', 0, 'hands', 2, 'cards', card]);
  const errors = paths.flatMap((path) => values.map((value) => refusal((copy) => put(copy, path, value))));
  errors.push(
    refusal((copy) => (copy.shoes[1]!.id = copy.shoes[0]!.id)),
    refusal((copy) => (copy.shoes[0]!.hands = Array.from({ length: 201 }, () => (copy.shoes[0]!.hands as unknown[])[0]))),
    refusal((copy) => {
      const hands = copy.shoes[1]!.hands as unknown[];
      [hands[3], hands[4]] = [hands[4], hands[3]];
    }),
    refusal((copy) => {
      copy.shoes[0]!.seed = null;
      put(copy, ['shoes', 0, 'hands', 0, 'cards'], null);
    }),
    refusal((copy) => {
      // Recorded on one deck: the same 9H twice is one too many.
      Object.assign(copy.shoes[0]!, { source: 'recorded', seed: null });
      Object.assign(copy.shoes[0]!.rules as object, { decks: 1, cutCardFromEnd: 14 });
      const hand = {
        cards: ['9H', '2C', 'KD', '5S'],
        outcome: 'P',
        playerPair: false,
        bankerPair: false,
        natural: true,
        playerTotal: 9,
        bankerTotal: 7,
      };
      copy.shoes[0]!.hands = [hand, hand];
    }),
  );
  return errors.filter((error) => error !== null);
}

describe('import-words (English)', () => {
  const errors = hostileDocuments();

  it('words every refusal of a hostile document exactly as its own message, which the CLI prints', () => {
    expect(errors.length).toBeGreaterThan(500);
    for (const error of errors) expect(shoeDocumentErrorText(error), error.message).toBe(error.message);
  });

  it('meets every kind of refusal a JSON document can earn among them', () => {
    const kinds = new Set(errors.map((error) => error.problem.kind));
    const all: ShoeDocumentProblem['kind'][] = [
      'missing-field',
      'wrong-type',
      'wrong-format',
      'not-one-of',
      'too-short',
      'too-long',
      'too-small',
      'too-large',
      'not-whole-number',
      'not-a-timestamp',
      'no-such-day',
      'bad-table-name',
      'in-the-future',
      'newer-version',
      'unknown-version',
      'duplicate-id',
      'bad-rules',
      'ends-before-start',
      'totals-without-cards',
      'hand-does-not-resolve',
      'outcome-mismatch',
      'too-many-cards',
      'seed-on-recorded-shoe',
      'seed-mismatch',
      'seed-deals-fewer',
    ];
    expect([...kinds].sort()).toEqual([...all].sort());
  });

  it('words every hand problem and every rules setting as its error does', () => {
    const hands = [
      ['9H', '2C', 'KD', '5S', '3H'],
      ['2H', '8C', '3D', 'KS', '4H'],
      ['3H', '3C', '4D', '4S', '5H'],
      ['3H', '2C', '3D', 'KS', '5H', '6C'],
    ];
    hands.push(
      ['AH', '3C', '2D', 'KS', '8H', '2C'],
      ['2H', '3C', '3D', 'KS', '4H', '6C', '7C'],
      ['2H', 'xx'],
      ['3H', '2C'],
      ['3H', '2C', '4D', '3S'],
    );
    const problems = hands.map((cards) => {
      try {
        resolveCompleteHand(cards);
      } catch (error) {
        return (error as HandError).problem;
      }
      throw new Error(`${cards.join(' ')} resolved`);
    });
    problems.push({ kind: 'not-a-list' });
    // Each a different problem: every kind, and every reason a card is unexpected (a natural on either side).
    const different = new Set(
      problems.map((problem) => ('because' in problem ? `${problem.because} ${'side' in problem ? problem.side : ''}` : problem.kind)),
    );
    expect(different.size).toBe(problems.length);
    for (const problem of problems) expect(handProblemText(problem)).toBe(handProblemLogText(problem));

    const settings: Partial<Record<keyof TableRules, unknown>>[] = [
      { decks: 0 },
      { banker: 'x' },
      { commission: -1 },
      { tiePays: 1 },
      { pairPays: 0 },
    ];
    settings.push({ dragonBonus: null }, { burn: 1 }, { handsAfterCut: true }, { cutCardFromEnd: 2 });
    for (const overrides of settings) {
      const problem = (() => {
        try {
          makeRules(overrides as Partial<TableRules>);
        } catch (error) {
          return (error as RulesError).problem;
        }
        throw new Error(`${JSON.stringify(overrides)} accepted`);
      })();
      expect(rulesProblemText(problem)).toBe(rulesProblemLogText(problem));
    }
  });

  it('says in plain words that a value is not valid for a check it has no kind for, leaving the schema’s English to the log', () => {
    const error = new ShoeDocumentError(
      { kind: 'invalid', detail: 'Invalid email: Received "x"' },
      { shoe: 1, shoeId: 'a', hand: null, card: null, field: 'table' },
    );
    expect(shoeDocumentErrorText(error)).toBe('shoe 1 (id "a"), table: this value is not valid here');
    expect(error.message).toBe('shoe 1 (id "a"), table: this value is not valid here (Invalid email: Received "x")');
  });

  it('says what is wrong in plain words, never in the schema’s (“Invalid key: Expected …”)', () => {
    for (const error of errors)
      expect(shoeDocumentErrorText(error)).not.toMatch(/Invalid (key|type|length|value|integer|timestamp|date)|Expected|received/);
    const missing = refusal((copy) => put(copy, ['format'], undefined))!;
    expect(shoeDocumentErrorText(missing)).toBe('format: this field is missing');
  });

  it('quotes at most a short excerpt of a million-character value', () => {
    const huge = 'z'.repeat(1_000_000);
    const hostile = errors.filter((error) => error.message.includes('z'.repeat(40)));
    expect(hostile.length).toBeGreaterThan(5);
    for (const error of hostile) {
      expect(shoeDocumentErrorText(error).length).toBeLessThan(300);
      expect(shoeDocumentErrorText(error)).toContain(`${'z'.repeat(40)}…`);
    }
    const id = refusal((copy) => put(copy, ['shoes', 0, 'id'], huge))!;
    expect(shoeDocumentErrorText(id)).toBe(`shoe 1 (id "${'z'.repeat(40)}…"), id: may have at most 200 characters; it has 1000000`);
  });

  it('writes a card holding a bidi override by its code point, never letting it turn the message around', () => {
    const error = refusal((copy) => put(copy, ['shoes', 0, 'hands', 2, 'cards', 0], '\u202E9h'))!;
    expect(error.problem.kind).toBe('hand-does-not-resolve');
    expect(shoeDocumentErrorText(error)).toContain('unknown card "<U+202E>9h"');
    expect(shoeDocumentErrorText(error)).not.toContain('\u202E');
  });

  it('words every reason a table name is refused as its log text does', () => {
    const problems: NameProblem[] = ['', 'x'.repeat(61), '\u202Ea', 'a\u200B', 'a\u0007', 'a\uD800'].map((text) => {
      const result = normaliseTableName(text);
      if (result.ok) throw new Error(`${text} accepted`);
      return result.problem;
    });
    expect(new Set(problems.map((problem) => problem.kind)).size).toBe(6);
    for (const problem of problems) expect(nameProblemText(problem)).toBe(nameProblemLogText(problem));
  });
});
