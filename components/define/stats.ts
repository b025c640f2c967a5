/** Registers <bacc-stats> (once: importing it again, or after the page did, changes nothing). */
import { BaccStats } from '../bacc-stats.js';

if (!customElements.get('bacc-stats')) customElements.define('bacc-stats', BaccStats);

export { BaccStats };
