/**
 * `bacc shoe-sim`: a seeded shoe played down a serial line as a card-reading shoe would send it, for
 * demos and tests. The lines are planned first (`shoeSimLines`), then written one at a time; a line
 * counts as written once its write and drain succeed, so a pulled cable (the port closes) costs no
 * line and doubles none: the port is opened again and the writing goes on from the first line not
 * written.
 */
import { createHash } from 'node:crypto';
import { Shoe, formatCode } from '../src/shoe.js';
import { BACC_PROTOCOL_VERSION, formatCardLine, type ShoeProtocol } from '../src/shoe-lines.js';
import { closeQuietly, openWhenThere, pause, writeWhole } from './serial-line.js';

export interface ShoeSimPlan {
  /** The seed's shoe. */
  seed: string;
  decks: number;
  protocol: ShoeProtocol;
  /** Every Nth card dealt to a hand is preceded by a wrong card and its `CANCEL` (bacc only); 0 for none. */
  cancelEvery: number;
}

/** The pack id a seed's shoe announces: `sim-<seed>` when that is a pack id, else a hash of the seed. */
export function simPackId(seed: string): string {
  return /^[\x21-\x7e]{1,60}$/.test(seed) ? `sim-${seed}` : `sim-${createHash('sha256').update(seed).digest('hex').slice(0, 16)}`;
}

/**
 * The lines a device sends for the seed's shoe, in order: (bacc) the hello and `SHOE <pack>`, then
 * every card `new Shoe({ seed, rules: { decks } })` takes out — the burn, then each hand's cards until
 * the shoe is finished — with (bacc) `CUT` just before the card behind the cut card
 * (`Shoe.cutIndex`). With `cancelEvery`, a wrong card, taken from the cards behind the last one
 * dealt (so no card is read more often than the decks hold), comes before every Nth hand card,
 * while it cannot finish the hand in play (as its first, second or third card), followed by its
 * `CANCEL`: the card feed takes it out of the hand again.
 */
export function shoeSimLines({ seed, decks, protocol, cancelEvery }: ShoeSimPlan): string[] {
  const shoe = new Shoe({ seed, rules: { decks } });
  const hands = shoe.dealAll();
  const burnLength = shoe.rules.burn ? 1 + shoe.burned : 0;
  const handLengths = hands.map((hand) => hand.player.length + hand.banker.length);
  const used = burnLength + handLengths.reduce((sum, length) => sum + length, 0);
  const bacc = protocol === 'bacc';
  const lines: string[] = bacc ? [`BACC-SHOE ${BACC_PROTOCOL_VERSION}`, `SHOE ${simPackId(seed)}`] : [];
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
  return lines;
}

export interface ShoeSimRun {
  path: string;
  lines: readonly string[];
  /** Milliseconds between lines. */
  interval: number;
  signal: AbortSignal;
  log: (text: string) => void;
}

/** Writes the lines down the serial line, opening the port again whenever it closes; resolves with the lines written. */
export async function runShoeSim({ path, lines, interval, signal, log }: ShoeSimRun): Promise<{ written: number; opened: number }> {
  let next = 0;
  let opened = 0;
  while (next < lines.length && !signal.aborted) {
    const port = await openWhenThere(path, signal, (message) => log(`waiting for ${path}: ${message}`));
    if (!port) break;
    opened++;
    log(
      opened === 1 ? `writing ${lines.length} lines to ${path}` : `${path} open again; going on from line ${next + 1} of ${lines.length}`,
    );
    try {
      while (next < lines.length && !signal.aborted) {
        await writeWhole(port, `${lines[next]}\r\n`);
        next++;
        if (next < lines.length) await pause(interval, signal);
      }
    } catch (error) {
      log(`${path}: ${error instanceof Error ? error.message : String(error)}; line ${next + 1} not written, opening the port again`);
    } finally {
      await closeQuietly(port);
    }
  }
  return { written: next, opened };
}
