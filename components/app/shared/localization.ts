/**
 * The app's language: its own sentences through @lit/localize in runtime mode (the app's elements
 * call `msg()` with explicit ids and carry `@localized()`), and the embeddable elements' through
 * `<html lang>`, which they follow (components/internal/localize.ts). Until the app calls
 * `useLocale`, every `msg()` returns its English source.
 *
 * The Chinese templates load with the first switch to Chinese, from the app's own files (and offline
 * from the service worker's precache), so a page in English never downloads them.
 */
import { configureLocalization } from '@lit/localize';
import { declareFullChineseFont, loadChineseFont } from './chinese-font.js';

/** The locales the scoreboard speaks, English first (the source). */
export const LOCALES = ['en', 'zh-Hans'] as const;
export type Locale = (typeof LOCALES)[number];

let localization: ReturnType<typeof configureLocalization> | null = null;

/**
 * Switches the page to `locale`: sets `<html lang>`, which the elements follow, and the app's own
 * `msg()` sentences. Configures @lit/localize on first use.
 */
export async function useLocale(locale: Locale): Promise<void> {
  localization ??= configureLocalization({
    sourceLocale: 'en',
    targetLocales: ['zh-Hans'],
    // Fetched only when the page turns Chinese (the service worker precaches it for offline use).
    loadLocale: () => import('../locales/zh-Hans.js'),
  });
  document.documentElement.lang = locale;
  // A screen with no CJK font of its own draws the labels with the one shipped (fetched only now),
  // and a Chinese table name, in either language, with the whole font's slices. In Chinese those
  // are declared once the labels' subset is loaded: declared while it loads, they would be fetched
  // for the very characters it holds.
  if (locale === 'zh-Hans') void loadChineseFont().then(() => declareFullChineseFont());
  else void declareFullChineseFont();
  await localization.setLocale(locale);
}

/**
 * Reads a locale from text such as a URL parameter: every spelling of Chinese the elements read as
 * Chinese (`zh`, `zh-CN`, `zh-Hans`, `zh_cn`, `zh-Hant`…; components/internal/localize.ts) →
 * `zh-Hans`, so that a page that speaks Chinese also loads its font; `en`, `en-*` → `en`; anything else → null.
 */
export function parseLocale(text: string | null): Locale | null {
  if (text === null) return null;
  const primary = text.trim().toLowerCase().replace(/_/g, '-').split('-')[0];
  if (primary === 'en') return 'en';
  // The elements' own rule (elementLanguage in localize.ts): any tag whose language is zh is Chinese.
  if (primary === 'zh') return 'zh-Hans';
  return null;
}
