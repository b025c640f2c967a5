/**
 * The docs live in the repository (issue #24): no tracked file refers to a document outside it, and
 * every docs/ page a code comment or a page links to exists, so a clone from the project's public
 * home finds every document it cites. A failure lists each offender as file:line.
 */
import { describe, it, expect } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const repository = resolve(import.meta.dirname, '../../..');

/** Every tracked text file, as a path relative to the repository. */
function trackedFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z'], { cwd: repository, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return listed
    .split('\0')
    .filter((file) => file !== '' && !file.split('/').includes('node_modules'))
    .filter((file) => !/\.(png|jpe?g|gif|ico|woff2?|ttf|otf|webp)$/i.test(file) && file !== 'package-lock.json')
    .filter((file) => existsSync(join(repository, file)));
}

/** Each line of each file, numbered from 1, with the file it is in. */
function* linesOf(files: readonly string[]): Generator<{ file: string; line: number; text: string }> {
  for (const file of files) {
    const lines = readFileSync(join(repository, file), 'utf8').split('\n');
    for (let i = 0; i < lines.length; i++) yield { file, line: i + 1, text: lines[i]! };
  }
}

// The design and reference notes the project began from, kept outside the repository.
const OUTSIDE_DOCUMENT = /\b(DESIGN|REFERENCE)\.md\b/;
const SHARED_ON_THE_MACHINE = /\/work\/shared\b/;
const SHARED_FOLDER = /(?:\.\.\/)+shared\b[^\s'"`)]*/g;

/** Whether a relative path to a `shared` folder, read from `file`, climbs out of the repository. */
function leavesRepository(file: string, path: string): boolean {
  const target = resolve(repository, dirname(file), path);
  return target !== repository && !target.startsWith(repository + sep);
}

/** Pages `npm run docs` writes at build time (gitignored), so a fresh clone has them only once built. */
const GENERATED_PAGES = new Set(['docs/reference/elements.md']);

describe('the documents the repository cites', () => {
  const files = trackedFiles();

  it('are all inside it: no file refers to the design or reference notes, or to a ../shared folder, outside the repository', () => {
    const offenders: string[] = [];
    for (const { file, line, text } of linesOf(files)) {
      if (OUTSIDE_DOCUMENT.test(text) || SHARED_ON_THE_MACHINE.test(text)) {
        offenders.push(`${file}:${line}: ${text.trim()}`);
        continue;
      }
      for (const match of text.matchAll(SHARED_FOLDER)) {
        if (leavesRepository(file, match[0])) offenders.push(`${file}:${line}: ${text.trim()}`);
      }
    }
    expect(offenders, `documents outside the repository, cited at:\n${offenders.join('\n')}`).toEqual([]);
  });

  it('exist where a source comment names a docs/ page', () => {
    const missing: string[] = [];
    const sources = files.filter((file) => /\.(ts|mjs|js|cjs)$/.test(file));
    for (const { file, line, text } of linesOf(sources)) {
      for (const [page] of text.matchAll(/\bdocs\/[\w./-]+\.md\b/g)) {
        if (!existsSync(join(repository, page)) && !GENERATED_PAGES.has(page)) missing.push(`${file}:${line}: ${page}`);
      }
    }
    expect(missing, `docs pages named but missing:\n${missing.join('\n')}`).toEqual([]);
  });

  it('exist where the README or a docs page links to a file of the repository', () => {
    const missing: string[] = [];
    const pages = files.filter(
      (file) => file === 'README.md' || file === 'CONTRIBUTING.md' || (file.startsWith('docs/') && file.endsWith('.md')),
    );
    for (const { file, line, text } of linesOf(pages)) {
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target!) || target!.startsWith('#')) continue;
        const path = target!.split('#')[0]!;
        // A site path (/kiosk.png, /elements/…) is the built site's: docs/public/ or a page built beside it.
        const onDisk = path.startsWith('/') ? join(repository, 'docs', 'public', path) : resolve(repository, dirname(file), path);
        const generated = GENERATED_PAGES.has(relative(repository, onDisk).split(sep).join('/'));
        if (!existsSync(onDisk) && !generated && !path.startsWith('/elements/')) missing.push(`${file}:${line}: ${target}`);
      }
    }
    expect(missing, `links to nothing:\n${missing.join('\n')}`).toEqual([]);
  });
});
