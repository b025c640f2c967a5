/**
 * The console's keyboard: one key per action, shown on its button. DOM-free (it reads
 * only the fields of a key event), so it is tested in Node.
 */

export type OperatorAction =
  | 'banker'
  | 'player'
  | 'tie'
  | 'player-pair'
  | 'banker-pair'
  | 'natural'
  | 'card-entry'
  | 'outcome-entry'
  | 'undo'
  | 'redo'
  | 'reopen-shoe'
  | 'take-over'
  | 'correct'
  | 'end-shoe'
  | 'new-shoe'
  | 'new-simulated-shoe'
  | 'deal'
  | 'auto-deal'
  | 'confirm'
  | 'cancel'
  | 'connect-shoe'
  | 'cancel-card'
  | 'void-hand'
  | 'void-shoe'
  | 'dummy-hand'
  | 'sign-in';

/** The key of each action, as printed on its button (letters are typed in lower case). */
export const OPERATOR_KEYS: Readonly<Record<OperatorAction, string>> = Object.freeze({
  banker: 'B',
  player: 'P',
  tie: 'T',
  'player-pair': '1',
  'banker-pair': '2',
  natural: 'N',
  'card-entry': 'C',
  'outcome-entry': 'O',
  undo: 'U',
  redo: 'R',
  'reopen-shoe': 'L',
  'take-over': 'K',
  correct: 'H',
  'end-shoe': 'E',
  'new-shoe': 'S',
  'new-simulated-shoe': 'I',
  deal: 'D',
  'auto-deal': 'A',
  confirm: 'Y',
  cancel: 'Escape',
  // The card shoe's keys: none is a card's character, so a card typed off the field never fires one.
  'connect-shoe': 'G',
  'cancel-card': 'F',
  'void-hand': 'V',
  'void-shoe': 'W',
  'dummy-hand': 'M',
  // No card's character either: a scanner's burst never opens it.
  'sign-in': 'Z',
});

const BY_KEY = new Map<string, OperatorAction>(
  (Object.entries(OPERATOR_KEYS) as [OperatorAction, string][]).map(([action, key]) => [
    key.length === 1 ? key.toLowerCase() : key,
    action,
  ]),
);

/** The parts of a keyboard event the console reads. */
export interface KeyPress {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  shiftKey?: boolean;
}

/**
 * The console action a key press asks for, or null. Ctrl+Z (⌘Z) is undo as well as U, Ctrl+Y and
 * Ctrl+Shift+Z redo as well as R; any other chord is left to the browser. Nothing fires while the operator types in a text field: that
 * field handles its own Enter and Escape.
 * @example operatorKeyAction({ key: 'b' }, false) // 'banker'
 */
export function operatorKeyAction(press: KeyPress, typingInField: boolean): OperatorAction | null {
  if (typingInField) return null;
  if ((press.ctrlKey || press.metaKey) && !press.altKey) {
    const key = press.key.toLowerCase();
    if (key === 'z') return press.shiftKey ? 'redo' : 'undo';
    if (key === 'y' && !press.shiftKey) return 'redo';
  }
  if (press.ctrlKey || press.metaKey || press.altKey) return null;
  return BY_KEY.get(press.key.length === 1 ? press.key.toLowerCase() : press.key) ?? null;
}

/**
 * The cards in what the operator typed: separated by spaces or commas, in any case.
 * @example cardsTyped(' 9h, tc  k ') // ['9h', 'tc', 'k']
 */
export function cardsTyped(text: string): string[] {
  return text.split(/[\s,]+/).filter((card) => card.length > 0);
}
