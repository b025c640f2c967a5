/**
 * CSV export: one row per hand, for spreadsheets. The JSON document stays the full record; CSV
 * repeats each shoe's id, table and source on every row so rows can be filtered on their own.
 */
import type { ShoeRecord } from './shoe-document.js';

/** The CSV header, in column order. */
export const CSV_COLUMNS = [
  'shoe_id',
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
 * Writes shoes as CSV (RFC 4180: comma separated, CRLF line ends, quotes where needed).
 * @example shoesToCsv([shoe]).split('\r\n')[1] // 'abc,Table 1,recorded,2026-…,1,B,false,false,true,,,'
 */
export function shoesToCsv(shoes: readonly ShoeRecord[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const shoe of shoes) {
    shoe.hands.forEach((hand, index) => {
      lines.push(
        [
          shoe.id,
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

/** Quotes a field that holds a comma, quote or line break; doubles its quotes. */
function csvField(value: string): string {
  // A leading = + - @ would make a spreadsheet run the cell as a formula; a quote mark defuses it.
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
