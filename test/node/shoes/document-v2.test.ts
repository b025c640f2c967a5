/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access --
   The test breaks copies of a shoe in every way the schema must refuse: the copy is untyped on purpose (as in shoe-document.test.ts). */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import {
  parseShoeDocument,
  shoeDocumentText,
  simulateShoeRecords,
  ShoeDocumentError,
  SHOE_DOCUMENT_VERSION,
  type AuditEntry,
  type ShoeEvent,
  type ShoeRecord,
} from '../../../src/shoes/document.js';

const NOW = new Date('2026-12-01T12:00:00Z');

/** A recorded shoe of two hands with a burn, a cancelled card, a void hand, a cut and its audit trail. */
function recordedShoe(): ShoeRecord {
  const [simulated] = simulateShoeRecords({ shoes: 1, seed: 'v2', now: () => new Date('2026-12-01T09:00:00Z') });
  const events: ShoeEvent[] = [
    { kind: 'burn', at: '2026-12-01T09:00:01Z', afterHand: 0, card: '3H', burned: ['4C', '5C', '6C'] },
    { kind: 'cancelled', at: '2026-12-01T09:01:00Z', afterHand: 1, card: 'QS', by: 'device' },
    { kind: 'void-hand', at: '2026-12-01T09:02:00Z', afterHand: 2, cards: ['2D', '2S', '7H'] },
    { kind: 'dummy-hand', at: '2026-12-01T09:03:00Z', afterHand: 2, cards: ['AH', 'AD', 'AS', 'AC'] },
    { kind: 'cut', at: '2026-12-01T09:04:00Z', afterHand: 2 },
    { kind: 'void-shoe', at: '2026-12-01T09:05:00Z', afterHand: 2, cards: [] },
  ];
  const audit: AuditEntry[] = [
    { at: '2026-12-01T09:01:00Z', operator: 'Wei', action: 'cancel', hand: 2, reason: 'card drawn by mistake' },
    { at: '2026-12-01T09:02:30Z', operator: 'Wei', action: 'correct', hand: 1, reason: 'misread card' },
    { at: '2026-12-01T09:05:00Z', operator: 'Ana', action: 'void-shoe', hand: null, reason: 'shoe dropped' },
  ];
  return {
    ...simulated!,
    id: 'recorded-v2',
    source: 'recorded',
    seed: null,
    hands: simulated!.hands.slice(0, 2),
    events,
    audit,
  };
}

const documentOf = (shoes: ShoeRecord[]) => ({ format: 'baccarat-shoes', version: 2, shoes });

function refusal(change: (shoe: Record<string, any>) => void): ShoeDocumentError {
  const shoe = structuredClone(recordedShoe()) as Record<string, any>;
  change(shoe);
  try {
    parseShoeDocument(documentOf([shoe as ShoeRecord]), NOW);
  } catch (error) {
    expect(error).toBeInstanceOf(ShoeDocumentError);
    return error as ShoeDocumentError;
  }
  throw new Error('the changed document was accepted');
}

describe('shoe export document version 2: events and the audit trail', () => {
  it('is the version written', () => {
    expect(SHOE_DOCUMENT_VERSION).toBe(2);
    expect(shoeDocumentText([])).toContain('"version": 2');
  });

  it('gives the same bytes on export, import and export again, with events and audit, one a line', () => {
    const text = shoeDocumentText([recordedShoe(), ...simulateShoeRecords({ shoes: 1, seed: 'plain', now: () => NOW })]);
    const again = shoeDocumentText(parseShoeDocument(JSON.parse(text), NOW).shoes);
    expect(again).toBe(text);
    expect(text).toContain(
      '\n      "events": [\n        {"kind":"burn","at":"2026-12-01T09:00:01Z","afterHand":0,"card":"3H","burned":["4C","5C","6C"]},',
    );
    expect(text).toContain('\n        {"at":"2026-12-01T09:02:30Z","operator":"Wei","action":"correct","hand":1,"reason":"misread card"},');
    // A shoe without events or audit has neither field.
    expect(JSON.parse(text).shoes[1]).not.toHaveProperty('events');
  });

  it('reads cards in any notation and cleans operator and reason as a table name', () => {
    const shoe = recordedShoe() as Record<string, any>;
    shoe.events[0].card = '3h';
    shoe.events[0].burned = ['4c', '5C', '6c'];
    shoe.audit[0].operator = '  Ｗｅｉ\u00a0 Li ';
    shoe.audit[0].reason = ' card   drawn ';
    const read = parseShoeDocument(documentOf([shoe as ShoeRecord]), NOW).shoes[0]!;
    expect(read.events![0]).toMatchObject({ card: '3H', burned: ['4C', '5C', '6C'] });
    expect(read.audit![0]).toMatchObject({ operator: 'Wei Li', reason: 'card drawn' });
  });

  it('refuses a bad event, naming the shoe, event and field', () => {
    expect(refusal((s) => (s.events[1].card = 'ZZ')).where).toMatchObject({ shoe: 1, event: 2, field: 'card' });
    expect(refusal((s) => (s.events[1].card = 'ZZ')).problem).toEqual({ kind: 'unknown-card', text: 'ZZ' });
    expect(refusal((s) => (s.events[2].cards[1] = 'X')).where).toMatchObject({ event: 3, field: 'cards', card: 2 });
    expect(refusal((s) => (s.events[0].kind = 'shuffle')).problem).toMatchObject({ kind: 'not-one-of' });
    expect(refusal((s) => delete s.events[0].burned).message).toMatch(
      /^shoe 1 \(id "recorded-v2"\), event 1, burned: this field is missing$/,
    );
    expect(refusal((s) => delete s.events[1].by).where).toMatchObject({ event: 2, field: 'by' });
    expect(refusal((s) => (s.events[1].by = 'dealer')).problem).toMatchObject({ kind: 'not-one-of', allowed: ['device', 'clerk'] });
    expect(refusal((s) => (s.events[4].afterHand = 3)).problem).toEqual({ kind: 'too-large', most: 2, value: 3 });
    expect(refusal((s) => (s.events[4].afterHand = -1)).problem).toMatchObject({ kind: 'too-small' });
    expect(refusal((s) => (s.events[4].afterHand = 1.5)).problem).toMatchObject({ kind: 'not-whole-number' });
    expect(refusal((s) => (s.events[4].at = '2026-02-30T10:00:00Z')).problem).toMatchObject({ kind: 'no-such-day' });
    expect(refusal((s) => (s.events[4].at = 'yesterday')).problem).toMatchObject({ kind: 'not-a-timestamp' });
    const future = refusal((s) => (s.events[4].at = '2026-12-03T12:00:00Z'));
    expect([future.where, future.problem]).toEqual([
      { shoe: 1, shoeId: 'recorded-v2', hand: null, card: null, field: 'at', event: 5 },
      { kind: 'time-in-the-future', text: '2026-12-03T12:00:00Z' },
    ]);
    expect(refusal((s) => (s.events = {})).problem).toMatchObject({ kind: 'wrong-type', expected: 'array' });
  });

  it('refuses a burn whose face-down cards are not as many as its turned card says (a ten or a face counting 10)', () => {
    expect(refusal((s) => void (s.events[0].burned as string[]).pop()).problem).toEqual({
      kind: 'too-short',
      least: 3,
      length: 2,
      unit: 'cards',
    });
    expect(refusal((s) => void (s.events[0].burned as string[]).push('7C')).problem).toEqual({
      kind: 'too-long',
      most: 3,
      length: 4,
      unit: 'cards',
    });
    const face = refusal((s) => (s.events[0].card = 'KD'));
    expect([face.where, face.problem]).toEqual([
      { shoe: 1, shoeId: 'recorded-v2', hand: null, card: null, field: 'burned', event: 1 },
      { kind: 'too-short', least: 10, length: 3, unit: 'cards' },
    ]);
    expect(face.message).toMatch(/event 1, burned: /);
  });

  it('counts the cards of events with the hands against the decks: a burned or cancelled card is out of the shoe', () => {
    const shoe = recordedShoe() as Record<string, any>;
    shoe.rules = { ...shoe.rules, decks: 1 };
    shoe.hands = [];
    for (const event of shoe.events) event.afterHand = 0;
    shoe.events[0].card = 'AS';
    shoe.events[0].burned = ['AH'];
    const error = refusal((s) => Object.assign(s, shoe));
    expect(error.problem).toMatchObject({ kind: 'too-many-cards', excess: { of: 'card', card: 'AH' } });
    expect(error.where).toMatchObject({ event: 4, field: 'cards' });
  });

  it('refuses a bad audit entry, naming the shoe, entry and field', () => {
    expect(refusal((s) => (s.audit[1].operator = '')).problem).toEqual({ kind: 'bad-text', problem: { kind: 'empty' } });
    expect(refusal((s) => (s.audit[1].operator = 'x'.repeat(61))).problem).toEqual({
      kind: 'bad-text',
      problem: { kind: 'too-long', most: 60, length: 61 },
    });
    expect(refusal((s) => (s.audit[1].operator = 'Wei\u202e')).message).toMatch(
      /audit entry 2, operator: character 4 .*this text may not hold one/,
    );
    expect(refusal((s) => (s.audit[1].reason = 'r'.repeat(201))).where).toMatchObject({ entry: 2, field: 'reason' });
    expect(refusal((s) => (s.audit[1].reason = '   ')).problem).toEqual({ kind: 'bad-text', problem: { kind: 'empty' } });
    expect(refusal((s) => (s.audit[1].action = 'delete')).problem).toMatchObject({
      kind: 'not-one-of',
      allowed: expect.arrayContaining(['undo', 'reopen']),
    });
    expect(refusal((s) => (s.audit[1].hand = 0)).problem).toMatchObject({ kind: 'too-small' });
    expect(refusal((s) => delete s.audit[1].hand).problem).toMatchObject({ kind: 'missing-field' });
    expect(refusal((s) => (s.audit[2].at = '2027-01-01T00:00:00Z')).problem).toMatchObject({ kind: 'time-in-the-future' });
  });

  it('still reads version 1, where fields named events or audit are not read as version 2’s', () => {
    const text = readFileSync(new URL('../fixtures/shoes-v1.json', import.meta.url), 'utf8');
    const read = parseShoeDocument(JSON.parse(text), NOW);
    expect(read.version).toBe(2);
    expect(read.shoes).toHaveLength(1);
    expect(read.shoes[0]!.hands).toHaveLength(3);
    expect(read.shoes[0]).not.toHaveProperty('events');
    expect(read.shoes[0]).not.toHaveProperty('audit');
    // Written again, it is a version 2 document of the same shoe, its hands as they were.
    const written = JSON.parse(shoeDocumentText(read.shoes));
    const original = JSON.parse(text);
    expect(written.version).toBe(2);
    expect(written.shoes[0].hands).toEqual(original.shoes[0].hands);
    expect(written.shoes[0]).toMatchObject({ id: 'v1-shoe', table: 'Table 1', number: 1, startedAt: original.shoes[0].startedAt });
    expect(written.shoes[0]).not.toHaveProperty('events');
  });
});
