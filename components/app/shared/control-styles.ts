import { css } from 'lit';

/**
 * Buttons, selects and inputs of the history and replay screens: readable on the kiosk's dark and
 * light themes, a visible focus ring for keyboard use, and system colours in forced-colour modes.
 */
export const controlStyles = css`
  button,
  select,
  input {
    font: inherit;
    color: inherit;
    background: var(--bacc-control-background, color-mix(in srgb, currentColor 8%, transparent));
    border: 1px solid var(--bacc-control-border-color, color-mix(in srgb, currentColor 40%, transparent));
    border-radius: 6px;
    padding: 0.3em 0.7em;
    min-height: 2.2em;
  }
  select option {
    color: initial;
  }
  button {
    cursor: pointer;
  }
  button:disabled {
    cursor: default;
    opacity: 0.5;
  }
  /* White on the banker red: 5:1 on the default colours, where red text on a tinted button was 4.4:1. */
  button.danger {
    border-color: var(--_banker);
    background: var(--_banker);
    color: #fff;
  }
  :is(button, select, input):focus-visible {
    outline: 3px solid var(--_focus);
    outline-offset: 2px;
  }
  @media (forced-colors: active) {
    button,
    select,
    input {
      border-color: ButtonText;
    }
    :is(button, select, input):focus-visible {
      outline-color: Highlight;
    }
  }
`;

/**
 * What every control of the app's screens shares whatever its look: the page's font and text
 * colour, a pointer over buttons, and the focus ring on whatever has the keyboard's focus (links
 * too), in system colours in forced-colour modes. The operator console draws its own look over it.
 */
export const controlBasics = css`
  button,
  select,
  input {
    font: inherit;
    color: inherit;
  }
  button {
    cursor: pointer;
  }
  :focus-visible {
    outline: 3px solid var(--_focus);
    outline-offset: 2px;
  }
  @media (forced-colors: active) {
    :focus-visible {
      outline-color: Highlight;
    }
  }
`;
