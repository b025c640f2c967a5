/**
 * How a replaced list relates to the one before it. Displays receive their hands as a new array
 * for every change; telling one more hand from one fewer from anything else lets them update
 * by a single add or undo instead of recomputing the shoe.
 */

/** What changed: nothing, one item appended, the last one removed, or anything else. */
export type FollowStep = 'unchanged' | 'added' | 'removed' | 'replaced';

/**
 * Compares by identity: the same items in the same places, plus or minus the last one.
 * @example followStep([a, b], [a, b, c]) // 'added'
 */
export function followStep<T>(previous: readonly T[], next: readonly T[]): FollowStep {
  if (next === previous) return 'unchanged';
  if (next.length === previous.length + 1 && samePrefix(previous, next, previous.length)) return 'added';
  if (next.length === previous.length - 1 && samePrefix(previous, next, next.length)) return 'removed';
  if (next.length === previous.length && samePrefix(previous, next, next.length)) return 'unchanged';
  return 'replaced';
}

function samePrefix<T>(a: readonly T[], b: readonly T[], length: number): boolean {
  for (let i = 0; i < length; i++) if (a[i] !== b[i]) return false;
  return true;
}
