/** Registers <bacc-bead-plate> (once: importing it again, or after the page did, changes nothing; a class the page registered under its own name gets a subclass for this tag). */
import { BaccBeadPlate } from '../bacc-bead-plate.js';
import { defineElement } from '../internal/define-element.js';

defineElement('bacc-bead-plate', BaccBeadPlate);

export { BaccBeadPlate };
