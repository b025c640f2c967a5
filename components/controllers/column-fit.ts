import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * How many grid columns fit across its host: watches the host's content width and the width of
 * one cell (a probe element the host renders with `width: var(--_cell)`, so a cell size given in
 * rem, em or a theme change is followed too) with one ResizeObserver, and asks the host to update
 * when the count changes. The observer is disconnected when the host leaves the page.
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
    if (this.fitted === null) ColumnFit.unmeasured.add(this);
  }

  /**
   * Whole columns that fit, at least 1; null until the host has been laid out with a width. Read
   * first before the host's first render, it measures this host and every other one that joined
   * the page with it (see measureTogether).
   */
  get columns(): number | null {
    if (ColumnFit.unmeasured.has(this)) ColumnFit.measureTogether();
    return this.fitted;
  }

  hostUpdated(): void {
    this.observeProbe();
  }

  hostDisconnected(): void {
    ColumnFit.unmeasured.delete(this);
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

  /**
   * On first connection, before the first render: the columns from a synchronous measurement of
   * the host and of a probe cell added to the still empty render root for the moment, so that the
   * first render already shows the columns that fit, instead of FALLBACK_COLUMNS followed by a
   * second render at the observer's first report (which still confirms or corrects the count).
   * Measured then, the layout it forces holds no marks yet (measured after the first render, it
   * would lay out the fallback columns' marks too). Both widths are border boxes on screen, so a
   * transform scaling the page scales both alike. In three steps, for all the hosts measured
   * together: add a probe to each, read, remove the probes.
   */
  private addProbe(): HTMLElement | null {
    const root = this.host.shadowRoot;
    if (root === null || root.firstChild !== null || !this.host.isConnected) return null;
    const probe = document.createElement('span');
    probe.className = 'cell-probe';
    root.append(probe);
    return probe;
  }

  private readProbe(probe: HTMLElement): void {
    const cell = probe.getBoundingClientRect().width;
    const box = this.host.getBoundingClientRect().width;
    const layoutWidth = this.host.offsetWidth;
    if (!(cell > 0 && box > 0 && layoutWidth > 0)) return;
    const style = getComputedStyle(this.host);
    const inset = ['paddingLeft', 'paddingRight', 'borderLeftWidth', 'borderRightWidth'].reduce(
      (sum, side) => sum + (parseFloat(style[side as 'paddingLeft']) || 0),
      0,
    );
    this.fitted = fit(box - (inset * box) / layoutWidth, cell);
  }

  /** Hosts connected but not yet measured: the first of them to render measures them all. */
  private static readonly unmeasured = new Set<ColumnFit>();

  /**
   * Measures every unmeasured host at once: the probes go in first, then all the reading, then the
   * probes come out, so the page is laid out once for all of them. One at a time, a scoreboard's
   * five roads forced ten layouts as they joined the page, each probe's removal undoing the last.
   */
  private static measureTogether(): void {
    const fits = [...ColumnFit.unmeasured];
    ColumnFit.unmeasured.clear();
    const probes = fits.map((columnFit) => columnFit.addProbe());
    fits.forEach((columnFit, index) => {
      const probe = probes[index];
      if (probe) columnFit.readProbe(probe);
    });
    for (const probe of probes) probe?.remove();
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
