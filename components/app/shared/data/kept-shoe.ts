import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { msg, str } from '@lit/localize';
import { ShoeKeeper, type ShoeStore, type ShoeChange, type KeeperOrigin, type KeeperProblem } from '../../../../src/shoes/keeper.js';
import type { RecordedCentrally, ScoreboardStore } from './scoreboard-store.js';
import type { AuditEntry, HandRecord, ShoeEvent, ShoeRecord } from '../../../../src/shoes/records.js';
import type { StorageStatus } from './storage.js';
import { keeperProblemText, storageErrorText } from './storage-words.js';
import { TableChannel } from './table-channel.js';
import { StorageConnectionController } from './storage-connection.js';
import { TableLockController } from './table-lock.js';
import { StoredShoeFollowerController } from './stored-shoe-follower.js';

/** What the controller needs of a store: writing (the keeper's part), finding the shoe to resume, letting old shoes go. */
export type KeptShoeStore = ShoeStore &
  Pick<ScoreboardStore, 'latestShoe' | 'listShoes' | 'deleteShoe'> &
  Partial<Pick<ScoreboardStore, 'adoptRoomShoe' | 'markRecorded'>>;

/** What `adoptShoe` did: taken up, refused (this machine recorded the shoe otherwise from hand `differsAt`), or not possible now. */
export type Adoption = { kind: 'adopted' } | { kind: 'differs'; differsAt: number } | { kind: 'not-now' };

export interface KeptShoeOptions {
  /** The table whose open shoe is resumed, named in every message to other windows. */
  table: () => string;
  /** Who keeps the shoes: stored with each new shoe, and only an open shoe of this origin is resumed. */
  origin: KeeperOrigin;
  /** A store to use instead of the page's IndexedDB (tests, embedding); read when the host connects. */
  store?: () => KeptShoeStore | null | undefined;
  /** Waits between retries of a failed write; read when the host connects. */
  retryDelays?: () => readonly number[] | undefined;
  /** Wait before trying again to open storage that failed to open. */
  reopenDelay?: number;
  /**
   * Whether a stored open shoe may be taken up again (a question: it changes nothing); one refused
   * is ended, so it is never mistaken for the shoe in play. Default: every open shoe of the table and origin.
   */
  resumable?: (shoe: ShoeRecord) => boolean;
  /** Another window took the table from this one: whatever the host remembers of its own actions is void. */
  onTableLost?: () => void;
  /** A change has been written (after other windows are told): a console publishes it to the room's screens, a new shoe with the number the store gave it. */
  onSaved?: (change: ShoeChange, shoeNumber: number | undefined) => void;
}

/**
 * Keeps the host's shoe in IndexedDB through a `ShoeKeeper`: takes up the table's open shoe after a
 * reload, writes every change before it is shown, tells other windows after each change is written,
 * and while storage is in trouble keeps the hands in memory, says so (`unsaved`, `problem`,
 * `storageMessage`) and retries. The host reads `hands` and `shoe`.
 *
 * Its parts each do one job: the page's storage (`StorageConnectionController`), the table's lock
 * (`TableLockController`: one window keeps a table at a time), and, in a window that does not hold
 * the lock, the shoe as the other window stores it (`StoredShoeFollowerController`, read-only).
 */
export class KeptShoeController implements ReactiveController {
  private readonly keeper: ShoeKeeper;
  private readonly connection: StorageConnectionController<KeptShoeStore>;
  private readonly lock: TableLockController;
  private readonly follower: StoredShoeFollowerController;
  /** This controller and the ones it is made of, as added to the host. */
  private readonly parts: readonly ReactiveController[];
  private channel: TableChannel | null = null;
  private looking: Promise<void> | null = null;
  /** Why the table's open shoe could not be read, or null. */
  private readError: unknown = null;
  private lookedForShoe = false;
  /** The table's open shoe is being read: the screen keeps what it showed (the other window's shoe after a takeover). */
  private lookingForShoe = false;
  /** The table's newest shoe of this origin, ended, as found when no open shoe was (after a reload): the one `reopenLastShoe` opens. */
  private lastEnded: ShoeRecord | null = null;
  /** Counts the host's departures (and lost tables): a take-up begun before one stops there. */
  private departures = 0;
  private readyPromise: Promise<void>;
  private markReady!: () => void;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly options: KeptShoeOptions,
  ) {
    host.addController(this);
    this.keeper = new ShoeKeeper({
      store: null,
      schedule: (callback, ms) => {
        const timer = setTimeout(callback, ms);
        return () => clearTimeout(timer);
      },
      // Read at each retry: the host's property is set after this controller is made.
      get retryDelays() {
        return options.retryDelays?.();
      },
      origin: options.origin,
      onChange: () => this.host.requestUpdate(),
      onSaved: (change, shoeNumber) => {
        // Storage works again: a failed read of the open shoe is no longer news.
        this.readError = null;
        this.tellOtherWindows(change);
        options.onSaved?.(change, shoeNumber);
      },
    });
    this.readyPromise = new Promise((resolve) => (this.markReady = resolve));
    // Made in this order because a part added to a host already on the page connects at once: the
    // follower calls back only later, the lock may be held at once (no Web Locks: see tableHeld), and
    // the connection may hand its store on at once, to a lock that exists by then.
    this.follower = new StoredShoeFollowerController(host, {
      table: options.table,
      origin: options.origin,
      store: () => this.connection.store,
      active: () => this.lock.heldElsewhere,
    });
    this.lock = new TableLockController(host, {
      table: options.table,
      origin: options.origin,
      onHeld: () => this.tableHeld(),
      onHeldElsewhere: () => void this.follower.refresh(),
      onLost: () => this.tableLost(),
    });
    this.connection = new StorageConnectionController<KeptShoeStore>(host, {
      ...(options.store ? { store: options.store } : {}),
      ...(options.reopenDelay === undefined ? {} : { reopenDelay: options.reopenDelay }),
      onStore: (store) => void this.useStore(store),
      onStatus: (status) => this.storageChanged(status),
    });
    // A closed tab would lose what the storage has not taken yet: the browser asks first. Not for
    // the attract kiosk: nobody is there to answer, and its shoe is dealt again from its seed anyway.
    const warning = new UnsavedChangesWarning(host, () => options.origin === 'console' && this.keeper.unsaved > 0);
    this.parts = [this, this.connection, this.lock, this.follower, warning];
  }

  /** Leaves the host for good (the page switched to another mode): stops every part and lets go of the table. */
  detach(): void {
    for (const part of this.parts) {
      part.hostDisconnected?.();
      this.host.removeController(part);
    }
  }

  /** The shoe on screen: the one kept here, or, while another window keeps the table, that one as stored. */
  get shoe(): ShoeRecord | null {
    return this.lock.heldElsewhere || this.lookingForShoe ? this.follower.shoe : this.keeper.shown;
  }

  /** The hands on screen: replaced (never mutated) once each change has been written or kept for retry. */
  get hands(): readonly HandRecord[] {
    return this.shoe?.hands ?? [];
  }

  /** Another window keeps this table's shoe: this one shows it read-only until that window closes. */
  get lockedElsewhere(): boolean {
    return this.lock.heldElsewhere;
  }

  /**
   * True once this window keeps the table's shoe and the open shoe (if any) has been looked for, or
   * storage could not be opened (blocked or failed: then the shoe is kept in memory until it opens).
   */
  get ready(): boolean {
    return this.lock.held && this.lookedForShoe;
  }

  /** Changes made but not yet written. */
  get unsaved(): number {
    return this.keeper.unsaved;
  }

  /** The stored shoe was deleted or changed elsewhere (a write refused as a conflict): nothing more can be written to it. */
  get stranded(): boolean {
    return this.keeper.stranded;
  }

  /** The table's last shoe, found ended after a reload, while no shoe is on screen: the one `reopenShoe` opens. */
  get lastEndedShoe(): ShoeRecord | null {
    return this.keeper.shoe ? null : this.lastEnded;
  }

  /** An ended shoe can be opened again: the shoe on screen, or, with none, the table's last one found ended. */
  get reopenable(): boolean {
    if (!this.ready || this.keeper.stranded) return false;
    const shoe = this.keeper.shoe;
    return shoe ? shoe.endedAt !== null : this.lastEnded !== null;
  }

  /** Why the last write failed, until a write succeeds. */
  get problem(): KeeperProblem | null {
    return this.keeper.problem;
  }

  /** Storage trouble that is not about one write (blocked by another tab, unavailable, a failed read), in words for the screen. */
  get storageMessage(): string | null {
    const readError = this.lock.heldElsewhere ? this.follower.readError : this.readError;
    if (readError) return storageErrorText(readError);
    return this.connection.trouble;
  }

  /** Resolves once this window keeps the table's shoe and the open shoe has been looked for (see `ready`). */
  async whenReady(): Promise<void> {
    // A promise resolved before the host left the page is replaced by a new one (hostDisconnected).
    while (!this.ready) await this.readyPromise;
  }

  /** The store shoes are kept in, or null while storage is not open. */
  get store(): KeptShoeStore | null {
    return this.connection.store;
  }

  hostConnected(): void {
    // Back on the page after a move, the same keeper carries on: its shoe, its hands and whatever it
    // has not written yet (a new keeper would have no shoe, and the next hand would be refused).
    this.channel = new TableChannel();
  }

  hostDisconnected(): void {
    this.keeper.stop();
    this.channel?.close();
    this.channel = null;
    this.departures++;
    // Back on the page, the window waits for the table's lock again before it is ready.
    if (this.lookedForShoe) {
      this.lookedForShoe = false;
      this.readyPromise = new Promise((resolve) => (this.markReady = resolve));
    }
  }

  /** Starts a new shoe. Resolves true once written, false when kept in memory for a retry. */
  startShoe(shoe: ShoeRecord): Promise<boolean> {
    this.lastEnded = null;
    return this.change(() => this.keeper.startShoe(shoe));
  }

  /** Appends a hand. */
  addHand(hand: HandRecord): Promise<boolean> {
    return this.change(() => this.keeper.addHand(hand));
  }

  /** Replaces hand `index` (from 0). @throws RangeError when there is no such hand. */
  correctHand(index: number, hand: HandRecord): Promise<boolean> {
    return this.change(() => this.keeper.correctHand(index, hand));
  }

  /** Removes the last hand. @throws RangeError when there is none. */
  undo(): Promise<boolean> {
    return this.change(() => this.keeper.undo());
  }

  /** Ends the shoe now. */
  endShoe(): Promise<boolean> {
    return this.change(() => this.keeper.endShoe(new Date().toISOString()));
  }

  /**
   * Opens the ended shoe on screen again, or, with none (after a reload), the table's last shoe, found
   * ended when the stored shoes were read. The store refuses (a conflict) once a newer shoe was started.
   * @throws RangeError when there is no ended shoe to open.
   */
  reopenShoe(): Promise<boolean> {
    return this.change(() => {
      if (!this.keeper.shoe && this.lastEnded) this.keeper.resume(this.lastEnded);
      this.lastEnded = null;
      return this.keeper.reopenShoe();
    });
  }

  /**
   * Records an event of the dealing procedure with the shoe (a burn, the cut card, a cancelled card, a
   * void hand or shoe, a dummy hand), written in order with its hands. Resolves true once written,
   * false when kept in memory for a retry. @throws RangeError when no shoe has been started.
   */
  recordEvent(event: ShoeEvent): Promise<boolean> {
    return this.change(() => this.keeper.recordEvent(event));
  }

  /**
   * Records an entry of the shoe's audit trail (an undo, redo, correction, cancelled card, void or
   * reopen: when, by whom, and why), written in order with its hands. @throws RangeError when no shoe has been started.
   */
  recordAudit(entry: AuditEntry): Promise<boolean> {
    return this.change(() => this.keeper.recordAudit(entry));
  }

  /**
   * Takes the table from the window that keeps it (see TableLockController.takeOver): that window
   * keeps nothing from then on, and this one reads the shoe as stored and records it.
   */
  takeOver(): void {
    this.lock.takeOver();
  }

  /**
   * Takes up `shoe`, the table's shoe as the room's screens show it, as this window's shoe (a
   * console taking its table over from another machine): stored whole, then resumed. Not while this
   * window does not keep the table, has changes to write, or its storage is not open.
   */
  async adoptShoe(shoe: ShoeRecord): Promise<Adoption> {
    const store = this.connection.store;
    if (!store?.adoptRoomShoe || !this.ready || this.keeper.unsaved > 0) return { kind: 'not-now' };
    const adopted = await store.adoptRoomShoe(shoe);
    if (adopted !== 'adopted') return { kind: 'differs', differsAt: adopted.differsAt };
    if (this.connection.store !== store || !this.lock.held) return { kind: 'not-now' };
    const stored = (await store.latestShoe({ table: this.options.table(), origin: this.options.origin, open: true })) ?? null;
    this.lastEnded = null;
    this.keeper.resume(stored?.id === shoe.id ? stored : { ...shoe });
    this.host.requestUpdate();
    return { kind: 'adopted' };
  }

  /**
   * The room's recorder acknowledged `shoe`, as this console published it: the store marks it
   * recorded centrally unless it changed since, and other windows (History) hear of it as of an end
   * (they read the summary again). Storage trouble only costs the mark: it is logged.
   */
  async markRecorded(shoe: ShoeRecord, mark: RecordedCentrally): Promise<void> {
    const store = this.connection.store;
    if (!store?.markRecorded) return;
    try {
      if ((await store.markRecorded(shoe, mark)) !== 'marked') return;
    } catch (error) {
      console.warn('bacc: could not mark the shoe recorded centrally:', error);
      return;
    }
    this.channel?.post({ shoeId: shoe.id, table: shoe.table, handCount: shoe.hands.length, origin: this.options.origin, change: 'end' });
  }

  private async change(change: () => Promise<boolean>): Promise<boolean> {
    if (!this.lock.held) throw new Error('this table is kept in another window');
    const saved = await change();
    this.host.requestUpdate();
    return saved;
  }

  private tellOtherWindows(change: ShoeChange): void {
    const shoeId = change.kind === 'start' ? change.shoe.id : change.shoeId;
    const current = this.keeper.shoe;
    const handCount =
      change.kind === 'start'
        ? change.shoe.hands.length
        : change.kind === 'add'
          ? change.index + 1
          : change.kind === 'undo'
            ? change.index
            : (current?.hands.length ?? 0);
    this.channel?.post({
      shoeId,
      table: current?.id === shoeId ? current.table : this.options.table(),
      handCount,
      origin: this.options.origin,
      // A reopened shoe is told as an end: followers read its summary's `endedAt` again, now null; so are
      // an event and an audit entry, which the summary holds.
      change:
        change.kind === 'replace'
          ? 'correct'
          : change.kind === 'reopen' || change.kind === 'event' || change.kind === 'audit'
            ? 'end'
            : change.kind,
    });
  }

  /** Another window took the table: nothing kept here is written, ever; back in line, the stored shoe is read afresh. */
  private tableLost(): void {
    this.departures++;
    this.lastEnded = null;
    // Told first, so the host can still say how many changes are given up.
    this.options.onTableLost?.();
    void this.keeper.release();
    if (this.lookedForShoe) {
      this.lookedForShoe = false;
      this.readyPromise = new Promise((resolve) => (this.markReady = resolve));
    }
    this.host.requestUpdate();
  }

  private tableHeld(): void {
    // Without Web Locks the table is held at once, before the connection is made; the connection
    // then hands its store on (useStore) as it connects.
    if (!(this.connection as StorageConnectionController<KeptShoeStore> | undefined)) return;
    const store = this.connection.store;
    if (store) void this.takeUp(store);
    else if (this.connection.status.state === 'blocked' || this.connection.status.state === 'failed') this.finishLookingForShoe();
  }

  private storageChanged(status: StorageStatus): void {
    if (status.state === 'blocked') {
      // Until the other tab lets go, this window keeps new hands in memory; they are written in
      // order once storage opens.
      if (this.lock.held) this.finishLookingForShoe();
    } else if (status.state === 'failed') {
      void this.keeper.setStore(null);
      if (this.lock.held) this.finishLookingForShoe();
    }
  }

  private async useStore(store: KeptShoeStore): Promise<void> {
    if (this.lock.held) await this.takeUp(store);
    else if (this.lock.heldElsewhere) await this.follower.refresh();
  }

  /** Writes what waited, then (with no shoe on screen) takes up the table's open shoe. */
  private async takeUp(store: KeptShoeStore): Promise<void> {
    const departures = this.departures;
    await this.keeper.setStore(store);
    // A shoe started while storage was blocked wins: the stored one is not taken up after the fact.
    if (!this.keeper.shoe) {
      this.looking ??= this.lookForShoe(store).finally(() => (this.looking = null));
      await this.looking;
    }
    // Off the page meanwhile: back on it, the window takes the table up again once it holds the lock.
    if (departures === this.departures) this.finishLookingForShoe();
  }

  private async lookForShoe(store: KeptShoeStore): Promise<void> {
    this.lookingForShoe = true;
    try {
      const stored = await store.latestShoe({ table: this.options.table(), origin: this.options.origin, open: true });
      this.readError = null;
      if (stored && this.connection.store === store && !this.keeper.shoe && this.lock.held) {
        this.keeper.resume(stored);
        if (this.options.resumable && !this.options.resumable(stored)) await this.keeper.endShoe(new Date().toISOString());
      } else if (!stored && this.options.origin === 'console') {
        // The clerk may reopen the shoe ended before the reload: the table's newest shoe, if it is ended.
        const last = await store.latestShoe({ table: this.options.table(), origin: this.options.origin });
        this.lastEnded = last && last.endedAt !== null ? last : null;
      }
    } catch (error) {
      this.readError = error;
    } finally {
      this.lookingForShoe = false;
      this.host.requestUpdate();
    }
  }

  private finishLookingForShoe(): void {
    if (this.lookedForShoe || !this.lock.held) return;
    this.lookedForShoe = true;
    this.markReady();
    this.host.requestUpdate();
  }
}

/** Asks the browser to confirm leaving the page while `unsaved()` holds. */
class UnsavedChangesWarning implements ReactiveController {
  private readonly warn = (event: BeforeUnloadEvent): void => {
    if (!this.unsaved()) return;
    event.preventDefault();
    event.returnValue = '';
  };

  constructor(
    host: ReactiveControllerHost,
    private readonly unsaved: () => boolean,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    addEventListener('beforeunload', this.warn);
  }

  hostDisconnected(): void {
    removeEventListener('beforeunload', this.warn);
  }
}

/**
 * What the screen says about storage: how many changes wait and why, or why storage is not open;
 * empty when all is written.
 */
export function storageProblemText(kept: Pick<KeptShoeController, 'unsaved' | 'problem' | 'storageMessage'>): string {
  if (kept.unsaved > 0 && kept.problem?.kind === 'conflict') {
    // Final: the keeper does not retry a write the store refused as a conflict.
    const count = kept.unsaved;
    const reason = keeperProblemText(kept.problem);
    return count === 1
      ? msg(str`Not saved (1 change), and not retried: ${reason}`, { id: 'kept-conflict-one' })
      : msg(str`Not saved (${count} changes), and not retried: ${reason}`, { id: 'kept-conflict' });
  }
  if (kept.unsaved > 0 && kept.problem) {
    const count = kept.unsaved;
    // Storage that is not open says why (no IndexedDB here, an older tab…) better than the keeper can.
    const reason = kept.problem.kind === 'unavailable' && kept.storageMessage ? kept.storageMessage : keeperProblemText(kept.problem);
    return count === 1
      ? msg(str`1 change not saved yet (kept on this screen), retrying: ${reason}`, { id: 'kept-unsaved-one' })
      : msg(str`${count} changes not saved yet (kept on this screen), retrying: ${reason}`, { id: 'kept-unsaved' });
  }
  return kept.storageMessage ?? '';
}
