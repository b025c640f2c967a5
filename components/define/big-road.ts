/** Registers <bacc-big-road> (once: importing it again, or after the page did, changes nothing; a class the page registered under its own name gets a subclass for this tag). */
import { BaccBigRoad } from '../bacc-big-road.js';
import { defineElement } from '../internal/define-element.js';

defineElement('bacc-big-road', BaccBigRoad);

export { BaccBigRoad };
