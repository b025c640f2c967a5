import { str } from '@lit/localize';

/** Simplified Chinese for the scoreboard and the kiosk, by msg() id. */
export const templates: Record<string, unknown> = {
  'scoreboard-default-table': '迷你百家乐',
  'scoreboard-limits': '限额',
  'scoreboard-shoe': '靴',
  'scoreboard-hand': '局',
  'scoreboard-decks': str`${0} 副牌 · 仅限游戏币`,
  'kiosk-ignored': str`已忽略 ${0}=${1}：${2}`,
  'kiosk-simulated': '模拟牌靴，自动发牌',
};
