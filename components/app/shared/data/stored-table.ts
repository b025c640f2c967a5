/**
 * The table name shoes are stored under when the URL names none, shared by every page that reads or
 * records a table's shoes (the screen shows it in the page's language).
 */
export const DEFAULT_STORED_TABLE = 'Mini-Baccarat';
