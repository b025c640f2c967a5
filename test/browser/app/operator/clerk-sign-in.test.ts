/**
 * The clerk signs in at the console itself (Z), and hands over at a shift change in one step: the
 * header names who signs the audit trail, every entry names them, and a reload keeps them. A typed
 * reason longer than a reason may be is said and refused, never cut.
 */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { BaccOperator } from '../../../../components/app/operator/bacc-operator.js';
import type { AuditEntry } from '../../../../src/shoes/document.js';
import { mountConsole, newShoe, outcomes, press, refusalOf, textOf, useFreshConsole } from './operator-helpers.js';
import { until } from '../../../support/wait.js';
import { useLocale } from '../../../../components/app/shared/localization.js';

const TABLE = 'Clerk table';

const audit = (el: BaccOperator): AuditEntry[] => el.consoleController.shoe?.audit ?? [];
const nameField = (el: BaccOperator): HTMLInputElement | null => el.shadowRoot!.querySelector<HTMLInputElement>('input.clerk-name');
const header = (el: BaccOperator): string => textOf(el, '.clerk');

/** Z, then `name` typed over what the field holds, then Enter; returns once the header names whoever is signed in. */
async function signInByKeys(el: BaccOperator, name: string): Promise<void> {
  await press('z');
  await until(() => nameField(el) !== null && el.shadowRoot!.activeElement === nameField(el), 'the name field');
  if (name) await sendKeys({ type: name });
  else await press('Backspace');
  await press('Enter');
  await until(() => nameField(el) === null, 'the name field closed');
  await el.updateComplete;
}

describe('<bacc-operator> the clerk signs in at the console', function () {
  this.timeout(20_000);
  const storage = useFreshConsole();

  it('signs in with Z, hands over at a shift change in one step, names the clerk in the header and on every entry, and keeps them through a reload', async () => {
    let el = await mountConsole(TABLE);
    expect(header(el)).to.contain('No clerk signed in');
    await signInByKeys(el, 'Mei');
    expect(header(el)).to.contain('Clerk: Mei');
    expect(textOf(el, '.done')).to.contain('Mei signed in');
    // The focus goes back to the button that opened the field, so the next keys are the console's again.
    expect(el.shadowRoot!.activeElement).to.equal(el.shadowRoot!.querySelector('[data-action="sign-in"]'));
    await newShoe(el);
    await press('b', 'p', 'u');
    await until(() => outcomes(el) === 'B' && audit(el).length === 1, 'the undo kept');
    expect(audit(el)[0]).to.deep.include({ operator: 'Mei', action: 'undo', hand: 2 });

    // The next clerk types their name over Mei's: Mei is signed out as Li signs in.
    await signInByKeys(el, 'Li');
    expect(header(el)).to.contain('Clerk: Li').and.not.to.contain('Mei');
    expect(textOf(el, '.done')).to.contain('Li signed in, Mei signed out');
    await press('r');
    await until(() => outcomes(el) === 'BP' && audit(el).length === 2, 'the redo kept');
    expect(audit(el)[1]).to.deep.include({ operator: 'Li', action: 'redo', hand: 2 });

    // A reload of the console: Li is still the clerk, and still named.
    el.remove();
    el = await mountConsole(TABLE);
    expect(header(el)).to.contain('Clerk: Li');
    await press('u');
    await until(() => outcomes(el) === 'B' && audit(el).length === 3, 'the undo after the reload kept');
    expect(audit(el)[2]).to.deep.include({ operator: 'Li', action: 'undo', hand: 2 });

    // Escape leaves the field and changes nothing; an empty name signs out.
    await press('z');
    await until(() => el.shadowRoot!.activeElement === nameField(el), 'the name field');
    await sendKeys({ type: 'Wei' });
    await press('Escape');
    await until(() => nameField(el) === null, 'the name field closed');
    expect(header(el)).to.contain('Clerk: Li');
    await signInByKeys(el, '');
    expect(header(el)).to.contain('No clerk signed in');
    expect(textOf(el, '.done')).to.contain('Li signed out');
    await press('r');
    await until(() => audit(el).length === 4, 'the redo kept');
    expect(audit(el)[3]).to.deep.include({ operator: null, action: 'redo' });
    expect(sessionStorage.getItem('bacc-operator-name')).to.equal(null);
    const stored = (await storage().store.latestShoe({ table: TABLE }))!;
    expect(stored.audit!.map((entry) => entry.operator)).to.deep.equal(['Mei', 'Li', 'Li', null]);
  });

  it('says who is signed in, and the hand-over, in Chinese on a Chinese page', async () => {
    await useLocale('zh-Hans');
    try {
      const el = await mountConsole(TABLE);
      expect(header(el)).to.contain('无操作员签到');
      await signInByKeys(el, 'Mei');
      expect(header(el)).to.contain('操作员：Mei').and.to.contain('更改操作员');
      await signInByKeys(el, 'Li');
      expect(textOf(el, '.done')).to.equal('Li 已签到，Mei 已签退：此后的操作记录都记为 Li。');
    } finally {
      await useLocale('en');
    }
  });

  it('refuses a typed reason over 200 characters with a word, and the field keeps it to be shortened', async () => {
    const el = await mountConsole(TABLE);
    await newShoe(el);
    await press('b', 'p', 'u');
    await until(() => audit(el).length === 1 && el.consoleController.reasonWanted !== null, 'the question why');
    await press('?');
    const field = el.shadowRoot!.querySelector<HTMLInputElement>('input.why-typed')!;
    await until(() => el.shadowRoot!.activeElement === field, 'the reason field');
    const reason = `${'shoe jammed '.repeat(16)}and the cards fell`;
    expect(reason).to.have.length(210);
    await sendKeys({ type: reason });
    await el.updateComplete;
    // Said as it is typed, beside the field.
    expect(field.value).to.equal(reason);
    expect(field.getAttribute('aria-invalid')).to.equal('true');
    expect(textOf(el, '.why-too-long')).to.equal('210 characters: a reason holds at most 200');
    await press('Enter');
    await until(() => refusalOf(el) !== '', 'the refusal');
    expect(refusalOf(el)).to.contain('That reason is 210 characters long: a reason holds at most 200');
    expect(field.value).to.equal(reason);
    expect(el.shadowRoot!.activeElement).to.equal(field);
    expect(audit(el)).to.have.length(1);
    // Shortened to 200: kept whole.
    for (let index = 0; index < 10; index++) await sendKeys({ press: 'Backspace' });
    await el.updateComplete;
    expect(textOf(el, '.why-too-long')).to.equal('');
    expect(field.getAttribute('aria-invalid')).to.equal('false');
    await press('Enter');
    await until(() => audit(el).length === 2, 'the reason kept');
    expect(audit(el)[1]).to.deep.include({ action: 'reason', reason: reason.slice(0, 200).trim(), reasonFor: 1 });
  });
});
