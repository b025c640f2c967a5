import { describe, expect, it } from 'vitest';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import {
  EVERY_RECORDED_TOPIC,
  MAX_RECORDED_MESSAGE_BYTES,
  readRecordedMessage,
  recordedRefusalLogText,
  recordedTopic,
  tableRecordedMessage,
  type RecordedReading,
} from '../../src/room/recorded.js';
import { readTopic, ROOM_PROTOCOL_VERSION } from '../../src/room/messages.js';

/** The recorder's acknowledgement (room contract 1.2) as a console reads it. */

const NOW = new Date('2026-12-01T12:00:00Z');
const FIELDS = {
  table: 'Table 7',
  shoeId: 'lx3k9q2a-5f0c2e9b7a1d4c36',
  session: '0a1b2c3d-00ff00ff00ff',
  revision: 41,
  handCount: 37,
  recorder: 'pit-recorder',
};

/** Reads `message` (an object, sent as JSON, or text as it came) as received on `table`'s topic. */
function read(message: object | string, table = FIELDS.table, now = NOW): RecordedReading {
  const text = typeof message === 'string' ? message : JSON.stringify(message);
  return readRecordedMessage(table, text, new TextEncoder().encode(text).byteLength, now);
}

const refusal = (reading: RecordedReading) => (reading.ok ? null : reading.refusal);

describe('the recorded message (room contract 1.2)', () => {
  it('is read back exactly as built, on the table it names', () => {
    const message = tableRecordedMessage(FIELDS, new Date('2026-12-01T11:59:58.250Z'));
    expect(message).toEqual({ format: 'bacc-table-recorded', version: ROOM_PROTOCOL_VERSION, ...FIELDS, at: '2026-12-01T11:59:58.250Z' });
    expect(read(message)).toEqual({ ok: true, message });
  });

  it('passes over fields it does not know (a later minor version adds some), and keeps only its own', () => {
    const message = tableRecordedMessage(FIELDS, NOW);
    const reading = read({ ...message, ledger: 'postgres', superseded: 3 });
    expect(reading).toEqual({ ok: true, message });
  });

  it('lives on its table’s own topic, percent-encoded as the others, which no screen of 1.1 reads as one of its three', () => {
    expect(recordedTopic('Table 7')).toBe('bacc/v1/tables/Table%207/recorded');
    expect(recordedTopic('a/b+#')).toBe('bacc/v1/tables/a%2Fb%2B%23/recorded');
    expect(EVERY_RECORDED_TOPIC).toBe('bacc/v1/tables/+/recorded');
    expect(readTopic(recordedTopic('Table 7'))).toBeNull();
  });

  it('refuses a message larger than an acknowledgement ever is, before reading it', () => {
    const padded = { ...tableRecordedMessage(FIELDS, NOW), recorder: 'r', padding: 'x'.repeat(MAX_RECORDED_MESSAGE_BYTES) };
    expect(refusal(read(padded))).toEqual({ kind: 'too-large', bytes: JSON.stringify(padded).length, most: MAX_RECORDED_MESSAGE_BYTES });
  });

  it('refuses text that is not JSON, and a newer version', () => {
    expect(refusal(read('{ "format": "bacc-table-recorded"'))).toEqual({ kind: 'not-json' });
    expect(refusal(read({ ...tableRecordedMessage(FIELDS, NOW), version: 2 }))).toEqual({ kind: 'newer-version', version: 2 });
  });

  it('refuses an acknowledgement that names another table than its topic’s', () => {
    expect(refusal(read(tableRecordedMessage(FIELDS, NOW), 'Table 8'))).toEqual({ kind: 'wrong-table' });
  });

  it.each([
    ['format', { format: 'bacc-table-state' }],
    ['shoeId', { shoeId: '' }],
    ['shoeId', { shoeId: 's'.repeat(201) }],
    ['session', { session: 'has spaces' }],
    ['session', { session: 's'.repeat(65) }],
    ['revision', { revision: -1 }],
    ['revision', { revision: 1.5 }],
    ['revision', { revision: Number.MAX_SAFE_INTEGER + 2 }],
    ['handCount', { handCount: 201 }],
    ['handCount', { handCount: '37' }],
    ['at', { at: 'yesterday' }],
    ['recorder', { recorder: 'r'.repeat(201) }],
    ['table', { table: 7 }],
  ])('refuses a bad %s', (path, fields) => {
    const reading = read({ ...tableRecordedMessage(FIELDS, NOW), ...fields });
    expect(refusal(reading)).toMatchObject({ kind: 'bad-message', path });
  });

  it('refuses a time more than a day ahead of the reader’s clock, and takes one a little ahead (clocks differ)', () => {
    const ahead = (ms: number) => tableRecordedMessage(FIELDS, new Date(NOW.getTime() + ms));
    expect(read(ahead(60_000)).ok).toBe(true);
    expect(refusal(read(ahead(25 * 60 * 60 * 1000)))).toMatchObject({ kind: 'bad-message', path: 'at' });
  });

  it('says each refusal in one line for the log', () => {
    const lines = [
      recordedRefusalLogText({ kind: 'too-large', bytes: 5000, most: 4096 }),
      recordedRefusalLogText({ kind: 'not-json' }),
      recordedRefusalLogText({ kind: 'newer-version', version: 2 }),
      recordedRefusalLogText({ kind: 'bad-message', path: 'handCount', detail: 'Invalid value' }),
      recordedRefusalLogText({ kind: 'wrong-table' }),
    ];
    expect(lines).toEqual([
      'message of 5000 bytes, more than 4096',
      'not JSON',
      'version 2, newer than 1',
      'bad acknowledgement at "handCount": Invalid value',
      "the acknowledgement names another table than its topic's",
    ]);
  });

  it('reads back any acknowledgement it can build (property)', () => {
    const printable = fc.string({ unit: fc.constantFrom(...'abcdef0123456789-_.:ABCXYZ'), minLength: 0, maxLength: 64 });
    fc.assert(
      fc.property(
        fc.record({
          table: fc.string({ maxLength: 200 }),
          shoeId: fc.string({ minLength: 1, maxLength: 200 }),
          session: printable,
          revision: fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
          handCount: fc.integer({ min: 0, max: 200 }),
          recorder: fc.string({ maxLength: 200 }),
        }),
        fc.integer({ min: -400 * 24 * 60 * 60 * 1000, max: 0 }),
        (fields, offset) => {
          const message = tableRecordedMessage(fields, new Date(NOW.getTime() + offset));
          const reading = read(message, fields.table);
          return JSON.stringify(message).length > MAX_RECORDED_MESSAGE_BYTES || (reading.ok && isDeepStrictEqual(reading.message, message));
        },
      ),
    );
  });
});
