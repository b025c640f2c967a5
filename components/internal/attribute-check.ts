/**
 * The check of the elements' enumerated attributes (`kind`, `labels`, …): a value the element does
 * not take falls back to its default, with one console warning per element and value, so a typo
 * in a page's markup is named rather than silently drawn as something else.
 */

/** The bad values each element has already warned about, by attribute: one warning each, however often it renders. */
const warned = new WeakMap<Element, Set<string>>();

/**
 * `value` if it is one of `choices`; otherwise `fallback`. No value (null, undefined, an empty
 * attribute) is the fallback, silently; anything else warns once per element instance and value,
 * naming the element, the attribute, the value and the values it takes.
 */
export function usableChoice<T extends string>(element: Element, attribute: string, value: unknown, choices: readonly T[], fallback: T): T {
  if (choices.includes(value as T)) return value as T;
  if (value == null || value === '') return fallback;
  const shown =
    typeof value === 'string'
      ? `"${value.slice(0, 80)}"`
      : typeof value === 'number' || typeof value === 'boolean'
        ? `${typeof value} ${value}`
        : typeof value;
  const seen = warned.get(element) ?? new Set<string>();
  warned.set(element, seen);
  const key = `${attribute}=${shown}`;
  if (!seen.has(key)) {
    seen.add(key);
    console.warn(`${element.localName}: ${attribute} must be one of ${choices.join(', ')}; got ${shown}, using ${fallback}`);
  }
  return fallback;
}
