import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * Lets the reports print on as many sheets as they need, in ink on white whatever the theme. The
 * kiosk fills the window and scrolls inside it (html and body hide their overflow, and <bacc-kiosk>
 * is fixed to the window), which on paper would cut the report at the first sheet; so while the
 * reports page is on the page, a print-only sheet lets them grow with their content. The host is
 * told as printing starts and ends: its charts, drawn on canvases in the screen's colours (light
 * text on the dark theme), are drawn again in ink colours for the paper.
 */
const sheet = new CSSStyleSheet();
sheet.replaceSync(`@media print {
  html, body, bacc-kiosk { position: static !important; height: auto !important; overflow: visible !important; }
  html, body { background: #fff !important; color: #000 !important; }
}`);

export class PrintLayout implements ReactiveController {
  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly printing: (printing: boolean) => void,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    const page = this.host.ownerDocument;
    if (!page.adoptedStyleSheets.includes(sheet)) page.adoptedStyleSheets = [...page.adoptedStyleSheets, sheet];
    page.defaultView?.addEventListener('beforeprint', this.started);
    page.defaultView?.addEventListener('afterprint', this.ended);
  }

  hostDisconnected(): void {
    const page = this.host.ownerDocument;
    page.adoptedStyleSheets = page.adoptedStyleSheets.filter((adopted) => adopted !== sheet);
    page.defaultView?.removeEventListener('beforeprint', this.started);
    page.defaultView?.removeEventListener('afterprint', this.ended);
  }

  private readonly started = (): void => this.printing(true);
  private readonly ended = (): void => this.printing(false);
}
