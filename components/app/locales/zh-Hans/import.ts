/**
 * Simplified Chinese for why an import file is not a valid shoe export
 * (components/app/history/import-words.ts), by msg() id. `${0}`, `${1}`… stand for the English
 * template's values in order. Field names are translated (the place before the colon); values the
 * file must hold, such as "commission" or the card notation, are quoted as the file writes them.
 */
import { str } from '@lit/localize';

export const templates: Record<string, unknown> = {
  // Where: "第 2 靴（ID“…”），第 5 局，结果：…"
  'import-at': str`${0}：${1}`,
  'import-at-within': str`${0}，${1}`,
  'import-at-shoe': str`第 ${0} 靴`,
  'import-at-shoe-id': str`第 ${0} 靴（ID“${1}”）`,
  'import-at-hand': str`第 ${0} 局`,
  'import-at-card': str`第 ${0} 张牌`,

  // The fields of the export file
  'import-field-format': '格式',
  'import-field-version': '版本',
  'import-field-shoes': '牌靴列表',
  'import-field-id': 'ID',
  'import-field-table': '牌桌',
  'import-field-source': '来源',
  'import-field-seed': '种子',
  'import-field-started-at': '开始时间',
  'import-field-ended-at': '结束时间',
  'import-field-rules': '规则',
  'import-field-hands': '牌局列表',
  'import-field-cards': '牌',
  'import-field-outcome': '结果',
  'import-field-player-pair': '闲对',
  'import-field-banker-pair': '庄对',
  'import-field-natural': '例牌',
  'import-field-player-total': '闲家点数',
  'import-field-banker-total': '庄家点数',
  'import-field-decks': '牌副数',
  'import-field-banker': '庄家赔付方式',
  'import-field-commission': '佣金',
  'import-field-tie-pays': '和局赔率',
  'import-field-pair-pays': '对子赔率',
  'import-field-dragon-bonus': '龙宝',
  'import-field-burn': '烧牌',
  'import-field-cut-card-from-end': '切牌卡位置',
  'import-field-hands-after-cut': '切牌卡后的局数',

  // Values as the file has them, and the types a field must have
  'import-value-missing': '缺失',
  'import-value-null': '空值',
  'import-value-text': str`“${0}”`,
  'import-value-true': '是',
  'import-value-false': '否',
  'import-value-array': '列表',
  'import-value-object': '对象',
  'import-type-object': '对象',
  'import-type-array': '列表',
  'import-type-string': '文本',
  'import-type-number': '数字',
  'import-type-boolean': '是或否（布尔值）',

  // The schema's checks
  'import-missing-field': '缺少此项',
  'import-wrong-type': str`类型不对：应为${0}，实际为${1}`,
  'import-wrong-format': str`这不是牌靴导出文件：格式应为“${0}”，实际为${1}`,
  'import-not-an-outcome': str`结果应为 B（庄）、P（闲）或 T（和），实际为${1}`,
  'import-not-a-source': str`来源应为“simulated”（模拟）或“recorded”（记录），实际为${1}`,
  'import-not-one-of': str`应为 ${0} 之一，实际为${1}`,
  'import-length-min-characters': str`太短：至少 ${0} 个字符，实际 ${1} 个`,
  'import-length-min-shoes': str`牌靴太少：至少 ${0} 靴，实际 ${1} 靴`,
  'import-length-min-hands': str`牌局太少：至少 ${0} 局，实际 ${1} 局`,
  'import-length-min-cards': str`牌太少：至少 ${0} 张，实际 ${1} 张`,
  'import-length-min-shoes-one': str`牌靴太少：至少 1 靴，实际 ${0} 靴`,
  'import-length-min-hands-one': str`牌局太少：至少 1 局，实际 ${0} 局`,
  'import-length-min-cards-one': str`牌太少：至少 1 张，实际 ${0} 张`,
  'import-length-max-characters': str`太长：最多 ${0} 个字符，实际 ${1} 个`,
  'import-length-max-shoes': str`牌靴太多：最多 ${0} 靴，实际 ${1} 靴`,
  'import-length-max-hands': str`牌局太多：最多 ${0} 局，实际 ${1} 局`,
  'import-length-max-cards': str`牌太多：最多 ${0} 张，实际 ${1} 张`,
  'import-value-min': str`数值太小：至少为 ${0}，实际为 ${1}`,
  'import-value-max': str`数值太大：最多为 ${0}，实际为 ${1}`,
  'import-not-whole-number': str`应为整数，实际为 ${0}`,
  'import-not-a-timestamp': str`不是有效的时间：“${0}”`,
  'import-no-such-day': str`日期无效：“${0}”，该月没有这一天`,
  'import-invalid': '此处的值无效',
  'import-empty': '不能为空',
  'import-in-the-future': str`“${0}”比现在晚一天以上：牌靴不能在将来开始或结束`,

  // The version, the shoe and its hands
  'import-newer-version': str`文件版本 ${0} 比本程序能读取的版本（${1}）新；请更新记分牌`,
  'import-unknown-version': str`本程序不能读取版本 ${0}（只能读取版本 ${1}）`,
  'import-duplicate-id': '文件中另一靴的 ID 与此相同',
  'import-ends-before-start': str`牌靴的结束时间早于开始时间（${0}）`,
  'import-totals-without-cards': '没有牌却给出了点数',
  'import-seed-on-recorded-shoe': '记录的牌靴没有种子（应为空值）；只有模拟牌靴由种子发牌',
  'import-seed-mismatch': str`这不是种子“${0}”按这些规则发出的牌局（有种子的牌靴必须与其种子按顺序发出的牌局一致）`,
  'import-seed-deals-fewer': str`种子“${0}”按这些规则只发出 ${1} 局（切牌卡已出）`,
  'import-too-many-of-card': str`${0} 副牌的牌靴只有 ${1} 张 ${2}；这是多出的一张`,
  'import-too-many-of-rank': str`${0} 副牌的牌靴只有 ${1} 张点数为 ${2} 的牌；这是多出的一张`,

  // What the cards give against what the hand states
  'import-outcome-banker': '庄赢',
  'import-outcome-player': '闲赢',
  'import-outcome-tie': '和局',
  'import-result-outcome': str`牌 ${0} 的结果是${1}，而不是${2}`,
  'import-result-flag': str`按牌 ${0} 应为“${1}”，而不是“${2}”`,
  'import-result-total': str`牌 ${0} 得出 ${1} 点，而不是 ${2}`,

  // A hand the tableau cannot produce
  'import-hand-not-a-list': '牌必须是按发牌顺序排列的列表',
  'import-hand-too-many-cards': str`一局最多六张牌；实际有 ${0} 张`,
  'import-hand-too-few-cards': str`一局至少需要四张牌（P1 B1 P2 B2）；实际只有 ${0} 张`,
  'import-hand-unknown-card': str`第 ${0} 张牌：无法识别的牌“${1}”：应为点数 A 2-9 T J Q K（或 10），可加花色 S H D C`,
  'import-hand-missing-third-card': str`缺少第三张牌：${0}在 ${1} 点时要补牌`,
  'import-hand-after-natural': str`多出的牌 ${0}：${1}拿到例牌 ${2} 点，双方都不再补牌`,
  'import-hand-both-finished': str`多出的牌 ${0}：双方都已补完牌（每方最多补一张）`,
  'import-hand-both-stand': str`多出的牌 ${0}：闲家 ${1} 点不补牌，庄家 ${2} 点也不补牌`,
  'import-hand-banker-stands': str`多出的牌 ${0}：闲家第三张牌为 ${2} 点时，庄家 ${1} 点不补牌`,

  // Rules out of range
  'import-rules-decks': str`牌副数必须是 1 到 8 的整数；实际为 ${0}`,
  'import-rules-banker': str`庄家赔付方式必须是“commission”（抽佣）或“no-commission”（免佣）；实际为 ${0}`,
  'import-rules-commission': str`佣金必须是不小于 0 且小于 1 的小数；实际为 ${0}`,
  'import-rules-tie-pays': str`和局赔率必须是 8 或 9；实际为 ${0}`,
  'import-rules-pair-pays': str`对子赔率必须是正整数；实际为 ${0}`,
  'import-rules-dragon-bonus': '龙宝设置必须是“是”或“否”（布尔值）',
  'import-rules-burn': '烧牌设置必须是“是”或“否”（布尔值）',
  'import-rules-hands-after-cut': str`切牌卡后的局数必须是 0 或 1；实际为 ${0}`,
  'import-rules-cut-card': str`切牌卡位置（距牌靴末端的张数）必须是 ${0} 到 ${1} 之间的整数（${2} 副牌）；实际为 ${3}`,
};
