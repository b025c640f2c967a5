/**
 * The Chinese font the app ships, for screens without a CJK font of their own (Debian's Chromium on
 * a fresh machine draws 简体中文 as empty boxes): Noto Sans SC, cut down to the characters of the
 * Simplified Chinese translations by scripts/build-chinese-font.mjs, one woff2 per weight beside
 * this file. Self-hosted and precached with the page, so it works offline.
 *
 * Only a page in Chinese loads it, by calling `loadChineseFont()`; an English page never fetches
 * it. The faces take the family name the theme's font stack already names after the Latin fonts
 * (`--bacc-font-family`'s default, History's picture), and cover only CJK code points, so Latin
 * text keeps the page's own font and a character the subset lacks falls through to the next
 * family in the stack.
 */

/** The family name of the faces, as the theme's font stack and History's picture name it. */
export const CHINESE_FONT_FAMILY = 'Noto Sans SC';

/** CJK punctuation, radicals, ideographs, kana, bopomofo and fullwidth forms: the ranges the script cuts the font to. */
export const CHINESE_FONT_RANGE =
  'U+2E80-2FDF, U+3000-30FF, U+3100-312F, U+31C0-31EF, U+3200-33FF, U+3400-4DBF, U+4E00-9FFF, U+F900-FAFF, U+FE30-FE4F, U+FF00-FFEF';

/** The files, by weight: 400 for text, 700 for titles and buttons (a 600 rule picks 700). */
const FILES = {
  400: new URL('./fonts/noto-sans-sc-subset-400.woff2', import.meta.url),
  700: new URL('./fonts/noto-sans-sc-subset-700.woff2', import.meta.url),
} as const;

let loading: Promise<boolean> | null = null;

/**
 * Adds the Chinese faces to the document and loads them, once, however often it is called.
 * Resolves to true when they are ready (text already drawn is redrawn with them, and History's
 * canvas picture can use them), false when they could not be loaded; a later call then tries again.
 */
export function loadChineseFont(): Promise<boolean> {
  loading ??= (async () => {
    const faces = Object.entries(FILES).map(
      ([weight, url]) =>
        new FontFace(CHINESE_FONT_FAMILY, `url(${JSON.stringify(url.href)}) format('woff2')`, {
          weight,
          style: 'normal',
          display: 'swap',
          unicodeRange: CHINESE_FONT_RANGE,
        }),
    );
    for (const face of faces) document.fonts.add(face);
    try {
      await Promise.all(faces.map((face) => face.load()));
      return true;
    } catch (error) {
      console.warn('The Chinese font could not be loaded:', error);
      for (const face of faces) document.fonts.delete(face);
      loading = null;
      return false;
    }
  })();
  return loading;
}
