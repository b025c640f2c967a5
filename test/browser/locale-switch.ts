/** Checks an element or a page of the app in another language, then puts the page back to English. */
import { useLocale, type Locale } from '../../components/app/shared/localization.js';

/** Lets the elements see a `lang` change: their observer re-renders them in a microtask, then they update. */
async function settled(element: { updateComplete: Promise<unknown> }): Promise<void> {
  await new Promise((resolve) => requestAnimationFrame(resolve));
  await element.updateComplete;
}

/**
 * Sets `<html lang>` to `lang` (the elements follow the nearest `lang`), waits for `element` to
 * render in it, runs `check`, and puts `<html lang>` back however `check` ends.
 */
export async function inLocale(lang: string, element: { updateComplete: Promise<unknown> }, check: () => void): Promise<void> {
  const root = document.documentElement;
  const before = root.getAttribute('lang');
  try {
    root.lang = lang;
    await settled(element);
    check();
  } finally {
    if (before === null) root.removeAttribute('lang');
    else root.lang = before;
    await settled(element);
  }
}

/** Switches the app to `locale` (its msg() sentences and `<html lang>`), waits for `element`, runs `check`, and switches back to English. */
export async function inAppLocale(locale: Locale, element: { updateComplete: Promise<unknown> }, check: () => void): Promise<void> {
  try {
    await useLocale(locale);
    await settled(element);
    check();
  } finally {
    await useLocale('en');
  }
}
