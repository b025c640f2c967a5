import { css } from 'lit';

/** `<bacc-evidence>`'s own styles, after the theme's tokens: the charts beside the sentences, stacked in a narrow box. */
export const evidenceStyles = css`
  :host {
    display: flex;
    flex-direction: column;
    box-sizing: border-box;
    height: 100%;
    padding: 0.5em 1em;
    font-size: var(--bacc-evidence-font-size, clamp(14px, 0.75vw + 0.45vh, 40px));
    line-height: 1.3;
    container-type: inline-size;
    overflow: hidden;
  }
  h2 {
    margin: 0;
    font-size: 1.35em;
  }
  .note {
    margin: 0.1em 0 0.3em;
    color: var(--_muted);
    font-size: 0.85em;
  }
  .controls {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.2em 1em;
    margin-bottom: 0.4em;
    font-size: 0.85em;
  }
  button {
    font: inherit;
    font-weight: 700;
    padding: 0.2em 1em;
    border-radius: var(--_radius);
    border: 2px solid currentColor;
    background: var(--_panel);
    color: inherit;
    cursor: pointer;
  }
  button:focus-visible {
    outline: 3px solid var(--_focus);
    outline-offset: 2px;
  }
  progress {
    width: min(16em, 40vw);
    height: 0.9em;
    accent-color: var(--_tie);
  }
  .seed {
    font-family: ui-monospace, monospace;
    overflow-wrap: anywhere;
  }
  .status {
    font-weight: 600;
  }
  .body {
    flex: 1;
    min-height: 0;
    display: grid;
    grid-template-columns: minmax(0, 1.25fr) minmax(0, 1fr);
    gap: 0 1.4em;
  }
  .left {
    display: flex;
    flex-direction: column;
    min-height: 0;
  }
  .charts {
    flex: 1;
    min-height: 0;
    display: grid;
    gap: 0.4em 1em;
    grid-template-columns: repeat(2, minmax(0, 1fr));
    grid-template-rows: repeat(3, minmax(0, 1fr));
  }
  figure {
    margin: 0;
    min-width: 0;
    min-height: 0;
    display: flex;
    flex-direction: column;
  }
  figcaption {
    font-weight: 700;
    font-size: 0.8em;
    line-height: 1.2;
  }
  /* Out of the flow, so the size chart.js gives the canvas cannot feed back into the box it measures. */
  .plot {
    position: relative;
    flex: 1;
    min-height: var(--bacc-evidence-chart-height, 6em);
  }
  canvas {
    position: absolute;
    inset: 0;
  }
  .legend {
    color: var(--_muted);
    font-size: 0.8em;
    margin: 0.2em 0 0;
  }
  .sentences {
    display: flex;
    flex-direction: column;
    min-height: 0;
    font-size: 1.1em;
  }
  ol {
    margin: 0;
    padding: 0;
    list-style: none;
    display: flex;
    flex-direction: column;
    gap: 0.45em;
  }
  ol.pinned {
    padding-bottom: 0.45em;
    margin-bottom: 0.45em;
    border-bottom: 2px solid var(--_muted);
  }
  ol.page {
    flex: 1;
    min-height: 0;
    overflow: hidden;
  }
  li[data-excludes] {
    font-weight: 700;
  }
  li.excess {
    visibility: hidden;
  }
  .pager {
    color: var(--_muted);
    font-size: 0.75em;
    margin: 0.3em 0 0;
    min-height: 1.3em;
  }
  /* A narrow box (a phone, a portrait screen): the charts above the sentences, the page scrolling. */
  @container (max-width: 50em) {
    .body {
      display: block;
    }
    .charts {
      grid-template-columns: minmax(0, 1fr);
      grid-template-rows: none;
    }
    .plot {
      height: var(--bacc-evidence-chart-height, 12em);
    }
    ol.page {
      overflow: visible;
    }
  }
  @container (max-width: 50em) {
    :host {
      overflow-y: auto;
    }
  }
`;
