import { expect, fixture, html } from '@open-wc/testing';
import '../../../../components/app/history/bacc-history.js';
import '../../../../components/app/operator/bacc-operator.js';
import type { BaccHistory } from '../../../../components/app/history/bacc-history.js';
import type { BaccOperator } from '../../../../components/app/operator/bacc-operator.js';
import { makeRules } from '../../../../src/rules.js';
import { freshStorage, until } from '../operator/operator-helpers.js';

const TABLE = 'Delete table';

async function mountConsole(): Promise<BaccOperator> {
  const el = await fixture<BaccOperator>(html`<bacc-operator table=${TABLE} .rules=${makeRules()}></bacc-operator>`);
  await until(() => el.desk.ready, 'the console to keep the table');
  return el;
}

async function mountHistory(): Promise<BaccHistory> {
  const el = await fixture<BaccHistory>(html`<bacc-history page-size="5"></bacc-history>`);
  await el.refresh();
  return el;
}

function rowButton(el: BaccHistory, id: string, action: string): HTMLButtonElement {
  const button = el.shadowRoot!.querySelector<HTMLButtonElement>(`tr[data-shoe-id="${id}"] [data-action="${action}"]`);
  if (!button) throw new Error(`no ${action} button for ${id}`);
  return button;
}

async function deleteInHistory(el: BaccHistory, id: string): Promise<void> {
  await el.refresh();
  rowButton(el, id, 'delete').click();
  await el.updateComplete;
  rowButton(el, id, 'confirm-delete').click();
}

const alertText = (el: BaccHistory) => el.shadowRoot!.querySelector('[part="notice"][role="alert"]')?.textContent ?? '';

describe('<bacc-history> deleting the shoe a console records', () => {
  let storage: Awaited<ReturnType<typeof freshStorage>>;
  beforeEach(async () => {
    storage = await freshStorage();
  });
  afterEach(async () => {
    await storage.teardown();
  });

  it('refuses to delete the open shoe of a console at work, and says to end it there first', async () => {
    const console = await mountConsole();
    await console.desk.confirm('new-shoe');
    await console.desk.recordOutcome('B');
    await console.desk.recordOutcome('P');
    const id = console.desk.shoe!.id;
    const history = await mountHistory();
    await deleteInHistory(history, id);
    await until(() => alertText(history).includes('still being recorded by an operator console'), 'the refusal');
    expect(alertText(history)).to.contain('end it there first');
    // The question is closed, and the focus is back on the shoe's Delete button.
    await until(() => history.shadowRoot!.activeElement === rowButton(history, id, 'delete'), 'the focus on Delete');
    expect((await storage.store.getShoe(id))?.hands).to.have.length(2);
    // The console goes on, and its hands are kept.
    await console.desk.recordOutcome('T');
    expect((await storage.store.getShoe(id))?.hands.map((hand) => hand.outcome).join('')).to.equal('BPT');
    // Ended in the console, the shoe may go.
    await console.desk.confirm('end-shoe');
    await deleteInHistory(history, id);
    await until(() => !history.shadowRoot!.querySelector(`tr[data-shoe-id="${id}"]`), 'the row to go');
    expect(await storage.store.getShoe(id)).to.equal(undefined);
  });

  it('deletes an open console shoe that no console keeps (one closed without ending it)', async () => {
    const console = await mountConsole();
    await console.desk.confirm('new-shoe');
    await console.desk.recordOutcome('B');
    const id = console.desk.shoe!.id;
    console.remove();
    const history = await mountHistory();
    await deleteInHistory(history, id);
    await until(() => !history.shadowRoot!.querySelector(`tr[data-shoe-id="${id}"]`), 'the row to go');
    expect(await storage.store.getShoe(id)).to.equal(undefined);
  });
});
