import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * Page-wide keyboard shortcuts for a host: listens on the window, so a key works wherever the focus
 * is (or when nothing has it), and stops listening when the host leaves the page. Tells the handler
 * whether the key was typed into a text field, so shortcuts never steal typing.
 */
export class KeyShortcutsController implements ReactiveController {
  private readonly listener = (event: KeyboardEvent): void => {
    if (event.defaultPrevented || event.isComposing) return;
    this.onKey(event, isTyping(event.composedPath()[0], event.key));
  };

  constructor(
    host: ReactiveControllerHost,
    private readonly onKey: (event: KeyboardEvent, typingInField: boolean) => void,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    addEventListener('keydown', this.listener);
  }

  hostDisconnected(): void {
    removeEventListener('keydown', this.listener);
  }
}

/**
 * Whether the key goes to a field rather than to the shortcuts: anything typed into a text field,
 * and a select's own keys (arrows, Enter, Escape, Home…). A single character pressed on a select is
 * a shortcut: after the clerk picks an option with the mouse, the focus stays on the select and
 * B, P, T must still record.
 */
function isTyping(target: EventTarget | undefined, key: string): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLSelectElement) return key.length !== 1 || key === ' ';
  return target.isContentEditable || target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement;
}
