/**
 * What can be wrong with a shoe export document, and where: the problems parseShoeDocument
 * refuses a document with, as kinds and values for a page to word, and in English for logs and
 * the command line.
 */
import { cardExcessLogText, type CardExcess } from '../game/cards.js';
import { handProblemLogText, type HandProblem, type Winner } from '../game/hand.js';
import { rulesProblemLogText, type RulesProblem } from '../game/rules.js';
import { SHOE_DOCUMENT_FORMAT } from './records.js';
import { excerpt, nameProblemLogText, type NameProblem } from './table-names.js';

/**
 * Where in a shoe document a problem lies: each part null when the problem is not inside one (a
 * problem with the version is the whole document's; a shoe's `rules` are the shoe's field).
 */
export interface ShoeDocumentPlace {
  /** The shoe's position in the document, from 1. */
  shoe: number | null;
  /** That shoe's id, when the document gives it as text. */
  shoeId: string | null;
  /** The hand's position in its shoe, from 1. */
  hand: number | null;
  /** The card's position in its hand, from 1. */
  card: number | null;
  /** The field as the document spells it, a dot between levels: `outcome`, `startedAt`, `rules.decks`. */
  field: string | null;
  /** The event's position in its shoe's `events`, from 1 (only when the problem is in one). */
  event?: number;
  /** The entry's position in its shoe's `audit`, from 1 (only when the problem is in one). */
  entry?: number;
}

/** A value as the document has it, by its JSON type; `missing` when there is none. */
export type DocumentValue =
  | { type: 'missing' }
  | { type: 'null' }
  | { type: 'string'; text: string }
  | { type: 'number'; value: number }
  | { type: 'boolean'; value: boolean }
  | { type: 'array' }
  | { type: 'object' };

/** What a length counts: the characters of a string, or the entries of a list. */
export type LengthUnit = 'characters' | 'shoes' | 'hands' | 'cards' | 'events' | 'entries';

/** A result a hand states beside its cards that its cards do not give. */
export type ResultMismatch =
  | { field: 'outcome'; stated: Winner; resolved: Winner }
  | { field: 'playerPair' | 'bankerPair' | 'natural'; stated: boolean; resolved: boolean }
  | { field: 'playerTotal' | 'bankerTotal'; stated: number | null; resolved: number };

/**
 * What is wrong with a shoe document, as a kind and its values. The schema's checks come first:
 * a field missing or of the wrong type, the wrong `format`, a value not among those allowed, too
 * short or too long (`unit` says what is counted), too small or too large, not a whole number,
 * not an ISO 8601 moment or not a day of the calendar; `invalid` carries the schema's own English
 * for a check this list does not name (for logs: a page says only that the value is not valid).
 * Then the version, and each shoe: its id, its table name (normaliseTableName), rules and times
 * (none more than a day ahead of now), each hand resolved again, the cards counted against the
 * decks, and a seed against what it deals. Values are kept whole; their words quote an `excerpt`.
 */
export type ShoeDocumentProblem =
  | { kind: 'missing-field' }
  | { kind: 'wrong-type'; expected: 'object' | 'array' | 'string' | 'number' | 'boolean'; found: DocumentValue }
  | { kind: 'wrong-format'; expected: typeof SHOE_DOCUMENT_FORMAT; found: DocumentValue }
  | { kind: 'not-one-of'; allowed: readonly string[]; found: DocumentValue }
  | { kind: 'too-short'; least: number; length: number; unit: LengthUnit }
  | { kind: 'too-long'; most: number; length: number; unit: LengthUnit }
  | { kind: 'too-small'; least: number; value: number }
  | { kind: 'too-large'; most: number; value: number }
  | { kind: 'not-whole-number'; value: number }
  | { kind: 'not-a-timestamp'; text: string }
  | { kind: 'no-such-day'; text: string }
  | { kind: 'invalid'; detail: string }
  | { kind: 'bad-table-name'; problem: NameProblem }
  | { kind: 'in-the-future'; text: string }
  /** An event's or audit entry's time more than a day ahead of now. */
  | { kind: 'time-in-the-future'; text: string }
  /** An event's card that is no card in the notation. */
  | { kind: 'unknown-card'; text: string }
  /** An audit entry's operator or reason that cannot be shown as text (cleaned as a table name is). */
  | { kind: 'bad-text'; problem: NameProblem }
  /**
   * A `reason` entry's `reasonFor` that names no earlier entry of the trail still without a reason
   * (not earlier, itself a reason, given its reason when kept, or answered already).
   */
  | { kind: 'reason-for-no-entry'; reasonFor: number }
  /** A `reason` entry's hand that is not the hand of the entry it gives the reason for. */
  | { kind: 'reason-for-other-hand'; hand: number | null }
  | { kind: 'newer-version'; version: number; supported: number }
  | { kind: 'unknown-version'; version: number; supported: number }
  | { kind: 'duplicate-id'; id: string }
  | { kind: 'bad-rules'; problem: RulesProblem }
  | { kind: 'ends-before-start'; startedAt: string; endedAt: string }
  | { kind: 'totals-without-cards' }
  | { kind: 'hand-does-not-resolve'; problem: HandProblem }
  | ({ kind: 'outcome-mismatch'; cards: readonly string[] } & ResultMismatch)
  | { kind: 'too-many-cards'; excess: CardExcess }
  | { kind: 'seed-on-recorded-shoe'; seed: string }
  | { kind: 'seed-mismatch'; seed: string }
  | { kind: 'seed-deals-fewer'; seed: string; dealt: number };

/**
 * A document that is not a valid shoe export: `where` and `problem` say where and what, for a page
 * to word; the message says the same in English (the first bad shoe, hand and field, then what is
 * wrong), for logs and the command line.
 */
export class ShoeDocumentError extends Error {
  override name = 'ShoeDocumentError';

  constructor(
    readonly problem: ShoeDocumentProblem,
    readonly where: ShoeDocumentPlace = NOWHERE,
  ) {
    super(shoeDocumentLogText(problem, where));
  }
}

/** The document as a whole: a problem in no shoe. */
export const NOWHERE: ShoeDocumentPlace = Object.freeze({ shoe: null, shoeId: null, hand: null, card: null, field: null });

/** A document value in plain English: `"text"` (an excerpt), `12`, `null`, `a list`, `nothing`. */
function documentValueLogText(value: DocumentValue): string {
  switch (value.type) {
    case 'missing':
      return 'nothing';
    case 'null':
      return 'null';
    case 'string':
      return `"${excerpt(value.text)}"`;
    case 'number':
    case 'boolean':
      return String(value.value);
    case 'array':
      return 'a list';
    case 'object':
      return 'an object';
  }
}

/** "shoe 2 (id "…"), hand 5, outcome: ", or nothing for the document as a whole. */
function placeLogText(where: ShoeDocumentPlace): string {
  const words: string[] = [];
  if (where.shoe !== null) words.push(`shoe ${where.shoe}${where.shoeId !== null ? ` (id "${excerpt(where.shoeId)}")` : ''}`);
  if (where.hand !== null) words.push(`hand ${where.hand}`);
  if (where.event !== undefined) words.push(`event ${where.event}`);
  if (where.entry !== undefined) words.push(`audit entry ${where.entry}`);
  if (where.card !== null) words.push(`card ${where.card}`);
  if (where.field !== null) words.push(...where.field.split('.'));
  return words.length === 0 ? '' : `${words.join(', ')}: `;
}

/**
 * A shoe document problem in English, for a ShoeDocumentError's message (logs and the CLI; a page
 * words the place and the problem itself, in the same words). Values are quoted as short excerpts.
 */
function shoeDocumentLogText(problem: ShoeDocumentProblem, where: ShoeDocumentPlace): string {
  return placeLogText(where) + problemLogText(problem);
}

/** What is wrong, in English, after the place. */
function problemLogText(problem: ShoeDocumentProblem): string {
  switch (problem.kind) {
    case 'missing-field':
      return 'this field is missing';
    case 'wrong-type': {
      const expected = { object: 'an object', array: 'a list', string: 'text', number: 'a number', boolean: 'true or false' }[
        problem.expected
      ];
      return `must be ${expected}, not ${documentValueLogText(problem.found)}`;
    }
    case 'wrong-format':
      return `must be "${problem.expected}", not ${documentValueLogText(problem.found)}: this is not a shoe export of the scoreboard`;
    case 'not-one-of': {
      const choices = problem.allowed.map((choice) => `"${choice}"`);
      return `must be ${choices.slice(0, -1).join(', ')} or ${choices.at(-1)}, not ${documentValueLogText(problem.found)}`;
    }
    case 'too-short':
      if (problem.least === 1 && problem.unit === 'characters') return 'must not be empty';
      return `must have at least ${problem.least} ${problem.unit}; it has ${problem.length}`;
    case 'too-long':
      return `may have at most ${problem.most} ${problem.unit}; it has ${problem.length}`;
    case 'too-small':
      return `must be at least ${problem.least}, not ${problem.value}`;
    case 'too-large':
      return `must be at most ${problem.most}, not ${problem.value}`;
    case 'not-whole-number':
      return `must be a whole number, not ${problem.value}`;
    case 'not-a-timestamp':
      return `"${excerpt(problem.text)}" is not a date and time (ISO 8601, such as 2026-03-14T09:30:00Z)`;
    case 'no-such-day':
      return `"${excerpt(problem.text)}" names a day its month does not have`;
    case 'invalid':
      return `this value is not valid here (${excerpt(problem.detail, 200)})`;
    case 'bad-table-name':
      return nameProblemLogText(problem.problem);
    case 'in-the-future':
      return `"${excerpt(problem.text)}" is more than a day from now: a shoe cannot start or end in the future`;
    case 'time-in-the-future':
      return `"${excerpt(problem.text)}" is more than a day from now: it cannot have happened yet`;
    case 'unknown-card':
      return `unknown card "${excerpt(problem.text)}": expected a rank A 2-9 T J Q K (or 10) and an optional suit S H D C`;
    case 'bad-text': {
      const name = problem.problem;
      if (name.kind === 'empty') return 'must not be empty';
      if (name.kind === 'too-long') return `may have at most ${name.most} characters; it has ${name.length}`;
      return nameProblemLogText(name).replace('a table name', 'this text');
    }
    case 'reason-for-no-entry':
      return `entry ${problem.reasonFor} is not an earlier entry of this trail whose reason is still to be given`;
    case 'reason-for-other-hand':
      return `must be the hand of the entry whose reason it gives (${problem.hand ?? 'null'})`;
    case 'newer-version':
      return `version ${problem.version} is newer than this program reads (${problem.supported}); update it`;
    case 'unknown-version':
      return `version ${problem.version} is not a version this program reads (${problem.supported})`;
    case 'duplicate-id':
      return 'another shoe in the document has the same id';
    case 'bad-rules':
      // A setting's value may be a long text: the words quote an excerpt of it, whatever its type.
      return rulesProblemLogText({ ...problem.problem, value: excerpt(String(problem.problem.value)) });
    case 'ends-before-start':
      return `the shoe ends before it starts (${excerpt(problem.startedAt)})`;
    case 'totals-without-cards':
      return 'totals are given without cards';
    case 'hand-does-not-resolve': {
      // A card the rules cannot read is quoted as an excerpt: written safe, whatever characters it holds.
      const hand = problem.problem;
      return handProblemLogText(hand.kind === 'unknown-card' ? { ...hand, text: excerpt(hand.text) } : hand);
    }
    case 'outcome-mismatch':
      return `the cards ${problem.cards.join(' ')} give ${JSON.stringify(problem.resolved)}, not ${JSON.stringify(problem.stated)}`;
    case 'too-many-cards':
      return `${cardExcessLogText(problem.excess)}; this is one more`;
    case 'seed-on-recorded-shoe':
      return 'a recorded shoe has none (null); only a simulated shoe is dealt from a seed';
    case 'seed-mismatch':
      return `not the hand seed "${excerpt(problem.seed)}" deals by these rules (a seeded shoe is the one its seed deals, in order)`;
    case 'seed-deals-fewer':
      return `seed "${excerpt(problem.seed)}" deals only ${problem.dealt} hands by these rules (the cut card came out)`;
  }
}
