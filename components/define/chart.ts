/** Registers <bacc-chart> (once: importing it again, or after the page did, changes nothing; a class the page registered under its own name gets a subclass for this tag). */
import { BaccChart } from '../bacc-chart.js';
import { defineElement } from '../internal/define-element.js';

defineElement('bacc-chart', BaccChart);

export { BaccChart };
