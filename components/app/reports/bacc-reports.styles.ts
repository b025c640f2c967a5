import { css } from 'lit';

/**
 * `<bacc-reports>`'s own styles, after the theme's tokens and the controls': a page that scrolls,
 * its tables as wide as the window (scrolling sideways in a narrow one rather than cut), the two
 * charts side by side; and on paper a shift report in ink: the figures and the flags, no forms.
 */
export const reportsStyles = css`
  :host {
    display: block;
    box-sizing: border-box;
    min-height: 100%;
    padding: 0.8em 1.4em 2em;
    background: var(--_background);
    /* 15 px at 1920 × 1080, 14 px (the least) at 1366 × 768. */
    font-size: var(--bacc-reports-font-size, clamp(14px, 0.55vw + 0.5vh, 20px));
    line-height: 1.35;
  }
  :host([printing]) {
    --bacc-text-color: #000;
    --bacc-muted-color: #444;
    --bacc-grid-line-color: #bbb;
    --bacc-banker-color: #b71c1c;
    --bacc-player-color: #0d47a1;
    --bacc-tie-color: #1b5e20;
  }
  h1 {
    margin: 0;
    font-size: 1.5em;
  }
  h2 {
    margin: 1.2em 0 0.4em;
    font-size: 1.2em;
  }
  header {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    justify-content: space-between;
    gap: 0.3em 1.5em;
  }
  .who {
    margin: 0;
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 0.3em 0.8em;
    overflow-wrap: anywhere;
  }
  .muted,
  .exact,
  .covers {
    color: var(--_muted);
  }
  form.sign-in {
    display: grid;
    /* The second column flexible: a note spanning both then widens neither (an intrinsic column took its width). */
    grid-template-columns: max-content minmax(0, 1fr);
    gap: 0.6em 1em;
    align-items: center;
    max-width: 40em;
    margin-top: 1.2em;
    padding: 1em 1.2em;
    border-radius: var(--_radius);
    background: var(--_panel);
  }
  form.sign-in .note,
  form.sign-in .problem,
  form.sign-in button {
    grid-column: 1 / -1;
  }
  form.sign-in button {
    justify-self: start;
  }
  .note {
    margin: 0;
    font-size: 0.9em;
    color: var(--_muted);
  }
  .problem {
    margin: 0.6em 0;
    padding: 0.5em 0.8em;
    border-radius: var(--_radius);
    border-left: 4px solid var(--_banker);
    background: var(--_panel);
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  form.choices {
    display: flex;
    flex-wrap: wrap;
    align-items: flex-end;
    gap: 0.6em 1.4em;
    margin-top: 0.8em;
    padding: 0.6em 1em;
    border-radius: var(--_radius);
    background: var(--_panel);
  }
  fieldset {
    margin: 0;
    padding: 0;
    border: 0;
    min-width: 0;
  }
  legend,
  .field > span {
    display: block;
    font-size: 0.85em;
    font-weight: 700;
    margin-bottom: 0.2em;
    padding: 0;
  }
  .field {
    display: flex;
    flex-direction: column;
  }
  .time {
    display: flex;
    flex-wrap: wrap;
    gap: 0.4em 0.8em;
    align-items: flex-end;
  }
  fieldset.tables {
    flex: 1 1 24em;
  }
  .table-choices {
    display: flex;
    flex-wrap: wrap;
    gap: 0.2em 1em;
    max-height: 6.5em;
    overflow: auto;
  }
  .table-choices label {
    display: inline-flex;
    align-items: center;
    gap: 0.3em;
    white-space: nowrap;
  }
  input[type='checkbox'] {
    min-height: auto;
    width: 1.1em;
    height: 1.1em;
    accent-color: var(--_player);
  }
  input[type='number'] {
    width: 6em;
  }
  .actions {
    display: flex;
    gap: 0.6em;
  }
  .status {
    display: flex;
    flex-wrap: wrap;
    gap: 0.2em 1.5em;
    margin: 0.8em 0 0;
  }
  .status p {
    margin: 0;
  }
  ul.sentences {
    margin: 0.3em 0;
    padding-left: 1.2em;
  }
  ul.sentences li {
    margin: 0.2em 0;
  }
  ul.flags li {
    font-weight: 700;
  }
  .explanation {
    margin: 0.3em 0;
    max-width: 70em;
  }
  .scroll {
    overflow-x: auto;
  }
  table {
    border-collapse: collapse;
    width: 100%;
    font-variant-numeric: tabular-nums;
  }
  caption {
    text-align: left;
    font-weight: 700;
    padding: 0.2em 0 0.4em;
  }
  th,
  td {
    padding: 0.3em 0.6em;
    text-align: left;
    vertical-align: top;
    border-bottom: 1px solid var(--_grid-line);
  }
  .numeric {
    text-align: right;
  }
  thead th {
    padding: 0;
    vertical-align: bottom;
    white-space: nowrap;
  }
  thead th button {
    width: 100%;
    min-height: 2.4em;
    border: 0;
    border-radius: 0;
    background: transparent;
    font-weight: 700;
    text-align: inherit;
    padding: 0.3em 0.6em;
  }
  thead th button:hover {
    background: var(--_panel);
  }
  .arrow {
    margin-inline-start: 0.3em;
    color: var(--_muted);
    font-size: 0.8em;
  }
  [aria-sort] .arrow {
    color: inherit;
  }
  tbody tr:nth-child(even) {
    background: var(--_panel);
  }
  tbody th {
    font-weight: 700;
    white-space: nowrap;
  }
  td .count,
  td .pace {
    display: block;
    font-weight: 600;
  }
  td .share,
  td .exact,
  th .decks {
    display: block;
    font-size: 0.85em;
    white-space: nowrap;
  }
  th .decks {
    font-weight: 400;
    color: var(--_muted);
  }
  /* Marked in words and by a bar in the banker's red, the text in the text's colour (red text on a tinted row fell below 4.5:1). */
  .below,
  .verdict-flagged {
    display: inline-block;
    font-weight: 700;
    white-space: nowrap;
    border-inline-start: 4px solid var(--_banker);
    padding-inline-start: 0.3em;
  }
  .below {
    font-size: 0.85em;
  }
  tr.flagged th {
    font-weight: 700;
  }
  .charts {
    display: grid;
    grid-template-columns: repeat(2, minmax(0, 1fr));
    gap: 1em 2em;
  }
  figure {
    margin: 0;
    min-width: 0;
  }
  figcaption {
    font-weight: 700;
    margin-bottom: 0.3em;
  }
  /* Out of the flow, so the size chart.js gives the canvas cannot feed back into the box it measures. */
  .plot {
    position: relative;
    height: 15em;
  }
  canvas {
    position: absolute;
    inset: 0;
  }
  .legend {
    margin: 0.3em 0 0;
    font-size: 0.85em;
    color: var(--_muted);
  }
  .swatch {
    display: inline-block;
    width: 0.9em;
    height: 0.9em;
    margin: 0 0.3em 0 0.8em;
    vertical-align: -0.1em;
    border: 2px solid var(--_text);
  }
  .swatch.solid {
    background: var(--_muted);
    border-color: var(--_muted);
  }
  @media (max-width: 60em) {
    .charts {
      grid-template-columns: minmax(0, 1fr);
    }
  }
  @media print {
    :host {
      position: static !important;
      height: auto !important;
      overflow: visible !important;
      padding: 0;
      background: none;
      font-size: 9pt;
      --bacc-text-color: #000;
      --bacc-muted-color: #444;
      --bacc-grid-line-color: #bbb;
    }
    form,
    .who button,
    .no-print {
      display: none !important;
    }
    thead th button {
      min-height: 0;
      padding: 0.2em 0.4em;
      background: none !important;
    }
    .arrow {
      display: none;
    }
    tbody tr:nth-child(even) {
      background: none;
    }
    th,
    td {
      padding: 0.15em 0.4em;
    }
    tr,
    figure,
    li {
      break-inside: avoid;
    }
    thead {
      display: table-header-group;
    }
    .scroll {
      overflow: visible;
    }
    /* chart.js sized each canvas for the screen and does not size it again for the paper: there a
       canvas is in the flow, as wide as its figure at the proportions it was drawn in, so it never
       runs over the next chart or the tables after it. */
    .plot {
      position: static;
      height: auto;
    }
    canvas {
      position: static;
      width: 100% !important;
      height: auto !important;
    }
  }
`;
