import { css } from 'lit';

/**
 * Sizes shared by the panels (`<bacc-stats>`, `<bacc-chart>`, `<bacc-odds-note>`,
 * `<bacc-last-hand>`), on top of `themeTokens`. Each panel is its own inline-size container,
 * so its figures grow with the room it is given: `cqi` is a hundredth of the panel's width.
 * The bounds are in `em` of the inherited font, so a page that enlarges its text (the
 * scoreboard does, from the screen size) enlarges the floor and ceiling too.
 */
export const panelTokens = css`
  :host {
    --_figure-size: var(--bacc-figure-size, clamp(1.6em, 9cqi, 4.5em));
    --_label-size: var(--bacc-label-size, clamp(0.9em, 3.4cqi, 1.6em));
    --_panel-gap: var(--bacc-panel-gap, clamp(4px, 1.6cqi, 20px));
    display: block;
    /* Holds the absolutely placed visually hidden text, so that it can never widen the page. */
    position: relative;
    container-type: inline-size;
    box-sizing: border-box;
    line-height: 1.2;
  }
  /* A side's letter beside its colour, so that colour is never the only signal. */
  .mark {
    display: inline-grid;
    place-items: center;
    min-width: 1.4em;
    height: 1.4em;
    padding: 0 0.2em;
    box-sizing: border-box;
    border-radius: 50%;
    font-weight: 700;
    color: var(--_mark-text);
    background: var(--_muted);
  }
  .mark.B {
    background: var(--_banker);
  }
  .mark.P {
    background: var(--_player);
  }
  .mark.T {
    background: var(--_tie);
  }
  @media (forced-colors: active) {
    .mark {
      border: 2px solid CanvasText;
      background: Canvas;
      color: CanvasText;
    }
  }
`;
