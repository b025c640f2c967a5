/** Registers <bacc-derived-road> (once: importing it again, or after the page did, changes nothing; a class the page registered under its own name gets a subclass for this tag). */
import { BaccDerivedRoad } from '../bacc-derived-road.js';
import { defineElement } from '../internal/define-element.js';

defineElement('bacc-derived-road', BaccDerivedRoad);

export { BaccDerivedRoad };
