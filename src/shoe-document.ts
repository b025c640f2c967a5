/**
 * The shoe export document (DESIGN.md): what export writes, import reads, and `bacc simulate`
 * prints. Keep its shape stable; a new version number means a migration.
 */
import type { Card } from './cards.js';
import type { ResolvedHand, Winner } from './hand.js';
import type { TableRules } from './rules.js';
import { Shoe } from './shoe.js';
import { shoeSeed } from './simulate.js';

export const SHOE_DOCUMENT_FORMAT = 'baccarat-shoes';
export const SHOE_DOCUMENT_VERSION = 1;

/** One hand as stored and exported. A hand recorded by outcome only has no cards and no totals. */
export interface HandRecord {
  cards: Card[] | null;
  outcome: Winner;
  playerPair: boolean;
  bankerPair: boolean;
  natural: boolean;
  playerTotal: number | null;
  bankerTotal: number | null;
}

/** One shoe as stored and exported. */
export interface ShoeRecord {
  id: string;
  table: string;
  source: 'simulated' | 'recorded';
  seed: string | null;
  /** ISO-8601. */
  startedAt: string;
  /** ISO-8601, or null while the shoe is in play. */
  endedAt: string | null;
  rules: TableRules;
  hands: HandRecord[];
}

export interface ShoeDocument {
  format: typeof SHOE_DOCUMENT_FORMAT;
  version: typeof SHOE_DOCUMENT_VERSION;
  shoes: ShoeRecord[];
}

/** The stored form of a resolved hand. */
export function handRecord(hand: ResolvedHand): HandRecord {
  return {
    cards: [...hand.cards],
    outcome: hand.winner,
    playerPair: hand.playerPair,
    bankerPair: hand.bankerPair,
    natural: hand.natural,
    playerTotal: hand.playerTotal,
    bankerTotal: hand.bankerTotal,
  };
}

/** Wraps shoes in a document. */
export function shoeDocument(shoes: ShoeRecord[]): ShoeDocument {
  return { format: SHOE_DOCUMENT_FORMAT, version: SHOE_DOCUMENT_VERSION, shoes };
}

/**
 * Deals whole simulated shoes into records. Seeded runs are reproducible: shoe k is shuffled
 * from `shoeSeed(seed, k)`, which is stored with it, and its id is derived from that seed.
 */
export function simulateShoeRecords(options: {
  shoes: number;
  rules?: Partial<TableRules>;
  seed?: string | null;
  table?: string;
  now?: () => Date;
}): ShoeRecord[] {
  const now = options.now ?? (() => new Date());
  const records: ShoeRecord[] = [];
  for (let k = 1; k <= options.shoes; k++) {
    const seed = options.seed == null ? null : shoeSeed(options.seed, k);
    const startedAt = now().toISOString();
    const shoe = new Shoe({ rules: options.rules ?? {}, seed });
    const hands = shoe.dealAll().map(handRecord);
    records.push({
      id: seed === null ? randomId() : `simulated:${seed}`,
      table: options.table ?? 'Simulated table',
      source: 'simulated',
      seed,
      startedAt,
      endedAt: now().toISOString(),
      rules: { ...shoe.rules },
      hands,
    });
  }
  return records;
}

function randomId(): string {
  const crypto = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  if (crypto?.randomUUID) return crypto.randomUUID();
  return `shoe-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}
