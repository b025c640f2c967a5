/**
 * The whole Chinese font, for table names (issue #28, point 9): Fontsource's slices that hold CJK
 * characters, copied as they are into components/fonts/full/, each declared for its CJK characters
 * only (Latin text keeps the page's font), in a family of its own that the font stack names after
 * the translations' subset: in the elements' chinese-font.css, and in the app's module, whose short
 * form of the ranges reads back to the same unicode-ranges.
 */
import { describe, it, expect } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import {
  CJK_RANGES,
  CSS_FILE,
  FULL_DIR,
  FULL_FAMILY,
  WEIGHTS,
  encodeRuns,
  fullFontName,
  fullSlices,
  rangeCodePoints,
  unicodeRange,
} from '../../../../scripts/build-chinese-font.mjs';
import { CHINESE_FULL_FONT_SLICES } from '../../../../components/app/fonts/noto-sans-sc-full.js';
import { CHINESE_FULL_FONT_FAMILY, unicodeRangeOf } from '../../../../components/app/shared/chinese-font.js';
import { themeTokens } from '../../../../components/styles/theme.js';

const isCjk = (codePoint: number) => CJK_RANGES.some(([first, last]) => codePoint >= first && codePoint <= last);

describe('the whole Chinese font', () => {
  const slices = fullSlices();

  it('is every slice of Fontsource’s Noto Sans SC that holds CJK characters, and together they hold every ideograph a name may use', () => {
    expect(slices.length).toBeGreaterThan(80);
    const all = new Set(slices.flatMap((slice) => slice.codePoints));
    for (const character of '龍鳳桌鑫隆厅百家乐庄闲和') expect(all.has(character.codePointAt(0)!), character).toBe(true);
    expect([...all].every(isCjk)).toBe(true);
    // The font as Fontsource serves it: some 12,000 unified ideographs, the simplified ones of GB 2312 and the traditional ones in common use.
    expect([...all].filter((c) => c >= 0x4e00 && c <= 0x9fff).length).toBeGreaterThan(12_000);
  });

  it('is shipped as Fontsource’s own files, unchanged, one per slice and weight, and nothing else (else run node scripts/build-chinese-font.mjs)', () => {
    const expected = slices.flatMap((slice) => WEIGHTS.map((weight) => fullFontName(slice.name, weight))).sort();
    expect(readdirSync(FULL_DIR).sort()).toEqual(expected);
    for (const slice of slices) {
      for (const weight of WEIGHTS) {
        expect(readFileSync(join(FULL_DIR, fullFontName(slice.name, weight))).equals(readFileSync(slice.files[weight]!))).toBe(true);
      }
    }
  });

  it('is declared in chinese-font.css, a face per slice and weight, each for exactly its CJK characters (else run node scripts/build-chinese-font.mjs)', () => {
    const faces = [...readFileSync(CSS_FILE, 'utf8').matchAll(/@font-face\s*{([^}]*)}/g)]
      .map(([, body]) => {
        const value = (property: string) => new RegExp(`${property}:\\s*([^;]+);`).exec(body!)?.[1]?.replace(/\s+/g, ' ').trim();
        return { family: value('font-family'), weight: value('font-weight'), src: value('src'), range: value('unicode-range') };
      })
      .filter((face) => face.family === `'${FULL_FAMILY}'`);
    expect(faces).toHaveLength(slices.length * WEIGHTS.length);
    for (const slice of slices) {
      for (const weight of WEIGHTS) {
        const file = relative(dirname(CSS_FILE), join(FULL_DIR, fullFontName(slice.name, weight)));
        const face = faces.find((f) => f.src === `url('./${file}') format('woff2')`);
        expect(face, `${slice.name} ${weight}`).toEqual({
          family: `'${FULL_FAMILY}'`,
          weight: String(weight),
          src: face?.src,
          range: unicodeRange(slice.codePoints),
        });
        expect(rangeCodePoints(face!.range!).every(isCjk)).toBe(true);
      }
    }
  });

  it('gives the app the same slices, in short, read back to the same ranges, with their files (else run node scripts/build-chinese-font.mjs)', () => {
    expect(CHINESE_FULL_FONT_SLICES).toHaveLength(slices.length);
    CHINESE_FULL_FONT_SLICES.forEach((entry, i) => {
      const slice = slices[i]!;
      expect(entry.runs).toBe(encodeRuns(slice.codePoints));
      expect(unicodeRangeOf(entry.runs)).toBe(unicodeRange(slice.codePoints));
      for (const weight of WEIGHTS as (400 | 700)[]) {
        expect(entry[weight].pathname.endsWith(`/components/fonts/full/${fullFontName(slice.name, weight)}`)).toBe(true);
        expect(existsSync(entry[weight])).toBe(true);
      }
    });
  });

  it('reads its short ranges back exactly', () => {
    for (const codePoints of [[0x4e00], [0x4e00, 0x4e01, 0x4e02, 0x4e05, 0x9fff], [0x3000, 0x3002, 0x3003, 0xff01]]) {
      expect(unicodeRangeOf(encodeRuns(codePoints))).toBe(unicodeRange(codePoints));
    }
  });

  it('is named by the elements’ font stack right after the translations’ subset, before any installed font', () => {
    expect(CHINESE_FULL_FONT_FAMILY).toBe(FULL_FAMILY);
    expect(themeTokens.cssText).toContain(`'Noto Sans SC', '${FULL_FAMILY}', system-ui`);
  });

  // npm pack (a dry run) takes seconds on a busy machine.
  it('is in the elements package with chinese-font.css', { timeout: 30_000 }, () => {
    const root = join(dirname(CSS_FILE), '..', '..');
    const [packed] = JSON.parse(
      execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8' }),
    ) as {
      files: { path: string }[];
    }[];
    const files = new Set(packed!.files.map((file) => file.path));
    for (const name of readdirSync(FULL_DIR)) expect(files.has(`${relative(root, FULL_DIR)}/${name}`), name).toBe(true);
  });
});
