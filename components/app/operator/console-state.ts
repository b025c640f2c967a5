import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { HandRecord, ShoeRecord } from '../../../src/shoes/document.js';
import type { KeeperProblem } from '../../../src/shoes/keeper.js';
import { replayStoredShoe } from '../../../src/shoes/attract-shoes.js';
import { KeptShoeController, storageProblemText, type Adoption } from '../shared/data/kept-shoe.js';
import type { RecordedCentrally } from '../shared/data/scoreboard-store.js';
import { cardsTyped } from './operator-keys.js';
import { ConsoleAudit } from './console-audit.js';
import type { ConsoleMessage, ConsoleNews } from './console-news.js';
import type { ConsoleOptions } from './console-types.js';
import { TypedCards } from './typed-cards.js';

/**
 * What every action of the console stands on: the table's shoe as kept here (through a
 * `KeptShoeController`, so it is written before it is shown and resumed after a reload), the queue
 * the actions run in, the audit trail they write, the cards typed for the next hand, and what the
 * console says about it all: the checks that refuse an action, and the message on screen.
 */
export abstract class ConsoleState implements ReactiveController {
  protected readonly kept: KeptShoeController;
  protected readonly audits: ConsoleAudit;
  protected readonly typing = new TypedCards();
  /** What the last action said. */
  message: ConsoleMessage | null = null;
  /** Recording actions run one after another, so a fast clerk's keys keep their order. */
  private steps: Promise<unknown> = Promise.resolve();

  constructor(
    protected readonly host: ReactiveControllerHost,
    protected readonly options: ConsoleOptions,
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
    this.audits = new ConsoleAudit(host, this.kept, {
      readOnly: () => this.readOnly,
      ...(options.operator ? { operator: options.operator } : {}),
      ...(options.store ? { store: options.store } : {}),
    });
  }

  hostConnected(): void {
    /* the kept shoe connects itself */
  }

  /** Another window took the table: what this one was doing is given up. */
  protected abstract tableTaken(): void;

  /** Automatic dealing stops (the shoe can no longer be written to). */
  protected abstract stopAutoDeal(): void;

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

  /** Another window of this browser records this table. */
  get readOnlyHere(): boolean {
    return this.kept.lockedElsewhere;
  }

  /** Another window, or another console machine of the room, records this table: this console only shows its shoe. */
  get readOnly(): boolean {
    return this.kept.lockedElsewhere || (this.options.heldInRoom?.() ?? false);
  }

  /** An ended shoe can be opened again (`reopenLastShoe`): the one just ended, or after a reload the table's last shoe, when it is ended. */
  get canReopen(): boolean {
    return !this.readOnly && this.kept.reopenable;
  }

  /** Takes up the room's shoe as this console's own (see KeptShoeController.adoptShoe). */
  adoptShoe(shoe: ShoeRecord): Promise<Adoption> {
    return this.kept.adoptShoe(shoe);
  }

  /** The room's recorder acknowledged `shoe` as this console published it (see KeptShoeController.markRecorded). */
  markRecorded(shoe: ShoeRecord, mark: RecordedCentrally): Promise<void> {
    return this.kept.markRecorded(shoe, mark);
  }

  /** Another window or console machine records this table and this one may take it over (`takeOver`). */
  get canTakeOver(): boolean {
    return this.readOnly;
  }

  /** The stored shoe was deleted or changed elsewhere: no hand is taken until a new shoe starts. */
  get stranded(): boolean {
    return this.kept.stranded;
  }

  /** Refuses (and says why) when another window records this table, or this one has not read its stored shoe yet (just back on the page, say). */
  protected refusedUnready(): boolean {
    if (this.refusedReadOnly()) return true;
    if (this.kept.ready) return false;
    this.refuse({ about: 'still-reading' });
    return true;
  }

  /** Refuses (and says why) when the stored shoe vanished or changed elsewhere: nothing more can be saved to it. */
  protected refusedStranded(): boolean {
    if (!this.kept.stranded) return false;
    this.stopAutoDeal();
    this.refuse({ about: 'shoe-stranded' });
    return true;
  }

  /** The shoe undo works on: the one on screen, or, after a reload, the ended one its last action ended. */
  protected shoeToUndo(): ShoeRecord | null {
    return this.kept.shoe ?? this.kept.lastEndedShoe;
  }

  /** Refuses (and says why) when another window records this table. */
  protected refusedReadOnly(): boolean {
    if (!this.readOnly) return false;
    this.refuse({ about: 'read-only' });
    return true;
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

  /** A character that is part of no card typed in the card field: kept out of it, and said. */
  refuseCardFieldCharacter(key: string): void {
    this.refuse({ about: 'not-a-card-character', key });
  }

  /** Says who signs the audit trail now: `name` signed in, `before` signed out ('' for nobody). */
  clerkChanged(name: string, before: string): void {
    this.done({ about: 'clerk-signed-in', name, before });
  }

  /** A scanner's burst that ended without Enter: refused whole and said, naming what it sent. */
  refuseScannerBurst(keys: string): void {
    this.refuse({ about: 'scanner-without-enter', keys });
  }

  protected refuse(news: ConsoleNews): void {
    this.message = { kind: 'refused', news };
    this.host.requestUpdate();
  }

  protected done(news: ConsoleNews): void {
    this.message = { kind: 'done', news };
    this.host.requestUpdate();
  }

  /**
   * Queues an action behind the ones before it. Whatever it throws is said on screen as a refusal
   * (never silently dropped) and the action gives `failed` instead.
   */
  protected step<T>(action: () => Promise<T>, failed: T): Promise<T> {
    const askedAt = this.audits.askedAt;
    const next = this.steps
      .then(() => {
        this.audits.stepRuns(askedAt);
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

  /** The cards typed for the next hand and not recorded: those read, then the field's unsent text. */
  protected cardsNotRecorded(): string {
    return [...this.typing.cards, ...cardsTyped(this.options.unsentCards?.() ?? '')].join(' ');
  }

  /**
   * Refuses (and says why) an action that would give up the cards typed for the next hand: the clerk
   * records them (Enter) or clears them (Escape) first, so no typed hand vanishes without a word.
   */
  protected refusedTypedCards(): boolean {
    const typed = this.cardsNotRecorded();
    if (!typed) return false;
    this.refuse({ about: 'cards-typed', typed });
    return true;
  }
}
