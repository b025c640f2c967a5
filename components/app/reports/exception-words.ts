/**
 * The exceptions' words on the reports page (#26): what happened, in plain words, for each kind the
 * recorder lists (a clerk's undo, correction, reopening, cancel or void; the dealing procedure's
 * cancelled cards, void hands and shoes and dummy hands; a console offline; a refused message),
 * where in a shoe, the reason as recorded, and the acknowledgement. Simplified Chinese is in
 * components/app/locales/zh-Hans/reports.ts.
 */
import { msg, str } from '@lit/localize';
import type { AuditEntryAction } from '../../../src/shoes/records.js';
import { AUDIT_ENTRY_ACTIONS } from '../../../src/shoes/records.js';
import { auditActionText, listedReasonText } from '../shared/audit-words.js';
import type { ExceptionAck, RoomException } from '../shared/recorder-api.js';
import { formatClock, UNKNOWN } from './report-words.js';

const two = (n: number): string => String(n).padStart(2, '0');

/** A moment in local time as the page writes it: "14:05:09", with "03-01 " before it when the page spans several days. */
export function formatMoment(iso: string, withDate: boolean): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const clock = formatClock(date);
  return withDate ? `${two(date.getMonth() + 1)}-${two(date.getDate())} ${clock}` : clock;
}

/** Whole minutes, at least 1 (a console offline for 20 seconds was offline for about a minute). */
const minutesOf = (seconds: number): number => Math.max(1, Math.round(seconds / 60));

const isAuditAction = (kind: string): kind is AuditEntryAction => (AUDIT_ENTRY_ACTIONS as readonly string[]).includes(kind);

/** What happened, in plain words. */
export function exceptionWhat(exception: RoomException): string {
  const { kind, detail } = exception;
  switch (exception.source) {
    case 'audit':
      return isAuditAction(kind) ? auditActionText(kind) : kind;
    case 'event':
      switch (kind) {
        case 'cancelled':
          if (detail.by === 'device') return msg('Card cancelled by the card shoe', { id: 'exceptions-event-cancelled-device' });
          if (detail.by === 'clerk') return msg('Card cancelled by the clerk', { id: 'exceptions-event-cancelled-clerk' });
          return msg('Card cancelled', { id: 'exceptions-event-cancelled' });
        case 'void-hand':
          return msg('Void hand in the dealing', { id: 'exceptions-event-void-hand' });
        case 'void-shoe':
          return msg('Void shoe in the dealing', { id: 'exceptions-event-void-shoe' });
        case 'dummy-hand':
          return msg('Dummy hand', { id: 'exceptions-event-dummy-hand' });
        default:
          return kind;
      }
    case 'presence': {
      const minutes = minutesOf(detail.seconds ?? 0);
      return detail.until === null || detail.until === undefined
        ? msg(str`Console offline, still offline (${minutes} min so far)`, { id: 'exceptions-offline-still' })
        : msg(str`Console offline for ${minutes} min`, { id: 'exceptions-offline' });
    }
    case 'refusal':
      return msg('Message refused by the recorder', { id: 'exceptions-refused' });
  }
}

/** Who did it, when the record says: the clerk of an audit entry. */
export function exceptionWho(exception: RoomException): string {
  const operator = exception.detail.operator;
  return exception.source === 'audit' && operator ? msg(str`by ${operator}`, { id: 'exceptions-by' }) : '';
}

/** The cards an event took out of play, as recorded ("KH 5D"), or ''. */
export function exceptionCards(exception: RoomException): string {
  return exception.source === 'event' ? (exception.detail.cards ?? []).join(' ') : '';
}

/** Where in a shoe: the shoe and the hand, or after which hand an event came; the unknown mark when neither applies. */
export function exceptionWhere(exception: RoomException): string {
  const { shoeId: shoe, hand } = exception;
  if (shoe === null) return UNKNOWN;
  if (hand !== null) return msg(str`Shoe ${shoe}, hand ${hand}`, { id: 'exceptions-shoe-hand' });
  const after = exception.detail.afterHand;
  if (exception.source === 'event' && after !== undefined)
    return msg(str`Shoe ${shoe}, after hand ${after}`, { id: 'exceptions-shoe-after' });
  return msg(str`Shoe ${shoe}`, { id: 'exceptions-shoe' });
}

/** The reason as recorded (a listed one in the page's language), or that none was given; the unknown mark where none is kept. */
export function exceptionReason(exception: RoomException): string {
  if (exception.reason !== null) return exception.source === 'audit' ? listedReasonText(exception.reason) : exception.reason;
  return exception.source === 'audit' || exception.source === 'refusal' ? msg('no reason given', { id: 'exceptions-no-reason' }) : UNKNOWN;
}

/** When a clerk gave the reason afterwards: by whom and when, or ''. */
export function reasonGivenText(exception: RoomException, withDate: boolean): string {
  const given = exception.detail.reasonGiven;
  if (!given) return '';
  const at = formatMoment(given.at, withDate);
  const by = given.operator ?? UNKNOWN;
  return msg(str`given afterwards by ${by} at ${at}`, { id: 'exceptions-reason-later' });
}

/** An acknowledgement: who and when (its note is shown as given). */
export function acknowledgedText(ack: ExceptionAck, withDate: boolean): string {
  const { by } = ack;
  const at = formatMoment(ack.at, withDate);
  return msg(str`Acknowledged by ${by} at ${at}`, { id: 'exceptions-acknowledged' });
}

/** Where the list is: "Exceptions 21–40 of 45", or that there are none. */
export function exceptionsPosition(page: number, size: number, shown: number, total: number): string {
  if (total === 0) return msg('No exceptions in this time.', { id: 'exceptions-none' });
  const first = (page - 1) * size + 1;
  const last = (page - 1) * size + shown;
  return msg(str`Exceptions ${first}–${last} of ${total}`, { id: 'exceptions-position' });
}
