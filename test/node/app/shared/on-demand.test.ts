import { describe, it, expect, vi } from 'vitest';
import { loadOnDemand, PartMissingError } from '../../../../components/app/shared/on-demand.js';

describe('loadOnDemand', () => {
  it('gives what the part loads', async () => {
    await expect(loadOnDemand(() => Promise.resolve({ part: 1 }))).resolves.toEqual({ part: 1 });
  });

  it('turns a part that cannot be loaded into words that say to reload, logging the browser error', async () => {
    const browserError = new TypeError('Failed to fetch dynamically imported module: /assets/gone.js');
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const error = await loadOnDemand(() => Promise.reject(browserError)).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(PartMissingError);
      expect((error as Error).message).toContain('reload the page');
      expect((error as Error).cause).toBe(browserError);
      expect(log).toHaveBeenCalledWith(browserError);
    } finally {
      log.mockRestore();
    }
  });
});
