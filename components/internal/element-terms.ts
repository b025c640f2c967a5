/**
 * Every element's words, the roads' and the panels', for the panels, the last hand and the
 * scoreboard. A module of its own: the road elements import only `roadTermSets` (localize.ts), so a
 * page showing one road does not load the panels' words.
 */
import { panelTerms as panelTermsEn, roadTerms as roadTermsEn, type ElementTerms } from '../locales/en.js';
import { panelTerms as panelTermsZh, roadTerms as roadTermsZh } from '../locales/zh-hans.js';
import type { TermSets } from './localize.js';

export const elementTermSets: TermSets<ElementTerms> = {
  en: { ...roadTermsEn, ...panelTermsEn },
  zh: { ...roadTermsZh, ...panelTermsZh },
};
