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

const said = (el: BaccOperator) => el.consoleController.message?.news;

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
    const { consoleController } = el;
    await consoleController.confirm('new-shoe');
    for (const outcome of ['B', 'P', 'T'] as const) await consoleController.recordOutcome(outcome);
    consoleController.beginCorrection(1);
    await consoleController.recordOutcome('P');
    expect(outcomes(el)).to.equal('PPT');
    await consoleController.undo();
    expect(outcomes(el)).to.equal('BPT');
    expect(said(el)).to.deep.equal({ about: 'correction-undone', hand: 1 });
    expect(await storedOutcomes()).to.equal('BPT');
    expect(consoleController.canRedo).to.equal(true);
    await consoleController.redo();
    expect(outcomes(el)).to.equal('PPT');
    expect(await storedOutcomes()).to.equal('PPT');
    // Then the hands, newest first, and redo puts them back in order.
    await consoleController.undo();
    await consoleController.undo();
    await consoleController.undo();
    expect(outcomes(el)).to.equal('B');
    await consoleController.redo();
    await consoleController.redo();
    expect(outcomes(el)).to.equal('BPT');
    expect(await storedOutcomes()).to.equal('BPT');
    // A new action forgets what could be redone.
    await consoleController.recordOutcome('B');
    expect(consoleController.canRedo).to.equal(false);
    await consoleController.redo();
    expect(said(el)).to.deep.equal({ about: 'nothing-to-redo' });
    expect(outcomes(el)).to.equal('BPTB');
  });

  it('undoes an end of shoe by reopening it, and redo ends it again', async () => {
    const el = await mountOperator();
    const { consoleController } = el;
    await consoleController.confirm('new-shoe');
    await consoleController.recordOutcome('B');
    await consoleController.confirm('end-shoe');
    expect(consoleController.shoeOpen).to.equal(false);
    await consoleController.undo();
    expect(consoleController.shoeOpen).to.equal(true);
    expect(said(el)).to.deep.equal({ about: 'reopened', hands: 1 });
    expect((await stored()).endedAt).to.equal(null);
    await consoleController.redo();
    expect(consoleController.shoeOpen).to.equal(false);
    expect((await stored()).endedAt).to.not.equal(null);
    // Undo again, and the shoe goes on with its next hand.
    await consoleController.undo();
    await consoleController.recordOutcome('P');
    expect(await storedOutcomes()).to.equal('BP');
  });

  it('reopens the last ended shoe, also after a reload, and undo ends it again', async () => {
    let el = await mountOperator();
    await el.consoleController.confirm('new-shoe');
    await el.consoleController.recordOutcome('T');
    expect(el.consoleController.canReopen).to.equal(false);
    await el.consoleController.confirm('end-shoe');
    expect(el.consoleController.canReopen).to.equal(true);
    await el.consoleController.reopenLastShoe();
    expect(el.consoleController.shoeOpen).to.equal(true);
    await el.consoleController.undo();
    expect(el.consoleController.shoeOpen).to.equal(false);
    // A reload: the ended shoe is not taken up, but it can be reopened.
    el.remove();
    el = await mountOperator();
    expect(el.consoleController.shoe).to.equal(null);
    expect(el.consoleController.canReopen).to.equal(true);
    await el.consoleController.reopenLastShoe();
    expect(outcomes(el)).to.equal('T');
    expect(el.consoleController.shoeOpen).to.equal(true);
    await el.consoleController.recordOutcome('B');
    expect(await storedOutcomes()).to.equal('TB');
    expect((await stored()).endedAt).to.equal(null);
    // Once a newer shoe is started, the older one is not reopened.
    await el.consoleController.confirm('new-shoe');
    await el.consoleController.confirm('end-shoe');
    await el.consoleController.confirm('new-shoe');
    expect(el.consoleController.canReopen).to.equal(false);
    await el.consoleController.reopenLastShoe();
    expect(said(el)).to.deep.equal({ about: 'nothing-to-reopen' });
  });

  it('after a reload undo undoes the last action: a correction is put back, not the last hand removed', async () => {
    let el = await mountOperator();
    await el.consoleController.confirm('new-shoe');
    for (const outcome of ['B', 'P', 'T'] as const) await el.consoleController.recordOutcome(outcome);
    el.consoleController.beginCorrection(1);
    await el.consoleController.recordOutcome('P');
    el.remove();
    el = await mountOperator();
    expect(outcomes(el)).to.equal('PPT');
    await el.consoleController.undo();
    expect(said(el)).to.deep.equal({ about: 'correction-undone', hand: 1 });
    expect(await storedOutcomes()).to.equal('BPT');
    // The redo list is kept too: a second reload, and redo makes the correction again.
    el.remove();
    el = await mountOperator();
    await el.consoleController.redo();
    expect(await storedOutcomes()).to.equal('PPT');
    // Then the hands, newest first.
    await el.consoleController.undo();
    await el.consoleController.undo();
    expect(await storedOutcomes()).to.equal('BP');
  });

  it('after a reload undo of an end opens the ended shoe again', async () => {
    let el = await mountOperator();
    await el.consoleController.confirm('new-shoe');
    await el.consoleController.recordOutcome('B');
    await el.consoleController.confirm('end-shoe');
    el.remove();
    el = await mountOperator();
    expect(el.consoleController.shoe).to.equal(null);
    expect(el.consoleController.canUndo).to.equal(true);
    await el.consoleController.undo();
    expect(said(el)).to.deep.equal({ about: 'reopened', hands: 1 });
    expect((await stored()).endedAt).to.equal(null);
    await el.consoleController.redo();
    expect((await stored()).endedAt).to.not.equal(null);
  });

  it('forgets kept actions that no longer match the stored shoe, and undo removes the last hand instead', async () => {
    let el = await mountOperator();
    await el.consoleController.confirm('new-shoe');
    await el.consoleController.recordOutcome('B');
    await el.consoleController.recordOutcome('P');
    el.consoleController.beginCorrection(1);
    await el.consoleController.recordOutcome('T');
    const shoeId = el.consoleController.shoe!.id;
    el.remove();
    // Another console changed hand 1 after this one's correction: undoing the correction would overwrite it.
    await storage.store.replaceHand(shoeId, 0, outcomeEntryHand({ outcome: 'B' }));
    el = await mountOperator();
    await el.consoleController.undo();
    expect(said(el)).to.deep.equal({ about: 'undone', hand: 2 });
    expect(await storedOutcomes()).to.equal('B');
  });

  it('ignores kept actions it cannot read whole, so a damaged list never writes a hand', async () => {
    let el = await mountOperator();
    await el.consoleController.confirm('new-shoe');
    await el.consoleController.recordOutcome('B');
    el.consoleController.beginCorrection(1);
    await el.consoleController.recordOutcome('P');
    el.remove();
    const key = ACTIONS_KEY_PREFIX + TABLE;
    const kept = JSON.parse(localStorage.getItem(key)!) as { done: { before?: { outcome: string; cards: unknown } }[] };
    // The hand the correction replaced, now one no rules could deal.
    kept.done.at(-1)!.before = { outcome: 'Q', cards: ['ZZ'] };
    localStorage.setItem(key, JSON.stringify(kept));
    el = await mountOperator();
    await el.consoleController.undo();
    // Not put back: the last hand is removed instead, as with nothing kept.
    expect(said(el)).to.deep.equal({ about: 'undone', hand: 1 });
    expect(await storedOutcomes()).to.equal('');
    localStorage.setItem(key, '{not json');
    el.remove();
    el = await mountOperator();
    expect(el.consoleController.canRedo).to.equal(false);
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
    await el.consoleController.confirm('new-shoe');
    await el.consoleController.typeCards('9h 2d ks 5c', true);
    await el.consoleController.typeCards('8h 3d ts 4c', true);
    await el.consoleController.undo();
    expect(await storedOutcomes()).to.equal('P');
    // The list kept for redo now puts back, in place of hand 2, a second 9H 2D KS 5C: one deck holds one of each.
    const kept = JSON.parse(localStorage.getItem(key)!) as { undone: { hand: unknown }[]; shoe: string };
    expect(kept.undone.at(-1)!.hand).to.have.property('outcome', 'P');
    kept.undone.at(-1)!.hand = first;
    localStorage.setItem(key, JSON.stringify(kept));
    el.remove();
    el = await mountConsole(TABLE, { rules: makeRules({ decks: 1 }) });
    await el.consoleController.redo();
    expect(said(el)).to.deep.equal({ about: 'nothing-to-redo' });
    expect(await storedOutcomes()).to.equal('P');
    // A list kept for the shoe as it was before another change is not taken up at all.
    await el.consoleController.typeCards('8h 3d ts 4c', true);
    const stale = JSON.parse(localStorage.getItem(key)!) as { shoe: string };
    localStorage.setItem(key, JSON.stringify({ ...stale, shoe: kept.shoe }));
    el.remove();
    el = await mountConsole(TABLE, { rules: makeRules({ decks: 1 }) });
    expect(el.consoleController.canRedo).to.equal(false);
    await el.consoleController.undo();
    expect(said(el)).to.deep.equal({ about: 'undone', hand: 2 });
    expect(await storedOutcomes()).to.equal('P');
  });

  it('refuses to undo an end once History deleted the ended shoe, and says so instead of "reopened"', async () => {
    const el = await mountOperator();
    const { consoleController } = el;
    await consoleController.confirm('new-shoe');
    await consoleController.recordOutcome('B');
    await consoleController.confirm('end-shoe');
    await storage.store.deleteShoe(consoleController.shoe!.id);
    await consoleController.undo();
    expect(said(el)).to.deep.equal({ about: 'shoe-stranded' });
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('.done')!.textContent.trim()).to.equal('');
    expect(el.shadowRoot!.querySelector('.shoe-state')!.textContent).to.contain('no longer stored');
    expect(await storage.store.latestShoe({ table: TABLE })).to.equal(undefined);
  });

  it('after a reload with nothing kept, undo removes the last hand, and redo puts it back', async () => {
    let el = await mountOperator();
    await el.consoleController.confirm('new-shoe');
    await el.consoleController.recordOutcome('B');
    await el.consoleController.recordOutcome('P');
    el.remove();
    el = await mountOperator();
    expect(outcomes(el)).to.equal('BP');
    expect(el.consoleController.canUndo).to.equal(true);
    await el.consoleController.undo();
    expect(outcomes(el)).to.equal('B');
    await el.consoleController.redo();
    expect(outcomes(el)).to.equal('BP');
    expect(await storedOutcomes()).to.equal('BP');
  });

  it('refuses every hand once the shoe in play was deleted elsewhere, until a new shoe starts', async () => {
    const el = await mountOperator();
    const { consoleController } = el;
    await consoleController.confirm('new-shoe');
    await consoleController.recordOutcome('B');
    await consoleController.recordOutcome('P');
    await storage.store.deleteShoe(consoleController.shoe!.id);
    // The first hand after it meets the conflict, and is shown as not saved.
    await consoleController.recordOutcome('T');
    expect(consoleController.storageProblem?.kind).to.equal('conflict');
    expect(consoleController.stranded).to.equal(true);
    // Nothing more is taken: it would have nowhere to go.
    await consoleController.recordOutcome('B');
    expect(outcomes(el)).to.equal('BPT');
    expect(said(el)).to.deep.equal({ about: 'shoe-stranded' });
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[role="alert"]')!.textContent).to.contain('no longer stored');
    consoleController.beginCorrection(1);
    expect(consoleController.correcting).to.equal(null);
    await consoleController.undo();
    expect(outcomes(el)).to.equal('BPT');
    // A new shoe records again, and is stored.
    await consoleController.confirm('new-shoe');
    expect(consoleController.stranded).to.equal(false);
    await consoleController.recordOutcome('P');
    expect(await storedOutcomes()).to.equal('P');
  });
});
