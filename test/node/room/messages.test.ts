import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  MAX_ROOM_MESSAGE_BYTES,
  nextRevision,
  presenceMessage,
  readRoomMessage,
  readTopic,
  tableKey,
  tableStateMessage,
  tableTopics,
  type TableChangeMessage,
  type TableStateMessage,
} from '../../../src/room/messages.js';
import { RoomTableFollower } from '../../../src/room/follower.js';
import { simulateShoeRecords, type ShoeRecord } from '../../../src/shoes/document.js';
import { DEFAULT_RULES } from '../../../src/game/rules.js';

const NOW = new Date('2026-12-01T12:00:00Z');

/** A recorded shoe of `table` with the first `hands` hands of a seeded simulated shoe. */
function recordedShoe(table: string, hands: number, seed = 'room'): ShoeRecord {
  const [simulated] = simulateShoeRecords({ rules: DEFAULT_RULES, shoes: 1, seed, table, now: () => NOW });
  return {
    ...simulated!,
    id: `shoe-${seed}`,
    source: 'recorded',
    seed: null,
    number: 1,
    endedAt: null,
    hands: simulated!.hands.slice(0, hands),
  };
}

function encoded(message: object): [string, number] {
  const text = JSON.stringify(message);
  return [text, new TextEncoder().encode(text).byteLength];
}

function readState(table: string, state: object) {
  return readRoomMessage(tableTopics(table).state, ...encoded(state), NOW);
}

describe('room topics', () => {
  it('keeps every table name on one topic level, and reads it back', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 60, unit: 'grapheme' }), (table) => {
        const key = tableKey(table);
        expect(key).not.toMatch(/[/+#]/);
        for (const [kind, topic] of Object.entries(tableTopics(table))) expect(readTopic(topic)).toEqual({ table, kind });
      }),
    );
  });

  it('does not read a topic that is not a table topic', () => {
    for (const topic of [
      'bacc/v1/tables/T7',
      'bacc/v1/tables/T7/state/x',
      'bacc/v2/tables/T7/state',
      'bacc/v1/tables/T7/other',
      'bacc/v1/tables/%E0%A4/state',
    ]) {
      expect(readTopic(topic)).toBeNull();
    }
  });
});

describe('readRoomMessage', () => {
  it('reads a state whose shoe document is version 2, with the shoe’s events and audit trail, and one of version 1', () => {
    const shoe: ShoeRecord = {
      ...recordedShoe('T7', 3),
      events: [{ kind: 'burn', at: '2026-12-01T11:00:00.000Z', afterHand: 0, card: '5H', burned: ['2C', '3C', '4C', '6C', '7C'] }],
      audit: [{ at: '2026-12-01T11:30:00.000Z', operator: 'Wei', action: 'correct', hand: 2, reason: 'misread card' }],
    };
    const state = tableStateMessage('T7', '', shoe, 5, NOW);
    expect(state.document.version).toBe(2);
    const reading = readState('T7', state);
    expect(reading.ok && reading.received.kind === 'state' && reading.received.message.document.shoes[0]).toMatchObject({
      events: shoe.events,
      audit: shoe.audit,
    });
    // A console of the release before still sends version 1: its state is read, as the same shoe.
    const older = readState('T7', { ...state, document: { ...state.document, version: 1, shoes: [recordedShoe('T7', 3)] } });
    expect(older.ok).toBe(true);
    // A bad event is refused as a bad shoe, naming it.
    const bad = readState('T7', {
      ...state,
      document: { ...state.document, shoes: [{ ...shoe, events: [{ ...shoe.events![0]!, afterHand: 4 }] }] },
    });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.refusal.kind === 'bad-shoe' && bad.refusal.where).toMatchObject({ event: 1, field: 'afterHand' });
  });

  it('reads a state and checks its shoe as an import would', () => {
    const shoe = recordedShoe('T 7/VIP', 12);
    const reading = readState('T 7/VIP', tableStateMessage('T 7/VIP', '10 – 500', shoe, 5, NOW));
    expect(reading.ok).toBe(true);
    if (reading.ok && reading.received.kind === 'state') expect(reading.received.message.document.shoes[0]!.hands).toHaveLength(12);
  });

  it('refuses a state whose shoe is impossible: a hand that does not resolve to what it states', () => {
    const shoe = recordedShoe('T7', 5);
    const forged = {
      ...shoe,
      hands: shoe.hands.map((hand, index) =>
        index === 2 ? { ...hand, outcome: hand.outcome === 'B' ? ('P' as const) : ('B' as const) } : hand,
      ),
    };
    const reading = readState('T7', tableStateMessage('T7', '', forged, 5, NOW));
    expect(reading).toMatchObject({ ok: false, refusal: { kind: 'bad-shoe', where: { hand: 3 } } });
  });

  it('refuses a state on another table topic, a newer version, junk and an oversized message', () => {
    const state = tableStateMessage('T7', '', recordedShoe('T7', 3), 5, NOW);
    expect(readState('T8', state)).toMatchObject({ ok: false, refusal: { kind: 'wrong-table' } });
    expect(readState('T7', { ...state, version: 2 })).toMatchObject({ ok: false, refusal: { kind: 'newer-version', version: 2 } });
    expect(readRoomMessage(tableTopics('T7').state, '{"format":', 10, NOW)).toMatchObject({ ok: false, refusal: { kind: 'not-json' } });
    expect(readRoomMessage(tableTopics('T7').state, '{}', MAX_ROOM_MESSAGE_BYTES + 1, NOW)).toMatchObject({
      ok: false,
      refusal: { kind: 'too-large' },
    });
    expect(readState('T7', { ...state, revision: -1 })).toMatchObject({ ok: false, refusal: { kind: 'bad-message', path: 'revision' } });
    expect(readState('T7', { ...state, limits: 'a\u202Eb' })).toMatchObject({
      ok: false,
      refusal: { kind: 'bad-message', path: 'limits' },
    });
  });

  it('reads presence, and refuses a change that does not move forward', () => {
    const presence = readRoomMessage(tableTopics('T7').presence, ...encoded(presenceMessage(false, null)), NOW);
    expect(presence).toMatchObject({ ok: true, received: { kind: 'presence', message: { online: false, at: null } } });
    const change = { format: 'bacc-table-change', version: 1, revision: 4, after: 4, shoeId: 's', change: 'undo', handCount: 0 };
    expect(readRoomMessage(tableTopics('T7').change, ...encoded(change), NOW)).toMatchObject({
      ok: false,
      refusal: { kind: 'bad-message' },
    });
  });

  it('refuses a time more than a day ahead of the screen’s clock, and reads any revision: revisions are counts, not times', () => {
    const ahead = NOW.getTime() + 2 * 24 * 60 * 60 * 1000;
    const state = tableStateMessage('T7', '', recordedShoe('T7', 3), 5, new Date(ahead));
    expect(readState('T7', state)).toMatchObject({ ok: false, refusal: { kind: 'bad-message', path: 'sentAt' } });
    const presence = presenceMessage(false, new Date('2999-01-01T00:00:00Z'));
    expect(readRoomMessage(tableTopics('T7').presence, ...encoded(presence), NOW)).toMatchObject({ ok: false, refusal: { path: 'at' } });
    // A revision far above any clock reading is a count like any other; sent within a day (clocks differ): read.
    expect(readState('T7', tableStateMessage('T7', '', recordedShoe('T7', 3), ahead, NOW)).ok).toBe(true);
    expect(readState('T7', tableStateMessage('T7', '', recordedShoe('T7', 3), 7, new Date(NOW.getTime() + 60_000))).ok).toBe(true);
  });

  it('counts revisions up by one, whatever the clock says', () => {
    expect(nextRevision(10)).toBe(11);
    expect(nextRevision(0)).toBe(1);
  });

  it('reads the console session and machine of 1.1 messages, and refuses a session or a machine name no screen should show', () => {
    const holder = { session: 'c-3f9a0c12', machine: 'Pit 2 laptop' };
    const presence = readRoomMessage(tableTopics('T7').presence, ...encoded(presenceMessage(true, NOW, holder)), NOW);
    expect(presence).toMatchObject({ ok: true, received: { message: { online: true, ...holder } } });
    const state = readState('T7', tableStateMessage('T7', '', recordedShoe('T7', 3), 5, NOW, 'c-3f9a0c12'));
    expect(state).toMatchObject({ ok: true, received: { message: { session: 'c-3f9a0c12' } } });
    const badSession = { ...presenceMessage(true, NOW), session: 'two words' };
    expect(readRoomMessage(tableTopics('T7').presence, ...encoded(badSession), NOW)).toMatchObject({
      ok: false,
      refusal: { path: 'session' },
    });
    const badMachine = { ...presenceMessage(true, NOW), session: 's', machine: 'Pit\u202e 2' };
    expect(readRoomMessage(tableTopics('T7').presence, ...encoded(badMachine), NOW)).toMatchObject({
      ok: false,
      refusal: { path: 'machine' },
    });
  });
});

/** What a console of `table` publishes for each of its shoe's states, in order. */
function publications(table: string, shoe: ShoeRecord) {
  const messages: ({ kind: 'state'; message: TableStateMessage } | { kind: 'change'; message: TableChangeMessage })[] = [];
  let revision = 0;
  for (let count = 0; count <= shoe.hands.length; count++) {
    const after = revision;
    revision = after + 1;
    const current = { ...shoe, hands: shoe.hands.slice(0, count) };
    const change: TableChangeMessage =
      count === 0
        ? { format: 'bacc-table-change', version: 1, revision, after, shoeId: shoe.id, change: 'start', handCount: 0 }
        : {
            format: 'bacc-table-change',
            version: 1,
            revision,
            after,
            shoeId: shoe.id,
            change: 'add',
            handCount: count,
            hand: shoe.hands[count - 1]!,
          };
    messages.push({ kind: 'change', message: change }, { kind: 'state', message: tableStateMessage(table, '', current, revision, NOW) });
  }
  return messages;
}

describe('RoomTableFollower', () => {
  it('adds each hand as that hand, keeping the hands shown as the same objects', () => {
    const shoe = recordedShoe('T7', 20);
    const follower = new RoomTableFollower('T7');
    const outcomes: string[] = [];
    for (const published of publications('T7', shoe)) {
      // A screen reads the state once (on joining), then follows changes.
      if (published.kind === 'state' && follower.revision > 0) continue;
      const before = follower.shoe?.hands;
      const outcome =
        published.kind === 'state' ? follower.receiveState(published.message) : follower.receiveChange(published.message, NOW);
      outcomes.push(outcome.kind);
      if (outcome.kind === 'added' && before) expect(follower.shoe!.hands.slice(0, before.length)).toEqual(before);
    }
    expect(follower.shoe!.hands).toEqual(shoe.hands);
    expect(outcomes.filter((kind) => kind === 'added')).toHaveLength(20);
  });

  it('ends with the console shoe whatever the order, with duplicates, once it reads the state on a gap', () => {
    const shoe = recordedShoe('T7', 15);
    const all = publications('T7', shoe);
    fc.assert(
      fc.property(fc.shuffledSubarray(all, { minLength: 1 }), fc.array(fc.nat(all.length - 1), { maxLength: 10 }), (delivered, repeats) => {
        const follower = new RoomTableFollower('T7');
        const latest = all[all.length - 1]!.message as TableStateMessage;
        for (const published of [...delivered, ...repeats.map((index) => all[index]!)]) {
          const before = follower.revision;
          const outcome =
            published.kind === 'state' ? follower.receiveState(published.message) : follower.receiveChange(published.message, NOW);
          // Never goes back, and only a message newer than what is shown changes it.
          expect(follower.revision).toBeGreaterThanOrEqual(before);
          if (published.message.revision <= before) expect(outcome.kind).toBe('stale');
        }
        // A gap is settled by the retained state, which is the latest.
        follower.receiveState(latest);
        expect(follower.shoe!.hands).toEqual(shoe.hands);
        expect(follower.revision).toBe(latest.revision);
      }),
    );
  });

  it('reads the state again when the console says it published it whole (back after the broker was away)', () => {
    const follower = new RoomTableFollower('T7');
    follower.receiveState(tableStateMessage('T7', '', recordedShoe('T7', 4), 10, NOW));
    const notice: TableChangeMessage = {
      format: 'bacc-table-change',
      version: 1,
      revision: 30,
      after: 20,
      shoeId: 'x',
      change: 'state',
      handCount: 9,
    };
    expect(follower.receiveChange(notice, NOW)).toEqual({ kind: 'resync' });
    expect(follower.receiveState(tableStateMessage('T7', '', recordedShoe('T7', 9), 30, NOW))).toEqual({ kind: 'shown' });
    expect(follower.shoe!.hands).toHaveLength(9);
    expect(follower.receiveChange(notice, NOW)).toEqual({ kind: 'stale' });
  });

  it('refuses an impossible hand and keeps what it shows', () => {
    const shoe = recordedShoe('T7', 4);
    const follower = new RoomTableFollower('T7');
    follower.receiveState(tableStateMessage('T7', '', shoe, 10, NOW));
    const hand = { ...recordedShoe('T7', 5).hands[4]!, playerTotal: 9, bankerTotal: 0 };
    const outcome = follower.receiveChange(
      { format: 'bacc-table-change', version: 1, revision: 11, after: 10, shoeId: shoe.id, change: 'add', handCount: 5, hand },
      NOW,
    );
    expect(outcome).toMatchObject({ kind: 'refused', refusal: { kind: 'bad-shoe' } });
    expect(follower.shoe!.hands).toHaveLength(4);
    expect(follower.revision).toBe(10);
  });
});

describe('a screen follows only the console that holds the table', () => {
  const A = { session: 'console-a', machine: 'Pit laptop' };
  const B = { session: 'console-b', machine: 'Spare laptop' };

  it('refuses a second console’s state and changes, and takes the new holder’s state whatever its revision', () => {
    const follower = new RoomTableFollower('T7');
    expect(follower.receivePresence(presenceMessage(true, NOW, A), null)).toBe(false);
    expect(follower.receiveState(tableStateMessage('T7', '', recordedShoe('T7', 6), 500, NOW, A.session))).toEqual({ kind: 'shown' });
    // B opens the table on another machine without taking it: nothing of it is shown.
    expect(follower.receiveState(tableStateMessage('T7', '', recordedShoe('T7', 1, 'other'), 900, NOW, B.session))).toMatchObject({
      kind: 'refused',
      refusal: { path: 'session' },
    });
    const change: TableChangeMessage = {
      format: 'bacc-table-change',
      version: 1,
      revision: 901,
      after: 900,
      shoeId: 'shoe-other',
      change: 'state',
      handCount: 1,
      session: B.session,
    };
    expect(follower.receiveChange(change, NOW)).toMatchObject({ kind: 'refused', refusal: { path: 'session' } });
    expect(follower.shoe!.hands).toHaveLength(6);
    // B takes the table over: its revisions count from its own start, below A's, and are taken.
    expect(follower.receivePresence(presenceMessage(true, NOW, B), null)).toBe(true);
    expect(follower.receiveState(tableStateMessage('T7', '', recordedShoe('T7', 7), 3, NOW, B.session))).toEqual({ kind: 'shown' });
    expect(follower.shoe!.hands).toHaveLength(7);
    // A's late messages are now the other console's.
    expect(follower.receiveState(tableStateMessage('T7', '', recordedShoe('T7', 8), 501, NOW, A.session))).toMatchObject({
      kind: 'refused',
    });
  });

  it('keeps a copy kept on this machine until any state of the table arrives, even at revision 1', () => {
    const follower = new RoomTableFollower('T7');
    follower.restore({ shoe: recordedShoe('T7', 9), limits: '', sentAt: null });
    follower.receivePresence(presenceMessage(true, NOW, A), null);
    expect(follower.receiveState(tableStateMessage('T7', '', recordedShoe('T7', 2), 1, NOW, A.session))).toEqual({ kind: 'shown' });
    expect(follower.shoe!.hands).toHaveLength(2);
  });

  it('follows a 1.0 console (no session) as before', () => {
    const follower = new RoomTableFollower('T7');
    follower.receivePresence(presenceMessage(true, NOW), null);
    expect(follower.receiveState(tableStateMessage('T7', '', recordedShoe('T7', 3), 10, NOW))).toEqual({ kind: 'shown' });
    expect(follower.receiveState(tableStateMessage('T7', '', recordedShoe('T7', 2), 9, NOW))).toEqual({ kind: 'stale' });
  });
});

describe('the last will of a console that does not hold the table', () => {
  it('says nothing of the holder: its state goes on being shown, and it is still online', () => {
    const follower = new RoomTableFollower('T7');
    follower.receivePresence(presenceMessage(true, NOW, { session: 'b-1', machine: 'B' }), null);
    follower.receiveState(tableStateMessage('T7', '', recordedShoe('T7', 5), 3, NOW, 'b-1'));
    // A, from which B took the table, closes: its last will.
    expect(follower.receivePresence(presenceMessage(false, null, { session: 'a-1', machine: 'A' }), null)).toBe(false);
    expect(follower.holder).toBe('b-1');
    expect(follower.presence).toMatchObject({ online: true });
    expect(follower.receiveState(tableStateMessage('T7', '', recordedShoe('T7', 6), 4, NOW, 'b-1'))).toEqual({ kind: 'shown' });
    // The holder's own last will is news: it is offline.
    follower.receivePresence(presenceMessage(false, null, { session: 'b-1', machine: 'B' }), null);
    expect(follower.presence).toMatchObject({ online: false });
  });
});
