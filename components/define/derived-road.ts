/** Registers <bacc-derived-road> (once: importing it again, or after the page did, changes nothing). */
import { BaccDerivedRoad } from '../bacc-derived-road.js';

if (!customElements.get('bacc-derived-road')) customElements.define('bacc-derived-road', BaccDerivedRoad);

export { BaccDerivedRoad };
