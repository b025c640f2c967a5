import { describe, expect, it } from 'vitest';
import { readAndCheck } from '../../../../components/app/history/import-checks.js';
import { shoeDocumentText, simulateShoeRecords } from '../../../../src/shoes/document.js';

describe('the import work between its stages (issue #14, point 5)', () => {
  it('pauses at the end of reading and at the end of parsing, where the page without a worker draws a frame', async () => {
    const events: string[] = [];
    const shoes = simulateShoeRecords({ shoes: 2, seed: 'stages', now: () => new Date('2026-11-30T08:00:00.000Z') });
    const file = new Blob([shoeDocumentText(shoes)]);
    const outcome = await readAndCheck(
      file,
      {
        onProgress: ({ step, done, total }) => events.push(`${step} ${done === total ? 'all' : done}`),
        pause: (stageEnd) => {
          events.push(stageEnd ? 'stage end' : 'pause');
          return Promise.resolve();
        },
      },
      new Date('2026-11-30T12:00:00.000Z'),
    );
    expect(outcome.ok).toBe(true);
    const readingDone = events.lastIndexOf('reading all');
    const checking = events.indexOf('checking 0');
    expect(events.slice(readingDone, checking)).toEqual(['reading all', 'pause', 'stage end', 'stage end']);
  });
});
