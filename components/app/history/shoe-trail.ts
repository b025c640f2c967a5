/**
 * A shoe's trail in words: the events of its dealing procedure (burn, cut card, cancelled cards,
 * void hands, a void shoe, dummy hands) and its audit trail (who undid, redid, corrected, cancelled,
 * voided or reopened what, when and why), for History's trail view and the replay's marks. Each
 * sentence goes through msg(); Simplified Chinese is in components/app/locales/zh-Hans/history.ts.
 */
import { msg, str } from '@lit/localize';
import { explainedAudit, type AuditEntry, type AuditEntryAction, type ShoeEvent, type ShoeRecord } from '../../../src/shoes/records.js';
import { auditActionText, listedReasonText } from '../shared/audit-words.js';

// History's trail view takes all its words from this module; the console shares these through shared/.
export { auditActionText };

/** One line of a shoe's trail, placed after `afterHand` hands. */
export interface TrailMark {
  /** Hands recorded when it happened: 0 before the first. */
  afterHand: number;
  /** ISO 8601. */
  at: string;
  source: 'event' | 'audit';
  /** What happened, in the page's language. */
  text: string;
}

/**
 * Every event and audit entry of a shoe, ordered by place and then time (ties keep the document's
 * order, events first). An event says how many hands were recorded when it happened. An audit entry
 * does not, so it is placed at the later of its hand and the place of the last event at or before its
 * time; an entry about no hand with no event before it (a reopen, say) is placed after the last hand.
 */
export function trailMarks(shoe: Pick<ShoeRecord, 'hands' | 'events' | 'audit'>): TrailMark[] {
  const events = shoe.events ?? [];
  const marks: TrailMark[] = events.map((event) => ({ afterHand: event.afterHand, at: event.at, source: 'event', text: eventText(event) }));
  // A reason given afterwards is read with the action it explains, where that happened.
  for (const { entry, reason, given } of explainedAudit(shoe.audit ?? [])) {
    const time = Date.parse(entry.at);
    const before = events.filter((event) => Date.parse(event.at) <= time).at(-1);
    const afterHand =
      before === undefined && entry.hand === null
        ? shoe.hands.length
        : Math.min(shoe.hands.length, Math.max(entry.hand ?? 0, before?.afterHand ?? 0));
    marks.push({ afterHand, at: entry.at, source: 'audit', text: auditText(entry, reasonText(reason, given, entry)) });
  }
  // A stable sort: the same place and time keep their order.
  return marks.sort((a, b) => a.afterHand - b.afterHand || Date.parse(a.at) - Date.parse(b.at));
}

/** "after hand 12", or "before the first hand". */
export function afterHandText(afterHand: number): string {
  if (afterHand === 0) return msg('before the first hand', { id: 'trail-before-first' });
  return msg(str`after hand ${afterHand}`, { id: 'trail-after-hand' });
}

/** "after hand 12: hand 7 corrected by Wei — misread card". */
export function markLineText(mark: TrailMark): string {
  const where = afterHandText(mark.afterHand);
  const what = mark.text;
  return msg(str`${where}: ${what}`, { id: 'trail-line' });
}

/** An event of the dealing procedure in words. */
export function eventText(event: ShoeEvent): string {
  switch (event.kind) {
    case 'burn': {
      const { card } = event;
      const count = event.burned.length;
      const cards = event.burned.join(' ');
      if (count === 0) return msg(str`Burn: ${card} face up, no card burned`, { id: 'trail-burn-none' });
      return msg(str`Burn: ${card} face up, ${count} cards burned (${cards})`, { id: 'trail-burn' });
    }
    case 'cut':
      return msg('Cut card out: one more hand', { id: 'trail-cut' });
    case 'cancelled': {
      const { card } = event;
      return event.by === 'device'
        ? msg(str`Card ${card} cancelled by the card shoe`, { id: 'trail-cancelled-device' })
        : msg(str`Card ${card} cancelled by the clerk`, { id: 'trail-cancelled-clerk' });
    }
    case 'void-hand': {
      const cards = event.cards.join(' ');
      if (event.cards.length === 0) return msg('Hand void', { id: 'trail-void-hand-none' });
      return msg(str`Hand void (${cards})`, { id: 'trail-void-hand' });
    }
    case 'void-shoe': {
      const cards = event.cards.join(' ');
      if (event.cards.length === 0) return msg('Shoe void', { id: 'trail-void-shoe-none' });
      return msg(str`Shoe void (cards in play: ${cards})`, { id: 'trail-void-shoe' });
    }
    case 'dummy-hand': {
      const cards = event.cards.join(' ');
      return msg(str`Dummy hand (${cards})`, { id: 'trail-dummy-hand' });
    }
  }
}

/** What was done to a hand, after "hand 7": "corrected". */
function handActionText(action: AuditEntryAction): string | null {
  switch (action) {
    case 'undo':
      return msg('undone', { id: 'trail-hand-undone' });
    case 'redo':
      return msg('redone', { id: 'trail-hand-redone' });
    case 'correct':
      return msg('corrected', { id: 'trail-hand-corrected' });
    case 'cancel':
      return msg('had a card cancelled', { id: 'trail-hand-cancel' });
    case 'void-hand':
      return msg('declared void', { id: 'trail-hand-void' });
    default:
      return null;
  }
}

/** Who was at the console: the name signed in with, or "not signed in". */
export function operatorText(operator: string | null): string {
  return operator ?? msg('not signed in', { id: 'trail-not-signed-in' });
}

/**
 * Why an action was done: "Card misread", "Card misread (given later, 14:05:09)" when a later entry
 * gave it (with its operator when another gave it), or "reason not given".
 */
export function reasonText(reason: string | null, given: AuditEntry | null, entry: AuditEntry): string {
  if (reason === null) return msg('reason not given', { id: 'trail-reason-not-given' });
  const why = listedReasonText(reason);
  if (given === null) return why;
  const time = trailTime(given.at);
  if (given.operator === entry.operator) return msg(str`${why} (given later, ${time})`, { id: 'trail-reason-later' });
  const who = operatorText(given.operator);
  return msg(str`${why} (given later, ${time}, by ${who})`, { id: 'trail-reason-later-by' });
}

/**
 * "hand 7 corrected by Wei — misread card", or "Shoe reopened, not signed in — reason not given":
 * `why` is the entry's reason in words (reasonText).
 */
export function auditText(entry: AuditEntry, why: string): string {
  const { operator } = entry;
  const done = handActionText(entry.action);
  if (entry.hand !== null && done !== null) {
    const hand = entry.hand;
    if (operator === null) return msg(str`hand ${hand} ${done}, not signed in — ${why}`, { id: 'trail-audit-hand-nobody' });
    return msg(str`hand ${hand} ${done} by ${operator} — ${why}`, { id: 'trail-audit-hand' });
  }
  const what = auditActionText(entry.action);
  if (operator === null) return msg(str`${what}, not signed in — ${why}`, { id: 'trail-audit-nobody' });
  return msg(str`${what} by ${operator} — ${why}`, { id: 'trail-audit' });
}

/** An event's kind in a word or two, for a column of the trail's table. */
export function eventKindText(event: ShoeEvent): string {
  switch (event.kind) {
    case 'burn':
      return msg('Burn', { id: 'trail-kind-burn' });
    case 'cut':
      return msg('Cut card', { id: 'trail-kind-cut' });
    case 'cancelled':
      return msg('Cancelled card', { id: 'trail-kind-cancelled' });
    case 'void-hand':
      return msg('Void hand', { id: 'trail-kind-void-hand' });
    case 'void-shoe':
      return msg('Void shoe', { id: 'trail-kind-void-shoe' });
    case 'dummy-hand':
      return msg('Dummy hand', { id: 'trail-kind-dummy-hand' });
  }
}

/** "14:05:09" in local time (the trail's events of one shoe fall within hours). */
export function trailTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const two = (n: number): string => String(n).padStart(2, '0');
  return `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
}
