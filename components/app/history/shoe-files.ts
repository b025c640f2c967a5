/**
 * The file work of History's exports and imports: the JSON and CSV texts, the PNG picture of the
 * roads, and reading an import file or a shoe document of the room's record. History loads this
 * module the first time a file is written or read, not with its first page, which needs none of it.
 */
export { shoeDocumentText } from '../../../src/shoes/records.js';
export { shoesToCsv } from '../../../src/shoes/csv.js';
export { roadPicturePng } from './road-picture.js';
export { checkShoeDocument, readImportFile } from './shoe-import.js';
