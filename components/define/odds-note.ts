/** Registers <bacc-odds-note> (once: importing it again, or after the page did, changes nothing). */
import { BaccOddsNote } from '../bacc-odds-note.js';

if (!customElements.get('bacc-odds-note')) customElements.define('bacc-odds-note', BaccOddsNote);

export { BaccOddsNote };
