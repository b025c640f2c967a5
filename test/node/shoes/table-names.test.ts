import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { characterCount, excerpt, MAX_TABLE_NAME_LENGTH, normaliseTableName, type NameResult } from '../../../src/shoes/table-names.js';

/**
 * Default-ignorable code points (Unicode's Default_Ignorable_Code_Point), written out here rather
 * than taken from a pattern: variation selectors (T7 with U+FE0F looks like T7), Hangul
 * fillers, Mongolian selectors, the grapheme joiner, Khmer inherent vowels, tags, the reserved ones.
 */
const DEFAULT_IGNORABLE_SAMPLES = [
  ...['\uFE00', '\uFE0E', '\uFE0F', '\u{E0100}', '\u{E01EF}'],
  ...['\u115F', '\u1160', '\u3164', '\uFFA0'],
  ...['\u180B', '\u180C', '\u180D', '\u180E', '\u180F', '\u034F', '\u17B4', '\u17B5'],
  ...['\u{E0000}', '\u{E0001}', '\u{E0020}', '\u{E007F}', '\u{E0080}', '\u{E0FFF}'],
  ...['\u2065', '\uFFF0', '\uFFF8', '\u{1BCA0}', '\u{1D173}'],
];

/** Every character a name may not hold, as the tests know them (independently of the module's patterns). */
const REFUSED = [
  ...['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F'],
  ...['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u00AD', '\u3164'],
  ...DEFAULT_IGNORABLE_SAMPLES,
  ...['\u0000', '\u0007', '\u001B', '\u007F', '\u0090'],
  ...['\uD800', '\uDBFF', '\uDC00', '\uDFFF'],
  '\uFFFD',
];

/** Combining marks, which a name may hold only after a letter. */
const MARKS = ['\u0301', '\u0308', '\u064B', '\u0E31', '\u20DD', '\u3099'];

/** Whether text holds a refused character, character by character (a pair's halves together are one character, not two halves). */
function holdsRefused(text: string): boolean {
  return Array.from(text).some((character) => REFUSED.includes(character));
}

function name(result: NameResult): string {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.problem)}`);
  return result.name;
}

/** Text of any characters, weighted towards the ones names get wrong: spaces, marks, controls, halves of pairs. */
const hostileText = fc
  .array(
    fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 3 }),
      fc.string({ unit: 'binary', maxLength: 3 }),
      fc.constantFrom(
        ...REFUSED,
        ...MARKS,
        ' ',
        '\t',
        '\n',
        '\u00A0',
        '\u3000',
        'e\u0301',
        'Å',
        'A\u030A',
        '\uFE0F',
        '迷',
        'Ｔ',
        '７',
        'ﬁ',
        '´',
        '①',
      ),
    ),
    { maxLength: 20 },
  )
  .map((parts) => parts.join(''));

/** Whether a combining mark starts the text or one of its words: it has no letter to sit on. */
function startsWithMark(text: string): boolean {
  return /(^|\s)\p{M}/u.test(text);
}

/** Pairs that look alike (or read alike) and so are one table. */
const LOOK_ALIKE: [string, string][] = [
  ['Ｔ７', 'T7'],
  ['Ｔａｂｌｅ\u3000７', 'Table 7'],
  ['Cafe\u0301', 'Café'],
  ['ﬁve', 'five'],
  ['Table ①', 'Table 1'],
  ['Ａ\u030A', 'Å'],
  ['ﾊﾞｶﾗ', 'バカラ'],
];

describe('normaliseTableName', () => {
  it('gives names that look alike one form: fullwidth, ligatures, decomposed accents (NFKC)', () => {
    for (const [one, other] of LOOK_ALIKE) {
      expect(name(normaliseTableName(one)), `${one} and ${other}`).toBe(name(normaliseTableName(other)));
      expect(name(normaliseTableName(one))).toBe(other.normalize('NFKC'));
    }
  });

  it('refuses U+FFFD, which stands for bytes that were not text (a bad URL escape, a damaged import)', () => {
    const fromBadBytes = new TextDecoder().decode(new Uint8Array([0x54, 0xff, 0x37]));
    expect(fromBadBytes).toBe('T\uFFFD7');
    expect(normaliseTableName(fromBadBytes)).toEqual({ ok: false, problem: { kind: 'replacement-character', position: 2 } });
    expect(normaliseTableName('\uFFFD')).toMatchObject({ ok: false, problem: { kind: 'replacement-character' } });
  });

  it('refuses a name of combining marks alone, or one starting (or a word starting) with a mark', () => {
    expect(normaliseTableName('\u0301\u0301\u0301')).toEqual({ ok: false, problem: { kind: 'stray-mark', codePoint: 0x301, position: 1 } });
    expect(normaliseTableName('\u0308Table')).toMatchObject({ ok: false, problem: { kind: 'stray-mark', codePoint: 0x308 } });
    expect(normaliseTableName('  \u0301T7')).toEqual({ ok: false, problem: { kind: 'stray-mark', codePoint: 0x301, position: 3 } });
    expect(normaliseTableName('T7 \u20DD')).toMatchObject({ ok: false, problem: { kind: 'stray-mark', position: 4 } });
    // ´ reads as a space and an accent (its NFKC form): the accent has no letter.
    expect(normaliseTableName('T7´')).toMatchObject({ ok: false, problem: { kind: 'stray-mark', codePoint: 0x301, position: 3 } });
    // After a letter a mark is part of the name.
    expect(name(normaliseTableName('Cafe\u0301 7'))).toBe('Café 7');
    expect(name(normaliseTableName('สามสิบ'))).toBe('สามสิบ');
  });

  it('trims and collapses white space, and composes to NFC', () => {
    expect(name(normaliseTableName('  Table\u00A0\u3000 7\t\n'))).toBe('Table 7');
    expect(name(normaliseTableName('Cafe\u0301'))).toBe('Café');
    expect(name(normaliseTableName('Café'))).toBe(name(normaliseTableName('Cafe\u0301')));
    expect(name(normaliseTableName('迷你百家乐 ☎'))).toBe('迷你百家乐 ☎');
  });

  it('refuses a name that pretends to be another: a bidi override, zero-width variants, a lone surrogate', () => {
    expect(normaliseTableName('\u202Eelbat-ynnuf\u202C')).toEqual({
      ok: false,
      problem: { kind: 'bidi-control', codePoint: 0x202e, position: 1 },
    });
    expect(normaliseTableName('Imp\u200Borted')).toEqual({ ok: false, problem: { kind: 'invisible', codePoint: 0x200b, position: 4 } });
    expect(normaliseTableName('Imported\uFEFF')).toMatchObject({ ok: false, problem: { kind: 'invisible', codePoint: 0xfeff } });
    expect(normaliseTableName('Im\u2060ported')).toMatchObject({ ok: false, problem: { kind: 'invisible' } });
    expect(normaliseTableName('bad\uD800name')).toEqual({ ok: false, problem: { kind: 'lone-surrogate', codeUnit: 0xd800, position: 4 } });
    expect(normaliseTableName('bell\u0007')).toMatchObject({ ok: false, problem: { kind: 'control', codePoint: 7 } });
  });

  it('refuses the blanks that are not default-ignorable: Braille blank U+2800 and object replacement U+FFFC', () => {
    expect(normaliseTableName('T7\u2800')).toEqual({ ok: false, problem: { kind: 'invisible', codePoint: 0x2800, position: 3 } });
    expect(normaliseTableName('T\uFFFC7')).toEqual({ ok: false, problem: { kind: 'invisible', codePoint: 0xfffc, position: 2 } });
  });

  it('refuses a look-alike made with a variation selector: T7 and U+FE0F is not a second table "T7"', () => {
    expect(normaliseTableName('T7\uFE0F')).toEqual({ ok: false, problem: { kind: 'invisible', codePoint: 0xfe0f, position: 3 } });
    expect(normaliseTableName(decodeURIComponent('T7%EF%B8%8F'))).toMatchObject({ ok: false, problem: { kind: 'invisible' } });
    expect(normaliseTableName('\u{E0100}T7')).toEqual({ ok: false, problem: { kind: 'invisible', codePoint: 0xe0100, position: 1 } });
    expect(normaliseTableName('迷你百家乐 ☎\uFE0F')).toMatchObject({ ok: false, problem: { kind: 'invisible', codePoint: 0xfe0f } });
  });

  it('refuses every default-ignorable code point as invisible, wherever it stands', () => {
    for (const character of DEFAULT_IGNORABLE_SAMPLES) {
      const codePoint = character.codePointAt(0)!;
      for (const text of [`T7${character}`, `${character}T7`, `T${character}7`]) {
        const result = normaliseTableName(text);
        expect(result, `${codePoint.toString(16)} in ${JSON.stringify(text)}`).toMatchObject({ ok: false, problem: { codePoint } });
        expect(['invisible', 'bidi-control']).toContain(!result.ok && result.problem.kind);
      }
    }
  });

  it('never accepts a name holding a default-ignorable code point (any of them, anywhere)', () => {
    const defaultIgnorable = fc.oneof(
      fc.constantFrom(...DEFAULT_IGNORABLE_SAMPLES),
      fc.integer({ min: 0xfe00, max: 0xfe0f }).map((codePoint) => String.fromCodePoint(codePoint)),
      fc.integer({ min: 0xe0000, max: 0xe0fff }).map((codePoint) => String.fromCodePoint(codePoint)),
      fc.integer({ min: 0, max: 0x10ffff }).map((codePoint) => String.fromCodePoint(codePoint)),
    );
    const text = fc
      .array(fc.oneof(fc.string({ unit: 'grapheme', maxLength: 3 }), defaultIgnorable, fc.constantFrom('T', '7', ' ', '☎', '迷')), {
        maxLength: 12,
      })
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, (candidate) => {
        const result = normaliseTableName(candidate);
        if (/\p{Default_Ignorable_Code_Point}/u.test(candidate)) expect(result.ok).toBe(false);
        if (result.ok) expect(result.name).not.toMatch(/\p{Default_Ignorable_Code_Point}/u);
      }),
      { numRuns: 3000 },
    );
  });

  it('refuses an empty name and one over the limit, never cutting it short (two long names never become one)', () => {
    expect(normaliseTableName(' \t ')).toEqual({ ok: false, problem: { kind: 'empty' } });
    expect(name(normaliseTableName('迷'.repeat(MAX_TABLE_NAME_LENGTH)))).toHaveLength(MAX_TABLE_NAME_LENGTH);
    const long = 'x'.repeat(3000);
    expect(normaliseTableName(`${long}a`)).toEqual({ ok: false, problem: { kind: 'too-long', most: MAX_TABLE_NAME_LENGTH, length: 3001 } });
    expect(normaliseTableName(`${long}b`).ok).toBe(false);
  });

  it('is idempotent: a normal name is its own normal form', () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const result = normaliseTableName(text);
        if (result.ok) expect(normaliseTableName(result.name)).toEqual(result);
      }),
      { numRuns: 2000 },
    );
  });

  it('never gives a name holding a refused character, runs of white space, or more than the limit', () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const result = normaliseTableName(text);
        if (!result.ok) return;
        expect(holdsRefused(result.name)).toBe(false);
        expect(result.name).not.toMatch(/^\s|\s$|\s\s|[\t\n\r]/);
        expect(result.name).not.toBe('');
        expect(characterCount(result.name)).toBeLessThanOrEqual(MAX_TABLE_NAME_LENGTH);
      }),
      { numRuns: 2000 },
    );
  });

  it('gives NFKC, and refuses exactly the texts that hold a refused character (or are empty or too long)', () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const result = normaliseTableName(text);
        if (result.ok) expect(result.name).toBe(result.name.normalize('NFKC'));
        if (result.ok) expect(startsWithMark(result.name)).toBe(false);
        if (holdsRefused(text)) expect(result.ok).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it('gives texts that look alike one name: the fullwidth, compatibility or decomposed form of a name is the name', () => {
    const plain = fc.string({ unit: fc.constantFrom(...'ABCTabt0179 -迷你'), minLength: 1, maxLength: 20 });
    const fullwidth = (text: string): string =>
      text.replace(/[!-~]/g, (character) => String.fromCodePoint(character.codePointAt(0)! + 0xfee0)).replace(/ /g, '\u3000');
    fc.assert(
      fc.property(plain, (text) => {
        const result = normaliseTableName(text);
        expect(normaliseTableName(fullwidth(text))).toEqual(result);
        expect(normaliseTableName(text.normalize('NFD'))).toEqual(result);
      }),
      { numRuns: 500 },
    );
  });
});

describe('excerpt', () => {
  it('quotes at most 40 characters of a long value, then an ellipsis', () => {
    expect(excerpt('x'.repeat(1_000_000))).toBe(`${'x'.repeat(40)}…`);
    expect(excerpt('short')).toBe('short');
    expect(excerpt('😀'.repeat(50))).toBe(`${'😀'.repeat(40)}…`);
  });

  it('writes a character that would turn or hide the message as its code point', () => {
    expect(excerpt('\u202Eelbat\u202C')).toBe('<U+202E>elbat<U+202C>');
    expect(excerpt('bad\uD800name')).toBe('bad<U+D800>name');
    expect(excerpt('a\nb')).toBe('a<U+000A>b');
  });
});
