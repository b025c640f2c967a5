/** Shared set-up of the operator, display and kiosk storage tests: a database of their own per test. */
import { fixture, fixtureCleanup, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../../components/app/operator/bacc-operator.js';
import type { BaccOperator } from '../../../../components/app/operator/bacc-operator.js';
import { makeRules, type TableRules } from '../../../../src/game/rules.js';
import { closeStorage, openStorage } from '../../../../components/app/shared/data/storage.js';
import { ScoreboardStore } from '../../../../components/app/shared/data/scoreboard-store.js';
import type { KeptShoeStore } from '../../../../components/app/shared/data/kept-shoe.js';
import { ACTIONS_KEY_PREFIX } from '../../../../components/app/operator/clerk-actions.js';
import { ENTRY_MODE_KEY_PREFIX, LAST_ENTRY_MODE_KEY } from '../../../../components/app/operator/entry-mode.js';
import { BURST_GAP_MS, HOLD_MS } from '../../../../components/app/operator/reader/scanner-keys.js';

export const wait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `condition` holds, or fails naming `what` after `ms`. */
export async function until(condition: () => boolean, what: string, ms = 3000): Promise<void> {
  const end = performance.now() + ms;
  while (!condition()) {
    if (performance.now() > end) throw new Error(`timed out waiting for ${what}`);
    await wait(10);
  }
}

/**
 * A person's pause between keys: longer than a scanner's (so keys, or the test runner's typing and
 * the Enter after it, are never taken for a card's) and than the hold of a key that may start a card
 * (so that key has acted before the test goes on).
 */
export const PERSON_GAP_MS = 80;
if (PERSON_GAP_MS <= Math.max(BURST_GAP_MS, HOLD_MS)) throw new Error('a person types slower than a scanner');

/**
 * Presses keys as a person does, one at a time, `PERSON_GAP_MS` after whatever was typed before and
 * apart, wherever the focus is (the test runner alone types as fast as a scanner); returns once the
 * last key has acted.
 */
export async function press(...keys: string[]): Promise<void> {
  for (const key of keys) {
    await wait(PERSON_GAP_MS);
    await sendKeys({ press: key });
  }
  await wait(PERSON_GAP_MS);
}

/** Types `text` as a person does, a key at a time (off a text field, where keys are the console's). */
export async function typeLikePerson(text: string): Promise<void> {
  await press(...[...text].map((character) => (character === ' ' ? 'Space' : character)));
}

let count = 0;

/** Opens the page's storage on a fresh database for this test; returns it and its teardown. */
export async function freshStorage(): Promise<{ store: ScoreboardStore; name: string; teardown: () => Promise<void> }> {
  await closeStorage();
  forgetEntryModes();
  const name = `bacc-test-${Date.now()}-${count++}`;
  const store = await openStorage({ name });
  return {
    store,
    name,
    teardown: async () => {
      // Elements first, so nothing writes to the database while it is deleted.
      fixtureCleanup();
      forgetEntryModes();
      await closeStorage();
      await ScoreboardStore.deleteDatabase(name);
    },
  };
}

/** A store that passes everything to `real` except what `overrides` replaces (a failing write, say). */
export function storeLike(real: ScoreboardStore, overrides: Partial<KeptShoeStore> = {}): KeptShoeStore {
  return {
    createShoe: (shoe, origin) => real.createShoe(shoe, origin),
    appendHand: (id, index, hand) => real.appendHand(id, index, hand),
    replaceHand: (id, index, hand) => real.replaceHand(id, index, hand),
    removeLastHand: (id, index) => real.removeLastHand(id, index),
    endShoe: (id, at) => real.endShoe(id, at),
    latestShoe: (filter) => real.latestShoe(filter),
    listShoes: (query) => real.listShoes(query),
    deleteShoe: (id) => real.deleteShoe(id),
    ...overrides,
  };
}

/**
 * A store whose `appendHand` waits until the test lets it write: a hand that is "being written"
 * for as long as the test needs. Everything else goes straight to `real`.
 */
export function gatedStore(real: ScoreboardStore): { store: KeptShoeStore; waiting: () => number; release: () => void } {
  const gates: (() => void)[] = [];
  const store = storeLike(real, {
    appendHand: async (id, index, hand) => {
      await new Promise<void>((resolve) => gates.push(resolve));
      await real.appendHand(id, index, hand);
    },
  });
  return {
    store,
    waiting: () => gates.length,
    release: () => {
      for (const open of gates.splice(0)) open();
    },
  };
}

/**
 * Forgets what each table's console kept in localStorage (its entry mode, its undo and redo lists),
 * so each test starts in outcome entry with nothing to undo.
 */
export function forgetEntryModes(): void {
  for (const key of Object.keys(localStorage)) {
    if (key.startsWith(ENTRY_MODE_KEY_PREFIX) || key.startsWith(ACTIONS_KEY_PREFIX)) localStorage.removeItem(key);
  }
  localStorage.removeItem(LAST_ENTRY_MODE_KEY);
}

/**
 * A console of `table` on the page's storage, once it has read the table's stored shoe; with
 * `readOnly`, once it has found the table kept by another console (mounted before it, say).
 */
export async function mountConsole(
  table: string,
  { rules = makeRules(), readOnly = false }: { rules?: TableRules; readOnly?: boolean } = {},
): Promise<BaccOperator> {
  const el = await fixture<BaccOperator>(html`<bacc-operator table=${table} .rules=${rules}></bacc-operator>`);
  await until(() => (readOnly ? el.desk.readOnly : el.desk.ready), readOnly ? 'the table kept elsewhere' : 'the stored shoe to be read');
  await el.updateComplete;
  return el;
}

/** The console's hands as a string of outcomes (`BPT`). */
export const outcomes = (el: BaccOperator): string => el.desk.hands.map((hand) => hand.outcome).join('');

/** The text of the console's refusal line (empty when none). */
export const alertOf = (el: BaccOperator): string => el.shadowRoot!.querySelector('.alert')!.textContent.trim();

/** The console's card field. */
export const cardField = (el: BaccOperator): HTMLInputElement => el.shadowRoot!.querySelector<HTMLInputElement>('input.cards')!;

/** Whether the card field is on screen and has the focus (never true for want of a field). */
export const cardFieldFocused = (el: BaccOperator): boolean => {
  const field = el.shadowRoot!.querySelector('input.cards');
  return field !== null && el.shadowRoot!.activeElement === field;
};
