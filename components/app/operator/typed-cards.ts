import { CardEntry } from '../../../src/dealing/recording.js';
import type { Card } from '../../../src/game/cards.js';
import type { HandRecord, ShoeRecord } from '../../../src/shoes/document.js';

/** The cards typed for the next hand, checked against the shoe as it stands (see `current`). */
export class TypedCards {
  private entry: CardEntry | null = null;
  private entryFor: unknown = null;
  private entryKey = '';

  /** Cards typed so far for the hand being entered card by card. */
  get cards(): readonly Card[] {
    return this.entry?.cards ?? [];
  }

  /** The typed cards make a finished hand. */
  get handComplete(): boolean {
    return this.entry?.hand != null;
  }

  /** The card entry for `shoe` as it stands: rebuilt when its hands change or a correction starts. */
  current(shoe: ShoeRecord | null, hands: readonly HandRecord[], correcting: number | null): CardEntry | null {
    if (!shoe) return null;
    const key = `${shoe.id}|${correcting}`;
    if (this.entry && this.entryFor === hands && this.entryKey === key) return this.entry;
    // The hand being corrected is left out, so its cards may be typed again.
    const others = correcting === null ? shoe.hands : shoe.hands.filter((_, index) => index !== correcting);
    this.entry = new CardEntry(shoe.rules.decks, others);
    this.entryFor = hands;
    this.entryKey = key;
    return this.entry;
  }

  removeLast(): void {
    this.entry?.removeLast();
  }

  clear(): void {
    this.entry?.clear();
  }
}
