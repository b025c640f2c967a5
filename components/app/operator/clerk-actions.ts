import { parseShoeDocument, shoeDocument, type HandRecord, type ShoeRecord } from '../../../src/shoes/document.js';

/** An action of the clerk on the shoe in play, with what undoing and redoing it needs. */
export type ConsoleAction =
  | { kind: 'add'; index: number; hand: HandRecord }
  | { kind: 'correct'; index: number; before: HandRecord; after: HandRecord }
  | { kind: 'end' }
  | { kind: 'reopen' };

/** The clerk's actions on shoe `shoeId`: `done` to undo (newest last), `undone` to redo. */
interface ConsoleActions {
  shoeId: string | null;
  done: ConsoleAction[];
  undone: ConsoleAction[];
}

/** The actions as kept in localStorage, with the fingerprint of the shoe they left (see `shoeFingerprint`). */
interface KeptActions extends ConsoleActions {
  shoe: string;
}

/** A change undo or redo makes: an action, or the removal of a recorded hand. */
export type ConsoleStep = ConsoleAction | { kind: 'undo-add'; index: number };

/**
 * The clerk's actions on one shoe, to undo (`done`, newest last) and redo (`undone`), kept in
 * localStorage per table so undo after a reload undoes the last action, not merely the last hand.
 * A new shoe starts them afresh; those that no longer match the stored shoe (changed in another
 * window) are forgotten, and undo then removes the last hand.
 */
export class ClerkActions {
  private actions: ConsoleActions = { shoeId: null, done: [], undone: [] };

  /**
   * @param table the table on screen, whose actions are kept
   * @param shoeToUndo the shoe undo works on (the one on screen, or after a reload the ended one its last action ended)
   */
  constructor(
    private readonly table: () => string,
    private readonly shoeToUndo: () => ShoeRecord | null,
  ) {}

  /** An action on `shoe` is remembered to undo. */
  canUndoOn(shoe: ShoeRecord): boolean {
    return this.actions.shoeId === shoe.id && this.actions.done.length > 0;
  }

  /** An undone action on `shoe` is remembered to redo. */
  canRedoOn(shoe: ShoeRecord): boolean {
    return this.actions.shoeId === shoe.id && this.actions.undone.length > 0;
  }

  /** The action undo would undo. */
  get lastDone(): ConsoleAction | undefined {
    return this.actions.done.at(-1);
  }

  /** The action redo would do again. */
  get lastUndone(): ConsoleAction | undefined {
    return this.actions.undone.at(-1);
  }

  /** Remembers a new action on shoe `shoeId`: what could be redone is forgotten. */
  remember(action: ConsoleAction, shoeId: string | null): void {
    this.takeUp(shoeId);
    this.actions.done.push(action);
    this.actions.undone = [];
    this.keep();
  }

  /** The last action was undone: redo can do `action` again. */
  undid(action: ConsoleAction): void {
    this.actions.done.pop();
    this.actions.undone.push(action);
    this.keep();
  }

  /** The last hand was removed with no action remembered: redo puts it back (`action`). */
  removedHand(action: ConsoleAction): void {
    this.actions.undone.push(action);
    this.keep();
  }

  /** The last undone action was done again. */
  redid(action: ConsoleAction): void {
    this.actions.undone.pop();
    this.actions.done.push(action);
    this.keep();
  }

  /**
   * Takes up the actions of shoe `shoeId`: those in memory, else those kept for the table (after a
   * reload) when they were kept for this shoe exactly as it stands (its fingerprint), else none.
   */
  takeUp(shoeId: string | null): void {
    if (this.actions.shoeId === shoeId) return;
    const shoe = this.shoeToUndo();
    const kept = shoeId === null || shoe?.id !== shoeId ? null : keptActions(this.table());
    this.actions =
      kept && kept.shoeId === shoeId && kept.shoe === shoeFingerprint(shoe!)
        ? { shoeId, done: kept.done, undone: kept.undone }
        : { shoeId, done: [], undone: [] };
  }

  /** Forgets every action remembered for shoe `shoeId`, here and in localStorage. */
  forget(shoeId: string): void {
    this.actions = { shoeId, done: [], undone: [] };
    this.keep();
  }

  /** Forgets the actions in memory only (another window took the table: it reads the kept ones). */
  drop(): void {
    this.actions = { shoeId: null, done: [], undone: [] };
  }

  /** Writes the remembered actions for the table, with the shoe they leave, so a reload finds them. */
  private keep(): void {
    const shoe = this.shoeToUndo();
    if (shoe) keepActions(this.table(), this.actions, shoe);
  }
}

/** The change that undoes `action`. */
export function inverse(action: ConsoleAction): ConsoleStep {
  switch (action.kind) {
    case 'add':
      return { kind: 'undo-add', index: action.index };
    case 'correct':
      return { kind: 'correct', index: action.index, before: action.after, after: action.before };
    case 'end':
      return { kind: 'reopen' };
    case 'reopen':
      return { kind: 'end' };
  }
}

/** The hand an undone or redone action concerned (from 1), or null for an end or a reopening. */
export function auditHand(action: ConsoleAction): number | null {
  return action.kind === 'add' || action.kind === 'correct' ? action.index + 1 : null;
}

/** Where the clerk's undo and redo lists are kept between reloads (one key per table). */
export const ACTIONS_KEY_PREFIX = 'bacc-operator-actions:';

/** How many actions each list keeps: a shoe is about 80 hands, and undo walks back through them all. */
const KEPT_ACTIONS = 200;

/** Two hands are the same record (the remembered one and the stored one). */
function sameHand(a: HandRecord | undefined, b: HandRecord): boolean {
  return a !== undefined && JSON.stringify(a) === JSON.stringify(b);
}

/** `action` is the last thing that happened to `shoe` as it stands, so undoing it undoes what the clerk did. */
export function undoable(action: ConsoleAction, shoe: ShoeRecord): boolean {
  const open = shoe.endedAt === null;
  switch (action.kind) {
    case 'add':
      return open && shoe.hands.length === action.index + 1 && sameHand(shoe.hands[action.index], action.hand);
    case 'correct':
      return open && sameHand(shoe.hands[action.index], action.after);
    case 'end':
      return !open;
    case 'reopen':
      return open;
  }
}

/** `action`, undone a moment ago, can be done again on `shoe` as it stands. */
export function redoable(action: ConsoleAction, shoe: ShoeRecord): boolean {
  const open = shoe.endedAt === null;
  switch (action.kind) {
    case 'add':
      return open && shoe.hands.length === action.index;
    case 'correct':
      return open && sameHand(shoe.hands[action.index], action.before);
    case 'end':
      return open;
    case 'reopen':
      return !open;
  }
}

/**
 * The actions kept for `table`, or null when none are, or what is kept is not a list of known actions.
 * The hands in them are checked, with the whole shoe, only when undo or redo would write one.
 */
function keptActions(table: string): KeptActions | null {
  try {
    const text = localStorage.getItem(ACTIONS_KEY_PREFIX + table);
    if (text === null) return null;
    const kept = JSON.parse(text) as KeptActions;
    if (typeof kept.shoeId !== 'string' || typeof kept.shoe !== 'string' || !Array.isArray(kept.done) || !Array.isArray(kept.undone)) {
      return null;
    }
    return [...kept.done, ...kept.undone].every(readableAction) ? kept : null;
  } catch {
    return null;
  }
}

/** A kept action of a known kind whose hands are valid records. */
function readableAction(action: ConsoleAction): boolean {
  switch (action?.kind) {
    case 'add':
    case 'correct':
      // Its hands are checked where they would be written, with the whole shoe (writesPlayableShoe).
      return Number.isInteger(action.index);
    case 'end':
    case 'reopen':
      return true;
    default:
      return false;
  }
}

/**
 * The shoe as the kept actions left it (open or ended, and its hands), as a short hash: actions kept
 * for a shoe that has changed since (another window, or a hand-edited list) are not taken up.
 */
function shoeFingerprint(shoe: ShoeRecord): string {
  // FNV-1a over the text: a fingerprint that tells states apart, not a defence against a forger.
  const text = `${shoe.id}|${shoe.endedAt === null ? 'open' : 'ended'}|${JSON.stringify(shoe.hands)}`;
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return `${shoe.hands.length}:${(hash >>> 0).toString(16)}`;
}

/**
 * The shoe `step` would write is one a shoe document accepts under the shoe's own rules: every hand
 * resolved again, and no card more often than its decks hold. Undo and redo write only such shoes.
 */
export function writesPlayableShoe(step: ConsoleStep, shoe: ShoeRecord): boolean {
  if (step.kind !== 'add' && step.kind !== 'correct') return true;
  const hands = [...shoe.hands];
  if (step.kind === 'add') hands.push(step.hand);
  else hands[step.index] = step.after;
  try {
    parseShoeDocument(shoeDocument([{ ...shoe, endedAt: null, hands }]));
    return true;
  } catch {
    return false;
  }
}

/** Keeps `actions` for `table`, left on `shoe`; storage that refuses (private mode, full) leaves undo to the last hand after a reload. */
function keepActions(table: string, actions: ConsoleActions, shoe: ShoeRecord): void {
  try {
    const kept: KeptActions = {
      shoeId: actions.shoeId,
      shoe: shoeFingerprint(shoe),
      done: actions.done.slice(-KEPT_ACTIONS),
      undone: actions.undone.slice(-KEPT_ACTIONS),
    };
    localStorage.setItem(ACTIONS_KEY_PREFIX + table, JSON.stringify(kept));
  } catch {
    /* undo still works in this window */
  }
}
