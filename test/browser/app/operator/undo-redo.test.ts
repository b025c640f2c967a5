import { expect } from '@open-wc/testing';
import '../../../../components/app/operator/bacc-operator.js';
import type { BaccOperator } from '../../../../components/app/operator/bacc-operator.js';
import { makeRules } from '../../../../src/game/rules.js';
import { outcomeEntryHand } from '../../../../src/dealing/recording.js';
import { mountConsole, outcomes } from './operator-helpers.js';
import { freshStorage } from '../../../support/browser/storage.js';
import { ACTIONS_KEY_PREFIX } from '../../../../components/app/operator/clerk-actions.js';

const TABLE = 'Undo table';

const mountOperator = (): Promise<BaccOperator> => mountConsole(TABLE);

const said = (el: BaccOperator) => el.desk.message?.news;

describe('<bacc-operator> undo and redo', () => {
  let storage: Awaited<ReturnType<typeof freshStorage>>;
  beforeEach(async () => {
    storage = await freshStorage();
  });
  afterEach(async () => {
    await storage.teardown();
  });

  const stored = async () => (await storage.store.latestShoe({ table: TABLE }))!;
  const storedOutcomes = async () => (await stored()).hands.map((hand) => hand.outcome).join('');

  it('undoes a correction by putting back the hand it replaced, not by removing the last hand', async () => {
    const el = await mountOperator();
    const { desk } = el;
    await desk.confirm('new-shoe');
    for (const outcome of ['B', 'P', 'T'] as const) await desk.recordOutcome(outcome);
    desk.beginCorrection(1);
    await desk.recordOutcome('P');
    expect(outcomes(el)).to.equal('PPT');
    await desk.undo();
    expect(outcomes(el)).to.equal('BPT');
    expect(said(el)).to.deep.equal({ about: 'correction-undone', hand: 1 });
    expect(await storedOutcomes()).to.equal('BPT');
    expect(desk.canRedo).to.equal(true);
    await desk.redo();
    expect(outcomes(el)).to.equal('PPT');
    expect(await storedOutcomes()).to.equal('PPT');
    // Then the hands, newest first, and redo puts them back in order.
    await desk.undo();
    await desk.undo();
    await desk.undo();
    expect(outcomes(el)).to.equal('B');
    await desk.redo();
    await desk.redo();
    expect(outcomes(el)).to.equal('BPT');
    expect(await storedOutcomes()).to.equal('BPT');
    // A new action forgets what could be redone.
    await desk.recordOutcome('B');
    expect(desk.canRedo).to.equal(false);
    await desk.redo();
    expect(said(el)).to.deep.equal({ about: 'nothing-to-redo' });
    expect(outcomes(el)).to.equal('BPTB');
  });

  it('undoes an end of shoe by reopening it, and redo ends it again', async () => {
    const el = await mountOperator();
    const { desk } = el;
    await desk.confirm('new-shoe');
    await desk.recordOutcome('B');
    await desk.confirm('end-shoe');
    expect(desk.shoeOpen).to.equal(false);
    await desk.undo();
    expect(desk.shoeOpen).to.equal(true);
    expect(said(el)).to.deep.equal({ about: 'reopened', hands: 1 });
    expect((await stored()).endedAt).to.equal(null);
    await desk.redo();
    expect(desk.shoeOpen).to.equal(false);
    expect((await stored()).endedAt).to.not.equal(null);
    // Undo again, and the shoe goes on with its next hand.
    await desk.undo();
    await desk.recordOutcome('P');
    expect(await storedOutcomes()).to.equal('BP');
  });

  it('reopens the last ended shoe, also after a reload, and undo ends it again', async () => {
    let el = await mountOperator();
    await el.desk.confirm('new-shoe');
    await el.desk.recordOutcome('T');
    expect(el.desk.canReopen).to.equal(false);
    await el.desk.confirm('end-shoe');
    expect(el.desk.canReopen).to.equal(true);
    await el.desk.reopenLastShoe();
    expect(el.desk.shoeOpen).to.equal(true);
    await el.desk.undo();
    expect(el.desk.shoeOpen).to.equal(false);
    // A reload: the ended shoe is not taken up, but it can be reopened.
    el.remove();
    el = await mountOperator();
    expect(el.desk.shoe).to.equal(null);
    expect(el.desk.canReopen).to.equal(true);
    await el.desk.reopenLastShoe();
    expect(outcomes(el)).to.equal('T');
    expect(el.desk.shoeOpen).to.equal(true);
    await el.desk.recordOutcome('B');
    expect(await storedOutcomes()).to.equal('TB');
    expect((await stored()).endedAt).to.equal(null);
    // Once a newer shoe is started, the older one is not reopened.
    await el.desk.confirm('new-shoe');
    await el.desk.confirm('end-shoe');
    await el.desk.confirm('new-shoe');
    expect(el.desk.canReopen).to.equal(false);
    await el.desk.reopenLastShoe();
    expect(said(el)).to.deep.equal({ about: 'nothing-to-reopen' });
  });

  it('after a reload undo undoes the last action: a correction is put back, not the last hand removed', async () => {
    let el = await mountOperator();
    await el.desk.confirm('new-shoe');
    for (const outcome of ['B', 'P', 'T'] as const) await el.desk.recordOutcome(outcome);
    el.desk.beginCorrection(1);
    await el.desk.recordOutcome('P');
    el.remove();
    el = await mountOperator();
    expect(outcomes(el)).to.equal('PPT');
    await el.desk.undo();
    expect(said(el)).to.deep.equal({ about: 'correction-undone', hand: 1 });
    expect(await storedOutcomes()).to.equal('BPT');
    // The redo list is kept too: a second reload, and redo makes the correction again.
    el.remove();
    el = await mountOperator();
    await el.desk.redo();
    expect(await storedOutcomes()).to.equal('PPT');
    // Then the hands, newest first.
    await el.desk.undo();
    await el.desk.undo();
    expect(await storedOutcomes()).to.equal('BP');
  });

  it('after a reload undo of an end opens the ended shoe again', async () => {
    let el = await mountOperator();
    await el.desk.confirm('new-shoe');
    await el.desk.recordOutcome('B');
    await el.desk.confirm('end-shoe');
    el.remove();
    el = await mountOperator();
    expect(el.desk.shoe).to.equal(null);
    expect(el.desk.canUndo).to.equal(true);
    await el.desk.undo();
    expect(said(el)).to.deep.equal({ about: 'reopened', hands: 1 });
    expect((await stored()).endedAt).to.equal(null);
    await el.desk.redo();
    expect((await stored()).endedAt).to.not.equal(null);
  });

  it('forgets kept actions that no longer match the stored shoe, and undo removes the last hand instead', async () => {
    let el = await mountOperator();
    await el.desk.confirm('new-shoe');
    await el.desk.recordOutcome('B');
    await el.desk.recordOutcome('P');
    el.desk.beginCorrection(1);
    await el.desk.recordOutcome('T');
    const shoeId = el.desk.shoe!.id;
    el.remove();
    // Another console changed hand 1 after this one's correction: undoing the correction would overwrite it.
    await storage.store.replaceHand(shoeId, 0, outcomeEntryHand({ outcome: 'B' }));
    el = await mountOperator();
    await el.desk.undo();
    expect(said(el)).to.deep.equal({ about: 'undone', hand: 2 });
    expect(await storedOutcomes()).to.equal('B');
  });

  it('ignores kept actions it cannot read whole, so a damaged list never writes a hand', async () => {
    let el = await mountOperator();
    await el.desk.confirm('new-shoe');
    await el.desk.recordOutcome('B');
    el.desk.beginCorrection(1);
    await el.desk.recordOutcome('P');
    el.remove();
    const key = ACTIONS_KEY_PREFIX + TABLE;
    const kept = JSON.parse(localStorage.getItem(key)!) as { done: { before?: { outcome: string; cards: unknown } }[] };
    // The hand the correction replaced, now one no rules could deal.
    kept.done.at(-1)!.before = { outcome: 'Q', cards: ['ZZ'] };
    localStorage.setItem(key, JSON.stringify(kept));
    el = await mountOperator();
    await el.desk.undo();
    // Not put back: the last hand is removed instead, as with nothing kept.
    expect(said(el)).to.deep.equal({ about: 'undone', hand: 1 });
    expect(await storedOutcomes()).to.equal('');
    localStorage.setItem(key, '{not json');
    el.remove();
    el = await mountOperator();
    expect(el.desk.canRedo).to.equal(false);
  });

  it('never writes a kept hand that would make the shoe one its decks cannot deal, nor takes up a list kept for another state', async () => {
    const key = ACTIONS_KEY_PREFIX + TABLE;
    const first = {
      cards: ['9H', '2D', 'KS', '5C'],
      outcome: 'P',
      playerPair: false,
      bankerPair: false,
      natural: true,
      playerTotal: 9,
      bankerTotal: 7,
    };
    let el = await mountConsole(TABLE, { rules: makeRules({ decks: 1 }) });
    await el.desk.confirm('new-shoe');
    await el.desk.typeCards('9h 2d ks 5c', true);
    await el.desk.typeCards('8h 3d ts 4c', true);
    await el.desk.undo();
    expect(await storedOutcomes()).to.equal('P');
    // The list kept for redo now puts back, in place of hand 2, a second 9H 2D KS 5C: one deck holds one of each.
    const kept = JSON.parse(localStorage.getItem(key)!) as { undone: { hand: unknown }[]; shoe: string };
    expect(kept.undone.at(-1)!.hand).to.have.property('outcome', 'P');
    kept.undone.at(-1)!.hand = first;
    localStorage.setItem(key, JSON.stringify(kept));
    el.remove();
    el = await mountConsole(TABLE, { rules: makeRules({ decks: 1 }) });
    await el.desk.redo();
    expect(said(el)).to.deep.equal({ about: 'nothing-to-redo' });
    expect(await storedOutcomes()).to.equal('P');
    // A list kept for the shoe as it was before another change is not taken up at all.
    await el.desk.typeCards('8h 3d ts 4c', true);
    const stale = JSON.parse(localStorage.getItem(key)!) as { shoe: string };
    localStorage.setItem(key, JSON.stringify({ ...stale, shoe: kept.shoe }));
    el.remove();
    el = await mountConsole(TABLE, { rules: makeRules({ decks: 1 }) });
    expect(el.desk.canRedo).to.equal(false);
    await el.desk.undo();
    expect(said(el)).to.deep.equal({ about: 'undone', hand: 2 });
    expect(await storedOutcomes()).to.equal('P');
  });

  it('refuses to undo an end once History deleted the ended shoe, and says so instead of "reopened"', async () => {
    const el = await mountOperator();
    const { desk } = el;
    await desk.confirm('new-shoe');
    await desk.recordOutcome('B');
    await desk.confirm('end-shoe');
    await storage.store.deleteShoe(desk.shoe!.id);
    await desk.undo();
    expect(said(el)).to.deep.equal({ about: 'shoe-stranded' });
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('.done')!.textContent.trim()).to.equal('');
    expect(el.shadowRoot!.querySelector('.shoe-state')!.textContent).to.contain('no longer stored');
    expect(await storage.store.latestShoe({ table: TABLE })).to.equal(undefined);
  });

  it('after a reload with nothing kept, undo removes the last hand, and redo puts it back', async () => {
    let el = await mountOperator();
    await el.desk.confirm('new-shoe');
    await el.desk.recordOutcome('B');
    await el.desk.recordOutcome('P');
    el.remove();
    el = await mountOperator();
    expect(outcomes(el)).to.equal('BP');
    expect(el.desk.canUndo).to.equal(true);
    await el.desk.undo();
    expect(outcomes(el)).to.equal('B');
    await el.desk.redo();
    expect(outcomes(el)).to.equal('BP');
    expect(await storedOutcomes()).to.equal('BP');
  });

  it('refuses every hand once the shoe in play was deleted elsewhere, until a new shoe starts', async () => {
    const el = await mountOperator();
    const { desk } = el;
    await desk.confirm('new-shoe');
    await desk.recordOutcome('B');
    await desk.recordOutcome('P');
    await storage.store.deleteShoe(desk.shoe!.id);
    // The first hand after it meets the conflict, and is shown as not saved.
    await desk.recordOutcome('T');
    expect(desk.storageProblem?.kind).to.equal('conflict');
    expect(desk.stranded).to.equal(true);
    // Nothing more is taken: it would have nowhere to go.
    await desk.recordOutcome('B');
    expect(outcomes(el)).to.equal('BPT');
    expect(said(el)).to.deep.equal({ about: 'shoe-stranded' });
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[role="alert"]')!.textContent).to.contain('no longer stored');
    desk.beginCorrection(1);
    expect(desk.correcting).to.equal(null);
    await desk.undo();
    expect(outcomes(el)).to.equal('BPT');
    // A new shoe records again, and is stored.
    await desk.confirm('new-shoe');
    expect(desk.stranded).to.equal(false);
    await desk.recordOutcome('P');
    expect(await storedOutcomes()).to.equal('P');
  });
});
