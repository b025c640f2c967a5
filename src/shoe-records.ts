/**
 * The records of shoes and hands as stored and exported, and the plain helpers that make and deal
 * them: what a page that deals or stores shoes needs. Reading a document (its schema, with valibot)
 * is shoe-document.ts's, so a kiosk that only deals never loads it.
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
  /**
   * The shoe's number on its table that day (the UTC day of `startedAt`), from 1: what every screen
   * shows as "Shoe n". Optional in a document, so exports written before shoes had numbers still import
   * (the store numbers them as it stores them); a stored shoe always has one.
   */
  number?: number;
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
 * The export document as a file's text: two-space indentation, except that each hand is one line.
 * Field by field, a hand took 15 lines: 1,000 shoes made 24.8 MiB, and handing that text to a Blob
 * for the download was over a quarter of the export's time in Chromium. One line per hand keeps a
 * shoe easy to read and the file under half the size. The same shoes always give the same text, so
 * export, import and export again give the same bytes.
 * @example shoeDocumentText([]) // '{\n  "format": "baccarat-shoes",\n  "version": 1,\n  "shoes": []\n}'
 */
export function shoeDocumentText(shoes: readonly ShoeRecord[]): string {
  const shoeTexts = shoes.map(({ hands, ...fields }) => {
    // The shoe's other fields as JSON.stringify indents them at the shoes' depth, without the closing brace.
    const head = JSON.stringify(fields, null, 2).slice(0, -2).replaceAll('\n', '\n    ');
    const handLines = hands.map((hand) => `        ${JSON.stringify(hand)}`).join(',\n');
    return `    ${head},\n      "hands": ${hands.length === 0 ? '[]' : `[\n${handLines}\n      ]`}\n    }`;
  });
  const list = shoeTexts.length === 0 ? '[]' : `[\n${shoeTexts.join(',\n')}\n  ]`;
  return `{\n  "format": ${JSON.stringify(SHOE_DOCUMENT_FORMAT)},\n  "version": ${SHOE_DOCUMENT_VERSION},\n  "shoes": ${list}\n}`;
}

/**
 * Deals whole simulated shoes into records. Seeded runs are reproducible: shoe k is shuffled
 * from `shoeSeed(seed, k)`, which is stored with it, and its id is derived from that seed; only
 * the start and end times, which are when the run happened, differ between two runs.
 */
export function simulateShoeRecords(options: {
  shoes: number;
  rules?: Partial<TableRules>;
  seed?: string | null;
  table?: string;
  now?: () => Date;
}): ShoeRecord[] {
  // Numbered 1..n as one run at one table, whatever day each starts: a document, not a day's count.
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
      number: k,
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

/**
 * Deals the shoe that `seed` shuffles under `rules`, hand by hand along `hands`: the live shoe
 * after the last of them, and the index of the first hand it does not deal as stated, or null when
 * it deals them all; `pastCutCard` when that hand comes after the shoe's last.
 */
export function dealAlong(
  rules: TableRules,
  seed: string,
  hands: readonly HandRecord[],
): { shoe: Shoe; differsAt: number | null; pastCutCard: boolean } {
  const shoe = new Shoe({ rules, seed });
  for (const [index, hand] of hands.entries()) {
    if (shoe.finished) return { shoe, differsAt: index, pastCutCard: true };
    if (!dealtAsStated(shoe.dealHand(), hand)) return { shoe, differsAt: index, pastCutCard: false };
  }
  return { shoe, differsAt: null, pastCutCard: false };
}

/** Whether a dealt hand is the stated one, field by field as its record would have them (without making the record). */
function dealtAsStated(dealt: ResolvedHand, stated: HandRecord): boolean {
  return (
    dealt.winner === stated.outcome &&
    dealt.playerPair === stated.playerPair &&
    dealt.bankerPair === stated.bankerPair &&
    dealt.natural === stated.natural &&
    dealt.playerTotal === stated.playerTotal &&
    dealt.bankerTotal === stated.bankerTotal &&
    stated.cards != null &&
    dealt.cards.length === stated.cards.length &&
    dealt.cards.every((card, i) => card === stated.cards![i])
  );
}
