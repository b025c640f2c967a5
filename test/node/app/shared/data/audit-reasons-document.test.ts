/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-member-access --
   The test breaks copies of a shoe in the ways the schema must refuse: the copy is untyped on purpose (as in shoe-document-v2.test.ts). */
import { describe, expect, it } from 'vitest';
import {
  explainedAudit,
  parseShoeDocument,
  shoeDocumentText,
  simulateShoeRecords,
  ShoeDocumentError,
  type AuditEntry,
  type ShoeRecord,
} from '../../../../../src/shoes/document.js';
import { shoeDocumentErrorText } from '../../../../../components/app/history/import-words.js';

const NOW = new Date('2026-12-01T12:00:00Z');

/** A recorded shoe whose trail has an undo kept with nobody signed in, its reason given later, and a correction never explained. */
function recordedShoe(): ShoeRecord {
  const [simulated] = simulateShoeRecords({ shoes: 1, seed: 'reasons', now: () => new Date('2026-12-01T09:00:00Z') });
  const audit: AuditEntry[] = [
    { at: '2026-12-01T09:01:00Z', operator: null, action: 'undo', hand: 2, reason: null },
    { at: '2026-12-01T09:01:09Z', operator: null, action: 'reason', hand: 2, reason: 'clerk error', reasonFor: 1 },
    { at: '2026-12-01T09:02:00Z', operator: 'Wei', action: 'correct', hand: 1, reason: null },
    { at: '2026-12-01T09:03:00Z', operator: 'Wei', action: 'reopen', hand: null, reason: 'ended by mistake' },
  ];
  return { ...simulated!, id: 'reasons', source: 'recorded', seed: null, hands: simulated!.hands.slice(0, 2), audit };
}

function refusal(change: (shoe: Record<string, any>) => void): ShoeDocumentError {
  const shoe = structuredClone(recordedShoe()) as Record<string, any>;
  change(shoe);
  try {
    parseShoeDocument({ format: 'baccarat-shoes', version: 2, shoes: [shoe] }, NOW);
  } catch (error) {
    expect(error).toBeInstanceOf(ShoeDocumentError);
    return error as ShoeDocumentError;
  }
  throw new Error('the changed document was accepted');
}

describe('the audit trail: nobody signed in, and reasons given afterwards', () => {
  it('reads and writes a null operator, a reason not given and a later reason entry, the same bytes again', () => {
    const text = shoeDocumentText([recordedShoe()]);
    expect(text).toContain('{"at":"2026-12-01T09:01:00Z","operator":null,"action":"undo","hand":2,"reason":null}');
    expect(text).toContain('"action":"reason","hand":2,"reason":"clerk error","reasonFor":1}');
    const read = parseShoeDocument(JSON.parse(text), NOW);
    expect(read.shoes[0]!.audit).toEqual(recordedShoe().audit);
    expect(shoeDocumentText(read.shoes)).toBe(text);
  });

  it('drops a reasonFor on an entry that is not a reason, so export gives the same bytes', () => {
    const shoe = structuredClone(recordedShoe()) as Record<string, any>;
    shoe.audit[2].reasonFor = 1;
    const read = parseShoeDocument({ format: 'baccarat-shoes', version: 2, shoes: [shoe] }, NOW);
    expect(read.shoes[0]!.audit![2]).not.toHaveProperty('reasonFor');
    expect(shoeDocumentText(read.shoes)).toBe(shoeDocumentText([recordedShoe()]));
  });

  it('refuses a reason entry without its reason or without the entry it explains', () => {
    expect(refusal((s) => (s.audit[1].reason = null)).problem).toEqual({ kind: 'wrong-type', expected: 'string', found: { type: 'null' } });
    const missing = refusal((s) => delete s.audit[1].reasonFor);
    expect(missing.problem).toEqual({ kind: 'missing-field' });
    expect(missing.where).toMatchObject({ entry: 2, field: 'reasonFor' });
  });

  it('refuses a reason for an entry that is not earlier, is a reason, had its reason, or was answered already', () => {
    const later = refusal((s) => (s.audit[1].reasonFor = 3));
    expect(later.problem).toEqual({ kind: 'reason-for-no-entry', reasonFor: 3 });
    expect(later.where).toMatchObject({ shoe: 1, entry: 2, field: 'reasonFor' });
    expect(later.message).toBe(
      'shoe 1 (id "reasons"), audit entry 2, reasonFor: entry 3 is not an earlier entry of this trail whose reason is still to be given',
    );
    const answer = (entry: Partial<AuditEntry>) => (s: Record<string, any>) => {
      const audit = s.audit as AuditEntry[];
      audit.push({ ...audit[1]!, ...entry });
    };
    expect(refusal(answer({ reasonFor: 2 })).problem).toMatchObject({ kind: 'reason-for-no-entry' });
    expect(refusal(answer({ hand: null, reasonFor: 4 })).problem).toMatchObject({ kind: 'reason-for-no-entry' });
    expect(refusal(answer({})).problem).toEqual({ kind: 'reason-for-no-entry', reasonFor: 1 });
  });

  it('refuses a reason that names another hand than its entry’s', () => {
    const other = refusal((s) => (s.audit[1].hand = 1));
    expect(other.problem).toEqual({ kind: 'reason-for-other-hand', hand: 2 });
    expect(other.where).toMatchObject({ entry: 2, field: 'hand' });
  });

  it('words the new refusals on the page as its message does', () => {
    for (const error of [refusal((s) => (s.audit[1].reasonFor = 3)), refusal((s) => (s.audit[1].hand = null))]) {
      expect(shoeDocumentErrorText(error)).toBe(error.message);
    }
  });

  it('pairs each action with the reason it was given, its own or a later one', () => {
    const explained = explainedAudit(recordedShoe().audit!);
    expect(explained.map(({ entry, reason, given }) => [entry.action, reason, given?.at ?? null])).toEqual([
      ['undo', 'clerk error', '2026-12-01T09:01:09Z'],
      ['correct', null, null],
      ['reopen', 'ended by mistake', null],
    ]);
  });
});
