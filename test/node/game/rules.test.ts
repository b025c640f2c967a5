import { describe, it, expect } from 'vitest';
import { makeRules, RulesError, type RulesProblem, type TableRules } from '../../../src/game/rules.js';

/** The RulesError that `makeRules(overrides)` throws. */
function refusal(overrides: Partial<Record<keyof TableRules, unknown>>): RulesError {
  try {
    makeRules(overrides as Partial<TableRules>);
  } catch (error) {
    expect(error).toBeInstanceOf(RulesError);
    return error as RulesError;
  }
  throw new Error('the rules were accepted');
}

describe('rules out of range', () => {
  it('names the first setting out of range and the value given, beside the English message', () => {
    const cases: [Partial<Record<keyof TableRules, unknown>>, RulesProblem, string][] = [
      [{ decks: 9 }, { kind: 'setting-out-of-range', setting: 'decks', value: 9 }, 'decks must be a whole number from 1 to 8; got 9'],
      [
        { banker: 'half' },
        { kind: 'setting-out-of-range', setting: 'banker', value: 'half' },
        'banker must be "commission" or "no-commission"; got half',
      ],
      [
        { commission: 1 },
        { kind: 'setting-out-of-range', setting: 'commission', value: 1 },
        'commission must be a fraction from 0 to below 1; got 1',
      ],
      [{ tiePays: 7 }, { kind: 'setting-out-of-range', setting: 'tiePays', value: 7 }, 'tiePays must be 8 or 9; got 7'],
      [
        { pairPays: 0.5 },
        { kind: 'setting-out-of-range', setting: 'pairPays', value: 0.5 },
        'pairPays must be a positive whole number; got 0.5',
      ],
      [{ dragonBonus: 'yes' }, { kind: 'setting-out-of-range', setting: 'dragonBonus', value: 'yes' }, 'dragonBonus must be true or false'],
      [{ burn: null }, { kind: 'setting-out-of-range', setting: 'burn', value: null }, 'burn must be true or false'],
      [{ handsAfterCut: 2 }, { kind: 'setting-out-of-range', setting: 'handsAfterCut', value: 2 }, 'handsAfterCut must be 0 or 1; got 2'],
    ];
    for (const [overrides, problem, message] of cases) {
      const error = refusal(overrides);
      expect(error.problem).toEqual(problem);
      expect(error.message).toBe(message);
    }
  });

  it('gives the cut card’s range for the decks and the hands after the cut', () => {
    const error = refusal({ decks: 1, handsAfterCut: 0, cutCardFromEnd: 40 });
    expect(error.problem).toEqual({ kind: 'cut-card-out-of-range', setting: 'cutCardFromEnd', value: 40, least: 6, most: 36, decks: 1 });
    expect(error.message).toBe('cutCardFromEnd must be a whole number from 6 to 36 for 1 deck(s); got 40');
    expect(refusal({ cutCardFromEnd: 11 }).problem).toMatchObject({ least: 12, most: 400, decks: 8 });
  });
});
