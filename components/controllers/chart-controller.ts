import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Chart, ChartConfiguration, ChartType } from 'chart.js';

/** What a host tells its chart controller: where to draw, how to start, how to catch up. */
export interface ChartSource<TType extends ChartType> {
  /** The canvas to draw in, or null when the host renders none at the moment. */
  canvas(): HTMLCanvasElement | null;
  /** The configuration of a new chart, with the host's current data and colours. */
  configure(): ChartConfiguration<TType>;
  /** Brings an existing chart's data, labels and colours up to date; the controller then redraws it. */
  refresh(chart: Chart<TType>): void;
}

type ChartJs = typeof import('./chart-parts.js').Chart;

let chartJs: Promise<ChartJs> | undefined;

/**
 * chart.js, loaded once, after the page's first frame: it is about a third of the scoreboard's
 * script, and evaluating it and drawing the first charts cost more than the roads' whole first
 * render on a slow screen (measured: 1.2 s of a 4×-throttled start). The roads paint without it.
 * A dynamic import, so a page's own bundler puts it in a chunk of its own, loaded on demand (of
 * only the parts chart-parts.ts names).
 */
function loadChartJs(): Promise<ChartJs> {
  return (chartJs ??= afterNextFrame()
    .then(() => import('./chart-parts.js'))
    .then(({ Chart }) => Chart));
}

/** The charts are made one per task, when the page is idle: two at once made one long task on a slow screen. */
let makingQueue: Promise<unknown> = Promise.resolve();

/**
 * Owns one chart.js instance for a Lit host: creates it once chart.js has loaded after the first
 * render that has a canvas in view, updates it in place after every later render (the same instance for
 * the whole shoe), and destroys it when the host leaves the page; a host put back on the page gets
 * a new one. Following the page's theme is the host's part (one `ThemeWatcher` for all its charts).
 */
export class ChartController<TType extends ChartType> implements ReactiveController {
  private instance: Chart<TType> | null = null;
  private making: Promise<void> | null = null;
  /** Whether the canvas is in view (or near it): a chart is made only then, so a phone does not draw the charts below its screen. */
  private visibility: IntersectionObserver | null = null;
  private watched: HTMLCanvasElement | null = null;
  private inView = false;
  /** Until the first report on a canvas newly watched: whether it is in view is not known yet. */
  private checking: { done: Promise<void>; settle: () => void } | null = null;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement & { readonly hasUpdated: boolean },
    private readonly source: ChartSource<TType>,
  ) {
    host.addController(this);
  }

  /** The chart on screen, or null before chart.js loaded and the first render with a canvas, and after the host leaves the page. */
  get chart(): Chart<TType> | null {
    return this.instance;
  }

  /** Settles once the chart being made is drawn, or once a canvas out of view is known to be; null when neither is awaited. */
  get pending(): Promise<void> | null {
    return this.making ?? this.checking?.done ?? null;
  }

  hostConnected(): void {
    document.fonts?.addEventListener('loadingdone', this.fontsLoaded);
    // Back on the page after a removal: render again so that hostUpdated draws a new chart.
    if (this.host.hasUpdated) this.host.requestUpdate();
  }

  /**
   * Draws the chart in the host's update: a new chart (once chart.js is there) after a render with
   * a canvas, else the same chart brought up to date. A host that must keep the redraw out of a busy
   * frame defers its own update: `<bacc-chart>` updates when the page is idle after the frame that
   * shows a new hand (drawn in that frame, chart.js resolved its fonts against the style the other
   * elements had just changed, and the redraw was the largest part of a hand's frame, measured in
   * the display benchmark).
   */
  hostUpdated(): void {
    const canvas = this.source.canvas();
    if (this.instance !== null && this.instance.canvas !== canvas) this.destroy();
    if (canvas === null || !this.host.isConnected) {
      this.unwatch();
      return;
    }
    if (this.instance === null) {
      this.watch(canvas);
      if (this.inView) this.making ??= this.make();
    } else {
      this.source.refresh(this.instance);
      this.instance.update();
    }
  }

  hostDisconnected(): void {
    document.fonts?.removeEventListener('loadingdone', this.fontsLoaded);
    this.unwatch();
    this.destroy();
  }

  /**
   * Follows whether `canvas` is in view, or within a few lines of it. A chart is made when it comes
   * into view: on a phone the charts sit below the roads, and making them (chart.js's first draw is
   * its dearest) took the largest tasks of the kiosk's start; a wall shows them, and gets them after
   * its first frame. Where the browser cannot tell, the chart is made at once.
   */
  private watch(canvas: HTMLCanvasElement): void {
    if (this.watched === canvas) return;
    this.unwatch();
    this.watched = canvas;
    if (typeof IntersectionObserver !== 'function') {
      this.inView = true;
      return;
    }
    let settle = (): void => {};
    const done = new Promise<void>((resolve) => (settle = resolve));
    this.checking = { done, settle };
    this.visibility = new IntersectionObserver(
      (entries) => {
        this.inView = entries[entries.length - 1]!.isIntersecting;
        if (this.inView && this.instance === null) this.making ??= this.make();
        this.settleCheck();
      },
      { rootMargin: '200px' },
    );
    this.visibility.observe(canvas);
  }

  private unwatch(): void {
    this.visibility?.disconnect();
    this.visibility = null;
    this.watched = null;
    this.inView = false;
    this.settleCheck();
  }

  private settleCheck(): void {
    this.checking?.settle();
    this.checking = null;
  }

  /**
   * A face finished loading (the Chinese font comes a moment after the page): text drawn on the
   * canvas before it stayed boxes, and chart.js keeps the widths it measured with the fallback
   * font. A new chart measures and draws everything again; it happens once per face loaded.
   */
  private readonly fontsLoaded = (): void => {
    if (this.instance === null) return;
    this.destroy();
    this.host.requestUpdate();
  };

  private async make(): Promise<void> {
    try {
      const Chart = await loadChartJs();
      const made = makingQueue.then(() => new Promise<void>((resolve) => whenIdle(resolve)));
      makingQueue = made;
      await made;
      // The host may have left the page, or rendered another canvas, while chart.js loaded.
      const canvas = this.source.canvas();
      if (this.instance === null && canvas !== null && this.host.isConnected) {
        this.instance = new Chart(canvas, this.source.configure());
      }
    } finally {
      this.making = null;
    }
  }

  private destroy(): void {
    this.instance?.destroy();
    this.instance = null;
  }
}

function afterNextFrame(): Promise<void> {
  // A frame's callback runs before its paint; the timeout after it runs once the frame is painted.
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/** requestIdleCallback where the browser has it (with a deadline, so a busy page still draws), else a short timeout. */
export function whenIdle(callback: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(callback, { timeout: 500 });
  else setTimeout(callback, 50);
}
