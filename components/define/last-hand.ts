/** Registers <bacc-last-hand> (once: importing it again, or after the page did, changes nothing). */
import { BaccLastHand } from '../bacc-last-hand.js';

if (!customElements.get('bacc-last-hand')) customElements.define('bacc-last-hand', BaccLastHand);

export { BaccLastHand };
