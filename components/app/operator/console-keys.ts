/** The console's keys: which characters are cards, which actions are outcome keys, and a scanner's burst read as a card. */
import { isRefusal, parseBaccLine, parseJsonLine, parseSuitRankLine, type LineParseResult } from '../../../src/reader/lines.js';
import type { OperatorAction } from './operator-keys.js';

/** A character of a card as typed: a rank (A 2-9 T J Q K, 10) or a suit (S H D C), in either case. */
export const CARD_CHARACTER = /^[0-9ajqktshdc]$/i;

/** What the card field takes: a card's characters and the separators between cards. */
export const CARD_FIELD_CHARACTER = /^[0-9ajqktshdc,\s]$/i;

/** A key that types one visible character, with no Ctrl, Alt or ⌘ (a chord is the browser's). */
export function isPlainCharacter(event: KeyboardEvent): boolean {
  return event.key.length === 1 && event.key.trim() !== '' && !event.ctrlKey && !event.metaKey && !event.altKey;
}

/** The actions that record or flag a hand by outcome: keys, not cards, so not taken in card entry. */
export const OUTCOME_ACTIONS: ReadonlySet<OperatorAction> = new Set<OperatorAction>([
  'banker',
  'player',
  'tie',
  'player-pair',
  'banker-pair',
  'natural',
]);

/** No element of the page has the focus (typed keys go to the page). */
export function isNothingFocused(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || active === document.documentElement;
}

/**
 * A scanner's burst read as a card: the project's notation (`9H`, `10s`), a suit and rank 01–13
 * (`D12`), or a suit and rank 1–13 (`h10`, as the JSON protocol writes it); else refused, counted and shown.
 */
export function scannedCard(text: string): LineParseResult {
  const bacc = parseBaccLine(`CARD ${text}`);
  if (!isRefusal(bacc)) return bacc;
  const suitRank = parseSuitRankLine(text);
  if (!isRefusal(suitRank)) return suitRank;
  const json = parseJsonLine(JSON.stringify({ card: text }));
  return isRefusal(json) ? { refused: 'unknown-card', line: text } : json;
}
