import { expect, fixture, html } from '@open-wc/testing';
import '../../../../components/app/history/bacc-history.js';
import '../../../../components/app/operator/bacc-operator.js';
import type { BaccHistory } from '../../../../components/app/history/bacc-history.js';
import { mountConsole } from '../operator/operator-helpers.js';
import { freshStorage } from '../../../support/browser/storage.js';
import { until } from '../../../support/wait.js';

const TABLE = 'Delete table';

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
  await until(() => el.shadowRoot!.querySelector(`tr[data-shoe-id="${id}"] [data-action="confirm-delete"]`) !== null, 'the question');
  rowButton(el, id, 'confirm-delete').click();
}

const questionText = (el: BaccHistory) => el.shadowRoot!.querySelector('#delete-question')?.textContent?.replace(/\s+/g, ' ').trim() ?? '';

/** A time as History's rows show it: local, "2026-12-01 14:02". */
function shown(iso: string): string {
  const date = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}`;
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

  it('offers no deletion of the open shoe of a console at work: it names the shoe and says to end it there first', async () => {
    const console = await mountConsole(TABLE);
    await console.consoleController.confirm('new-shoe');
    await console.consoleController.recordOutcome('B');
    await console.consoleController.recordOutcome('P');
    const id = console.consoleController.shoe!.id;
    const history = await mountHistory();
    await history.refresh();
    rowButton(history, id, 'delete').click();
    await until(() => questionText(history).length > 0, 'the question');
    const stored = (await storage.store.getSummary(id))!;
    // The shoe by its table, number and start time, as the list shows it; never by its id.
    expect(questionText(history)).to.equal(
      `${TABLE}, shoe ${stored.number}, started ${shown(stored.startedAt)}: a console is recording this shoe. End it there first (key E); then it can be deleted here.`,
    );
    expect(questionText(history)).not.to.contain(id);
    // Only Close: no Delete to press and be refused afterwards.
    const buttons = [...history.shadowRoot!.querySelectorAll(`tr[data-shoe-id="${id}"] [role="group"] button`)];
    expect(buttons.map((button) => button.textContent.trim())).to.deep.equal(['Close']);
    expect(history.shadowRoot!.activeElement).to.equal(buttons[0]);
    (buttons[0] as HTMLButtonElement).click();
    // The question is closed, and the focus is back on the shoe's Delete button.
    await until(
      () => history.shadowRoot!.activeElement === history.shadowRoot!.querySelector(`tr[data-shoe-id="${id}"] [data-action="delete"]`),
      'the focus on Delete',
    );
    expect((await storage.store.getShoe(id))?.hands).to.have.length(2);
    // The console goes on, and its hands are kept.
    await console.consoleController.recordOutcome('T');
    expect((await storage.store.getShoe(id))?.hands.map((hand) => hand.outcome).join('')).to.equal('BPT');
    // Ended in the console, the shoe may go.
    await console.consoleController.confirm('end-shoe');
    await deleteInHistory(history, id);
    await until(() => !history.shadowRoot!.querySelector(`tr[data-shoe-id="${id}"]`), 'the row to go');
    expect(await storage.store.getShoe(id)).to.equal(undefined);
  });

  it('names the shoe, never its id, when a console takes it up between the question and the Delete', async () => {
    const first = await mountConsole(TABLE);
    await first.consoleController.confirm('new-shoe');
    await first.consoleController.recordOutcome('B');
    const id = first.consoleController.shoe!.id;
    first.remove();
    const history = await mountHistory();
    await history.refresh();
    rowButton(history, id, 'delete').click();
    await until(
      () => history.shadowRoot!.querySelector(`tr[data-shoe-id="${id}"] [data-action="confirm-delete"]`) !== null,
      'the question',
    );
    // A console opens on the table meanwhile, and holds it.
    await mountConsole(TABLE);
    rowButton(history, id, 'confirm-delete').click();
    await until(() => alertText(history).includes('still recording'), 'the refusal');
    const stored = (await storage.store.getSummary(id))!;
    expect(alertText(history)).to.equal(
      `${TABLE}, shoe ${stored.number}, started ${shown(stored.startedAt)}: a console is still recording this shoe. End it there first (key E), then delete it here.`,
    );
    expect(alertText(history)).not.to.contain(id);
    expect(await storage.store.getShoe(id)).not.to.equal(undefined);
  });

  it('deletes an open console shoe that no console keeps (one closed without ending it)', async () => {
    const console = await mountConsole(TABLE);
    await console.consoleController.confirm('new-shoe');
    await console.consoleController.recordOutcome('B');
    const id = console.consoleController.shoe!.id;
    console.remove();
    const history = await mountHistory();
    await deleteInHistory(history, id);
    await until(() => !history.shadowRoot!.querySelector(`tr[data-shoe-id="${id}"]`), 'the row to go');
    expect(await storage.store.getShoe(id)).to.equal(undefined);
  });
});
