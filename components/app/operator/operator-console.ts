import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { CardEntry, outcomeEntryHand, type CardRefusal } from '../../../src/dealing/recording.js';
import { Shoe } from '../../../src/game/shoe.js';
import { handRecord, parseShoeDocument, shoeDocument, type HandRecord, type ShoeRecord } from '../../../src/shoes/document.js';
import type { Winner, Side } from '../../../src/game/hand.js';
import type { TableRules } from '../../../src/game/rules.js';
import type { Card } from '../../../src/game/cards.js';
import { newShoeId, randomShoeSeed, replayStoredShoe } from '../../../src/shoes/attract-shoes.js';
import { cardsTyped } from './operator-keys.js';
import { KeptShoeController, storageProblemText, type KeptShoeStore } from '../shared/data/kept-shoe.js';
import type { KeeperProblem, ShoeChange } from '../../../src/shoes/keeper.js';
import { MAX_OPERATOR_LENGTH, MAX_REASON_LENGTH, type AuditAction, type ShoeEvent } from '../../../src/shoes/records.js';
import { normaliseFreeText } from '../../../src/shoes/table-names.js';

/** `Omit` over each member of a union. */
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export type EntryMode = 'outcome' | 'cards';
export type HandFlag = 'playerPair' | 'bankerPair' | 'natural';

/** An action waiting for the operator to confirm it. */
export type Confirmation = 'end-shoe' | 'new-shoe' | 'new-simulated-shoe' | 'void-shoe';

/** An action of the clerk on the shoe in play, with what undoing and redoing it needs. */
type ConsoleAction =
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
type ConsoleStep = ConsoleAction | { kind: 'undo-add'; index: number };

/** The change that undoes `action`. */
function inverse(action: ConsoleAction): ConsoleStep {
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

/** A hand the operator entered, added or corrected: what `bacc-hand-recorded` carries. */
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

/**
 * What the console has to tell the operator, as a kind and its values: the element words it
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
  /** An action that would give up the cards typed for the next hand (`typed`), refused until they are recorded or cleared. */
  | { about: 'cards-typed'; typed: string }
  | { about: 'no-cards-typed' };

/** A message for the operator: `refused` for input that changed nothing, `done` for what happened. */
export interface ConsoleMessage {
  kind: 'refused' | 'done';
  news: ConsoleNews;
}

export interface OperatorConsoleOptions {
  rules: () => TableRules;
  table: () => string;
  store?: () => KeptShoeStore | null | undefined;
  retryDelays?: () => readonly number[] | undefined;
  /** Called for every hand the operator's own action recorded or corrected. */
  onRecorded: (recorded: RecordedHand) => void;
  /** Text typed in the card field and not sent yet (what the controller has not seen). */
  unsentCards?: () => string;
  /** A change has been written: the room's screens are told (see ConsolePublisher). */
  onSaved?: (change: ShoeChange) => void;
  /** The clerk confirmed Void shoe: the card feed is told, before the shoe is ended. */
  onVoidShoe?: () => void;
  /**
   * The console's operator for the audit trail: the name the clerk signed in with, or null when
   * nobody signed in (the entry is kept all the same, and says so).
   */
  operator?: () => string | null;
}

/** An audited action kept without its reason: the console asks why until it is answered, dismissed or the clerk goes on. */
export interface ReasonWanted {
  shoeId: string;
  /** The entry's position in the shoe's audit trail, from 1. */
  entry: number;
  action: AuditAction;
  hand: number | null;
}

/**
 * The operator console's state and actions: recording a real table's hands by outcome or card by
 * card (each card checked by the rules core), undo, correction, ending and starting shoes, and
 * dealing a simulated shoe by hand or automatically. Everything is kept through a
 * `KeptShoeController`, so it is written before it is shown and resumed after a reload.
 * The element only paints this and routes keys and clicks here.
 */
export class OperatorConsoleController implements ReactiveController {
  private readonly kept: KeptShoeController;
  /** The entry mode chosen at the table on screen, read from localStorage once per table. */
  private chosenEntryMode: { table: string; mode: EntryMode } | null = null;
  /** Flags applied to the next hand entered by outcome, then cleared. */
  flags: Record<HandFlag, boolean> = { playerPair: false, bankerPair: false, natural: false };
  /** The hand being corrected (from 0), or null when entries add hands. */
  correcting: number | null = null;
  /** What the last action said. */
  message: ConsoleMessage | null = null;
  /** An action waiting for confirmation. */
  confirming: Confirmation | null = null;
  /** Automatic dealing of the simulated shoe is on. */
  autoDealing = false;
  /** Seconds between automatically dealt hands. */
  autoDealSeconds = 2;

  private cardEntry: CardEntry | null = null;
  private cardEntryFor: unknown = null;
  private cardEntryKey = '';
  /** The live shoe of the simulated shoe kept here, by its id: null when its seed does not deal its hands (worked out once). */
  private simulation: { shoeId: string; shoe: Shoe | null } | null = null;
  private autoTimer: ReturnType<typeof setTimeout> | undefined;
  /** Recording actions run one after another, so a fast operator's keys keep their order. */
  private steps: Promise<unknown> = Promise.resolve();
  /** A new shoe asked for and not started yet: a second S asks before ending it. */
  private startPending = false;
  /**
   * The clerk's actions on one shoe, to undo (`done`, newest last) and redo (`undone`), kept in
   * localStorage per table so undo after a reload undoes the last action, not merely the last hand.
   * A new shoe starts them afresh; those that no longer match the stored shoe (changed in another
   * window) are forgotten, and undo then removes the last hand.
   */
  private actions: ConsoleActions = { shoeId: null, done: [], undone: [] };
  /** Another window held the table at the last update (see hostUpdate). */
  private heldElsewhere = false;
  /** The audited action waiting for its reason, or null. */
  private wanted: ReasonWanted | null = null;
  /**
   * How many times the clerk has gone on to another action (see `goOn`), and that count when the
   * running step was asked for: an action asked for before the clerk went on asks no reason once it ends.
   */
  private goneOn = 0;
  private stepAskedAt = 0;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly options: OperatorConsoleOptions,
  ) {
    host.addController(this);
    this.kept = new KeptShoeController(host, {
      table: options.table,
      origin: 'console',
      // The newest open shoe of this console's table is taken up whatever its source; a simulated
      // one is dealt again from its seed, and ended when that does not deal its stored hands.
      resumable: (stored) => stored.source === 'recorded' || replayStoredShoe(stored) !== null,
      onTableLost: () => this.tableTaken(),
      ...(options.onSaved ? { onSaved: options.onSaved } : {}),
      ...(options.store ? { store: options.store } : {}),
      ...(options.retryDelays ? { retryDelays: options.retryDelays } : {}),
    });
  }

  hostConnected(): void {
    /* the kept shoe connects itself */
  }

  hostDisconnected(): void {
    this.stopAutoDeal();
  }

  hostUpdate(): void {
    // The table held here again (the other window closed or was taken from): "being recorded in
    // another window" or "another window took this table over", said while it was, is no longer true.
    const heldElsewhere = this.readOnly;
    const about = this.message?.news.about;
    if (this.heldElsewhere && !heldElsewhere && (about === 'read-only' || about === 'table-taken')) this.message = null;
    this.heldElsewhere = heldElsewhere;
    // "Not saved yet" stops being true once a retry wrote everything.
    const news = this.message?.news;
    if ((news?.about === 'recorded' || news?.about === 'corrected') && !news.saved && this.kept.unsaved === 0 && !this.kept.problem) {
      this.message = { kind: 'done', news: { ...news, saved: true } };
    }
    // The shoe on screen changed (read after a reload, a new shoe, a takeover): its kept actions are
    // taken up here, once, so that canUndo and canRedo only ask.
    const shoe = this.shoeToUndo();
    if (shoe && this.ready && !this.readOnly) this.forgetActionsUnlessOf(shoe.id);
  }

  /** The shoe on screen (kept here, or stored by the window that records the table), or null. */
  get shoe(): ShoeRecord | null {
    return this.kept.shoe;
  }

  /** The hands on screen, each shown once written or kept for a retry. */
  get hands(): readonly HandRecord[] {
    return this.kept.hands;
  }

  /** This window keeps the table and has looked for its open shoe (see KeptShoeController.ready). */
  get ready(): boolean {
    return this.kept.ready;
  }

  /** Resolves once this window keeps the table and has looked for its open shoe. */
  whenReady(): Promise<void> {
    return this.kept.whenReady();
  }

  /** Changes made but not yet written. */
  get unsaved(): number {
    return this.kept.unsaved;
  }

  /** Why the last write failed, until a write succeeds. */
  get storageProblem(): KeeperProblem | null {
    return this.kept.problem;
  }

  /** What the screen should say about storage, or '' when all is written (see storageProblemText). */
  get storageText(): string {
    return storageProblemText(this.kept);
  }

  /** The shoe on screen is open (started and not ended). */
  get shoeOpen(): boolean {
    return this.kept.shoe !== null && this.kept.shoe.endedAt === null;
  }

  /** The shoe on screen is an open simulated shoe this console deals. */
  get simulating(): boolean {
    return this.shoeOpen && this.liveSimulation() !== null;
  }

  /** Cards typed so far for the hand being entered card by card. */
  get typedCards(): readonly Card[] {
    return this.cardEntry?.cards ?? [];
  }

  /** Who receives the next typed card. */
  get nextCard(): Side {
    return this.currentCardEntry()?.next ?? 'player';
  }

  /** Whether the simulated shoe has dealt its last hand. */
  get simulationFinished(): boolean {
    return this.liveSimulation()?.shoe.finished ?? false;
  }

  /**
   * The entry mode the operator last chose at this table, kept across reloads: a clerk typing cards
   * after a reload must not record a tie from the `t` of `tc` because the console forgot.
   */
  get entryMode(): EntryMode {
    const table = this.options.table();
    if (this.chosenEntryMode?.table !== table) this.chosenEntryMode = { table, mode: rememberedEntryMode(table) };
    return this.chosenEntryMode.mode;
  }

  setEntryMode(mode: EntryMode): void {
    if (mode === this.entryMode || this.refusedTypedCards()) return;
    const table = this.options.table();
    this.chosenEntryMode = { table, mode };
    rememberEntryMode(table, mode);
    this.cardEntry?.clear();
    this.host.requestUpdate();
  }

  /** Another window records this table: this console only shows its shoe. */
  get readOnly(): boolean {
    return this.kept.lockedElsewhere;
  }

  /** Undo has something to undo: a remembered action, or else a hand of the open shoe. */
  get canUndo(): boolean {
    const shoe = this.shoeToUndo();
    if (!this.ready || this.readOnly || this.kept.stranded || !shoe) return false;
    if (this.actions.shoeId === shoe.id && this.actions.done.length > 0) return true;
    return this.shoeOpen && !this.simulating && this.kept.hands.length > 0;
  }

  /** Redo has an undone action to do again (until the next new action). */
  get canRedo(): boolean {
    const shoe = this.shoeToUndo();
    if (!this.ready || this.readOnly || this.kept.stranded || !shoe) return false;
    return this.actions.shoeId === shoe.id && this.actions.undone.length > 0;
  }

  /** An ended shoe can be opened again (`reopenLastShoe`): the one just ended, or after a reload the table's last shoe, when it is ended. */
  get canReopen(): boolean {
    return !this.readOnly && this.kept.reopenable;
  }

  /** Another window records this table and this one may take it over (`takeOver`). */
  get canTakeOver(): boolean {
    return this.readOnly;
  }

  /** The stored shoe was deleted or changed elsewhere: no hand is taken until a new shoe starts. */
  get stranded(): boolean {
    return this.kept.stranded;
  }

  /**
   * Takes the table from the window that records it: that window only shows the shoe from then on
   * (it keeps nothing to write later), and this one reads the shoe as stored and records it.
   */
  takeOver(): void {
    if (!this.readOnly) return;
    if (this.message?.news.about === 'table-taken') this.message = null;
    this.kept.takeOver();
    this.host.requestUpdate();
  }

  /**
   * Does again the action the last undo undid: a hand put back, a correction made again, the shoe
   * ended or reopened again. Any new action forgets what could be redone.
   */
  redo(): Promise<void> {
    if (this.refusedTypedCards()) return Promise.resolve();
    return this.step(async () => {
      if (this.refusedUnready() || this.refusedStranded()) return;
      const onScreen = this.shoeToUndo();
      if (onScreen) this.forgetActionsUnlessOf(onScreen.id);
      const action = this.canRedo ? this.actions.undone.at(-1) : undefined;
      if (!action) return this.refuse({ about: 'nothing-to-redo' });
      const shoe = this.shoeToUndo()!;
      if (!redoable(action, shoe) || !writesPlayableShoe(action, shoe)) {
        // The shoe changed elsewhere since the undo: doing it again would rewrite a hand nobody chose.
        this.forgetActions(shoe.id);
        return this.refuse({ about: 'nothing-to-redo' });
      }
      if (!(await this.performed(action, false))) return;
      this.actions.undone.pop();
      this.actions.done.push(action);
      this.keepActions();
      await this.writeAudit('redo', auditHand(action));
    }, undefined);
  }

  /** Opens the last ended shoe again (see `canReopen`), so its hands go on; undo ends it again. */
  reopenLastShoe(): Promise<void> {
    return this.step(async () => {
      if (this.refusedUnready() || this.refusedStranded()) return;
      if (!this.canReopen) return this.refuse({ about: 'nothing-to-reopen' });
      await this.kept.reopenShoe();
      if (this.refusedStranded()) return;
      this.remember({ kind: 'reopen' });
      this.done({ about: 'reopened', hands: this.kept.hands.length });
      await this.writeAudit('reopen', null);
    }, undefined);
  }

  toggleFlag(flag: HandFlag): void {
    if (this.refusedReadOnly()) return;
    this.flags = { ...this.flags, [flag]: !this.flags[flag] };
    this.host.requestUpdate();
  }

  /** Records (or, while correcting, re-enters) a hand by its outcome and the flags set. */
  recordOutcome(outcome: Winner): Promise<void> {
    // The flags and the hand being corrected are the ones on screen when the key is pressed, not
    // when the queued action runs (an earlier hand may still be being written).
    const hand = outcomeEntryHand({ outcome, ...this.flags });
    const correcting = this.correcting;
    this.flags = { playerPair: false, bankerPair: false, natural: false };
    this.correcting = null;
    this.host.requestUpdate();
    return this.step(async () => {
      if (!this.canRecord()) return;
      await this.record(hand, correcting);
    }, undefined);
  }

  /**
   * Reads typed cards one by one: each is checked by the rules core at once; the first refused card
   * stops there with its reason (the cards before it stay typed, nothing is recorded). A hand the
   * tableau has finished waits for `record` (Enter) — a card after it is refused, since the tableau
   * would not deal it — and is recorded then. Returns the text not yet read (from the refused card on).
   */
  typeCards(text: string, record = false): Promise<string> {
    const correcting = this.correcting;
    return this.step(async () => {
      // Enter with nothing new typed still answers for the cards already sent: it records a finished
      // hand, or says the hand is not complete.
      if (cardsTyped(text).length === 0 && !(record && this.typedCards.length > 0)) {
        if (record && this.canRecord()) this.refuse({ about: 'no-cards-typed' });
        return '';
      }
      if (!this.canRecord()) return text.trim();
      if (this.message?.kind === 'refused') this.message = null;
      const rest = await this.readCards(text, correcting, record);
      this.host.requestUpdate();
      return rest;
    }, text.trim());
  }

  /** The typed cards make a finished hand, waiting for Enter to record it. */
  get typedHandComplete(): boolean {
    return this.cardEntry?.hand != null;
  }

  /**
   * A hand the card feed finished (a card-reading shoe or a scanner): recorded as a typed hand is,
   * so undo, the screens and storage treat it alike. With no shoe open, a recorded shoe is started
   * first. Resolves true once it is recorded.
   */
  recordFedHand(hand: HandRecord): Promise<boolean> {
    return this.step(async () => {
      if (this.refusedUnready() || this.refusedStranded()) return false;
      if (!this.shoeOpen) await this.startShoe(false);
      if (this.simulating) {
        this.refuse({ about: 'simulated-no-record' });
        return false;
      }
      await this.record(hand, null);
      return true;
    }, false);
  }

  /**
   * An event of the dealing procedure (the burn, the cut card, a cancelled card, a void, a dummy
   * hand), kept with the shoe after the hands recorded before it. With no shoe open (a device that
   * sends no new-shoe line), a recorded shoe is started first.
   */
  recordFedEvent(event: DistributiveOmit<ShoeEvent, 'at' | 'afterHand'>): Promise<boolean> {
    return this.step(async () => {
      if (this.refusedUnready() || this.refusedStranded()) return false;
      if (!this.shoeOpen) {
        // A void shoe with none open has nothing to be kept with.
        if (event.kind === 'void-shoe') return false;
        await this.startShoe(false);
      }
      if (this.simulating) return false;
      const kept = { ...event, at: new Date().toISOString(), afterHand: this.kept.hands.length };
      return this.kept.recordEvent(kept);
    }, false);
  }

  /**
   * Keeps an entry of the shoe's audit trail (when, who, what, which hand; its reason "not given" until
   * the clerk answers `reasonWanted`), signed in or not; queued after the change it is about.
   */
  audit(action: AuditAction, hand: number | null): Promise<boolean> {
    return this.step(() => this.writeAudit(action, hand), false);
  }

  private async writeAudit(action: AuditAction, hand: number | null): Promise<boolean> {
    const shoe = this.kept.shoe;
    if (!shoe || this.readOnly || this.kept.stranded || !this.keepsAudit()) return false;
    const operator = this.options.operator?.() || null;
    const saved = await this.kept.recordAudit({ at: new Date().toISOString(), operator, action, hand, reason: null });
    const entry = this.kept.shoe?.id === shoe.id ? (this.kept.shoe.audit?.length ?? 0) : 0;
    // The clerk went on before this action ended (B pressed right after U): no question about it then.
    if (entry > 0 && this.stepAskedAt === this.goneOn) {
      this.wanted = { shoeId: shoe.id, entry, action, hand };
      this.host.requestUpdate();
    }
    return saved;
  }

  /** Whether the store keeps an audit trail (the page's does; a stand-in given to a test may not). */
  private keepsAudit(): boolean {
    const store = this.options.store?.();
    return !store || typeof store.appendAudit === 'function';
  }

  /** The audited action whose reason the console asks for, or null (none, or its shoe is no longer on screen). */
  get reasonWanted(): ReasonWanted | null {
    const wanted = this.wanted;
    return wanted && wanted.shoeId === this.kept.shoe?.id && !this.readOnly ? wanted : null;
  }

  /**
   * Answers `reasonWanted`: a listed reason (its English, as kept) or one typed, cleaned (control and
   * format characters dropped, white space collapsed, 1–200 characters). Kept as an entry of its own
   * (action `reason`) that names the entry it explains: the trail is only ever appended to.
   */
  giveReason(text: string): Promise<boolean> {
    const wanted = this.reasonWanted;
    if (!wanted) return Promise.resolve(false);
    const reason = cleanReason(text);
    if (reason === null) {
      this.refuse({ about: 'reason-refused' });
      return Promise.resolve(false);
    }
    this.wanted = null;
    this.host.requestUpdate();
    return this.step(async () => {
      if (this.kept.shoe?.id !== wanted.shoeId || this.readOnly || this.kept.stranded) return false;
      const operator = this.options.operator?.() || null;
      const { entry, hand } = wanted;
      const saved = await this.kept.recordAudit({
        at: new Date().toISOString(),
        operator,
        action: 'reason',
        hand,
        reason,
        reasonFor: entry,
      });
      this.done({ about: 'reason-kept', reason });
      return saved;
    }, false);
  }

  /** The clerk does not say why (Escape): the action stays kept with its reason not given. */
  dismissReason(): void {
    if (!this.wanted) return;
    this.wanted = null;
    this.host.requestUpdate();
  }

  /**
   * The clerk has gone on to another action: the question about the last one is left (its reason
   * stays not given), and one queued before now asks none when it ends.
   */
  goOn(): void {
    this.goneOn++;
    this.dismissReason();
  }

  /** The card shoe started a new shoe: the open one (unless it has no hand yet) is ended and a recorded shoe starts. */
  startFedShoe(): Promise<void> {
    return this.step(async () => {
      if (this.refusedUnready()) return;
      if (this.shoeOpen && !this.simulating && !this.kept.stranded && this.kept.hands.length === 0) return;
      if (this.shoeOpen && !this.kept.stranded) {
        this.stopAutoDeal();
        await this.kept.endShoe();
      }
      this.cardEntry?.clear();
      await this.startShoe(false);
    }, undefined);
  }

  /** The card shoe's last hand is out (the cut card and the hand after it): the shoe is ended, and undo opens it again. */
  endFedShoe(): Promise<void> {
    return this.step(async () => {
      if (this.refusedUnready() || this.refusedStranded()) return;
      const shoe = this.kept.shoe;
      if (!shoe || !this.shoeOpen || this.simulating) return;
      await this.kept.endShoe();
      this.cardEntry?.clear();
      this.remember({ kind: 'end' });
      this.done({ about: 'shoe-ended', hands: shoe.hands.length });
    }, undefined);
  }

  /** Takes back the last card typed for the hand being entered. */
  removeLastCard(): void {
    this.cardEntry?.removeLast();
    this.host.requestUpdate();
  }

  /** Forgets the cards typed for the hand being entered; false when there were none. */
  clearCards(): boolean {
    const had = this.typedCards.length > 0;
    this.cardEntry?.clear();
    this.host.requestUpdate();
    return had;
  }

  /**
   * Undoes the clerk's last action on the shoe: a hand recorded (removed), a correction (the hand it
   * replaced put back), an end of shoe (opened again), a reopening (ended again). With no action
   * remembered (after a reload: they are kept in memory only) it removes the last hand. What it undid
   * can be redone (`redo`).
   */
  undo(): Promise<void> {
    // Undo changes the hands the typed cards are checked against: they would be given up.
    if (this.refusedTypedCards()) return Promise.resolve();
    return this.step(async () => {
      if (this.refusedUnready() || this.refusedStranded()) return;
      const shoe = this.shoeToUndo();
      if (shoe) this.forgetActionsUnlessOf(shoe.id);
      const action = shoe ? this.actions.done.at(-1) : undefined;
      if (shoe && action && !(undoable(action, shoe) && writesPlayableShoe(inverse(action), shoe))) this.forgetActions(shoe.id);
      else if (shoe && action) {
        this.correcting = null;
        if (!(await this.performed(inverse(action), true))) return;
        this.actions.done.pop();
        this.actions.undone.push(action);
        this.keepActions();
        await this.writeAudit('undo', auditHand(action));
        return;
      }
      if (!shoe || !this.shoeOpen) return this.refuse({ about: 'no-shoe-to-undo' });
      if (this.simulating) return this.refuse({ about: 'simulated-no-undo' });
      if (shoe.hands.length === 0) return this.refuse({ about: 'no-hand-to-undo' });
      const index = shoe.hands.length - 1;
      if (!(await this.performed({ kind: 'undo-add', index }, true))) return;
      // Redo puts the hand back.
      this.actions.undone.push({ kind: 'add', index, hand: shoe.hands[index]! });
      this.keepActions();
      await this.writeAudit('undo', index + 1);
    }, undefined);
  }

  /** Chooses hand `handNumber` (from 1) to be entered again; the next entry replaces it. */
  beginCorrection(handNumber: number): void {
    if (this.refusedReadOnly() || this.refusedStranded() || this.refusedTypedCards()) return;
    const shoe = this.kept.shoe;
    if (!shoe || !this.shoeOpen) return this.refuse({ about: 'no-shoe-to-correct' });
    if (this.simulating) return this.refuse({ about: 'simulated-no-correct' });
    if (!Number.isInteger(handNumber) || handNumber < 1 || handNumber > shoe.hands.length) {
      return this.refuse(shoe.hands.length === 0 ? { about: 'no-hand-to-correct' } : { about: 'choose-hand', last: shoe.hands.length });
    }
    this.correcting = handNumber - 1;
    this.cardEntry?.clear();
    // Flags set for the next hand are not the corrected hand's: it is entered again from scratch.
    this.flags = { playerPair: false, bankerPair: false, natural: false };
    this.done({ about: 'correcting', hand: handNumber });
  }

  cancelCorrection(): void {
    if (this.correcting === null) return;
    this.correcting = null;
    this.cardEntry?.clear();
    this.done({ about: 'correction-cancelled' });
  }

  /** Asks for confirmation of an action that ends a shoe. */
  ask(confirmation: Confirmation): void {
    if (this.refusedReadOnly() || this.refusedTypedCards()) return;
    // Until the stored shoe is read, this window does not know whether a shoe is open here or
    // another window holds the table.
    if (!this.kept.ready) return this.refuse({ about: 'still-reading' });
    if (confirmation === 'end-shoe' && this.refusedStranded()) return;
    // A shoe asked for a moment ago counts as open: it will be by the time this action runs.
    const open = this.shoeOpen || this.startPending;
    if (confirmation === 'end-shoe' && !open) return this.refuse({ about: 'no-shoe-to-end' });
    // A new shoe when none is open needs no confirmation: nothing is ended.
    if (confirmation !== 'end-shoe' && confirmation !== 'void-shoe' && !open) {
      void this.confirm(confirmation);
      return;
    }
    this.confirming = confirmation;
    this.host.requestUpdate();
  }

  cancelConfirmation(): void {
    this.confirming = null;
    this.host.requestUpdate();
  }

  /** Carries out the action waiting for confirmation (or `action` directly). */
  confirm(action: Confirmation | null = this.confirming): Promise<void> {
    this.confirming = null;
    const starts = action === 'new-shoe' || action === 'new-simulated-shoe';
    if (starts) this.startPending = true;
    this.host.requestUpdate();
    if (action === 'void-shoe') this.options.onVoidShoe?.();
    return this.step(async () => {
      if (action === null || this.refusedUnready()) return;
      if ((action === 'end-shoe' || action === 'void-shoe') && this.refusedStranded()) return;
      const shoe = this.kept.shoe;
      // A stranded shoe is not ended: it is no longer stored, and the new shoe gives up what waited for it.
      if (shoe && this.shoeOpen && !this.kept.stranded) {
        this.stopAutoDeal();
        await this.kept.endShoe();
        // Cards typed for a next hand have no hand to go to now.
        this.cardEntry?.clear();
        if (action === 'end-shoe' || action === 'void-shoe') {
          this.remember({ kind: 'end' });
          return this.done({ about: 'shoe-ended', hands: shoe.hands.length });
        }
      }
      if (action === 'end-shoe' || action === 'void-shoe') return;
      await this.startShoe(action === 'new-simulated-shoe');
    }, undefined).finally(() => {
      if (starts) this.startPending = false;
    });
  }

  /** Deals one hand of the simulated shoe. */
  deal(): Promise<void> {
    return this.step(() => this.dealNow(true), undefined);
  }

  /** Turns automatic dealing on or off. */
  toggleAutoDeal(): void {
    if (this.autoDealing) {
      this.stopAutoDeal();
    } else if (!this.simulating || this.simulationFinished) {
      this.refuse({ about: 'start-simulated-first', automatic: true });
    } else {
      this.autoDealing = true;
      this.scheduleAutoDeal();
    }
    this.host.requestUpdate();
  }

  setAutoDealSeconds(seconds: number): void {
    this.autoDealSeconds = seconds;
    if (this.autoDealing) this.scheduleAutoDeal();
    this.host.requestUpdate();
  }

  /**
   * Queues an action behind the ones before it. Whatever it throws is said on screen as a refusal
   * (never silently dropped) and the action gives `failed` instead.
   */
  private step<T>(action: () => Promise<T>, failed: T): Promise<T> {
    const askedAt = this.goneOn;
    const next = this.steps
      .then(() => {
        this.stepAskedAt = askedAt;
        return action();
      })
      .catch((error: unknown) => {
        this.refuse({ about: 'failed', error });
        return failed;
      })
      .finally(() => {
        // What an action changed after its last write (the undo and redo lists, say) is drawn too.
        this.host.requestUpdate();
      });
    this.steps = next;
    return next;
  }

  /** Refuses (and says why) when another window records this table, or this one has not read its stored shoe yet (just back on the page, say). */
  private refusedUnready(): boolean {
    if (this.refusedReadOnly()) return true;
    if (this.kept.ready) return false;
    this.refuse({ about: 'still-reading' });
    return true;
  }

  /** Refuses (and says why) when the stored shoe vanished or changed elsewhere: nothing more can be saved to it. */
  private refusedStranded(): boolean {
    if (!this.kept.stranded) return false;
    this.stopAutoDeal();
    this.refuse({ about: 'shoe-stranded' });
    return true;
  }

  /** The shoe undo works on: the one on screen, or, after a reload, the ended one its last action ended. */
  private shoeToUndo(): ShoeRecord | null {
    return this.kept.shoe ?? this.kept.lastEndedShoe;
  }

  /** The cards typed for the next hand and not recorded: those read, then the field's unsent text. */
  private cardsNotRecorded(): string {
    return [...this.typedCards, ...cardsTyped(this.options.unsentCards?.() ?? '')].join(' ');
  }

  /**
   * Refuses (and says why) an action that would give up the cards typed for the next hand: the clerk
   * records them (Enter) or clears them (Escape) first, so no typed hand vanishes without a word.
   */
  private refusedTypedCards(): boolean {
    const typed = this.cardsNotRecorded();
    if (!typed) return false;
    this.refuse({ about: 'cards-typed', typed });
    return true;
  }

  /** Remembers a new action on the shoe on screen: what could be redone is forgotten. */
  private remember(action: ConsoleAction): void {
    this.forgetActionsUnlessOf(this.kept.shoe?.id ?? null);
    this.actions.done.push(action);
    this.actions.undone = [];
    this.keepActions();
  }

  /**
   * Takes up the actions of shoe `shoeId`: those in memory, else those kept for the table (after a
   * reload) when they were kept for this shoe exactly as it stands (its fingerprint), else none.
   */
  private forgetActionsUnlessOf(shoeId: string | null): void {
    if (this.actions.shoeId === shoeId) return;
    const shoe = this.shoeToUndo();
    const kept = shoeId === null || shoe?.id !== shoeId ? null : keptActions(this.options.table());
    this.actions =
      kept && kept.shoeId === shoeId && kept.shoe === shoeFingerprint(shoe!)
        ? { shoeId, done: kept.done, undone: kept.undone }
        : { shoeId, done: [], undone: [] };
  }

  /** Forgets every action remembered for shoe `shoeId`, here and in localStorage. */
  private forgetActions(shoeId: string): void {
    this.actions = { shoeId, done: [], undone: [] };
    this.keepActions();
  }

  /** Writes the remembered actions for the table, with the shoe they leave, so a reload finds them. */
  private keepActions(): void {
    const shoe = this.shoeToUndo();
    if (shoe) keepActions(this.options.table(), this.actions, shoe);
  }

  /** Another window took the table: what was done here is no longer this window's to undo (that window reads the kept actions). */
  private tableTaken(): void {
    const unsaved = this.kept.unsaved;
    const typed = this.cardsNotRecorded();
    this.actions = { shoeId: null, done: [], undone: [] };
    this.cardEntry?.clear();
    this.correcting = null;
    this.confirming = null;
    this.stopAutoDeal();
    this.refuse({ about: 'table-taken', unsaved, typed });
  }

  /**
   * Carries out one step of undo or redo and says what it did; false, with the reason said, when the
   * shoe turned out to be deleted or changed elsewhere (the store refused the write as a conflict).
   */
  private async performed(action: ConsoleStep, undoing: boolean): Promise<boolean> {
    await this.perform(action, undoing);
    return !this.refusedStranded();
  }

  /** Carries out one step of undo (`undoing`) or redo on the kept shoe, and says what it did. */
  private async perform(action: ConsoleStep, undoing: boolean): Promise<void> {
    const shoe = this.kept.shoe as ShoeRecord;
    switch (action.kind) {
      case 'undo-add':
        if (!this.shoeOpen || shoe.hands.length !== action.index + 1) throw new RangeError('the hand to undo is no longer the last');
        await this.kept.undo();
        return this.done({ about: 'undone', hand: action.index + 1 });
      case 'add': {
        if (!this.shoeOpen || shoe.hands.length !== action.index) throw new RangeError('the hand to redo no longer follows the last');
        const saved = await this.kept.addHand(action.hand);
        this.done({ about: 'recorded', hand: action.index + 1, saved });
        return this.options.onRecorded({ shoeId: shoe.id, handNumber: action.index + 1, hand: action.hand, correction: false, saved });
      }
      case 'correct': {
        if (!this.shoeOpen) throw new RangeError('the shoe is not open');
        const saved = await this.kept.correctHand(action.index, action.after);
        const handNumber = action.index + 1;
        this.done(undoing ? { about: 'correction-undone', hand: handNumber } : { about: 'corrected', hand: handNumber, saved });
        return this.options.onRecorded({ shoeId: shoe.id, handNumber, hand: action.after, correction: true, saved });
      }
      case 'end':
        this.stopAutoDeal();
        await this.kept.endShoe();
        return this.done({ about: 'shoe-ended', hands: shoe.hands.length });
      case 'reopen':
        // After a reload the ended shoe is not on screen until it is opened (`shoe` is undefined then).
        await this.kept.reopenShoe();
        return this.done({ about: 'reopened', hands: this.kept.hands.length });
    }
  }

  /** Refuses (and says why) when another window records this table. */
  private refusedReadOnly(): boolean {
    if (!this.readOnly) return false;
    this.refuse({ about: 'read-only' });
    return true;
  }

  /**
   * The live shoe that deals the simulated shoe this console keeps: the one it started, or, for a
   * shoe taken up after a reload, the same shoe dealt again from its seed up to its stored hands.
   */
  private liveSimulation(): { shoeId: string; shoe: Shoe } | null {
    const stored = this.kept.shoe;
    if (!stored || stored.source !== 'simulated' || this.readOnly) return null;
    if (this.simulation?.shoeId !== stored.id) this.simulation = { shoeId: stored.id, shoe: replayStoredShoe(stored) };
    const { shoeId, shoe } = this.simulation;
    return shoe ? { shoeId, shoe } : null;
  }

  private canRecord(): boolean {
    if (this.refusedReadOnly()) return false;
    if (!this.kept.ready) {
      this.refuse({ about: 'still-reading' });
      return false;
    }
    if (this.refusedStranded()) return false;
    if (!this.shoeOpen) {
      this.refuse({ about: 'no-shoe-to-record' });
      return false;
    }
    if (this.simulating) {
      this.refuse({ about: 'simulated-no-record' });
      return false;
    }
    return true;
  }

  private async readCards(text: string, correcting: number | null, record: boolean): Promise<string> {
    const cards = cardsTyped(text);
    const entry = this.currentCardEntry()!;
    for (const [position, card] of cards.entries()) {
      const result = entry.add(card);
      if (!result.accepted) {
        this.refuse({ about: 'card-refused', card, refusal: result.refusal });
        return cards.slice(position).join(' ');
      }
    }
    const hand = record ? entry.take() : null;
    if (hand) {
      if (this.correcting === correcting) this.correcting = null;
      await this.record(hand, correcting);
    } else if (record && entry.cards.length > 0) {
      this.refuse({ about: 'hand-incomplete', next: entry.next });
    }
    return '';
  }

  /** The card entry for the shoe as it stands: rebuilt when its hands change or a correction starts. */
  private currentCardEntry(): CardEntry | null {
    const shoe = this.kept.shoe;
    if (!shoe) return null;
    const key = `${shoe.id}|${this.correcting}`;
    if (this.cardEntry && this.cardEntryFor === this.kept.hands && this.cardEntryKey === key) return this.cardEntry;
    // The hand being corrected is left out, so its cards may be typed again.
    const others = this.correcting === null ? shoe.hands : shoe.hands.filter((_, index) => index !== this.correcting);
    this.cardEntry = new CardEntry(shoe.rules.decks, others);
    this.cardEntryFor = this.kept.hands;
    this.cardEntryKey = key;
    return this.cardEntry;
  }

  private async record(hand: HandRecord, correcting: number | null): Promise<void> {
    const shoe = this.kept.shoe!;
    // The hand chosen for correction was undone by a key pressed before it (the actions run in turn).
    if (correcting !== null && correcting >= shoe.hands.length) return this.refuse({ about: 'hand-gone', hand: correcting + 1 });
    const before = correcting === null ? undefined : shoe.hands[correcting]!;
    const saved = correcting === null ? await this.kept.addHand(hand) : await this.kept.correctHand(correcting, hand);
    const handNumber = correcting === null ? this.kept.hands.length : correcting + 1;
    this.remember(before ? { kind: 'correct', index: correcting!, before, after: hand } : { kind: 'add', index: handNumber - 1, hand });
    if (before) await this.writeAudit('correct', handNumber);
    // Not written (kept on screen and retrying, or refused by storage): the storage line says why.
    this.done({ about: correcting === null ? 'recorded' : 'corrected', hand: handNumber, saved });
    this.options.onRecorded({ shoeId: shoe.id, handNumber, hand, correction: correcting !== null, saved });
  }

  private async startShoe(simulated: boolean): Promise<void> {
    this.correcting = null;
    this.flags = { playerPair: false, bankerPair: false, natural: false };
    const rules = this.options.rules();
    const seed = simulated ? randomShoeSeed() : null;
    const id = newShoeId();
    this.simulation = simulated ? { shoeId: id, shoe: new Shoe({ rules, seed }) } : null;
    await this.kept.startShoe({
      id,
      table: this.options.table(),
      source: simulated ? 'simulated' : 'recorded',
      seed,
      startedAt: new Date().toISOString(),
      endedAt: null,
      rules,
      hands: [],
    });
    this.done({ about: 'new-shoe', simulated });
  }

  private async dealNow(byOperator: boolean): Promise<void> {
    if (this.refusedUnready() || this.refusedStranded()) return;
    const simulation = this.simulating ? this.liveSimulation() : null;
    if (!simulation) return this.refuse({ about: 'start-simulated-first', automatic: false });
    const { shoe } = simulation;
    if (shoe.finished) return this.refuse({ about: 'simulation-dealt' });
    const hand = handRecord(shoe.dealHand());
    const saved = await this.kept.addHand(hand);
    const handNumber = this.kept.hands.length;
    if (shoe.finished) {
      this.stopAutoDeal();
      this.done({ about: 'dealt', hand: handNumber, last: true });
    } else {
      this.done({ about: 'dealt', hand: handNumber, last: false });
    }
    if (byOperator) this.options.onRecorded({ shoeId: simulation.shoeId, handNumber, hand, correction: false, saved });
  }

  private scheduleAutoDeal(): void {
    clearTimeout(this.autoTimer);
    this.autoTimer = setTimeout(() => {
      void this.step(() => this.dealNow(false), undefined).then(() => {
        if (this.autoDealing) this.scheduleAutoDeal();
      });
    }, this.autoDealSeconds * 1000);
  }

  private stopAutoDeal(): void {
    clearTimeout(this.autoTimer);
    this.autoTimer = undefined;
    if (this.autoDealing) {
      this.autoDealing = false;
      this.host.requestUpdate();
    }
  }

  /** Takes a refusal off the screen: the clerk has gone on to something else, so it no longer answers anything. */
  clearRefusal(): void {
    if (this.message?.kind !== 'refused') return;
    this.message = null;
    this.host.requestUpdate();
  }

  /** An outcome key pressed in card entry: said on screen, nothing recorded. */
  refuseOutcomeInCardEntry(): void {
    this.refuse({ about: 'outcome-in-card-entry' });
  }

  /**
   * A key that does nothing here: said, so no key is silently lost. While a question is open, every
   * key but its answers waits for it; another window's table answers with that.
   */
  refuseKey(key: string): void {
    if (this.confirming) return this.refuse({ about: 'answer-question-first' });
    if (this.refusedReadOnly()) return;
    this.refuse({ about: 'unknown-key', key });
  }

  /** A character that is part of no card typed in the card field: kept out of it, and said. */
  refuseCardFieldCharacter(key: string): void {
    this.refuse({ about: 'not-a-card-character', key });
  }

  private refuse(news: ConsoleNews): void {
    this.message = { kind: 'refused', news };
    this.host.requestUpdate();
  }

  private done(news: ConsoleNews): void {
    this.message = { kind: 'done', news };
    this.host.requestUpdate();
  }
}

/**
 * A typed reason as the trail keeps it: control and format characters dropped, then cleaned as a
 * table name is (NFKC, white space collapsed), 1–200 characters; null when nothing is left or it is too long.
 * @example cleanReason(' shoe\tjammed\u0007 ') // 'shoe jammed'
 */
export function cleanReason(text: string): string | null {
  const result = normaliseFreeText(withoutControls(text), MAX_REASON_LENGTH);
  return result.ok ? result.name : null;
}

/**
 * The name a clerk signs in with as the trail keeps it: cleaned as a reason is, cut to its first 60
 * characters; '' when nothing is left (nobody signed in).
 * @example cleanOperatorName('  Mei\u200b ') // 'Mei'
 */
export function cleanOperatorName(text: string): string {
  const result = normaliseFreeText(withoutControls(text), Number.MAX_SAFE_INTEGER);
  return result.ok ? Array.from(result.name).slice(0, MAX_OPERATOR_LENGTH).join('').trim() : '';
}

/** Text with its control and format characters out (white space among them becomes a space), so what is left can be kept. */
function withoutControls(text: string): string {
  return text.replace(/[\p{Cc}\p{Cf}]/gu, (character) => (/\s/.test(character) ? ' ' : ''));
}

/** The hand an undone or redone action concerned (from 1), or null for an end or a reopening. */
function auditHand(action: ConsoleAction): number | null {
  return action.kind === 'add' || action.kind === 'correct' ? action.index + 1 : null;
}

/** Where a table's entry mode is kept between reloads (one key per table). */
export const ENTRY_MODE_KEY_PREFIX = 'bacc-operator-entry-mode:';

/** Where the entry mode last chosen at any table of this browser is kept: a new table starts in it. */
export const LAST_ENTRY_MODE_KEY = 'bacc-operator-entry-mode';

/**
 * The entry mode last chosen at `table`; for a table not used yet, the one last chosen at any table
 * here (a clerk who types cards at one table types them at the next: outcome entry there would read
 * `tc` as a tie); outcome entry when none was kept or storage cannot be read.
 */
function rememberedEntryMode(table: string): EntryMode {
  try {
    const mode = localStorage.getItem(ENTRY_MODE_KEY_PREFIX + table) ?? localStorage.getItem(LAST_ENTRY_MODE_KEY);
    return mode === 'cards' ? 'cards' : 'outcome';
  } catch {
    return 'outcome';
  }
}

/** Keeps the entry mode chosen at `table`; storage that refuses (private mode, full, blocked) is not worth a message. */
function rememberEntryMode(table: string, mode: EntryMode): void {
  try {
    localStorage.setItem(ENTRY_MODE_KEY_PREFIX + table, mode);
    localStorage.setItem(LAST_ENTRY_MODE_KEY, mode);
  } catch {
    /* the mode still holds in this window */
  }
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
function undoable(action: ConsoleAction, shoe: ShoeRecord): boolean {
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
function redoable(action: ConsoleAction, shoe: ShoeRecord): boolean {
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
function writesPlayableShoe(step: ConsoleStep, shoe: ShoeRecord): boolean {
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
