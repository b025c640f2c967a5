import type { ReactiveControllerHost } from 'lit';
import type { ShoeChange } from '../../../src/shoes/keeper.js';
import type { ShoeRecord } from '../../../src/shoes/document.js';
import {
  HIGHEST_REVISION,
  nextRevision,
  presenceMessage,
  readRoomMessage,
  tableStateMessage,
  tableTopics,
  type ConsolePresenceMessage,
  type TableChangeKind,
  type TableChangeMessage,
} from '../../../src/room/messages.js';
import { readRecordedMessage, recordedRefusalLogText, recordedTopic, type TableRecordedMessage } from '../../../src/room/recorded.js';
import { RoomLink, type BrokerSettings } from '../shared/room/room-link.js';
import { BrokerController } from '../shared/room/broker-controller.js';
import type { Adoption } from '../shared/data/kept-shoe.js';
import type { RecordedCentrally } from '../shared/data/scoreboard-store.js';
import { centralRecord, type CentralRecord } from './central-record.js';
import { consoleSession, sessionOfMachine, type ConsoleMachine } from './console-machine.js';
import { firstDifference, handsNotInRoom } from './room-shoes.js';

export interface ConsolePublisherOptions {
  broker: () => BrokerSettings | null;
  table: () => string;
  limits: () => string;
  /** The console's shoe (once `whenReady` resolves, as stored when the console took the table up). */
  storedShoe: () => ShoeRecord | null;
  /** Resolves once the console has read its table's open shoe. */
  whenReady: () => Promise<void>;
  /** Whether this window records the table (another window of this browser may). */
  holdsTable: () => boolean;
  /** The machine this console runs on. */
  machine: ConsoleMachine;
  /** Takes up the room's shoe as this console's own (on taking the table over from another machine). */
  adoptShoe: (shoe: ShoeRecord) => Promise<Adoption>;
  /** The room's recorder acknowledged `shoe` as this console published it: the store marks it (History shows the mark). */
  markRecorded?: (shoe: ShoeRecord, mark: RecordedCentrally) => Promise<void>;
  /** Opens the link (tests give their own). */
  openLink?: typeof RoomLink.open;
}

/** Another console holds the table through the broker: which machine, whether it is online, since when. */
export interface HeldElsewhere {
  machine: string;
  online: boolean;
  /** ISO 8601, or null when not known. */
  since: string | null;
  /** It took the table from this console (which held it until then). */
  takenFromHere: boolean;
}

/** Why a take-over did not happen: this machine recorded the room's shoe otherwise from hand `differsAt`, or it cannot now. */
export type TakeOverProblem = { kind: 'differs'; differsAt: number } | { kind: 'not-now' };

/** How long a publication may wait for the broker's acknowledgement before the clerk is told. */
export const CONFIRMATION_WAIT_MS = 5000;

/** A publication the broker has not acknowledged after this long is given up as not sent (the whole shoe goes again). */
const PUBLICATION_GIVE_UP_MS = 15_000;

/** Wait after subscribing for the retained presence and state to arrive (they follow the broker's SUBACK at once). */
const RETAINED_WAIT_MS = 250;

/** Wait before answering a message on this table's topics that this console did not publish (a burst is answered once). */
const ANSWER_DELAY_MS = 500;

/** This console's publications remembered, to tell their echoes from someone else's (and the shoes it published, for the recorder's acknowledgements). */
const REMEMBERED_PUBLICATIONS = 64;

/**
 * Publishes a console's table to the room's screens, after each change is written on this machine
 * (IndexedDB stays the truth): the change (a hand added carries the hand), then the table's whole
 * state, retained, so a screen that joins later shows it at once. With the broker away it
 * publishes nothing, says "not sent to screens" (`unsent`), and on the broker's return publishes
 * the state whole, once: screens settle it by revision, so nothing is lost or shown twice.
 *
 * One console holds a table across machines: its presence (retained, with its session and
 * machine; its last will says it left) is the claim, and screens follow only the session it names.
 * On connecting, the console reads the table's presence and state first: it takes the table when
 * nobody holds it, when this machine did (a reload), or when the last holder left with no shoe of
 * another machine on the screens; otherwise it only shows the room's shoe (`heldElsewhere`) until
 * the clerk takes it over (`takeOver`), which takes the room's shoe up first. A console that sees
 * another session's presence after its own stops publishing at once and says so. Its revisions go
 * on above the table's retained state, and any state or change on its topics it did not publish (a
 * forgery by the table's login) is answered with its own whole state above it.
 */
export class ConsolePublisher extends BrokerController<RoomLink> {
  /** A change written here has not reached the broker yet. */
  unsent = false;
  /** The broker refused the last publication: this user may not write this table's topics. */
  refusedByBroker = false;
  /** Changes the broker has not acknowledged within CONFIRMATION_WAIT_MS (the network may be down). */
  unconfirmed = 0;
  /** Another console holds the table: this one publishes nothing. */
  heldElsewhere: HeldElsewhere | null = null;
  /** The table's shoe as the room's screens show it (its retained state), or null. */
  roomShoe: ShoeRecord | null = null;
  /** Why the last take-over did not happen, or null. */
  takeOverProblem: TakeOverProblem | null = null;
  /** The room's recorder's latest acknowledgement of this table (room contract 1.2), or null before one is heard. */
  acknowledgement: TableRecordedMessage | null = null;

  /** The table's shoe as written, change by change (the keeper may hold more, not yet written). */
  private written: ShoeRecord | null | undefined = undefined;
  private revision = 0;
  /** The highest revision seen on the table's topics (this console's or another's), and the highest of this session. */
  private seenRevision = 0;
  private seenOwnRevision = 0;
  /** The link open carries this console's last will: only a console that holds its table leaves one. */
  private willLink = false;
  /** This console is to claim the table as soon as its link (with a will) is connected. */
  private wantClaim = false;
  /** The text of this console's last presence, to tell a forged one with its session from its own. */
  private presenceText = '';
  /** The console session of the table's latest state on the broker (this console's own once it publishes), or null before one. */
  private stateSession: string | null = null;
  /** This page's session: screens follow the console whose session the table's presence names. */
  private consoleSession: string;
  /** This console claimed the table and has not lost it since. */
  private claimed = false;
  /** Its claim has come back from the broker: a presence of another session after it is a take-over. */
  private claimEchoed = false;
  /** The latest presence read on the table's topic, or null. */
  private presence: ConsolePresenceMessage | null = null;
  /** The text of this console's recent publications on the state and change topics. */
  private readonly publishedTexts = new Set<string>();
  /** The shoe of each recent state this console published, by session and revision: what an acknowledgement covers. */
  private readonly publishedShoes = new Map<string, ShoeRecord | null>();
  /** The last answer of `centralRecord`, and what it was worked out from (a shoe is compared whole). */
  private centralRecordMemo: { acknowledgement: TableRecordedMessage | null; shoe: ShoeRecord | null; record: CentralRecord } | null = null;
  private answerTimer: ReturnType<typeof setTimeout> | undefined;
  /** Publications under way, and those among them the broker has not acknowledged in time. */
  private readonly waiting = new Set<object>();
  private readonly overdue = new Set<object>();
  /** Publications, one after another, so that revisions reach the broker in order. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    host: ReactiveControllerHost,
    private readonly options: ConsolePublisherOptions,
  ) {
    super(host);
    this.consoleSession = consoleSession(options.machine);
    host.addController(this);
  }

  /** This console holds its table in the room (or has not learned otherwise yet). */
  get holdsRoom(): boolean {
    return this.heldElsewhere === null;
  }

  protected follow(): void {
    const broker = this.options.broker();
    if (!broker) return;
    const topics = tableTopics(this.options.table());
    // A console that does not hold its table leaves no will: its "offline" would replace the holder's presence.
    const withWill = this.claimed || this.wantClaim;
    this.openLink(
      () =>
        (this.options.openLink ?? RoomLink.open)(broker, {
          ...(withWill ? { will: { topic: topics.presence, payload: JSON.stringify(presenceMessage(false, null, this.holder())) } } : {}),
          onState: (state) => {
            this.linkState = state;
            this.host.requestUpdate();
          },
          onMessage: (topic, text, bytes) => this.onMessage(topic, text, bytes),
          onConnect: () => void this.inTurn(() => this.onConnected()),
        }),
      {
        opened: (link) => {
          this.willLink = withWill;
          // Its own presence comes back (a take-over is told by a presence after it); its own state and change do not.
          link.subscribe([topics.presence]);
          link.subscribe([topics.state, topics.change], { noLocal: true });
          // The recorder's acknowledgement (retained): a screen of 1.1 never subscribes to it.
          link.subscribe([recordedTopic(this.options.table())]);
        },
      },
    );
  }

  protected override stop(): void {
    clearTimeout(this.answerTimer);
    super.stop();
  }

  /** Leaving on purpose: say so now (the last will says it only when the connection dies); a console that does not hold the table says nothing. */
  protected override release(link: RoomLink): Promise<void> {
    if (!this.claimed) return link.close();
    return link.close({ topic: tableTopics(this.options.table()).presence, message: presenceMessage(false, new Date(), this.holder()) });
  }

  /**
   * A change has been written on this machine: the screens hear of it. The store numbers a new
   * shoe as it writes it (`shoeNumber`): the change itself has no number, and the console's own
   * shoe may not have it yet, so the screens were told of a shoe without its number.
   */
  saved(change: ShoeChange, shoeNumber?: number): void {
    if (!this.options.broker()) return;
    const written = shoeAfter(this.writtenShoe(), change);
    const stored = this.options.storedShoe();
    const number = shoeNumber ?? (stored?.id === written?.id ? stored?.number : undefined);
    this.written = written && number !== undefined ? { ...written, number } : written;
    const publication = {};
    this.waiting.add(publication);
    setTimeout(() => {
      if (!this.waiting.has(publication)) return;
      this.overdue.add(publication);
      this.unconfirmed = this.overdue.size;
      this.host.requestUpdate();
    }, CONFIRMATION_WAIT_MS);
    void this.inTurn(() => this.publishChange(change)).finally(() => {
      this.waiting.delete(publication);
      if (this.overdue.delete(publication)) {
        this.unconfirmed = this.overdue.size;
        this.host.requestUpdate();
      }
    });
  }

  /**
   * Takes the table over from the console that holds it: the room's shoe is taken up as this
   * console's own first (refused when this machine recorded that shoe otherwise: nothing is lost),
   * then this console claims the table; the other one stops as it hears of it.
   */
  async takeOver(): Promise<void> {
    const link = this.link;
    if (!this.heldElsewhere || link?.state !== 'connected') return;
    this.takeOverProblem = null;
    // The room's shoe as the broker holds it now, not as last heard (the holder may have just added a hand).
    await link.readRetained(tableTopics(this.options.table()).state, true);
    await new Promise((resolve) => setTimeout(resolve, RETAINED_WAIT_MS));
    const shoe = this.roomShoe;
    const mine = this.options.storedShoe();
    // This machine's copy holds every hand of the room's (and maybe more, recorded while it was cut off): it goes on with its own.
    const holdsAll = shoe !== null && mine !== null && firstDifference(mine, shoe) === 0;
    const adopted = shoe && !holdsAll ? await this.options.adoptShoe(shoe) : null;
    if (adopted && adopted.kind !== 'adopted') {
      this.takeOverProblem = adopted;
      this.host.requestUpdate();
      return;
    }
    this.written = undefined;
    this.heldElsewhere = null;
    this.host.requestUpdate();
    await this.inTurn(() => this.claim());
  }

  /**
   * How far the room's recorder has recorded this console's shoe, from its latest acknowledgement;
   * `unknown` while this console does not hold its table or no acknowledgement was heard.
   */
  get centralRecord(): CentralRecord {
    if (!this.claimed) return { kind: 'unknown' };
    const acknowledgement = this.acknowledgement;
    const shoe = this.options.storedShoe();
    const memo = this.centralRecordMemo;
    if (memo && memo.acknowledgement === acknowledgement && memo.shoe === shoe) return memo.record;
    const record = centralRecord(acknowledgement, shoe, (session, revision) => this.publishedShoe(session, revision) ?? undefined);
    this.centralRecordMemo = { acknowledgement, shoe, record };
    return record;
  }

  /** Hands this console recorded that the screens' copy of the same shoe lacks or has otherwise (taken over before they were sent), or null. */
  get handsNotOnScreens(): { from: number; to: number } | null {
    return this.heldElsewhere ? handsNotInRoom(this.options.storedShoe(), this.roomShoe) : null;
  }

  private holder(): { session: string; machine: string } {
    return { session: this.consoleSession, machine: this.options.machine.name };
  }

  private writtenShoe(): ShoeRecord | null {
    if (this.written === undefined) this.written = this.options.storedShoe();
    return this.written;
  }

  private inTurn(step: () => Promise<void>): Promise<void> {
    this.queue = this.queue.then(step).catch(() => undefined);
    return this.queue;
  }

  /** Connected (again): the table's presence and state are read first, then this console claims the table, or does not. */
  private async onConnected(): Promise<void> {
    await this.options.whenReady();
    const link = this.link;
    if (!link || link.state !== 'connected') return;
    const topics = tableTopics(this.options.table());
    // Subscribing again has the broker send the retained messages now, right after it acknowledges.
    await link.readRetained(topics.presence, true);
    await link.readRetained(topics.state, true);
    await new Promise((resolve) => setTimeout(resolve, RETAINED_WAIT_MS));
    if (this.link !== link || link.state !== 'connected' || !this.options.holdsTable()) return;
    const presence = this.presence;
    if (this.claimed && presence !== null && presence.online && presence.session !== this.consoleSession) {
      // Taken over while this console was away.
      return this.lose(presence);
    }
    if (this.claimed && this.stateSession !== null && this.stateSession !== this.consoleSession) {
      // Another console published the table's state meanwhile: taken over while this one was cut off (its
      // presence then replaced by this console's own last will).
      return this.lose(presenceMessage(true, null, { session: this.stateSession, machine: '' }));
    }
    if (this.claimed || this.wantClaim || this.mayTakeAtOnce(presence)) return this.claim();
    const holder = presence ?? presenceMessage(false, null);
    // Back on the broker after a take-over: still the console the table was taken from.
    const takenFromHere = this.heldElsewhere?.takenFromHere === true && this.heldElsewhere.machine === machineName(holder);
    this.heldElsewhere = { machine: machineName(holder), online: holder.online, since: holder.at, takenFromHere };
    this.host.requestUpdate();
  }

  /**
   * The table may be taken without asking: nobody holds it, or this machine did (a reload), or its
   * holder left; and never when that would change a hand the screens show (this console's shoe
   * lacks one, or has it otherwise: a hand of another machine, or one this machine recorded after it
   * was taken over).
   */
  private mayTakeAtOnce(presence: ConsolePresenceMessage | null): boolean {
    const ours = presence === null || sessionOfMachine(presence.session, this.options.machine);
    if (presence !== null && presence.online && !ours) return false;
    const room = this.roomShoe;
    const mine = this.options.storedShoe();
    if (room === null) return true;
    const difference = mine ? firstDifference(mine, room) : null;
    // This machine moved on to a shoe of its own (a reload after a new shoe): its shoe is the table's.
    if (difference === null) return ours && mine !== null;
    return difference === 0;
  }

  /** Claims the table: its presence names this session, then the whole state above what the broker holds; with a will first. */
  private async claim(): Promise<void> {
    if (this.outOfRevisions()) return this.renewSession();
    if (!this.willLink) {
      this.wantClaim = true;
      return this.reopen();
    }
    this.wantClaim = false;
    this.claimed = true;
    this.claimEchoed = false;
    this.heldElsewhere = null;
    await this.publishWhole(true);
  }

  /** This session has counted up to the highest revision (pushed there by forgeries): a new session is due. */
  private outOfRevisions(): boolean {
    return Math.max(this.seenOwnRevision, this.revision) >= HIGHEST_REVISION;
  }

  /** No room left to count up in this session (a forged revision): a new session counts from 1, with a will of its own. */
  private async renewSession(): Promise<void> {
    this.consoleSession = consoleSession(this.options.machine);
    this.seenOwnRevision = 0;
    this.revision = 0;
    this.claimed = false;
    this.wantClaim = true;
    await this.reopen();
  }

  /** Connects again (a clean disconnect drops the old link's will), for a claim with a will or a console without one. */
  private async reopen(): Promise<void> {
    await this.closeLink();
    if (this.connected) this.follow();
  }

  /** Another console took the table: nothing more is published from here, and this link's will goes with a clean disconnect. */
  private lose(presence: ConsolePresenceMessage): void {
    // What this console last heard of the room's shoe while it held the table is not the new holder's: read again on reconnecting.
    this.roomShoe = null;
    this.claimed = false;
    this.wantClaim = false;
    this.heldElsewhere = { machine: machineName(presence), online: presence.online, since: presence.at, takenFromHere: true };
    this.unsent = false;
    this.host.requestUpdate();
    void this.inTurn(() => this.reopen());
  }

  private onMessage(topic: string, text: string, bytes: number): void {
    // The recorder's topic is not this console's to defend: an acknowledgement is read, or refused and logged.
    if (topic === recordedTopic(this.options.table())) return this.onAcknowledgement(topic, text, bytes);
    // This console's own publication, back from the broker: nothing to read (a state is checked whole, at a cost).
    if (this.claimed && this.publishedTexts.has(text)) return;
    // Holding the table, a state or change it did not send is answered, whatever it holds: its revision is all there is to read (a flood costs little).
    if (this.claimed && topic !== tableTopics(this.options.table()).presence) {
      const numbers = revisionOf(text);
      if (numbers) this.seen(numbers);
      if (numbers && topic === tableTopics(this.options.table()).state) this.stateSession = numbers.session ?? '';
      this.answerForgery();
      return;
    }
    const reading = readRoomMessage(topic, text, bytes);
    if (!reading.ok) {
      // Something no screen can read now stands in the table's topics: this console says its own again.
      this.answerForgery();
      return;
    }
    const { received } = reading;
    switch (received.kind) {
      case 'presence':
        return this.onPresence(received.message, text);
      case 'state':
        this.seen(received.message);
        this.stateSession = received.message.session ?? '';
        // A console that does not hold the table shows the holder's shoe, as the screens do, not another session's.
        if (this.claimed || this.presence === null || received.message.session === this.presence.session) {
          this.roomShoe = received.message.document.shoes[0] ?? null;
        }
        if (this.heldElsewhere) this.host.requestUpdate();
        this.answerForgery();
        return;
      case 'change':
        this.seen(received.message);
        this.answerForgery();
        return;
    }
  }

  /**
   * The recorder's acknowledgement: kept when it can be true (one of this session names a state this
   * console published, with that shoe and its hands; one of an earlier revision of the same session
   * than the one kept is older news); the shoe it covers is marked recorded centrally in the store.
   */
  private onAcknowledgement(topic: string, text: string, bytes: number): void {
    const reading = readRecordedMessage(this.options.table(), text, bytes);
    if (!reading.ok) {
      console.warn(`bacc: refused a message on ${topic}: ${recordedRefusalLogText(reading.refusal)}`);
      return;
    }
    const message = reading.message;
    const kept = this.acknowledgement;
    if (message.session === this.consoleSession) {
      const shoe = this.publishedShoe(message.session, message.revision);
      if (shoe === undefined && message.revision > this.revision) {
        console.warn(
          `bacc: refused a message on ${topic}: it acknowledges revision ${message.revision}, beyond this console's ${this.revision}`,
        );
        return;
      }
      if (shoe !== undefined && (shoe?.id !== message.shoeId || shoe.hands.length !== message.handCount)) {
        console.warn(
          `bacc: refused a message on ${topic}: it acknowledges revision ${message.revision} as shoe "${message.shoeId.slice(0, 60)}" ` +
            `with ${message.handCount} hands, which this console did not publish`,
        );
        return;
      }
      if (shoe) void this.options.markRecorded?.(shoe, { handCount: message.handCount, at: message.at, recorder: message.recorder });
    }
    if (kept !== null && kept.session === message.session && kept.revision > message.revision) return;
    this.acknowledgement = message;
    this.host.requestUpdate();
  }

  /** The shoe this console published in its state of `revision` of `session` (null: none yet), or undefined when not remembered. */
  private publishedShoe(session: string, revision: number): ShoeRecord | null | undefined {
    return this.publishedShoes.get(`${session} ${revision}`);
  }

  private seen(message: { revision: number; session?: string }): void {
    this.seenRevision = Math.max(this.seenRevision, message.revision);
    if (message.session === this.consoleSession) this.seenOwnRevision = Math.max(this.seenOwnRevision, message.revision);
  }

  private onPresence(presence: ConsolePresenceMessage, text: string): void {
    if (presence.session === this.consoleSession) {
      this.presence = presence;
      if (text === this.presenceText) this.claimEchoed = this.claimed;
      // This session's name on a presence it did not send (offline, say): it says its own again.
      else this.answerForgery();
      return;
    }
    const holder = this.claimed ? this.consoleSession : this.presence?.session;
    if (!presence.online && this.presence !== null && presence.session !== holder) {
      // The last will of a console that does not hold the table (an older one's) replaced the holder's presence: it is said again.
      if (this.claimed) this.answerForgery();
      return;
    }
    this.presence = presence;
    // Before this console's claim came back, another presence is an older one.
    if (this.claimed && this.claimEchoed) return this.lose(presence);
    if (this.heldElsewhere) {
      this.heldElsewhere = { ...this.heldElsewhere, machine: machineName(presence), online: presence.online, since: presence.at };
      this.host.requestUpdate();
    }
  }

  /** A message on this table's topics that this console did not publish: while it holds the table, its own whole state follows, once for a burst. */
  private answerForgery(): void {
    if (!this.claimed || this.answerTimer !== undefined) return;
    this.answerTimer = setTimeout(() => {
      this.answerTimer = undefined;
      if (this.claimed) void this.inTurn(() => this.publishWhole(true));
    }, ANSWER_DELAY_MS);
  }

  private async publishChange(change: ShoeChange): Promise<void> {
    const link = this.link;
    if (!this.claimed) return;
    if (!link || link.state !== 'connected') return this.markUnsent();
    // After a change the broker missed, the screens need the state whole, not one more step.
    if (this.unsent) return this.publishWhole(false);
    if (this.outOfRevisions()) return this.renewSession();
    const shoe = this.writtenShoe();
    const after = this.base();
    const revision = nextRevision(after);
    const message: TableChangeMessage = {
      format: 'bacc-table-change',
      version: 1,
      revision,
      after,
      shoeId: change.kind === 'start' ? change.shoe.id : change.shoeId,
      change: changeKind(change),
      handCount: shoe?.hands.length ?? 0,
      ...(change.kind === 'add' ? { hand: change.hand } : {}),
      session: this.consoleSession,
    };
    const topics = tableTopics(this.options.table());
    const sent = await this.sendAll(link, [
      [topics.change, message, false],
      [topics.state, this.stateMessage(shoe, revision), true],
    ]);
    this.revision = revision;
    if (!sent) this.markUnsent();
  }

  /** The presence (when claiming) and the whole state: on (re)connecting, after changes the broker missed, and in answer to a forgery. */
  private async publishWhole(withPresence: boolean): Promise<void> {
    await this.options.whenReady();
    const link = this.link;
    if (!link || link.state !== 'connected' || !this.options.holdsTable() || !this.claimed) return;
    if (this.outOfRevisions()) return this.renewSession();
    const topics = tableTopics(this.options.table());
    const after = this.base();
    const revision = nextRevision(after);
    const shoe = this.writtenShoe();
    // The state first, then news of it: screens follow changes, not states, and read the state on this news.
    const notice: TableChangeMessage = {
      format: 'bacc-table-change',
      version: 1,
      revision,
      after,
      shoeId: shoe?.id ?? '-',
      change: 'state',
      handCount: shoe?.hands.length ?? 0,
      session: this.consoleSession,
    };
    const sent = await this.sendAll(link, [
      ...(withPresence ? [[topics.presence, presenceMessage(true, new Date(), this.holder()), true] as const] : []),
      [topics.state, this.stateMessage(shoe, revision), true],
      [topics.change, notice, false],
    ]);
    this.revision = revision;
    this.unsent = !sent;
    this.host.requestUpdate();
  }

  /**
   * The revision this console goes on from: above everything seen on its table's topics, unless
   * that is beyond what can be counted up from (a forgery of another session: screens follow this
   * session's own count from its presence).
   */
  private base(): number {
    const seen = this.seenRevision < HIGHEST_REVISION ? this.seenRevision : this.seenOwnRevision;
    return Math.max(this.revision, seen);
  }

  private stateMessage(shoe: ShoeRecord | null, revision: number) {
    if (this.publishedShoes.size >= REMEMBERED_PUBLICATIONS) this.publishedShoes.delete(this.publishedShoes.keys().next().value!);
    this.publishedShoes.set(`${this.consoleSession} ${revision}`, shoe);
    return tableStateMessage(this.options.table(), this.options.limits(), shoe, revision, new Date(), this.consoleSession);
  }

  /** Publishes in order, stopping at the first not sent; says whether all were, and remembers a refusal. */
  private async sendAll(link: RoomLink, messages: readonly (readonly [string, object, boolean])[]): Promise<boolean> {
    const topics = tableTopics(this.options.table());
    for (const [topic, message, retain] of messages) {
      // Stopped the moment another console took the table.
      if (!this.claimed) return true;
      if (topic === topics.state) this.stateSession = this.consoleSession;
      if (topic !== topics.presence) this.remember(message);
      else this.presenceText = JSON.stringify(message);
      const outcome = await givenUpAfter(link.publish(topic, message, retain), PUBLICATION_GIVE_UP_MS);
      this.refusedByBroker = outcome === 'refused';
      if (outcome !== 'sent') return false;
    }
    return true;
  }

  /** Remembers a publication's text, so its echo is not taken for someone else's. */
  private remember(message: object): void {
    if (this.publishedTexts.size >= REMEMBERED_PUBLICATIONS) this.publishedTexts.delete(this.publishedTexts.values().next().value!);
    this.publishedTexts.add(JSON.stringify(message));
  }

  private markUnsent(): void {
    if (this.unsent) return;
    this.unsent = true;
    this.host.requestUpdate();
  }
}

/** A message's revision and session, read without checking the rest; null when it has no revision to count from. */
function revisionOf(text: string): { revision: number; session?: string } | null {
  try {
    const json = JSON.parse(text) as { revision?: unknown; session?: unknown };
    if (typeof json.revision !== 'number' || !Number.isSafeInteger(json.revision) || json.revision < 0) return null;
    return { revision: json.revision, ...(typeof json.session === 'string' ? { session: json.session } : {}) };
  } catch {
    return null;
  }
}

/** The name a presence gives its machine, or what stands for it (a console of 1.0 gives none). */
function machineName(presence: ConsolePresenceMessage): string {
  return presence.machine ?? '';
}

/** `publication`'s outcome, or `not-sent` when the broker has not answered within `ms` (the link is dead but not yet known to be). */
function givenUpAfter(publication: Promise<'sent' | 'refused' | 'not-sent'>, ms: number): Promise<'sent' | 'refused' | 'not-sent'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const givenUp = new Promise<'not-sent'>((resolve) => (timer = setTimeout(() => resolve('not-sent'), ms)));
  return Promise.race([publication, givenUp]).finally(() => clearTimeout(timer));
}

function changeKind(change: ShoeChange): TableChangeKind {
  // An event or audit entry changes no hand: screens read the whole state again, which carries it.
  if (change.kind === 'event' || change.kind === 'audit') return 'state';
  return change.kind === 'replace' ? 'correct' : change.kind;
}

/** The shoe once `change` is written (null stays null until a shoe starts). */
export function shoeAfter(shoe: ShoeRecord | null, change: ShoeChange): ShoeRecord | null {
  if (change.kind === 'start') return change.shoe;
  if (!shoe || shoe.id !== change.shoeId) return shoe;
  switch (change.kind) {
    case 'add':
      return { ...shoe, hands: [...shoe.hands.slice(0, change.index), change.hand] };
    case 'replace':
      return { ...shoe, hands: shoe.hands.map((hand, index) => (index === change.index ? change.hand : hand)) };
    case 'undo':
      return { ...shoe, hands: shoe.hands.slice(0, change.index) };
    case 'end':
      return { ...shoe, endedAt: change.endedAt };
    case 'reopen':
      return { ...shoe, endedAt: null };
    case 'event':
      return { ...shoe, events: [...(shoe.events ?? []), change.event] };
    case 'audit':
      return { ...shoe, audit: [...(shoe.audit ?? []), change.entry] };
  }
}
