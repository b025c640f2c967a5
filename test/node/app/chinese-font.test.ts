import { describe, it, expect } from 'vitest';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CJK_RANGES,
  WEIGHTS,
  chineseCharacters,
  fontCodePoints,
  fontFile,
  translationFiles,
} from '../../../scripts/build-chinese-font.mjs';
import { CHINESE_FONT_RANGE } from '../../../components/app/chinese-font.js';

const text = (codePoints: Iterable<number>): string => String.fromCodePoint(...codePoints);

describe('the Chinese font', () => {
  const needed = chineseCharacters();

  it('finds the characters of the Simplified Chinese translations', () => {
    // The labels' own words, and punctuation: no Latin letter or digit is the font's business.
    for (const character of '庄闲和大路珠盘路历史，。（）') expect(text(needed)).toContain(character);
    expect(needed.every((c) => c >= 0x2e80)).toBe(true);
  });

  for (const weight of WEIGHTS) {
    it(`has a glyph for every character the translations use, in weight ${weight} (else run node scripts/build-chinese-font.mjs)`, async () => {
      const covered = await fontCodePoints(readFileSync(fontFile(weight)));
      expect(text(needed.filter((c) => !covered.has(c))), 'characters missing from the font').toBe('');
    });
  }

  it('holds nothing but CJK characters, the ranges the page loads it for', async () => {
    const covered = await fontCodePoints(readFileSync(fontFile(400)));
    const outside = [...covered].filter((c) => !CJK_RANGES.some(([first, last]) => c >= first && c <= last));
    expect(text(outside)).toBe('');
  });

  it('is loaded for the same unicode-range the script cuts it to', () => {
    const hex = (n: number) => n.toString(16).toUpperCase();
    expect(CHINESE_FONT_RANGE).toBe(CJK_RANGES.map(([first, last]) => `U+${hex(first)}-${hex(last)}`).join(', '));
  });

  it('reads the translations wherever a zh locales folder is under components/, the app’s own included', () => {
    const root = mkdtempSync(join(tmpdir(), 'zh-font-'));
    try {
      const write = (path: string, content: string) => {
        mkdirSync(join(root, path, '..'), { recursive: true });
        writeFileSync(join(root, path), content);
      };
      write('components/locales/zh-Hans/roads.ts', "export const templates = { a: '大路' };");
      write('components/app/locales/zh-Hans/history.ts', "export const templates = { b: '历史' };");
      write('components/app/locales/zh-Hans.ts', "export const templates = { c: '桌' };");
      write('components/app/locales/fr/history.ts', "export const templates = { d: '鑫' };");
      write('components/app/history/bacc-history.ts', "msg('History 鑫')");
      expect(translationFiles(root).map((file) => file.slice(root.length + 1))).toEqual([
        'components/app/locales/zh-Hans.ts',
        'components/app/locales/zh-Hans/history.ts',
        'components/locales/zh-Hans/roads.ts',
      ]);
      const found = text(chineseCharacters(root));
      for (const character of '大路历史桌') expect(found).toContain(character);
      expect(found).not.toContain('鑫');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
