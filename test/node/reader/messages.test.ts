import { describe, expect, it } from 'vitest';
import {
  MAX_READER_LINES,
  MAX_READER_MESSAGE_BYTES,
  ReaderSequence,
  readReaderMessage,
  readReaderTopic,
  readerLinesMessage,
  readerRefusalLogText,
  readerTopic,
} from '../../../src/reader/messages.js';
import { MAX_LINE_LENGTH } from '../../../src/reader/lines.js';

const TOPIC = readerTopic('Table 7/VIP');

function read(message: unknown, topic = TOPIC) {
  const text = JSON.stringify(message);
  return readReaderMessage(topic, text, new TextEncoder().encode(text).byteLength);
}

describe('reader topics', () => {
  it('puts the table key as one level, and reads it back', () => {
    expect(TOPIC).toBe('bacc/v1/tables/Table%207%2FVIP/reader');
    expect(readReaderTopic(TOPIC)).toBe('Table 7/VIP');
    expect(readReaderTopic('bacc/v1/tables/T/state')).toBeNull();
    expect(readReaderTopic('bacc/v1/tables/T/reader/x')).toBeNull();
    expect(readReaderTopic('bacc/v1/tables/%E0/reader')).toBeNull();
    expect(readReaderTopic('other/T/reader')).toBeNull();
  });
});

describe('reader messages', () => {
  const message = readerLinesMessage('bridge-1', 1, 'bacc', ['BACC-SHOE 1', 'SHOE p1', 'card 9h', 'CUT']);

  it('builds the contract and reads it back with its events', () => {
    expect(message).toEqual({
      format: 'bacc-reader-lines',
      version: 1,
      source: 'bridge-1',
      seq: 1,
      protocol: 'bacc',
      lines: ['BACC-SHOE 1', 'SHOE p1', 'card 9h', 'CUT'],
    });
    const reading = read(message);
    expect(reading).toEqual({
      ok: true,
      table: 'Table 7/VIP',
      message,
      events: [{ kind: 'hello', version: 1 }, { kind: 'shoe', pack: 'p1' }, { kind: 'card', card: '9H' }, { kind: 'cut' }],
    });
    expect(read(readerLinesMessage('b', 2, 'suit-rank', ['D12']))).toMatchObject({ ok: true, events: [{ kind: 'card', card: 'QD' }] });
    expect(read(readerLinesMessage('b', 3, 'json', ['{"card":"h10"}']))).toMatchObject({
      ok: true,
      events: [{ kind: 'card', card: 'TH' }],
    });
  });

  it('refuses to build what it would refuse to read', () => {
    expect(() => readerLinesMessage('', 1, 'bacc', ['CUT'])).toThrow(RangeError);
    expect(() => readerLinesMessage('a b', 1, 'bacc', ['CUT'])).toThrow(RangeError);
    expect(() => readerLinesMessage('b', 0, 'bacc', ['CUT'])).toThrow(RangeError);
    expect(() => readerLinesMessage('b', 1.5, 'bacc', ['CUT'])).toThrow(RangeError);
    expect(() => readerLinesMessage('b', 1, 'bacc', [])).toThrow(RangeError);
    expect(() => readerLinesMessage('b', 1, 'bacc', Array<string>(MAX_READER_LINES + 1).fill('CUT'))).toThrow(RangeError);
    expect(() => readerLinesMessage('b', 1, 'bacc', ['CUT\nCUT'])).toThrow(RangeError);
    expect(() => readerLinesMessage('b', 1, 'bacc', ['x'.repeat(MAX_LINE_LENGTH + 1)])).toThrow(RangeError);
  });

  it('fits 64 lines of 256 characters escaped at their longest', () => {
    const lines = Array<string>(MAX_READER_LINES).fill('\u001f'.repeat(MAX_LINE_LENGTH));
    const text = JSON.stringify(readerLinesMessage('x'.repeat(64), Number.MAX_SAFE_INTEGER, 'json', lines));
    expect(new TextEncoder().encode(text).byteLength).toBeLessThan(MAX_READER_MESSAGE_BYTES);
  });

  it('refuses with a reason: topic, size, JSON, version, fields, a line its protocol refuses', () => {
    expect(read(message, 'bacc/v1/tables/T/change')).toEqual({
      ok: false,
      refusal: { kind: 'not-ours', topic: 'bacc/v1/tables/T/change' },
    });
    expect(readReaderMessage(TOPIC, '{}', MAX_READER_MESSAGE_BYTES + 1)).toMatchObject({ ok: false, refusal: { kind: 'too-large' } });
    expect(readReaderMessage(TOPIC, '{', 1)).toEqual({ ok: false, refusal: { kind: 'not-json' } });
    expect(read({ ...message, version: 2 })).toEqual({ ok: false, refusal: { kind: 'newer-version', version: 2 } });
    const bad = (change: object, path: string) =>
      expect(read({ ...message, ...change })).toMatchObject({ ok: false, refusal: { kind: 'bad-message', path } });
    bad({ format: 'bacc-table-change' }, 'format');
    bad({ version: 0 }, 'version');
    bad({ source: '' }, 'source');
    bad({ source: 'é' }, 'source');
    bad({ seq: 0 }, 'seq');
    bad({ seq: '1' }, 'seq');
    bad({ seq: 1.5 }, 'seq');
    bad({ protocol: 'serial' }, 'protocol');
    bad({ lines: [] }, 'lines');
    bad({ lines: 'CUT' }, 'lines');
    bad({ lines: Array<string>(MAX_READER_LINES + 1).fill('CUT') }, 'lines');
    bad({ lines: ['CUT', ''] }, 'lines.1');
    bad({ lines: ['x'.repeat(MAX_LINE_LENGTH + 1)] }, 'lines.0');
    bad({ lines: ['CARD 9H\r\nCARD 9S'] }, 'lines.0');
    bad({ lines: [7] }, 'lines.0');
    const badLine = read({ ...message, lines: ['CARD 9H', 'CARD 1X'] });
    expect(badLine).toEqual({ ok: false, refusal: { kind: 'bad-line', index: 1, reason: 'unknown-card' } });
    if (!badLine.ok) expect(readerRefusalLogText(badLine.refusal)).toBe('line 2 refused by its protocol: unknown-card');
    expect(read({ ...message, protocol: 'suit-rank' })).toMatchObject({ ok: false, refusal: { kind: 'bad-line', index: 0 } });
    expect(read([message])).toMatchObject({ ok: false, refusal: { kind: 'bad-message' } });
  });
});

describe('ReaderSequence', () => {
  it('reads the next, drops a repeat and counts a gap, per source', () => {
    const sequence = new ReaderSequence();
    expect(sequence.step({ source: 'a', seq: 5 })).toEqual({ kind: 'next' });
    expect(sequence.step({ source: 'a', seq: 6 })).toEqual({ kind: 'next' });
    expect(sequence.step({ source: 'a', seq: 6 })).toEqual({ kind: 'repeat' });
    expect(sequence.step({ source: 'a', seq: 3 })).toEqual({ kind: 'repeat' });
    expect(sequence.step({ source: 'b', seq: 1 })).toEqual({ kind: 'next' });
    expect(sequence.step({ source: 'a', seq: 9 })).toEqual({ kind: 'gap', missing: 2 });
    expect(sequence.step({ source: 'a', seq: 10 })).toEqual({ kind: 'next' });
  });
});
