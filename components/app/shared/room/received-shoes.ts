/**
 * A display's or a lobby's copy of what it received through the broker, kept in this browser's
 * IndexedDB (origin `received`) so a reboot without network still shows the last state. Copies of
 * one shoe are written one at a time and only the newest one waiting is written (a burst of hands
 * makes one or two writes, never a queue of stale ones); copies of different shoes do not wait for
 * each other. A failed write is said in words for the screen and never stops the screen: the next
 * copy tries again.
 */
import type { ShoeRecord } from '../../../../src/shoes/document.js';
import { storageErrorText } from '../data/storage-words.js';

/** What the keeper needs of the store (ScoreboardStore has it). */
export interface ReceivedShoeStore {
  keepReceivedShoe(shoe: ShoeRecord): Promise<'kept' | 'own'>;
}

export interface ReceivedShoeKeeperOptions {
  /** The store to write to, or null while storage is not open (the copies wait for `resume`). */
  store: () => ReceivedShoeStore | null;
  /** Called when `trouble` changes. */
  onTrouble?: (trouble: string | null) => void;
}

export class ReceivedShoeKeeper {
  /** Why the last copy could not be kept, in words for the screen; null once one is. */
  trouble: string | null = null;

  /** The newest copy of each shoe still to write. */
  private readonly waiting = new Map<string, ShoeRecord>();
  /** The shoes being written now, and the run writing each. */
  private readonly running = new Map<string, Promise<void>>();

  constructor(private readonly options: ReceivedShoeKeeperOptions) {}

  /** Keeps a copy of `shoe` (after the one being written of it, if any, in place of any waiting). */
  keep(shoe: ShoeRecord): void {
    this.waiting.set(shoe.id, shoe);
    this.start(shoe.id);
  }

  /** Writes the copies that waited for storage to open. */
  resume(): void {
    for (const id of this.waiting.keys()) this.start(id);
  }

  /** Resolves once every copy asked for so far is written, refused or failed (or waits for storage). */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running.values());
  }

  private start(id: string): void {
    if (this.running.has(id)) return;
    const run = this.write(id).finally(() => this.running.delete(id));
    this.running.set(id, run);
  }

  private async write(id: string): Promise<void> {
    // Started from keep() in the same task as the message that asked: let that task finish first.
    await Promise.resolve();
    for (let shoe = this.waiting.get(id); shoe !== undefined; shoe = this.waiting.get(id)) {
      const store = this.options.store();
      if (!store) return;
      this.waiting.delete(id);
      try {
        // 'own': this browser's own console shoe, which is kept already.
        await store.keepReceivedShoe(shoe);
        this.setTrouble(null);
      } catch (error) {
        this.setTrouble(storageErrorText(error));
      }
    }
  }

  private setTrouble(trouble: string | null): void {
    if (trouble === this.trouble) return;
    this.trouble = trouble;
    this.options.onTrouble?.(trouble);
  }
}
