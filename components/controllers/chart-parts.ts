/**
 * The parts of chart.js that `<bacc-chart>` draws with, registered: a line and its points, bars, a
 * category and a linear axis; no legend, title or tooltip plugins (the captions and legend are HTML,
 * and a kiosk has no pointer). ChartController imports this module on demand, after the page's
 * first frame; named imports here let any bundler keep only these parts in that lazy chunk.
 */
import { BarController, BarElement, CategoryScale, Chart, LineController, LineElement, LinearScale, PointElement } from 'chart.js';

Chart.register(LineController, LineElement, PointElement, BarController, BarElement, CategoryScale, LinearScale);

export { Chart };
