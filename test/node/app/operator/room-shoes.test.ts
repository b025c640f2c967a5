import { describe, expect, it } from 'vitest';
import { firstDifference, handsNotInRoom } from '../../../../components/app/operator/room-shoes.js';
import { simulateShoeRecords, type ShoeRecord } from '../../../../src/shoes/document.js';

const NOW = new Date('2026-12-01T12:00:00Z');
const [dealt] = simulateShoeRecords({ shoes: 1, seed: 'room-shoes', table: 'T1', now: () => NOW });
const shoe = (hands: number): ShoeRecord => ({ ...dealt!, hands: dealt!.hands.slice(0, hands) });

describe('this console’s shoe against the room’s', () => {
  it('holds every hand of the room’s (and maybe more): no difference, and the extra hands are not on the screens', () => {
    expect(firstDifference(shoe(10), shoe(10))).toBe(0);
    expect(firstDifference(shoe(12), shoe(10))).toBe(0);
    expect(handsNotInRoom(shoe(12), shoe(10))).toEqual({ from: 11, to: 12 });
    expect(handsNotInRoom(shoe(10), shoe(10))).toBeNull();
  });

  it('lacks a hand of the room’s, or has one otherwise: the first such hand, from 1', () => {
    expect(firstDifference(shoe(8), shoe(10))).toBe(9);
    const other = { ...shoe(10), hands: shoe(10).hands.map((hand, i) => (i === 4 ? { ...hand, playerPair: !hand.playerPair } : hand)) };
    expect(firstDifference(other, shoe(10))).toBe(5);
    expect(handsNotInRoom(other, shoe(10))).toEqual({ from: 5, to: 10 });
  });

  it('another shoe is no comparison', () => {
    expect(firstDifference({ ...shoe(3), id: 'another' }, shoe(3))).toBeNull();
    expect(handsNotInRoom({ ...shoe(3), id: 'another' }, shoe(3))).toBeNull();
  });
});
