/**
 * Simplified Chinese for the kept shoes — `<bacc-history>`, `<bacc-replay>`, the import messages
 * and the road picture — by msg() id. `${0}`, `${1}`… stand for the English template's values in
 * order. 庄, 闲, 和 and the road names are in common.ts and roads.ts.
 */
import { str } from '@lit/localize';

export const templates: Record<string, unknown> = {
  // <bacc-history>
  'history-title': '已保存的牌靴',
  'history-caption': '已保存的牌靴，最新的在前',
  'history-table': '牌桌',
  'history-all-tables': '全部牌桌',
  'history-from': '开始日期',
  'history-to': '结束日期',
  'history-started': '开始',
  'history-ended': '结束',
  'history-in-play': '进行中',
  'history-source': '来源',
  'history-simulated': '模拟',
  'history-recorded': '记录',
  'history-hands': '局数',
  'history-actions': '操作',
  'history-replay': '回放',
  'history-delete': '删除…',
  'history-confirm-group': '确认删除',
  'history-confirm-delete': str`永久删除这一靴及其 ${0} 局？`,
  'history-confirm-delete-in-play': str`这一靴仍在进行中：操作台或自动演示机可能正在记录它。要永久删除它及其 ${0} 局吗？之后在那里发出的牌局将不会被保存。`,
  'history-delete-confirm': '删除',
  'history-delete-cancel': '保留',
  'history-deleted': '已删除这一靴。',
  'history-shoe-gone': '这一靴已不在存储中。',
  'history-previous': '上一页',
  'history-next': '下一页',
  'history-page': str`第 ${0}–${1} 靴，共 ${2} 靴（第 ${3} 页，共 ${4} 页）`,
  'history-empty': '尚未保存任何牌靴。',
  'history-none-match': '没有符合筛选条件的牌靴。',
  'history-export-all-json': '全部导出（JSON）',
  'history-export-all-csv': '全部导出（CSV）',
  'history-exporting': str`正在导出：${0} / ${1} 靴`,
  'history-exported-all': str`已将 ${0} 靴导出到 ${1}。`,
  'history-import': '导入牌靴（JSON 导出文件）',
  'history-import-reading': str`正在读取“${0}”…`,
  'history-imported': str`已导入 ${0} 靴（${1} 靴已存在）。`,
  'history-imported-one': str`已导入 1 靴（${0} 靴已存在）。`,
  'history-nothing-imported': '未导入任何内容。',
  'history-import-no-storage': '存储未打开，无法导入。',
  'history-opening': '正在打开已保存的牌靴…',
  'history-storage-used': str`已用 ${0}，共 ${1}。`,
  'history-persisted': '空间不足时浏览器也会保留这些牌靴。',
  'history-not-persisted': '空间不足时浏览器可能清除这些牌靴：请导出需要保留的。',

  // Import messages
  'import-too-large': str`“${0}”大小为 ${1}，超过导入上限 ${2}。`,
  'import-unknown-type': '未知',
  'import-not-json-type': str`“${0}”不是 JSON 文件（类型 ${1}）：导入只读取记分牌的 JSON 导出文件。`,
  'import-not-text': str`“${0}”不是 UTF-8 文本。`,
  'import-bad-json': str`“${0}”不是有效的 JSON：${1}。`,
  'import-bad-document': str`“${0}”不是有效的牌靴导出文件：${1}。`,

  // <bacc-replay>
  'replay-controls': '回放控制',
  'replay-back': '返回历史',
  'replay-first': '第一局',
  'replay-step-back': '后退一局',
  'replay-play': '播放',
  'replay-pause': '暂停',
  'replay-step-forward': '前进一局',
  'replay-last': '最后一局',
  'replay-speed': '速度',
  'replay-speed-option': str`每秒 ${0} 局`,
  'replay-scrub': '显示到第几局',
  'replay-position': str`第 ${0} 局，共 ${1} 局`,

  // Road picture
  'picture-one-hand': '1 局',
  'picture-hands': str`${0} 局`,
  'picture-counts': str`庄 ${0} · 闲 ${1} · 和 ${2}`,
  'picture-play-money': '仅限游戏币。',
};
