import { css } from 'lit';

/**
 * The look of <bacc-chart>: the charts side by side once each can be a few hundred pixels wide,
 * each plot box sized for its canvas, the legend's swatches, and the hidden probes the element
 * reads its colours and text size from.
 */
export const chartStyles = css`
  :host {
    --_chart-height: var(--bacc-chart-height, clamp(8em, 28cqi, 24em));
    --_chart-font-size: var(--bacc-chart-font-size, 1em);
    display: flex;
    flex-direction: column;
  }
  .charts {
    flex: 1 1 auto;
    min-height: 0;
    display: grid;
    gap: var(--_panel-gap);
    grid-auto-rows: minmax(0, 1fr);
    /* Captions and legend at the element's own size, as the ticks: the page's layout sets it. */
    font-size: 1em;
  }
  /* Side by side once each chart can be a few hundred pixels wide. */
  @container (min-width: 36em) {
    .charts.both {
      grid-template-columns: repeat(2, minmax(0, 1fr));
    }
  }
  figure {
    margin: 0;
    min-width: 0;
    min-height: 0;
    display: flex;
    flex-direction: column;
    gap: 0.2em;
  }
  figcaption {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 0.1em 1.2em;
    font-weight: 700;
  }
  /* Its own height when the page leaves the height open; shrinks to fit when the page sets the element's height. */
  .plot {
    position: relative;
    flex: 1 1 var(--_chart-height);
    /* Room for the value ticks and the names under the bars, on a phone or in a short embed too. */
    min-height: var(--bacc-chart-min-height, 10em);
  }
  /* Out of the flow, so the size chart.js gives the canvas cannot feed back into the box it measures. */
  canvas {
    position: absolute;
    inset: 0;
  }
  .legend {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-wrap: wrap;
    gap: 0.1em 1em;
    color: var(--_muted);
    font-weight: 400;
  }
  .legend li {
    display: flex;
    align-items: center;
    gap: 0.4em;
  }
  .swatch {
    width: 1em;
    height: 1em;
    box-sizing: border-box;
    border: 0.18em solid var(--_text);
  }
  .swatch.solid {
    background: var(--_text);
  }
  .probes {
    display: none;
    font-size: var(--_chart-font-size);
  }
  .probe-banker {
    color: var(--_banker);
  }
  .probe-player {
    color: var(--_player);
  }
  .probe-tie {
    color: var(--_tie);
  }
  .probe-text {
    color: var(--_text);
  }
  .probe-muted {
    color: var(--_muted);
  }
  .probe-grid {
    color: var(--_grid-line);
  }
`;
