/** Registers <bacc-last-hand> (once: importing it again, or after the page did, changes nothing; a class the page registered under its own name gets a subclass for this tag). */
import { BaccLastHand } from '../bacc-last-hand.js';
import { defineElement } from '../internal/define-element.js';

defineElement('bacc-last-hand', BaccLastHand);

export { BaccLastHand };
