/**
 * Simplified Chinese for the panels — `<bacc-stats>`, `<bacc-chart>`, `<bacc-odds-note>`,
 * `<bacc-last-hand>` — by msg() id. `${0}`, `${1}`… stand for the English template's values in
 * order. The labels they share with the roads (庄, 闲, 庄对, 闲对, 例牌) are in common.ts.
 */
import { str } from '@lit/localize';

export const templates: Record<string, unknown> = {
  // Shared by the panels.
  'panels-lead-banker': str`庄 +${0}`,
  'panels-lead-player': str`闲 +${0}`,
  'panels-lead-level': '持平',
  'panels-hands': str`${0} 局`,
  'panels-one-hand': '1 局',

  // <bacc-stats>
  'stats-label': '本靴统计',
  'stats-hands': '局数',
  'stats-current-streak': '当前连胜',
  'stats-longest-streak': '最长连胜',
  'stats-pairs': '对子',
  'stats-naturals': '例牌',
  'stats-banker-wins-on-6': '庄 6 点胜',
  'stats-cards-dealt': '已发牌数',
  'stats-cards-left': '剩余牌数',

  // <bacc-odds-note>
  'odds-past-results': '过往结果不能预测下一局。',
  'odds-next-hand': str`按剩余 ${0} 张牌计算，下一局的精确概率：`,
  'odds-full-shoe': str`满靴（${0} 副牌）一局的精确概率：`,
  'odds-new-shoe': str`本靴已结束。新一靴（${0} 副牌）第一局的精确概率：`,
  'odds-full-shoe-cards-missing': str`并非每局都记录了牌面，因此以下为满靴（${0} 副牌）一局的精确概率：`,

  // <bacc-last-hand>
  'last-hand-empty': '尚无牌局。',
  'last-hand-number': str`第 ${0} 局`,
  'last-hand-no-cards': '未记录牌面。',
  'last-hand-total': '点数',
  'last-hand-banker-wins': '庄赢',
  'last-hand-player-wins': '闲赢',
  'last-hand-status': str`第 ${0} 局：${1}。`,
  'last-hand-status-totals': str`闲 ${0} 点，庄 ${1} 点。`,
  'last-hand-card-ace': 'A',
  'last-hand-card-jack': 'J',
  'last-hand-card-queen': 'Q',
  'last-hand-card-king': 'K',
  'last-hand-card-spades': str`黑桃${0}`,
  'last-hand-card-hearts': str`红桃${0}`,
  'last-hand-card-diamonds': str`方块${0}`,
  'last-hand-card-clubs': str`梅花${0}`,
  'last-hand-card-third': str`第三张牌：${0}`,

  // <bacc-chart>
  'chart-count-caption': '庄赢局数减闲赢局数（逐局）',
  'chart-count-table': '每局之后庄赢局数减闲赢局数',
  'chart-count-axis': '庄减闲',
  'chart-count-empty': '庄赢减闲赢：尚无牌局。',
  'chart-count-summary': str`${0}中庄赢减闲赢：当前 ${1}；庄最多领先 ${2}，闲最多领先 ${3}。`,
  'chart-hand': '局',
  'chart-result': '结果',
  'chart-frequencies-caption': '本靴与精确概率对比',
  'chart-frequencies-table': '本靴各项出现的比例及其精确概率',
  'chart-frequencies-summary': str`本靴 ${0}与满靴精确概率对比：${1}。`,
  'chart-frequency-summary-item': str`${0} ${1}（精确 ${2}）`,
  'chart-legend-observed': str`本靴（${0}）`,
  'chart-legend-exact': str`精确值，满靴 ${0} 副牌`,
};
