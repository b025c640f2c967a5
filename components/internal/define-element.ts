/**
 * How the define entries register a tag: once, and never throwing. A page may already have
 * registered the class under its own name (`customElements.define('my-road', BaccBigRoad)` from
 * `elements.js`); a registry takes a constructor once, so the tag then gets a subclass of its own.
 */
export function defineElement(tag: string, element: CustomElementConstructor): void {
  // Through a name of its own, so the manifest's analyzer does not take this for a tag named `tag`.
  const registry: CustomElementRegistry = customElements;
  if (registry.get(tag)) return;
  try {
    registry.define(tag, element);
  } catch (error) {
    // NotSupportedError: this constructor is already registered under the page's name for it.
    if (!(error instanceof DOMException) || error.name !== 'NotSupportedError') throw error;
    registry.define(tag, class extends element {});
  }
}
