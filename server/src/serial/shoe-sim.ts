/**
 * `bacc shoe-sim`: a seeded shoe played down a serial line as a card-reading shoe would send it, for
 * demos and tests. The lines are planned first (`shoeSimLines`), then written one at a time. With the
 * project's protocol the lines are numbered and the simulator does what its contract asks of a
 * device: each time the line opens it sends its hello until the host answers `RESUME`, and it sends
 * again from the line after the one the host says it holds — so a pulled cable, which loses the
 * lines in the wire and those sent before the host opened its end, costs no line (the host drops
 * the ones it holds, so none is doubled). The other protocols cannot resume: lines sent while the
 * cable is out can be lost.
 */
import { createHash } from 'node:crypto';
import { Shoe, formatCode } from '../../../src/game/shoe.js';
import { BACC_PROTOCOL_VERSION, LineSplitter, formatCardLine, parseResumeLine, type ShoeProtocol } from '../../../src/reader/lines.js';
import { closeQuietly, openWhenThere, pause, writeWhole } from './serial-line.js';

export interface ShoeSimPlan {
  /** The seed's shoe. */
  seed: string;
  decks: number;
  protocol: ShoeProtocol;
  /** Every Nth card dealt to a hand is preceded by a wrong card and its `CANCEL` (bacc only); 0 for none. */
  cancelEvery: number;
  /** The pack id its SHOE line announces; `simPackId(seed)` when absent. */
  pack?: string;
}

/**
 * The pack id a seed's shoe announces: `sim-<seed>` when that is a short pack id, else a hash of the
 * seed; with `run`, `-<run>` after it. A host holds the lines of a pack it has read, so a shoe dealt
 * again needs a pack id of its own (a real pack's id is never dealt twice).
 */
export function simPackId(seed: string, run?: string): string {
  const base = /^[\x21-\x7e]{1,40}$/.test(seed) ? `sim-${seed}` : `sim-${createHash('sha256').update(seed).digest('hex').slice(0, 16)}`;
  return run === undefined ? base : `${base}-${run}`;
}

/** A wrong card and its CANCEL before every this many hand cards, by default (the project's protocol). */
export const DEFAULT_CANCEL_EVERY = 50;

/** How often a device sends its hello while the host has not answered. */
export const HELLO_EVERY_MS = 500;

/** How long the simulator waits, after its last line and a hello, for the host's answer. */
export const LINGER_MS = 1000;

/** The project's protocol's hello. */
export const SIM_HELLO = `BACC-SHOE ${BACC_PROTOCOL_VERSION}`;

/**
 * The lines a device sends for the seed's shoe, in order: (bacc) `SHOE <pack>`, then
 * every card `new Shoe({ seed, rules: { decks } })` takes out — the burn, then each hand's cards until
 * the shoe is finished — with (bacc) `CUT` just before the card behind the cut card
 * (`Shoe.cutIndex`). With `cancelEvery`, a wrong card, taken from the cards behind the last one
 * dealt (so no card is read more often than the decks hold), comes before every Nth hand card,
 * while it cannot finish the hand in play (as its first, second or third card), followed by its
 * `CANCEL`: the card feed takes it out of the hand again.
 */
export function shoeSimLines({ seed, decks, protocol, cancelEvery, pack = simPackId(seed) }: ShoeSimPlan): string[] {
  const shoe = new Shoe({ seed, rules: { decks } });
  const hands = shoe.dealAll();
  const burnLength = shoe.rules.burn ? 1 + shoe.burned : 0;
  const handLengths = hands.map((hand) => hand.player.length + hand.banker.length);
  const used = burnLength + handLengths.reduce((sum, length) => sum + length, 0);
  const bacc = protocol === 'bacc';
  const lines: string[] = bacc ? [`SHOE ${pack}`] : [];
  let spare = used;
  let hand = 0;
  let inHand = 0;
  let handCards = 0;
  for (let i = 0; i < used; i++) {
    if (bacc && i === shoe.cutIndex) lines.push('CUT');
    if (i >= burnLength) {
      handCards++;
      if (bacc && cancelEvery > 0 && handCards % cancelEvery === 0 && inHand < 3 && spare < shoe.order.length) {
        const wrong = formatCode(shoe.order[spare++]!);
        lines.push(formatCardLine(wrong, protocol), `CANCEL ${wrong}`);
      }
      if (++inHand === handLengths[hand]) {
        hand++;
        inHand = 0;
      }
    }
    lines.push(formatCardLine(formatCode(shoe.order[i]!), protocol));
  }
  // Numbered from 1 at the SHOE line (the project's protocol), so a host can ask for lines again.
  return bacc ? lines.map((line, index) => `${index + 1} ${line}`) : lines;
}

export interface ShoeSimRun {
  path: string;
  /** The lines, from `shoeSimLines`. */
  lines: readonly string[];
  /** Milliseconds between lines. */
  interval: number;
  /**
   * The pack the lines belong to, when they are the project's numbered lines (line n is `lines[n - 1]`):
   * the simulator then says hello and follows the host's `RESUME`. Null: it only writes.
   */
  pack: string | null;
  signal: AbortSignal;
  log: (text: string) => void;
}

export interface ShoeSimResult {
  /** Lines of the plan written at least once. */
  written: number;
  /** Times the port was opened. */
  opened: number;
  /** Lines written again because the host asked for them. */
  resent: number;
}

/**
 * Writes the lines down the serial line, opening the port again whenever it closes; resolves when
 * every line is written (and no host asked for lines again within `LINGER_MS`) or the signal aborts.
 */
export async function runShoeSim({ path, lines, interval, pack, signal, log }: ShoeSimRun): Promise<ShoeSimResult> {
  let next = 0;
  let written = 0;
  let opened = 0;
  let resent = 0;
  while (!signal.aborted) {
    const port = await openWhenThere(path, signal, (message) => log(`waiting for ${path}: ${message}`));
    if (!port) break;
    opened++;
    // The host's lines: a RESUME answers the hello and says which line comes next.
    let answered = pack === null;
    // Aborted (and replaced) at each RESUME, to end a pause early.
    let wake = new AbortController();
    const woken = () => AbortSignal.any([signal, wake.signal]);
    const splitter = new LineSplitter();
    const decoder = new TextDecoder();
    port.on('data', (chunk: Buffer) => {
      for (const item of splitter.push(decoder.decode(chunk, { stream: true }))) {
        if (item.kind !== 'line') continue;
        const request = parseResumeLine(item.line);
        if (request === undefined) continue;
        answered = true;
        // The host holds lines of this shoe to `last`; another pack, or none: it lacks the shoe from its SHOE line.
        const from = request && request.pack === pack ? request.last : 0;
        if (from < next) {
          resent += next - from;
          log(`the host holds ${from === 0 ? 'no line of this shoe' : `line ${from}`}; sending again from line ${from + 1}`);
          next = from;
        }
        wake.abort();
        wake = new AbortController();
      }
    });
    log(opened === 1 ? `writing ${lines.length} lines to ${path}` : `${path} open again`);
    try {
      for (let hellos = 0; !answered && !signal.aborted; hellos++) {
        if (hellos === Math.round(5000 / HELLO_EVERY_MS))
          log(`no answer (RESUME) from the host on ${path} yet; saying hello every ${HELLO_EVERY_MS} ms`);
        await writeWhole(port, `${SIM_HELLO}\r\n`);
        await pause(HELLO_EVERY_MS, woken());
      }
      for (;;) {
        while (next < lines.length && !signal.aborted) {
          await writeWhole(port, `${lines[next]}\r\n`);
          next++;
          // Lines sent again go out as fast as the line takes them; the interval paces the dealing.
          if (next < lines.length && next >= written) await pause(interval, signal);
          written = Math.max(written, next);
        }
        if (signal.aborted || pack === null) break;
        // The last line may be the one lost: a hello again, and the host's answer says what it holds.
        const before = next;
        await writeWhole(port, `${SIM_HELLO}\r\n`);
        await pause(LINGER_MS, woken());
        if (next === before) break;
      }
      if (next >= lines.length) {
        await closeQuietly(port);
        break;
      }
    } catch (error) {
      log(`${path}: ${error instanceof Error ? error.message : String(error)}; line ${next + 1} not written, opening the port again`);
    } finally {
      await closeQuietly(port);
    }
  }
  return { written, opened, resent };
}
