import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { templates } from '../../components/locales/zh-Hans.js';

/** Every msg() id in the elements and controllers, found by reading their source. */
function messageIds(): Map<string, string> {
  const ids = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'locales') walk(path);
      } else if (entry.name.endsWith('.ts')) {
        // Every `{ id: '…' }` on its own: a pattern from `msg(` to its id stopped at the first id, so a
        // message holding another msg() call (" or " in a list) hid its own id.
        for (const match of readFileSync(path, 'utf8').matchAll(/\{ id: '([\w-]+)' \}/g)) ids.set(match[1]!, path);
      }
    }
  };
  walk('components');
  return ids;
}

describe('Simplified Chinese', () => {
  it('has a template for every message the elements show', () => {
    const ids = messageIds();
    expect(ids.size).toBeGreaterThan(100);
    const missing = [...ids].filter(([id]) => !(id in templates)).map(([id, file]) => `${id} (${file})`);
    expect(missing).toEqual([]);
  });
});
