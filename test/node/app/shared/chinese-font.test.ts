import { describe, it, expect } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import {
  CJK_RANGES,
  CSS_FILE,
  FAMILY,
  EVIDENCE_TRANSLATIONS,
  SLICES,
  WEIGHTS,
  chineseCharacters,
  fontCodePoints,
  fontFile,
  rangeCodePoints,
  sliceCharacters,
  translationFiles,
  unicodeRange,
} from '../../../../scripts/build-chinese-font.mjs';
import { CHINESE_FONT_RANGES } from '../../../../components/app/fonts/noto-sans-sc-ranges.js';

const text = (codePoints: Iterable<number>): string => String.fromCodePoint(...codePoints);

describe('the Chinese font', () => {
  const needed = chineseCharacters();
  const slices = sliceCharacters();

  it('finds the characters of the Simplified Chinese translations', () => {
    // The labels' own words, and punctuation: no Latin letter or digit is the font's business.
    for (const character of '庄闲和大路珠盘路历史，。（）') expect(text(needed)).toContain(character);
    expect(needed.every((c) => c >= 0x2e80)).toBe(true);
  });

  it('is split in two slices that do not overlap and together hold every translation’s characters', () => {
    expect(SLICES).toEqual(Object.keys(CHINESE_FONT_RANGES));
    const inApp = new Set(slices.app);
    expect(text(slices.evidence.filter((c) => inApp.has(c))), 'characters in both slices').toBe('');
    expect(text([...slices.app, ...slices.evidence].sort((a, b) => a - b))).toBe(text(needed));
    // The scoreboard's words are in the first slice; the second holds only what the evidence page adds.
    for (const character of '庄闲和大路珠盘路历史，。（）') expect(text(slices.app)).toContain(character);
    expect(slices.evidence.length).toBeGreaterThan(0);
  });

  for (const slice of ['app', 'evidence'] as const) {
    for (const weight of WEIGHTS) {
      it(`has a glyph for every character of the ${slice} slice, in weight ${weight} (else run node scripts/build-chinese-font.mjs)`, async () => {
        const covered = await fontCodePoints(readFileSync(fontFile(slice, weight)));
        expect(text(slices[slice].filter((c) => !covered.has(c))), `characters missing from the ${slice} font`).toBe('');
      });
    }

    it(`declares the ${slice} slice’s faces for exactly its characters (else run node scripts/build-chinese-font.mjs)`, () => {
      const declared = rangeCodePoints(CHINESE_FONT_RANGES[slice]);
      const wanted = new Set(slices[slice]);
      expect(text(slices[slice].filter((c) => !declared.includes(c))), 'characters missing from the unicode-range').toBe('');
      expect(text(declared.filter((c) => !wanted.has(c))), 'characters the unicode-range has too many').toBe('');
      expect(CHINESE_FONT_RANGES[slice]).toBe(unicodeRange(slices[slice]));
    });
  }

  it('holds nothing but CJK characters, the ranges the page loads it for', async () => {
    for (const slice of SLICES) {
      const covered = await fontCodePoints(readFileSync(fontFile(slice, 400)));
      const outside = [...covered].filter((c) => !CJK_RANGES.some(([first, last]) => c >= first && c <= last));
      expect(text(outside)).toBe('');
    }
  });

  it('writes a unicode-range as runs of consecutive code points', () => {
    expect(unicodeRange([0x4e01, 0x3001, 0x4e00, 0x3002, 0x4e05, 0x4e02])).toBe('U+3001-3002, U+4E00-4E02, U+4E05');
    expect(rangeCodePoints('U+3001-3002, U+4E05')).toEqual([0x3001, 0x3002, 0x4e05]);
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
      expect(EVIDENCE_TRANSLATIONS).toEqual(['components/app/locales/zh-Hans/evidence.ts']);
      write('components/app/locales/zh-Hans/evidence.ts', "export const templates = { e: '证据历史' };");
      expect(translationFiles(root).map((file) => file.slice(root.length + 1))).toEqual([
        'components/app/locales/zh-Hans.ts',
        'components/app/locales/zh-Hans/evidence.ts',
        'components/app/locales/zh-Hans/history.ts',
        'components/locales/zh-Hans/roads.ts',
      ]);
      const found = text(chineseCharacters(root));
      for (const character of '大路历史桌') expect(found).toContain(character);
      expect(found).not.toContain('鑫');
      // The evidence page's characters the other translations lack, and only those, make the second slice.
      const { app, evidence } = sliceCharacters(root);
      expect(text(evidence)).toBe('据证'); // in code point order
      expect(text(app)).toContain('历史');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('ships chinese-font.css, one @font-face per slice and weight, each for exactly its slice’s characters (else run node scripts/build-chinese-font.mjs)', () => {
    const faces = [...readFileSync(CSS_FILE, 'utf8').matchAll(/@font-face\s*{([^}]*)}/g)].map(([, body]) => {
      const value = (property: string) => new RegExp(`${property}:\\s*([^;]+);`).exec(body!)?.[1]?.replace(/\s+/g, ' ').trim();
      return { family: value('font-family'), weight: value('font-weight'), src: value('src'), range: value('unicode-range') };
    });
    // The subset's faces; the whole font's, in a family of their own, are checked in chinese-full-font.test.ts.
    expect(faces.filter((face) => face.family === `'${FAMILY}'`)).toHaveLength(SLICES.length * WEIGHTS.length);
    for (const slice of SLICES) {
      for (const weight of WEIGHTS) {
        const file = relative(dirname(CSS_FILE), fontFile(slice, weight));
        const face = faces.find((f) => f.src === `url('./${file}') format('woff2')`);
        expect(face, `${slice} ${weight}`).toEqual({
          family: `'${FAMILY}'`,
          weight: String(weight),
          src: face?.src,
          range: unicodeRange(slices[slice]),
        });
        expect(existsSync(fontFile(slice, weight))).toBe(true);
      }
    }
  });

  // It runs npm pack (a dry run, ~4 s on a quiet machine), more than a test's default 5 s allow a busy one.
  it('is in the elements package: baccarat-scoreboard/chinese-font.css, its four files and their licence', { timeout: 30_000 }, () => {
    const root = join(dirname(CSS_FILE), '..', '..');
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { exports: Record<string, unknown> };
    expect(join(root, manifest.exports['./chinese-font.css'] as string)).toBe(CSS_FILE);
    const [packed] = JSON.parse(
      execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8' }),
    ) as { files: { path: string }[] }[];
    const files = packed!.files.map((file) => file.path);
    const folder = relative(root, dirname(CSS_FILE));
    for (const name of [
      'chinese-font.css',
      'OFL.txt',
      ...SLICES.flatMap((slice) => WEIGHTS.map((weight) => `noto-sans-sc-${slice}-${weight}.woff2`)),
    ]) {
      expect(files, name).toContain(`${folder}/${name}`);
    }
  });
});
