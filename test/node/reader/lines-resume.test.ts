import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  ASK_AGAIN_MS,
  LineNumbers,
  ShoeLineReader,
  formatResumeLine,
  isRefusal,
  parseBaccLine,
  parseResumeLine,
  type LineParseResult,
} from '../../../src/reader/lines.js';

const events = (results: LineParseResult[]) => results.filter((result) => !isRefusal(result));

describe('numbered lines of the project protocol', () => {
  it('reads a line number before any event but the hello', () => {
    expect(parseBaccLine('7 CARD 9H')).toEqual({ kind: 'card', card: '9H', number: 7 });
    expect(parseBaccLine('  1\tshoe P-7 ')).toEqual({ kind: 'shoe', pack: 'P-7', number: 1 });
    expect(parseBaccLine('12 CUT')).toEqual({ kind: 'cut', number: 12 });
    expect(parseBaccLine('3 BACC-SHOE 1')).toEqual({ kind: 'hello', version: 1 });
    expect(parseBaccLine('CARD 9H')).toEqual({ kind: 'card', card: '9H' });
  });

  it('refuses a number alone, a zero, a leading zero or a bad event after a number', () => {
    expect(parseBaccLine('7')).toEqual({ refused: 'unknown-keyword', line: '7' });
    expect(parseBaccLine('0 CARD 9H')).toEqual({ refused: 'unknown-keyword', line: '0 CARD 9H' });
    expect(parseBaccLine('07 CARD 9H')).toEqual({ refused: 'unknown-keyword', line: '07 CARD 9H' });
    expect(parseBaccLine('7 CARD 9X')).toEqual({ refused: 'unknown-card', line: '7 CARD 9X' });
    expect(parseBaccLine('1234567890 CUT')).toEqual({ refused: 'unknown-keyword', line: '1234567890 CUT' });
  });

  it('writes and reads the host’s RESUME line', () => {
    expect(formatResumeLine(null)).toBe('RESUME');
    expect(formatResumeLine({ pack: 'sim-a', last: 41 })).toBe('RESUME sim-a 41');
    expect(parseResumeLine('RESUME sim-a 41')).toEqual({ pack: 'sim-a', last: 41 });
    expect(parseResumeLine('resume')).toBeNull();
    for (const line of ['RESUME sim-a', 'RESUME sim-a -1', 'RESUME a 1 2', 'CARD 9H', ''])
      expect(parseResumeLine(line), line).toBeUndefined();
  });
});

describe('LineNumbers', () => {
  it('takes lines in order, drops repeats, and in strict mode calls a skipped number a gap', () => {
    const numbers = new LineNumbers();
    expect(numbers.held).toBeNull();
    expect(numbers.sort({ kind: 'shoe', pack: 'A', number: 1 }, true)).toBe('take');
    expect(numbers.sort({ kind: 'card', card: '9H', number: 2 }, true)).toBe('take');
    expect(numbers.sort({ kind: 'card', card: '9H', number: 2 }, true)).toBe('repeat');
    expect(numbers.sort({ kind: 'shoe', pack: 'A', number: 1 }, true)).toBe('repeat');
    expect(numbers.sort({ kind: 'card', card: '2C', number: 4 }, true)).toBe('gap');
    expect(numbers.held).toEqual({ pack: 'A', last: 2 });
    expect(numbers.sort({ kind: 'card', card: '2C', number: 4 }, false)).toBe('take');
    expect(numbers.sort({ kind: 'shoe', pack: 'B', number: 1 }, true)).toBe('take');
    expect(numbers.held).toEqual({ pack: 'B', last: 1 });
    expect(numbers.sort({ kind: 'cut' }, true)).toBe('take');
  });

  it('joining mid-shoe (no pack held): a host that can ask waits for the SHOE line; one that cannot takes what comes but repeats', () => {
    const asking = new LineNumbers();
    expect(asking.sort({ kind: 'card', card: '9H', number: 5 }, true)).toBe('gap');
    expect(asking.sort({ kind: 'shoe', pack: 'A', number: 1 }, true)).toBe('take');
    const relayed = new LineNumbers();
    expect(relayed.sort({ kind: 'card', card: '9H', number: 5 }, false)).toBe('take');
    expect(relayed.sort({ kind: 'card', card: '8H', number: 9 }, false)).toBe('take');
    expect(relayed.sort({ kind: 'card', card: '2H', number: 3 }, false)).toBe('repeat');
    expect(relayed.sort({ kind: 'card', card: '8H', number: 9 }, false)).toBe('repeat');
    expect(relayed.held).toBeNull();
  });

  it('starts from what a reopened host kept', () => {
    const numbers = new LineNumbers({ pack: 'A', last: 40 });
    expect(numbers.sort({ kind: 'shoe', pack: 'A', number: 1 }, true)).toBe('repeat');
    expect(numbers.sort({ kind: 'card', card: '9H', number: 40 }, true)).toBe('repeat');
    expect(numbers.sort({ kind: 'card', card: '9H', number: 41 }, true)).toBe('take');
    expect(numbers.held).toEqual({ pack: 'A', last: 41 });
  });
});

/** A device following the protocol's contract, with a wire that loses lines where told. */
function lossyWire(lineCount: number, losses: Set<number>) {
  const lines = [`1 SHOE P`, ...Array.from({ length: lineCount - 1 }, (_, i) => `${i + 2} CARD ${'A23456789TJQK'[i % 13]}S`)];
  let next = 0;
  let clock = 0;
  const answers: string[] = [];
  const reader = new ShoeLineReader('bacc', { answer: (line) => answers.push(line), now: () => clock });
  const taken: LineParseResult[] = [];
  const followAnswers = () => {
    for (const answer of answers.splice(0)) {
      const request = parseResumeLine(answer);
      if (request && request.last < next) next = request.last;
    }
  };
  for (let sends = 0; sends < lineCount * 20; sends++) {
    clock += 10;
    if (next >= lines.length) {
      // After its last line the device says hello again: a host short of lines answers with what it holds.
      reader.push('BACC-SHOE 1\r\n');
      followAnswers();
      if (next >= lines.length) break;
      continue;
    }
    const index = next++;
    // A line marked is lost once (as by a pulled cable), then arrives when sent again.
    if (!losses.delete(index)) taken.push(...events(reader.push(`${lines[index]}\r\n`)));
    followAnswers();
  }
  return { lines, taken, reader };
}

describe('ShoeLineReader on a line that loses lines', () => {
  // The SHOE line goes out after the host answered the hello, so the host holds a pack before any loss.
  it('with a device that resumes, takes every line once and in order, whatever is lost after the SHOE line', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 80 }), fc.array(fc.nat(), { maxLength: 15 }), (count, lost) => {
        const { lines, taken } = lossyWire(count, new Set(lost.map((index) => 1 + (index % (count - 1)))));
        expect(taken.map((event) => ('number' in event ? event.number : null))).toEqual(lines.map((_, index) => index + 1));
      }),
    );
  });

  it('answers a hello with what it holds, and a skipped number at most once a second', () => {
    let clock = 0;
    const answers: string[] = [];
    const reader = new ShoeLineReader('bacc', { answer: (line) => answers.push(line), now: () => clock });
    reader.opened();
    reader.push('BACC-SHOE 1\r\n1 SHOE P\r\n2 CARD 9H\r\n');
    expect(answers).toEqual(['RESUME', 'RESUME']);
    reader.push('BACC-SHOE 1\r\n5 CARD 2C\r\n6 CARD 3C\r\n');
    // The hello's answer asked already: the skipped numbers right after it ask nothing more.
    expect(answers.slice(2)).toEqual(['RESUME P 2']);
    clock += ASK_AGAIN_MS;
    reader.push('7 CARD 4C\r\n');
    expect(answers.slice(3)).toEqual(['RESUME P 2']);
    expect(events(reader.push('3 CARD 2C\r\n2 CARD 9H\r\n'))).toEqual([{ kind: 'card', card: '2C', number: 3 }]);
    expect({ skipped: reader.skipped, repeated: reader.repeated }).toEqual({ skipped: 3, repeated: 1 });
  });

  it('without a way to answer, takes a skipped number and drops only repeats', () => {
    const reader = new ShoeLineReader('bacc');
    const taken = events(reader.push('1 SHOE P\r\n2 CARD 9H\r\n4 CARD 2C\r\n4 CARD 2C\r\n3 CARD 3C\r\n'));
    expect(taken.map((event) => ('number' in event ? event.number : null))).toEqual([1, 2, 4]);
    expect(reader.repeated).toBe(2);
  });

  it('never answers a device of another protocol', () => {
    const answers: string[] = [];
    const reader = new ShoeLineReader('suit-rank', { answer: (line) => answers.push(line) });
    reader.opened();
    reader.push('D12\r\n');
    expect(answers).toEqual([]);
  });
});
