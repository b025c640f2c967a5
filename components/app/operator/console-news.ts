import type { CardRefusal } from '../../../src/dealing/recording.js';
import type { Side } from '../../../src/game/hand.js';

/**
 * What the console has to tell the clerk, as a kind and its values: the element words it
 * (console-words.ts), so it reads in the page's language.
 */
export type ConsoleNews =
  | { about: 'still-reading' }
  | { about: 'read-only' }
  | { about: 'no-shoe-to-undo' | 'no-shoe-to-correct' | 'no-shoe-to-end' | 'no-shoe-to-record' }
  | { about: 'no-hand-to-undo' | 'no-hand-to-correct' }
  | { about: 'simulated-no-undo' | 'simulated-no-correct' | 'simulated-no-record' }
  | { about: 'choose-hand'; last: number }
  | { about: 'start-simulated-first'; automatic: boolean }
  | { about: 'simulation-dealt' }
  | { about: 'outcome-in-card-entry' }
  | { about: 'card-refused'; card: string; refusal: CardRefusal }
  | { about: 'hand-incomplete'; next: Side }
  | { about: 'hand-gone'; hand: number }
  | { about: 'failed'; error: unknown }
  | { about: 'undone'; hand: number }
  | { about: 'correcting'; hand: number }
  | { about: 'correction-cancelled' }
  | { about: 'shoe-ended'; hands: number }
  | { about: 'recorded' | 'corrected'; hand: number; saved: boolean }
  | { about: 'new-shoe'; simulated: boolean }
  | { about: 'dealt'; hand: number; last: boolean }
  | { about: 'correction-undone'; hand: number }
  | { about: 'reopened'; hands: number }
  | { about: 'nothing-to-redo' | 'nothing-to-reopen' | 'shoe-stranded' }
  /** `typed`: the cards typed here for the next hand and never recorded, given up with the table. */
  | { about: 'table-taken'; unsaved: number; typed: string }
  | { about: 'answer-question-first' }
  | { about: 'unknown-key'; key: string }
  | { about: 'not-a-card-character'; key: string }
  /** A reason given for the last audited action was kept (`reason`: as kept, listed reasons in English). */
  | { about: 'reason-kept'; reason: string }
  /** A typed reason that is no text to keep (empty once cleaned, or too long). */
  | { about: 'reason-refused' }
  /** A typed reason longer than a reason may be (`length` characters once cleaned): refused, the field keeps it. */
  | { about: 'reason-too-long'; length: number; most: number }
  /** Keys as fast as a scanner's that ended without Enter (`keys`, as sent): refused, none of them acted. */
  | { about: 'scanner-without-enter'; keys: string }
  /** A clerk signed in at the console (`name`), signing out the one before (`before`, '' for nobody); `name` '' signs out. */
  | { about: 'clerk-signed-in'; name: string; before: string }
  /** An action that would give up the cards typed for the next hand (`typed`), refused until they are recorded or cleared. */
  | { about: 'cards-typed'; typed: string }
  | { about: 'no-cards-typed' };

/** A message for the clerk: `refused` for input that changed nothing, `done` for what happened. */
export interface ConsoleMessage {
  kind: 'refused' | 'done';
  news: ConsoleNews;
}
