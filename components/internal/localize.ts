/**
 * The elements' localisation: English or Simplified Chinese, chosen by the nearest `lang`
 * attribute, as Shoelace's elements do, and not through @lit/localize, so a page that configures
 * @lit/localize for itself (as the app does), or uses nothing, can embed the elements.
 *
 * `ElementLocalize` reads its terms straight from components/locales/ (en.ts, zh-hans.ts), typed
 * sets that need no library: the elements once used @shoelace-style/localize, but with their own
 * lookup all it did was keep the hosts to re-render, and it cost every element ~0.8 KB gzip and a
 * page's import map an entry. A road element asks for the roads' terms only, so a page with one
 * road does not load the panels' words.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { roadTerms as roadTermsEn, type ElementTerms, type RoadTerms } from '../locales/en.js';
import { roadTerms as roadTermsZh } from '../locales/zh-hans.js';

/** The languages the elements speak. */
export type ElementLanguage = 'en' | 'zh';

/** The values a term takes: a term with values is a function of them. */
type TermValues<Term> = Term extends (...values: infer Values) => string ? Values : [];

/** One set of terms in every language the elements speak. */
export type TermSets<T extends RoadTerms> = Readonly<Record<ElementLanguage, T>>;

/** The roads' words (every element's are in element-terms.ts, which a page with only roads never loads). */
export const roadTermSets: TermSets<RoadTerms> = { en: roadTermsEn, zh: roadTermsZh };

/**
 * The language for a `lang` value: every Chinese tag (`zh`, `zh-CN`, `zh-Hans`, `zh-SG`, and also
 * `zh-TW`, `zh-Hant`, `zh-HK`, which fall back to Simplified Chinese, the only Chinese the elements
 * have) is Simplified Chinese; anything else, `en-*` or a language they do not speak, is English.
 */
function elementLanguage(lang: string | null | undefined): ElementLanguage {
  const primary = (lang ?? '').trim().toLowerCase().replace(/_/g, '-').split('-')[0];
  return primary === 'zh' ? 'zh' : 'en';
}

/**
 * The `lang` that applies to `element`: the nearest `lang` attribute on it or an ancestor, walking
 * out of shadow roots to their hosts and up to `<html>`; null when there is none. An empty
 * `lang=""` (language unknown) counts as found, and reads as English.
 */
function nearestLang(element: Element): string | null {
  for (let node: Node | null = element; node; node = node instanceof ShadowRoot ? node.host : node.parentNode) {
    if (node instanceof Element && node.hasAttribute('lang')) return node.getAttribute('lang');
  }
  return null;
}

let langObserver: MutationObserver | undefined;
/** Counts the changes of any `lang` in the document: an element's language found before the last one is found again. */
let langChanges = 0;

/** The elements in the page, each re-rendered when a `lang` changes. */
const connectedHosts = new Set<ReactiveControllerHost>();

/**
 * Re-renders the elements whenever a `lang` attribute changes anywhere in the document, `<html>`
 * included. One observer for the page, started by the first element. A `lang` set inside another
 * element's shadow root is not seen until something else re-renders.
 */
function observeLang(): void {
  if (langObserver || typeof MutationObserver === 'undefined') return;
  langObserver = new MutationObserver(() => {
    langChanges++;
    for (const host of connectedHosts) host.requestUpdate();
  });
  langObserver.observe(document.documentElement, { subtree: true, attributes: true, attributeFilter: ['lang'] });
}

/**
 * An element's terms, in the language of its nearest `lang` attribute (then `<html lang>`, then
 * English; never the browser's language, which the page may not speak). The element re-renders
 * when any `lang` in the document changes.
 */
export class ElementLocalize<T extends RoadTerms = ElementTerms> implements ReactiveController {
  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly terms: TermSets<T>,
  ) {
    host.addController(this);
    observeLang();
  }

  /** The language found last, and at which count of `lang` changes; found again after the next. */
  private found: { language: ElementLanguage; at: number } | null = null;

  hostConnected(): void {
    connectedHosts.add(this.host);
    // Moved to another place in the page, under another lang perhaps: find it again and draw in it
    // (a move is no lang change, so nothing else asks the host to re-render).
    if (this.found !== null) {
      this.found = null;
      this.host.requestUpdate();
    }
  }

  hostDisconnected(): void {
    connectedHosts.delete(this.host);
  }

  lang(): ElementLanguage {
    // Once per lang change, not once per term: a road's description asks for dozens of terms, and the
    // walk up through shadow roots for each cost a repaint ~2 ms.
    if (this.found?.at !== langChanges) this.found = { language: elementLanguage(nearestLang(this.host)), at: langChanges };
    return this.found.language;
  }

  /** The term in the element's language, read from its term sets directly (both languages are always loaded). */
  term<K extends keyof T>(key: K, ...args: TermValues<T[K]>): string {
    const value = this.terms[this.lang()][key] as string | ((...values: unknown[]) => string);
    return typeof value === 'function' ? value(...args) : value;
  }
}

/** What the shared word helpers need of an element's `ElementLocalize`: its terms (every element's, unless said). */
export type Terms<T extends RoadTerms = ElementTerms> = Pick<ElementLocalize<T>, 'term'>;
