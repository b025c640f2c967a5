/**
 * The shoe export document (DESIGN.md): what export writes, import reads, and `bacc simulate`
 * prints. Keep its shape stable; a new version number means a migration.
 */
import * as v from 'valibot';
import { ShoeCardCount, type Card } from './cards.js';
import { resolveCompleteHand, type ResolvedHand, type Winner } from './hand.js';
import { makeRules, type TableRules } from './rules.js';
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

/** A document that is not a valid shoe export; the message names the first bad shoe, hand and field. */
export class ShoeDocumentError extends Error {
  override name = 'ShoeDocumentError';
}

const total = v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(9)));
const handSchema = v.looseObject({
  cards: v.nullable(v.pipe(v.array(v.string()), v.minLength(4), v.maxLength(6))),
  outcome: v.picklist(['B', 'P', 'T']),
  playerPair: v.boolean(),
  bankerPair: v.boolean(),
  natural: v.boolean(),
  playerTotal: total,
  bankerTotal: total,
});
/**
 * A moment in ISO 8601 that names a real calendar day: `isoTimestamp` checks the shape only, and
 * `2026-02-30T10:00:00Z` would be read as the 2nd of March.
 */
const timestamp = v.pipe(
  v.string(),
  v.isoTimestamp(),
  v.check(
    (text) => {
      const [year, month, day] = text.slice(0, 10).split('-').map(Number) as [number, number, number];
      // setUTCFullYear, not Date.UTC, which reads years 0–99 as 1900–1999.
      const lastOfMonth = new Date(0);
      lastOfMonth.setUTCFullYear(year, month, 0);
      return day <= lastOfMonth.getUTCDate();
    },
    (issue) => `Invalid date: Received ${issue.received}, a day its month does not have`,
  ),
);
const shoeSchema = v.looseObject({
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  table: v.pipe(v.string(), v.maxLength(200)),
  source: v.picklist(['simulated', 'recorded']),
  seed: v.nullable(v.pipe(v.string(), v.maxLength(1000))),
  startedAt: timestamp,
  endedAt: v.nullable(timestamp),
  rules: v.looseObject({ decks: v.number(), banker: v.string(), tiePays: v.number() }),
  hands: v.pipe(v.array(handSchema), v.maxLength(200)),
});
const documentSchema = v.looseObject({
  format: v.literal(SHOE_DOCUMENT_FORMAT),
  version: v.number(),
  shoes: v.pipe(v.array(shoeSchema), v.maxLength(100_000)),
});

/**
 * Reads a shoe export document: checks its shape with a schema, then resolves every hand that has
 * cards again by the rules and checks it states what the cards give. All or nothing.
 * @throws ShoeDocumentError naming the first bad shoe, hand and field.
 */
export function parseShoeDocument(input: unknown): ShoeDocument {
  if (
    typeof input === 'object' &&
    input !== null &&
    'version' in input &&
    typeof input.version === 'number' &&
    input.version > SHOE_DOCUMENT_VERSION
  ) {
    throw new ShoeDocumentError(`version ${input.version} is newer than this program reads (${SHOE_DOCUMENT_VERSION}); update it`);
  }
  const result = v.safeParse(documentSchema, input);
  if (!result.success) {
    const issue = result.issues[0];
    throw new ShoeDocumentError(describePath(v.getDotPath(issue) ?? '', input) + issue.message);
  }
  if (result.output.version !== SHOE_DOCUMENT_VERSION) {
    throw new ShoeDocumentError(`version ${result.output.version} is not a version this program reads (${SHOE_DOCUMENT_VERSION})`);
  }
  const ids = new Set<string>();
  const shoes = result.output.shoes.map((shoe, shoeIndex): ShoeRecord => {
    const where = `shoe ${shoeIndex + 1} (id "${shoe.id}")`;
    if (ids.has(shoe.id)) throw new ShoeDocumentError(`${where}, id: another shoe in the document has the same id`);
    ids.add(shoe.id);
    let rules: TableRules;
    try {
      rules = makeRules(shoe.rules as Partial<TableRules>);
    } catch (error) {
      throw new ShoeDocumentError(`${where}, rules: ${(error as Error).message}`);
    }
    if (shoe.endedAt !== null && Date.parse(shoe.endedAt) < Date.parse(shoe.startedAt)) {
      throw new ShoeDocumentError(`${where}, endedAt: the shoe ends before it starts (${shoe.startedAt})`);
    }
    const count = new ShoeCardCount(rules.decks);
    const hands = shoe.hands.map((hand, handIndex) => {
      const checked = checkHand(hand, `${where}, hand ${handIndex + 1}`);
      for (const card of checked.cards ?? []) {
        const problem = count.problemWith(card);
        if (problem) throw new ShoeDocumentError(`${where}, hand ${handIndex + 1}, cards: ${problem}; this is one more`);
        count.add(card);
      }
      return checked;
    });
    if (shoe.seed !== null) {
      if (shoe.source === 'recorded')
        throw new ShoeDocumentError(`${where}, seed: a recorded shoe has none (null); only a simulated shoe is dealt from a seed`);
      const { differsAt, pastCutCard } = dealAlong(rules, shoe.seed, hands);
      if (differsAt !== null) {
        throw new ShoeDocumentError(
          pastCutCard
            ? `${where}, hand ${differsAt + 1}: seed "${shoe.seed}" deals only ${differsAt} hands by these rules (the cut card came out)`
            : `${where}, hand ${differsAt + 1}: not the hand seed "${shoe.seed}" deals by these rules (a seeded shoe is the one its seed deals, in order)`,
        );
      }
    }
    return { ...shoe, rules, hands };
  });
  return { ...result.output, format: SHOE_DOCUMENT_FORMAT, version: SHOE_DOCUMENT_VERSION, shoes };
}

/**
 * A hand with cards must resolve to what it states; one without has no totals. Returns the hand
 * with its cards in canonical notation (`10h` is read, `TH` is kept).
 */
function checkHand(hand: HandRecord, where: string): HandRecord {
  if (hand.cards === null) {
    if (hand.playerTotal !== null || hand.bankerTotal !== null) {
      throw new ShoeDocumentError(`${where}: totals are given without cards`);
    }
    return hand;
  }
  let resolved: ResolvedHand;
  try {
    resolved = resolveCompleteHand(hand.cards);
  } catch (error) {
    throw new ShoeDocumentError(`${where}, cards: ${(error as Error).message}`);
  }
  const stated: [keyof HandRecord, unknown, unknown][] = [
    ['outcome', hand.outcome, resolved.winner],
    ['playerPair', hand.playerPair, resolved.playerPair],
    ['bankerPair', hand.bankerPair, resolved.bankerPair],
    ['natural', hand.natural, resolved.natural],
    ['playerTotal', hand.playerTotal, resolved.playerTotal],
    ['bankerTotal', hand.bankerTotal, resolved.bankerTotal],
  ];
  for (const [field, given, actual] of stated) {
    if (given !== actual) {
      throw new ShoeDocumentError(
        `${where}, ${field}: the cards ${hand.cards.join(' ')} give ${JSON.stringify(actual)}, not ${JSON.stringify(given)}`,
      );
    }
  }
  return { ...hand, cards: resolved.cards };
}

/** "shoes.1.hands.4.outcome" → "shoe 2 (id "…"), hand 5, outcome: ". */
function describePath(path: string, input: unknown): string {
  if (path === '') return '';
  const parts = path.split('.');
  const words: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const index = Number(parts[i + 1]);
    if (part === 'shoes' && Number.isInteger(index)) {
      const id = (input as { shoes?: { id?: unknown }[] }).shoes?.[index]?.id;
      words.push(`shoe ${index + 1}${typeof id === 'string' ? ` (id "${id}")` : ''}`);
      i++;
    } else if (part === 'hands' && Number.isInteger(index)) {
      words.push(`hand ${index + 1}`);
      i++;
    } else if (part === 'cards' && Number.isInteger(index)) {
      words.push(`card ${index + 1}`);
      i++;
    } else {
      words.push(part);
    }
  }
  return `${words.join(', ')}: `;
}
