/**
 * The drawing tableau (docs/rules.md), as lookup tables so the simulation's inner loop has no
 * branches on the rules.
 */

/** Whether the player draws on a two-card total (0–5 draw, 6–7 stand; 8–9 are naturals). */
export const PLAYER_DRAWS: readonly boolean[] = [true, true, true, true, true, true, false, false, false, false];

/**
 * `BANKER_DRAWS[bankerTotal * 11 + column]`: whether the banker draws, where column is the
 * value (0–9) of the player's third card, or 10 when the player stood.
 */
export const BANKER_DRAWS: Uint8Array = (() => {
  const table = new Uint8Array(10 * 11);
  for (let banker = 0; banker < 10; banker++) {
    for (let third = 0; third <= 10; third++) {
      table[banker * 11 + third] = bankerDrawsRule(banker, third === 10 ? null : third) ? 1 : 0;
    }
  }
  return table;
})();

/** The banker's rule as docs/rules.md states it; `playerThird` is null when the player stood. */
function bankerDrawsRule(bankerTotal: number, playerThird: number | null): boolean {
  if (playerThird === null) return bankerTotal <= 5;
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return playerThird !== 8;
    case 4:
      return playerThird >= 2 && playerThird <= 7;
    case 5:
      return playerThird >= 4 && playerThird <= 7;
    case 6:
      return playerThird === 6 || playerThird === 7;
    default:
      return false;
  }
}

/** Whether a two-card total is a natural (8 or 9). */
export function isNatural(total: number): boolean {
  return total >= 8;
}

/** Whether the player draws a third card, given both two-card totals. */
export function playerDraws(playerTotal: number, bankerTotal: number): boolean {
  return !isNatural(playerTotal) && !isNatural(bankerTotal) && PLAYER_DRAWS[playerTotal] === true;
}

/**
 * Whether the banker draws, given both two-card totals and the value of the player's third
 * card (null when the player stood).
 */
export function bankerDraws(playerTotal: number, bankerTotal: number, playerThird: number | null): boolean {
  if (isNatural(playerTotal) || isNatural(bankerTotal)) return false;
  return BANKER_DRAWS[bankerTotal * 11 + (playerThird ?? 10)] === 1;
}
