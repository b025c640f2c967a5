import { expect, fixture, html } from '@open-wc/testing';
import '../../../../components/app/operator/bacc-operator.js';
import type { BaccOperator } from '../../../../components/app/operator/bacc-operator.js';
import { makeRules } from '../../../../src/rules.js';
import { freshStorage, until } from './operator-helpers.js';

const TABLE = 'Undo table';

async function mountOperator(): Promise<BaccOperator> {
  const el = await fixture<BaccOperator>(html`<bacc-operator table=${TABLE} .rules=${makeRules()}></bacc-operator>`);
  await until(() => el.desk.ready, 'the stored shoe to be read');
  return el;
}

const outcomes = (el: BaccOperator) => el.desk.hands.map((hand) => hand.outcome).join('');
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

  it('after a reload undo removes the last hand, and redo puts it back', async () => {
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
