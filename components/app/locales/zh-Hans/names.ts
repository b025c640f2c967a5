/**
 * Simplified Chinese for why a table name is refused (nameProblemText in
 * components/app/history/import-words.ts: the kiosk's URL and an import both say it), and for the
 * kiosk's refusal of an unusable `table`, by msg() id. `${0}`, `${1}`… stand for the English
 * template's values in order.
 */
import { str } from '@lit/localize';

export const templates: Record<string, unknown> = {
  'name-empty': '牌桌名称至少要有一个空白以外的字符',
  'name-too-long': str`牌桌名称最多 ${0} 个字符；此名称有 ${1} 个`,
  'name-character': str`${0}；牌桌名称不能包含此类字符`,
  'name-stray-mark': str`${0}；牌桌名称中的词不能以它开头`,
  'character-bidi-control': str`第 ${0} 个字符是 ${1}，它会改变周围文字的方向`,
  'character-invisible': str`第 ${0} 个字符是 ${1}，它不显示任何内容`,
  'character-control': str`第 ${0} 个字符是控制字符 ${1}`,
  'character-lone-surrogate': str`第 ${0} 个字符是 ${1}，是缺少另一半的半个字符`,
  'character-replacement-character': str`第 ${0} 个字符是 U+FFFD，它代表无法识别为文字的字节`,
  'character-stray-mark': str`第 ${0} 个字符是组合符号 ${1}，前面没有可依附的字母`,

  // The kiosk, refusing the URL's table=
  'kiosk-table-refused': str`牌桌名称 table=${0} 无法使用：${1}。在网址给出可用的牌桌名称之前，不记录也不显示任何内容。`,
};
