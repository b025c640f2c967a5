import { describe, it, expect } from 'vitest';
import { readKioskSettings, DEFAULT_KIOSK_SETTINGS, storedTableName } from '../../../../components/app/kiosk/kiosk-settings.js';

describe('readKioskSettings', () => {
  it('gives the defaults for an empty query: 8 decks, 5% commission, dark, English', () => {
    const { settings, problems } = readKioskSettings('');
    expect(problems).toEqual([]);
    expect(settings).toMatchObject({ ...DEFAULT_KIOSK_SETTINGS });
    expect(settings.rules).toMatchObject({ decks: 8, banker: 'commission', tiePays: 8 });
  });

  it('reads decks, rules, speed, table, limits, language, theme, rows, seed and letters', () => {
    const { settings, problems } = readKioskSettings(
      '?decks=6&banker=no-commission&tie=9&speed=1.5&table=Table%207&limits=5%20-%20500&lang=zh&theme=light&rows=7&seed=abc&letters=on',
    );
    expect(problems).toEqual([]);
    expect(settings.rules).toMatchObject({ decks: 6, banker: 'no-commission', tiePays: 9 });
    expect(settings).toMatchObject({
      speed: 1.5,
      table: 'Table 7',
      limits: '5 - 500',
      locale: 'zh-Hans',
      theme: 'light',
      rows: 7,
      seed: 'abc',
      letters: true,
    });
  });

  it('falls back to the default for each invalid value and reports it', () => {
    const { settings, problems } = readKioskSettings('?decks=12&speed=fast&theme=pink&lang=xx&tie=7&rows=1&colour=red');
    expect(settings.rules.decks).toBe(8);
    expect(settings.speed).toBe(DEFAULT_KIOSK_SETTINGS.speed);
    expect(settings.theme).toBe('dark');
    expect(settings.locale).toBe('en');
    expect(settings.rules.tiePays).toBe(8);
    expect(settings.rows).toBe(6);
    expect(problems.map((p) => p.parameter)).toEqual(['decks', 'tie', 'rows', 'speed', 'lang', 'colour', 'theme']);
    expect(problems[0]).toEqual({ parameter: 'decks', value: '12', reason: { kind: 'whole-number', min: 1, max: 8, using: 8 } });
    expect(problems.find((p) => p.parameter === 'theme')!.reason).toEqual({ kind: 'one-of', allowed: ['dark', 'light'], using: 'dark' });
    expect(problems.find((p) => p.parameter === 'speed')!.reason).toEqual({
      kind: 'seconds',
      min: 0.2,
      max: 600,
      using: DEFAULT_KIOSK_SETTINGS.speed,
    });
    expect(problems.find((p) => p.parameter === 'colour')!.reason).toEqual({ kind: 'unknown' });
  });

  it('falls back to a fresh random seed for each shoe, the default, when the seed is empty', () => {
    const { settings, problems } = readKioskSettings('?seed=%20');
    expect(settings.seed).toBe(null);
    expect(problems).toEqual([{ parameter: 'seed', value: ' ', reason: { kind: 'text-length', max: 200, using: '' } }]);
    expect(readKioskSettings('?seed=table-7').settings.seed).toBe('table-7');
  });

  it('refuses empty and overlong text', () => {
    const { settings, problems } = readKioskSettings(`?limits=%20&seed=${'x'.repeat(201)}`);
    expect(settings.limits).toBe(DEFAULT_KIOSK_SETTINGS.limits);
    expect(settings.seed).toBe(null);
    expect(problems).toHaveLength(2);
  });

  it('cleans limits= as a table name: white space collapsed, NFKC, at most 60 characters', () => {
    const { settings, problems } = readKioskSettings(`?limits=${encodeURIComponent('  １０\u00A0–\t1,000 ')}`);
    expect(problems).toEqual([]);
    expect(settings.limits).toBe('10 – 1,000');
    const long = readKioskSettings(`?limits=${'9'.repeat(61)}`);
    expect(long.settings.limits).toBe(DEFAULT_KIOSK_SETTINGS.limits);
    expect(long.problems).toEqual([
      { parameter: 'limits', value: '9'.repeat(61), reason: { kind: 'text-length', max: 60, using: '10 – 1,000' } },
    ]);
  });

  it('refuses limits= holding a bidi control, an invisible or control character or U+FFFD, loudly, and falls back to the default limits', () => {
    for (const [value, problem] of [
      ['\u202E000,1 – 01', { kind: 'bidi-control', codePoint: 0x202e, position: 1 }],
      ['10\u200B – 1,000', { kind: 'invisible', codePoint: 0x200b, position: 3 }],
      ['10 – 1,000\u0007', { kind: 'control', codePoint: 7, position: 11 }],
      ['10 \uFFFD 1,000', { kind: 'replacement-character', position: 4 }],
      ['junk\u0000\u202E', { kind: 'control', codePoint: 0, position: 5 }],
    ] as const) {
      const { settings, problems } = readKioskSettings(`?limits=${encodeURIComponent(value)}`);
      // Like every other invalid parameter (docs/guide/wall-screen.md: "an invalid value falls back to its default"), not none at all.
      expect(settings.limits, value).toBe(DEFAULT_KIOSK_SETTINGS.limits);
      expect(problems).toEqual([{ parameter: 'limits', value, reason: { kind: 'characters', problem, using: '10 – 1,000' } }]);
    }
    expect(readKioskSettings('?limits=junk%00%E2%80%AE').settings.limits).toBe('10 – 1,000');
  });

  it('normalises the table name: white space trimmed and collapsed, NFC', () => {
    const { settings, problems } = readKioskSettings(`?table=${encodeURIComponent('  Cafe\u0301\u00A0  7 ')}`);
    expect(problems).toEqual([]);
    expect(settings.table).toBe('Café 7');
    expect(settings.tableRefused).toBe(null);
  });

  it('refuses an unusable table name loudly instead of recording under the default table', () => {
    const long = readKioskSettings(`?mode=operator&table=${'x'.repeat(3000)}`).settings;
    expect(long.tableRefused).toEqual({ value: 'x'.repeat(3000), problem: { kind: 'too-long', most: 60, length: 3000 } });
    const reversed = readKioskSettings(`?table=${encodeURIComponent('\u202Eelbat-ynnuf\u202C')}`).settings;
    expect(reversed.tableRefused?.problem).toEqual({ kind: 'bidi-control', codePoint: 0x202e, position: 1 });
    expect(readKioskSettings('?table=%20').settings.tableRefused?.problem).toEqual({ kind: 'empty' });
    expect(readKioskSettings(`?table=Imp${encodeURIComponent('\u200B')}orted`).settings.tableRefused?.problem.kind).toBe('invisible');
    expect(readKioskSettings('?table=Salon').settings.tableRefused).toBe(null);
  });

  it('refuses a table name made to look like another with a variation selector or another default-ignorable character', () => {
    const selector = readKioskSettings('?mode=operator&table=T7%EF%B8%8F').settings;
    expect(selector.tableRefused).toEqual({ value: 'T7\uFE0F', problem: { kind: 'invisible', codePoint: 0xfe0f, position: 3 } });
    for (const character of ['\u{E0100}', '\u3164', '\uFFA0', '\u180B', '\u034F', '\u17B4', '\u{E0041}']) {
      const codePoint = character.codePointAt(0)!;
      const settings = readKioskSettings(`?mode=operator&table=T7${encodeURIComponent(character)}`).settings;
      expect(settings.tableRefused?.problem, codePoint.toString(16)).toEqual({ kind: 'invisible', codePoint, position: 3 });
    }
  });

  it('never makes two different long names one table', () => {
    const a = readKioskSettings(`?table=${'x'.repeat(2999)}a`).settings;
    const b = readKioskSettings(`?table=${'x'.repeat(2999)}b`).settings;
    // Refused whole, never cut short to the same 60 characters (nor replaced by the same default table).
    expect(a.tableRefused?.problem.kind).toBe('too-long');
    expect(b.tableRefused?.problem.kind).toBe('too-long');
    expect(a.tableRefused?.value).not.toBe(b.tableRefused?.value);
    const longest = (end: string) => readKioskSettings(`?table=${'x'.repeat(59)}${end}`).settings.table;
    expect(longest('a')).not.toBe(longest('b'));
  });

  it('reads the mode: operator, display, lobby, evidence, history or reports; none is the simulated attract mode', () => {
    expect(readKioskSettings('').settings.mode).toBe('attract');
    for (const mode of ['operator', 'display', 'lobby', 'evidence', 'history', 'reports'] as const) {
      const { settings, problems } = readKioskSettings(`?mode=${mode}`);
      expect(problems).toEqual([]);
      expect(settings.mode).toBe(mode);
    }
  });

  it('falls back to the attract mode for an unknown mode and says so', () => {
    const { settings, problems } = readKioskSettings('?mode=Operator');
    expect(settings.mode).toBe('attract');
    expect(problems).toEqual([{ parameter: 'mode', value: 'Operator', reason: { kind: 'mode' } }]);
  });

  it('reads how long the attract mode shows the evidence after each shoe: off, or 5 to 600 seconds', () => {
    expect(readKioskSettings('').settings.evidence).toBe(0);
    expect(readKioskSettings('?evidence=0').settings.evidence).toBe(0);
    expect(readKioskSettings('?evidence=30').settings.evidence).toBe(30);
    const { settings, problems } = readKioskSettings('?evidence=2');
    expect(settings.evidence).toBe(0);
    expect(problems).toEqual([{ parameter: 'evidence', value: '2', reason: { kind: 'seconds-or-off', min: 5, max: 600 } }]);
    for (const value of ['-1', 'abc', '99999', '1.5']) expect(readKioskSettings(`?evidence=${value}`).settings.evidence).toBe(0);
  });

  it('reads how many simulated shoes to keep, from 1 to 10,000', () => {
    expect(readKioskSettings('').settings.keep).toBe(100);
    expect(readKioskSettings('?keep=5').settings.keep).toBe(5);
    const { settings, problems } = readKioskSettings('?keep=0');
    expect(settings.keep).toBe(100);
    expect(problems[0]).toMatchObject({ parameter: 'keep', value: '0' });
  });

  it("reads History's source: this browser by default, the room's record with source=record, with its table", () => {
    expect(readKioskSettings('?mode=history').settings.source).toBe('browser');
    const link = readKioskSettings(`?mode=history&source=record&table=${encodeURIComponent('Salon <b>=cmd')}`);
    expect(link.problems).toEqual([]);
    expect(link.settings).toMatchObject({ mode: 'history', source: 'record', table: 'Salon <b>=cmd', tableRefused: null });
    expect(readKioskSettings('?mode=history&source=browser').settings.source).toBe('browser');
  });

  it('refuses another source loudly and keeps this browser’s shoes', () => {
    const { settings, problems } = readKioskSettings('?mode=history&source=cloud');
    expect(settings.source).toBe('browser');
    expect(problems).toEqual([
      { parameter: 'source', value: 'cloud', reason: { kind: 'one-of', allowed: ['browser', 'record'], using: 'browser' } },
    ]);
  });

  it('stores shoes under the table name, or Mini-Baccarat when the URL gives none', () => {
    expect(storedTableName(readKioskSettings('?table=Salon').settings)).toBe('Salon');
    expect(storedTableName(readKioskSettings('').settings)).toBe('Mini-Baccarat');
  });
});
