/**
 * Lines asked for again through the broker (contract: docs/reference/reader-lines.md, "Asking for
 * lines again"). A console that was closed while its bridge published asks for what follows the
 * line it holds; the bridge sends those lines again from its memory of the shoe (`ShoeLineMemory`), or,
 * when it no longer holds them, asks the device with `RESUME`. The console takes the lines in their
 * numbers' order (`LineCatchUp`): a line that comes before the ones missing waits for them. DOM-free:
 * the bridge, the console and the tests share it.
 */
import type { ReadLineEvent, ResumeRequest } from './lines.js';

/** What a bridge does for a console's request. */
export type ResendAnswer =
  /** Publish these lines again, in order (the lines after the ones the console holds, or the whole shoe). */
  | { kind: 'resend'; lines: string[] }
  /** The bridge lacks some of them: ask the device to send again after `from` (its `RESUME`). */
  | { kind: 'ask-device'; from: ResumeRequest }
  /** Nothing to send: the console holds every line the bridge has read, or nothing numbered was read. */
  | { kind: 'none' };

/** The most lines a bridge keeps of a shoe (an eight-deck shoe is about 450 lines): older ones are asked of the device. */
export const KEPT_LINES = 4096;

/**
 * A bridge's memory of the shoe in play: the device's numbered lines of its current pack, as published
 * (the line's number first). Lines of another pack start the memory again.
 */
export class ShoeLineMemory {
  private pack: string | null = null;
  /** The number of `lines[0]`. */
  private first = 1;
  private lines: string[] = [];

  constructor(private readonly most: number = KEPT_LINES) {}

  /** The last line held, as the device's `RESUME` says it. */
  get held(): ResumeRequest {
    return this.pack !== null && this.lines.length > 0 ? { pack: this.pack, last: this.first + this.lines.length - 1 } : null;
  }

  /** Keeps a line published (unnumbered lines cannot be asked for, and are not kept). */
  keep(event: ReadLineEvent, line: string): void {
    const { number } = event;
    if (number === undefined || event.kind === 'hello') return;
    if (event.kind === 'shoe' && event.pack !== this.pack) {
      this.pack = event.pack;
      this.first = number;
      this.lines = [];
    }
    if (this.pack === null) return;
    const at = number - this.first;
    // The bridge takes lines in order; a line sent again after a RESUME replaces the one held.
    if (at >= 0 && at < this.lines.length) this.lines[at] = line;
    else if (at === this.lines.length) this.lines.push(line);
    else return;
    if (this.lines.length > this.most) {
      this.lines.shift();
      this.first++;
    }
  }

  /** What to do for a console that holds `held` (lines 1 to `last` of `pack`, or nothing). */
  answer(held: ResumeRequest): ResendAnswer {
    if (this.pack === null || this.lines.length === 0) return held ? { kind: 'ask-device', from: held } : { kind: 'none' };
    // Another pack, or none: the console lacks this shoe from its SHOE line.
    const after = held && held.pack === this.pack ? held.last : 0;
    const last = this.first + this.lines.length - 1;
    if (after >= last) return { kind: 'none' };
    if (after + 1 < this.first) return { kind: 'ask-device', from: after === 0 ? null : { pack: this.pack, last: after } };
    return { kind: 'resend', lines: this.lines.slice(after + 1 - this.first) };
  }
}

/** What `LineCatchUp` gives out for one batch of events. */
export interface CatchUpStep {
  /** Events to read now, in order. */
  events: ReadLineEvent[];
  /** Numbered lines dropped because they were held already. */
  repeated: number;
  /** Lines of the pack held are missing before the ones waiting: ask for them. */
  missing: boolean;
  /** Lines given up on in this batch (a new shoe began, or too many lines waited). */
  missed: number;
}

/** Lines a console holds back at most while it waits for the missing ones; more, and it gives up. */
export const MOST_WAITING = 1024;

/**
 * A console's order of a bridge's numbered lines. Once it holds a pack's line n, line n + 1 is read,
 * a line held is dropped, and a later one waits until the missing ones come (asked for again) or
 * the console gives up on them (`giveUp`, after a while, when the bridge cannot send them: an older
 * bridge ignores the request). Unnumbered lines are read as they come (after the waiting ones); a
 * console holding no line of the shoe reads what comes, as it joined late.
 */
export class LineCatchUp {
  private pack: string | null;
  private last: number;
  private readonly waiting = new Map<number, ReadLineEvent>();
  /** Unnumbered events that came while numbered ones waited: read after them. */
  private after: ReadLineEvent[] = [];

  constructor(held: ResumeRequest = null) {
    this.pack = held?.pack ?? null;
    this.last = held?.last ?? 0;
  }

  /** What the console holds, for its request. */
  get held(): ResumeRequest {
    return this.pack !== null && this.last > 0 ? { pack: this.pack, last: this.last } : null;
  }

  /** Lines waiting for missing ones. */
  get waitingLines(): number {
    return this.waiting.size + this.after.length;
  }

  /** Sorts a batch of events in the order they came. */
  take(events: readonly ReadLineEvent[]): CatchUpStep {
    const step: CatchUpStep = { events: [], repeated: 0, missing: false, missed: 0 };
    for (const event of events) this.sort(event, step);
    if (this.waiting.size > MOST_WAITING) this.giveUpInto(step);
    step.missing = this.waiting.size > 0;
    return step;
  }

  /** Lines not received so far before the ones waiting. */
  get missingLines(): number {
    if (this.waiting.size === 0) return 0;
    return Math.max(...this.waiting.keys()) - this.last - this.waiting.size;
  }

  /** Stops waiting: the lines held back are read in order, and how many lines never came is said. */
  giveUp(): { events: ReadLineEvent[]; missed: number } {
    const numbers = [...this.waiting.keys()].sort((a, b) => a - b);
    const events: ReadLineEvent[] = [];
    let missed = 0;
    for (const number of numbers) {
      missed += number - this.last - 1;
      this.last = number;
      events.push(this.waiting.get(number)!);
    }
    this.waiting.clear();
    events.push(...this.after);
    this.after = [];
    return { events, missed };
  }

  private giveUpInto(step: CatchUpStep): void {
    const { events, missed } = this.giveUp();
    step.events.push(...events);
    step.missed += missed;
  }

  private sort(event: ReadLineEvent, step: CatchUpStep): void {
    const { number } = event;
    if (number === undefined || event.kind === 'hello') {
      if (this.waiting.size > 0) this.after.push(event);
      else step.events.push(event);
      return;
    }
    if (event.kind === 'shoe' && event.pack !== this.pack) {
      // A new shoe: the lines missing of the last one will not come any more.
      if (this.waiting.size > 0) this.giveUpInto(step);
      this.pack = event.pack;
      this.last = number;
      step.events.push(event);
      return;
    }
    if ((this.last > 0 && number <= this.last) || this.waiting.has(number)) {
      step.repeated++;
      return;
    }
    if (this.pack === null || this.last === 0) {
      // Holding nothing of this shoe (joined late): read what comes, its numbers telling the repeats.
      this.last = number;
      step.events.push(event);
      return;
    }
    if (number > this.last + 1) {
      this.waiting.set(number, event);
      return;
    }
    this.last = number;
    step.events.push(event);
    for (let next = this.waiting.get(this.last + 1); next; next = this.waiting.get(this.last + 1)) {
      this.waiting.delete(++this.last);
      step.events.push(next);
    }
    if (this.waiting.size === 0 && this.after.length > 0) {
      step.events.push(...this.after);
      this.after = [];
    }
  }
}

/**
 * What a console keeps of a device's numbered lines across a reload: every line of `pack` up to `last`
 * is stored, with no card in play after it; `kept`, later lines whose effect is stored too (a card drawn
 * by mistake and its `CANCEL`, the `CUT`, in the hand that was in play), not to be read twice when the
 * lines after `last` come again.
 */
export type LineMark = { pack: string; last: number; kept?: readonly number[] } | null;
