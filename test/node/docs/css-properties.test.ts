/**
 * Issue #15, the docs page: every theme property a page can set is documented, and every
 * documented one does something. How each set is found: see css-properties.ts.
 */
import { describe, it, expect } from 'vitest';
import {
  compareProperties,
  describeMismatches,
  documentedProperties,
  propertiesRead,
  usedProperties,
  type PropertyPlaces,
} from './css-properties.js';

const root = process.cwd();

const places = (entries: Record<string, string[]>): PropertyPlaces => new Map(Object.entries(entries));

describe('the --bacc-* custom properties', () => {
  it('every property an element uses is documented by a @cssprop, and every documented one is used', async () => {
    const used = usedProperties(root);
    const documented = await documentedProperties(root);
    // Both sets were found at all: the theme's colours are there on each side.
    expect(used.has('--bacc-banker-color')).toBe(true);
    expect(documented.has('--bacc-banker-color')).toBe(true);
    expect(describeMismatches(compareProperties(used, documented), used, documented)).toBe('');
  });
});

describe('the checker', () => {
  it('names a documented property that no element uses, and a used one that is not documented', () => {
    const used = places({ '--bacc-banker-color': ['components/styles/theme.ts'], '--bacc-new-size': ['components/bacc-big-road.ts'] });
    const documented = places({ '--bacc-banker-color': ['bacc-big-road'], '--bacc-old-color': ['bacc-stats'] });
    const mismatches = compareProperties(used, documented);
    expect(mismatches).toEqual({ unused: ['--bacc-old-color'], undocumented: ['--bacc-new-size'] });
    expect(describeMismatches(mismatches, used, documented)).toBe(
      '--bacc-old-color is documented (bacc-stats) but used by no element\n' +
        '--bacc-new-size is used (components/bacc-big-road.ts) but documented by no @cssprop',
    );
  });

  it('reports nothing when both sets agree', () => {
    const both = places({ '--bacc-gap': ['x'] });
    expect(compareProperties(both, both)).toEqual({ unused: [], undocumented: [] });
  });

  it('reads var() and getPropertyValue() in code, and not a property a comment only mentions', () => {
    const source = [
      '/** @cssprop --bacc-documented-only - A JSDoc line. */',
      'const styles = css`',
      '  /* --bacc-in-a-css-comment */',
      '  :host { --_a: var(--bacc-read-color, red); --_b: var( --bacc-spaced ); }',
      '`;',
      '// var(--bacc-in-a-line-comment)',
      "const value = getComputedStyle(host).getPropertyValue('--bacc-read-by-script');",
    ].join('\n');
    expect(propertiesRead(source).sort()).toEqual(['--bacc-read-by-script', '--bacc-read-color', '--bacc-spaced']);
  });
});
