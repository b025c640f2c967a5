import { describe, expect, it } from 'vitest';
import { shoeDocumentErrorText } from '../../../../components/app/history/import-words.js';
import { ShoeDocumentError } from '../../../../src/shoes/document.js';

describe('import-words counts (issue #14)', () => {
  it('says "at least 1 shoe", never "at least 1 shoes"', () => {
    const where = { shoe: null, shoeId: null, hand: null, card: null, field: 'shoes' };
    const error = new ShoeDocumentError({ kind: 'too-short', least: 1, length: 0, unit: 'shoes' }, where);
    expect(shoeDocumentErrorText(error)).toBe('shoes: must have at least 1 shoe; it has 0');
  });

  it('keeps the plural for a limit above one', () => {
    const error = new ShoeDocumentError({ kind: 'too-short', least: 4, length: 2, unit: 'cards' });
    expect(shoeDocumentErrorText(error)).toBe('must have at least 4 cards; it has 2');
    const one = new ShoeDocumentError({ kind: 'too-short', least: 1, length: 0, unit: 'hands' });
    expect(shoeDocumentErrorText(one)).toBe('must have at least 1 hand; it has 0');
  });
});
