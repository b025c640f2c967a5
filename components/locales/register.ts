/**
 * Registers the elements' English and Simplified Chinese terms with @shoelace-style/localize.
 * Every element imports this module for that side effect (package.json lists it in
 * `sideEffects`); importing it again changes nothing.
 */
import { registerTranslation } from '@shoelace-style/localize';
import en from './en.js';
import zhHans from './zh-hans.js';

registerTranslation(en, zhHans);
