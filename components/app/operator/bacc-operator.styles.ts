import { css } from 'lit';
import { noticeLook } from '../../styles/theme.js';

/**
 * The console's layout and its controls' look, over the app's shared control basics (see
 * control-styles.ts): the entry panel beside the scoreboard on a laptop, under it on a narrow screen.
 */
export const operatorStyles = css`
  /*
       * A narrow screen stacks the scoreboard over the entry panel. From 1000 px wide (a laptop, 1280×720
       * up) the entry panel and the last hand take a column of their own on the left, where the clerk
       * looks first, and the scoreboard the rest: stacked, at 1280×720 and 1366×768 the scoreboard kept
       * 6–60 px for its statistics, last hand and chart row (issue 14).
       */
  :host {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    grid-template-rows: minmax(0, 1fr) auto;
    grid-template-areas: 'board' 'panel';
    height: 100%;
    min-height: 0;
    background: var(--_background);
    color: var(--_text);
    font: 15px/1.4 var(--_font);
  }
  bacc-scoreboard {
    grid-area: board;
    min-height: 0;
    min-width: 0;
  }
  .panel {
    grid-area: panel;
    display: flex;
    flex-wrap: wrap;
    gap: 0.6em 1.2em;
    align-items: flex-start;
    align-content: flex-start;
    padding: 0.8em 1em;
    background: var(--_panel);
    border-top: 1px solid var(--_grid-line);
  }
  .last-hand {
    display: none;
  }
  @media (min-width: 1000px) {
    /* The last hand, the clerk's check of the cards just entered, keeps the height it needs:
           when a long notice makes the controls taller than the room left, they scroll instead. */
    :host {
      grid-template-columns: minmax(24em, 34%) minmax(0, 1fr);
      grid-template-rows: minmax(0, 1fr) auto;
      grid-template-areas: 'panel board' 'last board';
    }
    /*
         * The controls that record and undo (and the question why) keep their place; the card shoe and
         * Simulate below them scroll on their own when the room runs out. Scrolled as a whole, opening
         * the card shoe (G) with the question on screen at 1280×720 left the panel 140 px too tall.
         */
    .panel {
      border-top: none;
      min-width: 0;
      min-height: 0;
      overflow-y: auto;
      flex-direction: column;
      flex-wrap: nowrap;
    }
    .panel > * {
      flex: none;
      max-width: 100%;
    }
    .panel > .clerk,
    .panel > .messages,
    .panel > .why,
    .panel > .confirm,
    .panel > .feed-question {
      flex: none;
      align-self: stretch;
    }
    .panel > .more {
      display: flex;
      flex-direction: column;
      align-items: flex-start;
      gap: inherit;
      flex: 0 1 auto;
      min-height: 0;
      overflow-y: auto;
    }
    .last-hand {
      display: block;
      grid-area: last;
      padding: 0.5em 1em 0.8em;
      background: var(--_panel);
      border-top: 1px solid var(--_grid-line);
    }
  }
  /* A laptop's height: the controls a little tighter, so the last hand keeps its room under them. */
  @media (min-width: 1000px) and (max-height: 800px) {
    :host {
      font-size: 14px;
    }
    .panel {
      gap: 0.45em 0.8em;
      padding: 0.6em 0.8em;
    }
    button {
      padding: 0.3em 0.55em;
    }
    .last-hand {
      padding: 0.3em 0.8em 0.45em;
    }
  }
  fieldset {
    display: flex;
    flex-wrap: wrap;
    gap: 0.4em;
    align-items: center;
    margin: 0;
    padding: 0.3em 0.6em 0.5em;
    border: 1px solid var(--_grid-line);
    border-radius: 6px;
  }
  a.history {
    color: inherit;
  }
  .card-help {
    flex: 1 1 100%;
  }
  legend {
    padding: 0 0.3em;
    color: var(--_muted);
  }
  button {
    padding: 0.35em 0.7em;
    border-radius: 5px;
    border: 1px solid var(--_grid-line);
    background: var(--_surface);
  }
  button[aria-pressed='true'] {
    background: var(--bacc-operator-pressed-background, var(--_focus));
    color: var(--bacc-operator-pressed-color, var(--_on-notice));
  }
  button.banker {
    border-color: var(--_banker);
  }
  button.player {
    border-color: var(--_player);
  }
  button.tie {
    border-color: var(--_tie);
  }
  button:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }
  kbd {
    margin-inline-start: 0.4em;
    padding: 0 0.3em;
    border: 1px solid currentColor;
    border-radius: 3px;
    font:
      0.85em ui-monospace,
      monospace;
  }
  input,
  select {
    padding: 0.3em 0.5em;
    border-radius: 5px;
    border: 1px solid var(--_grid-line);
    background: var(--_surface);
  }
  /* Narrow enough for Remove last card to sit beside it: the console's height is the last hand's room. */
  input.cards {
    width: 10em;
  }
  input.hand-number {
    width: 4.5em;
  }
  /* The panel's header: who signs the audit trail, and Z to sign in or hand over. */
  .clerk {
    flex: 1 1 100%;
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.4em 0.8em;
  }
  .clerk-now {
    font-weight: 600;
  }
  .clerk-help {
    font-size: 0.9em;
  }
  .why-too-long:not(:empty) {
    font-weight: 600;
    color: var(--_notice);
  }
  .messages {
    flex: 1 1 100%;
    display: grid;
    gap: 0.3em;
  }
  .messages p {
    margin: 0;
  }
  /* An empty line takes no row (and no gap), yet stays in place as a live region for what it will say. */
  .messages p:empty {
    position: absolute;
  }
  .alert:not(:empty),
  .conflict:not(:empty) {
    padding: 0.3em 0.6em;
    border-radius: 5px;
    ${noticeLook}
  }
  .storage:not(:empty),
  .room[data-trouble] {
    font-weight: 600;
    color: var(--_notice);
  }
  /* Narrow screens: what .more holds wraps with the panel's other fieldsets, as before. */
  .more {
    display: contents;
  }
  /* The question why is a line or three of words to answer by key, not a row of big buttons: on a laptop it costs the controls little height. */
  .why {
    flex: 1 1 100%;
    display: flex;
    flex-wrap: wrap;
    gap: 0.2em 0.3em;
    align-items: center;
    padding: 0.2em 0.5em;
    border: 2px solid var(--_focus);
    border-radius: 5px;
  }
  .why-question {
    font-weight: 600;
  }
  .why button.why-listed,
  .why button.why-dismiss {
    padding: 0 0.2em;
    border-color: transparent;
    background: none;
    text-decoration: underline;
    text-underline-offset: 0.15em;
  }
  .why kbd {
    margin-inline-start: 0.25em;
  }
  .why input {
    width: 11em;
    padding: 0 0.4em;
  }
  .confirm {
    flex: 1 1 100%;
    display: flex;
    gap: 0.6em;
    align-items: center;
    font-weight: 600;
  }
  @media (forced-colors: active) {
    button[aria-pressed='true'] {
      outline: 2px solid CanvasText;
    }
  }
`;
