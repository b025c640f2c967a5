/**
 * Loading a part of the page on demand (a mode's element, the attract dealer, History's replay and
 * file code). Such a part can be missing: opened offline before the service worker kept it, or
 * replaced on the server by a newer version of the app while the page stayed open. The page cannot
 * show a part it does not have; it says so in words, and a reload fetches the current version.
 */
import { msg } from '@lit/localize';

/** A part of the page loaded on demand could not be loaded; the message says to reload. */
export class PartMissingError extends Error {
  override name = 'PartMissingError';
}

/**
 * Loads a part of the page (`() => import('../../…')`).
 * @throws PartMissingError when it cannot be loaded (the browser's own error is logged).
 */
export async function loadOnDemand<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    console.error(error);
    throw new PartMissingError(
      msg('Part of this page could not be loaded (offline before it was kept, or the app was updated): reload the page.', {
        id: 'part-missing',
      }),
      { cause: error },
    );
  }
}
