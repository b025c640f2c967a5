/** Simplified Chinese for the road words of the app's own sentences (History's thumbnails), by msg() id. `${n}` is the n-th value of the English template. */
import { str } from '@lit/localize';

export const templates: Record<string, unknown> = {
  'road-columns-one': str`${0}列`,
  'road-columns-other': str`${0}列`,
  'road-ties-one': str`${0}次和局`,
  'road-ties-other': str`${0}次和局`,
  'road-part-separator': '，',
  'road-item-separator': '；',
  'road-summary-empty': str`${0}：暂无结果`,
  'road-summary': str`${0}，${1}：${2}`,
  'big-road-column-banker': str`第${0}列庄${1}`,
  'big-road-column-player': str`第${0}列闲${1}`,
  'big-road-leading-ties': str`首列之前${0}`,
};
