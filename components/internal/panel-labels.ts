/**
 * Labels and number formats the panels share, looked up at render time so they follow the
 * locale. The ids `player-pair`, `banker-pair` and `natural` are the shared ones that
 * locales/zh-Hans/common.ts already translates, used with the same English source.
 */
import { msg, str } from '@lit/localize';

export const playerPairLabel = (): string => msg('Player pair', { id: 'player-pair' });
export const bankerPairLabel = (): string => msg('Banker pair', { id: 'banker-pair' });
export const naturalLabel = (): string => msg('Natural', { id: 'natural' });

/**
 * A probability (a fraction of 1) as a percentage with `digits` decimals.
 * @example percent(0.4585974, 2) // '45.86%'
 */
export function percent(fraction: number, digits: number): string {
  return `${(fraction * 100).toFixed(digits)}%`;
}

/**
 * A share of the hands as a percentage with one decimal; a dash before the first hand.
 * @example share(3, 8) // '37.5%'
 */
export function share(count: number, hands: number): string {
  return hands === 0 ? '–' : percent(count / hands, 1);
}

/**
 * A number of hands, in words.
 * @example handCount(46) // '46 hands'
 */
export function handCount(hands: number): string {
  return hands === 1 ? msg('1 hand', { id: 'panels-one-hand' }) : msg(str`${hands} hands`, { id: 'panels-hands' });
}

/**
 * The banker-minus-player count in words: who is ahead and by how many.
 * @example lead(3) // 'banker +3'
 */
export function lead(count: number): string {
  if (count > 0) return msg(str`banker +${count}`, { id: 'panels-lead-banker' });
  if (count < 0) return msg(str`player +${-count}`, { id: 'panels-lead-player' });
  return msg('level', { id: 'panels-lead-level' });
}
