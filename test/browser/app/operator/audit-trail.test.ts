import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../../components/app/operator/bacc-operator.js';
import type { BaccOperator } from '../../../../components/app/operator/bacc-operator.js';
import { cleanOperatorName, cleanReason } from '../../../../components/app/operator/console-audit.js';
import { useLocale } from '../../../../components/app/shared/localization.js';
import { parseShoeDocument, shoeDocumentText, type AuditEntry } from '../../../../src/shoes/document.js';
import { mountConsole, press as pressLikePerson, useFreshConsole } from './operator-helpers.js';
import { storeLike } from '../../../support/browser/storage.js';
import { until } from '../../../support/wait.js';

const TABLE = 'Audit table';

async function press(...keys: string[]): Promise<void> {
  for (const key of keys) await sendKeys({ press: key });
}

const outcomes = (el: BaccOperator): string => el.consoleController.hands.map((hand) => hand.outcome).join('');
const audit = (el: BaccOperator): AuditEntry[] => el.consoleController.shoe?.audit ?? [];
const question = (el: BaccOperator): HTMLElement | null => el.shadowRoot!.querySelector<HTMLElement>('.why');
const reasonField = (el: BaccOperator): HTMLInputElement => el.shadowRoot!.querySelector<HTMLInputElement>('input.why-typed')!;

/** A recorded shoe with hands B P, and hand 2 undone by U: the question why is on screen. */
async function undoneHand(el: BaccOperator): Promise<void> {
  await press('s');
  await until(() => el.consoleController.shoeOpen, 'a new shoe');
  await press('b', 'p');
  await until(() => outcomes(el) === 'BP' && el.consoleController.unsaved === 0, 'two hands');
  await press('u');
  await until(() => audit(el).length === 1 && el.consoleController.reasonWanted !== null, 'the undo kept and its reason asked');
  await el.updateComplete;
}

describe('<bacc-operator> audit trail', () => {
  const storage = useFreshConsole();

  it('keeps an undo at once with nobody signed in, then the reason a digit gives as an entry of its own', async () => {
    const el = await mountConsole(TABLE);
    await undoneHand(el);
    expect(outcomes(el)).to.equal('B');
    expect(audit(el)).to.have.length(1);
    expect(audit(el)[0]).to.deep.include({ operator: null, action: 'undo', hand: 2, reason: null });
    expect(question(el)!.textContent).to.contain('Why? Undo, hand 2:');
    expect(question(el)!.textContent).to.contain("Clerk's error");
    expect(el.shadowRoot!.activeElement, 'the question takes no focus').to.equal(null);

    await press('2');
    await until(() => audit(el).length === 2, 'the reason kept');
    expect(audit(el)[1]).to.deep.include({ operator: null, action: 'reason', hand: 2, reason: 'dealer error', reasonFor: 1 });
    // The earlier entry is not rewritten, and the digit set no pair flag.
    expect(audit(el)[0]!.reason).to.equal(null);
    expect(el.consoleController.flags.bankerPair).to.equal(false);
    await el.updateComplete;
    expect(question(el)).to.equal(null);
    expect(el.shadowRoot!.querySelector('.done')!.textContent).to.contain("Reason kept: Dealer's error.");

    // Answered: 2 is the banker pair key again (a key that could start a card acts a moment late: see scanner-keys.ts).
    await press('2');
    await until(() => el.consoleController.flags.bankerPair, 'the banker pair set');
    const stored = (await storage().store.latestShoe({ table: TABLE }))!;
    expect(stored.audit).to.deep.equal(audit(el));
  });

  it('names the operator signed in on every audited action: undo, redo, correct and reopen', async () => {
    const el = await mountConsole(TABLE);
    el.signIn('Wei');
    await undoneHand(el);
    await press('r');
    await until(() => outcomes(el) === 'BP' && audit(el).length === 2, 'the redo kept');
    await press('h');
    const handNumber = el.shadowRoot!.querySelector<HTMLInputElement>('input.hand-number')!;
    await until(() => el.shadowRoot!.activeElement === handNumber, 'the hand number field');
    await sendKeys({ type: '1' });
    await press('Enter');
    await until(() => el.consoleController.correcting === 0, 'the correction begun');
    await press('p');
    await until(() => outcomes(el) === 'PP' && audit(el).length === 3, 'the correction kept');
    await press('e');
    await until(() => el.consoleController.confirming === 'end-shoe', 'the question');
    await press('y');
    await until(() => !el.consoleController.shoeOpen && el.consoleController.canReopen, 'the shoe ended');
    await press('l');
    await until(() => audit(el).length === 4, 'the reopening kept');
    expect(audit(el).map(({ operator, action, hand, reason }) => [operator, action, hand, reason])).to.deep.equal([
      ['Wei', 'undo', 2, null],
      ['Wei', 'redo', 2, null],
      ['Wei', 'correct', 1, null],
      ['Wei', 'reopen', null, null],
    ]);
    expect(el.consoleController.reasonWanted).to.deep.include({ action: 'reopen', hand: null, entry: 4 });
  });

  it('leaves the question unanswered on Escape, and then no digit is taken as an answer', async () => {
    const el = await mountConsole(TABLE);
    await undoneHand(el);
    await press('Escape');
    await el.updateComplete;
    expect(question(el)).to.equal(null);
    await press('1');
    await until(() => el.consoleController.flags.playerPair, 'the player pair set');
    expect(audit(el)).to.have.length(1);
    expect(audit(el)[0]!.reason).to.equal(null);
  });

  it('blocks nothing: another key does its own action at once and leaves the question, never recording by a digit', async () => {
    const el = await mountConsole(TABLE);
    await undoneHand(el);
    await press('3');
    await until(() => audit(el).length === 2, 'the reason kept');
    expect(outcomes(el)).to.equal('B');
    await press('u');
    await until(() => el.consoleController.reasonWanted?.entry === 3, 'the second undo asks why');
    await press('t');
    await until(() => outcomes(el) === 'T', 'the tie recorded');
    await el.updateComplete;
    expect(question(el)).to.equal(null);
    expect(audit(el).map((entry) => [entry.action, entry.reason])).to.deep.equal([
      ['undo', null],
      ['reason', 'card misread'],
      ['undo', null],
    ]);
  });

  it('takes a typed reason after ?, cleaned, and gives the focus back; an empty one is refused and kept asking', async () => {
    const el = await mountConsole(TABLE);
    await undoneHand(el);
    await press('?');
    expect(el.shadowRoot!.activeElement).to.equal(reasonField(el));
    // Typed keys are the reason's: u would otherwise undo, b record a hand.
    await sendKeys({ type: '   ' });
    await press('Enter');
    await el.updateComplete;
    expect(el.consoleController.message?.news).to.deep.equal({ about: 'reason-refused' });
    expect(el.consoleController.reasonWanted).to.not.equal(null);
    await sendKeys({ type: '  shoe   jammed, burn redone ' });
    await press('Enter');
    await until(() => audit(el).length === 2, 'the typed reason kept');
    expect(audit(el)[1]).to.deep.include({ action: 'reason', reason: 'shoe jammed, burn redone', reasonFor: 1, hand: 2 });
    expect(outcomes(el)).to.equal('B');
    await el.updateComplete;
    expect(question(el)).to.equal(null);
    expect(el.shadowRoot!.activeElement).to.equal(null);
    await press('b');
    await until(() => outcomes(el) === 'BB', 'the keys are the console’s again');
  });

  it('in card entry keeps digits as cards; ? then a number and Enter gives a listed reason, back in the card field', async () => {
    const el = await mountConsole(TABLE);
    await press('s');
    await until(() => el.consoleController.shoeOpen, 'a new shoe');
    await press('c');
    await until(() => el.shadowRoot!.activeElement?.matches('input.cards') === true, 'the card field');
    const cards = el.shadowRoot!.querySelector<HTMLInputElement>('input.cards')!;
    await sendKeys({ type: '8h 8d ks 5c ' });
    await press('Enter');
    await until(() => el.consoleController.hands.length === 1 && el.consoleController.unsaved === 0, 'a hand by cards');
    await sendKeys({ down: 'Control' });
    await press('z');
    await sendKeys({ up: 'Control' });
    await until(() => el.consoleController.hands.length === 0 && el.consoleController.reasonWanted !== null, 'the undo asks why');
    await sendKeys({ type: '?' });
    expect(el.shadowRoot!.activeElement).to.equal(reasonField(el));
    await sendKeys({ type: '4' });
    await press('Enter');
    await until(() => audit(el).length === 2, 'the reason kept');
    expect(audit(el)[1]).to.deep.include({ action: 'reason', reason: 'card exposed', reasonFor: 1 });
    expect(el.shadowRoot!.activeElement).to.equal(cards);
    // Digits go on being cards: 9 then h make a card in the field, and no reason is asked.
    await sendKeys({ type: '9h ' });
    await until(() => el.consoleController.typedCards.length === 1, 'the card typed');
    expect(el.consoleController.typedCards).to.deep.equal(['9H']);
  });

  it('keeps the trail, the reason given later and "not signed in", through export and import byte for byte', async () => {
    const el = await mountConsole(TABLE);
    await undoneHand(el);
    await press('5');
    await until(() => audit(el).length === 2, 'the reason kept');
    const shoe = (await storage().store.latestShoe({ table: TABLE }))!;
    const text = shoeDocumentText([{ ...shoe, audit: shoe.audit }]);
    expect(text).to.contain('"operator":null,"action":"undo","hand":2,"reason":null}');
    expect(text).to.contain('"action":"reason","hand":2,"reason":"supervisor","reasonFor":1}');
    expect(shoeDocumentText(parseShoeDocument(JSON.parse(text) as unknown).shoes)).to.equal(text);
  });

  it('keeps no entry with a store that cannot keep an audit trail, and says nothing failed', async () => {
    const el = await mountConsole(TABLE, { store: storeLike(storage().store) });
    // A person's pace: S then B within 30 ms is a scanner's burst without Enter, refused whole.
    await pressLikePerson('s', 'b');
    await until(() => outcomes(el) === 'B' && el.consoleController.unsaved === 0, 'a hand');
    await press('u');
    await until(() => outcomes(el) === '', 'the hand undone');
    await el.updateComplete;
    expect(el.consoleController.reasonWanted).to.equal(null);
    expect(el.consoleController.message?.kind).to.equal('done');
  });

  it('cleans a typed reason: control and format characters out, white space collapsed, 1 to 200 characters', () => {
    expect(cleanReason(' shoe\tjammed\u0007 ')).to.equal('shoe jammed');
    expect(cleanReason('dealer\u202e error\u200b')).to.equal('dealer error');
    expect(cleanReason('\u0000\u0001 ')).to.equal(null);
    expect(cleanReason('x'.repeat(200))).to.have.length(200);
    expect(cleanReason('x'.repeat(201))).to.equal(null);
  });

  it('signs in with a name cleaned as the trail keeps it, cut to 60 characters; nothing left signs out', () => {
    expect(cleanOperatorName('  Ｗｅｉ\u00a0 Li\u202e ')).to.equal('Wei Li');
    expect(cleanOperatorName('名'.repeat(70))).to.equal('名'.repeat(60));
    expect(cleanOperatorName('\u200b\u0007')).to.equal('');
  });

  it('is accessible with the question on screen', async () => {
    const el = await mountConsole(TABLE);
    await undoneHand(el);
    await expect(el).to.be.accessible();
  });

  it('asks why in Chinese', async () => {
    await useLocale('zh-Hans');
    try {
      const el = await mountConsole(TABLE);
      await undoneHand(el);
      const text = question(el)!.textContent.replace(/\s+/g, ' ');
      expect(text).to.contain('原因？撤销，第 2 局：');
      expect(text).to.contain('记录员失误');
      expect(text).to.contain('暂不说明');
      expect(reasonField(el).placeholder).to.equal('或输入原因（?）');
      await press('1');
      await until(() => audit(el).length === 2, 'the reason kept');
      await el.updateComplete;
      expect(el.shadowRoot!.querySelector('.done')!.textContent).to.contain('原因已记录：记录员失误。');
    } finally {
      await useLocale('en');
    }
  });
});
