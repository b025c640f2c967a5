import { describe, it, expect } from 'vitest';
import { followStep } from '../../../src/roads/list-follower.js';

describe('followStep', () => {
  const [a, b, c] = [{ n: 1 }, { n: 2 }, { n: 3 }];
  it('tells one more item, one fewer, no change and anything else apart, by identity', () => {
    const list = [a, b];
    expect(followStep(list, list)).toBe('unchanged');
    expect(followStep(list, [a, b])).toBe('unchanged');
    expect(followStep(list, [a, b, c])).toBe('added');
    expect(followStep(list, [a])).toBe('removed');
    expect(followStep(list, [a, c])).toBe('replaced');
    expect(followStep(list, [{ n: 1 }, b, c])).toBe('replaced');
    expect(followStep(list, [])).toBe('replaced');
    expect(followStep([], [a])).toBe('added');
  });
});
