/**
 * Table rules as data. Where the rule sheets differ (docs/rules.md), the difference is a setting here.
 */

/** How the banker bet is paid. */
export type BankerPayout = 'commission' | 'no-commission';

/** One table's rules: the game, the pay tables, and how the shoe is dealt. */
export interface TableRules {
  /** Decks in the shoe, 1–8. */
  decks: number;
  /** `commission`: banker wins pay 1:1 less `commission`; `no-commission`: a banker win on 6 pays 1:2. */
  banker: BankerPayout;
  /** Commission taken from banker wins on a commission table (0.05 = 5%). */
  commission: number;
  /** Tie pays this many to one (8 or 9). */
  tiePays: number;
  /** Player pair and banker pair pay this many to one. */
  pairPays: number;
  /** Whether the Dragon Bonus side bet (standard pay table) is offered. */
  dragonBonus: boolean;
  /** Whether the first card is turned and that many cards burned. */
  burn: boolean;
  /** Where the cut card sits: this many cards from the end of the shoe. */
  cutCardFromEnd: number;
  /** Hands dealt after the one in which the cut card comes out (0 or 1). */
  handsAfterCut: number;
}

/** The usual mini-baccarat table: 8 decks, 5% commission, tie 8:1, pairs 11:1, Dragon Bonus. */
export const DEFAULT_RULES: Readonly<TableRules> = Object.freeze({
  decks: 8,
  banker: 'commission',
  commission: 0.05,
  tiePays: 8,
  pairPays: 11,
  dragonBonus: true,
  burn: true,
  cutCardFromEnd: 14,
  handsAfterCut: 1,
});

/**
 * The first setting out of range, with the value given: `cut-card-out-of-range` also gives the range,
 * which depends on the decks and on the hands dealt after the cut card.
 */
export type RulesProblem =
  | { kind: 'setting-out-of-range'; setting: Exclude<keyof TableRules, 'cutCardFromEnd'>; value: unknown }
  | { kind: 'cut-card-out-of-range'; setting: 'cutCardFromEnd'; value: unknown; least: number; most: number; decks: number };

/**
 * A rules setting out of range: `problem` names it and its value, for a page to word; the message
 * says the same in English, for logs and the command line.
 */
export class RulesError extends Error {
  override name = 'RulesError';

  constructor(readonly problem: RulesProblem) {
    super(rulesProblemLogText(problem));
  }
}

/** A rules problem in English, for a RulesError's message (logs and the CLI; a page words the problem itself). */
export function rulesProblemLogText(problem: RulesProblem): string {
  const got = `got ${String(problem.value)}`;
  switch (problem.setting) {
    case 'decks':
      return `decks must be a whole number from 1 to 8; ${got}`;
    case 'banker':
      return `banker must be "commission" or "no-commission"; ${got}`;
    case 'commission':
      return `commission must be a fraction from 0 to below 1; ${got}`;
    case 'tiePays':
      return `tiePays must be 8 or 9; ${got}`;
    case 'pairPays':
      return `pairPays must be a positive whole number; ${got}`;
    case 'dragonBonus':
      return 'dragonBonus must be true or false';
    case 'burn':
      return 'burn must be true or false';
    case 'handsAfterCut':
      return `handsAfterCut must be 0 or 1; ${got}`;
    case 'cutCardFromEnd':
      return `cutCardFromEnd must be a whole number from ${problem.least} to ${problem.most} for ${problem.decks} deck(s); ${got}`;
  }
}

/**
 * Fills in defaults and checks every setting.
 * @example makeRules({ decks: 6 }).tiePays // 8
 * @throws RulesError naming the first setting out of range.
 */
export function makeRules(overrides: Partial<TableRules> = {}): TableRules {
  const rules: TableRules = { ...DEFAULT_RULES, ...overrides };
  const check = (ok: boolean, setting: Exclude<keyof TableRules, 'cutCardFromEnd'>): void => {
    if (!ok) throw new RulesError({ kind: 'setting-out-of-range', setting, value: rules[setting] });
  };
  check(Number.isInteger(rules.decks) && rules.decks >= 1 && rules.decks <= 8, 'decks');
  check(rules.banker === 'commission' || rules.banker === 'no-commission', 'banker');
  check(typeof rules.commission === 'number' && rules.commission >= 0 && rules.commission < 1, 'commission');
  check(rules.tiePays === 8 || rules.tiePays === 9, 'tiePays');
  check(Number.isInteger(rules.pairPays) && rules.pairPays >= 1, 'pairPays');
  check(typeof rules.dragonBonus === 'boolean', 'dragonBonus');
  check(typeof rules.burn === 'boolean', 'burn');
  check(rules.handsAfterCut === 0 || rules.handsAfterCut === 1, 'handsAfterCut');
  // Behind the cut card there must be room for the hand in play and the hands after it.
  const cards = rules.decks * 52;
  const leastDepth = 6 * (1 + rules.handsAfterCut);
  if (!(Number.isInteger(rules.cutCardFromEnd) && rules.cutCardFromEnd >= leastDepth && rules.cutCardFromEnd <= cards - 16)) {
    throw new RulesError({
      kind: 'cut-card-out-of-range',
      setting: 'cutCardFromEnd',
      value: rules.cutCardFromEnd,
      least: leastDepth,
      most: cards - 16,
      decks: rules.decks,
    });
  }
  return rules;
}
