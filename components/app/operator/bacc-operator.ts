import { LitElement, html, nothing } from 'lit';
import { customElement, property, query } from 'lit/decorators.js';
import { localized, msg, str } from '@lit/localize';
import { DEFAULT_RULES, type TableRules } from '../../../src/game/rules.js';
import { exposedCards } from '../../../src/shoes/exposed-cards.js';
import { themeTokens } from '../../styles/theme.js';
import { controlBasics } from '../shared/control-styles.js';
import { ConsoleController } from './console-controller.js';
import type { RecordedHand } from './console-types.js';
import { cleanOperatorName } from './console-audit.js';
import { KeyShortcutsController } from './key-shortcuts.js';
import type { KeptShoeStore } from '../shared/data/kept-shoe.js';
import { ConsolePublisher } from './console-publisher.js';
import { consoleMachine } from './console-machine.js';
import type { BrokerSettings } from '../shared/room/room-link.js';
import { consoleNewsText } from './console-words.js';
import { OPERATOR_KEYS, operatorKeyAction, type OperatorAction } from './operator-keys.js';
import { DEFAULT_STORED_TABLE } from '../shared/data/stored-table.js';
import { CardFeedController } from './card-feed-controller.js';
import { SerialCardSource, browserSerial, keepLineMark, lineMark, type SerialLike } from './reader/serial-source.js';
import { BrokerReaderSource } from './reader/broker-reader.js';
import { ScannerKeys } from './reader/scanner-keys.js';
import { ReasonKeys } from './reason-keys.js';
import { AUDIT_REASONS } from '../shared/audit-words.js';
import { operatorStyles } from './bacc-operator.styles.js';
import { actionButton, type ActionButton } from './action-button.js';
import { cardShoeInUse, cardShoePanelStyles, renderCardShoe, renderFeedQuestion } from './card-shoe-panel.js';
import {
  centralRecordText,
  historyLink,
  renderCardEntry,
  renderConfirmation,
  renderOutcomeEntry,
  renderReasonQuestion,
  roomInTrouble,
  roomText,
  shoeStateText,
} from './console-panel-parts.js';
import { CARD_CHARACTER, CARD_FIELD_CHARACTER, OUTCOME_ACTIONS, isNothingFocused, isPlainCharacter, scannedCard } from './console-keys.js';
import '../../define/scoreboard.js';
import '../../define/last-hand.js';

/** Where the signed-in clerk's name is kept for the browser session. */
export const OPERATOR_NAME_KEY = 'bacc-operator-name';

function readOperatorName(): string {
  try {
    return sessionStorage.getItem(OPERATOR_NAME_KEY) ?? '';
  } catch {
    return '';
  }
}

/** The reasons a clerk picks from (key 1 to 5 when asked why), as kept in the audit trail. */
export { AUDIT_REASONS };

/**
 * The console (`?mode=operator`): the scoreboard of the shoe being recorded and an entry
 * panel. Keyboard first — every action has a key, shown on its button: B, P, T record banker,
 * player, tie; 1, 2, N set player pair, banker pair, natural for the next hand; C switches to card
 * entry (cards typed as `9h tc k`, each checked at once); U or Ctrl+Z undoes the last hand; H
 * corrects a chosen hand; E ends the shoe, S starts a new one (Y confirms, Escape cancels); I starts
 * a simulated shoe, D deals a hand, A deals automatically; Z signs the clerk in (the header names them,
 * and so does every audit entry). Every hand is written to IndexedDB before
 * it is shown; storage trouble is shown and retried; a reload resumes the open shoe.
 *
 * @fires bacc-hand-recorded - A hand was recorded, corrected or dealt by the clerk's action (never when a property is set).
 * @csspart panel - The entry panel.
 * @csspart status - Storage status and what the last action did.
 * @csspart alert - Why the last input was refused, and a change storage refused as a conflict (not retried).
 */
@customElement('bacc-operator')
@localized()
export class BaccOperator extends LitElement {
  static override styles = [themeTokens, controlBasics, operatorStyles, cardShoePanelStyles];

  /** The table's rules for new shoes (decks, banker payout, tie). */
  @property({ attribute: false }) rules: TableRules = DEFAULT_RULES;

  /** The table: shoes are stored under this name, and a reload resumes its open recorded shoe. */
  @property() table = DEFAULT_STORED_TABLE;

  /** Free text shown as the table's bet limits (play money). */
  @property() limits = '';

  /** Grid rows of every road. */
  @property({ type: Number }) rows = 6;

  /** Marks carry letters as well as colours. */
  @property({ type: Boolean }) letters = false;

  /** A store to use instead of the page's IndexedDB (tests, embedding); read when the element connects. */
  @property({ attribute: false }) store: KeptShoeStore | null = null;

  /** Waits in milliseconds between retries of a failed write; read when the element connects. */
  @property({ attribute: false }) retryDelays: readonly number[] | undefined = undefined;

  /** The room's broker, to publish the table to screens on other machines; null for this browser alone. Read when the element connects. */
  @property({ attribute: false }) broker: BrokerSettings | null = null;

  /** The page's Web Serial (`navigator.serial`) or a stand-in (tests); null or unset: the browser's, when it has one. */
  @property({ attribute: false }) serial: SerialLike | null = null;

  @query('input.cards') private cardField!: HTMLInputElement | null;
  /** The question on screen when the focus was last moved into it, and what had the focus before. */
  private asked: { confirmation: NonNullable<ConsoleController['confirming']>; focusBefore: HTMLElement | null } | null = null;
  /** The operator's answer to the last question: true for Yes. */
  private answeredYes = false;
  /** Whether the card field could be typed in at the last update (see `updated`). */
  private cardFieldWasUsable = false;
  @query('input.hand-number') private handNumberField!: HTMLInputElement | null;

  /** The console's state and actions (tests read it). */
  readonly consoleController: ConsoleController = new ConsoleController(this, {
    rules: () => this.rules,
    table: () => this.table,
    store: () => this.store,
    retryDelays: () => this.retryDelays,
    onRecorded: (recorded) =>
      this.dispatchEvent(new CustomEvent<RecordedHand>('bacc-hand-recorded', { detail: recorded, bubbles: true, composed: true })),
    unsentCards: () => this.cardField?.value ?? '',
    onSaved: (change, shoeNumber) => this.publisher.saved(change, shoeNumber),
    onVoidShoe: () => void this.cardFeed.voidShoe(),
    operator: () => this.operatorName || null,
    heldInRoom: () => !this.publisher.holdsRoom,
    takeOverRoom: () => this.publisher.takeOver(),
  });

  /** The name the clerk signed in with, kept for the browser session (sessionStorage); '' for nobody. */
  operatorName = readOperatorName();

  /** The question why's keys and focus. */
  private readonly reasonKeys = new ReasonKeys(
    this.consoleController,
    () => this.shadowRoot!,
    () => this.requestUpdate(),
  );

  /** The dealing procedure fed by the card shoe, the bridge and a scanner (one feed behind all three). */
  readonly cardFeed = new CardFeedController(
    this,
    this.consoleController,
    () => this.rules,
    (mark) => keepLineMark(this.table, mark),
    () => lineMark(this.table),
  );

  /** A card-reading shoe on this machine's serial line (Web Serial). */
  readonly serialSource = new SerialCardSource({
    table: () => this.table,
    onResults: (results) => this.cardFeed.takeResults(results),
    onChange: () => this.requestUpdate(),
    serial: () => this.serial ?? browserSerial(),
  });

  /** A card-reading shoe on another box, through the broker's reader topic. */
  readonly bridge = new BrokerReaderSource(this, {
    broker: () => this.broker,
    table: () => this.table,
    onEvents: (events) => this.cardFeed.take(events),
    held: () => lineMark(this.table),
  });

  /** A scanner that types like a keyboard, looked for on every console with no setting: its bursts are cards, never keys. */
  readonly scannerKeys = new ScannerKeys({
    onCard: (text) => this.cardFeed.takeResults([scannedCard(text)]),
    onRelease: (event) => this.onShortcut(event, false),
    // A scanner not set to end a card with Enter: its keys would record outcomes (`tb`: a tie, a banker).
    onRefused: (keys) => this.consoleController.refuseScannerBurst(keys),
  });

  /** The clerk's name field is open (Z): Enter signs in whoever is typed there. */
  private signingIn = false;
  @query('input.clerk-name') private clerkNameField!: HTMLInputElement | null;

  /** The clerk opened the card shoe's panel (G). */
  private cardShoeShown = false;

  /** A button that carries out its action as its key would. */
  private readonly button: ActionButton = (action, label, options) => actionButton((chosen) => this.act(chosen), action, label, options);

  /** The table, published to the room's screens through the broker (when there is one). */
  private readonly publisher: ConsolePublisher = new ConsolePublisher(this, {
    broker: () => this.broker,
    table: () => this.table,
    limits: () => this.limits,
    storedShoe: () => this.consoleController.shoe,
    whenReady: () => this.consoleController.whenReady(),
    // Another machine holding the table in the room does not stop this one asking the broker about it.
    holdsTable: () => !this.consoleController.readOnlyHere,
    machine: consoleMachine(globalThis.localStorage ?? null, new URLSearchParams(globalThis.location?.search)),
    adoptShoe: (shoe) => this.consoleController.adoptShoe(shoe),
    markRecorded: (shoe, mark) => this.consoleController.markRecorded(shoe, mark),
  });

  constructor() {
    super();
    new KeyShortcutsController(this, (event, typing) => this.onShortcut(event, typing));
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.scannerKeys.connect();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.scannerKeys.disconnect();
    this.serialSource.stop();
  }

  protected override firstUpdated(): void {
    // The serial line is looked for once the page's (or a test's) `serial` is in place.
    this.serialSource.start();
  }

  /** A key of the page (or one the scanner held and let go): its action, a card's character into the field, or said as no key. */
  private onShortcut(event: KeyboardEvent, typing: boolean): void {
    if (!typing && this.reasonKeys.answerKey(event)) return;
    if (!typing && this.sendCardKeyToField(event)) return;
    const action = operatorKeyAction(event, typing);
    if (action === null) {
      // A letter or digit that is no key here is said, never silently lost.
      if (!typing && isPlainCharacter(event)) this.consoleController.refuseKey(event.key);
      return;
    }
    event.preventDefault();
    this.act(action);
  }

  /**
   * In card entry, with a shoe open, a card's character pressed while the focus is off the card field
   * (after a click on Undo, say) goes into the field: read as a key, `h` would open a correction and
   * `2` set a pair flag, and the cards after it would rewrite another hand. Other keys stay commands.
   */
  private sendCardKeyToField(event: KeyboardEvent): boolean {
    const { consoleController } = this;
    const field = this.cardField;
    if (consoleController.entryMode !== 'cards' || !consoleController.shoeOpen || consoleController.confirming || !field || field.disabled)
      return false;
    if (event.ctrlKey || event.metaKey || event.altKey || !CARD_CHARACTER.test(event.key)) return false;
    event.preventDefault();
    field.value += event.key;
    field.focus();
    return true;
  }

  /** Carries out an action as its key or button would. */
  private act(action: OperatorAction): void {
    const { consoleController } = this;
    if (consoleController.confirming && action !== 'confirm' && action !== 'cancel')
      return consoleController.refuseKey(OPERATOR_KEYS[action]);
    // The clerk has gone on: a refusal of an earlier key no longer answers anything on screen, and
    // the question why the last action was done is left unanswered (its entry is kept).
    consoleController.clearRefusal();
    consoleController.goOn();
    // Another window's table: that is what a recording key is told, whatever the entry mode.
    if (consoleController.entryMode === 'cards' && OUTCOME_ACTIONS.has(action) && !consoleController.readOnly) {
      // Typed outside the card field (`th` for ten of hearts would record a tie): refuse, and put
      // the focus where cards go.
      consoleController.refuseOutcomeInCardEntry();
      this.cardField?.focus();
      return;
    }
    switch (action) {
      case 'banker':
      case 'player':
      case 'tie':
        void consoleController.recordOutcome(action === 'banker' ? 'B' : action === 'player' ? 'P' : 'T');
        return;
      case 'player-pair':
        return consoleController.toggleFlag('playerPair');
      case 'banker-pair':
        return consoleController.toggleFlag('bankerPair');
      case 'natural':
        return consoleController.toggleFlag('natural');
      case 'card-entry':
        consoleController.setEntryMode('cards');
        void this.updateComplete.then(() => this.cardField?.focus());
        return;
      case 'outcome-entry':
        return consoleController.setEntryMode('outcome');
      case 'undo':
        void consoleController.undo();
        return;
      case 'redo':
        void consoleController.redo();
        return;
      case 'reopen-shoe':
        void consoleController.reopenLastShoe();
        return;
      case 'take-over':
        return consoleController.takeOver();
      case 'correct':
        // Nothing to correct (no shoe, no hand, a simulated shoe, another window's table): said, and
        // the focus stays where it was, not in a disabled field where later keys would do nothing.
        if (!this.canCorrect()) return consoleController.beginCorrection(0);
        // With a hand number chosen the correction begins; without one, the number field takes the focus.
        if (this.handNumberField?.value) return this.beginCorrection();
        this.handNumberField?.focus();
        return;
      case 'end-shoe':
        return consoleController.ask('end-shoe');
      case 'new-shoe':
        // A shoe started by hand: the card shoe's procedure starts again (the burn first).
        if (!consoleController.shoeOpen) this.cardFeed.newShoe();
        return consoleController.ask('new-shoe');
      case 'new-simulated-shoe':
        return consoleController.ask('new-simulated-shoe');
      case 'deal':
        void consoleController.deal();
        return;
      case 'auto-deal':
        return consoleController.toggleAutoDeal();
      case 'confirm':
        this.answeredYes = true;
        if (consoleController.confirming === 'new-shoe') this.cardFeed.newShoe();
        void consoleController.confirm();
        return;
      case 'connect-shoe':
        this.cardShoeShown = true;
        this.requestUpdate();
        void this.serialSource.connect();
        return;
      case 'cancel-card':
        this.cardFeed.cancelCard();
        return;
      case 'void-hand':
        this.cardFeed.voidHand();
        return;
      case 'void-shoe':
        return consoleController.ask('void-shoe');
      case 'dummy-hand':
        this.cardFeed.dummyHand();
        return;
      case 'sign-in':
        this.signingIn = true;
        this.requestUpdate();
        // The name there is selected: the next clerk types theirs over it, the same one corrects a letter.
        void this.updateComplete.then(() => {
          this.clerkNameField?.focus();
          this.clerkNameField?.select();
        });
        return;
      case 'cancel':
        this.answeredYes = false;
        if (consoleController.confirming) return consoleController.cancelConfirmation();
        return consoleController.cancelCorrection();
    }
  }

  /** Sends the typed cards; with `record` (Enter), a hand they finish is recorded too. */
  private async readCardField(record: boolean): Promise<void> {
    const field = this.cardField;
    if (!field) return;
    const text = field.value;
    field.value = '';
    // Cards sent: the clerk has gone on from the question why.
    if (text.trim()) this.consoleController.goOn();
    const rest = await this.consoleController.typeCards(text, record);
    if (!rest) return;
    // What was not read (a refused card and what followed it) goes back in front of whatever the
    // operator typed while the hand was being written, which is kept.
    if (field.value.trim()) {
      field.value = `${rest} ${field.value.trimStart()}`;
    } else {
      // Nothing typed meanwhile: the refused card is selected, so the next card typed replaces it
      // instead of running into it ("kd" then "qs" made "kdqs", refused as unknown, its reason lost).
      field.value = rest;
      field.setSelectionRange(0, rest.search(/[\s,]|$/));
    }
  }

  private onCardInput(event: InputEvent): void {
    // A space or comma after a card sends it at once: each card is checked as it is typed.
    if (/[\s,]$/.test((event.target as HTMLInputElement).value)) void this.readCardField(false);
  }

  private onCardKey(event: KeyboardEvent): void {
    const field = event.target as HTMLInputElement;
    const chord = (event.ctrlKey || event.metaKey) && !event.altKey ? operatorKeyAction(event, false) : null;
    if ((chord === 'undo' || chord === 'redo') && field.value === '') {
      // An empty field has no text of its own to undo: Ctrl+Z is the console's, as everywhere else.
      event.preventDefault();
      this.act(chord);
    } else if (event.key === '?' && this.consoleController.reasonWanted && !event.ctrlKey && !event.metaKey && !event.altKey) {
      // No card holds a ?: it answers the question why, and the focus comes back here after.
      event.preventDefault();
      this.reasonKeys.focusField();
    } else if (isPlainCharacter(event) && !CARD_FIELD_CHARACTER.test(event.key)) {
      // `u` typed here would become part of a card, refused later as unknown; said now, kept out.
      event.preventDefault();
      this.consoleController.refuseCardFieldCharacter(event.key);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      void this.readCardField(true);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      // What a refusal said of the cards being cleared no longer applies.
      this.consoleController.clearRefusal();
      if (field.value) field.value = '';
      else if (!this.consoleController.clearCards()) {
        if (this.consoleController.correcting !== null) this.consoleController.cancelCorrection();
        else field.blur();
      }
    }
  }

  /** The clerk's name field: Enter signs in the name typed (the clerk before signs out), Escape leaves it as it was. */
  private onClerkNameKey(event: KeyboardEvent): void {
    if (event.key !== 'Enter' && event.key !== 'Escape') return;
    event.preventDefault();
    if (event.key === 'Enter') this.signIn((event.target as HTMLInputElement).value);
    this.signingIn = false;
    this.requestUpdate();
    void this.updateComplete.then(() => this.actionButton('sign-in')?.focus());
  }

  /** Who signs the audit trail, in the panel's header; with Z, the field where the next clerk types their name. */
  private renderClerk() {
    const name = this.operatorName;
    const label = msg("Clerk's name", { id: 'operator-clerk-name' });
    return html`<div class="clerk" role="group" aria-label=${msg('Clerk', { id: 'operator-clerk' })}>
      ${
        this.signingIn
          ? html`<label
                >${label}
                <input
                  class="clerk-name"
                  type="text"
                  autocomplete="off"
                  spellcheck="false"
                  aria-describedby="clerk-help"
                  .value=${name}
                  @keydown=${this.onClerkNameKey}
              /></label>
              <span id="clerk-help" class="clerk-help"
                >${msg('Enter signs this name in and the clerk before out; an empty name signs out; Escape changes nothing.', {
                  id: 'operator-clerk-help',
                })}</span
              >`
          : html`<span class="clerk-now"
              >${name ? msg(str`Clerk: ${name}`, { id: 'operator-clerk-now' }) : msg('No clerk signed in', { id: 'operator-no-clerk' })}</span
            >`
      }
      ${this.signingIn ? nothing : this.button('sign-in', name ? msg('Change clerk', { id: 'operator-change-clerk' }) : msg('Sign in', { id: 'operator-clerk-sign-in' }))}
    </div>`;
  }

  private onHandNumberKey(event: KeyboardEvent): void {
    if (event.key === 'Enter') {
      event.preventDefault();
      this.beginCorrection();
    } else if (event.key === 'Escape') {
      // Escape leaves the choice of a hand: nothing chosen stays behind for the next H, nor its refusal.
      event.preventDefault();
      const field = event.target as HTMLInputElement;
      field.value = '';
      field.blur();
      this.consoleController.clearRefusal();
    }
  }

  /** Whether the shoe on screen has a hand this window may correct. */
  private canCorrect(): boolean {
    const { consoleController } = this;
    return consoleController.shoeOpen && !consoleController.simulating && !consoleController.readOnly && consoleController.hands.length > 0;
  }

  private beginCorrection(): void {
    const field = this.handNumberField;
    this.consoleController.beginCorrection(Number(field?.value ?? ''));
    if (!field) return;
    // The number is used up either way: a refused one (the alert says why) is cleared and the focus
    // stays in the field for the next try, so digits typed next go there and never toggle a pair.
    field.value = '';
    if (this.consoleController.correcting === null) {
      if (!field.disabled) field.focus();
    } else if (this.consoleController.entryMode === 'cards') {
      this.cardField?.focus();
    } else {
      field.blur();
    }
  }

  protected override updated(): void {
    const { confirming } = this.consoleController;
    // In card entry, when the card field becomes usable (it was disabled until a shoe opened, say)
    // and nothing has the focus, it takes it, so typed cards land there and not on the page's
    // shortcuts. Only then: Escape in an empty field leaves it for the keys, and must stay left.
    const field = this.cardField;
    const fieldUsable = !confirming && this.consoleController.entryMode === 'cards' && !!field && !field.disabled;
    if (fieldUsable && !this.cardFieldWasUsable && !this.shadowRoot!.activeElement && isNothingFocused()) field.focus();
    this.cardFieldWasUsable = fieldUsable;
    if (confirming && this.asked?.confirmation !== confirming) {
      // The question takes the focus, so a keyboard or screen reader user lands on it.
      const active = this.shadowRoot!.activeElement;
      this.asked = { confirmation: confirming, focusBefore: active instanceof HTMLElement ? active : null };
      this.answeredYes = false;
      // On the safe answer, as History's Delete does: Enter, pressed out of habit, ends no shoe.
      this.actionButton('cancel')?.focus();
    } else if (!confirming && this.asked) {
      this.returnFocus(this.asked.confirmation, this.asked.focusBefore);
      this.asked = null;
    }
  }

  /** After a question is answered: back to the field being typed in, else to the control that comes next. */
  private returnFocus(confirmation: NonNullable<ConsoleController['confirming']>, before: HTMLElement | null): void {
    const usable = (element: HTMLElement | null | undefined): element is HTMLElement =>
      !!element && element.isConnected && !(element as HTMLInputElement).disabled && !element.closest('.confirm');
    if (before instanceof HTMLInputElement && usable(before)) return before.focus();
    // A shoe ended: the next thing to do is start one. Otherwise the button that asked.
    const next = confirmation === 'end-shoe' && this.answeredYes ? this.actionButton('new-shoe') : this.actionButton(confirmation);
    (usable(next) ? next : this.actionButton('new-shoe'))?.focus();
  }

  private actionButton(action: OperatorAction): HTMLButtonElement | null {
    return this.shadowRoot!.querySelector<HTMLButtonElement>(`[data-action="${action}"]`);
  }

  protected override render() {
    const { consoleController } = this;
    // Another console machine holds the table: the room's shoe is the one on its screens.
    const shoe = this.publisher.holdsRoom ? consoleController.shoe : this.publisher.roomShoe;
    const hands = this.publisher.holdsRoom ? consoleController.hands : (shoe?.hands ?? []);
    const recording = consoleController.shoeOpen && !consoleController.simulating && !consoleController.readOnly;
    // A write refused as a conflict is not retried: it is shown as loudly as a refused key.
    const conflict = consoleController.unsaved > 0 && consoleController.storageProblem?.kind === 'conflict';
    const refusal = consoleController.message?.kind === 'refused' ? consoleNewsText(consoleController.message.news) : '';
    return html`
      <bacc-scoreboard
        .hands=${hands}
        .rules=${shoe?.rules ?? this.rules}
        .cardsOutOfPlay=${exposedCards(shoe)}
        ?ended=${shoe?.endedAt != null || (consoleController.simulating && consoleController.simulationFinished)}
        table-name=${this.table}
        shoe-number=${shoe?.number ?? 0}
        limits=${this.limits}
        rows=${this.rows}
        ?letters=${this.letters}
      ></bacc-scoreboard>
      <!-- The last hand again beside the controls, for the clerk's eye: the scoreboard's own says it to screen readers. -->
      <div class="last-hand" aria-hidden="true"><bacc-last-hand .hands=${hands}></bacc-last-hand></div>
      <section class="panel" part="panel" aria-label=${msg('Console', { id: 'operator-console' })}>
        ${this.renderClerk()}
        <div class="messages">
          <!-- The room's line beside the shoe's: "Sent to screens." costs the laptop's console no row. -->
          <p class="shoe-state">
            ${shoeStateText(consoleController, this.publisher)}
            <span class="room" role="status" ?data-trouble=${roomInTrouble(this.publisher)}>${roomText(this.publisher)}</span>
            <span class="central" role="status">${centralRecordText(this.publisher)}</span>
          </p>
          <p class="storage" part="status" role="status">${conflict ? '' : consoleController.storageText}</p>
          <p class="done" role="status">
            ${consoleController.message?.kind === 'done' ? consoleNewsText(consoleController.message.news) : ''}
          </p>
          <!-- No white space around the words: a line with any is not :empty, and an empty alert showed as a bar. -->
          <p class="alert" part="alert" role="alert">${refusal}</p>
          <p class="conflict" part="alert" role="alert">${conflict ? consoleController.storageText : ''}</p>
        </div>
        ${renderReasonQuestion(consoleController, {
          give: (reason) => this.reasonKeys.answer(reason),
          onKey: (event) => this.reasonKeys.onFieldKey(event),
          onInput: (event) => this.reasonKeys.onFieldInput(event),
          tooLong: this.reasonKeys.tooLong,
        })}
        ${consoleController.confirming ? renderConfirmation(consoleController, this.button) : nothing}
        <fieldset>
          <legend>${msg('Entry', { id: 'operator-entry' })}</legend>
          ${this.button('outcome-entry', msg('By outcome', { id: 'operator-by-outcome' }), { pressed: consoleController.entryMode === 'outcome' })}
          ${this.button('card-entry', msg('By cards', { id: 'operator-by-cards' }), { pressed: consoleController.entryMode === 'cards' })}
          ${this.button('connect-shoe', msg('Card shoe', { id: 'operator-connect-shoe' }), {
            // Without Web Serial the panel still opens: a bridge or a scanner feeds it.
            pressed: cardShoeInUse(this.cardShoeShown, this),
          })}
        </fieldset>
        ${renderFeedQuestion(this.cardFeed, this.button)}
        ${
          consoleController.entryMode === 'outcome'
            ? renderOutcomeEntry(recording, consoleController.flags, this.button)
            : renderCardEntry(consoleController, recording, {
                onInput: (event) => this.onCardInput(event),
                onKey: (event) => this.onCardKey(event),
              })
        }
        <fieldset>
          <legend>${msg('Shoe', { id: 'operator-shoe' })}</legend>
          ${this.button('undo', msg('Undo', { id: 'operator-undo-action' }), { disabled: !consoleController.canUndo })}
          ${this.button('redo', msg('Redo', { id: 'operator-redo' }), { disabled: !consoleController.canRedo })}
          <label>
            ${msg('Hand', { id: 'operator-hand-number' })}
            <input
              class="hand-number"
              type="number"
              min="1"
              max=${consoleController.hands.length || 1}
              inputmode="numeric"
              ?disabled=${!this.canCorrect()}
              @keydown=${this.onHandNumberKey}
            />
          </label>
          ${this.button('correct', msg('Correct hand', { id: 'operator-correct' }), { disabled: !recording || consoleController.hands.length === 0 })}
          ${this.button('end-shoe', msg('End shoe', { id: 'operator-end-shoe' }), { disabled: !consoleController.shoeOpen })}
          ${this.button('new-shoe', msg('New shoe', { id: 'operator-new-shoe' }))}
          ${consoleController.canReopen ? this.button('reopen-shoe', msg('Reopen last shoe', { id: 'operator-reopen' })) : nothing}
          ${consoleController.canTakeOver ? this.button('take-over', msg('Take this table over', { id: 'operator-take-over' })) : nothing}
          <a class="history" href=${historyLink()} target="_blank" rel="noopener"
            >${msg('History, replay and export (new window)', { id: 'operator-history-link' })}</a
          >
        </fieldset>
        <!-- On a laptop what is used less scrolls on its own under the controls that record and undo. -->
        <div class="more">
          ${renderCardShoe(this, {
            opened: this.cardShoeShown,
            button: this.button,
          })}
          <fieldset>
            <legend>${msg('Simulate', { id: 'operator-simulate' })}</legend>
            ${this.button('new-simulated-shoe', msg('New simulated shoe', { id: 'operator-new-simulated-shoe' }))}
            ${this.button('deal', msg('Deal a hand', { id: 'operator-deal' }), { disabled: !consoleController.simulating || consoleController.simulationFinished })}
            ${this.button('auto-deal', msg('Deal automatically', { id: 'operator-auto-deal' }), { pressed: consoleController.autoDealing, disabled: !consoleController.simulating })}
            <label>
              ${msg('Seconds per hand', { id: 'operator-speed' })}
              <select @change=${(event: Event) => consoleController.setAutoDealSeconds(Number((event.target as HTMLSelectElement).value))}>
                ${[0.5, 1, 2, 4, 8].map((seconds) => html`<option value=${seconds} ?selected=${seconds === consoleController.autoDealSeconds}>${seconds}</option>`)}
              </select>
            </label>
          </fieldset>
        </div>
      </section>
    `;
  }

  /** Signs the clerk in (a name kept for the session): from then on the audit trail names them; '' signs out. */
  signIn(name: string): void {
    const before = this.operatorName;
    // Cleaned as the trail keeps it, so every entry it signs is one an export can read back.
    this.operatorName = cleanOperatorName(name);
    // One step at a shift change: the clerk before is signed out as the next signs in, and both are said.
    if (this.operatorName !== before) this.consoleController.clerkChanged(this.operatorName, before);
    try {
      if (this.operatorName) sessionStorage.setItem(OPERATOR_NAME_KEY, this.operatorName);
      else sessionStorage.removeItem(OPERATOR_NAME_KEY);
    } catch {
      /* signed in for this page only */
    }
    this.requestUpdate();
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'bacc-operator': BaccOperator;
  }
  interface GlobalEventHandlersEventMap {
    'bacc-hand-recorded': CustomEvent<RecordedHand>;
  }
}
