/**
 * Telling other windows of the same browser that a stored shoe changed. The message only says which
 * shoe and how many hands it has: IndexedDB is the truth, and a window that hears it reads the
 * shoe from there, so a window opened late or a message lost costs nothing.
 */

import type { ShoeOrigin } from '../../../src/persistence/scoreboard-store.js';

/** The channel every scoreboard window of a browser profile shares. */
export const TABLE_CHANNEL = 'bacc-scoreboard';

/** A stored shoe changed: a hand added, undone or corrected, the shoe started or ended, deleted, or imported. */
export interface ShoeChangedMessage {
  type: 'shoe-changed';
  shoeId: string;
  table: string;
  handCount: number;
  /**
   * Where the shoe comes from, when the sender knows (a console, the attract kiosk, an import): a
   * window that follows other shoes skips the message without reading anything. Absent from
   * History's news of a deletion, which may concern any shoe.
   */
  origin?: ShoeOrigin;
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
        if (data?.type === 'shoe-changed' && typeof data.shoeId === 'string') onMessage(data as ShoeChangedMessage);
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
