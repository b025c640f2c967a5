/**
 * CSV export: one row per hand, for spreadsheets. The JSON document stays the full record; CSV
 * repeats each shoe's id, number, table and source on every row so rows can be filtered on their own.
 * The columns are this file's own (docs/reference/shoe-document.md fixes the JSON document, not the CSV).
 */
import type { ShoeRecord } from './document.js';

/** The CSV header, in column order. */
export const CSV_COLUMNS = [
  'shoe_id',
  /** The shoe's number on its table that day (the JSON export's `number`); empty for a record without one. */
  'shoe_number',
  'table',
  'source',
  'started_at',
  'hand',
  'outcome',
  'player_pair',
  'banker_pair',
  'natural',
  'player_total',
  'banker_total',
  'cards',
] as const;

/**
 * Writes shoes as CSV (RFC 4180: comma separated, CRLF line ends, every field of a row quoted).
 * @example shoesToCsv([shoe]).split('\r\n')[1] // '"abc","1","Table 1","recorded","2026-…","1","B","false","false","true","","",""'
 */
export function shoesToCsv(shoes: readonly ShoeRecord[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const shoe of shoes) {
    shoe.hands.forEach((hand, index) => {
      lines.push(
        [
          shoe.id,
          shoe.number === undefined ? '' : String(shoe.number),
          shoe.table,
          shoe.source,
          shoe.startedAt,
          String(index + 1),
          hand.outcome,
          String(hand.playerPair),
          String(hand.bankerPair),
          String(hand.natural),
          hand.playerTotal === null ? '' : String(hand.playerTotal),
          hand.bankerTotal === null ? '' : String(hand.bankerTotal),
          hand.cards === null ? '' : hand.cards.join(' '),
        ]
          .map(csvField)
          .join(','),
      );
    });
  }
  return lines.join('\r\n') + '\r\n';
}

/**
 * One field, following OWASP's rule for CSV injection in full: a field beginning with `=`, `+`,
 * `-`, `@`, tab (0x09) or carriage return (0x0D) is prefixed with a single quote, so a spreadsheet
 * reads it as text rather than running it as a formula (a leading tab or return is skipped by
 * some spreadsheets, so `\t=1+1` runs as `=1+1` unless it is defused too); and every field is
 * wrapped in double quotes with its inner quotes doubled, so a separator inside it (`,`, or the
 * `;` of a locale that separates by semicolons) never starts a cell of its own.
 *
 * OWASP's rule has no exception for negative numbers, and neither does this: every number this
 * file writes (shoe and hand 1 up, totals 0–9) is never negative, so only text is prefixed, such as a
 * table named `-5`, which reads `'-5` in the cell (the JSON export keeps it exactly).
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}
