/**
 * The time a report covers, chosen in local time (the pit's clock) and sent as UTC instants: a
 * whole day, one of the three 8-hour shifts from 06:00, 8 hours from a start of the pit's choosing,
 * or a range. Dates are built from their local parts, so a day with a clock change is 23 or 25
 * hours and a shift is 06:00 to 14:00 on the wall clock either way. DOM-free.
 */

/** How long a shift is, on the wall clock. */
export const SHIFT_HOURS = 8;
/** The hour each of the three shifts starts: the day's shift at 06:00, the evening's at 14:00, the night's at 22:00. */
export const SHIFT_STARTS = [6, 14, 22] as const;

export type Period =
  | { kind: 'day' }
  | { kind: 'shift'; shift: 0 | 1 | 2 }
  /** 8 hours from `start` ("HH:MM") on the day. */
  | { kind: 'from'; start: string }
  /** From and to as `<input type="datetime-local">` writes them ("2026-03-01T06:00"). */
  | { kind: 'range'; from: string; to: string };

/** A local calendar date as `<input type="date">` writes it: `2026-03-01`. */
export function localDay(date: Date): string {
  const two = (n: number): string => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}

/** The local date-time of "2026-03-01" and "HH:MM", or null when either is not one. */
function localTime(day: string, time: string): Date | null {
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const clock = /^(\d{2}):(\d{2})$/.exec(time);
  if (!date || !clock) return null;
  const [year, month, dayOfMonth] = [Number(date[1]), Number(date[2]), Number(date[3])];
  const [hour, minute] = [Number(clock[1]), Number(clock[2])];
  if (month < 1 || month > 12 || dayOfMonth < 1 || dayOfMonth > 31 || hour > 23 || minute > 59) return null;
  const result = new Date(year, month - 1, dayOfMonth, hour, minute);
  // 2026-02-31 would roll over into March: not a date.
  return result.getDate() === dayOfMonth ? result : null;
}

/** `start` plus `hours` on the wall clock (06:00 + 8 is 14:00 on a day the clocks change too). */
function plusClockHours(start: Date, hours: number): Date {
  return new Date(start.getFullYear(), start.getMonth(), start.getDate(), start.getHours() + hours, start.getMinutes());
}

/**
 * The instants `period` covers on `day` (local), `to` excluded; null when a date or time is not
 * one, or a range ends before it starts.
 * @example periodRange('2026-03-01', { kind: 'shift', shift: 2 }) // 22:00 on 1 March to 06:00 on 2 March, local
 */
export function periodRange(day: string, period: Period): { from: Date; to: Date } | null {
  let from: Date | null;
  let to: Date | null;
  switch (period.kind) {
    case 'day':
      from = localTime(day, '00:00');
      to = from && new Date(from.getFullYear(), from.getMonth(), from.getDate() + 1);
      break;
    case 'shift': {
      from = localTime(day, `${String(SHIFT_STARTS[period.shift]).padStart(2, '0')}:00`);
      to = from && plusClockHours(from, SHIFT_HOURS);
      break;
    }
    case 'from':
      from = localTime(day, period.start);
      to = from && plusClockHours(from, SHIFT_HOURS);
      break;
    case 'range':
      from = localTime(period.from.slice(0, 10), period.from.slice(11, 16));
      to = localTime(period.to.slice(0, 10), period.to.slice(11, 16));
      break;
  }
  if (!from || !to || to <= from) return null;
  return { from, to };
}

/**
 * The shift in play at `date`, and the day it started: the night shift's hours after midnight
 * belong to the day before.
 * @example shiftAt(new Date(2026, 2, 2, 3)) // { day: '2026-03-01', shift: 2 }
 */
export function shiftAt(date: Date): { day: string; shift: 0 | 1 | 2 } {
  const hour = date.getHours();
  if (hour >= SHIFT_STARTS[0] && hour < SHIFT_STARTS[1]) return { day: localDay(date), shift: 0 };
  if (hour >= SHIFT_STARTS[1] && hour < SHIFT_STARTS[2]) return { day: localDay(date), shift: 1 };
  const started = hour < SHIFT_STARTS[0] ? new Date(date.getFullYear(), date.getMonth(), date.getDate() - 1) : date;
  return { day: localDay(started), shift: 2 };
}
