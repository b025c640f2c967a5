/** Labels shared by every element. Ids are the `id` passed to `msg()`. */
export const templates = {
  banker: '庄',
  player: '闲',
  tie: '和',
  'banker-long': '庄家',
  'player-long': '闲家',
  'tie-long': '和局',
  'player-pair': '闲对',
  'banker-pair': '庄对',
  natural: '例牌',
  'bead-plate': '珠盘路',
  'big-road': '大路',
  'big-eye-boy': '大眼仔',
  'small-road': '小路',
  'cockroach-pig': '蟑螂路',
  red: '红',
  blue: '蓝',
};
