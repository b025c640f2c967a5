/** Registers <bacc-bead-plate> (once: importing it again, or after the page did, changes nothing). */
import { BaccBeadPlate } from '../bacc-bead-plate.js';

if (!customElements.get('bacc-bead-plate')) customElements.define('bacc-bead-plate', BaccBeadPlate);

export { BaccBeadPlate };
