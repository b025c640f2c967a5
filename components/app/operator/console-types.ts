import type { HandRecord } from '../../../src/shoes/document.js';
import type { TableRules } from '../../../src/game/rules.js';
import type { KeptShoeStore } from '../shared/data/kept-shoe.js';
import type { ShoeChange } from '../../../src/shoes/keeper.js';

/** `Omit` over each member of a union. */
export type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export type HandFlag = 'playerPair' | 'bankerPair' | 'natural';

/** An action waiting for the clerk to confirm it. */
export type Confirmation = 'end-shoe' | 'new-shoe' | 'new-simulated-shoe' | 'void-shoe';

/** A hand the clerk entered, added or corrected: what `bacc-hand-recorded` carries. */
export interface RecordedHand {
  shoeId: string;
  /** 1 for the first hand of the shoe. */
  handNumber: number;
  hand: HandRecord;
  /** The hand replaced an earlier one. */
  correction: boolean;
  /** Written to storage (false: kept on screen and retrying). */
  saved: boolean;
}

export interface ConsoleOptions {
  rules: () => TableRules;
  table: () => string;
  store?: () => KeptShoeStore | null | undefined;
  retryDelays?: () => readonly number[] | undefined;
  /** Called for every hand the clerk's own action recorded or corrected. */
  onRecorded: (recorded: RecordedHand) => void;
  /** Text typed in the card field and not sent yet (what the controller has not seen). */
  unsentCards?: () => string;
  /** A change has been written: the room's screens are told (see ConsolePublisher). */
  onSaved?: (change: ShoeChange, shoeNumber: number | undefined) => void;
  /** The clerk confirmed Void shoe: the card feed is told, before the shoe is ended. */
  onVoidShoe?: () => void;
  /**
   * The console's operator for the audit trail: the name the clerk signed in with, or null when
   * nobody signed in (the entry is kept all the same, and says so).
   */
  operator?: () => string | null;
  /** Another console machine holds this table through the room's broker: this one only shows the shoe. */
  heldInRoom?: () => boolean;
  /** Takes the table over from the console machine that holds it (see ConsolePublisher.takeOver). */
  takeOverRoom?: () => Promise<void>;
}
