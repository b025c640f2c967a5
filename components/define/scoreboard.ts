/** Registers <bacc-scoreboard> and the elements it is made of (once: importing it again, or after the page did, changes nothing; a class the page registered under its own name gets a subclass for this tag). */
import './bead-plate.js';
import './big-road.js';
import './chart.js';
import './derived-road.js';
import './last-hand.js';
import './odds-note.js';
import './predictions.js';
import './stats.js';
import { BaccScoreboard } from '../bacc-scoreboard.js';
import { defineElement } from '../internal/define-element.js';

defineElement('bacc-scoreboard', BaccScoreboard);

export { BaccScoreboard };
