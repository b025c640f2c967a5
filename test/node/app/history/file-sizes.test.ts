import { describe, it, expect } from 'vitest';
import { formatBytes, MAX_IMPORT_BYTES } from '../../../../components/app/history/file-sizes.js';

describe('formatBytes', () => {
  it('writes bytes in decimal units, with one decimal below 100 of a unit', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(999)).toBe('999 B');
    expect(formatBytes(1000)).toBe('1.0 KB');
    expect(formatBytes(3_200_000)).toBe('3.2 MB');
    expect(formatBytes(150_000_000)).toBe('150 MB');
    expect(formatBytes(2.5e12)).toBe('2.5 TB');
    expect(formatBytes(4e15)).toBe('4000 TB');
  });

  it('names the import limit as the import refusal shows it', () => {
    expect(formatBytes(MAX_IMPORT_BYTES)).toBe('64.0 MB');
  });
});
