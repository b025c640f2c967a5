/**
 * Works out exact odds off the page's main thread: the first odds build the table of deals (about
 * 250 ms on a kiosk's start, far more on a slow screen), which would hold up the roads' first paint.
 * Each message is one composition and the rules; the answer carries the request's id.
 */
import { exactOdds } from '../../src/game/odds.js';
import type { OddsRequest, OddsAnswer } from './exact-odds.js';

self.addEventListener('message', (event: MessageEvent<OddsRequest>) => {
  const { id, counts, rules } = event.data;
  let answer: OddsAnswer;
  try {
    answer = { id, odds: exactOdds(counts, rules) };
  } catch (error) {
    answer = { id, error: error instanceof Error ? error.message : String(error) };
  }
  self.postMessage(answer);
});
