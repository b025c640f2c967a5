import { css, unsafeCSS } from 'lit';

/**
 * The default colours, the one set every element falls back to (through the tokens below) and the
 * PNG picture of History draws with. A page themes them with the public `--bacc-*` properties.
 */
export const DEFAULT_COLORS = {
  banker: '#d32f2f',
  player: '#1565c0',
  tie: '#2e7d32',
  focus: '#ffb300',
  /** Notices over the board (storage trouble, ignored settings): dark text on amber. */
  notice: '#ffb300',
  onNotice: '#111',
  /** Letters on the coloured marks. */
  markText: '#fff',
} as const;

const color = (name: keyof typeof DEFAULT_COLORS) => unsafeCSS(DEFAULT_COLORS[name]);

/**
 * The public theming tokens every element shares. Each public `--bacc-*` property maps onto a
 * private `--_*` one with its default, so a page can theme every element from one place (the
 * kiosk's dark and light themes set these on :root) and an element reads only the private name.
 * In Windows high contrast and other forced-colour modes the marks take system colours and stay
 * distinct by shape and letter (no comment inside the CSS: it would ship with every element).
 */
export const themeTokens = css`
  :host {
    --_banker: var(--bacc-banker-color, ${color('banker')});
    --_player: var(--bacc-player-color, ${color('player')});
    --_tie: var(--bacc-tie-color, ${color('tie')});
    --_text: var(--bacc-text-color, currentColor);
    --_muted: var(--bacc-muted-color, color-mix(in srgb, currentColor 60%, transparent));
    --_surface: var(--bacc-surface-color, transparent);
    --_background: var(--bacc-background, transparent);
    --_panel: var(--bacc-panel-color, color-mix(in srgb, currentColor 6%, transparent));
    --_grid-line: var(--bacc-grid-line-color, color-mix(in srgb, currentColor 22%, transparent));
    --_cell: var(--bacc-cell-size, 28px);
    --_font: var(--bacc-font-family, 'Noto Sans SC', 'Noto Sans SC Full', system-ui, 'Noto Sans CJK SC', 'PingFang SC', sans-serif);
    --_radius: var(--bacc-radius, 8px);
    --_focus: var(--bacc-focus-color, ${color('focus')});
    --_notice: var(--bacc-notice-background, ${color('notice')});
    --_on-notice: var(--bacc-notice-color, ${color('onNotice')});
    --_mark-text: var(--bacc-mark-text-color, ${color('markText')});
    color: var(--_text);
    font-family: var(--_font);
  }
  :host([hidden]) {
    display: none !important;
  }
  @media (forced-colors: active) {
    :host {
      --_banker: CanvasText;
      --_player: LinkText;
      --_tie: GrayText;
      --_grid-line: GrayText;
    }
  }
`;

/**
 * How a notice over the scoreboard looks (ignored URL settings, storage trouble, a display
 * waiting for its shoe): dark text on amber, set apart from every theme's panels. Declarations
 * only, for a rule that places the notice and sizes its text.
 */
export const noticeLook = css`
  background: var(--bacc-notice-background, ${color('notice')});
  color: var(--bacc-notice-color, ${color('onNotice')});
  font-family: 'Noto Sans SC', 'Noto Sans SC Full', system-ui, 'Noto Sans CJK SC', 'PingFang SC', sans-serif;
  font-weight: 600;
  line-height: 1.4;
`;

/** Visually hidden but read by screen readers: the roads' text alternatives. */
export const visuallyHidden = css`
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    padding: 0;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
    border: 0;
  }
`;
