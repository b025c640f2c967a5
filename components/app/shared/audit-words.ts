/**
 * The audit trail's actions and reasons in words, shared by the console (which asks for a
 * reason) and History (which shows the trail). Each sentence goes through msg(); Simplified Chinese is
 * in components/app/locales/zh-Hans/history.ts (actions) and operator.ts (reasons).
 */
import { msg } from '@lit/localize';
import type { AuditEntryAction } from '../../../src/shoes/records.js';

/** The reasons a clerk picks from, as kept in the audit trail (English, whatever the page's language); any other is typed. */
export const AUDIT_REASONS: readonly string[] = ['clerk error', 'dealer error', 'card misread', 'card exposed', 'supervisor'];

/** An action on its own, for an entry about no hand: "Shoe reopened". */
export function auditActionText(action: AuditEntryAction): string {
  switch (action) {
    case 'undo':
      return msg('Undo', { id: 'trail-action-undo' });
    case 'redo':
      return msg('Redo', { id: 'trail-action-redo' });
    case 'correct':
      return msg('Correction', { id: 'trail-action-correct' });
    case 'cancel':
      return msg('Card cancelled', { id: 'trail-action-cancel' });
    case 'void-hand':
      return msg('Hand declared void', { id: 'trail-action-void-hand' });
    case 'void-shoe':
      return msg('Shoe declared void', { id: 'trail-action-void-shoe' });
    case 'reopen':
      return msg('Shoe reopened', { id: 'trail-action-reopen' });
    case 'reason':
      return msg('Reason given', { id: 'trail-action-reason' });
  }
}

/** A reason as kept: a listed one in the page's language, a typed one as typed. */
export function listedReasonText(reason: string): string {
  switch (reason) {
    case 'clerk error':
      return msg("Clerk's error", { id: 'operator-reason-clerk' });
    case 'dealer error':
      return msg("Dealer's error", { id: 'operator-reason-dealer' });
    case 'card misread':
      return msg('Card misread', { id: 'operator-reason-misread' });
    case 'card exposed':
      return msg('Card exposed', { id: 'operator-reason-exposed' });
    case 'supervisor':
      return msg("Supervisor's decision", { id: 'operator-reason-supervisor' });
    default:
      return reason;
  }
}
