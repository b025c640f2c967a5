/**
 * Telling other windows of the same browser that a stored shoe changed. The message says which
 * shoe, how many hands it has and what changed: IndexedDB is the truth, and a window that hears it
 * reads from there what it needs (one hand added: that hand; anything it cannot follow step by step:
 * the whole shoe), so a window opened late or a message lost costs nothing.
 */

import type { ShoeOrigin } from './scoreboard-store.js';

/** The channel every scoreboard window of a browser profile shares. */
export const TABLE_CHANNEL = 'bacc-scoreboard';

/**
 * What changed in the stored shoe: `start` a new shoe; `add` one hand appended (hand `handCount`);
 * `undo` the last hand removed (`handCount` left); `correct` a hand replaced; `end` the shoe ended;
 * `delete` the shoe deleted (History); `import` shoes imported (History).
 */
export type ShoeChangeKind = 'start' | 'add' | 'undo' | 'correct' | 'end' | 'delete' | 'import';

const CHANGE_KINDS: ReadonlySet<string> = new Set<ShoeChangeKind>(['start', 'add', 'undo', 'correct', 'end', 'delete', 'import']);

/** A stored shoe changed: a hand added, undone or corrected, the shoe started or ended, deleted, or imported. */
export interface ShoeChangedMessage {
  type: 'shoe-changed';
  shoeId: string;
  table: string;
  /** The shoe's hand count once the change is written (after an `add`, the number of the hand added). */
  handCount: number;
  /**
   * Where the shoe comes from, when the sender knows (a console, the attract kiosk, an import): a
   * window that follows other shoes skips the message without reading anything. Absent from
   * History's news of a deletion, which may concern any shoe.
   */
  origin?: ShoeOrigin;
  /**
   * What changed. Absent (an older sender) or not one of the kinds, it means "anything": a window
   * that follows the shoe reads it again whole.
   */
  change?: ShoeChangeKind;
}

/** Sends and hears shoe changes; `close()` when the element leaves the page. */
export class TableChannel {
  private readonly channel: BroadcastChannel | null;

  constructor(onMessage?: (message: ShoeChangedMessage) => void) {
    // Without BroadcastChannel a display still shows the shoe as stored when it (re)loads.
    this.channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(TABLE_CHANNEL);
    if (this.channel && onMessage) {
      this.channel.onmessage = (event: MessageEvent) => {
        const data = event.data as Partial<ShoeChangedMessage> | null;
        if (data?.type !== 'shoe-changed' || typeof data.shoeId !== 'string') return;
        // A kind this version does not know is "anything", as if it were absent.
        const { change, ...rest } = data;
        onMessage((typeof change === 'string' && CHANGE_KINDS.has(change) ? data : rest) as ShoeChangedMessage);
      };
    }
  }

  /** Tells other windows that a shoe changed. */
  post(message: Omit<ShoeChangedMessage, 'type'>): void {
    this.channel?.postMessage({ type: 'shoe-changed', ...message } satisfies ShoeChangedMessage);
  }

  close(): void {
    this.channel?.close();
  }
}
