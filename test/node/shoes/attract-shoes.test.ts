import { describe, it, expect } from 'vitest';
import { randomShoeSeed, shoeNumberInRun, replayStoredShoe, shoesToPrune } from '../../../src/shoes/attract-shoes.js';
import { Shoe } from '../../../src/game/shoe.js';
import { handRecord } from '../../../src/shoes/document.js';
import { makeRules } from '../../../src/game/rules.js';
import { shoeSeed } from '../../../src/game/simulate.js';

function dealt(seed: string, count: number, rules = makeRules()) {
  const shoe = new Shoe({ rules, seed });
  return Array.from({ length: count }, () => handRecord(shoe.dealHand()));
}

describe('randomShoeSeed', () => {
  it('gives 128 bits as 32 hex digits, different each time', () => {
    const seeds = new Set(Array.from({ length: 50 }, randomShoeSeed));
    expect(seeds.size).toBe(50);
    for (const seed of seeds) expect(seed).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('shoeNumberInRun', () => {
  it('reads back the shoe number shoeSeed gave', () => {
    for (const k of [1, 2, 17, 300]) expect(shoeNumberInRun('demo', shoeSeed('demo', k))).toBe(k);
  });

  it('refuses seeds of another run or that shoeSeed never gives', () => {
    expect(shoeNumberInRun('demo', 'other')).toBeNull();
    expect(shoeNumberInRun('demo', 'demo#1')).toBeNull();
    expect(shoeNumberInRun('demo', 'demo#02')).toBeNull();
    expect(shoeNumberInRun('demo', 'demo#x')).toBeNull();
    expect(shoeNumberInRun('demo', null)).toBeNull();
  });
});

describe('replayStoredShoe', () => {
  it('deals the stored hands again and continues with the hand after them', () => {
    const rules = makeRules();
    const all = dealt('resume', 11, rules);
    const shoe = replayStoredShoe({ rules, seed: 'resume', hands: all.slice(0, 10) });
    expect(shoe).not.toBeNull();
    expect(shoe!.handsDealt).toBe(10);
    expect(handRecord(shoe!.dealHand())).toEqual(all[10]);
  });

  it('refuses a shoe whose hands that seed and those rules do not deal', () => {
    const hands = dealt('resume', 5);
    expect(replayStoredShoe({ rules: makeRules({ decks: 6 }), seed: 'resume', hands })).toBeNull();
    expect(replayStoredShoe({ rules: makeRules(), seed: 'another', hands })).toBeNull();
    const edited = hands.map((hand, i) => (i === 3 ? { ...hand, playerPair: !hand.playerPair } : hand));
    expect(replayStoredShoe({ rules: makeRules(), seed: 'resume', hands: edited })).toBeNull();
    expect(replayStoredShoe({ rules: makeRules(), seed: null, hands: [] })).toBeNull();
  });

  it('refuses a shoe that was dealt to its end', () => {
    const shoe = new Shoe({ seed: 'end' });
    const hands = [];
    while (!shoe.finished) hands.push(handRecord(shoe.dealHand()));
    expect(replayStoredShoe({ rules: makeRules(), seed: 'end', hands })).toBeNull();
    expect(replayStoredShoe({ rules: makeRules(), seed: 'end', hands: hands.slice(0, -1) })).not.toBeNull();
  });
});

describe('shoesToPrune', () => {
  const ended = '2026-01-01T00:00:00.000Z';
  const sim = (id: string) => ({ id, source: 'simulated' as const, origin: 'attract' as const, endedAt: ended });
  const rec = (id: string) => ({ id, source: 'recorded' as const, origin: 'console' as const, endedAt: ended });

  it('keeps the newest simulated shoes and chooses the older ones', () => {
    expect(shoesToPrune([sim('e'), sim('d'), sim('c'), sim('b'), sim('a')], 2, 'e')).toEqual(['b', 'a']);
  });

  it("keeps `keep` ended shoes beside the shoe in play: keep=3 keeps 3, as the wall screen's guide says", () => {
    const playing = { ...sim('f'), endedAt: null };
    const kept = ['e', 'd', 'c'];
    const shoes = [playing, ...['e', 'd', 'c', 'b', 'a'].map(sim)];
    const doomed = shoesToPrune(shoes, 3, 'f');
    expect(doomed).toEqual(['b', 'a']);
    expect(shoes.filter((shoe) => shoe.endedAt !== null && !doomed.includes(shoe.id)).map((shoe) => shoe.id)).toEqual(kept);
  });

  it('never chooses a recorded shoe, however many there are', () => {
    expect(shoesToPrune([rec('r3'), sim('s3'), rec('r2'), sim('s2'), sim('s1'), rec('r1')], 1, 's3')).toEqual(['s1']);
  });

  it('never chooses the shoe in play', () => {
    expect(shoesToPrune([sim('c'), sim('b'), sim('a')], 1, 'a')).toEqual(['b']);
    expect(shoesToPrune([sim('a')], 0, 'a')).toEqual([]);
  });

  it('never chooses an open shoe: another kiosk of the table may be dealing it', () => {
    const open = { ...sim('b'), endedAt: null };
    expect(shoesToPrune([sim('c'), open, sim('a')], 0, null)).toEqual(['c', 'a']);
  });

  it('never chooses a simulated shoe a console dealt or an import brought, and does not count them', () => {
    const consoleShoe = { ...sim('console'), origin: 'console' as const };
    const imported = { ...sim('imported'), origin: 'import' as const };
    expect(shoesToPrune([consoleShoe, sim('c'), imported, sim('b'), sim('a')], 2, null)).toEqual(['a']);
  });
});
