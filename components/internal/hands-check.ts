/**
 * The one check of a `.hands` value where it comes into an element (DOM-free): a list of
 * HandRecords, each with the fields src/shoe-records.ts gives it, and cards, when a hand has them,
 * that resolve to what the hand states — what the roads, the statistics and the last hand would
 * otherwise each refuse in their own way (or not at all, and show invented text).
 */
import { resolveCompleteHand } from '../../src/hand.js';
import type { HandRecord } from '../../src/shoe-records.js';

/**
 * Records already found valid. Records are replaced, never mutated, so a list sent again with one
 * more hand (and the scoreboard's children given the list it checked) costs one lookup a hand.
 */
const checkedRecords = new WeakSet<object>();

/**
 * What is wrong with a `.hands` value, or null when it is a valid list: an Error whose message, in
 * English, is for the console (a page never shows it).
 * @example handsProblem([{ outcome: 'X' }])?.message // 'hand 1 (hands[0]): outcome must be "B", "P" or "T"; got "X"'
 */
export function handsProblem(value: unknown): Error | null {
  if (!Array.isArray(value)) return new Error(`expected an array of hand records; got ${describeValue(value)}`);
  for (let index = 0; index < value.length; index++) {
    const hand: unknown = value[index];
    if (typeof hand === 'object' && hand !== null && checkedRecords.has(hand)) continue;
    const problem = handProblem(hand);
    if (problem !== null) return new Error(`hand ${index + 1} (hands[${index}]): ${problem.message}`);
    checkedRecords.add(hand as object);
  }
  return null;
}

/**
 * The hands an element shows for a `.hands` value: the list itself when valid; none for null or
 * undefined (data not there yet, as React passes it), silently; none, with one console warning
 * naming the element, the hand and the field, for anything else.
 */
export function acceptedHands(value: unknown, element: string): readonly HandRecord[] {
  if (value == null) return [];
  const problem = handsProblem(value);
  if (problem === null) return value as readonly HandRecord[];
  console.warn(`${element}: .hands refused, showing no hands: ${problem.message}`);
  return [];
}

/** What is wrong with one hand record (the message is for the console), or null. */
function handProblem(hand: unknown): Error | null {
  if (typeof hand !== 'object' || hand === null || Array.isArray(hand))
    return new Error(`expected a hand record; got ${describeValue(hand)}`);
  const record = hand as Record<string, unknown>;
  const { outcome, cards, playerTotal, bankerTotal } = record;
  if (outcome !== 'B' && outcome !== 'P' && outcome !== 'T')
    return new Error(`outcome must be "B", "P" or "T"; got ${describeValue(outcome)}`);
  for (const field of ['playerPair', 'bankerPair', 'natural'] as const) {
    if (typeof record[field] !== 'boolean') return new Error(`${field} must be true or false; got ${describeValue(record[field])}`);
  }
  for (const [field, total] of [
    ['playerTotal', playerTotal],
    ['bankerTotal', bankerTotal],
  ] as const) {
    if (total !== null && !(Number.isInteger(total) && (total as number) >= 0 && (total as number) <= 9)) {
      return new Error(`${field} must be null or a whole number from 0 to 9; got ${describeValue(total)}`);
    }
  }
  if (cards === null) {
    if (typeof playerTotal === 'number' && typeof bankerTotal === 'number') {
      const winner = playerTotal > bankerTotal ? 'P' : bankerTotal > playerTotal ? 'B' : 'T';
      if (winner !== outcome)
        return new Error(`playerTotal ${playerTotal} against bankerTotal ${bankerTotal} gives outcome ${winner}, not ${outcome}`);
    }
    return null;
  }
  if (!Array.isArray(cards) || !cards.every((card) => typeof card === 'string')) {
    return new Error(`cards must be null or a list of cards such as "AS"; got ${describeValue(cards)}`);
  }
  let resolved;
  try {
    resolved = resolveCompleteHand(cards);
  } catch (error) {
    return new Error(`cards ${JSON.stringify(cards)}: ${(error as Error).message}`);
  }
  const stated: [string, unknown, unknown][] = [
    ['outcome', outcome, resolved.winner],
    ['playerPair', record.playerPair, resolved.playerPair],
    ['bankerPair', record.bankerPair, resolved.bankerPair],
    ['natural', record.natural, resolved.natural],
    ['playerTotal', playerTotal ?? resolved.playerTotal, resolved.playerTotal],
    ['bankerTotal', bankerTotal ?? resolved.bankerTotal, resolved.bankerTotal],
  ];
  for (const [field, value, actual] of stated) {
    if (value !== actual) return new Error(`${field} is ${String(value)}, but cards ${resolved.cards.join(' ')} give ${String(actual)}`);
  }
  return null;
}

/** A value for a warning: its JSON when short, else its type. */
function describeValue(value: unknown): string {
  if (value === undefined) return 'undefined (field missing)';
  if (typeof value === 'function') return 'a function';
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    text = undefined;
  }
  if (text === undefined) return typeof value;
  return text.length > 60 ? `${Array.isArray(value) ? 'an array' : typeof value} ${text.slice(0, 57)}…` : text;
}
