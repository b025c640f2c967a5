/** Registers <bacc-stats> (once: importing it again, or after the page did, changes nothing; a class the page registered under its own name gets a subclass for this tag). */
import { BaccStats } from '../bacc-stats.js';
import { defineElement } from '../internal/define-element.js';

defineElement('bacc-stats', BaccStats);

export { BaccStats };
