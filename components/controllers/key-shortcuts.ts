import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * Page-wide keyboard shortcuts for a host: listens on the window, so a key works wherever the focus
 * is (or when nothing has it), and stops listening when the host leaves the page. Tells the handler
 * whether the key was typed into a text field, so shortcuts never steal typing.
 */
export class KeyShortcutsController implements ReactiveController {
  private readonly listener = (event: KeyboardEvent): void => {
    if (event.defaultPrevented || event.isComposing) return;
    this.onKey(event, isTextField(event.composedPath()[0]));
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

function isTextField(target: EventTarget | undefined): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
}
