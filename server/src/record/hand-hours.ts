/**
 * The per-table, per-hour counts the recorder keeps in `hand_hour` as it writes each version (#25):
 * what a version changes of them, so reports read hours instead of hands.
 */
import type { HandRecord } from '../../../src/index.js';
import type { HandHourRow } from './schema.js';

/** Whether two hands are the same in every field (what a state's hands are compared with the shoe's by). */
export function sameHand(a: HandRecord, b: HandRecord): boolean {
  if (
    a.outcome !== b.outcome ||
    a.playerPair !== b.playerPair ||
    a.bankerPair !== b.bankerPair ||
    a.natural !== b.natural ||
    a.playerTotal !== b.playerTotal ||
    a.bankerTotal !== b.bankerTotal
  )
    return false;
  if (a.cards === null || b.cards === null) return a.cards === b.cards;
  return a.cards.length === b.cards.length && a.cards.every((card, index) => card === b.cards![index]);
}

/** The counts `hand_hour` keeps of an hour's hands. */
export const HAND_HOUR_COUNTS = ['hands', 'banker', 'player', 'tie', 'naturals', 'player_pairs', 'banker_pairs', 'carded'] as const;

/** The `hand_hour` key of a UTC time (ISO 8601): its hour, `2026-03-01T02`. */
export const hourKey = (utc: string): string => utc.slice(0, 13);

/** The start of the hour a `hand_hour` key names, ISO 8601 in UTC: `2026-03-01T02:00:00.000Z`. */
export const hourStart = (key: string): string => `${key}:00:00.000Z`;

type HourCount = (typeof HAND_HOUR_COUNTS)[number];

/** What a version changes of its table's `hand_hour` counts, by hour: hands taken off (-1) and put on (+1). */
export class HourCounts {
  private readonly byHour = new Map<string, Record<HourCount, number>>();

  count(hand: HandRecord, dealtUtc: string, sign: 1 | -1): void {
    const hour = hourKey(dealtUtc);
    let counts = this.byHour.get(hour);
    if (!counts) {
      counts = { hands: 0, banker: 0, player: 0, tie: 0, naturals: 0, player_pairs: 0, banker_pairs: 0, carded: 0 };
      this.byHour.set(hour, counts);
    }
    counts.hands += sign;
    if (hand.outcome === 'B') counts.banker += sign;
    else if (hand.outcome === 'P') counts.player += sign;
    else counts.tie += sign;
    // Naturals and pairs are known of a hand with cards only.
    if (hand.cards === null) return;
    counts.carded += sign;
    if (hand.natural) counts.naturals += sign;
    if (hand.playerPair) counts.player_pairs += sign;
    if (hand.bankerPair) counts.banker_pairs += sign;
  }

  /** The rows to add to `table`'s hours, in the hours' order; none for an hour whose counts cancel out. */
  rows(table: string): HandHourRow[] {
    return [...this.byHour]
      .filter(([, counts]) => HAND_HOUR_COUNTS.some((count) => counts[count] !== 0))
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([hour, counts]) => ({ table_name: table, hour, ...counts }));
  }
}
