/** Registers <bacc-predictions> (once: importing it again, or after the page did, changes nothing). */
import { BaccPredictions } from '../bacc-predictions.js';

if (!customElements.get('bacc-predictions')) customElements.define('bacc-predictions', BaccPredictions);

export { BaccPredictions };
