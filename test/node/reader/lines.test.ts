import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  LineSplitter,
  ShoeLineReader,
  MAX_LINE_LENGTH,
  SHOE_PROTOCOLS,
  formatCardLine,
  isRefusal,
  lineParser,
  parseBaccLine,
  parseJsonLine,
  parseSuitRankLine,
  type SplitItem,
} from '../../../src/reader/lines.js';
import { RANKS, SUITS } from '../../../src/game/cards.js';

const ALL_CARDS = RANKS.flatMap((rank) => SUITS.map((suit) => `${rank}${suit}`));

const lines = (items: SplitItem[]): string[] => items.flatMap((item) => (item.kind === 'line' ? [item.line] : []));

/** Cuts text into chunks at the given positions. */
function chunked(text: string, cuts: number[]): string[] {
  const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
  const chunks: string[] = [];
  let start = 0;
  for (const point of points) {
    chunks.push(text.slice(start, point));
    start = point;
  }
  chunks.push(text.slice(start));
  return chunks;
}

describe('LineSplitter', () => {
  it('gives whole lines across chunks, whatever the line endings and wherever the chunks break', () => {
    const line = fc.stringMatching(/^[ -~]{1,40}$/);
    const ending = fc.constantFrom('\n', '\r', '\r\n');
    fc.assert(
      fc.property(fc.array(fc.tuple(line, ending), { maxLength: 30 }), fc.array(fc.nat(), { maxLength: 20 }), (parts, cuts) => {
        const text = parts.map(([text, end]) => text + end).join('');
        const splitter = new LineSplitter();
        const items = chunked(text, cuts).flatMap((chunk) => splitter.push(chunk));
        expect(items.every((item) => item.kind === 'line')).toBe(true);
        expect(lines(items)).toEqual(parts.map(([text]) => text));
        expect(splitter.end()).toEqual([]);
      }),
    );
  });

  it('drops empty lines and keeps a CRLF split across chunks as one ending', () => {
    const splitter = new LineSplitter();
    expect(lines(splitter.push('CARD 9H\r'))).toEqual(['CARD 9H']);
    expect(lines(splitter.push('\nCUT\n\n\r\n\rLID OPEN'))).toEqual(['CUT']);
    expect(lines(splitter.push('\n'))).toEqual(['LID OPEN']);
  });

  it('refuses a line longer than 256 characters once, skips the rest of it, and never holds more', () => {
    const splitter = new LineSplitter();
    const garbage = 'x'.repeat(10_000);
    const items: SplitItem[] = [];
    for (let i = 0; i < garbage.length; i += 7) {
      items.push(...splitter.push(garbage.slice(i, i + 7)));
      expect(splitter.held).toBeLessThanOrEqual(MAX_LINE_LENGTH);
    }
    expect(items).toEqual([{ kind: 'refused', refusal: { refused: 'too-long', line: 'x'.repeat(MAX_LINE_LENGTH) } }]);
    expect(splitter.push('yyy\nCARD 9H\n')).toEqual([{ kind: 'line', line: 'CARD 9H' }]);
  });

  it('takes a line of exactly 256 characters and refuses one of 257', () => {
    const splitter = new LineSplitter();
    expect(lines(splitter.push(`${'a'.repeat(256)}\n`))).toEqual(['a'.repeat(256)]);
    const [item] = splitter.push(`${'b'.repeat(257)}\n`);
    expect(item).toMatchObject({ kind: 'refused', refusal: { refused: 'too-long' } });
  });

  it('refuses a half line left when the stream ends', () => {
    const splitter = new LineSplitter();
    expect(splitter.push('CARD 9H\nCAR')).toEqual([{ kind: 'line', line: 'CARD 9H' }]);
    expect(splitter.end()).toEqual([{ kind: 'refused', refusal: { refused: 'incomplete', line: 'CAR' } }]);
    expect(splitter.push('D 9H\n')).toEqual([{ kind: 'line', line: 'D 9H' }]);
  });
});

describe('the project protocol, version 1', () => {
  it('reads each kind of line, keywords in any case, spaces around and between ignored', () => {
    expect(parseBaccLine('BACC-SHOE 1')).toEqual({ kind: 'hello', version: 1 });
    expect(parseBaccLine('  bacc-shoe   1 ')).toEqual({ kind: 'hello', version: 1 });
    expect(parseBaccLine('SHOE P-2026-12-01/07')).toEqual({ kind: 'shoe', pack: 'P-2026-12-01/07' });
    expect(parseBaccLine('CARD 9H')).toEqual({ kind: 'card', card: '9H' });
    expect(parseBaccLine('card\ttd')).toEqual({ kind: 'card', card: 'TD' });
    expect(parseBaccLine('CARD 10s')).toEqual({ kind: 'card', card: 'TS' });
    expect(parseBaccLine('Cut')).toEqual({ kind: 'cut' });
    expect(parseBaccLine('CANCEL QC')).toEqual({ kind: 'cancel', card: 'QC' });
    expect(parseBaccLine('LID OPEN')).toEqual({ kind: 'lid', open: true });
    expect(parseBaccLine('lid closed')).toEqual({ kind: 'lid', open: false });
  });

  it('refuses anything else, with a reason', () => {
    const cases: [string, string][] = [
      ['', 'blank'],
      ['   ', 'blank'],
      ['BACC-SHOE 2', 'unsupported-version'],
      ['BACC-SHOE', 'bad-arguments'],
      ['BACC-SHOE one', 'bad-arguments'],
      ['SHOE', 'bad-arguments'],
      [`SHOE ${'p'.repeat(65)}`, 'bad-pack-id'],
      ['SHOE pack one', 'bad-pack-id'],
      ['SHOE pa\u00e9k', 'bad-pack-id'],
      ['CARD', 'bad-arguments'],
      ['CARD 9', 'unknown-card'],
      ['CARD 9X', 'unknown-card'],
      ['CARD 1H', 'unknown-card'],
      ['CARD 9H 9D', 'bad-arguments'],
      ['CARD9H', 'unknown-keyword'],
      ['CUT 3', 'bad-arguments'],
      ['CANCEL', 'bad-arguments'],
      ['LID', 'bad-arguments'],
      ['LID AJAR', 'bad-arguments'],
      ['BURN 9H', 'unknown-keyword'],
      ['\u0000\u0001', 'unknown-keyword'],
    ];
    for (const [line, reason] of cases) expect(parseBaccLine(line), line).toEqual({ refused: reason, line });
  });
});

describe('suit letter and rank 01–13', () => {
  it('reads D12 as the queen of diamonds, 01 as the ace and 10 as the ten', () => {
    expect(parseSuitRankLine('D12')).toEqual({ kind: 'card', card: 'QD' });
    expect(parseSuitRankLine(' s01 ')).toEqual({ kind: 'card', card: 'AS' });
    expect(parseSuitRankLine('H10')).toEqual({ kind: 'card', card: 'TH' });
    expect(parseSuitRankLine('C13')).toEqual({ kind: 'card', card: 'KC' });
  });

  it('refuses D00, D14, X05, D1 and anything else', () => {
    for (const line of ['D00', 'D14', 'X05', 'D1', 'D012', '12D', 'CARD D12', 'D 12']) {
      expect(parseSuitRankLine(line), line).toEqual({ refused: 'unknown-card', line });
    }
    expect(parseSuitRankLine('')).toEqual({ refused: 'blank', line: '' });
  });
});

describe('JSON lines', () => {
  it('reads a suit letter then a rank 1–13 or A J Q K, in any case, ignoring other keys', () => {
    expect(parseJsonLine('{"card":"h10"}')).toEqual({ kind: 'card', card: 'TH' });
    expect(parseJsonLine('{"card":"H1"}')).toEqual({ kind: 'card', card: 'AH' });
    expect(parseJsonLine('{"card":"ha"}')).toEqual({ kind: 'card', card: 'AH' });
    expect(parseJsonLine('{"card":"sQ"}')).toEqual({ kind: 'card', card: 'QS' });
    expect(parseJsonLine('{"card":"c13"}')).toEqual({ kind: 'card', card: 'KC' });
    expect(parseJsonLine(' {"seq":4,"card":"d7","at":"12:00"} ')).toEqual({ kind: 'card', card: '7D' });
  });

  it('refuses malformed JSON, objects without a card, and cards it does not know', () => {
    const cases: [string, string][] = [
      ['{"card":"h10"', 'not-json'],
      ['"h10"', 'not-json'],
      ['[{"card":"h10"}]', 'not-json'],
      ['null', 'not-json'],
      ['{"rank":10,"suit":"h"}', 'no-card'],
      ['{"card":10}', 'no-card'],
      ['{"card":"h0"}', 'unknown-card'],
      ['{"card":"h14"}', 'unknown-card'],
      ['{"card":"h01"}', 'unknown-card'],
      ['{"card":"x5"}', 'unknown-card'],
      ['{"card":"10h"}', 'unknown-card'],
    ];
    for (const [line, reason] of cases) expect(parseJsonLine(line), line).toEqual({ refused: reason, line });
  });
});

describe('every protocol', () => {
  it('reads back every card as formatCardLine writes it', () => {
    for (const protocol of SHOE_PROTOCOLS) {
      const parse = lineParser(protocol);
      for (const card of ALL_CARDS) expect(parse(formatCardLine(card, protocol))).toEqual({ kind: 'card', card });
    }
    expect(formatCardLine('QD', 'suit-rank')).toBe('D12');
    expect(formatCardLine('TH', 'json')).toBe('{"card":"H10"}');
  });

  it('never throws on any line, and what it reads is an event of the protocol', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SHOE_PROTOCOLS), fc.string({ maxLength: 80 }), (protocol, line) => {
        const result = lineParser(protocol)(line);
        if (!isRefusal(result)) expect(['hello', 'shoe', 'card', 'cut', 'cancel', 'lid']).toContain(result.kind);
      }),
    );
  });

  it('a reader counts the lines it read and refused', () => {
    const reader = new ShoeLineReader('suit-rank');
    expect(reader.push('D12\r\nX05\r\nH0')).toEqual([
      { kind: 'card', card: 'QD' },
      { refused: 'unknown-card', line: 'X05' },
    ]);
    expect(reader.end()).toEqual([{ refused: 'incomplete', line: 'H0' }]);
    expect([reader.accepted, reader.refused]).toEqual([1, 2]);
  });
});
