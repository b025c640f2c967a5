/** Registers <bacc-odds-note> (once: importing it again, or after the page did, changes nothing; a class the page registered under its own name gets a subclass for this tag). */
import { BaccOddsNote } from '../bacc-odds-note.js';
import { defineElement } from '../internal/define-element.js';

defineElement('bacc-odds-note', BaccOddsNote);

export { BaccOddsNote };
