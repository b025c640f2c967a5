/**
 * Simplified Chinese for the lobby of every table (`<bacc-lobby>`, components/app/lobby/), by msg()
 * id. `${0}`, `${1}`… stand for the English template's values in order. 庄, 闲, 和 are in common.ts.
 */
import { str } from '@lit/localize';

export const templates: Record<string, unknown> = {
  'lobby-title': '牌桌',
  'lobby-page': str`第 ${0} 页，共 ${1} 页`,
  'lobby-no-broker': '此屏幕未设置消息代理：大厅显示通过消息代理发布的各牌桌。',
  'lobby-empty': '尚无牌桌发布。',
  'lobby-no-shoe': '尚无牌靴',
  'lobby-loading': '加载中',
  'lobby-ended': '已结束',
  'lobby-open': '进行中',
  'lobby-limits': str`限红 ${0}`,
  'lobby-shoe-one-hand': str`第 ${0} 靴 · 1 局`,
  'lobby-shoe-hands': str`第 ${0} 靴 · ${1} 局`,
  'lobby-console-offline': '操作台离线',
  'lobby-console-offline-since': str`操作台自 ${0} 起离线`,
  'lobby-link-connecting': '正在连接消息代理…',
  'lobby-link-offline': '无法连接消息代理：各牌桌显示最后收到的内容；正在重试。',
  'lobby-link-refused': '消息代理拒绝了此屏幕的凭据：请重新设置大厅的用户名和密码。',
  'lobby-refused-one': '已拒绝 1 条消息（详见日志）',
  'lobby-refused': str`已拒绝 ${0} 条消息（详见日志）`,
  'lobby-copies-trouble': str`收到的牌靴无法保存在本机：${0}`,
  'lobby-record': '最新牌靴',
  'lobby-record-of': str`${0} 在牌厅记录中的最新牌靴`,
};
