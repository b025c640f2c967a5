import { str } from '@lit/localize';

/** Simplified Chinese for the kiosk, by msg() id (the default table name the kiosk shares with <bacc-scoreboard>). */
export const templates: Record<string, unknown> = {
  'scoreboard-default-table': '迷你百家乐',
  'kiosk-title': '百家乐记分牌',
  'kiosk-title-attract': str`百家乐记分牌 — ${0}`,
  'kiosk-title-operator': str`百家乐记分牌 — ${0} 操作台`,
  'kiosk-title-operator-unnamed': '百家乐记分牌 — 操作台',
  'kiosk-title-display': str`百家乐记分牌 — ${0} 显示屏`,
  'kiosk-title-display-unnamed': '百家乐记分牌 — 显示屏',
  'kiosk-title-history': '百家乐记分牌 — 历史记录',
  'kiosk-ignored': str`已忽略 ${0}=${1}：${2}`,
  'kiosk-reason-whole-number': str`须为 ${0} 到 ${1} 的整数；改用 ${2}`,
  'kiosk-reason-seconds': str`须为每局 ${0} 到 ${1} 秒；改用 ${2}`,
  'kiosk-reason-one-of': str`须为 ${0}；改用 ${1}`,
  'kiosk-reason-or': ' 或 ',
  'kiosk-reason-text-length': str`须为 1 到 ${0} 个字符；改用“${1}”`,
  'kiosk-reason-text-length-default': str`须为 1 到 ${0} 个字符；改用默认值`,
  'kiosk-reason-characters': str`${0}；改为显示默认值“${1}”`,
  'kiosk-reason-mode': '须为 operator、display、lobby、evidence、history 或 reports；显示模拟牌靴',
  'kiosk-reason-seconds-or-off': str`须为 ${0} 到 ${1} 秒，或 0 表示不显示；不显示统计证据`,
  'kiosk-title-evidence': '百家乐记分牌 — 路单能预测吗？',
  'kiosk-title-lobby': '百家乐记分牌 — 大厅',
  'kiosk-reason-broker-address': '须为消息服务器的 ws:// 或 wss:// 地址（不含用户名和密码）；不使用消息服务器',
  'kiosk-reason-broker-credential': '须同时给出 user= 和 password=（仅需一次，本浏览器会记住）；不使用消息服务器',
  'kiosk-reason-unknown': '不是可用的设置；已忽略',
  'kiosk-simulated': '模拟牌靴，自动发牌',
};
