/**
 * Simplified Chinese for the sentences History's road picture shares with `<bacc-odds-note>`, by
 * msg() id. The elements say theirs through their own terms (components/locales/zh-hans.ts).
 */
export const templates: Record<string, unknown> = {
  'odds-past-results': '过往结果不能预测下一局。',
};
