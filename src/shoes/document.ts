/**
 * The shoe export document (docs/reference/shoe-document.md): what export writes, import reads, and `bacc simulate`
 * prints. Keep its shape stable; a new version number means a migration.
 */
import * as v from 'valibot';
import { cardExcessLogText, cardValue, CardError, normalizeCard, ShoeCardCount, type Card, type CardExcess } from '../game/cards.js';
import { HandError, handProblemLogText, resolveCompleteHand, type HandProblem, type ResolvedHand, type Winner } from '../game/hand.js';
import { makeRules, RulesError, rulesProblemLogText, type RulesProblem, type TableRules } from '../game/rules.js';
import { excerpt, nameProblemLogText, normaliseFreeText, normaliseTableName, type NameProblem } from './table-names.js';
import {
  AUDIT_ENTRY_ACTIONS,
  auditFields,
  dealAlong,
  eventCards,
  eventFields,
  MAX_OPERATOR_LENGTH,
  MAX_REASON_LENGTH,
  SHOE_EVENT_KINDS,
  type AuditEntry,
  type ShoeEvent,
  SHOE_DOCUMENT_FORMAT,
  SHOE_DOCUMENT_VERSION,
  type HandRecord,
  type ShoeDocument,
  type ShoeRecord,
} from './records.js';

export * from './records.js';

/**
 * Where in a shoe document a problem lies: each part null when the problem is not inside one (a
 * problem with the version is the whole document's; a shoe's `rules` are the shoe's field).
 */
export interface ShoeDocumentPlace {
  /** The shoe's position in the document, from 1. */
  shoe: number | null;
  /** That shoe's id, when the document gives it as text. */
  shoeId: string | null;
  /** The hand's position in its shoe, from 1. */
  hand: number | null;
  /** The card's position in its hand, from 1. */
  card: number | null;
  /** The field as the document spells it, a dot between levels: `outcome`, `startedAt`, `rules.decks`. */
  field: string | null;
  /** The event's position in its shoe's `events`, from 1 (only when the problem is in one). */
  event?: number;
  /** The entry's position in its shoe's `audit`, from 1 (only when the problem is in one). */
  entry?: number;
}

/** A value as the document has it, by its JSON type; `missing` when there is none. */
export type DocumentValue =
  | { type: 'missing' }
  | { type: 'null' }
  | { type: 'string'; text: string }
  | { type: 'number'; value: number }
  | { type: 'boolean'; value: boolean }
  | { type: 'array' }
  | { type: 'object' };

/** What a length counts: the characters of a string, or the entries of a list. */
export type LengthUnit = 'characters' | 'shoes' | 'hands' | 'cards' | 'events' | 'entries';

/** A result a hand states beside its cards that its cards do not give. */
export type ResultMismatch =
  | { field: 'outcome'; stated: Winner; resolved: Winner }
  | { field: 'playerPair' | 'bankerPair' | 'natural'; stated: boolean; resolved: boolean }
  | { field: 'playerTotal' | 'bankerTotal'; stated: number | null; resolved: number };

/**
 * What is wrong with a shoe document, as a kind and its values. The schema's checks come first:
 * a field missing or of the wrong type, the wrong `format`, a value not among those allowed, too
 * short or too long (`unit` says what is counted), too small or too large, not a whole number,
 * not an ISO 8601 moment or not a day of the calendar; `invalid` carries the schema's own English
 * for a check this list does not name (for logs: a page says only that the value is not valid).
 * Then the version, and each shoe: its id, its table name (normaliseTableName), rules and times
 * (none more than a day ahead of now), each hand resolved again, the cards counted against the
 * decks, and a seed against what it deals. Values are kept whole; their words quote an `excerpt`.
 */
export type ShoeDocumentProblem =
  | { kind: 'missing-field' }
  | { kind: 'wrong-type'; expected: 'object' | 'array' | 'string' | 'number' | 'boolean'; found: DocumentValue }
  | { kind: 'wrong-format'; expected: typeof SHOE_DOCUMENT_FORMAT; found: DocumentValue }
  | { kind: 'not-one-of'; allowed: readonly string[]; found: DocumentValue }
  | { kind: 'too-short'; least: number; length: number; unit: LengthUnit }
  | { kind: 'too-long'; most: number; length: number; unit: LengthUnit }
  | { kind: 'too-small'; least: number; value: number }
  | { kind: 'too-large'; most: number; value: number }
  | { kind: 'not-whole-number'; value: number }
  | { kind: 'not-a-timestamp'; text: string }
  | { kind: 'no-such-day'; text: string }
  | { kind: 'invalid'; detail: string }
  | { kind: 'bad-table-name'; problem: NameProblem }
  | { kind: 'in-the-future'; text: string }
  /** An event's or audit entry's time more than a day ahead of now. */
  | { kind: 'time-in-the-future'; text: string }
  /** An event's card that is no card in the notation. */
  | { kind: 'unknown-card'; text: string }
  /** An audit entry's operator or reason that cannot be shown as text (cleaned as a table name is). */
  | { kind: 'bad-text'; problem: NameProblem }
  /**
   * A `reason` entry's `reasonFor` that names no earlier entry of the trail still without a reason
   * (not earlier, itself a reason, given its reason when kept, or answered already).
   */
  | { kind: 'reason-for-no-entry'; reasonFor: number }
  /** A `reason` entry's hand that is not the hand of the entry it gives the reason for. */
  | { kind: 'reason-for-other-hand'; hand: number | null }
  | { kind: 'newer-version'; version: number; supported: number }
  | { kind: 'unknown-version'; version: number; supported: number }
  | { kind: 'duplicate-id'; id: string }
  | { kind: 'bad-rules'; problem: RulesProblem }
  | { kind: 'ends-before-start'; startedAt: string; endedAt: string }
  | { kind: 'totals-without-cards' }
  | { kind: 'hand-does-not-resolve'; problem: HandProblem }
  | ({ kind: 'outcome-mismatch'; cards: readonly string[] } & ResultMismatch)
  | { kind: 'too-many-cards'; excess: CardExcess }
  | { kind: 'seed-on-recorded-shoe'; seed: string }
  | { kind: 'seed-mismatch'; seed: string }
  | { kind: 'seed-deals-fewer'; seed: string; dealt: number };

/**
 * A document that is not a valid shoe export: `where` and `problem` say where and what, for a page
 * to word; the message says the same in English (the first bad shoe, hand and field, then what is
 * wrong), for logs and the command line.
 */
export class ShoeDocumentError extends Error {
  override name = 'ShoeDocumentError';

  constructor(
    readonly problem: ShoeDocumentProblem,
    readonly where: ShoeDocumentPlace = NOWHERE,
  ) {
    super(shoeDocumentLogText(problem, where));
  }
}

const NOWHERE: ShoeDocumentPlace = Object.freeze({ shoe: null, shoeId: null, hand: null, card: null, field: null });

const OUTCOMES = ['B', 'P', 'T'] as const;
const SOURCES = ['simulated', 'recorded'] as const;
/** The choices of each field the schema limits to a list, by the field's name. */
const CANCELLED_BY = ['device', 'clerk'] as const;
const CHOICES: Readonly<Record<string, readonly string[]>> = {
  outcome: OUTCOMES,
  source: SOURCES,
  kind: SHOE_EVENT_KINDS,
  action: AUDIT_ENTRY_ACTIONS,
  by: CANCELLED_BY,
};

/** The most hands a shoe may hold. */
const MAX_HANDS = 200;

const total = v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(9)));
const handSchema = v.looseObject({
  // A card is at most 3 characters (`10H`); 16 leaves room for spaces around it, and keeps a refusal's quote short.
  cards: v.nullable(v.pipe(v.array(v.pipe(v.string(), v.maxLength(16))), v.minLength(4), v.maxLength(6))),
  outcome: v.picklist(OUTCOMES),
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
  v.check((text) => {
    const [year, month, day] = text.slice(0, 10).split('-').map(Number) as [number, number, number];
    // setUTCFullYear, not Date.UTC, which reads years 0–99 as 1900–1999.
    const lastOfMonth = new Date(0);
    lastOfMonth.setUTCFullYear(year, month, 0);
    return day <= lastOfMonth.getUTCDate();
  }),
);
const cardText = v.pipe(v.string(), v.maxLength(16));
const eventCardList = v.pipe(v.array(cardText), v.maxLength(16));
/** An event: the fields every kind has, and those of some kinds, each checked when present; which a kind needs is checked after. */
const eventSchema = v.looseObject({
  kind: v.picklist(SHOE_EVENT_KINDS as [ShoeEvent['kind'], ...ShoeEvent['kind'][]]),
  at: timestamp,
  afterHand: v.pipe(v.number(), v.integer(), v.minValue(0)),
  card: v.optional(cardText),
  burned: v.optional(eventCardList),
  cards: v.optional(eventCardList),
  by: v.optional(v.picklist(CANCELLED_BY)),
});
const auditSchema = v.looseObject({
  at: timestamp,
  // null: nobody had signed in at the console.
  operator: v.nullable(v.pipe(v.string(), v.maxLength(1000))),
  action: v.picklist(AUDIT_ENTRY_ACTIONS as [AuditEntry['action'], ...AuditEntry['action'][]]),
  hand: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(200))),
  // null: not given when the action was kept (a later `reason` entry may give it).
  reason: v.nullable(v.pipe(v.string(), v.maxLength(4000))),
  reasonFor: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2000))),
});
/** The fields each kind of event must have beyond kind, at and afterHand. */
const EVENT_FIELDS: Readonly<Record<ShoeEvent['kind'], readonly ('card' | 'burned' | 'cards' | 'by')[]>> = {
  burn: ['card', 'burned'],
  cut: [],
  cancelled: ['card', 'by'],
  'void-hand': ['cards'],
  'void-shoe': ['cards'],
  'dummy-hand': ['cards'],
};
/** A shoe of version 1: its fields without the procedure's (a field named `events` or `audit` there is someone's own). */
const shoeSchemaV1 = v.looseObject({
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  table: v.pipe(v.string(), v.maxLength(200)),
  number: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(Number.MAX_SAFE_INTEGER))),
  source: v.picklist(SOURCES),
  seed: v.nullable(v.pipe(v.string(), v.maxLength(1000))),
  startedAt: timestamp,
  endedAt: v.nullable(timestamp),
  rules: v.looseObject({ decks: v.number(), banker: v.string(), tiePays: v.number() }),
  hands: v.pipe(v.array(handSchema), v.maxLength(MAX_HANDS)),
});
/** A shoe of version 2: version 1's fields, and its events and audit trail when it has them. */
const shoeSchema = v.looseObject({
  ...shoeSchemaV1.entries,
  events: v.optional(v.pipe(v.array(eventSchema), v.maxLength(2000))),
  audit: v.optional(v.pipe(v.array(auditSchema), v.maxLength(2000))),
});
const documentSchema = v.looseObject({
  format: v.literal(SHOE_DOCUMENT_FORMAT),
  version: v.number(),
  shoes: v.pipe(v.array(shoeSchema), v.maxLength(100_000)),
});
const documentSchemaV1 = v.looseObject({
  ...documentSchema.entries,
  shoes: v.pipe(v.array(shoeSchemaV1), v.maxLength(100_000)),
});

/** How far ahead of now a shoe's times may be: clocks differ, but a shoe from next year is a wrong one (it would top the history for good). */
const FUTURE_TOLERANCE_MS = 24 * 60 * 60 * 1000;

/**
 * Reads a shoe export document: checks its shape with a schema, normalises each table name, then
 * resolves every hand that has cards again by the rules and checks it states what the cards give.
 * All or nothing.
 * @param now the moment no shoe may start or end more than a day after
 * @param known a shoe this function returned before (the one a screen shows): the document's shoe of
 *   its id and rules is checked from its first hand that differs (a new hand is checked alone)
 * @throws ShoeDocumentError naming the first bad shoe, hand and field, and what is wrong there.
 */
export function parseShoeDocument(input: unknown, now: Date = new Date(), known: ShoeRecord | null = null): ShoeDocument {
  if (
    typeof input === 'object' &&
    input !== null &&
    'version' in input &&
    typeof input.version === 'number' &&
    input.version > SHOE_DOCUMENT_VERSION
  ) {
    throw new ShoeDocumentError({ kind: 'newer-version', version: input.version, supported: SHOE_DOCUMENT_VERSION });
  }
  const versionOne = typeof input === 'object' && input !== null && 'version' in input && input.version === 1;
  const reused = knownHandsOf(input, known);
  const result = v.safeParse(versionOne ? documentSchemaV1 : documentSchema, reused ? reused.rest : input);
  if (!result.success) {
    const issue = result.issues[0];
    const where = placeOfPath(v.getDotPath(issue) ?? '', input, reused);
    throw new ShoeDocumentError(schemaProblem(issue, where.field), where);
  }
  const version = result.output.version;
  if (version !== 1 && version !== 2) {
    throw new ShoeDocumentError({ kind: 'unknown-version', version, supported: SHOE_DOCUMENT_VERSION });
  }
  const ids = new Set<string>();
  const shoes = result.output.shoes.map((read, shoeIndex): ShoeRecord => {
    // Version 1 had no events or audit: fields of those names in it are someone's own, never read as version 2's.
    const shoe: v.InferOutput<typeof shoeSchema> = version === 1 ? { ...read, events: undefined, audit: undefined } : read;
    const at = (place: Partial<ShoeDocumentPlace>): ShoeDocumentPlace => ({ ...NOWHERE, shoe: shoeIndex + 1, shoeId: shoe.id, ...place });
    if (ids.has(shoe.id)) throw new ShoeDocumentError({ kind: 'duplicate-id', id: shoe.id }, at({ field: 'id' }));
    ids.add(shoe.id);
    const table = normaliseTableName(shoe.table);
    if (!table.ok) throw new ShoeDocumentError({ kind: 'bad-table-name', problem: table.problem }, at({ field: 'table' }));
    for (const field of ['startedAt', 'endedAt'] as const) {
      const text = shoe[field];
      if (text !== null && Date.parse(text) > now.getTime() + FUTURE_TOLERANCE_MS) {
        throw new ShoeDocumentError({ kind: 'in-the-future', text }, at({ field }));
      }
    }
    let rules: TableRules;
    try {
      rules = makeRules(shoe.rules as Partial<TableRules>);
    } catch (error) {
      if (!(error instanceof RulesError)) throw error;
      throw new ShoeDocumentError({ kind: 'bad-rules', problem: error.problem }, at({ field: 'rules' }));
    }
    if (shoe.endedAt !== null && Date.parse(shoe.endedAt) < Date.parse(shoe.startedAt)) {
      throw new ShoeDocumentError(
        { kind: 'ends-before-start', startedAt: shoe.startedAt, endedAt: shoe.endedAt },
        at({ field: 'endedAt' }),
      );
    }
    const count = new ShoeCardCount(rules.decks);
    // The hands a known shoe already holds were checked, against these rules, when it was read.
    const kept = reused?.shoe === shoeIndex ? reused.hands : [];
    for (const hand of kept) for (const card of hand.cards ?? []) count.add(card);
    const hands = [
      ...kept,
      ...shoe.hands.map((hand, index) => {
        const handIndex = kept.length + index;
        const checked = checkHand(hand, at({ hand: handIndex + 1 }));
        for (const card of checked.cards ?? []) {
          const excess = count.excess(card);
          if (excess) throw new ShoeDocumentError({ kind: 'too-many-cards', excess }, at({ hand: handIndex + 1, field: 'cards' }));
          count.add(card);
        }
        return checked;
      }),
    ];
    const events = shoe.events?.map((event, eventIndex) => {
      const place = at({ event: eventIndex + 1 });
      const checked = checkEvent(event, hands.length, now, place);
      for (const [cardIndex, card] of eventCards(checked).entries()) {
        const excess = count.excess(card);
        if (excess)
          throw new ShoeDocumentError({ kind: 'too-many-cards', excess }, { ...place, field: eventCardField(checked, cardIndex) });
        count.add(card);
      }
      return checked;
    });
    const audit = shoe.audit?.map((entry, entryIndex) => checkAuditEntry(entry, now, at({ entry: entryIndex + 1 })));
    if (audit !== undefined) checkReasonsGivenLater(audit, (entry) => at({ entry }));
    if (shoe.seed !== null) {
      const seed = shoe.seed;
      if (shoe.source === 'recorded') throw new ShoeDocumentError({ kind: 'seed-on-recorded-shoe', seed }, at({ field: 'seed' }));
      const { differsAt, pastCutCard } = dealAlong(rules, seed, hands);
      if (differsAt !== null) {
        throw new ShoeDocumentError(
          pastCutCard ? { kind: 'seed-deals-fewer', seed, dealt: differsAt } : { kind: 'seed-mismatch', seed },
          at({ hand: differsAt + 1 }),
        );
      }
    }
    const record: ShoeRecord = { ...shoe, table: table.name, rules, hands } as ShoeRecord;
    if (events === undefined) delete record.events;
    else record.events = events;
    if (audit === undefined) delete record.audit;
    else record.audit = audit;
    return record;
  });
  // A version 1 document read is the same shoes in version 2, which has everything version 1 had.
  return { ...result.output, format: SHOE_DOCUMENT_FORMAT, version: SHOE_DOCUMENT_VERSION, shoes };
}

type RawEvent = {
  kind: ShoeEvent['kind'];
  at: string;
  afterHand: number;
  card?: string;
  burned?: string[];
  cards?: string[];
  by?: 'device' | 'clerk';
};

/** The field of an event's `index`th card (of eventCards), as the document spells it. */
function eventCardField(event: ShoeEvent, index: number): string {
  if (event.kind === 'burn') return index === 0 ? 'card' : `burned`;
  return event.kind === 'cancelled' ? 'card' : 'cards';
}

/** The moment no event or entry may come more than a day after. */
function checkNotFuture(text: string, now: Date, where: ShoeDocumentPlace): void {
  if (Date.parse(text) > now.getTime() + FUTURE_TOLERANCE_MS)
    throw new ShoeDocumentError({ kind: 'time-in-the-future', text }, { ...where, field: 'at' });
}

/** An event as its kind has it: the fields it needs present, `afterHand` within the shoe's hands, its cards read. */
function checkEvent(event: RawEvent, handCount: number, now: Date, where: ShoeDocumentPlace): ShoeEvent {
  for (const field of EVENT_FIELDS[event.kind]) {
    if (event[field] === undefined) throw new ShoeDocumentError({ kind: 'missing-field' }, { ...where, field });
  }
  if (event.afterHand > handCount)
    throw new ShoeDocumentError({ kind: 'too-large', most: handCount, value: event.afterHand }, { ...where, field: 'afterHand' });
  checkNotFuture(event.at, now, where);
  const card = (text: string, field: string, position: number | null): Card => {
    try {
      return normalizeCard(text);
    } catch (error) {
      if (!(error instanceof CardError)) throw error;
      throw new ShoeDocumentError({ kind: 'unknown-card', text }, { ...where, field, card: position });
    }
  };
  const cards = (list: string[], field: string): Card[] => list.map((text, i) => card(text, field, i + 1));
  const { at, afterHand } = event;
  switch (event.kind) {
    case 'burn': {
      const turned = card(event.card!, 'card', null);
      // The turned card says how many are burned face down: its value, a ten or a face counting 10.
      const count = cardValue(turned) || 10;
      const { length } = event.burned!;
      if (length !== count) {
        const problem: ShoeDocumentProblem =
          length > count
            ? { kind: 'too-long', most: count, length, unit: 'cards' }
            : { kind: 'too-short', least: count, length, unit: 'cards' };
        throw new ShoeDocumentError(problem, { ...where, field: 'burned' });
      }
      return eventFields({ kind: 'burn', at, afterHand, card: turned, burned: cards(event.burned!, 'burned') });
    }
    case 'cut':
      return { kind: 'cut', at, afterHand };
    case 'cancelled':
      return { kind: 'cancelled', at, afterHand, card: card(event.card!, 'card', null), by: event.by! };
    default:
      return { kind: event.kind, at, afterHand, cards: cards(event.cards!, 'cards') };
  }
}

/** An audit entry with its operator and reason cleaned as a table name is, and its time not in the future. */
function checkAuditEntry(entry: AuditEntry, now: Date, where: ShoeDocumentPlace): AuditEntry {
  checkNotFuture(entry.at, now, where);
  const text = (value: string | null, field: 'operator' | 'reason', most: number): string | null => {
    if (value === null) return null;
    const result = normaliseFreeText(value, most);
    if (!result.ok) throw new ShoeDocumentError({ kind: 'bad-text', problem: result.problem }, { ...where, field });
    return result.name;
  };
  if (entry.action === 'reason') {
    // A reason given afterwards says it, and for which entry.
    if (entry.reason === null)
      throw new ShoeDocumentError({ kind: 'wrong-type', expected: 'string', found: { type: 'null' } }, { ...where, field: 'reason' });
    if (entry.reasonFor === undefined) throw new ShoeDocumentError({ kind: 'missing-field' }, { ...where, field: 'reasonFor' });
  }
  return auditFields({
    ...entry,
    operator: text(entry.operator, 'operator', MAX_OPERATOR_LENGTH),
    reason: text(entry.reason, 'reason', MAX_REASON_LENGTH),
  });
}

/**
 * Each `reason` entry answers one earlier action whose reason was not given, once, and names its hand:
 * the trail stays append-only, an answer never stands for a rewrite of what was kept.
 */
function checkReasonsGivenLater(audit: readonly AuditEntry[], at: (entry: number) => ShoeDocumentPlace): void {
  const answered = new Set<number>();
  for (const [index, entry] of audit.entries()) {
    if (entry.action !== 'reason') continue;
    const reasonFor = entry.reasonFor!;
    const explained = reasonFor <= index ? audit[reasonFor - 1] : undefined;
    if (!explained || explained.action === 'reason' || explained.reason !== null || answered.has(reasonFor)) {
      throw new ShoeDocumentError({ kind: 'reason-for-no-entry', reasonFor }, { ...at(index + 1), field: 'reasonFor' });
    }
    if (entry.hand !== explained.hand) {
      throw new ShoeDocumentError({ kind: 'reason-for-other-hand', hand: explained.hand }, { ...at(index + 1), field: 'hand' });
    }
    answered.add(reasonFor);
  }
}

/**
 * A hand with cards must resolve to what it states; one without has no totals. Returns the hand
 * with its cards in canonical notation (`10h` is read, `TH` is kept).
 */
function checkHand(hand: HandRecord, where: ShoeDocumentPlace): HandRecord {
  if (hand.cards === null) {
    if (hand.playerTotal !== null || hand.bankerTotal !== null) {
      throw new ShoeDocumentError({ kind: 'totals-without-cards' }, where);
    }
    return hand;
  }
  let resolved: ResolvedHand;
  try {
    resolved = resolveCompleteHand(hand.cards);
  } catch (error) {
    if (!(error instanceof HandError)) throw error;
    throw new ShoeDocumentError({ kind: 'hand-does-not-resolve', problem: error.problem }, { ...where, field: 'cards' });
  }
  const stated: ResultMismatch[] = [
    { field: 'outcome', stated: hand.outcome, resolved: resolved.winner },
    { field: 'playerPair', stated: hand.playerPair, resolved: resolved.playerPair },
    { field: 'bankerPair', stated: hand.bankerPair, resolved: resolved.bankerPair },
    { field: 'natural', stated: hand.natural, resolved: resolved.natural },
    { field: 'playerTotal', stated: hand.playerTotal, resolved: resolved.playerTotal },
    { field: 'bankerTotal', stated: hand.bankerTotal, resolved: resolved.bankerTotal },
  ];
  for (const result of stated) {
    if (result.stated !== result.resolved) {
      throw new ShoeDocumentError({ kind: 'outcome-mismatch', cards: hand.cards, ...result }, { ...where, field: result.field });
    }
  }
  return { ...hand, cards: resolved.cards };
}

/**
 * The hands of a document's shoe that a known shoe (one this function returned) already holds, the
 * same in every field, from its first: they need no checking again, and are given back as the same
 * objects. `rest` is the document with that shoe's other hands only. Null when none can be reused:
 * another shoe, other rules, or a first hand that differs.
 */
interface KnownHands {
  shoe: number;
  hands: readonly HandRecord[];
  rest: unknown;
}

function knownHandsOf(input: unknown, known: ShoeRecord | null): KnownHands | null {
  if (known === null || known.hands.length === 0 || typeof input !== 'object' || input === null) return null;
  const shoes = (input as { shoes?: unknown }).shoes;
  if (!Array.isArray(shoes)) return null;
  const shoe = shoes.findIndex((read: unknown) => typeof read === 'object' && read !== null && (read as { id?: unknown }).id === known.id);
  const read = shoes[shoe] as { hands?: unknown; rules?: unknown } | undefined;
  // A shoe too long for the schema is refused by it, as always.
  const hands: unknown = read?.hands;
  if (!read || !Array.isArray(hands) || hands.length > MAX_HANDS || !sameJson(read.rules, known.rules)) return null;
  let same = 0;
  while (same < hands.length && same < known.hands.length && sameJson(hands[same], known.hands[same])) same++;
  if (same === 0) return null;
  const rest = shoes.map((other: unknown, index) => (index === shoe ? { ...read, hands: hands.slice(same) } : other));
  return { shoe, hands: known.hands.slice(0, same), rest: { ...input, shoes: rest } };
}

/** Two JSON values alike in every part (objects with the same keys and values, in any order). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  // Counted as walked, not listed: this runs for every hand of every state a screen reads.
  let keys = 0;
  for (const key in a) {
    if (!Object.hasOwn(a, key)) continue;
    keys++;
    if (!Object.hasOwn(b, key) || !sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  }
  for (const key in b) if (Object.hasOwn(b, key)) keys--;
  return keys === 0;
}

/**
 * "shoes.1.hands.4.outcome" → shoe 2 (with its id when the input has one as text), hand 5, field
 * "outcome"; a hand of the shoe whose first hands were known counts them too.
 */
function placeOfPath(path: string, input: unknown, reused: KnownHands | null = null): ShoeDocumentPlace {
  const place: ShoeDocumentPlace = { ...NOWHERE };
  const fields: string[] = [];
  const parts = path === '' ? [] : path.split('.');
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const index = Number(parts[i + 1]);
    if (part === 'shoes' && Number.isInteger(index)) {
      const id = (input as { shoes?: { id?: unknown }[] }).shoes?.[index]?.id;
      place.shoe = index + 1;
      place.shoeId = typeof id === 'string' ? id : null;
      i++;
    } else if (part === 'events' && Number.isInteger(index)) {
      place.event = index + 1;
      i++;
    } else if (part === 'audit' && Number.isInteger(index)) {
      place.entry = index + 1;
      i++;
    } else if (part === 'hands' && Number.isInteger(index)) {
      place.hand = index + 1 + (reused !== null && place.shoe === reused.shoe + 1 ? reused.hands.length : 0);
      i++;
    } else if (part === 'cards' && Number.isInteger(index)) {
      place.card = index + 1;
      i++;
    } else {
      fields.push(part);
    }
  }
  place.field = fields.length === 0 ? null : fields.join('.');
  return place;
}

/** What the entries of a list of this name are. */
function arrayUnit(name: string): LengthUnit {
  if (name === 'shoes' || name === 'hands' || name === 'cards' || name === 'events') return name;
  if (name === 'burned') return 'cards';
  return name === 'audit' ? 'entries' : 'characters';
}

/** A value as the document has it, by its JSON type. */
function documentValue(value: unknown): DocumentValue {
  if (value === undefined) return { type: 'missing' };
  if (value === null) return { type: 'null' };
  if (typeof value === 'string') return { type: 'string', text: value };
  if (typeof value === 'number') return { type: 'number', value };
  if (typeof value === 'boolean') return { type: 'boolean', value };
  return Array.isArray(value) ? { type: 'array' } : { type: 'object' };
}

/** The schema's first issue as a problem: its type, requirement and the value the document has. */
function schemaProblem(issue: v.GenericIssue, field: string | null): ShoeDocumentProblem {
  const found = documentValue(issue.input);
  const name = field?.split('.').at(-1) ?? '';
  const lengthOf = (value: unknown): { length: number; unit: LengthUnit } =>
    Array.isArray(value) ? { length: value.length, unit: arrayUnit(name) } : { length: String(value).length, unit: 'characters' };
  const requirement = typeof issue.requirement === 'number' ? issue.requirement : NaN;
  switch (issue.type) {
    case 'loose_object':
      // A key the object lacks is reported by the object, with the key's path.
      return issue.received === 'undefined' && field !== null
        ? { kind: 'missing-field' }
        : { kind: 'wrong-type', expected: 'object', found };
    case 'array':
    case 'string':
    case 'number':
    case 'boolean':
      return { kind: 'wrong-type', expected: issue.type, found };
    case 'literal':
      return { kind: 'wrong-format', expected: SHOE_DOCUMENT_FORMAT, found };
    case 'picklist':
      if (CHOICES[name]) return { kind: 'not-one-of', allowed: CHOICES[name], found };
      break;
    case 'min_length':
      return { kind: 'too-short', least: requirement, ...lengthOf(issue.input) };
    case 'max_length':
      return { kind: 'too-long', most: requirement, ...lengthOf(issue.input) };
    case 'min_value':
      return { kind: 'too-small', least: requirement, value: Number(issue.input) };
    case 'max_value':
      return { kind: 'too-large', most: requirement, value: Number(issue.input) };
    case 'integer':
      return { kind: 'not-whole-number', value: Number(issue.input) };
    case 'iso_timestamp':
      return { kind: 'not-a-timestamp', text: String(issue.input) };
    case 'check':
      // The schema's one check: that a timestamp names a day its month has.
      return { kind: 'no-such-day', text: String(issue.input) };
  }
  return { kind: 'invalid', detail: issue.message };
}

/** A document value in plain English: `"text"` (an excerpt), `12`, `null`, `a list`, `nothing`. */
function documentValueLogText(value: DocumentValue): string {
  switch (value.type) {
    case 'missing':
      return 'nothing';
    case 'null':
      return 'null';
    case 'string':
      return `"${excerpt(value.text)}"`;
    case 'number':
    case 'boolean':
      return String(value.value);
    case 'array':
      return 'a list';
    case 'object':
      return 'an object';
  }
}

/** "shoe 2 (id "…"), hand 5, outcome: ", or nothing for the document as a whole. */
function placeLogText(where: ShoeDocumentPlace): string {
  const words: string[] = [];
  if (where.shoe !== null) words.push(`shoe ${where.shoe}${where.shoeId !== null ? ` (id "${excerpt(where.shoeId)}")` : ''}`);
  if (where.hand !== null) words.push(`hand ${where.hand}`);
  if (where.event !== undefined) words.push(`event ${where.event}`);
  if (where.entry !== undefined) words.push(`audit entry ${where.entry}`);
  if (where.card !== null) words.push(`card ${where.card}`);
  if (where.field !== null) words.push(...where.field.split('.'));
  return words.length === 0 ? '' : `${words.join(', ')}: `;
}

/**
 * A shoe document problem in English, for a ShoeDocumentError's message (logs and the CLI; a page
 * words the place and the problem itself, in the same words). Values are quoted as short excerpts.
 */
function shoeDocumentLogText(problem: ShoeDocumentProblem, where: ShoeDocumentPlace): string {
  return placeLogText(where) + problemLogText(problem);
}

/** What is wrong, in English, after the place. */
function problemLogText(problem: ShoeDocumentProblem): string {
  switch (problem.kind) {
    case 'missing-field':
      return 'this field is missing';
    case 'wrong-type': {
      const expected = { object: 'an object', array: 'a list', string: 'text', number: 'a number', boolean: 'true or false' }[
        problem.expected
      ];
      return `must be ${expected}, not ${documentValueLogText(problem.found)}`;
    }
    case 'wrong-format':
      return `must be "${problem.expected}", not ${documentValueLogText(problem.found)}: this is not a shoe export of the scoreboard`;
    case 'not-one-of': {
      const choices = problem.allowed.map((choice) => `"${choice}"`);
      return `must be ${choices.slice(0, -1).join(', ')} or ${choices.at(-1)}, not ${documentValueLogText(problem.found)}`;
    }
    case 'too-short':
      if (problem.least === 1 && problem.unit === 'characters') return 'must not be empty';
      return `must have at least ${problem.least} ${problem.unit}; it has ${problem.length}`;
    case 'too-long':
      return `may have at most ${problem.most} ${problem.unit}; it has ${problem.length}`;
    case 'too-small':
      return `must be at least ${problem.least}, not ${problem.value}`;
    case 'too-large':
      return `must be at most ${problem.most}, not ${problem.value}`;
    case 'not-whole-number':
      return `must be a whole number, not ${problem.value}`;
    case 'not-a-timestamp':
      return `"${excerpt(problem.text)}" is not a date and time (ISO 8601, such as 2026-03-14T09:30:00Z)`;
    case 'no-such-day':
      return `"${excerpt(problem.text)}" names a day its month does not have`;
    case 'invalid':
      return `this value is not valid here (${excerpt(problem.detail, 200)})`;
    case 'bad-table-name':
      return nameProblemLogText(problem.problem);
    case 'in-the-future':
      return `"${excerpt(problem.text)}" is more than a day from now: a shoe cannot start or end in the future`;
    case 'time-in-the-future':
      return `"${excerpt(problem.text)}" is more than a day from now: it cannot have happened yet`;
    case 'unknown-card':
      return `unknown card "${excerpt(problem.text)}": expected a rank A 2-9 T J Q K (or 10) and an optional suit S H D C`;
    case 'bad-text': {
      const name = problem.problem;
      if (name.kind === 'empty') return 'must not be empty';
      if (name.kind === 'too-long') return `may have at most ${name.most} characters; it has ${name.length}`;
      return nameProblemLogText(name).replace('a table name', 'this text');
    }
    case 'reason-for-no-entry':
      return `entry ${problem.reasonFor} is not an earlier entry of this trail whose reason is still to be given`;
    case 'reason-for-other-hand':
      return `must be the hand of the entry whose reason it gives (${problem.hand ?? 'null'})`;
    case 'newer-version':
      return `version ${problem.version} is newer than this program reads (${problem.supported}); update it`;
    case 'unknown-version':
      return `version ${problem.version} is not a version this program reads (${problem.supported})`;
    case 'duplicate-id':
      return 'another shoe in the document has the same id';
    case 'bad-rules':
      // A setting's value may be a long text: the words quote an excerpt of it, whatever its type.
      return rulesProblemLogText({ ...problem.problem, value: excerpt(String(problem.problem.value)) });
    case 'ends-before-start':
      return `the shoe ends before it starts (${excerpt(problem.startedAt)})`;
    case 'totals-without-cards':
      return 'totals are given without cards';
    case 'hand-does-not-resolve': {
      // A card the rules cannot read is quoted as an excerpt: written safe, whatever characters it holds.
      const hand = problem.problem;
      return handProblemLogText(hand.kind === 'unknown-card' ? { ...hand, text: excerpt(hand.text) } : hand);
    }
    case 'outcome-mismatch':
      return `the cards ${problem.cards.join(' ')} give ${JSON.stringify(problem.resolved)}, not ${JSON.stringify(problem.stated)}`;
    case 'too-many-cards':
      return `${cardExcessLogText(problem.excess)}; this is one more`;
    case 'seed-on-recorded-shoe':
      return 'a recorded shoe has none (null); only a simulated shoe is dealt from a seed';
    case 'seed-mismatch':
      return `not the hand seed "${excerpt(problem.seed)}" deals by these rules (a seeded shoe is the one its seed deals, in order)`;
    case 'seed-deals-fewer':
      return `seed "${excerpt(problem.seed)}" deals only ${problem.dealt} hands by these rules (the cut card came out)`;
  }
}
