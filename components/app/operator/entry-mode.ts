/** How the console takes the next hand: by its outcome, or card by card. */
export type EntryMode = 'outcome' | 'cards';

/** Where a table's entry mode is kept between reloads (one key per table). */
export const ENTRY_MODE_KEY_PREFIX = 'bacc-operator-entry-mode:';

/** Where the entry mode last chosen at any table of this browser is kept: a new table starts in it. */
export const LAST_ENTRY_MODE_KEY = 'bacc-operator-entry-mode';

/**
 * The entry mode chosen at the table on screen, kept across reloads: a clerk typing cards after a
 * reload must not record a tie from the `t` of `tc` because the console forgot.
 */
export class EntryModeMemory {
  /** The mode of the table on screen, read from localStorage once per table. */
  private chosen: { table: string; mode: EntryMode } | null = null;

  constructor(private readonly table: () => string) {}

  get mode(): EntryMode {
    const table = this.table();
    if (this.chosen?.table !== table) this.chosen = { table, mode: rememberedEntryMode(table) };
    return this.chosen.mode;
  }

  choose(mode: EntryMode): void {
    const table = this.table();
    this.chosen = { table, mode };
    rememberEntryMode(table, mode);
  }
}

/**
 * The entry mode last chosen at `table`; for a table not used yet, the one last chosen at any table
 * here (a clerk who types cards at one table types them at the next: outcome entry there would read
 * `tc` as a tie); outcome entry when none was kept or storage cannot be read.
 */
function rememberedEntryMode(table: string): EntryMode {
  try {
    const mode = localStorage.getItem(ENTRY_MODE_KEY_PREFIX + table) ?? localStorage.getItem(LAST_ENTRY_MODE_KEY);
    return mode === 'cards' ? 'cards' : 'outcome';
  } catch {
    return 'outcome';
  }
}

/** Keeps the entry mode chosen at `table`; storage that refuses (private mode, full, blocked) is not worth a message. */
function rememberEntryMode(table: string, mode: EntryMode): void {
  try {
    localStorage.setItem(ENTRY_MODE_KEY_PREFIX + table, mode);
    localStorage.setItem(LAST_ENTRY_MODE_KEY, mode);
  } catch {
    /* the mode still holds in this window */
  }
}
