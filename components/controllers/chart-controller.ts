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
  /** The page's theme may have changed: colours must be read again at the next update. */
  themeChanged(): void;
}

/**
 * Owns one chart.js instance for a Lit host: creates it after the first render that has a
 * canvas, updates it in place after every later render (the same instance for the whole shoe),
 * and destroys it when the host leaves the page; a host put back on the page gets a new one.
 *
 * It also redraws when the page's theme may have changed: the page's dark and light themes set
 * public custom properties on :root, which chart.js cannot see, so the controller watches the
 * root's and body's attributes and the colour-scheme preference, and asks the host to update;
 * `refresh` then reads the colours again.
 */
export class ChartController<TType extends ChartType> implements ReactiveController {
  private instance: Chart<TType> | null = null;
  private themeObserver: MutationObserver | null = null;
  private colorScheme: MediaQueryList | null = null;
  private readonly themeChanged = (): void => {
    // Told, not inferred from an update that changed no data: a new hand may share that update.
    this.source.themeChanged();
    this.host.requestUpdate();
  };

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
    const root = this.host.ownerDocument;
    this.themeObserver = new MutationObserver(this.themeChanged);
    this.themeObserver.observe(root.documentElement, { attributes: true });
    if (root.body !== null) this.themeObserver.observe(root.body, { attributes: true, attributeFilter: ['class', 'style', 'data-theme'] });
    this.colorScheme = root.defaultView?.matchMedia('(prefers-color-scheme: dark)') ?? null;
    this.colorScheme?.addEventListener('change', this.themeChanged);
    // Back on the page after a removal: render again so that hostUpdated draws a new chart (the
    // theme may have changed meanwhile).
    if (this.host.hasUpdated) this.themeChanged();
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
    this.themeObserver?.disconnect();
    this.themeObserver = null;
    this.colorScheme?.removeEventListener('change', this.themeChanged);
    this.colorScheme = null;
    this.destroy();
  }

  private destroy(): void {
    this.instance?.destroy();
    this.instance = null;
  }
}
