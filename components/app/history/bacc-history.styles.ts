import { css } from 'lit';

/** `<bacc-history>`'s own styles, after the theme's tokens and the shared control styles: the toolbar, the list and its trails, the notices. */
export const historyStyles = css`
  :host {
    display: block;
    box-sizing: border-box;
    padding: 12px;
    font-size: 15px;
  }
  h1 {
    font-size: 1.4em;
    margin: 0 0 0.5em;
  }
  /* The heading takes the focus only when the row that had it is gone (see rescueFocus). */
  h1:focus-visible {
    outline: 3px solid var(--_focus);
    outline-offset: 2px;
  }
  .toolbar {
    display: flex;
    flex-wrap: wrap;
    align-items: end;
    gap: 8px 16px;
    margin-bottom: 10px;
  }
  .toolbar label {
    display: flex;
    flex-direction: column;
    gap: 2px;
    font-size: 0.9em;
  }
  /* A long table name (a table's may be 60 characters, the record may hold longer) widens no toolbar past the screen. */
  .toolbar select {
    max-inline-size: min(24em, 80vw);
  }
  /* A date field and the box that holds its place until it is drawn: the same size, so nothing moves. */
  input[type='date'],
  .date-placeholder {
    box-sizing: border-box;
    inline-size: 11em;
    block-size: 2.4em;
  }
  .date-placeholder {
    display: block;
    border: 1px dashed var(--bacc-control-border-color, color-mix(in srgb, currentColor 40%, transparent));
    border-radius: 6px;
  }
  .storage {
    color: var(--_muted);
    font-size: 0.9em;
    margin: 0 0 8px;
    /* Its line is kept while the browser is asked for the space used, so the list does not move when the answer comes. */
    min-block-size: 1lh;
  }
  [part='notice'] {
    padding: 0.5em 0.8em;
    border-radius: 6px;
    margin: 0 0 8px;
    border: 1px solid currentColor;
  }
  [part='notice'].alert {
    border-color: var(--_banker);
  }
  .in-play-warning {
    font-weight: 600;
    border-inline-start: 4px solid var(--_banker);
    padding-inline-start: 6px;
  }
  .scroller {
    overflow-x: auto;
  }
  table {
    border-collapse: collapse;
    width: 100%;
  }
  th,
  td {
    text-align: start;
    padding: 6px 8px;
    border-bottom: 1px solid var(--_grid-line);
    vertical-align: middle;
  }
  tr.trail-row > td {
    padding: 8px 12px 12px;
  }
  .trail h2 {
    font-size: 1em;
    margin: 8px 0 4px;
  }
  .trail table {
    margin-bottom: 8px;
  }
  /* Not a name or a reason: set apart by its slant, never by colour alone. */
  td.unsigned,
  td.unexplained {
    font-style: italic;
  }
  td.number {
    text-align: end;
    font-variant-numeric: tabular-nums;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 4px;
  }
  .thumbnail {
    display: block;
    max-width: 240px;
    height: auto;
    fill: none;
    stroke-width: 1.2;
  }
  .thumbnail .banker {
    stroke: var(--_banker);
  }
  .thumbnail .player {
    stroke: var(--_player);
  }
  .thumbnail .ties {
    stroke: var(--_tie);
    stroke-width: 1.4;
  }
  .pages {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 10px;
    margin-top: 10px;
  }
  .go-to-page input {
    inline-size: 6em;
    margin-inline-start: 4px;
  }
  /* The switch between this browser's shoes and the room's record. */
  fieldset.source {
    display: flex;
    flex-wrap: wrap;
    gap: 4px 16px;
    border: none;
    padding: 0;
    margin: 0 0 10px;
  }
  fieldset.source legend {
    float: inline-start;
    margin-inline-end: 8px;
    font-weight: 600;
  }
  [hidden] {
    display: none !important;
  }
  /* The record's sign-in (the reports page's, as History lays it out) and who is signed in. */
  .sign-in {
    display: grid;
    grid-template-columns: max-content minmax(12em, 24em);
    gap: 6px 12px;
    align-items: center;
    max-inline-size: 40em;
  }
  .sign-in h2,
  .sign-in .note,
  .sign-in [part='notice'],
  .sign-in button {
    grid-column: 1 / -1;
    margin: 0;
  }
  .sign-in h2 {
    font-size: 1.1em;
  }
  .sign-in button {
    justify-self: start;
  }
  .who {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 6px 12px;
    margin: 0 0 8px;
    color: var(--_muted);
  }
  .reading {
    color: var(--_muted);
  }
  progress {
    width: 16em;
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
`;
