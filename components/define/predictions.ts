/** Registers <bacc-predictions> (once: importing it again, or after the page did, changes nothing; a class the page registered under its own name gets a subclass for this tag). */
import { BaccPredictions } from '../bacc-predictions.js';
import { defineElement } from '../internal/define-element.js';

defineElement('bacc-predictions', BaccPredictions);

export { BaccPredictions };
