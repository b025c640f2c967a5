import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * How many grid columns fit across its host: watches the host's content width and the width of
 * one cell (a probe element the host renders with `width: var(--_cell)`, so a cell size given in
 * rem, em or a theme change is followed too) with one ResizeObserver, and asks the host to update
 * when the count changes. The observer is disconnected when the host leaves the page.
 *
 * Nothing is measured synchronously: the observer's first report comes after the page's first
 * layout and before its first paint, and the update it asks for is drawn in that same frame, so
 * the page never shows the fallback columns. Measuring the host and a probe cell before the first
 * render instead forced a layout of the page while it was still being built (the kiosk under
 * Lighthouse's mobile preset, three runs each way alternating: largest paint 2.55 s with it, 2.23 s without).
 */
export class ColumnFit implements ReactiveController {
  private fitted: number | null = null;
  private observer: ResizeObserver | undefined;
  private observedProbe: Element | null = null;
  private hostWidth = 0;
  private cellWidth = 0;

  /**
   * @param host the element whose content width the columns share
   * @param cellProbe returns the rendered element exactly one cell wide (null before the first render)
   */
  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly cellProbe: () => Element | null,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.observer = new ResizeObserver((entries) => this.measured(entries));
    this.observer.observe(this.host);
    // On reconnection the probe is already rendered; on first connection hostUpdated finds it.
    this.observedProbe = null;
    this.observeProbe();
  }

  /** Whole columns that fit, at least 1; null until the observer has reported the host's and a cell's widths. */
  get columns(): number | null {
    return this.fitted;
  }

  hostUpdated(): void {
    this.observeProbe();
  }

  hostDisconnected(): void {
    this.observer?.disconnect();
    this.observer = undefined;
    this.observedProbe = null;
  }

  private observeProbe(): void {
    const probe = this.cellProbe();
    if (this.observer === undefined || probe === null || probe === this.observedProbe) return;
    if (this.observedProbe !== null) this.observer.unobserve(this.observedProbe);
    this.observedProbe = probe;
    this.observer.observe(probe);
  }

  private measured(entries: readonly ResizeObserverEntry[]): void {
    for (const entry of entries) {
      if (entry.target === this.host) this.hostWidth = entry.contentRect.width;
      else if (entry.target === this.observedProbe) this.cellWidth = entry.contentRect.width;
    }
    const columns = fit(this.hostWidth, this.cellWidth);
    if (columns !== this.fitted) {
      this.fitted = columns;
      this.host.requestUpdate();
    }
  }
}

/** Whole cells of `cellWidth` in `width`, at least 1; null without both widths. */
function fit(width: number, cellWidth: number): number | null {
  // A hair of tolerance: 7 cells of 28px in a 196px box must count as 7 despite rounding.
  return width > 0 && cellWidth > 0 ? Math.max(1, Math.floor(width / cellWidth + 1e-3)) : null;
}
