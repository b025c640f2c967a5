/** Checks an element in another locale, then puts the page back to English. */
import { useLocale, type Locale } from '../../components/internal/localization.js';

/** Switches the page to `locale`, waits for `element` to render in it, runs `check`, and switches back to English however `check` ends. */
export async function inLocale(locale: Locale, element: { updateComplete: Promise<unknown> }, check: () => void): Promise<void> {
  try {
    await useLocale(locale);
    await element.updateComplete;
    check();
  } finally {
    await useLocale('en');
  }
}
