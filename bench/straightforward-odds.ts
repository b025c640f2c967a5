/**
 * The straightforward way to the exact odds, kept only as the benchmark's point of comparison:
 * walk every ordered deal card value by card value, weighing each by drawing without
 * replacement.
 */
import { playerDraws, bankerDraws } from '../src/game/tableau.js';

export function straightforwardOdds(counts: readonly number[]): { banker: number; player: number; tie: number } {
  const n = new Array<number>(10).fill(0);
  counts.forEach((count, rank) => (n[rank >= 9 ? 0 : rank + 1]! += count));
  const cards = counts.reduce((a, b) => a + b, 0);
  let banker = 0;
  let player = 0;
  let tie = 0;
  const settle = (weight: number, playerTotal: number, bankerTotal: number): void => {
    if (bankerTotal > playerTotal) banker += weight;
    else if (playerTotal > bankerTotal) player += weight;
    else tie += weight;
  };
  for (let p1 = 0; p1 < 10; p1++) {
    const w1 = n[p1]! / cards;
    if (w1 === 0) continue;
    n[p1]!--;
    for (let b1 = 0; b1 < 10; b1++) {
      const w2 = (w1 * n[b1]!) / (cards - 1);
      if (w2 === 0) continue;
      n[b1]!--;
      for (let p2 = 0; p2 < 10; p2++) {
        const w3 = (w2 * n[p2]!) / (cards - 2);
        if (w3 === 0) continue;
        n[p2]!--;
        for (let b2 = 0; b2 < 10; b2++) {
          const w4 = (w3 * n[b2]!) / (cards - 3);
          if (w4 === 0) continue;
          n[b2]!--;
          const pt = (p1 + p2) % 10;
          const bt = (b1 + b2) % 10;
          if (playerDraws(pt, bt)) {
            for (let p3 = 0; p3 < 10; p3++) {
              const w5 = (w4 * n[p3]!) / (cards - 4);
              if (w5 === 0) continue;
              const pf = (pt + p3) % 10;
              if (bankerDraws(pt, bt, p3)) {
                n[p3]!--;
                for (let b3 = 0; b3 < 10; b3++) settle((w5 * n[b3]!) / (cards - 5), pf, (bt + b3) % 10);
                n[p3]!++;
              } else settle(w5, pf, bt);
            }
          } else if (bankerDraws(pt, bt, null)) {
            for (let b3 = 0; b3 < 10; b3++) settle((w4 * n[b3]!) / (cards - 4), pt, (bt + b3) % 10);
          } else settle(w4, pt, bt);
          n[b2]!++;
        }
        n[p2]!++;
      }
      n[b1]!++;
    }
    n[p1]!++;
  }
  return { banker, player, tie };
}
