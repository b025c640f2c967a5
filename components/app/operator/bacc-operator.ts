import { LitElement, html, css, nothing } from 'lit';
import { customElement, property, query } from 'lit/decorators.js';
import { localized, msg, str } from '@lit/localize';
import { DEFAULT_RULES, type TableRules } from '../../../src/game/rules.js';
import { noticeLook, themeTokens } from '../../styles/theme.js';
import { OperatorConsoleController } from './operator-console.js';
import type { HandFlag, RecordedHand } from './console-types.js';
import { cleanOperatorName } from './console-audit.js';
import { KeyShortcutsController } from './key-shortcuts.js';
import type { KeptShoeStore } from '../shared/data/kept-shoe.js';
import { ConsolePublisher } from './console-publisher.js';
import type { BrokerSettings } from '../shared/room/room-link.js';
import { consoleNewsText } from './console-words.js';
import { sideName } from '../shared/road-words.js';
import { OPERATOR_KEYS, operatorKeyAction, type OperatorAction } from './operator-keys.js';
import { DEFAULT_STORED_TABLE } from '../shared/data/stored-table.js';
import { FeedDesk } from './card-feed-desk.js';
import { SerialCardSource, browserSerial, keepLineMark, lineMark, type SerialLike } from './reader/serial-source.js';
import { BrokerReaderSource } from './reader/broker-reader.js';
import { ScannerKeys } from './reader/scanner-keys.js';
import {
  SHOE_PROTOCOLS,
  isRefusal,
  parseBaccLine,
  parseJsonLine,
  parseSuitRankLine,
  type LineParseResult,
  type ShoeProtocol,
} from '../../../src/reader/lines.js';
import {
  bridgeStateText,
  countsText,
  feedEventText,
  feedRefusalText,
  lostText,
  missedLinesText,
  questionText,
  reconciliationText,
  refusedText,
  serialStateText,
} from './feed-words.js';
import { AUDIT_REASONS, auditActionText, listedReasonText } from '../shared/audit-words.js';
import '../../define/scoreboard.js';
import '../../define/last-hand.js';

/** Where the signed-in operator's name is kept for the browser session. */
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
 * The operator console (`?mode=operator`): the scoreboard of the shoe being recorded and an entry
 * panel. Keyboard first — every action has a key, shown on its button: B, P, T record banker,
 * player, tie; 1, 2, N set player pair, banker pair, natural for the next hand; C switches to card
 * entry (cards typed as `9h tc k`, each checked at once); U or Ctrl+Z undoes the last hand; H
 * corrects a chosen hand; E ends the shoe, S starts a new one (Y confirms, Escape cancels); I starts
 * a simulated shoe, D deals a hand, A deals automatically. Every hand is written to IndexedDB before
 * it is shown; storage trouble is shown and retried; a reload resumes the open shoe.
 *
 * @fires bacc-hand-recorded - A hand was recorded, corrected or dealt by the operator's action (never when a property is set).
 * @csspart panel - The entry panel.
 * @csspart status - Storage status and what the last action did.
 * @csspart alert - Why the last input was refused, and a change storage refused as a conflict (not retried).
 */
@localized()
@customElement('bacc-operator')
export class BaccOperator extends LitElement {
  static override styles = [
    themeTokens,
    css`
      /*
       * A narrow screen stacks the scoreboard over the entry panel. From 1000 px wide (a laptop, 1280×720
       * up) the entry panel and the last hand take a column of their own on the left, where the clerk
       * looks first, and the scoreboard the rest: stacked, at 1280×720 and 1366×768 the scoreboard kept
       * 6–60 px for its statistics, last hand and chart row (issue 14).
       */
      :host {
        display: grid;
        grid-template-columns: minmax(0, 1fr);
        grid-template-rows: minmax(0, 1fr) auto;
        grid-template-areas: 'board' 'panel';
        height: 100%;
        min-height: 0;
        background: var(--_background);
        color: var(--_text);
        font: 15px/1.4 var(--_font);
      }
      bacc-scoreboard {
        grid-area: board;
        min-height: 0;
        min-width: 0;
      }
      .panel {
        grid-area: panel;
        display: flex;
        flex-wrap: wrap;
        gap: 0.6em 1.2em;
        align-items: flex-start;
        align-content: flex-start;
        padding: 0.8em 1em;
        background: var(--_panel);
        border-top: 1px solid var(--_grid-line);
      }
      .last-hand {
        display: none;
      }
      @media (min-width: 1000px) {
        /* The last hand, the clerk's check of the cards just entered, keeps the height it needs:
           when a long notice makes the controls taller than the room left, they scroll instead. */
        :host {
          grid-template-columns: minmax(24em, 34%) minmax(0, 1fr);
          grid-template-rows: minmax(0, 1fr) auto;
          grid-template-areas: 'panel board' 'last board';
        }
        /*
         * The controls that record and undo (and the question why) keep their place; the card shoe and
         * Simulate below them scroll on their own when the room runs out. Scrolled as a whole, opening
         * the card shoe (G) with the question on screen at 1280×720 left the panel 140 px too tall.
         */
        .panel {
          border-top: none;
          min-width: 0;
          min-height: 0;
          overflow-y: auto;
          flex-direction: column;
          flex-wrap: nowrap;
        }
        .panel > * {
          flex: none;
          max-width: 100%;
        }
        .panel > .messages,
        .panel > .why,
        .panel > .confirm,
        .panel > .feed-question {
          flex: none;
          align-self: stretch;
        }
        .panel > .more {
          display: flex;
          flex-direction: column;
          align-items: flex-start;
          gap: inherit;
          flex: 0 1 auto;
          min-height: 0;
          overflow-y: auto;
        }
        .last-hand {
          display: block;
          grid-area: last;
          padding: 0.5em 1em 0.8em;
          background: var(--_panel);
          border-top: 1px solid var(--_grid-line);
        }
      }
      /* A laptop's height: the controls a little tighter, so the last hand keeps its room under them. */
      @media (min-width: 1000px) and (max-height: 800px) {
        :host {
          font-size: 14px;
        }
        .panel {
          gap: 0.45em 0.8em;
          padding: 0.6em 0.8em;
        }
        button {
          padding: 0.3em 0.55em;
        }
        .last-hand {
          padding: 0.3em 0.8em 0.45em;
        }
      }
      fieldset {
        display: flex;
        flex-wrap: wrap;
        gap: 0.4em;
        align-items: center;
        margin: 0;
        padding: 0.3em 0.6em 0.5em;
        border: 1px solid var(--_grid-line);
        border-radius: 6px;
      }
      a.history {
        color: inherit;
      }
      .card-help {
        flex: 1 1 100%;
      }
      legend {
        padding: 0 0.3em;
        color: var(--_muted);
      }
      button {
        font: inherit;
        padding: 0.35em 0.7em;
        border-radius: 5px;
        border: 1px solid var(--_grid-line);
        background: var(--_surface);
        color: inherit;
        cursor: pointer;
      }
      button[aria-pressed='true'] {
        background: var(--bacc-operator-pressed-background, var(--_focus));
        color: var(--bacc-operator-pressed-color, var(--_on-notice));
      }
      button.banker {
        border-color: var(--_banker);
      }
      button.player {
        border-color: var(--_player);
      }
      button.tie {
        border-color: var(--_tie);
      }
      button:disabled {
        cursor: not-allowed;
        opacity: 0.6;
      }
      kbd {
        margin-inline-start: 0.4em;
        padding: 0 0.3em;
        border: 1px solid currentColor;
        border-radius: 3px;
        font:
          0.85em ui-monospace,
          monospace;
      }
      input,
      select {
        font: inherit;
        padding: 0.3em 0.5em;
        border-radius: 5px;
        border: 1px solid var(--_grid-line);
        background: var(--_surface);
        color: inherit;
      }
      /* Narrow enough for Remove last card to sit beside it: the console's height is the last hand's room. */
      input.cards {
        width: 10em;
      }
      input.hand-number {
        width: 4.5em;
      }
      :focus-visible {
        outline: 3px solid var(--_focus);
        outline-offset: 2px;
      }
      .messages {
        flex: 1 1 100%;
        display: grid;
        gap: 0.3em;
      }
      .messages p {
        margin: 0;
      }
      /* An empty line takes no row (and no gap), yet stays in place as a live region for what it will say. */
      .messages p:empty {
        position: absolute;
      }
      .alert:not(:empty),
      .conflict:not(:empty) {
        padding: 0.3em 0.6em;
        border-radius: 5px;
        ${noticeLook}
      }
      .storage:not(:empty) {
        font-weight: 600;
        color: var(--_notice);
      }
      /* Narrow screens: what .more holds wraps with the panel's other fieldsets, as before. */
      .more {
        display: contents;
      }
      /* The question why is a line or three of words to answer by key, not a row of big buttons: on a laptop it costs the controls little height. */
      .why {
        flex: 1 1 100%;
        display: flex;
        flex-wrap: wrap;
        gap: 0.2em 0.3em;
        align-items: center;
        padding: 0.2em 0.5em;
        border: 2px solid var(--_focus);
        border-radius: 5px;
      }
      .why-question {
        font-weight: 600;
      }
      .why button.why-listed,
      .why button.why-dismiss {
        padding: 0 0.2em;
        border-color: transparent;
        background: none;
        text-decoration: underline;
        text-underline-offset: 0.15em;
      }
      .why kbd {
        margin-inline-start: 0.25em;
      }
      .why input {
        width: 11em;
        padding: 0 0.4em;
      }
      .card-shoe span:empty {
        display: none;
      }
      .card-shoe span {
        flex: 1 1 100%;
      }
      .feed-refused:not(:empty),
      .feed-lost:not(:empty),
      .feed-question {
        padding: 0.3em 0.6em;
        border-radius: 5px;
        ${noticeLook}
      }
      .feed-question {
        flex: 1 1 100%;
        display: flex;
        flex-wrap: wrap;
        gap: 0.6em;
        align-items: center;
        font-weight: 600;
      }
      /* The buttons keep the page's text colour on their own surface, not the notice's (dark on dark before). */
      .feed-question button {
        color: var(--_text);
      }
      .confirm {
        flex: 1 1 100%;
        display: flex;
        gap: 0.6em;
        align-items: center;
        font-weight: 600;
      }
      @media (forced-colors: active) {
        button[aria-pressed='true'] {
          outline: 2px solid CanvasText;
        }
        :focus-visible {
          outline-color: Highlight;
        }
      }
    `,
  ];

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
  private asked: { confirmation: NonNullable<OperatorConsoleController['confirming']>; focusBefore: HTMLElement | null } | null = null;
  /** The operator's answer to the last question: true for Yes. */
  private answeredYes = false;
  /** Whether the card field could be typed in at the last update (see `updated`). */
  private cardFieldWasUsable = false;
  @query('input.hand-number') private handNumberField!: HTMLInputElement | null;

  /** The console's state and actions (tests read it). */
  readonly desk = new OperatorConsoleController(this, {
    rules: () => this.rules,
    table: () => this.table,
    store: () => this.store,
    retryDelays: () => this.retryDelays,
    onRecorded: (recorded) =>
      this.dispatchEvent(new CustomEvent<RecordedHand>('bacc-hand-recorded', { detail: recorded, bubbles: true, composed: true })),
    unsentCards: () => this.cardField?.value ?? '',
    onSaved: (change) => this.publisher.saved(change),
    onVoidShoe: () => void this.feedDesk.voidShoe(),
    operator: () => this.operatorName || null,
  });

  /** The name the clerk signed in with, kept for the browser session (sessionStorage); '' for nobody. */
  operatorName = readOperatorName();

  @query('input.why-typed') private reasonField!: HTMLInputElement | null;
  /** What had the focus before ? moved it into the reason field: it goes back there once answered. */
  private focusBeforeReason: HTMLElement | null = null;

  /** The dealing procedure fed by the card shoe, the bridge and a scanner (one feed behind all three). */
  readonly feedDesk = new FeedDesk(
    this,
    this.desk,
    () => this.rules,
    (mark) => keepLineMark(this.table, mark),
  );

  /** A card-reading shoe on this machine's serial line (Web Serial). */
  readonly serialSource = new SerialCardSource({
    table: () => this.table,
    onResults: (results) => this.feedDesk.takeResults(results),
    onChange: () => this.requestUpdate(),
    serial: () => this.serial ?? browserSerial(),
  });

  /** A card-reading shoe on another box, through the broker's reader topic. */
  readonly bridge = new BrokerReaderSource(this, {
    broker: () => this.broker,
    table: () => this.table,
    onEvents: (events) => this.feedDesk.take(events),
    held: () => lineMark(this.table),
  });

  /** A scanner that types like a keyboard, looked for on every console with no setting: its bursts are cards, never keys. */
  readonly scannerKeys = new ScannerKeys({
    onCard: (text) => this.feedDesk.takeResults([scannedCard(text)]),
    onRelease: (event) => this.onShortcut(event, false),
  });

  /** The clerk opened the card shoe's panel (G). */
  private cardShoeShown = false;

  /** The table, published to the room's screens through the broker (when there is one). */
  private readonly publisher = new ConsolePublisher(this, {
    broker: () => this.broker,
    table: () => this.table,
    limits: () => this.limits,
    storedShoe: () => this.desk.shoe,
    whenReady: () => this.desk.whenReady(),
    holdsTable: () => !this.desk.readOnly,
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
    if (!typing && this.answerReasonKey(event)) return;
    if (!typing && this.sendCardKeyToField(event)) return;
    const action = operatorKeyAction(event, typing);
    if (action === null) {
      // A letter or digit that is no key here is said, never silently lost.
      if (!typing && isPlainCharacter(event)) this.desk.refuseKey(event.key);
      return;
    }
    event.preventDefault();
    this.act(action);
  }

  /**
   * While the console asks why (after an undo, redo, correction, cancelled card, void or reopening):
   * in outcome entry 1 to 5 give a listed reason (never a pair flag), in either entry ? goes to the
   * field where a reason is typed, and Escape leaves the question unanswered. In card entry digits stay
   * cards. Any other key is the console's, and leaves the question (see `act`).
   */
  private answerReasonKey(event: KeyboardEvent): boolean {
    const { desk } = this;
    if (!desk.reasonWanted || desk.confirming || event.ctrlKey || event.metaKey || event.altKey) return false;
    if (event.key === 'Escape') {
      event.preventDefault();
      desk.dismissReason();
      return true;
    }
    if (event.key === '?') {
      event.preventDefault();
      this.focusReasonField();
      return true;
    }
    const listed = /^[1-9]$/.test(event.key) ? AUDIT_REASONS[Number(event.key) - 1] : undefined;
    if (listed === undefined || desk.entryMode !== 'outcome') return false;
    event.preventDefault();
    void desk.giveReason(listed);
    return true;
  }

  /** Moves the focus into the reason field, remembering where it was. */
  private focusReasonField(): void {
    const active = this.shadowRoot!.activeElement;
    this.focusBeforeReason = active instanceof HTMLElement && active !== this.reasonField ? active : null;
    this.reasonField?.focus();
  }

  /** The reason field's keys: Enter keeps what is typed (1 to 5 alone: that listed reason), Escape leaves the question. */
  private onReasonKey(event: KeyboardEvent): void {
    const field = event.target as HTMLInputElement;
    if (event.key === 'Enter') {
      event.preventDefault();
      const text = field.value.trim();
      const listed = /^[1-9]$/.test(text) ? AUDIT_REASONS[Number(text) - 1] : undefined;
      void this.answerReason(listed ?? field.value);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      this.desk.dismissReason();
      this.leaveReasonField();
    }
  }

  /** Gives a reason (a listed one, or typed); the field is cleared and left once it is taken. */
  private async answerReason(reason: string): Promise<void> {
    const taken = this.desk.giveReason(reason);
    // Refused (nothing left once cleaned): the field keeps the text and the focus, the alert says why.
    if (this.desk.reasonWanted) return;
    if (this.reasonField) this.reasonField.value = '';
    this.leaveReasonField();
    await taken;
  }

  /** The focus goes back where it was before ?, else off the question (which is going away). */
  private leaveReasonField(): void {
    const before = this.focusBeforeReason;
    this.focusBeforeReason = null;
    if (before?.isConnected && !(before as HTMLInputElement).disabled) before.focus();
    else if (this.shadowRoot!.activeElement?.closest('.why')) (this.shadowRoot!.activeElement as HTMLElement).blur();
  }

  /**
   * In card entry, with a shoe open, a card's character pressed while the focus is off the card field
   * (after a click on Undo, say) goes into the field: read as a key, `h` would open a correction and
   * `2` set a pair flag, and the cards after it would rewrite another hand. Other keys stay commands.
   */
  private sendCardKeyToField(event: KeyboardEvent): boolean {
    const { desk } = this;
    const field = this.cardField;
    if (desk.entryMode !== 'cards' || !desk.shoeOpen || desk.confirming || !field || field.disabled) return false;
    if (event.ctrlKey || event.metaKey || event.altKey || !CARD_CHARACTER.test(event.key)) return false;
    event.preventDefault();
    field.value += event.key;
    field.focus();
    return true;
  }

  /** Where the table stands with the room's screens: sent, not sent (the broker away), refused; empty without a broker. */
  private roomText(): string {
    const { publisher } = this;
    switch (publisher.linkState) {
      case 'none':
        return '';
      case 'connecting':
        return msg('Connecting to the broker…', { id: 'console-room-connecting' });
      case 'refused':
        return msg("Not sent to screens: the broker refused this console's user or password.", { id: 'console-room-refused' });
      case 'offline':
        return msg(
          'Not sent to screens: the broker cannot be reached. Recording goes on; the screens get the whole shoe once it is back.',
          {
            id: 'console-room-offline',
          },
        );
      case 'connected':
        if (publisher.refusedByBroker) {
          return msg(
            "Not sent to screens: the broker does not let this console's user write this table (a console logs in as its table).",
            {
              id: 'console-room-not-allowed',
            },
          );
        }
        return publisher.unsent
          ? msg('Not sent to screens yet: sending the whole shoe again.', { id: 'console-room-unsent' })
          : msg('Sent to screens.', { id: 'console-room-sent' });
    }
  }

  /** Carries out an action as its key or button would. */
  private act(action: OperatorAction): void {
    const { desk } = this;
    if (desk.confirming && action !== 'confirm' && action !== 'cancel') return desk.refuseKey(OPERATOR_KEYS[action]);
    // The clerk has gone on: a refusal of an earlier key no longer answers anything on screen, and
    // the question why the last action was done is left unanswered (its entry is kept).
    desk.clearRefusal();
    desk.goOn();
    // Another window's table: that is what a recording key is told, whatever the entry mode.
    if (desk.entryMode === 'cards' && OUTCOME_ACTIONS.has(action) && !desk.readOnly) {
      // Typed outside the card field (`th` for ten of hearts would record a tie): refuse, and put
      // the focus where cards go.
      desk.refuseOutcomeInCardEntry();
      this.cardField?.focus();
      return;
    }
    switch (action) {
      case 'banker':
      case 'player':
      case 'tie':
        void desk.recordOutcome(action === 'banker' ? 'B' : action === 'player' ? 'P' : 'T');
        return;
      case 'player-pair':
        return desk.toggleFlag('playerPair');
      case 'banker-pair':
        return desk.toggleFlag('bankerPair');
      case 'natural':
        return desk.toggleFlag('natural');
      case 'card-entry':
        desk.setEntryMode('cards');
        void this.updateComplete.then(() => this.cardField?.focus());
        return;
      case 'outcome-entry':
        return desk.setEntryMode('outcome');
      case 'undo':
        void desk.undo();
        return;
      case 'redo':
        void desk.redo();
        return;
      case 'reopen-shoe':
        void desk.reopenLastShoe();
        return;
      case 'take-over':
        return desk.takeOver();
      case 'correct':
        // Nothing to correct (no shoe, no hand, a simulated shoe, another window's table): said, and
        // the focus stays where it was, not in a disabled field where later keys would do nothing.
        if (!this.canCorrect()) return desk.beginCorrection(0);
        // With a hand number chosen the correction begins; without one, the number field takes the focus.
        if (this.handNumberField?.value) return this.beginCorrection();
        this.handNumberField?.focus();
        return;
      case 'end-shoe':
        return desk.ask('end-shoe');
      case 'new-shoe':
        // A shoe started by hand: the card shoe's procedure starts again (the burn first).
        if (!desk.shoeOpen) this.feedDesk.newShoe();
        return desk.ask('new-shoe');
      case 'new-simulated-shoe':
        return desk.ask('new-simulated-shoe');
      case 'deal':
        void desk.deal();
        return;
      case 'auto-deal':
        return desk.toggleAutoDeal();
      case 'confirm':
        this.answeredYes = true;
        if (desk.confirming === 'new-shoe') this.feedDesk.newShoe();
        void desk.confirm();
        return;
      case 'connect-shoe':
        this.cardShoeShown = true;
        this.requestUpdate();
        void this.serialSource.connect();
        return;
      case 'cancel-card':
        this.feedDesk.cancelCard();
        return;
      case 'void-hand':
        this.feedDesk.voidHand();
        return;
      case 'void-shoe':
        return desk.ask('void-shoe');
      case 'dummy-hand':
        this.feedDesk.dummyHand();
        return;
      case 'cancel':
        this.answeredYes = false;
        if (desk.confirming) return desk.cancelConfirmation();
        return desk.cancelCorrection();
    }
  }

  /** Sends the typed cards; with `record` (Enter), a hand they finish is recorded too. */
  private async readCardField(record: boolean): Promise<void> {
    const field = this.cardField;
    if (!field) return;
    const text = field.value;
    field.value = '';
    // Cards sent: the clerk has gone on from the question why.
    if (text.trim()) this.desk.goOn();
    const rest = await this.desk.typeCards(text, record);
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
    } else if (event.key === '?' && this.desk.reasonWanted && !event.ctrlKey && !event.metaKey && !event.altKey) {
      // No card holds a ?: it answers the question why, and the focus comes back here after.
      event.preventDefault();
      this.focusReasonField();
    } else if (isPlainCharacter(event) && !CARD_FIELD_CHARACTER.test(event.key)) {
      // `u` typed here would become part of a card, refused later as unknown; said now, kept out.
      event.preventDefault();
      this.desk.refuseCardFieldCharacter(event.key);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      void this.readCardField(true);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      // What a refusal said of the cards being cleared no longer applies.
      this.desk.clearRefusal();
      if (field.value) field.value = '';
      else if (!this.desk.clearCards()) {
        if (this.desk.correcting !== null) this.desk.cancelCorrection();
        else field.blur();
      }
    }
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
      this.desk.clearRefusal();
    }
  }

  /** Whether the shoe on screen has a hand this window may correct. */
  private canCorrect(): boolean {
    const { desk } = this;
    return desk.shoeOpen && !desk.simulating && !desk.readOnly && desk.hands.length > 0;
  }

  private beginCorrection(): void {
    const field = this.handNumberField;
    this.desk.beginCorrection(Number(field?.value ?? ''));
    if (!field) return;
    // The number is used up either way: a refused one (the alert says why) is cleared and the focus
    // stays in the field for the next try, so digits typed next go there and never toggle a pair.
    field.value = '';
    if (this.desk.correcting === null) {
      if (!field.disabled) field.focus();
    } else if (this.desk.entryMode === 'cards') {
      this.cardField?.focus();
    } else {
      field.blur();
    }
  }

  private button(action: OperatorAction, label: string, options: { pressed?: boolean; disabled?: boolean; className?: string } = {}) {
    const key = OPERATOR_KEYS[action];
    return html`<button
      type="button"
      class=${options.className ?? nothing}
      aria-keyshortcuts=${action === 'undo' ? `${key} Control+Z` : action === 'redo' ? `${key} Control+Y Control+Shift+Z` : key}
      aria-pressed=${options.pressed === undefined ? nothing : String(options.pressed)}
      ?disabled=${options.disabled ?? false}
      data-action=${action}
      @click=${() => this.act(action)}
    >
      ${label}<kbd aria-hidden="true">${key === 'Escape' ? 'Esc' : key}</kbd>
    </button>`;
  }

  private flagButton(action: OperatorAction, flag: HandFlag, label: string) {
    return this.button(action, label, { pressed: this.desk.flags[flag] });
  }

  protected override updated(): void {
    const { confirming } = this.desk;
    // In card entry, when the card field becomes usable (it was disabled until a shoe opened, say)
    // and nothing has the focus, it takes it, so typed cards land there and not on the page's
    // shortcuts. Only then: Escape in an empty field leaves it for the keys, and must stay left.
    const field = this.cardField;
    const fieldUsable = !confirming && this.desk.entryMode === 'cards' && !!field && !field.disabled;
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
  private returnFocus(confirmation: NonNullable<OperatorConsoleController['confirming']>, before: HTMLElement | null): void {
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
    const { desk } = this;
    const shoe = desk.shoe;
    const recording = desk.shoeOpen && !desk.simulating && !desk.readOnly;
    // A write refused as a conflict is not retried: it is shown as loudly as a refused key.
    const conflict = desk.unsaved > 0 && desk.storageProblem?.kind === 'conflict';
    return html`
      <bacc-scoreboard
        .hands=${desk.hands}
        .rules=${shoe?.rules ?? this.rules}
        ?ended=${shoe?.endedAt != null || (desk.simulating && desk.simulationFinished)}
        table-name=${this.table}
        shoe-number=${shoe?.number ?? 0}
        limits=${this.limits}
        rows=${this.rows}
        ?letters=${this.letters}
      ></bacc-scoreboard>
      <!-- The last hand again beside the controls, for the clerk's eye: the scoreboard's own says it to screen readers. -->
      <div class="last-hand" aria-hidden="true"><bacc-last-hand .hands=${desk.hands}></bacc-last-hand></div>
      <section class="panel" part="panel" aria-label=${msg('Operator console', { id: 'operator-console' })}>
        <div class="messages">
          <!-- The room's line beside the shoe's: "Sent to screens." costs the laptop's console no row. -->
          <p class="shoe-state">${this.shoeState()} <span class="room" role="status">${this.roomText()}</span></p>
          <p class="storage" part="status" role="status">${conflict ? '' : desk.storageText}</p>
          <p class="done" role="status">${desk.message?.kind === 'done' ? consoleNewsText(desk.message.news) : ''}</p>
          <p class="alert" part="alert" role="alert">${desk.message?.kind === 'refused' ? consoleNewsText(desk.message.news) : ''}</p>
          <p class="conflict" part="alert" role="alert">${conflict ? desk.storageText : ''}</p>
        </div>
        ${this.renderReasonQuestion()} ${desk.confirming ? this.renderConfirmation() : nothing}
        <fieldset>
          <legend>${msg('Entry', { id: 'operator-entry' })}</legend>
          ${this.button('outcome-entry', msg('By outcome', { id: 'operator-by-outcome' }), { pressed: desk.entryMode === 'outcome' })}
          ${this.button('card-entry', msg('By cards', { id: 'operator-by-cards' }), { pressed: desk.entryMode === 'cards' })}
          ${this.button('connect-shoe', msg('Card shoe', { id: 'operator-connect-shoe' }), {
            // Without Web Serial the panel still opens: a bridge or a scanner feeds it.
            pressed: this.cardShoeInUse(),
          })}
        </fieldset>
        ${this.renderQuestion()} ${desk.entryMode === 'outcome' ? this.renderOutcomeEntry(recording) : this.renderCardEntry(recording)}
        <fieldset>
          <legend>${msg('Shoe', { id: 'operator-shoe' })}</legend>
          ${this.button('undo', msg('Undo', { id: 'operator-undo-action' }), { disabled: !desk.canUndo })}
          ${this.button('redo', msg('Redo', { id: 'operator-redo' }), { disabled: !desk.canRedo })}
          <label>
            ${msg('Hand', { id: 'operator-hand-number' })}
            <input
              class="hand-number"
              type="number"
              min="1"
              max=${desk.hands.length || 1}
              inputmode="numeric"
              ?disabled=${!this.canCorrect()}
              @keydown=${this.onHandNumberKey}
            />
          </label>
          ${this.button('correct', msg('Correct hand', { id: 'operator-correct' }), { disabled: !recording || desk.hands.length === 0 })}
          ${this.button('end-shoe', msg('End shoe', { id: 'operator-end-shoe' }), { disabled: !desk.shoeOpen })}
          ${this.button('new-shoe', msg('New shoe', { id: 'operator-new-shoe' }))}
          ${desk.canReopen ? this.button('reopen-shoe', msg('Reopen last shoe', { id: 'operator-reopen' })) : nothing}
          ${desk.canTakeOver ? this.button('take-over', msg('Take this table over', { id: 'operator-take-over' })) : nothing}
          <a class="history" href=${historyLink()} target="_blank" rel="noopener"
            >${msg('History, replay and export (new window)', { id: 'operator-history-link' })}</a
          >
        </fieldset>
        <!-- On a laptop what is used less scrolls on its own under the controls that record and undo. -->
        <div class="more">
          ${this.renderCardShoe()}
          <fieldset>
            <legend>${msg('Simulate', { id: 'operator-simulate' })}</legend>
            ${this.button('new-simulated-shoe', msg('New simulated shoe', { id: 'operator-new-simulated-shoe' }))}
            ${this.button('deal', msg('Deal a hand', { id: 'operator-deal' }), { disabled: !desk.simulating || desk.simulationFinished })}
            ${this.button('auto-deal', msg('Deal automatically', { id: 'operator-auto-deal' }), { pressed: desk.autoDealing, disabled: !desk.simulating })}
            <label>
              ${msg('Seconds per hand', { id: 'operator-speed' })}
              <select @change=${(event: Event) => desk.setAutoDealSeconds(Number((event.target as HTMLSelectElement).value))}>
                ${[0.5, 1, 2, 4, 8].map((seconds) => html`<option value=${seconds} ?selected=${seconds === desk.autoDealSeconds}>${seconds}</option>`)}
              </select>
            </label>
          </fieldset>
        </div>
      </section>
    `;
  }

  private shoeState(): string {
    const { desk } = this;
    const shoe = desk.shoe;
    if (desk.readOnly) {
      return msg('This table is being recorded in another window: this one only shows its shoe, and takes over when that window closes.', {
        id: 'operator-read-only',
      });
    }
    if (!desk.ready) return msg('Reading the stored shoe…', { id: 'operator-reading' });
    if (desk.stranded) return msg('This shoe is no longer stored: press S for a new shoe.', { id: 'operator-stranded' });
    if (!shoe || shoe.endedAt !== null) return msg('No shoe in play: press S for a new shoe.', { id: 'operator-no-shoe' });
    const count = shoe.hands.length;
    const kind =
      shoe.source === 'simulated'
        ? msg('Simulated shoe', { id: 'operator-simulated-shoe' })
        : msg('Recording', { id: 'operator-recording' });
    const correcting = desk.correcting === null ? '' : msg(str` — correcting hand ${desk.correcting + 1}`, { id: 'operator-correcting' });
    return count === 1
      ? msg(str`${kind}: 1 hand${correcting}`, { id: 'operator-shoe-state-one' })
      : msg(str`${kind}: ${count} hands${correcting}`, { id: 'operator-shoe-state' });
  }

  private renderConfirmation() {
    const { desk } = this;
    const question =
      desk.confirming === 'end-shoe'
        ? msg('End this shoe? No more hands can be added to it.', { id: 'operator-confirm-end' })
        : desk.confirming === 'void-shoe'
          ? msg('Void this shoe? No card is placed until a new shoe; the hands recorded stay.', { id: 'operator-confirm-void-shoe' })
          : msg('End this shoe and start a new one?', { id: 'operator-confirm-new' });
    return html`<div class="confirm" role="alertdialog" aria-label=${question}>
      <span>${question}</span>
      ${this.button('confirm', msg('Yes', { id: 'operator-yes' }))} ${this.button('cancel', msg('Cancel', { id: 'operator-cancel' }))}
    </div>`;
  }

  /**
   * Why the last audited action was done, asked after it was kept: a listed reason (1 to 5, or a
   * click), one typed (? then Enter), or none (Escape, or any other key: the clerk goes on). It takes
   * no focus and blocks nothing.
   */
  private renderReasonQuestion() {
    const wanted = this.desk.reasonWanted;
    if (!wanted) return nothing;
    const what = auditActionText(wanted.action);
    const hand = wanted.hand;
    const question =
      hand === null ? msg(str`Why? ${what}:`, { id: 'operator-why' }) : msg(str`Why? ${what}, hand ${hand}:`, { id: 'operator-why-hand' });
    const label = msg('Type a reason, then Enter', { id: 'operator-why-typed' });
    return html`<div class="why" role="group" aria-label=${question}>
      <span class="why-question">${question}</span>
      ${AUDIT_REASONS.map(
        (reason, index) =>
          html`<button
            type="button"
            class="why-listed"
            data-reason=${reason}
            aria-keyshortcuts=${String(index + 1)}
            @click=${() => void this.answerReason(reason)}
          >
            ${listedReasonText(reason)}<kbd aria-hidden="true">${index + 1}</kbd>
          </button>`,
      )}
      <input
        class="why-typed"
        type="text"
        maxlength="200"
        autocomplete="off"
        aria-label=${label}
        aria-keyshortcuts="?"
        placeholder=${msg('or type a reason (?)', { id: 'operator-why-placeholder' })}
        @keydown=${this.onReasonKey}
      />
      <button type="button" class="why-dismiss" aria-keyshortcuts="Escape" @click=${() => this.desk.dismissReason()}>
        ${msg('Not now', { id: 'operator-why-dismiss' })}<kbd aria-hidden="true">Esc</kbd>
      </button>
    </div>`;
  }

  /** A card the table cannot deal, waiting for the clerk: nothing is recorded until it is answered. */
  private renderQuestion() {
    const question = this.feedDesk.question;
    if (!question) return nothing;
    const text = questionText(question);
    return html`<div class="feed-question" role="alertdialog" aria-label=${text}>
      <span>${text}</span>
      ${this.button('cancel-card', msg('Cancel the card', { id: 'operator-cancel-card' }))}
      ${this.button('void-hand', msg('Void the hand', { id: 'operator-void-hand' }))}
    </div>`;
  }

  /** Signs the clerk in (a name kept for the session): from then on the audit trail names them; '' signs out. */
  signIn(name: string): void {
    // Cleaned as the trail keeps it, so every entry it signs is one an export can read back.
    this.operatorName = cleanOperatorName(name);
    try {
      if (this.operatorName) sessionStorage.setItem(OPERATOR_NAME_KEY, this.operatorName);
      else sessionStorage.removeItem(OPERATOR_NAME_KEY);
    } catch {
      /* signed in for this page only */
    }
    this.requestUpdate();
  }

  /**
   * The card shoe's panel is shown once it is in use: opened by the clerk (G), a port read or
   * waited for, or anything read from a source (a scanner's card among them). Until then it takes no room: the
   * console fits a laptop's screen whole.
   */
  private cardShoeInUse(): boolean {
    const { feedDesk, serialSource, bridge } = this;
    return (
      this.cardShoeShown ||
      serialSource.state === 'reading' ||
      serialSource.state === 'waiting' ||
      serialSource.state === 'failed' ||
      bridge.messages > 0 ||
      bridge.refused > 0 ||
      feedDesk.refused > 0 ||
      feedDesk.cardsRead > 0 ||
      feedDesk.feed.events.length > 0
    );
  }

  /** The card shoe: its sources, its protocol, the shoe's events and its cards. */
  private renderCardShoe() {
    const { feedDesk, serialSource, bridge, desk } = this;
    if (!this.cardShoeInUse()) return nothing;
    const feed = feedDesk.feed;
    const begun = feed.events.length > 0 || feedDesk.cardsRead > 0;
    const state = [serialStateText(serialSource.state, serialSource.problem), bridgeStateText(bridge.linkState, bridge.messages)]
      .filter(Boolean)
      .join(' ');
    const events = feedDesk.shownEvents.map(feedEventText).join(' · ');
    return html`<fieldset class="card-shoe">
      <legend>${msg('Card shoe', { id: 'operator-card-shoe' })}</legend>
      <label>
        ${msg('Protocol', { id: 'operator-shoe-protocol' })}
        <select
          class="protocol"
          @change=${(event: Event) => serialSource.setProtocol((event.target as HTMLSelectElement).value as ShoeProtocol)}
        >
          ${SHOE_PROTOCOLS.map(
            (protocol) =>
              html`<option value=${protocol} ?selected=${protocol === serialSource.protocol}>${protocolName(protocol)}</option>`,
          )}
        </select>
      </label>
      ${feedDesk.question ? nothing : this.button('void-hand', msg('Void the hand', { id: 'operator-void-hand' }), { disabled: !begun })}
      ${this.button('dummy-hand', msg('Dummy hand', { id: 'operator-dummy-hand' }), { pressed: feed.dummyMarked, disabled: !begun })}
      ${this.button('void-shoe', msg('Void shoe', { id: 'operator-void-shoe' }), { disabled: !desk.shoeOpen })}
      <label>
        ${msg('Operator', { id: 'operator-sign-in' })}
        <input
          class="operator-name"
          type="text"
          maxlength="60"
          autocomplete="off"
          .value=${this.operatorName}
          @change=${(event: Event) => this.signIn((event.target as HTMLInputElement).value)}
        />
      </label>
      <span class="feed-state" role="status">${state}</span>
      ${begun ? html`<span class="feed-counts">${countsText(feed.counts)}</span>` : nothing}
      ${events ? html`<span class="feed-events">${events}</span>` : nothing}
      <span class="feed-refused" role="status">${refusedText(feedDesk.refused, feedDesk.lastRefused)}</span>
      <span class="feed-lost" role="status">${[lostText(bridge.lost), missedLinesText(bridge.missedLines)].filter(Boolean).join(' ')}</span>
      <span class="feed-refusal" role="status">${feedDesk.feedRefusal ? feedRefusalText(feedDesk.feedRefusal) : ''}</span>
      <span class="feed-reconcile" role="status">${feedDesk.reconciliation ? reconciliationText(feedDesk.reconciliation) : ''}</span>
    </fieldset>`;
  }

  private renderOutcomeEntry(recording: boolean) {
    return html`<fieldset>
      <legend>${msg('Outcome of the next hand', { id: 'operator-outcome' })}</legend>
      ${this.button('banker', msg('Banker', { id: 'banker-long' }), { className: 'banker', disabled: !recording })}
      ${this.button('player', msg('Player', { id: 'player-long' }), { className: 'player', disabled: !recording })}
      ${this.button('tie', msg('Tie', { id: 'tie-long' }), { className: 'tie', disabled: !recording })}
      ${this.flagButton('player-pair', 'playerPair', msg('Player pair', { id: 'player-pair' }))}
      ${this.flagButton('banker-pair', 'bankerPair', msg('Banker pair', { id: 'banker-pair' }))}
      ${this.flagButton('natural', 'natural', msg('Natural', { id: 'natural' }))}
    </fieldset>`;
  }

  private renderCardEntry(recording: boolean) {
    const { desk } = this;
    const next = sideName(desk.nextCard);
    const typed = desk.typedCards.join(' ');
    return html`<fieldset>
      <legend>${msg('Cards of the next hand, in dealing order', { id: 'operator-cards' })}</legend>
      <label>
        ${msg('Card', { id: 'operator-card' })}
        <input
          class="cards"
          type="text"
          autocomplete="off"
          spellcheck="false"
          placeholder="9h tc k"
          aria-describedby="card-help"
          ?disabled=${!recording}
          @input=${this.onCardInput}
          @keydown=${this.onCardKey}
        />
      </label>
      <button type="button" @click=${() => desk.removeLastCard()} ?disabled=${desk.typedCards.length === 0}>
        ${msg('Remove last card', { id: 'operator-remove-card' })}
      </button>
      <span id="card-help" class="card-help"
        >${
          desk.typedHandComplete
            ? msg(str`Hand complete: ${typed}. Enter records it.`, { id: 'operator-card-complete' })
            : typed
              ? msg(str`Typed: ${typed}; next card to the ${next}.`, { id: 'operator-typed' })
              : msg(str`Next card to the ${next}. Space sends a card, Enter sends it and records a finished hand; Escape clears.`, {
                  id: 'operator-card-help',
                })
        }</span
      >
    </fieldset>`;
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

/** A line protocol's name in the console's list. */
function protocolName(protocol: ShoeProtocol): string {
  switch (protocol) {
    case 'bacc':
      return msg('BACC-SHOE lines', { id: 'operator-protocol-bacc' });
    case 'suit-rank':
      return msg('Suit and rank (D12)', { id: 'operator-protocol-suit-rank' });
    case 'json':
      return msg('JSON lines', { id: 'operator-protocol-json' });
  }
}

/**
 * A scanner's burst read as a card: the project's notation (`9H`, `10s`), a suit and rank 01–13
 * (`D12`), or a suit and rank 1–13 (`h10`, as the JSON protocol writes it); else refused, counted and shown.
 */
function scannedCard(text: string): LineParseResult {
  const bacc = parseBaccLine(`CARD ${text}`);
  if (!isRefusal(bacc)) return bacc;
  const suitRank = parseSuitRankLine(text);
  if (!isRefusal(suitRank)) return suitRank;
  const json = parseJsonLine(JSON.stringify({ card: text }));
  return isRefusal(json) ? { refused: 'unknown-card', line: text } : json;
}

/** A character of a card as typed: a rank (A 2-9 T J Q K, 10) or a suit (S H D C), in either case. */
const CARD_CHARACTER = /^[0-9ajqktshdc]$/i;

/** What the card field takes: a card's characters and the separators between cards. */
const CARD_FIELD_CHARACTER = /^[0-9ajqktshdc,\s]$/i;

/** A key that types one visible character, with no Ctrl, Alt or ⌘ (a chord is the browser's). */
function isPlainCharacter(event: KeyboardEvent): boolean {
  return event.key.length === 1 && event.key.trim() !== '' && !event.ctrlKey && !event.metaKey && !event.altKey;
}

/** The actions that record or flag a hand by outcome: keys, not cards, so not taken in card entry. */
const OUTCOME_ACTIONS: ReadonlySet<OperatorAction> = new Set<OperatorAction>([
  'banker',
  'player',
  'tie',
  'player-pair',
  'banker-pair',
  'natural',
]);

function isNothingFocused(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || active === document.documentElement;
}

/** The page's own settings (language, theme…) with the history mode. */
function historyLink(): string {
  const params = new URLSearchParams(typeof location === 'undefined' ? '' : location.search);
  params.set('mode', 'history');
  return `?${params}`;
}
