/**
 * A card scanner that types like a keyboard: it types a card's characters much faster than a person
 * (a key every few milliseconds) and ends them with Enter. This tells such a burst from a person's
 * keys, in any entry mode:
 *
 * - A burst is at least 2 card characters (letters and digits, no space), each within `BURST_GAP_MS`
 *   of the key before it, then Enter within `BURST_GAP_MS`. It is a card: its keys never reach the
 *   console's shortcuts.
 * - Off a text field, a key that could start a card (a rank `A 2-9 T J Q K`, `1` of `10`, or a suit
 *   `S H D C`) is held `HOLD_MS` before it acts: if the next key comes sooner, it may be a scanner's.
 *   Keys that start no card (B, P, N, U…) act at once, unheld. Held keys that turn out to be no card
 *   (the pause came, or a key no card has) are let go in order, as the person typed them: `T` records
 *   a tie `HOLD_MS` late, which a person does not notice (a frame at 60 Hz is 17 ms).
 * - In a text field nothing is held and no burst is looked for: the field is the clerk's (the card
 *   field places a scanner's card in the hand being typed, as if typed). Off the field, in card
 *   entry as in outcome entry, a burst is a card for the card feed.
 * - Keys are held only when the clerk has said a scanner is on this console (`enabled`), a setting
 *   kept per table: a console without one keeps every key instant. Decided so because a burst and a
 *   fast typist (or an automated test typing) look alike to the first key, and a console with no
 *   scanner should not pay even 35 ms for it.
 */

/** The longest wait between two keys of a scanner's burst, in milliseconds. People type 80–250 ms apart. */
export const BURST_GAP_MS = 30;

/** How long a key that could start a card is held off a text field before it acts as a key. */
export const HOLD_MS = 35;

/** A character a card may start with: a rank, the 1 of 10, or a suit (suit-rank scanners type `D12`). */
const CARD_START = /^[2-9atjqk1shdc]$/i;

/** A character of a scanner's card: letters and digits. */
const CARD_PART = /^[0-9a-z]$/i;

/** Where a table's scanner setting is kept (one key per table). */
export const SCANNER_KEY_PREFIX = 'bacc-scanner:';

/** Whether the clerk said a scanner is on `table`'s console. */
export function scannerOn(table: string): boolean {
  try {
    return localStorage.getItem(SCANNER_KEY_PREFIX + table) === 'on';
  } catch {
    return false;
  }
}

/** Keeps the scanner setting of `table`. */
export function setScannerOn(table: string, on: boolean): void {
  try {
    if (on) localStorage.setItem(SCANNER_KEY_PREFIX + table, 'on');
    else localStorage.removeItem(SCANNER_KEY_PREFIX + table);
  } catch {
    /* kept for this window only: the element holds it too */
  }
}

export interface ScannerKeysOptions {
  /** A burst's text, e.g. `9H` or `D12`: a scanner read a card. */
  onCard: (text: string) => void;
  /** A key held and let go: it acts now as the person typed it (off a text field). */
  onRelease: (event: KeyboardEvent) => void;
  /**
   * Whether a scanner is on this console (the clerk says so, per table): only then are keys held.
   * Without one, every key acts at once, and a test's or a fast typist's keys are never taken for a card.
   */
  enabled: () => boolean;
  /** Clock, for tests. */
  now?: () => number;
}

interface Held {
  key: string;
  at: number;
}

/** Whether the key goes into a text field (the field's own, never held). */
function inTextField(event: KeyboardEvent): boolean {
  const target = event.composedPath()[0];
  return target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement;
}

/**
 * Listens to the page's keys before anything else (capture, on the window) and takes a scanner's
 * bursts out of them. Call `connect()` when the console is on the page and `disconnect()` when it leaves.
 */
export class ScannerKeys {
  /** Keys held off a text field, not yet given to the console. */
  private held: Held[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly now: () => number;
  /** Cards read from a scanner since the page opened. */
  cards = 0;

  private readonly listener = (event: KeyboardEvent): void => this.onKey(event);

  constructor(private readonly options: ScannerKeysOptions) {
    this.now = options.now ?? (() => performance.now());
  }

  connect(): void {
    addEventListener('keydown', this.listener, true);
  }

  disconnect(): void {
    removeEventListener('keydown', this.listener, true);
    clearTimeout(this.timer);
    this.held = [];
  }

  private onKey(event: KeyboardEvent): void {
    if (!this.options.enabled() || event.isComposing || event.ctrlKey || event.metaKey || event.altKey) return this.letGo();
    const at = this.now();
    if (inTextField(event)) {
      // Typed into a text field (the card field, a hand number): the field's own. A burst there is
      // not told from a person typing fast and pressing Enter (a test's keys are that fast too).
      this.letGo();
      return;
    }
    const last = this.held.at(-1);
    const inBurst = last !== undefined && at - last.at <= BURST_GAP_MS;
    if (event.key === 'Enter' && inBurst && this.held.length >= 2) {
      swallow(event);
      const text = this.held.map((key) => key.key).join('');
      this.held = [];
      clearTimeout(this.timer);
      this.cards++;
      this.options.onCard(text);
      return;
    }
    const holds = (this.held.length === 0 && CARD_START.test(event.key)) || (inBurst && CARD_PART.test(event.key));
    if (!holds) {
      // A key no card starts with, or one after a pause: what was held acts first, in order.
      this.letGo();
      return;
    }
    if (!inBurst) this.letGo();
    swallow(event);
    this.held.push({ key: event.key, at });
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.letGo(), HOLD_MS);
  }

  /** Gives the held keys to the console, in order, as typed by a person. */
  private letGo(): void {
    clearTimeout(this.timer);
    const held = this.held;
    this.held = [];
    for (const { key } of held) this.options.onRelease(new KeyboardEvent('keydown', { key, cancelable: true }));
  }
}

function swallow(event: KeyboardEvent): void {
  event.preventDefault();
  event.stopImmediatePropagation();
}
