/**
 * A shoe between its document and its stored form: the fields of the export document, in its order,
 * so that what is stored and exported again is byte-for-byte the same.
 */
import { auditFields, eventFields, type HandRecord, type ShoeRecord } from '../../../../src/shoes/records.js';
import type { ShoeSummary, StoredHand } from './store-schema.js';

/** The shoe fields of the export document, in its order (so exports are byte-for-byte stable). */
export function shoeFields(shoe: Omit<ShoeRecord, 'hands'>): Omit<ShoeRecord, 'hands'> {
  return {
    id: shoe.id,
    table: shoe.table,
    ...(shoe.number === undefined ? {} : { number: shoe.number }),
    source: shoe.source,
    seed: shoe.seed,
    startedAt: shoe.startedAt,
    endedAt: shoe.endedAt,
    rules: { ...shoe.rules },
    ...(shoe.events === undefined ? {} : { events: shoe.events.map(eventFields) }),
    ...(shoe.audit === undefined ? {} : { audit: shoe.audit.map(auditFields) }),
  };
}

/** The hand fields of the export document, in its order. */
export function storedFields(hand: HandRecord): HandRecord {
  return {
    cards: hand.cards === null ? null : [...hand.cards],
    outcome: hand.outcome,
    playerPair: hand.playerPair,
    bankerPair: hand.bankerPair,
    natural: hand.natural,
    playerTotal: hand.playerTotal,
    bankerTotal: hand.bankerTotal,
  };
}

/** A shoe as its export document gives it, whatever else the incoming object holds. */
export function exportableShoe(shoe: ShoeRecord): ShoeRecord {
  return { ...shoeFields(shoe), hands: shoe.hands.map(storedFields) };
}

/** A stored shoe back as its document: the summary's shoe fields and its hands. */
export function toShoeRecord(summary: ShoeSummary, hands: readonly StoredHand[]): ShoeRecord {
  return { ...shoeFields(summary), hands: hands.map(storedFields) };
}
