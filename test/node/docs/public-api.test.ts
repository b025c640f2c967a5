/**
 * The elements' public API as the package's manifest gives it (the analyzer run in memory with the
 * project's config, as `npm run build:lib` runs it): the scoreboard's plumbing and test hooks stay
 * out of it, and the state attributes a page styles by reflect.
 */
import { describe, it, expect } from 'vitest';
import { cli } from '@custom-elements-manifest/analyzer/cli.js';

const manifest = await cli({
  argv: ['analyze', '--config', 'custom-elements-manifest.config.mjs', '--quiet'],
  cwd: process.cwd(),
  noWrite: true,
});
const elements = manifest.modules.flatMap((module) => (module.declarations ?? []).filter((declaration) => declaration.tagName));

describe('the public API in custom-elements.json', () => {
  it('lists the nine elements', () => {
    expect(elements.map((element) => element.tagName).sort()).toEqual(
      ['bead-plate', 'big-road', 'chart', 'derived-road', 'last-hand', 'odds-note', 'predictions', 'scoreboard', 'stats'].map(
        (name) => `bacc-${name}`,
      ),
    );
  });

  it('keeps the followers and test hooks out of every element', () => {
    const publicNames = elements.flatMap((element) =>
      (element.members ?? []).filter((member) => !member.privacy && !member.static).map((member) => `${element.tagName}.${member.name}`),
    );
    expect(publicNames.filter((name) => /Follower|chartsDrawn|localize|consoleController|cardFeed/.test(name))).toEqual([]);
    expect(publicNames).toContain('bacc-big-road.outcomes');
  });

  it('reflects ended, letters and the statistics shown, which a page styles by', () => {
    const reflecting = elements.flatMap((element) =>
      (element.members ?? []).filter((member) => member.reflects).map((member) => `${element.tagName}.${member.name}`),
    );
    expect(reflecting.sort()).toEqual(
      [
        'bacc-bead-plate.letters',
        'bacc-big-road.letters',
        'bacc-derived-road.letters',
        'bacc-odds-note.ended',
        'bacc-predictions.letters',
        'bacc-scoreboard.ended',
        'bacc-scoreboard.letters',
        'bacc-stats.show',
      ].sort(),
    );
  });
});
