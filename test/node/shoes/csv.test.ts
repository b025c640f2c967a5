import { describe, expect, it } from 'vitest';
import { shoesToCsv } from '../../../src/shoes/csv.js';
import { handRecord, type ShoeRecord } from '../../../src/shoes/document.js';
import { resolveCompleteHand } from '../../../src/game/hand.js';
import { makeRules } from '../../../src/game/rules.js';

const shoe: ShoeRecord = {
  id: 'shoe-1',
  number: 1,
  table: 'Table 1',
  source: 'recorded',
  seed: null,
  startedAt: '2026-11-30T10:00:00.000Z',
  endedAt: null,
  rules: makeRules(),
  hands: [handRecord(resolveCompleteHand(['9H', '2C', 'KD', '5S']))],
};

/** The row's fields as a spreadsheet reads a quoted CSV row: quotes removed, doubled quotes made one. */
function cells(line: string): string[] {
  return [...line.matchAll(/"((?:[^"]|"")*)"(?:,|$)/g)].map((match) => match[1]!.replaceAll('""', '"'));
}

/** The table column of the first row, as a spreadsheet reads it. */
function tableCell(table: string): string {
  const line = shoesToCsv([{ ...shoe, table }]).split('\r\n')[1]!;
  return cells(line)[2]!;
}

describe('CSV export against formula injection (OWASP)', () => {
  it.each([['=1+1'], ['+1+1'], ['-2+3'], ['@SUM(A1:A9)'], ['\t=1+1'], ['\r@SUM(A1)'], ['\t-1'], ['=HYPERLINK("http://x","click")']])(
    'puts a single quote before %j, so a spreadsheet shows it as text',
    (hostile) => {
      expect(tableCell(hostile)).toBe(`'${hostile}`);
    },
  );

  it('quotes every field and doubles the quotes inside, so no text starts a cell of its own', () => {
    const line = shoesToCsv([{ ...shoe, id: '"=x"', table: 'a,=1+1;=2+2' }]).split('\r\n')[1]!;
    expect(line.startsWith('"""=x""","1","a,=1+1;=2+2",')).toBe(true);
    expect(cells(line)).toHaveLength(13);
    expect(cells(line).slice(0, 3)).toEqual(['"=x"', '1', 'a,=1+1;=2+2']);
  });

  it('leaves text that starts otherwise as it is', () => {
    for (const table of ['Table 1', "'quoted", ' =spaced', '迷你百家乐', '1-2', '']) expect(tableCell(table)).toBe(table);
  });

  it('prefixes a leading minus too, as OWASP says; no number the file writes is negative', () => {
    expect(tableCell('-5')).toBe("'-5");
    const row = cells(shoesToCsv([shoe]).split('\r\n')[1]!);
    expect(row[1]).toBe('1');
    expect(row.slice(5, 12)).toEqual(['1', 'P', 'false', 'false', 'true', '9', '7']);
  });
});
