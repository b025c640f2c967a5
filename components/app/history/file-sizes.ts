/**
 * File sizes as History shows them, and the largest import: apart from the import code, so History's
 * first page shows them without loading it (shoe-files.ts).
 */

/**
 * The largest file an import reads: 64 MB (decimal, as the message shows it). An export of 1,000
 * simulated shoes measured 26 MB, so this leaves room for over 2,000 shoes while refusing a file
 * that would stall the page.
 */
export const MAX_IMPORT_BYTES = 64_000_000;

/**
 * "3.2 MB": bytes in decimal units, one decimal below 100.
 * @example formatBytes(3_200_000) // '3.2 MB'
 */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toFixed(digits)} ${units[unit]}`;
}
