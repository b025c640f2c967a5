/**
 * The rules for keeping attract-mode shoes: how each simulated shoe gets a seed (so a reload can
 * deal it again), when a stored shoe may be taken up again, and which old simulated shoes to let
 * go so a kiosk left running for weeks does not fill the disk. DOM-free, so it is tested in Node.
 */
import type { Shoe } from '../game/shoe.js';
import { dealAlong, type HandRecord } from './records.js';
import type { TableRules } from '../game/rules.js';
import { shoeSeed } from '../game/simulate.js';
import { CryptoRandom } from '../game/random.js';

/**
 * A fresh seed for one simulated shoe: 128 bits from `crypto.getRandomValues`, as 32 hex digits.
 * Storing it with the shoe is what lets a reload deal the same shoe again.
 * @example randomShoeSeed() // 'f3a1…' (32 characters)
 */
export function randomShoeSeed(): string {
  const words = new Uint32Array(4);
  new CryptoRandom().fill(words);
  return Array.from(words, (word) => word.toString(16).padStart(8, '0')).join('');
}

/**
 * Which shoe of a seeded run `seed` is (the inverse of `shoeSeed`): 1 for the run's own seed, k for
 * `run#k`, or null when the seed is not from that run.
 * @example shoeNumberInRun('demo', 'demo#3') // 3
 */
export function shoeNumberInRun(run: string, seed: string | null): number | null {
  if (seed === run) return 1;
  if (seed === null || !seed.startsWith(`${run}#`)) return null;
  const rest = seed.slice(run.length + 1);
  if (!/^[1-9]\d{0,8}$/.test(rest)) return null;
  const number = Number(rest);
  return number >= 2 && shoeSeed(run, number) === seed ? number : null;
}

/**
 * Deals a stored simulated shoe again from its seed and rules, and returns the live shoe positioned
 * after its last stored hand — or null when the stored hands are not what that seed and those rules
 * deal (the rules changed, a hand was edited, the shoe is already over): such a shoe cannot be resumed.
 */
export function replayStoredShoe(stored: { rules: TableRules; seed: string | null; hands: readonly HandRecord[] }): Shoe | null {
  if (stored.seed === null) return null;
  const { shoe, differsAt } = dealAlong(stored.rules, stored.seed, stored.hands);
  return differsAt === null && !shoe.finished ? shoe : null;
}

/** What pruning reads of a stored shoe (a `ShoeSummary` has it all). */
export interface PrunableShoe {
  id: string;
  source: 'simulated' | 'recorded';
  /** Who keeps it: only the attract kiosk's own shoes are ever deleted. */
  origin: 'attract' | 'console' | 'import' | 'received';
  endedAt: string | null;
}

/**
 * The ids of attract shoes to delete so that at most `keep` ended simulated attract shoes remain,
 * the newest kept (as docs/guide/wall-screen.md's `keep` says). The shoe in play and any other open shoe take no
 * place: they are never chosen (another kiosk may be dealing an open one), and counting the shoe
 * in play made `keep=3` keep only 2 ended shoes. Shoes of a console or an import (recorded or
 * simulated, those are someone's history) are neither chosen nor counted.
 * @param shoes the table's shoes, newest first (as `listShoes` gives them)
 * @example shoesToPrune([{ id: 'c', source: 'simulated', origin: 'attract', endedAt: null }, { id: 'b', source: 'simulated', origin: 'attract', endedAt: '…' }, { id: 'a', source: 'simulated', origin: 'attract', endedAt: '…' }], 1, 'c') // ['a']
 */
export function shoesToPrune(shoes: readonly PrunableShoe[], keep: number, current: string | null): string[] {
  const doomed: string[] = [];
  let room = keep;
  for (const shoe of shoes) {
    if (shoe.source !== 'simulated' || shoe.origin !== 'attract' || shoe.id === current || shoe.endedAt === null) continue;
    if (room > 0) room--;
    else doomed.push(shoe.id);
  }
  return doomed;
}

/**
 * A new shoe's id: its start time (so ids sort roughly by age) and 64 random bits. Not
 * `crypto.randomUUID`, which a kiosk served over plain http on a local network does not have.
 * @example newShoeId() // 'lx3k9q2a-5f0c2e9b7a1d4c36'
 */
export function newShoeId(now = Date.now()): string {
  return `${now.toString(36)}-${randomShoeSeed().slice(0, 16)}`;
}
