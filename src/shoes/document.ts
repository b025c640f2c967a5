/**
 * The shoe export document (docs/reference/shoe-document.md): what export writes, import reads, and `bacc simulate`
 * prints. Keep its shape stable; a new version number means a migration.
 */
import * as v from 'valibot';
import { cardValue, CardError, normalizeCard, ShoeCardCount, type Card } from '../game/cards.js';
import { HandError, resolveCompleteHand, type ResolvedHand } from '../game/hand.js';
import { makeRules, RulesError, type TableRules } from '../game/rules.js';
import { normaliseFreeText, normaliseTableName } from './table-names.js';
import {
  NOWHERE,
  ShoeDocumentError,
  type DocumentValue,
  type LengthUnit,
  type ResultMismatch,
  type ShoeDocumentPlace,
  type ShoeDocumentProblem,
} from './document-problems.js';
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
export * from './document-problems.js';

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
