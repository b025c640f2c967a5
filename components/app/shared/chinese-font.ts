/**
 * The Chinese font the app ships, for screens without a CJK font of their own (Debian's Chromium on
 * a fresh machine draws 简体中文 as empty boxes): Noto Sans SC, cut down to the characters of the
 * Simplified Chinese translations by scripts/build-chinese-font.mjs, in components/fonts/ (which the
 * elements package ships, with chinese-font.css for a site's own page). Self-hosted and precached
 * with the page, so it works offline.
 *
 * The font is split in two slices, one woff2 per weight each, as Fontsource splits the whole font:
 * `app`, the characters of every translation but the evidence page's (the scoreboard, the console,
 * History, the lobby, the elements' terms), and `evidence`, the characters only the evidence page
 * uses. Each slice's faces are declared for exactly its characters (../fonts/noto-sans-sc-ranges.ts,
 * generated with the fonts), so the browser fetches the evidence slice only when a page draws one
 * of its characters: the kiosk's scoreboard, the console and History never do. The ranges, a few
 * KB, are imported only by a page in Chinese, so that the English kiosk's entry does not carry them.
 *
 * Only a page in Chinese declares the faces, by calling `loadChineseFont()`; an English page never
 * fetches them. The faces take the family name the theme's font stack already names after the
 * Latin fonts in History's picture, and first in `--bacc-font-family`'s default: Chromium never draws
 * again text it drew while a face was loading if an installed font (system-ui) came before that
 * face's family. They cover only CJK code points, so Latin text keeps the next font in the stack,
 * and a character the slices lack falls through to the families after it.
 *
 * Table names are not the translations' words: a name such as 龍鳳桌 VIP comes from the console or
 * the address, on an English page too. `declareFullChineseFont()` declares a second family, the
 * whole Noto Sans SC in Fontsource's unicode-range slices (../fonts/noto-sans-sc-full.ts), which the
 * font stack names right after the subset: the browser fetches only the slices of the characters a
 * page draws that the subset lacks, and the service worker keeps those it fetched for offline use.
 */
import type { CHINESE_FONT_RANGES } from '../fonts/noto-sans-sc-ranges.js';

/** The family name of the faces, as the theme's font stack and History's picture name it. */
export const CHINESE_FONT_FAMILY = 'Noto Sans SC';

/** The slices of the font: the characters of every page but the evidence page, and the evidence page's further ones. */
export type ChineseFontSlice = keyof typeof CHINESE_FONT_RANGES;

/** The files, by slice and weight: 400 for text, 700 for titles and buttons (a 600 rule picks 700). */
const FILES: Record<ChineseFontSlice, Record<400 | 700, URL>> = {
  app: {
    400: new URL('../../fonts/noto-sans-sc-app-400.woff2', import.meta.url),
    700: new URL('../../fonts/noto-sans-sc-app-700.woff2', import.meta.url),
  },
  evidence: {
    400: new URL('../../fonts/noto-sans-sc-evidence-400.woff2', import.meta.url),
    700: new URL('../../fonts/noto-sans-sc-evidence-700.woff2', import.meta.url),
  },
};

/** The faces declared, by slice, once `loadChineseFont` has run. */
let declared: Promise<Record<ChineseFontSlice, FontFace[]>> | null = null;
const loading = new Map<ChineseFontSlice, Promise<boolean>>();

/** Adds the faces of both slices to the document, once. */
async function declareFaces(): Promise<Record<ChineseFontSlice, FontFace[]>> {
  const { CHINESE_FONT_RANGES } = await import('../fonts/noto-sans-sc-ranges.js');
  const faces = (slice: ChineseFontSlice): FontFace[] =>
    Object.entries(FILES[slice]).map(
      ([weight, url]) =>
        new FontFace(CHINESE_FONT_FAMILY, `url(${JSON.stringify(url.href)}) format('woff2')`, {
          weight,
          style: 'normal',
          display: 'swap',
          unicodeRange: CHINESE_FONT_RANGES[slice],
        }),
    );
  const all = { app: faces('app'), evidence: faces('evidence') };
  for (const face of [...all.app, ...all.evidence]) document.fonts.add(face);
  return all;
}

function loadSlice(slice: ChineseFontSlice): Promise<boolean> {
  let promise = loading.get(slice);
  if (!promise) {
    promise = (async () => {
      const faces = (declared ??= declareFaces());
      try {
        await Promise.all((await faces)[slice].map((face) => face.load()));
        return true;
      } catch (error) {
        console.warn(`The Chinese font (${slice}) could not be loaded:`, error);
        // A face that failed stays in the error state: declare the faces anew for the next try.
        const all = await faces.catch(() => null);
        if (all) for (const face of [...all.app, ...all.evidence]) document.fonts.delete(face);
        if (declared === faces) declared = null;
        loading.clear();
        return false;
      }
    })();
    loading.set(slice, promise);
  }
  return promise;
}

/**
 * Adds the Chinese faces of both slices to the document and loads the `app` slice's, once, however
 * often it is called; the evidence slice's faces load when a page draws one of their characters,
 * or here at once with `{ evidence: true }` (for text drawn on a canvas, which is not redrawn).
 * Resolves to true when the faces asked for are ready (text already drawn is redrawn with them, and
 * History's canvas picture can use them), false when they could not be loaded; a later call then
 * tries again.
 */
export async function loadChineseFont({ evidence = false }: { evidence?: boolean } = {}): Promise<boolean> {
  const slices: ChineseFontSlice[] = evidence ? ['app', 'evidence'] : ['app'];
  const loaded = await Promise.all(slices.map(loadSlice));
  return loaded.every(Boolean);
}

/**
 * The unicode-range of a slice's code points as scripts/build-chinese-font.mjs's `encodeRuns` writes
 * them: each run, its distance from the end of the run before and, after a `+`, how many follow, in base 36.
 */
export function unicodeRangeOf(runs: string): string {
  const hex = (codePoint: number): string => codePoint.toString(16).toUpperCase();
  let end = 0;
  return runs
    .split(' ')
    .map((run) => {
      const [gap = '0', more = '0'] = run.split('+');
      const first = end + parseInt(gap, 36);
      end = first + parseInt(more, 36);
      return first === end ? `U+${hex(first)}` : `U+${hex(first)}-${hex(end)}`;
    })
    .join(', ');
}

/** The family of the whole font's slices, second in the theme's font stack, after the translations' subset. */
export const CHINESE_FULL_FONT_FAMILY = 'Noto Sans SC Full';

let fullDeclared: Promise<boolean> | null = null;

/** A face of the whole font: one slice, one weight. */
const fullFace = (url: URL, weight: string, unicodeRange: string): FontFace =>
  new FontFace(CHINESE_FULL_FONT_FAMILY, `url(${JSON.stringify(url.href)}) format('woff2')`, {
    weight,
    style: 'normal',
    display: 'swap',
    unicodeRange,
  });

/**
 * A face that could not be fetched (offline before the slice was ever kept) stays in the error state
 * for good: once the network is back, each such face is declared anew, and a text that needs it
 * fetches it again.
 */
function redeclareFailedFaces(urls: Map<FontFace, URL>): void {
  for (const [face, url] of [...urls]) {
    if (face.status !== 'error') continue;
    const fresh = fullFace(url, face.weight, face.unicodeRange);
    document.fonts.delete(face);
    urls.delete(face);
    urls.set(fresh, url);
    document.fonts.add(fresh);
  }
}

/** Resolves when the main thread is next idle (at most `timeout` ms later). */
const idle = (timeout: number): Promise<void> =>
  new Promise((resolve) => {
    if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout });
    else setTimeout(resolve, 0);
  });

/** Resolves once the page has drawn its first content (or after `timeout` ms, for a page that never does). */
const firstContent = (timeout: number): Promise<void> =>
  new Promise((resolve) => {
    if (performance.getEntriesByName('first-contentful-paint').length > 0) return resolve();
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length > 0) done();
    });
    const timer = setTimeout(() => done(), timeout);
    const done = (): void => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    observer.observe({ type: 'paint', buffered: true });
  });

/**
 * How many slices' faces are made in one idle moment: making a slice's two faces parses their
 * ranges, some 0.3 ms here, over 1 ms at a phone's 4× slowdown (22 at once were 55–120 ms tasks there).
 */
const SLICES_AT_ONCE = 4;

/**
 * Declares the whole font's faces, every slice in both weights, once however often it is called;
 * fetches nothing itself. Their ranges (about 10 KB compressed) load on demand; the faces are
 * declared after the page's first content: all at once they held the main thread some 60 ms
 * (parsing their ranges, then the styles they invalidate), which put the English kiosk's first
 * contentful paint 200–300 ms later. They are made a few slices in each idle moment, then added to
 * the page together: each addition lays all of the page's text out again (15–30 ms at a phone's 4×
 * slowdown), so once, not once per few slices. A name drawn before then is drawn again with them.
 * Resolves to true once the faces are declared, false when their module could not be loaded (a
 * later call then tries again).
 */
export function declareFullChineseFont(): Promise<boolean> {
  fullDeclared ??= (async () => {
    try {
      const module = import('../fonts/noto-sans-sc-full.js');
      // Fetched while the page draws; a failure is handled where it is awaited, below.
      module.catch(() => undefined);
      await firstContent(3000);
      const { CHINESE_FULL_FONT_SLICES } = await module;
      const urls = new Map<FontFace, URL>();
      for (let first = 0; first < CHINESE_FULL_FONT_SLICES.length; first += SLICES_AT_ONCE) {
        await idle(500);
        for (const slice of CHINESE_FULL_FONT_SLICES.slice(first, first + SLICES_AT_ONCE)) {
          const range = unicodeRangeOf(slice.runs);
          for (const weight of [400, 700] as const) urls.set(fullFace(slice[weight], String(weight), range), slice[weight]);
        }
      }
      await idle(500);
      for (const face of urls.keys()) document.fonts.add(face);
      addEventListener('online', () => redeclareFailedFaces(urls));
      return true;
    } catch (error) {
      console.warn('The whole Chinese font could not be declared:', error);
      fullDeclared = null;
      return false;
    }
  })();
  return fullDeclared;
}
