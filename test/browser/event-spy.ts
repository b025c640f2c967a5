/** A watch on the events an element and everything rendered inside it dispatch. */

/** Whether `target` is `element`, or a node inside it: in its light DOM, its shadow root, or a shadow root nested in that. */
function isWithin(element: Element, target: EventTarget): boolean {
  for (let node: Node | null = target instanceof Node ? target : null; node;) {
    if (node === element) return true;
    node = node instanceof ShadowRoot ? node.host : node.parentNode;
  }
  return false;
}

/**
 * The type of every event dispatched on `element`, or on any node inside it or its shadow root, while
 * `action` runs, in the order they were dispatched. `dispatchEvent` is put back however `action` ends.
 */
export async function eventsFiredDuring(element: Element, action: () => Promise<void> | void): Promise<string[]> {
  const fired: string[] = [];
  const dispatch = EventTarget.prototype.dispatchEvent;
  EventTarget.prototype.dispatchEvent = function (this: EventTarget, event: Event): boolean {
    if (isWithin(element, this)) fired.push(event.type);
    return dispatch.call(this, event);
  };
  try {
    await action();
  } finally {
    EventTarget.prototype.dispatchEvent = dispatch;
  }
  return fired;
}
