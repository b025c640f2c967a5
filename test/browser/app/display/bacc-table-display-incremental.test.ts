import { expect, fixture, html } from '@open-wc/testing';
import '../../../../components/app/display/bacc-table-display.js';
import type { BaccTableDisplay } from '../../../../components/app/display/bacc-table-display.js';
import type { BaccScoreboard } from '../../../../components/bacc-scoreboard.js';
import { TableChannel, type ShoeChangedMessage } from '../../../../components/app/shared/data/table-channel.js';
import { RoadTracker } from '../../../../src/roads/roads.js';
import { makeRules } from '../../../../src/game/rules.js';
import { Shoe } from '../../../../src/game/shoe.js';
import { handRecord, type HandRecord, type ShoeRecord } from '../../../../src/shoes/document.js';
import { freshStorage } from '../../../support/browser/storage.js';
import { delay, until } from '../../../support/wait.js';

/**
 * The display follows the console's channel messages incrementally: "hand N added" reads that one
 * hand and shows it after the same hand objects as before, so the scoreboard adds one hand to its
 * roads instead of rebuilding them; anything it cannot follow step by step is read again whole.
 */

const TABLE = 'Table 5';
const rules = makeRules();

/** A dealt shoe's first `count` hands (and more to append later). */
function dealtHands(seed: string, count: number): HandRecord[] {
  const shoe = new Shoe({ rules, seed });
  return Array.from({ length: count }, () => handRecord(shoe.dealHand()));
}

const scoreboardOf = (display: BaccTableDisplay): BaccScoreboard => display.shadowRoot!.querySelector('bacc-scoreboard')!;
const outcomesOf = (hands: readonly HandRecord[]): string => hands.map((hand) => hand.outcome).join('');

/** Waits until the scoreboard and every panel in it have rendered what they were given. */
async function settled(display: BaccTableDisplay): Promise<void> {
  await display.updateComplete;
  const board = scoreboardOf(display);
  await board.updateComplete;
  const panels = [...board.shadowRoot!.querySelectorAll('*')].filter(
    (el): el is Element & { updateComplete: Promise<unknown> } => 'updateComplete' in el,
  );
  await Promise.all(panels.map((panel) => panel.updateComplete));
  await delay(20);
}

/** Counts RoadTracker.add calls until `restore()`. */
function countAdds(): { count: () => number; restore: () => void } {
  const add = RoadTracker.prototype.add;
  let calls = 0;
  RoadTracker.prototype.add = function (this: RoadTracker, hand: HandRecord) {
    calls++;
    return add.call(this, hand);
  };
  return { count: () => calls, restore: () => (RoadTracker.prototype.add = add) };
}

/** The last hand the scoreboard shows: its number and outcome as drawn. */
function lastHandOnScreen(display: BaccTableDisplay): { number: string; outcome: string | null } {
  const last = scoreboardOf(display).shadowRoot!.querySelector('bacc-last-hand')!.shadowRoot!;
  return {
    number: last.querySelector('.number')?.textContent?.trim() ?? '',
    outcome: last.querySelector('.hand')?.getAttribute('data-outcome') ?? null,
  };
}

describe('<bacc-table-display> follows the console incrementally', () => {
  let storage: Awaited<ReturnType<typeof freshStorage>>;
  let channel: TableChannel;
  let adds: ReturnType<typeof countAdds> | null = null;
  /** The stored shoe's hands as dealt: the first ones stored at the start, the rest appended by the tests. */
  let dealt: HandRecord[];
  let shoe: ShoeRecord;
  let display: BaccTableDisplay;

  /** What the console posts once a change is written. */
  const post = (message: Omit<ShoeChangedMessage, 'type' | 'shoeId' | 'table' | 'origin'>): void =>
    channel.post({ shoeId: shoe.id, table: TABLE, origin: 'console', ...message });

  beforeEach(async () => {
    storage = await freshStorage();
    channel = new TableChannel();
    dealt = dealtHands('incremental', 12);
    shoe = {
      id: 'shoe-1',
      table: TABLE,
      source: 'recorded',
      seed: null,
      startedAt: '2026-12-01T10:00:00.000Z',
      endedAt: null,
      rules,
      hands: dealt.slice(0, 6),
    };
    await storage.store.createShoe(shoe, 'console');
    display = await fixture<BaccTableDisplay>(html`<bacc-table-display table=${TABLE}></bacc-table-display>`);
    await until(() => display.shoe?.hands.length === 6, 'the display to read the stored shoe');
    await settled(display);
  });

  afterEach(async () => {
    adds?.restore();
    adds = null;
    channel.close();
    await storage.teardown();
  });

  it('shows one more hand with a single RoadTracker.add, keeping every earlier hand object', async () => {
    const before = display.shoe!.hands;
    adds = countAdds();
    await storage.store.appendHand(shoe.id, 6, dealt[6]!);
    post({ handCount: 7, change: 'add' });
    await until(() => display.shoe?.hands.length === 7, 'the seventh hand');
    await settled(display);
    expect(adds.count()).to.equal(1);
    const after = display.shoe!.hands;
    for (let i = 0; i < 6; i++) expect(after[i], `hand ${i + 1}`).to.equal(before[i]);
    expect(after[6]).to.deep.equal(dealt[6]);
    expect(scoreboardOf(display).hands).to.equal(after);
    expect(lastHandOnScreen(display)).to.deep.equal({ number: 'Hand 7', outcome: dealt[6]!.outcome });
  });

  it('reads the whole shoe again after a gap (two hands stored, one message) and shows every hand', async () => {
    await storage.store.appendHand(shoe.id, 6, dealt[6]!);
    await storage.store.appendHand(shoe.id, 7, dealt[7]!);
    post({ handCount: 8, change: 'add' });
    await until(() => display.shoe?.hands.length === 8, 'both hands');
    await settled(display);
    expect(display.shoe!.hands).to.deep.equal(dealt.slice(0, 8));
    expect(outcomesOf(scoreboardOf(display).hands)).to.equal(outcomesOf(dealt.slice(0, 8)));
    expect(lastHandOnScreen(display).number).to.equal('Hand 8');
  });

  it('reads the whole shoe again after a correction', async () => {
    const corrected = dealt.slice(0, 6).find((hand) => hand.outcome !== dealt[2]!.outcome) ?? {
      ...dealt[2]!,
      outcome: dealt[2]!.outcome === 'B' ? 'P' : 'B',
    };
    await storage.store.replaceHand(shoe.id, 2, corrected);
    post({ handCount: 6, change: 'correct' });
    await until(() => display.shoe?.hands[2]?.outcome === corrected.outcome, 'the corrected hand');
    await settled(display);
    expect(display.shoe!.hands).to.deep.equal([...dealt.slice(0, 2), corrected, ...dealt.slice(3, 6)]);
  });

  it('reads the whole shoe again for a message that does not say what changed', async () => {
    await storage.store.appendHand(shoe.id, 6, dealt[6]!);
    post({ handCount: 7 });
    await until(() => display.shoe?.hands.length === 7, 'the seventh hand');
    expect(display.shoe!.hands).to.deep.equal(dealt.slice(0, 7));
  });

  it('adds a hand once when its message comes twice, and ignores a stale one', async () => {
    await storage.store.appendHand(shoe.id, 6, dealt[6]!);
    post({ handCount: 7, change: 'add' });
    post({ handCount: 7, change: 'add' });
    await until(() => display.shoe?.hands.length === 7, 'the seventh hand');
    await delay(100);
    await settled(display);
    const shown = display.shoe!.hands;
    expect(shown).to.deep.equal(dealt.slice(0, 7));
    adds = countAdds();
    post({ handCount: 7, change: 'add' });
    post({ handCount: 5, change: 'add' });
    await delay(100);
    await settled(display);
    // Nothing changed: the same list, nothing added to the roads.
    expect(display.shoe!.hands).to.equal(shown);
    expect(adds.count()).to.equal(0);
    expect(lastHandOnScreen(display).number).to.equal('Hand 7');
  });

  it('follows hands added one after another faster than it reads them', async () => {
    for (let index = 6; index < 12; index++) {
      await storage.store.appendHand(shoe.id, index, dealt[index]!);
      post({ handCount: index + 1, change: 'add' });
    }
    await until(() => display.shoe?.hands.length === 12, 'all twelve hands');
    await delay(100);
    expect(display.shoe!.hands).to.deep.equal(dealt);
  });

  it('drops the last hand on undo, keeping the rest of the hand objects', async () => {
    const before = display.shoe!.hands;
    adds = countAdds();
    await storage.store.removeLastHand(shoe.id, 5);
    post({ handCount: 5, change: 'undo' });
    await until(() => display.shoe?.hands.length === 5, 'the undo');
    await settled(display);
    const after = display.shoe!.hands;
    for (let i = 0; i < 5; i++) expect(after[i], `hand ${i + 1}`).to.equal(before[i]);
    expect(adds.count()).to.equal(0);
    expect(lastHandOnScreen(display).number).to.equal('Hand 5');
  });

  it('marks the shoe ended keeping the same hands array', async () => {
    const before = display.shoe!.hands;
    const endedAt = '2026-12-01T11:00:00.000Z';
    await storage.store.endShoe(shoe.id, endedAt);
    post({ handCount: 6, change: 'end' });
    await until(() => display.shoe?.endedAt === endedAt, 'the end');
    await settled(display);
    expect(display.shoe!.hands).to.equal(before);
    expect(scoreboardOf(display).hands).to.equal(before);
    expect(scoreboardOf(display).ended).to.equal(true);
  });

  it('switches to a new shoe when one starts', async () => {
    const next: ShoeRecord = { ...shoe, id: 'shoe-2', startedAt: '2026-12-01T12:00:00.000Z', hands: [] };
    await storage.store.endShoe(shoe.id, '2026-12-01T11:59:00.000Z');
    await storage.store.createShoe(next, 'console');
    channel.post({ shoeId: next.id, table: TABLE, origin: 'console', handCount: 0, change: 'start' });
    await until(() => display.shoe?.id === 'shoe-2', 'the new shoe');
    await storage.store.appendHand(next.id, 0, dealt[0]!);
    channel.post({ shoeId: next.id, table: TABLE, origin: 'console', handCount: 1, change: 'add' });
    await until(() => display.shoe?.hands.length === 1, "the new shoe's first hand");
    expect(display.shoe!.hands).to.deep.equal([dealt[0]]);
  });
});
