import { describe, expect, it } from 'vitest';
import { nameProblemText } from '../../../../components/app/history/import-words.js';
import { nameProblemLogText, normaliseTableName } from '../../../../src/shoes/table-names.js';

describe('an imported table name refused for a replacement character or a stray mark', () => {
  it('is worded as the store’s own message, never left undefined', () => {
    for (const name of ['T\uFFFD1', '\u0301Table']) {
      const result = normaliseTableName(name);
      if (result.ok) throw new Error(`${name} was accepted`);
      expect(nameProblemText(result.problem)).toBe(nameProblemLogText(result.problem));
    }
  });
});
