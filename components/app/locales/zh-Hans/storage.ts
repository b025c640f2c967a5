/**
 * Simplified Chinese for storage trouble (components/app/shared/data/storage-words.ts): the store's errors,
 * the shoe keeper's problems and the page's storage status, by msg() id. `${0}`, `${1}`… stand for
 * the English template's values in order.
 */
import { str } from '@lit/localize';

export const templates: Record<string, unknown> = {
  // What the store was doing: verb phrases that follow 无法 ("could not").
  'storage-doing-open': '打开已保存的牌靴',
  'storage-doing-save-new-shoe': '保存新牌靴',
  'storage-doing-save-hand': str`保存第 ${0} 局`,
  'storage-doing-correct-hand': str`更正第 ${0} 局`,
  'storage-doing-undo-hand': str`撤销第 ${0} 局`,
  'storage-doing-end-shoe': '结束牌靴',
  'storage-doing-reopen-shoe': '重新打开牌靴',
  'storage-doing-read-shoe': '读取牌靴',
  'storage-doing-read-hand': str`读取第 ${0} 局`,
  'storage-doing-find-latest-shoe': '查找最新的牌靴',
  'storage-doing-list-shoes': '列出已保存的牌靴',
  'storage-doing-list-tables': '列出牌桌',
  'storage-doing-count-shoes': '统计已保存的牌靴',
  'storage-doing-delete-shoe': '删除牌靴',
  'storage-doing-import-shoes': '导入牌靴',
  'storage-doing-export-shoes': '读取要导出的牌靴',

  // Errors by kind
  'storage-quota': str`存储空间已满：无法${0}。请释放一些空间，或在历史记录中删除旧的牌靴。`,
  'storage-quota-save': '存储空间已满：无法保存。请释放一些空间，或在历史记录中删除旧的牌靴。',
  'storage-newer': '已保存的牌靴由更新版本的记分牌写入；请重新加载页面以更新。',
  'storage-newer-detail': str`已保存的牌靴由更新版本的记分牌写入；请重新加载页面以更新（${0}）。`,
  'storage-unavailable': '此浏览器在这里无法使用 IndexedDB（是无痕窗口，还是网站设置禁止了它？）：无法保存牌靴。',
  'storage-refused': str`IndexedDB 拒绝打开：${0}`,
  'storage-closed': '另一个标签页打开了更新版本的记分牌：请重新加载此页面。',
  'storage-failed-doing-detail': str`无法${0}：${1}`,
  'storage-failed-doing': str`无法${0}。`,
  'storage-failed-detail': str`无法使用已保存的牌靴：${0}`,
  'storage-failed': '无法使用已保存的牌靴。',
  'storage-error-other': '已保存的牌靴出了问题（详情见浏览器控制台）。',

  // Conflicts: the write disagrees with what is stored
  'storage-conflict': '此更改与已保存的牌靴不符。',
  'storage-conflict-shoe-exists': '这一靴已经保存过了。',
  'storage-conflict-no-shoe': '这一靴已不再保存（可能已在历史记录中删除）。',
  'storage-conflict-not-next-hand': str`无法保存这一靴的第 ${0} 局：已保存了 ${1} 局。`,
  'storage-conflict-not-next-hand-one': str`无法保存这一靴的第 ${0} 局：已保存了 1 局。`,
  'storage-conflict-no-hand': str`这一靴没有第 ${0} 局可以更正。`,
  'storage-conflict-not-last-hand': str`第 ${0} 局不是这一靴的最后一局。`,
  'storage-conflict-not-reopenable': '这一靴无法重新打开：它尚未结束，或此后该牌桌已开始了更新的牌靴。',
  'storage-conflict-shoe-in-play': '这一靴仍在操作台上记录：请先在那里结束它（按 E），再在此删除。',
  'storage-conflict-import-differs': str`第 ${0} 靴（ID“${1}”）已经保存过，但内容不同：${2}。`,
  // What differs in an import (the field names are those of the export file)
  'storage-differs-rules': '规则',
  'storage-differs-hand-count': str`局数，已保存 ${0} 局，文件中 ${1} 局`,
  'storage-differs-hand': str`第 ${0} 局`,
  'storage-differs-field': str`${0}，已保存的是 ${1}，文件中的是 ${2}`,
  'storage-field-table': '牌桌',
  'storage-field-source': '来源',
  'storage-field-seed': '种子',
  'storage-field-started-at': '开始时间',
  'storage-field-ended-at': '结束时间',

  // History's PNG export (road-picture.ts): kept here as the errors History shows beside storage's
  'picture-no-canvas': '此浏览器无法在画布上绘图。',
  'picture-no-png': '浏览器无法生成牌路的 PNG 图片。',

  // The shoe keeper and the page's storage status
  'storage-not-open': '存储尚未打开：在它打开之前，牌局保留在此屏幕上。',
  'storage-changed-elsewhere': str`${0} 已保存的牌靴在别处被更改了（另一个窗口？）：请重新加载以查看；在这里所做的更改不会被保存。`,
  'storage-waiting':
    '已保存的牌靴尚未打开：可能有另一个记分牌标签页或窗口正占用它们的旧版本，或正在等待旧版本关闭。如果一直如此，请关闭其他记分牌标签页和窗口；它们打开后，此屏幕会继续。',
  'storage-blocked':
    '另一个记分牌标签页或窗口正在使用旧版本的已保存牌靴：请关闭它，以便这里能打开它们。在此之前无法显示已保存的牌靴，在这里开始的新牌靴的牌局只保留在此屏幕上，等已保存的牌靴打开后再按顺序保存。',
};
