/** Registers <bacc-scoreboard> and the elements it is made of (once: importing it again, or after the page did, changes nothing). */
import './bead-plate.js';
import './big-road.js';
import './chart.js';
import './derived-road.js';
import './last-hand.js';
import './odds-note.js';
import './predictions.js';
import './stats.js';
import { BaccScoreboard } from '../bacc-scoreboard.js';

if (!customElements.get('bacc-scoreboard')) customElements.define('bacc-scoreboard', BaccScoreboard);

export { BaccScoreboard };
