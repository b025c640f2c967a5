/** Registers <bacc-chart> (once: importing it again, or after the page did, changes nothing). */
import { BaccChart } from '../bacc-chart.js';

if (!customElements.get('bacc-chart')) customElements.define('bacc-chart', BaccChart);

export { BaccChart };
