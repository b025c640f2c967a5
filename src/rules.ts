/**
 * Table rules as data. Where the rule sheets differ (REFERENCE.md), the difference is a setting here.
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

/** A rules setting out of range; the message names the setting. */
export class RulesError extends Error {
  override name = 'RulesError';
}

/**
 * Fills in defaults and checks every setting.
 * @example makeRules({ decks: 6 }).tiePays // 8
 * @throws RulesError naming the first setting out of range.
 */
export function makeRules(overrides: Partial<TableRules> = {}): TableRules {
  const rules: TableRules = { ...DEFAULT_RULES, ...overrides };
  const check = (ok: boolean, message: string): void => {
    if (!ok) throw new RulesError(message);
  };
  check(Number.isInteger(rules.decks) && rules.decks >= 1 && rules.decks <= 8, `decks must be a whole number from 1 to 8; got ${String(rules.decks)}`);
  check(rules.banker === 'commission' || rules.banker === 'no-commission', `banker must be "commission" or "no-commission"; got ${String(rules.banker)}`);
  check(typeof rules.commission === 'number' && rules.commission >= 0 && rules.commission < 1, `commission must be a fraction from 0 to below 1; got ${String(rules.commission)}`);
  check(rules.tiePays === 8 || rules.tiePays === 9, `tiePays must be 8 or 9; got ${String(rules.tiePays)}`);
  check(Number.isInteger(rules.pairPays) && rules.pairPays >= 1, `pairPays must be a positive whole number; got ${String(rules.pairPays)}`);
  check(typeof rules.dragonBonus === 'boolean', 'dragonBonus must be true or false');
  check(typeof rules.burn === 'boolean', 'burn must be true or false');
  check(rules.handsAfterCut === 0 || rules.handsAfterCut === 1, `handsAfterCut must be 0 or 1; got ${String(rules.handsAfterCut)}`);
  // Behind the cut card there must be room for the hand in play and the hands after it.
  const cards = rules.decks * 52;
  const leastDepth = 6 * (1 + rules.handsAfterCut);
  check(
    Number.isInteger(rules.cutCardFromEnd) && rules.cutCardFromEnd >= leastDepth && rules.cutCardFromEnd <= cards - 16,
    `cutCardFromEnd must be a whole number from ${leastDepth} to ${cards - 16} for ${rules.decks} deck(s); got ${String(rules.cutCardFromEnd)}`,
  );
  return rules;
}
