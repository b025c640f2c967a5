/**
 * History's words outside its markup: a shoe's name and times as the rows show them, its counts, the
 * date filter's range, what an import renumbered, and an error in the page's words; and a shoe of the
 * room's record as a row shows it.
 */
import { msg, str } from '@lit/localize';
import type { RenumberedShoe, ShoeSummary } from '../shared/data/scoreboard-store.js';
import { shoeFields } from '../shared/data/store-records.js';
import type { ShoeRecord } from '../../../src/shoes/document.js';
import { storageErrorText } from '../shared/data/storage-words.js';
import { fileDate } from './downloads.js';

/** Banker, player and tie counts of an outcome string such as "BPPTB". */
export function outcomeCounts(outcomes: string): { banker: number; player: number; tie: number } {
  let banker = 0;
  let player = 0;
  let tie = 0;
  for (const outcome of outcomes) {
    if (outcome === 'B') banker++;
    else if (outcome === 'P') player++;
    else if (outcome === 'T') tie++;
  }
  return { banker, player, tie };
}

/**
 * The ISO range of a date filter: from local midnight of `fromDay` to local midnight after `toDay`
 * (both `YYYY-MM-DD` from a date input, either empty for no bound), as listShoes compares them.
 */
export function dayRange(fromDay: string, toDay: string): { from: string | undefined; to: string | undefined } {
  const midnight = (day: string, addDays = 0) => {
    const [year, month, date] = day.split('-').map(Number);
    return new Date(year!, month! - 1, date! + addDays).toISOString();
  };
  return { from: fromDay ? midnight(fromDay) : undefined, to: toDay ? midnight(toDay, 1) : undefined };
}

/**
 * Errors the page worded with msg() when it threw them: a refused import file (shoe-import.ts), a
 * part that could not be loaded (on-demand.ts), a PNG that could not be made (road-picture.ts). By
 * name, as two of them live in code loaded on demand.
 */
const WORDED_ERRORS = new Set(['ImportRefusedError', 'PartMissingError', 'PictureError']);

/** An error in words for the screen: one the page worded as it is, storage trouble (and anything else) by storage-words. */
export function errorText(error: unknown): string {
  return error instanceof Error && WORDED_ERRORS.has(error.name) ? error.message : storageErrorText(error);
}

/**
 * "2026-11-30 14:05" in local time: read the same in every language, and cheap. Intl.DateTimeFormat
 * cost about 37 ms of the first page's 500 (its first use loads the locale's data), measured with
 * 1,000 stored shoes in the history benchmark.
 */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const two = (n: number): string => String(n).padStart(2, '0');
  return `${fileDate(date)} ${two(date.getHours())}:${two(date.getMinutes())}`;
}

/**
 * A shoe as the person knows it, never by its internal id: its table, its number (every stored
 * shoe has one, migration 4 numbered the older ones) and its start time as the rows show it.
 */
export function shoeName(shoe: ShoeSummary): string {
  const { table, number } = shoe;
  const started = formatTime(shoe.startedAt);
  return msg(str`${table}, shoe ${number}, started ${started}`, { id: 'history-shoe-name' });
}

/**
 * The shoes an import stored under a new number, as the number in their file was taken on their
 * table and day: the first few by name, then how many more.
 */
export function renumberedText(renumbered: readonly RenumberedShoe[]): string {
  const SHOWN = 3;
  const items = renumbered.slice(0, SHOWN).map(({ table, startedAt, from, to }) => {
    const started = formatTime(startedAt);
    return msg(str`${table}, ${started}, shoe ${from} is now shoe ${to}`, { id: 'history-renumbered-shoe' });
  });
  let list = items.join(msg('; ', { id: 'history-list-separator' }));
  const more = renumbered.length - items.length;
  if (more > 0) list = msg(str`${list}; and ${more} more`, { id: 'history-renumbered-more' });
  const count = renumbered.length;
  return count === 1
    ? msg(str`A shoe's number was taken, so it got the next free one: ${list}.`, { id: 'history-renumbered-one' })
    : msg(str`${count} shoes' numbers were taken, so they got the next free ones: ${list}.`, { id: 'history-renumbered' });
}

/** A shoe read from the record as a row of History's list shows it (never stored: origin is only a placeholder). */
export function recordSummary(shoe: ShoeRecord): ShoeSummary {
  return {
    ...shoeFields(shoe),
    number: shoe.number ?? 0,
    handCount: shoe.hands.length,
    outcomes: shoe.hands.map((hand) => hand.outcome).join(''),
    updatedAt: shoe.endedAt ?? shoe.startedAt,
    startKey: new Date(shoe.startedAt).toISOString(),
    origin: 'received',
  };
}
