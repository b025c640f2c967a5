import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { Chart, type ChartConfiguration, type ChartType } from 'chart.js';

/** What a host tells its chart controller: where to draw, how to start, how to catch up. */
export interface ChartSource<TType extends ChartType> {
  /** The canvas to draw in, or null when the host renders none at the moment. */
  canvas(): HTMLCanvasElement | null;
  /** The configuration of a new chart, with the host's current data and colours. */
  configure(): ChartConfiguration<TType>;
  /** Brings an existing chart's data, labels and colours up to date; the controller then redraws it. */
  refresh(chart: Chart<TType>): void;
}

/**
 * Owns one chart.js instance for a Lit host: creates it after the first render that has a
 * canvas, updates it in place after every later render (the same instance for the whole shoe),
 * and destroys it when the host leaves the page; a host put back on the page gets a new one.
 * Following the page's theme is the host's part (one `ThemeWatcher` for all its charts).
 */
export class ChartController<TType extends ChartType> implements ReactiveController {
  private instance: Chart<TType> | null = null;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement & { readonly hasUpdated: boolean },
    private readonly source: ChartSource<TType>,
  ) {
    host.addController(this);
  }

  /** The chart on screen, or null before the first render with a canvas and after the host leaves the page. */
  get chart(): Chart<TType> | null {
    return this.instance;
  }

  hostConnected(): void {
    // Back on the page after a removal: render again so that hostUpdated draws a new chart.
    if (this.host.hasUpdated) this.host.requestUpdate();
  }

  /**
   * Draws the chart in the host's update: a new chart after the first render with a canvas, else
   * the same chart brought up to date. A host that must keep the redraw out of a busy frame defers
   * its own update: `<bacc-chart>` updates when the page is idle after the frame that shows a new
   * hand (drawn in that frame, chart.js resolved its fonts against the style the other elements had
   * just changed, and the redraw was the largest part of a hand's frame, measured in the display
   * benchmark).
   */
  hostUpdated(): void {
    const canvas = this.source.canvas();
    if (this.instance !== null && this.instance.canvas !== canvas) this.destroy();
    if (canvas === null || !this.host.isConnected) return;
    if (this.instance === null) {
      this.instance = new Chart(canvas, this.source.configure());
    } else {
      this.source.refresh(this.instance);
      this.instance.update();
    }
  }

  hostDisconnected(): void {
    this.destroy();
  }

  private destroy(): void {
    this.instance?.destroy();
    this.instance = null;
  }
}
