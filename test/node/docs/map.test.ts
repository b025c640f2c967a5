// CONTRIBUTING's map of the repository against the tree itself: a newcomer reads the folders there.
import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const repository = join(import.meta.dirname, '..', '..', '..');

/** The paths the map names, each with its parents: `src/` then `  game/` is src/game/. */
function mappedPaths(): string[] {
  const text = readFileSync(join(repository, 'CONTRIBUTING.md'), 'utf8');
  const block = /## The map\s+```\n([\s\S]*?)\n```/.exec(text)?.[1] ?? '';
  const parents: string[] = [];
  const paths: string[] = [];
  for (const line of block.split('\n')) {
    const match = /^( *)([\w./-]+)( |$)/.exec(line);
    // A line that goes on the description above it starts far to the right.
    if (!match || match[1]!.length >= 20) continue;
    const depth = match[1]!.length / 2;
    parents.length = depth;
    const path = [...parents, match[2]!].join('');
    paths.push(path);
    if (path.endsWith('/')) parents[depth] = match[2]!;
  }
  return paths;
}

const foldersIn = (folder: string): string[] =>
  readdirSync(join(repository, folder))
    .filter((name) => statSync(join(repository, folder, name)).isDirectory() && !['node_modules', 'lib'].includes(name))
    .map((name) => `${folder}${name}/`);

describe("CONTRIBUTING's map", () => {
  const paths = mappedPaths();

  it('reads the map (the test itself works)', () => {
    expect(paths).toContain('src/game/');
    expect(paths).toContain('components/app/shared/data/');
  });

  it('names only what exists', () => {
    expect(paths.filter((path) => !existsSync(join(repository, path)))).toEqual([]);
  });

  it('names every folder of src/, components/app/, server/ and test/', () => {
    const folders = ['src/', 'components/app/', 'components/app/shared/', 'server/', 'server/src/', 'test/'].flatMap(foldersIn);
    expect(folders.filter((folder) => !paths.includes(folder))).toEqual([]);
  });
});
