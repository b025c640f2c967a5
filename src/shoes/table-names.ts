/**
 * Table names, whichever door they come in by (the URL, an import, a console): one normal form, so
 * two names that look alike are one name and a name cannot pretend to be another. DOM-free. The
 * core reports why it refuses a name as a kind; the page words it.
 */

/**
 * The longest table name, in characters (code points: 迷 is one, as is A): the longest the kiosk's
 * URL has ever taken, so every shoe it stored can be imported again.
 */
export const MAX_TABLE_NAME_LENGTH = 60;

/** How many characters of a value a message quotes (see `excerpt`). */
export const EXCERPT_LENGTH = 40;

/** Why a table name cannot be used: `position` counts characters of the name as given, from 1. */
export type NameProblem =
  | { kind: 'empty' }
  | { kind: 'too-long'; most: number; length: number }
  /** A character that turns or marks the direction of the text (U+202E shows "elbat" as "table"). */
  | { kind: 'bidi-control'; codePoint: number; position: number }
  /**
   * A character that shows as nothing: a format or default-ignorable one (zero-width spaces and
   * joiners, U+2060, U+FEFF, soft hyphen, Hangul fillers, variation selectors, tags).
   */
  | { kind: 'invisible'; codePoint: number; position: number }
  /** A control character other than white space (which is collapsed to one space). */
  | { kind: 'control'; codePoint: number; position: number }
  /** Half of a UTF-16 surrogate pair on its own: not a character at all (shown as �). */
  | { kind: 'lone-surrogate'; codeUnit: number; position: number }
  /** U+FFFD, the replacement character: what bytes that were not text became (a bad URL, a damaged file), not a name. */
  | { kind: 'replacement-character'; position: number }
  /**
   * A combining mark (an accent, a vowel sign) with no letter to sit on: at the start of the name
   * or of a word, so a name of marks alone is refused. `position` is the character it belongs to.
   */
  | { kind: 'stray-mark'; codePoint: number; position: number };

/** A name's problem with one of its characters (every kind but its length). */
export type CharacterProblem = Exclude<NameProblem, { kind: 'empty' | 'too-long' }>;

/** A table name normalised, or why it cannot be. */
export type NameResult = { ok: true; name: string } | { ok: false; problem: NameProblem };

/** Bidi controls: the embeddings and overrides, the isolates, the marks (LRM, RLM, ALM). */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/u;
/**
 * Characters that show as nothing or change how others show: every format character (Cf: the
 * zero-width space, joiners, U+2060, U+FEFF, soft hyphen…) and every default-ignorable one (Unicode's
 * Default_Ignorable_Code_Point: Hangul fillers U+115F, U+1160, U+3164, U+FFA0, Mongolian selectors
 * U+180B–180F, U+034F, U+17B4–17B5, tags U+E0000–E0FFF, and the variation selectors U+FE00–FE0F and
 * U+E0100–E01EF: T7 with U+FE0F reads as T7, so it would be a second table that looks like the first),
 * and two that are neither but draw as blank: U+2800 (Braille blank) and U+FFFC (object replacement).
 */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}\u2800\uFFFC]/u;
/** Unicode's White_Space: tabs, line breaks, no-break and ideographic spaces; collapsed to one space. */
const WHITE_SPACE = /\p{White_Space}/u;
const WHITE_SPACE_RUNS = /\p{White_Space}+/gu;
const CONTROL = /\p{Cc}/u;
const MARK = /\p{M}/u;
const REPLACEMENT_CHARACTER = 0xfffd;

/**
 * A table name in its one form: Unicode NFKC, white space trimmed and each run of it one space, at
 * most MAX_TABLE_NAME_LENGTH characters; refused when it holds a bidi control, an invisible or a
 * control character, a lone surrogate, the replacement character U+FFFD or a combining mark with no
 * letter before it, or is empty.
 * @example normaliseTableName('  Table\u00A0 7 ') // { ok: true, name: 'Table 7' }
 * @example normaliseTableName('Ｔ７') // { ok: true, name: 'T7' }
 * @example normaliseTableName('\u202Eelbat\u202C').ok // false (bidi-control at 1)
 */
export function normaliseTableName(text: string): NameResult {
  return normaliseFreeText(text, MAX_TABLE_NAME_LENGTH);
}

/**
 * Free text shown on screen beside the table's name (the kiosk's `limits=`), cleaned as a table name
 * is: NFKC, white space trimmed and collapsed, at most `most` characters, and refused for the same
 * characters, so a URL cannot turn the header around or hide text in it.
 * @example normaliseFreeText(' 10 –  1,000 ', 60) // { ok: true, name: '10 – 1,000' }
 */
export function normaliseFreeText(text: string, most: number): NameResult {
  const refused = refusedCharacter(text) ?? strayMark(text);
  if (refused) return { ok: false, problem: refused };
  // NFKC, not NFC: a table is known by how its name reads, so fullwidth Ｔ７ (a Chinese keyboard's) is the table T7.
  const name = text.normalize('NFKC').replace(WHITE_SPACE_RUNS, ' ').trim().normalize('NFKC');
  if (name === '') return { ok: false, problem: { kind: 'empty' } };
  const length = characterCount(name);
  if (length > most) return { ok: false, problem: { kind: 'too-long', most, length } };
  return { ok: true, name };
}

/** The first character of `text` a name may not hold, as a problem; null when there is none. */
function refusedCharacter(text: string): NameProblem | null {
  let position = 0;
  for (const character of text) {
    position++;
    const codePoint = character.codePointAt(0)!;
    if (codePoint >= 0xd800 && codePoint <= 0xdfff) return { kind: 'lone-surrogate', codeUnit: codePoint, position };
    if (BIDI_CONTROL.test(character)) return { kind: 'bidi-control', codePoint, position };
    if (INVISIBLE.test(character)) return { kind: 'invisible', codePoint, position };
    if (CONTROL.test(character) && !WHITE_SPACE.test(character)) return { kind: 'control', codePoint, position };
    if (codePoint === REPLACEMENT_CHARACTER) return { kind: 'replacement-character', position };
  }
  return null;
}

/**
 * The first combining mark of `text` with no letter to sit on, as the name will read (each
 * character in its NFKC form: ´ is a space and an accent): at the start, or after white space.
 */
function strayMark(text: string): NameProblem | null {
  let position = 0;
  let before: string | null = null;
  for (const character of text) {
    position++;
    for (const part of character.normalize('NFKC')) {
      if (MARK.test(part) && (before === null || WHITE_SPACE.test(before)))
        return { kind: 'stray-mark', codePoint: part.codePointAt(0)!, position };
      before = part;
    }
  }
  return null;
}

/** Characters (code points) in a text: 1 for 迷, 1 for 😀. */
export function characterCount(text: string): number {
  return Array.from(text).length;
}

/**
 * A code point as Unicode writes it.
 * @example codePointText(0x202e) // 'U+202E'
 */
export function codePointText(codePoint: number): string {
  return `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * A value short and safe to quote in a message: at most `length` characters, then "…"; a character
 * a name may not hold, and any other control, written as <U+202E> instead of being let loose in
 * the message (a bidi override would turn the rest of the line around).
 * @example excerpt('x'.repeat(1_000_000)) // 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…'
 */
export function excerpt(text: string, length = EXCERPT_LENGTH): string {
  let shown = '';
  let count = 0;
  for (const character of text) {
    if (count === length) return `${shown}…`;
    count++;
    shown += refusedCharacter(character) || CONTROL.test(character) ? `<${codePointText(character.codePointAt(0)!)}>` : character;
  }
  return shown;
}

/**
 * Why a table name is refused, in English, for logs and the command line (a page words the problem itself).
 * @example nameProblemLogText({ kind: 'too-long', most: 60, length: 3000 }) // 'a table name may be at most 60 characters; this one has 3000'
 */
export function nameProblemLogText(problem: NameProblem): string {
  switch (problem.kind) {
    case 'empty':
      return 'a table name needs at least one character other than white space';
    case 'too-long':
      return `a table name may be at most ${problem.most} characters; this one has ${problem.length}`;
    case 'bidi-control':
      return `character ${problem.position} is ${codePointText(problem.codePoint)}, which changes the direction of the text around it; a table name may not hold one`;
    case 'invisible':
      return `character ${problem.position} is ${codePointText(problem.codePoint)}, which shows as nothing; a table name may not hold one`;
    case 'control':
      return `character ${problem.position} is the control character ${codePointText(problem.codePoint)}; a table name may not hold one`;
    case 'lone-surrogate':
      return `character ${problem.position} is ${codePointText(problem.codeUnit)}, half of a character without its other half; a table name may not hold one`;
    case 'replacement-character':
      return `character ${problem.position} is U+FFFD, which stands for bytes that were not text; a table name may not hold one`;
    case 'stray-mark':
      return `character ${problem.position} is the combining mark ${codePointText(problem.codePoint)} with no letter before it; a table name may not start a word with one`;
  }
}
