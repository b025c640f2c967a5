import type { ReactiveControllerHost } from 'lit';
import { outcomeEntryHand } from '../../../src/dealing/recording.js';
import { handRecord, type HandRecord, type ShoeRecord } from '../../../src/shoes/document.js';
import type { Winner, Side } from '../../../src/game/hand.js';
import type { Card } from '../../../src/game/cards.js';
import { newShoeId, randomShoeSeed } from '../../../src/shoes/attract-shoes.js';
import { MAX_REASON_LENGTH, type AuditAction, type ShoeEvent } from '../../../src/shoes/records.js';
import { cardsTyped } from './operator-keys.js';
import { ConsoleState } from './console-state.js';
import type { Confirmation, DistributiveOmit, HandFlag, ConsoleOptions } from './console-types.js';
import { EntryModeMemory, type EntryMode } from './entry-mode.js';
import {
  ClerkActions,
  auditHand,
  inverse,
  redoable,
  undoable,
  writesPlayableShoe,
  type ConsoleAction,
  type ConsoleStep,
} from './clerk-actions.js';
import { cleanReason, reasonLength, type ReasonWanted } from './console-audit.js';
import { SimulatedDealing } from './simulated-dealing.js';
import type { TypedCards } from './typed-cards.js';

/**
 * The console's state and actions: recording a real table's hands by outcome or card by
 * card (each card checked by the rules core), undo, correction, ending and starting shoes, and
 * dealing a simulated shoe by hand or automatically. Everything is kept through a
 * `KeptShoeController`, so it is written before it is shown and resumed after a reload.
 * The element only paints this and routes keys and clicks here.
 */
export class ConsoleController extends ConsoleState {
  /** Flags applied to the next hand entered by outcome, then cleared. */
  flags: Record<HandFlag, boolean> = { playerPair: false, bankerPair: false, natural: false };
  /** The hand being corrected (from 0), or null when entries add hands. */
  correcting: number | null = null;
  /** An action waiting for confirmation. */
  confirming: Confirmation | null = null;
  /** Automatic dealing of the simulated shoe is on. */
  autoDealing = false;
  /** Seconds between automatically dealt hands. */
  autoDealSeconds = 2;

  private readonly entryModes: EntryModeMemory;
  private readonly dealing = new SimulatedDealing();
  private readonly actions: ClerkActions;
  /** A new shoe asked for and not started yet: a second S asks before ending it. */
  private startPending = false;
  /** Another window held the table at the last update (see hostUpdate). */
  private heldElsewhere = false;

  constructor(host: ReactiveControllerHost, options: ConsoleOptions) {
    super(host, options);
    this.entryModes = new EntryModeMemory(options.table);
    this.actions = new ClerkActions(options.table, () => this.shoeToUndo());
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
    if (shoe && this.ready && !this.readOnly) this.actions.takeUp(shoe.id);
  }

  /** The shoe on screen is an open simulated shoe this console deals. */
  get simulating(): boolean {
    return this.shoeOpen && this.liveSimulation() !== null;
  }

  /** Cards typed so far for the hand being entered card by card. */
  get typedCards(): readonly Card[] {
    return this.typing.cards;
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
   * The entry mode the clerk last chose at this table, kept across reloads: a clerk typing cards
   * after a reload must not record a tie from the `t` of `tc` because the console forgot.
   */
  get entryMode(): EntryMode {
    return this.entryModes.mode;
  }

  setEntryMode(mode: EntryMode): void {
    if (mode === this.entryMode || this.refusedTypedCards()) return;
    this.entryModes.choose(mode);
    this.typing.clear();
    this.host.requestUpdate();
  }

  /** Undo has something to undo: a remembered action, or else a hand of the open shoe. */
  get canUndo(): boolean {
    const shoe = this.shoeToUndo();
    if (!this.ready || this.readOnly || this.kept.stranded || !shoe) return false;
    if (this.actions.canUndoOn(shoe)) return true;
    return this.shoeOpen && !this.simulating && this.kept.hands.length > 0;
  }

  /** Redo has an undone action to do again (until the next new action). */
  get canRedo(): boolean {
    const shoe = this.shoeToUndo();
    if (!this.ready || this.readOnly || this.kept.stranded || !shoe) return false;
    return this.actions.canRedoOn(shoe);
  }

  /**
   * Takes the table from the window that records it: that window only shows the shoe from then on
   * (it keeps nothing to write later), and this one reads the shoe as stored and records it. A
   * table held by another console machine of the room is taken with the room's shoe.
   */
  takeOver(): void {
    if (!this.readOnly) return;
    if (this.message?.news.about === 'table-taken') this.message = null;
    // This browser's other window first: the room's holder is asked once this window keeps the table.
    if (this.kept.lockedElsewhere) this.kept.takeOver();
    else void this.options.takeOverRoom?.();
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
      if (onScreen) this.actions.takeUp(onScreen.id);
      const action = this.canRedo ? this.actions.lastUndone : undefined;
      if (!action) return this.refuse({ about: 'nothing-to-redo' });
      const shoe = this.shoeToUndo()!;
      if (!redoable(action, shoe) || !writesPlayableShoe(action, shoe)) {
        // The shoe changed elsewhere since the undo: doing it again would rewrite a hand nobody chose.
        this.actions.forget(shoe.id);
        return this.refuse({ about: 'nothing-to-redo' });
      }
      if (!(await this.performed(action, false))) return;
      this.actions.redid(action);
      await this.audits.write('redo', auditHand(action));
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
      await this.audits.write('reopen', null);
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
    return this.typing.handComplete;
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
    return this.step(() => this.audits.write(action, hand), false);
  }

  /** The audited action whose reason the console asks for, or null (none, or its shoe is no longer on screen). */
  get reasonWanted(): ReasonWanted | null {
    return this.audits.reasonWanted;
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
      const length = reasonLength(text);
      // Too long is said as such, with its length: the field keeps the text for the clerk to shorten.
      this.refuse(length > MAX_REASON_LENGTH ? { about: 'reason-too-long', length, most: MAX_REASON_LENGTH } : { about: 'reason-refused' });
      return Promise.resolve(false);
    }
    this.audits.dismiss();
    return this.step(async () => {
      const saved = await this.audits.keepReason(wanted, reason);
      if (saved === undefined) return false;
      this.done({ about: 'reason-kept', reason });
      return saved;
    }, false);
  }

  /** The clerk does not say why (Escape): the action stays kept with its reason not given. */
  dismissReason(): void {
    this.audits.dismiss();
  }

  /**
   * The clerk has gone on to another action: the question about the last one is left (its reason
   * stays not given), and one queued before now asks none when it ends.
   */
  goOn(): void {
    this.audits.goOn();
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
      this.typing.clear();
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
      this.typing.clear();
      this.remember({ kind: 'end' });
      this.done({ about: 'shoe-ended', hands: shoe.hands.length });
    }, undefined);
  }

  /** Takes back the last card typed for the hand being entered. */
  removeLastCard(): void {
    this.typing.removeLast();
    this.host.requestUpdate();
  }

  /** Forgets the cards typed for the hand being entered; false when there were none. */
  clearCards(): boolean {
    const had = this.typedCards.length > 0;
    this.typing.clear();
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
      if (shoe) this.actions.takeUp(shoe.id);
      const action = shoe ? this.actions.lastDone : undefined;
      if (shoe && action && !(undoable(action, shoe) && writesPlayableShoe(inverse(action), shoe))) this.actions.forget(shoe.id);
      else if (shoe && action) {
        this.correcting = null;
        if (!(await this.performed(inverse(action), true))) return;
        this.actions.undid(action);
        await this.audits.write('undo', auditHand(action));
        return;
      }
      if (!shoe || !this.shoeOpen) return this.refuse({ about: 'no-shoe-to-undo' });
      if (this.simulating) return this.refuse({ about: 'simulated-no-undo' });
      if (shoe.hands.length === 0) return this.refuse({ about: 'no-hand-to-undo' });
      const index = shoe.hands.length - 1;
      if (!(await this.performed({ kind: 'undo-add', index }, true))) return;
      // Redo puts the hand back.
      this.actions.removedHand({ kind: 'add', index, hand: shoe.hands[index]! });
      await this.audits.write('undo', index + 1);
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
    this.typing.clear();
    // Flags set for the next hand are not the corrected hand's: it is entered again from scratch.
    this.flags = { playerPair: false, bankerPair: false, natural: false };
    this.done({ about: 'correcting', hand: handNumber });
  }

  cancelCorrection(): void {
    if (this.correcting === null) return;
    this.correcting = null;
    this.typing.clear();
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
        this.typing.clear();
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

  /** Remembers a new action on the shoe on screen: what could be redone is forgotten. */
  private remember(action: ConsoleAction): void {
    this.actions.remember(action, this.kept.shoe?.id ?? null);
  }

  /** Another window took the table: what was done here is no longer this window's to undo (that window reads the kept actions). */
  protected tableTaken(): void {
    const unsaved = this.kept.unsaved;
    const typed = this.cardsNotRecorded();
    this.actions.drop();
    this.typing.clear();
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

  /**
   * The live shoe that deals the simulated shoe this console keeps: the one it started, or, for a
   * shoe taken up after a reload, the same shoe dealt again from its seed up to its stored hands.
   */
  private liveSimulation(): ReturnType<SimulatedDealing['live']> {
    return this.readOnly ? null : this.dealing.live(this.kept.shoe);
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
  private currentCardEntry(): ReturnType<TypedCards['current']> {
    return this.typing.current(this.kept.shoe, this.kept.hands, this.correcting);
  }

  private async record(hand: HandRecord, correcting: number | null): Promise<void> {
    const shoe = this.kept.shoe!;
    // The hand chosen for correction was undone by a key pressed before it (the actions run in turn).
    if (correcting !== null && correcting >= shoe.hands.length) return this.refuse({ about: 'hand-gone', hand: correcting + 1 });
    const before = correcting === null ? undefined : shoe.hands[correcting]!;
    const saved = correcting === null ? await this.kept.addHand(hand) : await this.kept.correctHand(correcting, hand);
    const handNumber = correcting === null ? this.kept.hands.length : correcting + 1;
    this.remember(before ? { kind: 'correct', index: correcting!, before, after: hand } : { kind: 'add', index: handNumber - 1, hand });
    if (before) await this.audits.write('correct', handNumber);
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
    this.dealing.started(id, rules, seed);
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
    this.dealing.schedule(
      () => this.autoDealSeconds,
      () => this.step(() => this.dealNow(false), undefined),
      () => this.autoDealing,
    );
  }

  protected stopAutoDeal(): void {
    this.dealing.stop();
    if (this.autoDealing) {
      this.autoDealing = false;
      this.host.requestUpdate();
    }
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
}
