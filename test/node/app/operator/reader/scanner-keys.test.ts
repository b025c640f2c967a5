/** The burst rules of a scanner that types like a keyboard, on a fake clock (the browser tests type real keys). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BURST_GAP_MS, HOLD_MS, KeyBursts, type KeyVerdict } from '../../../../../components/app/operator/reader/scanner-keys.js';

/** A reader on the fake clock, and what it gave out (`card:9H`, `key:t`), in order. */
function reader() {
  const out: string[] = [];
  const bursts = new KeyBursts({
    onCard: (text, typed) => out.push(`${typed ? 'typed card' : 'card'}:${text}`),
    onRelease: (key) => out.push(`key:${key}`),
  });
  /** Presses `key` `after` ms from now (the hold timers run meanwhile), into a text field if `typed`. */
  const press = (key: string, after = 0, typed = false): KeyVerdict => {
    vi.advanceTimersByTime(after);
    return bursts.key(key, Date.now(), typed);
  };
  /** Presses each key `gap` ms after the one before, the first `pause` ms from now. */
  const type = (keys: readonly string[], gap: number, pause = 1000, typed = false): KeyVerdict[] =>
    keys.map((key, index) => press(key, index === 0 ? pause : gap, typed));
  return { bursts, out, press, type };
}

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000 });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('KeyBursts', () => {
  it('reads card characters typed 5 ms apart and ended with Enter as a card, and lets none of them act', () => {
    const { bursts, out, type } = reader();
    expect(type([...'9h', 'Enter'], 5)).to.deep.equal(['hold', 'hold', 'card']);
    // A suit-rank scanner's card, a ten, a card in capitals.
    type([...'D12', 'Enter'], 5);
    type([...'10s', 'Enter'], 5);
    type([...'KC', 'Enter'], 5);
    vi.advanceTimersByTime(HOLD_MS * 3);
    expect(out).to.deep.equal(['card:9h', 'card:D12', 'card:10s', 'card:KC']);
    expect(bursts.holding).toBe('');
  });

  it('takes keys up to BURST_GAP_MS apart as a burst, and no slower', () => {
    const { out, type } = reader();
    type([...'9h', 'Enter'], BURST_GAP_MS);
    expect(out).to.deep.equal(['card:9h']);
    out.length = 0;
    const taken = type([...'9h', 'Enter'], BURST_GAP_MS + 1);
    // Each key is a person's: held until the next comes (it may start a card), then let go before it.
    expect(taken).to.deep.equal(['hold', 'hold', 'pass']);
    expect(out).to.deep.equal(['key:9', 'key:h']);
  });

  it("lets a person's key that starts no card act at once, and holds none of it", () => {
    const { bursts, out, type } = reader();
    expect(type([...'bpnu'], 150)).to.deep.equal(['pass', 'pass', 'pass', 'pass']);
    // A fast typist's too: faster than a scanner, still no card starts with them.
    expect(type([...'bpbp'], 3)).to.deep.equal(['pass', 'pass', 'pass', 'pass']);
    expect(bursts.holding).toBe('');
    expect(out).to.deep.equal([]);
  });

  it('holds a key that may start a card HOLD_MS after the last key, then lets it act', () => {
    const { bursts, out, press } = reader();
    expect(press('t', 1000)).toBe('hold');
    vi.advanceTimersByTime(HOLD_MS - 1);
    expect(out).to.deep.equal([]);
    expect(bursts.holding).toBe('t');
    vi.advanceTimersByTime(1);
    expect(out).to.deep.equal(['key:t']);
    expect(bursts.holding).toBe('');
    // Each key of a burst holds it HOLD_MS longer.
    press('1', 1000);
    press('2', 20);
    vi.advanceTimersByTime(HOLD_MS - 1);
    expect(out).to.deep.equal(['key:t']);
    vi.advanceTimersByTime(1);
    expect(out).to.deep.equal(['key:t', 'key:1', 'key:2']);
  });

  it('lets a burst without Enter go as the keys typed, in order, before the key that ends it', () => {
    const { out, press, type } = reader();
    // Ended by the pause.
    type([...'12tb'], 5);
    vi.advanceTimersByTime(HOLD_MS);
    expect(out).to.deep.equal(['key:1', 'key:2', 'key:t', 'key:b']);
    out.length = 0;
    // Ended by a key no card has: it acts after them.
    expect(type([...'9h', ' '], 5)).to.deep.equal(['hold', 'hold', 'pass']);
    expect(out).to.deep.equal(['key:9', 'key:h']);
    out.length = 0;
    // Ended by Enter after a pause: no card, and Enter acts as Enter after them.
    type([...'9h'], 5);
    expect(press('Enter', BURST_GAP_MS + 1)).toBe('pass');
    expect(out).to.deep.equal(['key:9', 'key:h']);
  });

  it('reads one character and Enter as no card: the key acts, then Enter', () => {
    const { out, type } = reader();
    expect(type(['t', 'Enter'], 5)).to.deep.equal(['hold', 'pass']);
    expect(out).to.deep.equal(['key:t']);
  });

  it('lets keys held after a pause act before a new burst, which is read on its own', () => {
    const { out, press, type } = reader();
    press('t', 1000);
    type([...'QS', 'Enter'], 5, BURST_GAP_MS + 2);
    // The t was let go when Q came (a pause longer than a burst's), not taken into the card.
    expect(out).to.deep.equal(['key:t', 'card:QS']);
  });

  it('holds nothing typed into a text field, and still reads a burst there ended with Enter as a card', () => {
    const { bursts, out, type } = reader();
    // Each key shows at once in the field; the burst is remembered.
    expect(type([...'9h', 'Enter'], 5, 1000, true)).to.deep.equal(['pass', 'pass', 'card']);
    expect(out).to.deep.equal(['typed card:9h']);
    out.length = 0;
    // A person typing into the field, and a burst there without Enter: nothing is held or let go again.
    expect(type([...'9h', 'Enter'], 100, 1000, true)).to.deep.equal(['pass', 'pass', 'pass']);
    expect(type([...'kd', ' '], 5, 1000, true)).to.deep.equal(['pass', 'pass', 'pass']);
    vi.advanceTimersByTime(HOLD_MS * 2);
    expect(out).to.deep.equal([]);
    expect(bursts.holding).toBe('');
  });

  it('never runs keys off a field and keys into one together', () => {
    const { out, press } = reader();
    expect(press('9', 1000)).toBe('hold');
    // The held 9 went into the field (the console moved the focus there) and h is typed after it.
    expect(press('h', 5, true)).toBe('pass');
    expect(out).to.deep.equal(['key:9']);
    expect(press('Enter', 5, true)).toBe('pass');
    expect(out).to.deep.equal(['key:9']);
  });

  it('forgets what it holds when cleared', () => {
    const { bursts, out, type } = reader();
    type([...'9h'], 5);
    bursts.clear();
    vi.advanceTimersByTime(HOLD_MS * 2);
    expect(out).to.deep.equal([]);
  });
});
