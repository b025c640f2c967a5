/** Registers <bacc-big-road> (once: importing it again, or after the page did, changes nothing). */
import { BaccBigRoad } from '../bacc-big-road.js';

if (!customElements.get('bacc-big-road')) customElements.define('bacc-big-road', BaccBigRoad);

export { BaccBigRoad };
