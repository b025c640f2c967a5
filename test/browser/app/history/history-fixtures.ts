/** Stored shoes and downloads for the history, replay and picture tests. */
import { simulateShoeRecords, type ShoeRecord } from '../../../../src/shoes/document.js';

/**
 * One simulated shoe with a reproducible deal, at `table`, started at `startedAt`. The seed decides
 * the id too, so two shoes with different seeds never share one.
 */
export function shoeAt(seed: string, table: string, startedAt: string): ShoeRecord {
  const [shoe] = simulateShoeRecords({ shoes: 1, seed, table, now: () => new Date(startedAt) });
  return shoe!;
}

/** A file saved through `downloadFile` while a capture is on. */
export interface SavedFile {
  name: string;
  blob: Blob;
}

/**
 * Catches downloads instead of letting the browser save them: the blob behind each object URL and
 * the name of each `<a download>` clicked. `restore()` puts the browser's own functions back.
 */
export function captureDownloads(): { saved: SavedFile[]; restore: () => void } {
  const saved: SavedFile[] = [];
  const blobs = new Map<string, Blob>();
  const createObjectURL = URL.createObjectURL;
  const click = HTMLAnchorElement.prototype.click;
  URL.createObjectURL = (object: Blob | MediaSource) => {
    const url = createObjectURL.call(URL, object);
    if (object instanceof Blob) blobs.set(url, object);
    return url;
  };
  HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
    if (this.download) saved.push({ name: this.download, blob: blobs.get(this.href)! });
    else click.call(this);
  };
  return {
    saved,
    restore() {
      URL.createObjectURL = createObjectURL;
      HTMLAnchorElement.prototype.click = click;
    },
  };
}
