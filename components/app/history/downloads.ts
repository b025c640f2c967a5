/**
 * Saving exports as files: the file names and the download itself (a Blob behind an `<a download>`
 * click, so nothing leaves the browser). The texts come from the core: `shoeDocumentText` (JSON)
 * and `shoesToCsv` (CSV).
 */
import type { ShoeRecord } from '../../../src/shoes/document.js';

/** A local calendar date, `2026-03-14`, for file names: the day the person saw, not the UTC one. */
export function fileDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Letters, digits and dashes only, so a table name is safe in a file name on every system. */
function fileNamePart(text: string): string {
  const safe = text
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return safe || 'table';
}

/**
 * The file name of one shoe's export: its table and the day it started.
 * @example shoeFileName({ table: 'Table 7', startedAt: '2026-03-14T12:00:00.000Z' }, 'json') // 'shoe-Table-7-2026-03-14.json'
 */
export function shoeFileName(shoe: Pick<ShoeRecord, 'table' | 'startedAt'>, extension: 'json' | 'csv' | 'png'): string {
  return `shoe-${fileNamePart(shoe.table)}-${fileDate(new Date(shoe.startedAt))}.${extension}`;
}

/**
 * The file name of an export of every shoe: the day of the export.
 * @example allShoesFileName('csv', new Date(2026, 2, 14)) // 'shoes-2026-03-14.csv'
 */
export function allShoesFileName(extension: 'json' | 'csv', now = new Date()): string {
  return `shoes-${fileDate(now)}.${extension}`;
}

/** How long a download's object URL stays valid: the browser reads it after the click returns. */
const REVOKE_AFTER_MS = 60_000;

/** Offers `content` to the person as a file called `fileName`. */
export function downloadFile(content: Blob | string, fileName: string, type = 'application/octet-stream'): void {
  const blob = typeof content === 'string' ? new Blob([content], { type }) : content;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; a minute later it is long started.
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
