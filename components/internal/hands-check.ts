/**
 * The one check of a `.hands` value where it comes into an element (DOM-free): a list of
 * HandRecords, each with the fields src/shoes/records.ts gives it — what the roads, the statistics
 * and the last hand would otherwise each refuse in their own way (or not at all, and show invented
 * text). Whether a hand's cards give what it states is hand-cards-check.ts's, which the elements
 * that read cards add: a page with one road does not load the rules of the cards.
 */
import type { HandRecord } from '../../src/shoes/records.js';

/** A check of one hand beyond its fields: an Error whose message is for the console, or null. */
export type HandCheck = (hand: HandRecord) => Error | null;

/**
 * Records whose fields were found right. Records are replaced, never mutated, so a list sent again
 * with one more hand (and the scoreboard's children given the list it checked) costs a lookup a hand.
 */
const checked = new WeakSet<object>();

/**
 * What is wrong with a `.hands` value, or null when it is a valid list: an Error whose message, in
 * English, is for the console (a page never shows it). `more` checks each hand whose fields are right.
 * @example handsProblem([{ outcome: 'X' }])?.message // 'hand 1 (hands[0]): outcome must be "B", "P" or "T"; got "X"'
 */
export function handsProblem(value: unknown, more?: HandCheck): Error | null {
  if (!Array.isArray(value)) return new Error(`expected an array of hand records; got ${describeValue(value)}`);
  for (let index = 0; index < value.length; index++) {
    const hand: unknown = value[index];
    const problem = (checked.has(hand as object) ? null : handProblem(hand)) ?? more?.(hand as HandRecord) ?? null;
    if (problem !== null) return new Error(`hand ${index + 1} (hands[${index}]): ${problem.message}`);
    checked.add(hand as object);
  }
  return null;
}

/**
 * The hands an element shows for a `.hands` value: the list itself when valid; none for null or
 * undefined (data not there yet, as React passes it), silently; none, with one console warning
 * naming the element, the hand and the field, for anything else.
 */
export function acceptedHands(value: unknown, element: string, more?: HandCheck): readonly HandRecord[] {
  if (value == null) return [];
  const problem = handsProblem(value, more);
  if (problem === null) return value as readonly HandRecord[];
  console.warn(`${element}: .hands refused, showing no hands: ${problem.message}`);
  return [];
}

const isBoolean = (value: unknown): boolean => typeof value === 'boolean';
const isTotal = (value: unknown): boolean =>
  value === null || (Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 9);

/** A hand record's fields: what each must be, and as the type a developer reads in the warning (HandRecord's). */
const FIELDS: readonly (readonly [string, (value: unknown) => boolean, string])[] = [
  ['outcome', (value) => value === 'B' || value === 'P' || value === 'T', '"B", "P" or "T"'],
  ['playerPair', isBoolean, 'boolean'],
  ['bankerPair', isBoolean, 'boolean'],
  ['natural', isBoolean, 'boolean'],
  ['playerTotal', isTotal, 'null or 0–9'],
  ['bankerTotal', isTotal, 'null or 0–9'],
  ['cards', (value) => value === null || (Array.isArray(value) && value.every((card) => typeof card === 'string')), 'null | string[]'],
];

/** What is wrong with one hand record's fields (the message is for the console), or null. */
function handProblem(hand: unknown): Error | null {
  if (typeof hand !== 'object' || hand === null || Array.isArray(hand))
    return new Error(`expected a hand record; got ${describeValue(hand)}`);
  for (const [field, valid, expected] of FIELDS) {
    const value = (hand as Record<string, unknown>)[field];
    if (!valid(value)) return new Error(`${field} must be ${expected}; got ${describeValue(value)}`);
  }
  return null;
}

/** A value for a warning: its JSON, cut short, or its type when it has none. */
function describeValue(value: unknown): string {
  if (value === undefined) return 'undefined (field missing)';
  try {
    return JSON.stringify(value).slice(0, 60);
  } catch {
    return typeof value;
  }
}
