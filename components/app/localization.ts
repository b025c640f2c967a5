/**
 * English and Simplified Chinese labels through @lit/localize in runtime mode. Elements call
 * `msg()` with explicit ids and carry `@localized()`, so they re-render when the locale changes;
 * until a page calls `useLocale`, every `msg()` returns its English source.
 *
 * The Chinese templates are bundled rather than fetched: the kiosk must work offline.
 */
import { configureLocalization } from '@lit/localize';
import { templates as zhHans } from '../locales/zh-Hans.js';

/** The locales the scoreboard speaks, English first (the source). */
export const LOCALES = ['en', 'zh-Hans'] as const;
export type Locale = (typeof LOCALES)[number];

let localization: ReturnType<typeof configureLocalization> | null = null;

/**
 * Switches every localized element to `locale`. Configures @lit/localize on first use; a page
 * that embeds the elements and never calls this keeps them in English.
 */
export async function useLocale(locale: Locale): Promise<void> {
  localization ??= configureLocalization({
    sourceLocale: 'en',
    targetLocales: ['zh-Hans'],
    loadLocale: () => Promise.resolve({ templates: zhHans }),
  });
  await localization.setLocale(locale);
}

/** The locale the elements speak now: English until a page calls `useLocale`. */
export function currentLocale(): Locale {
  return (localization?.getLocale() as Locale | undefined) ?? 'en';
}

/** Reads a locale from text such as a URL parameter: `zh`, `zh-CN`, `zh-Hans` → `zh-Hans`; anything else → null. */
export function parseLocale(text: string | null): Locale | null {
  if (text === null) return null;
  const lower = text.toLowerCase();
  if (lower === 'en' || lower.startsWith('en-')) return 'en';
  if (lower === 'zh' || lower === 'zh-hans' || lower === 'zh-cn' || lower === 'zh-sg') return 'zh-Hans';
  return null;
}
