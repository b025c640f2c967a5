/** The console's tests: a person's typing, a mounted console and what it shows. */
import { fixture } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../../components/app/operator/bacc-operator.js';
import type { BaccOperator } from '../../../../components/app/operator/bacc-operator.js';
import { makeRules } from '../../../../src/game/rules.js';
import { BURST_GAP_MS, HOLD_MS } from '../../../../components/app/operator/reader/scanner-keys.js';
import { delay, until } from '../../../support/wait.js';
import { freshStorage } from '../../../support/browser/storage.js';

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
    await delay(PERSON_GAP_MS);
    await sendKeys({ press: key });
  }
  await delay(PERSON_GAP_MS);
}

/** Types `text` as a person does, a key at a time (off a text field, where keys are the console's). */
export async function typeLikePerson(text: string): Promise<void> {
  await press(...[...text].map((character) => (character === ' ' ? 'Space' : character)));
}

/** What a test gives a console besides its table, set before it is connected, as a page would. */
export type ConsoleSettings = Partial<Pick<BaccOperator, 'rules' | 'store' | 'retryDelays' | 'serial' | 'broker' | 'limits'>>;

/**
 * A console of `table` (on the page's storage unless `store` is given), once it has read the table's
 * stored shoe; with `readOnly`, once it has found the table kept by another console (mounted before
 * it, say); with `reading`, at once, for a test that acts while the stored shoe is still being read.
 */
export async function mountConsole(
  table: string,
  { readOnly = false, reading = false, ...settings }: ConsoleSettings & { readOnly?: boolean; reading?: boolean } = {},
): Promise<BaccOperator> {
  const el = document.createElement('bacc-operator');
  el.setAttribute('table', table);
  if (settings.limits !== undefined) el.setAttribute('limits', settings.limits);
  Object.assign(el, { rules: makeRules(), ...settings });
  await fixture<BaccOperator>(el);
  if (!reading)
    await until(
      () => (readOnly ? el.consoleController.readOnly : el.consoleController.ready),
      readOnly ? 'the table kept elsewhere' : 'the stored shoe to be read',
    );
  await el.updateComplete;
  return el;
}

/** The console's hands as a string of outcomes (`BPT`). */
export const outcomes = (el: BaccOperator): string => el.consoleController.hands.map((hand) => hand.outcome).join('');

/** The text of the console's refusal line (empty when none). */
export const alertOf = (el: BaccOperator): string => el.shadowRoot!.querySelector('.alert')!.textContent.trim();

/** The console's card field. */
export const cardField = (el: BaccOperator): HTMLInputElement => el.shadowRoot!.querySelector<HTMLInputElement>('input.cards')!;

/** Whether the card field is on screen and has the focus (never true for want of a field). */
export const cardFieldFocused = (el: BaccOperator): boolean => {
  const field = el.shadowRoot!.querySelector('input.cards');
  return field !== null && el.shadowRoot!.activeElement === field;
};

/** The scoreboard the console shows. */
export const scoreboardOf = (el: HTMLElement) => el.shadowRoot!.querySelector('bacc-scoreboard')!;

/** The trimmed text of the console's element matching `selector`. */
export const textOf = (el: BaccOperator, selector: string): string => el.shadowRoot!.querySelector(selector)!.textContent.trim();

/** The outcomes the console's scoreboard shows, as a string of B, P and T. */
export const shownOutcomes = (el: BaccOperator): string =>
  scoreboardOf(el)
    .hands.map((hand) => hand.outcome)
    .join('');

/** What the console's alert says (a refusal, or nothing). */
export const refusalOf = (el: BaccOperator): string => textOf(el, '[role="alert"]');

/** Starts a recorded shoe with S, as a clerk does, and waits until the console says it records. */
export async function newShoe(el: BaccOperator): Promise<void> {
  await press('s');
  await until(() => textOf(el, '.shoe-state').startsWith('Recording'), 'a new recorded shoe');
}

/**
 * For a suite whose consoles sign clerks in: a fresh IndexedDB for each test and no clerk kept from
 * the one before (the console keeps its clerk in sessionStorage, for a reload). Returns the test's storage.
 */
export function useFreshConsole(): () => Awaited<ReturnType<typeof freshStorage>> {
  let storage: Awaited<ReturnType<typeof freshStorage>> | undefined;
  beforeEach(async () => {
    storage = await freshStorage();
    sessionStorage.removeItem('bacc-operator-name');
  });
  afterEach(async () => {
    sessionStorage.removeItem('bacc-operator-name');
    await storage?.teardown();
  });
  return () => {
    if (storage === undefined) throw new Error('the fresh storage exists only inside a test');
    return storage;
  };
}
