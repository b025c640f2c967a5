/** What the docs page reads from custom-elements.json (docs/manifest.ts): elements, their public API, the theme properties. */
import { describe, it, expect } from 'vitest';
import { asManifest, elementDocs, themeProperties, type Manifest } from '../../../docs/elements/manifest.js';

const manifest: Manifest = {
  modules: [
    {
      path: 'lib/components/internal/road-element.js',
      // A base class: no tag, not an element of the page.
      declarations: [{ kind: 'class', name: 'RoadElement', cssProperties: [{ name: '--bacc-base-only' }] }],
    },
    {
      path: 'lib/components/bacc-big-road.js',
      declarations: [
        {
          kind: 'class',
          name: 'BaccBigRoad',
          tagName: 'bacc-big-road',
          description: 'The Big Road.',
          attributes: [{ name: 'outcomes', fieldName: 'outcomes' }],
          members: [
            { kind: 'field', name: 'hands', description: 'The hands.' },
            { kind: 'field', name: 'outcomes', attribute: 'outcomes' },
            { kind: 'field', name: 'road', privacy: 'private' },
            { kind: 'field', name: 'summary', privacy: 'protected' },
            { kind: 'field', name: 'styles', static: true },
            { kind: 'method', name: 'describe' },
          ],
          cssProperties: [
            { name: '--bacc-banker-color', description: 'Banker rings.' },
            { name: '--bacc-cell-size', description: 'Side of one grid cell (default 28px).' },
          ],
        },
      ],
    },
    {
      path: 'lib/components/bacc-bead-plate.js',
      declarations: [
        {
          kind: 'class',
          name: 'BaccBeadPlate',
          tagName: 'bacc-bead-plate',
          cssProperties: [{ name: '--bacc-banker-color', description: 'Banker discs.' }],
        },
      ],
    },
  ],
};

describe('the docs page’s reading of the manifest', () => {
  it('lists the declarations with a tag name, in tag order, with their package entry', () => {
    const elements = elementDocs(manifest);
    expect(elements.map((element) => [element.tagName, element.entry])).toEqual([
      ['bacc-bead-plate', 'baccarat-scoreboard/bead-plate.js'],
      ['bacc-big-road', 'baccarat-scoreboard/big-road.js'],
    ]);
  });

  it('documents public instance fields only: no private, protected or static member, no method', () => {
    const road = elementDocs(manifest).find((element) => element.tagName === 'bacc-big-road')!;
    expect(road.properties.map((property) => property.name)).toEqual(['hands', 'outcomes']);
    expect(road.attributes.map((attribute) => attribute.name)).toEqual(['outcomes']);
    expect(road.events).toEqual([]);
  });

  it('offers each documented theme property once, colours apart, with the default its description gives', () => {
    expect(themeProperties(elementDocs(manifest))).toEqual([
      {
        name: '--bacc-banker-color',
        description: 'Banker discs.',
        elements: ['bacc-bead-plate', 'bacc-big-road'],
        colour: true,
        default: undefined,
      },
      {
        name: '--bacc-cell-size',
        description: 'Side of one grid cell (default 28px).',
        elements: ['bacc-big-road'],
        colour: false,
        default: '28px',
      },
    ]);
  });

  it('refuses a file that is not a manifest', () => {
    expect(() => asManifest({ schemaVersion: '1' })).toThrow(/no modules/);
  });
});
