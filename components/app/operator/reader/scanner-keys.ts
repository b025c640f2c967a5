/**
 * A card scanner that types like a keyboard: it types a card's characters much faster than a person
 * (a key every few milliseconds) and ends them with Enter. This tells such a burst from a person's
 * keys, in any entry mode and wherever the focus is, on every console without being told: nobody can
 * be relied on to say a scanner was plugged in, and a card taken as keys does harm (`9H` off the card
 * field opens a correction; typed into it, the shoe's burn card becomes the first card of a hand).
 *
 * - A burst is at least 2 card characters (letters and digits), each within `BURST_GAP_MS` of the key
 *   before it, then Enter within `BURST_GAP_MS`. It is a card for the card feed. People type 80 ms
 *   or more apart, so a person's keys are never one (a test runner's are: tests type like a person).
 * - A burst of 2 or more card characters that ends without Enter (a scanner whose suffix is not set
 *   to Enter, or sends Tab) is no person's typing either: given `onRefused`, it is refused whole, and
 *   none of its keys acts (nor the key that ends it, when that comes as fast); `tb` from a scanner
 *   never records a tie and a banker.
 * - Only what must be held is held. Off a text field, a key that could start a card (a rank
 *   `A 2-9 T J Q K`, `1` of `10`, or a suit `S H D C`), and the keys that follow it within
 *   `BURST_GAP_MS`, wait up to `HOLD_MS` before they act: each would do something at once (a
 *   shortcut, a card character into the card field, or a refusal that would stay on screen beside
 *   the scanned card). Keys that start no card (B, P, N, U, Enter…) act at once. Held keys that turn
 *   out to be no card (the pause came, or a key no card has) are let go in order, as typed: `T`
 *   records a tie `HOLD_MS` late, which nobody notices (a frame at 60 Hz is 17 ms).
 * - In a text field nothing is held: the clerk's typing shows at once. Its keys are only remembered;
 *   when a burst's Enter comes, what the burst typed is taken back out of the field (its text before
 *   the burst is put back) and the Enter never reaches the field.
 * - Shift, pressed by a scanner for capitals, is no key of a burst and breaks none; a key held down
 *   (auto-repeat) is a person's.
 * - Key times are the events' own (`timeStamp`, when the key was pressed), not when the page got to
 *   them: a page busy for a moment hands a person's keys over together, and they must not look fast.
 */

/** The longest wait between two keys of a scanner's burst, in milliseconds. People type 80–250 ms apart. */
export const BURST_GAP_MS = 30;

/** How long a key that could start a card is held off a text field before it acts as a key. */
export const HOLD_MS = 35;

/** A character a card may start with: a rank, the 1 of 10, or a suit (suit-rank scanners type `D12`). */
const CARD_START = /^[2-9atjqk1shdc]$/i;

/** A character of a scanner's card: letters and digits. */
const CARD_PART = /^[0-9a-z]$/i;

/** Keys pressed with others, which type nothing themselves (a scanner presses Shift for capitals). */
const MODIFIERS: ReadonlySet<string> = new Set(['Shift', 'CapsLock']);

/** What the burst reader does with what it finds. */
export interface BurstOutput {
  /** A burst's text, e.g. `9H` or `D12`: a scanner read a card. `typed`: its keys went into a text field. */
  onCard: (text: string, typed: boolean) => void;
  /** A held key that is no card's: it acts now, as the person typed it. */
  onRelease: (key: string) => void;
  /**
   * A burst off a text field that ended without Enter (its keys, e.g. `tb`): refused, none of its keys
   * acts. Without it, such keys are let go as typed.
   */
  onRefused?: (text: string) => void;
}

/**
 * What becomes of a key: it acts (`pass`), waits (`hold`), is the Enter of a card (`card`), or ends
 * a burst without Enter as fast as the burst came, and goes with it (`refused`).
 */
export type KeyVerdict = 'pass' | 'hold' | 'card' | 'refused';

interface Seen {
  key: string;
  at: number;
}

/**
 * The burst rules alone, without the page: keys in, with their times and whether they go into a text
 * field; cards and let-go keys out. Tested in Node with a fake clock.
 */
export class KeyBursts {
  /** The keys of the burst that may be under way: held off a field, or already typed into one. */
  private keys: Seen[] = [];
  private typed = false;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly output: BurstOutput) {}

  /** The keys of the burst under way (for tests). */
  get holding(): string {
    return this.keys.map((seen) => seen.key).join('');
  }

  /** How many keys the burst under way has. */
  get length(): number {
    return this.keys.length;
  }

  /**
   * A key pressed at `at` (ms); `typed`: it goes into a text field. `hold` and `card` keys are the
   * reader's: the caller keeps them from the page. A `pass` key acts as usual, after anything held.
   */
  key(key: string, at: number, typed = false): KeyVerdict {
    const last = this.keys.at(-1);
    const inBurst = last !== undefined && this.typed === typed && at - last.at <= BURST_GAP_MS;
    if (key === 'Enter' && inBurst && this.keys.length >= 2) {
      const text = this.holding;
      this.clear();
      this.output.onCard(text, typed);
      return 'card';
    }
    if (!(inBurst ? CARD_PART : CARD_START).test(key)) {
      // The scanner's own end of a card that is not Enter (Tab, say): refused with the burst.
      if (inBurst && this.refuse()) return 'refused';
      // A key no card has (or starts with, after a pause): what was held acts first, in order.
      this.letGo();
      return 'pass';
    }
    // After a pause, what was held is a person's: it acts before this key, which may start a card.
    if (!inBurst) this.letGo();
    this.keys.push({ key, at });
    this.typed = typed;
    // Typed into a field, the key has shown already: remembered only.
    if (typed) return 'pass';
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.letGo(), HOLD_MS);
    return 'hold';
  }

  /**
   * Ends the burst under way: held keys act, in order, as typed by a person; typed ones stay typed.
   * Two or more held keys came as a scanner's burst without Enter: refused instead (given `onRefused`).
   */
  letGo(): void {
    if (this.refuse()) return;
    const { keys, typed } = this;
    this.clear();
    if (!typed) for (const { key } of keys) this.output.onRelease(key);
  }

  /** Refuses the held burst, when it is one (2 or more keys off a field) and refusals are wanted. */
  private refuse(): boolean {
    const { onRefused } = this.output;
    if (!onRefused || this.typed || this.keys.length < 2) return false;
    const text = this.holding;
    this.clear();
    onRefused(text);
    return true;
  }

  /** Forgets the burst under way (the console left the page). */
  clear(): void {
    clearTimeout(this.timer);
    this.keys = [];
  }
}

export interface ScannerKeysOptions {
  /** A burst's text, e.g. `9H` or `D12`: a scanner read a card. */
  onCard: (text: string) => void;
  /** A key held and let go: it acts now as the person typed it (off a text field). */
  onRelease: (event: KeyboardEvent) => void;
  /** A burst without Enter (see `BurstOutput.onRefused`): none of its keys acts. */
  onRefused?: (text: string) => void;
  /** Whether bursts are looked for (the default): without, every key acts at once and no card is read. */
  enabled?: () => boolean;
  /** Clock, for tests (else each key's own `timeStamp`). */
  now?: () => number;
}

/** A text field's text and selection before a burst typed into it. */
interface FieldBefore {
  field: HTMLInputElement | HTMLTextAreaElement;
  value: string;
  start: number | null;
  end: number | null;
}

/** The text field the key goes into, or null (as for the console's shortcuts: any input, a textarea, editable text). */
function typingInto(event: KeyboardEvent): HTMLElement | null {
  const target = event.composedPath()[0];
  if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) return target;
  return target instanceof HTMLElement && target.isContentEditable ? target : null;
}

/**
 * Listens to the page's keys before anything else (capture, on the window) and takes a scanner's
 * bursts out of them. Call `connect()` when the console is on the page and `disconnect()` when it leaves.
 */
export class ScannerKeys {
  private readonly bursts: KeyBursts;
  /** The field a burst under way types into, as it was before. */
  private before: FieldBefore | null = null;
  /** Cards read from a scanner since the page opened. */
  cards = 0;

  private readonly listener = (event: KeyboardEvent): void => this.onKey(event);

  constructor(private readonly options: ScannerKeysOptions) {
    this.bursts = new KeyBursts({
      onCard: (text, typed) => {
        if (typed) this.putBack();
        this.cards++;
        options.onCard(text);
      },
      onRelease: (key) => options.onRelease(new KeyboardEvent('keydown', { key, cancelable: true })),
      ...(options.onRefused ? { onRefused: options.onRefused } : {}),
    });
  }

  /** The keys of a burst under way, held or typed (for tests). */
  get holding(): string {
    return this.bursts.holding;
  }

  connect(): void {
    addEventListener('keydown', this.listener, true);
  }

  disconnect(): void {
    removeEventListener('keydown', this.listener, true);
    this.bursts.clear();
    this.before = null;
  }

  private onKey(event: KeyboardEvent): void {
    if (MODIFIERS.has(event.key)) return;
    if (!(this.options.enabled?.() ?? true) || event.isComposing || event.ctrlKey || event.metaKey || event.altKey || event.repeat) {
      this.bursts.letGo();
      return;
    }
    const field = typingInto(event);
    const verdict = this.bursts.key(event.key, this.options.now?.() ?? event.timeStamp, field !== null);
    if (verdict === 'pass') {
      // The first key of a burst typed into a field (keydown comes before the character goes in).
      if (field !== null && this.bursts.length === 1) this.before = fieldBefore(field);
      return;
    }
    event.preventDefault();
    event.stopImmediatePropagation();
  }

  /** Takes what a scanner's burst typed back out of the field it went into. */
  private putBack(): void {
    const before = this.before;
    this.before = null;
    if (!before?.field.isConnected) return;
    before.field.value = before.value;
    try {
      if (before.start !== null && before.end !== null) before.field.setSelectionRange(before.start, before.end);
    } catch {
      /* a field without a selection (a number) */
    }
  }
}

function fieldBefore(field: HTMLElement): FieldBefore | null {
  if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return null;
  let start: number | null = null;
  let end: number | null = null;
  try {
    ({ selectionStart: start, selectionEnd: end } = field);
  } catch {
    /* no selection here */
  }
  return { field, value: field.value, start, end };
}
