/**
 * Simplified Chinese for the operator console, the table display and the kept-shoe status line,
 * by msg() id. `${0}`, `${1}`… stand for the English template's values in order.
 */
import { str } from '@lit/localize';

export const templates: Record<string, unknown> = {
  // <bacc-operator>
  'operator-console': '操作台',
  'operator-entry': '输入方式',
  'operator-by-outcome': '按结果',
  'operator-by-cards': '按牌',
  'operator-outcome': '下一局的结果',
  'operator-cards': '下一局的牌（按发牌顺序）',
  'operator-card': '牌',
  'operator-typed': str`已输入：${0}；下一张发给${1}。`,
  'operator-card-help': str`下一张发给${0}。空格送出一张牌，回车送出并记录已完成的一局；按 Esc 清除。`,
  'operator-card-complete': str`本局已完成：${0}。按回车记录。`,
  'operator-remove-card': '删除最后一张牌',
  'operator-shoe': '牌靴',
  'operator-undo-action': '撤销',
  'operator-redo': '重做',
  'operator-reopen': '重新打开上一个牌靴',
  'operator-take-over': '接管此牌桌',
  'operator-hand-number': '局号',
  'operator-correct': '更正该局',
  'operator-end-shoe': '结束牌靴',
  'operator-new-shoe': '新牌靴',
  // The console keeps running (and keeps its table) while History is open beside it.
  'operator-history-link': '历史记录、回放与导出（新窗口）',
  'operator-simulate': '模拟',
  'operator-new-simulated-shoe': '新的模拟牌靴',
  'operator-deal': '发一局',
  'operator-auto-deal': '自动发牌',
  'operator-speed': '每局秒数',
  'operator-reading': '正在读取已保存的牌靴…',
  'operator-stranded': '此牌靴已不再保存：按 S 开始新牌靴。',
  'operator-no-shoe': '没有进行中的牌靴：按 S 开始新牌靴。',
  'operator-simulated-shoe': '模拟牌靴',
  'operator-recording': '记录中',
  'operator-correcting': str` — 正在更正第 ${0} 局`,
  'operator-shoe-state': str`${0}：${1} 局${2}`,
  'operator-shoe-state-one': str`${0}：1 局${1}`,
  'operator-confirm-end': '结束这个牌靴？之后不能再添加牌局。',
  'operator-confirm-new': '结束这个牌靴并开始新的牌靴？',

  'operator-yes': '确定',
  'operator-cancel': '取消',
  // The kept-shoe status line
  'kept-unsaved-one': str`1 项更改尚未保存（保留在此屏幕上），正在重试：${0}`,
  'kept-unsaved': str`${0} 项更改尚未保存（保留在此屏幕上），正在重试：${1}`,
  'kept-conflict': str`未保存（${0} 项更改），也不会重试：${1}`,
  'kept-conflict-one': str`未保存（1 项更改），也不会重试：${0}`,
  'operator-read-only': '此牌桌正在另一个窗口中记录：此窗口仅显示其牌靴，该窗口关闭后由此窗口接管。',
  // <bacc-kiosk> attract mode
  'kiosk-dealt-elsewhere': '另一个窗口正在为此牌桌发模拟牌靴：此屏幕跟随显示，该窗口关闭后由此屏幕发牌。',
  'kiosk-deal-failed': str`发牌已停止：${0}`,
  'kiosk-deal-failed-unexpected': '发牌因意外错误而停止（详情见浏览器控制台）；请重新加载以继续发牌。',
  // <bacc-table-display>
  'display-storage': str`无法读取已保存的牌靴：${0}`,
  'display-waiting-table': str`${0} 还没有保存的牌靴：操作员开始新牌靴后，这里会立即显示。`,
  'display-waiting': '还没有保存的牌靴：操作员开始新牌靴后，这里会立即显示。',
  // <bacc-table-display> through the room's broker
  'display-broker-refused': '消息服务器拒绝了此屏幕的凭据：请为此显示屏设置新的凭据。',
  'display-broker-offline': '无法连接消息服务器：尚未收到任何内容。',
  'display-broker-offline-since': str`无法连接消息服务器：显示的是 ${0} 收到的最后状态。`,
  'display-broker-connecting': '正在连接消息服务器…',
  'display-console-offline': str`${0} 的操作台已离线。`,
  'display-console-offline-since': str`${0} 的操作台自 ${1} 起离线。`,
  'display-room-waiting': str`正在等待 ${0} 的第一个牌靴：其操作台开始新牌靴后，这里会立即显示。`,
  'display-refused-one': '已拒绝 1 条消息（见日志）',
  'display-refused': str`已拒绝 ${0} 条消息（见日志）`,
  'display-kept-copy-trouble': str`未保存在本机：${0}`,
};
