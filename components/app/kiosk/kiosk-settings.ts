/**
 * The kiosk's settings from its URL: every parameter optional, every bad value replaced by its
 * default and reported, so a mistyped link still shows a working scoreboard and says what it
 * ignored. DOM-free, so it is tested in Node.
 */
import { makeRules, type TableRules } from '../../../src/game/rules.js';
import { parseLocale, type Locale } from '../shared/localization.js';
import { DEFAULT_STORED_TABLE } from '../shared/data/stored-table.js';
import { normaliseFreeText, normaliseTableName, type CharacterProblem, type NameProblem } from '../../../src/shoes/table-names.js';

export type Theme = 'dark' | 'light';

/**
 * What the page is: the simulated attract mode (no `mode`), the console, the wall display
 * of a recorded table, the lobby of every table a broker knows, the evidence page ("do the roads
 * predict?"), history, or the pit's reports from the recorder.
 */
export type KioskMode = 'attract' | 'operator' | 'display' | 'lobby' | 'evidence' | 'history' | 'reports';

/** Where History reads its shoes: this browser's store, or the room's record (its recorder). */
export type HistorySourceSetting = 'browser' | 'record';

export interface KioskSettings {
  rules: TableRules;
  /** Seconds between simulated hands in attract mode. */
  speed: number;
  /** The table's name in its normal form (normaliseTableName), or empty when the URL gives none. */
  table: string;
  /**
   * The URL's `table` when it cannot be used, and why, or null. Never replaced by the default: a
   * console would record another table's shoe under it (and two long names cut short would be one
   * table), so a page that records or shows a table waits for a usable name instead.
   */
  tableRefused: { value: string; problem: NameProblem } | null;
  /** Free text shown as the table's bet limits (play money), in normaliseFreeText's form; empty to show none. */
  limits: string;
  locale: Locale;
  theme: Theme;
  /** Grid rows of every road. */
  rows: number;
  /** Seed for a reproducible simulated shoe sequence, or null for crypto shuffles. */
  seed: string | null;
  /** Marks carry letters as well as colours. */
  letters: boolean;
  mode: KioskMode;
  /** Simulated attract shoes of the table kept in storage; older ones are deleted (recorded shoes never are). */
  keep: number;
  /** Seconds the attract mode shows the evidence panel after each shoe; 0 for never. */
  evidence: number;
  /** History's source (`source=record`: the room's record, as a lobby tile's link opens it); `browser` by default. */
  source: HistorySourceSetting;
}

/**
 * Why a parameter was ignored and what is used instead, as data: the kiosk words it in the page's
 * language (`settingReasonText` in bacc-kiosk.ts).
 */
export type SettingReason =
  | { kind: 'whole-number'; min: number; max: number; using: number }
  | { kind: 'seconds'; min: number; max: number; using: number }
  /** Seconds from `min` to `max`, or 0 for off (`evidence`); off is used instead. */
  | { kind: 'seconds-or-off'; min: number; max: number }
  | { kind: 'one-of'; allowed: readonly string[]; using: string }
  /** `using` is the text used instead; empty for the default (a random seed, the table's own name). */
  | { kind: 'text-length'; max: number; using: string }
  /**
   * Free text shown on screen (`limits`) holding a character it may not (a bidi control, an
   * invisible or control character, U+FFFD, a stray combining mark: see normaliseFreeText): the
   * default, `using`, is shown instead, as for every other invalid parameter.
   */
  | { kind: 'characters'; problem: CharacterProblem; using: string }
  | { kind: 'mode' }
  /** `broker` is not a WebSocket address (or holds a credential); no broker is used. */
  | { kind: 'broker-address' }
  /** `broker` without `user` and `password`, and none remembered for it. */
  | { kind: 'broker-credential' }
  | { kind: 'unknown' };

/** A parameter that was ignored: its name, the value given, and why. */
export interface SettingProblem {
  parameter: string;
  value: string;
  reason: SettingReason;
}

/** Simulated shoes of one table kept by default: about nine hours of attract play at 4 s a hand (~1 MB). */
export const DEFAULT_KEPT_SIMULATED_SHOES = 100;

export const DEFAULT_KIOSK_SETTINGS: Readonly<Omit<KioskSettings, 'rules'>> = Object.freeze({
  speed: 4,
  // Empty: the scoreboard then shows its own name for the table, in the page's language.
  table: '',
  tableRefused: null,
  limits: '10 – 1,000',
  locale: 'en',
  theme: 'dark',
  rows: 6,
  seed: null,
  letters: false,
  mode: 'attract',
  keep: DEFAULT_KEPT_SIMULATED_SHOES,
  evidence: 0,
  source: 'browser',
});

/** The name a table's shoes are stored and found under. */
export function storedTableName(settings: Pick<KioskSettings, 'table'>): string {
  return settings.table || DEFAULT_STORED_TABLE;
}

/** The longest `limits`, in characters. */
const MAX_LIMITS_LENGTH = 60;

// `broker`, `user` and `password` are read by chooseBroker (room/room-settings.ts).
const KNOWN = [
  'decks',
  'banker',
  'tie',
  'speed',
  'table',
  'limits',
  'lang',
  'theme',
  'rows',
  'seed',
  'letters',
  'mode',
  'keep',
  'evidence',
  'source',
  'broker',
  'user',
  'password',
];

/**
 * Reads kiosk settings from URL search parameters.
 * @example readKioskSettings('?decks=6&lang=zh').settings.rules.decks // 6
 */
export function readKioskSettings(search: string | URLSearchParams): { settings: KioskSettings; problems: SettingProblem[] } {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const problems: SettingProblem[] = [];
  const problem = (parameter: string, value: string, reason: SettingReason): void => {
    problems.push({ parameter, value, reason });
  };
  const integer = (name: string, min: number, max: number, fallback: number): number => {
    const value = params.get(name);
    if (value === null) return fallback;
    const number = Number(value);
    if (/^\d+$/.test(value) && number >= min && number <= max) return number;
    problem(name, value, { kind: 'whole-number', min, max, using: fallback });
    return fallback;
  };
  const choice = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const value = params.get(name);
    if (value === null) return fallback;
    if ((allowed as readonly string[]).includes(value)) return value as T;
    problem(name, value, { kind: 'one-of', allowed, using: fallback });
    return fallback;
  };
  const text = (name: string, fallback: string, maxLength: number): string => {
    const value = params.get(name);
    if (value === null) return fallback;
    const trimmed = value.trim();
    if (trimmed.length > 0 && trimmed.length <= maxLength) return trimmed;
    problem(name, value, { kind: 'text-length', max: maxLength, using: fallback });
    return fallback;
  };

  const decks = integer('decks', 1, 8, 8);
  const banker = choice('banker', ['commission', 'no-commission'] as const, 'commission');
  const tiePays = Number(choice('tie', ['8', '9'] as const, '8'));
  const rows = integer('rows', 3, 8, DEFAULT_KIOSK_SETTINGS.rows);

  let speed = DEFAULT_KIOSK_SETTINGS.speed;
  const speedText = params.get('speed');
  if (speedText !== null) {
    const value = Number(speedText);
    if (speedText.trim() !== '' && Number.isFinite(value) && value >= 0.2 && value <= 600) speed = value;
    else problem('speed', speedText, { kind: 'seconds', min: 0.2, max: 600, using: speed });
  }

  let locale: Locale = DEFAULT_KIOSK_SETTINGS.locale;
  const lang = params.get('lang');
  if (lang !== null) {
    const parsed = parseLocale(lang);
    if (parsed) locale = parsed;
    else problem('lang', lang, { kind: 'one-of', allowed: ['en', 'zh'], using: 'en' });
  }

  let letters = DEFAULT_KIOSK_SETTINGS.letters;
  const lettersText = params.get('letters');
  if (lettersText !== null) {
    if (['', '1', 'true', 'yes', 'on'].includes(lettersText)) letters = true;
    else if (['0', 'false', 'no', 'off'].includes(lettersText)) letters = false;
    else problem('letters', lettersText, { kind: 'one-of', allowed: ['on', 'off'], using: 'off' });
  }

  const modeText = params.get('mode');
  let mode: KioskMode = DEFAULT_KIOSK_SETTINGS.mode;
  if (modeText !== null) {
    if (
      modeText === 'operator' ||
      modeText === 'display' ||
      modeText === 'lobby' ||
      modeText === 'evidence' ||
      modeText === 'history' ||
      modeText === 'reports'
    ) {
      mode = modeText;
    } else problem('mode', modeText, { kind: 'mode' });
  }
  const keep = integer('keep', 1, 10_000, DEFAULT_KIOSK_SETTINGS.keep);
  const evidenceText = params.get('evidence');
  // `evidence=0` is off, as is no parameter; otherwise 5 s to 10 min after each shoe.
  let evidence = DEFAULT_KIOSK_SETTINGS.evidence;
  if (evidenceText !== null) {
    const seconds = Number(evidenceText);
    if (/^\d+$/.test(evidenceText) && (seconds === 0 || (seconds >= 5 && seconds <= 600))) evidence = seconds;
    else problem('evidence', evidenceText, { kind: 'seconds-or-off', min: 5, max: 600 });
  }

  const seedText = params.get('seed');
  // An unusable seed falls back to the default, a fresh random seed for each shoe.
  const seed = seedText === null ? null : text('seed', '', 200) || null;

  // Cleaned as the table name is; refused, loudly, when it holds a character that could turn the
  // header around or hide in it, and then the default limits are shown, as for every other invalid
  // parameter.
  const limitsText = params.get('limits');
  const limitsResult = limitsText === null ? null : normaliseFreeText(limitsText, MAX_LIMITS_LENGTH);
  let limits = DEFAULT_KIOSK_SETTINGS.limits;
  if (limitsResult?.ok) limits = limitsResult.name;
  else if (limitsResult) {
    const refused = limitsResult.problem;
    if (refused.kind === 'empty' || refused.kind === 'too-long') {
      problem('limits', limitsText!, { kind: 'text-length', max: MAX_LIMITS_LENGTH, using: limits });
    } else problem('limits', limitsText!, { kind: 'characters', problem: refused, using: limits });
  }

  const tableText = params.get('table');
  const tableName = tableText === null ? null : normaliseTableName(tableText);
  const tableRefused = tableName && !tableName.ok ? { value: tableText!, problem: tableName.problem } : null;

  for (const name of new Set(params.keys())) {
    if (!KNOWN.includes(name)) problem(name, params.get(name) ?? '', { kind: 'unknown' });
  }

  return {
    settings: {
      rules: makeRules({ decks, banker, tiePays }),
      speed,
      table: tableName?.ok ? tableName.name : DEFAULT_KIOSK_SETTINGS.table,
      tableRefused,
      limits,
      locale,
      theme: choice('theme', ['dark', 'light'] as const, DEFAULT_KIOSK_SETTINGS.theme),
      rows,
      seed,
      letters,
      mode,
      keep,
      evidence,
      source: choice('source', ['browser', 'record'] as const, DEFAULT_KIOSK_SETTINGS.source),
    },
    problems,
  };
}
