/**
 * The records of shoes and hands as stored and exported, and the plain helpers that make and deal
 * them: what a page that deals or stores shoes needs. Reading a document (its schema, with valibot)
 * is shoe-document.ts's, so a kiosk that only deals never loads it.
 */
import type { Card } from '../game/cards.js';
import type { ResolvedHand, Winner } from '../game/hand.js';
import type { TableRules } from '../game/rules.js';
import { Shoe } from '../game/shoe.js';
import { shoeSeed } from '../game/simulate.js';

export const SHOE_DOCUMENT_FORMAT = 'baccarat-shoes';
/** The version export writes: 2 since shoes carry their procedure's events and audit trail (version 1 files still import). */
export const SHOE_DOCUMENT_VERSION = 2;
/** The versions parseShoeDocument reads: 1 (hands only) and 2 (hands, events and audit). */
export const SHOE_DOCUMENT_VERSIONS_READ = [1, 2] as const;

/**
 * One step of the dealing procedure, beside the hands. `afterHand`: how many hands of the shoe were
 * recorded when it happened (0 before the first); `at`: when, ISO 8601. Every card an event holds has
 * left the shoe: it is counted against the decks with the hands' cards.
 */
export type ShoeEvent =
  /** The burn: the card turned face up, then the cards burned after it. */
  | { kind: 'burn'; at: string; afterHand: number; card: Card; burned: Card[] }
  /** The cut card came out. */
  | { kind: 'cut'; at: string; afterHand: number }
  /** A card taken out of play: by the device (drawn by mistake) or by the clerk. */
  | { kind: 'cancelled'; at: string; afterHand: number; card: Card; by: 'device' | 'clerk' }
  /** The hand in play declared void, with its cards. */
  | { kind: 'void-hand'; at: string; afterHand: number; cards: Card[] }
  /** The shoe declared void; `cards` were in play. */
  | { kind: 'void-shoe'; at: string; afterHand: number; cards: Card[] }
  /** A hand dealt and not played. */
  | { kind: 'dummy-hand'; at: string; afterHand: number; cards: Card[] };

export type ShoeEventKind = ShoeEvent['kind'];
export const SHOE_EVENT_KINDS: readonly ShoeEventKind[] = ['burn', 'cut', 'cancelled', 'void-hand', 'void-shoe', 'dummy-hand'];

/** What a clerk did that the audit trail keeps. */
export type AuditAction = 'undo' | 'redo' | 'correct' | 'cancel' | 'void-hand' | 'void-shoe' | 'reopen';
export const AUDIT_ACTIONS: readonly AuditAction[] = ['undo', 'redo', 'correct', 'cancel', 'void-hand', 'void-shoe', 'reopen'];

/** What an entry of the audit trail records: a clerk's action, or the reason given afterwards for an earlier one. */
export type AuditEntryAction = AuditAction | 'reason';
export const AUDIT_ENTRY_ACTIONS: readonly AuditEntryAction[] = [...AUDIT_ACTIONS, 'reason'];

/**
 * One entry of a shoe's audit trail, append-only: when (ISO 8601), the console's operator (1–60
 * characters, cleaned as a table name is; null when nobody had signed in), what, the hand it concerned
 * (from 1; null for none) and why (1–200 characters; null when not given at the time). The console
 * keeps each action at once and asks why afterwards: the answer is a later entry of action `reason`
 * whose `reasonFor` is the position (from 1) in the trail of the entry it explains, with that entry's
 * hand. Nothing earlier is ever rewritten.
 */
export interface AuditEntry {
  at: string;
  operator: string | null;
  action: AuditEntryAction;
  hand: number | null;
  reason: string | null;
  /** Only on action `reason`: the position (from 1) of the earlier entry whose reason this gives. */
  reasonFor?: number;
}

/** The most characters of an audit entry's operator and reason. */
export const MAX_OPERATOR_LENGTH = 60;
export const MAX_REASON_LENGTH = 200;

/**
 * The reason each entry of a trail ends up with: its own, or the one a later `reason` entry gave
 * (with that entry), or null when none was given. `reason` entries themselves are not in the list.
 * @example explainedAudit([{ at, operator: null, action: 'undo', hand: 2, reason: null }]) // [{ entry, reason: null, given: null }]
 */
export function explainedAudit(audit: readonly AuditEntry[]): { entry: AuditEntry; reason: string | null; given: AuditEntry | null }[] {
  const given = new Map<number, AuditEntry>();
  for (const entry of audit) if (entry.action === 'reason' && entry.reasonFor !== undefined) given.set(entry.reasonFor, entry);
  const explained: { entry: AuditEntry; reason: string | null; given: AuditEntry | null }[] = [];
  for (const [index, entry] of audit.entries()) {
    if (entry.action === 'reason') continue;
    const later = entry.reason === null ? (given.get(index + 1) ?? null) : null;
    explained.push({ entry, reason: entry.reason ?? later?.reason ?? null, given: later });
  }
  return explained;
}

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
  /** The procedure's events, in order (document version 2); absent: none. */
  events?: ShoeEvent[];
  /** The audit trail, in order (document version 2); absent: none. */
  audit?: AuditEntry[];
}

/** An event's fields in the document's order (so exports are byte-for-byte stable), its cards copied. */
export function eventFields(event: ShoeEvent): ShoeEvent {
  const { at, afterHand } = event;
  switch (event.kind) {
    case 'burn':
      return { kind: 'burn', at, afterHand, card: event.card, burned: [...event.burned] };
    case 'cut':
      return { kind: 'cut', at, afterHand };
    case 'cancelled':
      return { kind: 'cancelled', at, afterHand, card: event.card, by: event.by };
    case 'void-hand':
    case 'void-shoe':
    case 'dummy-hand':
      return { kind: event.kind, at, afterHand, cards: [...event.cards] };
  }
}

/** An audit entry's fields in the document's order. */
export function auditFields(entry: AuditEntry): AuditEntry {
  const { at, operator, action, hand, reason } = entry;
  // `reasonFor` belongs to a reason entry only: anywhere else it is dropped, so the text stays the same.
  return action === 'reason' ? { at, operator, action, hand, reason, reasonFor: entry.reasonFor! } : { at, operator, action, hand, reason };
}

/** Every card an event took out of the shoe. */
export function eventCards(event: ShoeEvent): Card[] {
  switch (event.kind) {
    case 'burn':
      return [event.card, ...event.burned];
    case 'cut':
      return [];
    case 'cancelled':
      return [event.card];
    default:
      return event.cards;
  }
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
 * The export document as a file's text: two-space indentation, except that each hand, event and audit entry is one line.
 * Field by field, a hand took 15 lines: 1,000 shoes made 24.8 MiB, and handing that text to a Blob
 * for the download was over a quarter of the export's time in Chromium. One line per hand keeps a
 * shoe easy to read and the file under half the size. The same shoes always give the same text, so
 * export, import and export again give the same bytes.
 * @example shoeDocumentText([]) // '{\n  "format": "baccarat-shoes",\n  "version": 2,\n  "shoes": []\n}'
 */
export function shoeDocumentText(shoes: readonly ShoeRecord[]): string {
  const lineList = (name: string, items: readonly unknown[]): string => {
    const lines = items.map((item) => `        ${JSON.stringify(item)}`).join(',\n');
    return `      ${JSON.stringify(name)}: ${items.length === 0 ? '[]' : `[\n${lines}\n      ]`}`;
  };
  const shoeTexts = shoes.map(({ hands, events, audit, ...fields }) => {
    // The shoe's other fields as JSON.stringify indents them at the shoes' depth, without the closing brace.
    const head = JSON.stringify(fields, null, 2).slice(0, -2).replaceAll('\n', '\n    ');
    // Hands, then events and the audit trail when the shoe has them, one a line.
    const lists = [lineList('hands', hands)];
    if (events !== undefined) lists.push(lineList('events', events));
    if (audit !== undefined) lists.push(lineList('audit', audit));
    return `    ${head},\n${lists.join(',\n')}\n    }`;
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
