import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CardEntry, outcomeEntryHand } from '../../../src/dealing/recording.js';
import { resolveCompleteHand } from '../../../src/game/hand.js';
import { Shoe } from '../../../src/game/shoe.js';
import { handRecord } from '../../../src/shoes/document.js';
import { shoesToCsv, CSV_COLUMNS } from '../../../src/shoes/csv.js';
import { makeRules } from '../../../src/game/rules.js';

describe('outcome entry', () => {
  it('stores the outcome and its flags with no cards and no totals', () => {
    expect(outcomeEntryHand({ outcome: 'T', bankerPair: true, natural: true })).toEqual({
      cards: null,
      outcome: 'T',
      playerPair: false,
      bankerPair: true,
      natural: true,
      playerTotal: null,
      bankerTotal: null,
    });
  });
});

describe('card entry', () => {
  it('deals typed cards by the tableau and returns the finished hand', () => {
    const entry = new CardEntry(8, []);
    expect(entry.add('9h')).toMatchObject({ accepted: true, hand: null, next: 'banker' });
    expect(entry.add('2c')).toMatchObject({ accepted: true, next: 'player' });
    expect(entry.add('kd')).toMatchObject({ accepted: true, next: 'banker' });
    const last = entry.add('5s');
    expect(last).toMatchObject({ accepted: true, next: null });
    const expected = handRecord(resolveCompleteHand(['9H', '2C', 'KD', '5S']));
    expect(last.accepted && last.hand).toEqual(expected);
    expect(entry.hand).toEqual(expected);
    expect(entry.take()).toEqual(expected);
    expect(entry.cards).toEqual([]);
    expect(entry.hand).toBeNull();
    expect(entry.take()).toBeNull();
  });

  it('refuses a card after the tableau has finished the hand, and keeps the hand as it was', () => {
    const entry = new CardEntry(8, []);
    // Player 9 against banker 7: both stand, so a third card would be a mistake.
    for (const card of ['9h', '2c', 'kd', '5s']) entry.add(card);
    expect(entry.add('3h')).toEqual({ accepted: false, refusal: { kind: 'hand-complete', playerTotal: 9, bankerTotal: 7 } });
    expect(entry.cards).toEqual(['9H', '2C', 'KD', '5S']);
    // Taking back the last card opens the hand again.
    expect(entry.removeLast()).toBe(true);
    expect(entry.hand).toBeNull();
    expect(entry.add('4s')).toMatchObject({ accepted: true, next: null });
    expect(entry.take()?.bankerTotal).toBe(6);
  });

  it('reads 10 and unsuited ranks', () => {
    const entry = new CardEntry(8, []);
    for (const card of ['10h', 'k', '3', 'q']) entry.add(card);
    expect(entry.cards).toEqual(['TH', 'K', '3', 'Q']);
  });

  it('refuses what is not a card and records nothing', () => {
    const entry = new CardEntry(8, []);
    entry.add('9h');
    const result = entry.add('1x');
    expect(result).toEqual({ accepted: false, refusal: { kind: 'unknown-card', text: '1x' } });
    expect(entry.cards).toEqual(['9H']);
  });

  it('refuses a card the shoe cannot hold any more of', () => {
    const previous = [{ ...handRecord(resolveCompleteHand(['AS', 'AS', '8H', '8D'])) }];
    const entry = new CardEntry(2, previous);
    const refused = entry.add('as');
    expect(refused).toEqual({
      accepted: false,
      refusal: { kind: 'too-many', typed: 0, of: 'card', card: 'AS', rank: 'A', decks: 2, limit: 2 },
    });
    expect(entry.cards).toEqual([]);
    // A different ace is still fine, until the rank itself runs out (8 aces in 2 decks).
    expect(entry.add('ah').accepted).toBe(true);
    const single = new CardEntry(1, [
      handRecord(resolveCompleteHand(['A', 'A', '8', '8'])),
      handRecord(resolveCompleteHand(['AS', 'AH', '8', '8'])),
    ]);
    expect(single.add('a')).toEqual({
      accepted: false,
      refusal: { kind: 'too-many', typed: 0, of: 'rank', card: 'A', rank: 'A', decks: 1, limit: 4 },
    });
  });

  it('counts the copies typed in this hand apart from those recorded before it', () => {
    // One deck: a second 9H typed in the same hand is this hand's, not an earlier hand's.
    const entry = new CardEntry(1, []);
    entry.add('9h');
    expect(entry.add('9h')).toEqual({
      accepted: false,
      refusal: { kind: 'too-many', typed: 1, of: 'card', card: '9H', rank: '9', decks: 1, limit: 1 },
    });
    const mixed = new CardEntry(1, [handRecord(resolveCompleteHand(['9S', '9C', 'K', 'K']))]);
    mixed.add('9h');
    expect(mixed.add('9d').accepted).toBe(true);
    expect(mixed.add('9')).toMatchObject({ refusal: { kind: 'too-many', of: 'rank', typed: 2, limit: 4 } });
  });

  it('takes back the last typed card', () => {
    const entry = new CardEntry(8, []);
    entry.add('2h');
    entry.add('3c');
    expect(entry.removeLast()).toBe(true);
    expect(entry.cards).toEqual(['2H']);
    entry.clear();
    expect(entry.removeLast()).toBe(false);
  });

  it('typing every card of a dealt shoe records exactly the hands the shoe dealt', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 8 }), (seed) => {
        const shoe = new Shoe({ seed, rules: { decks: 6 } });
        const recorded: ReturnType<typeof handRecord>[] = [];
        const entry = new CardEntry(6, recorded);
        while (!shoe.finished) {
          const dealt = handRecord(shoe.dealHand());
          let finished = null;
          for (const card of dealt.cards!) {
            const result = entry.add(card.toLowerCase());
            expect(result.accepted).toBe(true);
            if (result.accepted && result.hand) finished = result.hand;
          }
          expect(finished).toEqual(dealt);
          expect(entry.take()).toEqual(dealt);
          recorded.push(dealt);
        }
      }),
      { numRuns: 15 },
    );
  });
});

describe('CSV export', () => {
  const shoe = {
    id: 'a,b',
    number: 3,
    table: 'Table "7"',
    source: 'recorded' as const,
    seed: null,
    startedAt: '2026-11-30T10:00:00.000Z',
    endedAt: null,
    rules: makeRules(),
    hands: [handRecord(resolveCompleteHand(['9H', '2C', 'KD', '5S'])), outcomeEntryHand({ outcome: 'T', playerPair: true })],
  };

  it('writes a header and one row per hand, every field quoted and its quotes doubled', () => {
    const lines = shoesToCsv([shoe]).split('\r\n');
    expect(lines[0]).toBe(CSV_COLUMNS.join(','));
    expect(lines[1]).toBe(
      '"a,b","3","Table ""7""","recorded","2026-11-30T10:00:00.000Z","1","P","false","false","true","9","7","9H 2C KD 5S"',
    );
    expect(lines[2]).toBe('"a,b","3","Table ""7""","recorded","2026-11-30T10:00:00.000Z","2","T","true","false","false","","",""');
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe('');
  });

  it('names the shoe of each row by its number on its table that day, right after its id, as the JSON export does', () => {
    expect(CSV_COLUMNS).toEqual([
      'shoe_id',
      'shoe_number',
      'table',
      'source',
      'started_at',
      'hand',
      'outcome',
      'player_pair',
      'banker_pair',
      'natural',
      'player_total',
      'banker_total',
      'cards',
    ]);
    const second = { ...shoe, id: 'c', number: 2, hands: shoe.hands.slice(0, 1) };
    const rows = shoesToCsv([shoe, second]).split('\r\n').slice(1, -1);
    expect(rows.map((row) => row.slice(0, row.indexOf('"Table')))).toEqual(['"a,b","3",', '"a,b","3",', '"c","2",']);
    // A record without a number (a document written before shoes had numbers) leaves the cell empty.
    const older = { ...shoe, number: undefined };
    expect(shoesToCsv([older]).split('\r\n')[1]).toMatch(/^"a,b","","Table ""7""",/);
  });

  it('defuses text that a spreadsheet would run as a formula', () => {
    const csv = shoesToCsv([{ ...shoe, table: '=HYPERLINK("x")' }]);
    expect(csv.split('\r\n')[1]).toContain(`"'=HYPERLINK(""x"")"`);
  });
});
