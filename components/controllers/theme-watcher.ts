import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * Tells its host when the page's theme may have changed. The page's dark and light themes set
 * public custom properties on :root, which anything that copies colours out of CSS (a canvas,
 * chart.js) cannot see change; so while the host is on the page this watches the root's
 * attributes, the body's class, style and data-theme, and the colour-scheme preference.
 *
 * A host put back on the page after it has rendered is told too: the theme may have changed
 * while it was away.
 */
export class ThemeWatcher implements ReactiveController {
  private observer: MutationObserver | null = null;
  private colorScheme: MediaQueryList | null = null;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement & { readonly hasUpdated: boolean },
    private readonly themeChanged: () => void,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    const page = this.host.ownerDocument;
    this.observer = new MutationObserver(() => this.themeChanged());
    this.observer.observe(page.documentElement, { attributes: true });
    if (page.body !== null) this.observer.observe(page.body, { attributes: true, attributeFilter: ['class', 'style', 'data-theme'] });
    this.colorScheme = page.defaultView?.matchMedia('(prefers-color-scheme: dark)') ?? null;
    this.colorScheme?.addEventListener('change', this.themeChanged);
    if (this.host.hasUpdated) this.themeChanged();
  }

  hostDisconnected(): void {
    this.observer?.disconnect();
    this.observer = null;
    this.colorScheme?.removeEventListener('change', this.themeChanged);
    this.colorScheme = null;
  }
}
