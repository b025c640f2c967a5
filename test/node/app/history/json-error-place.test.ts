import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { jsonErrorOffset, lineAndColumn, readAndCheck } from '../../../../components/app/history/import-checks.js';

const parses = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

describe('where a text stops being JSON (issue #14, point 3)', () => {
  it('finds the first character no JSON could have there, or the end of a text that breaks off', () => {
    expect(jsonErrorOffset('{"a": 1}')).toBe(null);
    expect(jsonErrorOffset('{"a": }')).toBe(6);
    expect(jsonErrorOffset('{"a": 1')).toBe(7);
    expect(jsonErrorOffset('[1, 2,]')).toBe(6);
    expect(jsonErrorOffset('{"shoes": [tru')).toBe(14);
    expect(jsonErrorOffset('{"a": 01}')).toBe(7);
    expect(jsonErrorOffset('{"a": "x\ny"}')).toBe(8);
    expect(jsonErrorOffset('{} {}')).toBe(3);
    expect(jsonErrorOffset('')).toBe(0);
    expect(jsonErrorOffset("{'a': 1}")).toBe(1);
  });

  it('agrees with JSON.parse on which texts are JSON', () => {
    const pieces = fc.constantFrom(
      '{',
      '}',
      '[',
      ']',
      ',',
      ':',
      '"',
      '"a"',
      '\\',
      '\\u00e9',
      '1',
      '-',
      '0',
      '.5',
      'e3',
      'true',
      'nul',
      ' ',
      '\n',
      'x',
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 12 }), (parts) => {
        const text = parts.join('');
        expect(jsonErrorOffset(text) === null, text).toBe(parses(text));
      }),
      { numRuns: 5000 },
    );
    fc.assert(
      fc.property(fc.json(), (text) => {
        expect(jsonErrorOffset(text)).toBe(null);
      }),
    );
  });

  it('counts lines from 1 and columns in characters', () => {
    expect(lineAndColumn('{\n  "a": }', 9)).toEqual({ line: 2, column: 8 });
    expect(lineAndColumn('["😀", x]', 7)).toEqual({ line: 1, column: 7 });
  });

  it('refuses a broken file with its place, and keeps the browser’s words for the log', async () => {
    const work = { onProgress: () => undefined, pause: () => Promise.resolve() };
    const outcome = await readAndCheck(new Blob(['{\n  "format": "baccarat-shoes",\n  "shoes": [}\n']), work);
    expect(outcome.ok).toBe(false);
    if (outcome.ok || outcome.refusal.kind !== 'bad-json') throw new Error('not a bad-json refusal');
    expect(outcome.refusal.at).toEqual({ line: 3, column: 13, end: false });
    expect(outcome.refusal.detail.length).toBeGreaterThan(0);
    const cut = await readAndCheck(new Blob(['{"shoes": [1, 2']), work);
    expect(!cut.ok && cut.refusal).toMatchObject({ kind: 'bad-json', at: { line: 1, column: 16, end: true } });
  });
});
