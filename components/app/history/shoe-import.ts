/**
 * Reading an import file into shoes, before anything is stored: its size, its type, its text, its
 * JSON, then the shoe export document's schema and every hand resolved again (parseShoeDocument).
 * Any refusal is an ImportRefusedError whose message says what is wrong in words for the screen: a
 * ShoeDocumentError's place and problem are worded by import-words.ts, never by its English message.
 */
import { msg, str } from '@lit/localize';
import { parseShoeDocument, ShoeDocumentError, type ShoeRecord } from '../../../src/shoe-document.js';
import { formatBytes, MAX_IMPORT_BYTES } from './file-sizes.js';
import { shoeDocumentErrorText } from './import-words.js';

/** A file import refused before anything was stored. */
export class ImportRefusedError extends Error {
  override name = 'ImportRefusedError';
}

/** Whether a file is meant to hold JSON: by its type when the browser gives one, else by its name. */
function looksLikeJson(file: File): boolean {
  const type = file.type.toLowerCase();
  if (type === 'application/json' || type.endsWith('+json') || type === 'text/json') return true;
  return /\.json$/i.test(file.name) && (type === '' || type.startsWith('text/') || type === 'application/octet-stream');
}

/**
 * The shoes of an import file, checked through and through.
 * @throws ImportRefusedError naming the file and what is wrong: too large, not JSON, not UTF-8,
 *   not valid JSON, or (from parseShoeDocument) the first bad shoe, hand and field.
 */
export async function readImportFile(file: File, maxBytes = MAX_IMPORT_BYTES): Promise<ShoeRecord[]> {
  const name = file.name;
  if (file.size > maxBytes) {
    const size = formatBytes(file.size);
    const limit = formatBytes(maxBytes);
    throw new ImportRefusedError(msg(str`"${name}" is ${size}, more than the ${limit} an import may be.`, { id: 'import-too-large' }));
  }
  if (!looksLikeJson(file)) {
    const type = file.type || msg('unknown', { id: 'import-unknown-type' });
    throw new ImportRefusedError(
      msg(str`"${name}" is not a JSON file (type ${type}): import reads the JSON export of the scoreboard.`, {
        id: 'import-not-json-type',
      }),
    );
  }
  let text: string;
  try {
    // Fatal decoding: a file that is not UTF-8 text is refused, not read with replacement characters.
    text = new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    throw new ImportRefusedError(msg(str`"${name}" is not UTF-8 text.`, { id: 'import-not-text' }));
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const detail = (error as Error).message;
    throw new ImportRefusedError(msg(str`"${name}" is not valid JSON: ${detail}.`, { id: 'import-bad-json' }));
  }
  try {
    return parseShoeDocument(json).shoes;
  } catch (error) {
    if (!(error instanceof ShoeDocumentError)) throw error;
    const detail = shoeDocumentErrorText(error);
    throw new ImportRefusedError(msg(str`"${name}" is not a valid shoe export: ${detail}.`, { id: 'import-bad-document' }));
  }
}
