import { html, nothing, type TemplateResult } from 'lit';
import { OPERATOR_KEYS, type OperatorAction } from './operator-keys.js';

export interface ButtonOptions {
  pressed?: boolean;
  disabled?: boolean;
  className?: string;
}

/** A console button bound to its action: the element's own, with `act` given. */
export type ActionButton = (action: OperatorAction, label: string, options?: ButtonOptions) => TemplateResult;

/** A button that carries out `action` as its key would, with the key shown on it and named to assistive technology. */
export function actionButton(
  act: (action: OperatorAction) => void,
  action: OperatorAction,
  label: string,
  options: ButtonOptions = {},
): TemplateResult {
  const key = OPERATOR_KEYS[action];
  return html`<button
    type="button"
    class=${options.className ?? nothing}
    aria-keyshortcuts=${action === 'undo' ? `${key} Control+Z` : action === 'redo' ? `${key} Control+Y Control+Shift+Z` : key}
    aria-pressed=${options.pressed === undefined ? nothing : String(options.pressed)}
    ?disabled=${options.disabled ?? false}
    data-action=${action}
    @click=${() => act(action)}
  >
    ${label}<kbd aria-hidden="true">${key === 'Escape' ? 'Esc' : key}</kbd>
  </button>`;
}
