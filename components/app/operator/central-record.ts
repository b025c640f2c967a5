/**
 * How far the room's recorder has recorded a console's table (room contract 1.2's `recorded`
 * acknowledgement), from its latest acknowledgement, the shoes this console published and the shoe it
 * keeps: as a kind and its values, for the console's panel to word. DOM-free.
 */
import type { ShoeRecord } from '../../../src/shoes/records.js';
import type { TableRecordedMessage } from '../../../src/room/recorded.js';
import { exportableShoe } from '../shared/data/store-records.js';

/**
 * `unknown`: no acknowledgement heard (no recorder in this room, or none has recorded this table
 * yet: nothing is said); `recorded`: the shoe as this console keeps it, up to hand `hands`;
 * `behind`: `hands` hands of the shoe are not covered; `latest-change`: as many hands are covered,
 * but not the latest change (a correction, an undo, the end, a new shoe without hands).
 */
export type CentralRecord =
  { kind: 'unknown' } | { kind: 'recorded'; hands: number } | { kind: 'behind'; hands: number } | { kind: 'latest-change' };

/**
 * Where `shoe` (the console's, as it stands) is with the recorder, given its latest acknowledgement
 * and `published`, the shoe this console published at a revision of a session (undefined when it
 * did not, or no longer remembers). Only an acknowledgement of a state this console published with
 * the very same shoe says `recorded`: one of another session (an earlier page, another machine) is
 * counted by its hands alone.
 */
export function centralRecord(
  acknowledgement: TableRecordedMessage | null,
  shoe: ShoeRecord | null,
  published: (session: string, revision: number) => ShoeRecord | undefined,
): CentralRecord {
  if (!acknowledgement || !shoe) return { kind: 'unknown' };
  const count = shoe.hands.length;
  if (acknowledgement.shoeId !== shoe.id) return count > 0 ? { kind: 'behind', hands: count } : { kind: 'latest-change' };
  const acknowledged = published(acknowledgement.session, acknowledgement.revision);
  if (acknowledged && sameShoe(acknowledged, shoe)) return { kind: 'recorded', hands: acknowledgement.handCount };
  const pending = count - acknowledgement.handCount;
  return pending > 0 ? { kind: 'behind', hands: pending } : { kind: 'latest-change' };
}

/** The same shoe, hand for hand, with the same end, events and audit trail (its number aside: the store gives it). */
export function sameShoe(a: ShoeRecord, b: ShoeRecord): boolean {
  if (a === b) return true;
  return JSON.stringify(exportableShoe({ ...a, number: 0 })) === JSON.stringify(exportableShoe({ ...b, number: 0 }));
}
