/** The entry panel's parts, drawn from the console's state: what the shoe is, the questions, the two entries. */
import { html, nothing } from 'lit';
import { msg, str } from '@lit/localize';
import type { ConsoleController } from './console-controller.js';
import type { ConsolePublisher, HeldElsewhere } from './console-publisher.js';
import type { HandFlag } from './console-types.js';
import type { ActionButton } from './action-button.js';
import { sideName } from '../shared/road-words.js';
import { AUDIT_REASONS, auditActionText, listedReasonText } from '../shared/audit-words.js';
import { MAX_REASON_LENGTH } from '../../../src/shoes/records.js';

/** How the question why is answered: a reason given (listed or typed), and the reason field's keys. */
export interface ReasonAnswers {
  give: (reason: string) => Promise<void>;
  onKey: (event: KeyboardEvent) => void;
  onInput: (event: Event) => void;
  /** The typed reason's length when it is longer than a reason may be, else 0. */
  tooLong: number;
}

/** The card field's listeners. */
export interface CardFieldHandlers {
  onInput: (event: InputEvent) => void;
  onKey: (event: KeyboardEvent) => void;
}

/** What the shoe on screen is: recorded or simulated, its hands, the hand being corrected; or why there is none. */
export function shoeStateText(consoleController: ConsoleController, publisher?: ConsolePublisher): string {
  const shoe = consoleController.shoe;
  const held = publisher?.heldElsewhere;
  if (held && !consoleController.readOnlyHere) return heldElsewhereText(held, publisher);
  if (consoleController.readOnly) {
    return msg('This table is being recorded in another window: this one only shows its shoe, and takes over when that window closes.', {
      id: 'operator-read-only',
    });
  }
  if (!consoleController.ready) return msg('Reading the stored shoe…', { id: 'operator-reading' });
  if (consoleController.stranded) return msg('This shoe is no longer stored: press S for a new shoe.', { id: 'operator-stranded' });
  if (!shoe || shoe.endedAt !== null) return msg('No shoe in play: press S for a new shoe.', { id: 'operator-no-shoe' });
  const count = shoe.hands.length;
  const kind =
    shoe.source === 'simulated' ? msg('Simulated shoe', { id: 'operator-simulated-shoe' }) : msg('Recording', { id: 'operator-recording' });
  const correcting =
    consoleController.correcting === null
      ? ''
      : msg(str` — correcting hand ${consoleController.correcting + 1}`, { id: 'operator-correcting' });
  return count === 1
    ? msg(str`${kind}: 1 hand${correcting}`, { id: 'operator-shoe-state-one' })
    : msg(str`${kind}: ${count} hands${correcting}`, { id: 'operator-shoe-state' });
}

/** Which console machine holds the table, and what K does here; with why the last take-over did not happen. */
function heldElsewhereText(held: HeldElsewhere, publisher: ConsolePublisher): string {
  const problem = publisher.takeOverProblem;
  const strayed = publisher.handsNotOnScreens;
  const machine = held.machine || msg('another console', { id: 'console-room-another-console' });
  const since = held.since ? new Date(held.since).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }) : '';
  const state = held.takenFromHere
    ? msg(
        str`${machine} took this table over: this console no longer sends to screens and only shows the room's shoe. Press K to take it back.`,
        {
          id: 'console-room-taken',
        },
      )
    : held.online
      ? msg(str`This table is recorded on ${machine}: this console only shows the room's shoe. Press K to take it over.`, {
          id: 'console-room-held',
        })
      : msg(
          str`This table was last recorded on ${machine}, which has left: this console only shows its shoe. Press K to take it over and go on with it.`,
          {
            id: 'console-room-held-offline',
          },
        );
  const parts = [state];
  if (since) parts.push(msg(str`(Since ${since}.)`, { id: 'console-room-held-since' }));
  if (strayed) {
    parts.push(
      msg(
        str`Hands ${strayed.from}–${strayed.to} recorded here are not on the screens (the table was taken before they were sent); they stay on this machine, in History.`,
        { id: 'console-room-hands-not-sent' },
      ),
    );
  }
  if (problem) {
    parts.push(
      problem.kind === 'differs'
        ? msg(
            str`Not taken over: hand ${problem.differsAt} of this shoe on this machine differs from the screens' (or is not there). Its hands stay here; export them from History before taking the table.`,
            { id: 'console-room-take-over-differs' },
          )
        : msg('Not taken over: this console is still writing or reading its shoe. Try again in a moment.', {
            id: 'console-room-take-over-not-now',
          }),
    );
  }
  return parts.join(' ');
}

/** The room's line says something is wrong (not sent, not confirmed, refused), so it is shown in colour. */
export function roomInTrouble(publisher: ConsolePublisher): boolean {
  if (publisher.linkState === 'none' || publisher.linkState === 'connecting') return false;
  return publisher.linkState !== 'connected' || publisher.refusedByBroker || publisher.unsent || publisher.unconfirmed > 0;
}

/** Where the table stands with the room's screens: sent, not sent (the broker away), refused; empty without a broker. */
export function roomText(publisher: ConsolePublisher): string {
  if (publisher.heldElsewhere && publisher.linkState === 'connected') return '';
  switch (publisher.linkState) {
    case 'none':
      return '';
    case 'connecting':
      return msg('Connecting to the broker…', { id: 'console-room-connecting' });
    case 'refused':
      return msg("Not sent to screens: the broker refused this console's user or password.", { id: 'console-room-refused' });
    case 'offline':
      return msg('Not sent to screens: the broker cannot be reached. Recording goes on; the screens get the whole shoe once it is back.', {
        id: 'console-room-offline',
      });
    case 'connected':
      if (publisher.refusedByBroker) {
        return msg("Not sent to screens: the broker does not let this console's user write this table (a console logs in as its table).", {
          id: 'console-room-not-allowed',
        });
      }
      if (publisher.unsent) return msg('Not sent to screens yet: sending the whole shoe again.', { id: 'console-room-unsent' });
      if (publisher.unconfirmed > 0) {
        return publisher.unconfirmed === 1
          ? msg(
              'Not confirmed by the broker for 5 s: 1 change may not have reached the screens (is the network down?). Recording goes on.',
              {
                id: 'console-room-unconfirmed-one',
              },
            )
          : msg(
              str`Not confirmed by the broker for 5 s: ${publisher.unconfirmed} changes may not have reached the screens (is the network down?). Recording goes on.`,
              { id: 'console-room-unconfirmed' },
            );
      }
      return msg('Sent to screens.', { id: 'console-room-sent' });
  }
}

/**
 * How far the room's recorder has recorded this console's shoe (a line of the room's status); empty
 * while no recorder has acknowledged the table (a room without one says nothing) or another console holds it.
 */
export function centralRecordText(publisher: ConsolePublisher): string {
  const record = publisher.centralRecord;
  switch (record.kind) {
    case 'unknown':
      return '';
    case 'recorded': {
      const hand = record.hands;
      return hand === 0
        ? msg('Recorded centrally (no hand yet).', { id: 'console-central-recorded-none' })
        : msg(str`Recorded centrally up to hand ${hand}.`, { id: 'console-central-recorded' });
    }
    case 'behind': {
      const hands = record.hands;
      return hands === 1
        ? msg('1 hand not yet recorded centrally.', { id: 'console-central-behind-one' })
        : msg(str`${hands} hands not yet recorded centrally.`, { id: 'console-central-behind' });
    }
    case 'latest-change':
      return msg('The latest change is not yet recorded centrally.', { id: 'console-central-latest-change' });
  }
}

/** The question before an action that ends a shoe: Yes or Cancel. */
export function renderConfirmation(consoleController: ConsoleController, button: ActionButton) {
  const question =
    consoleController.confirming === 'end-shoe'
      ? msg('End this shoe? No more hands can be added to it.', { id: 'operator-confirm-end' })
      : consoleController.confirming === 'void-shoe'
        ? msg('Void this shoe? No card is placed until a new shoe; the hands recorded stay.', { id: 'operator-confirm-void-shoe' })
        : msg('End this shoe and start a new one?', { id: 'operator-confirm-new' });
  return html`<div class="confirm" role="alertdialog" aria-label=${question}>
    <span>${question}</span>
    ${button('confirm', msg('Yes', { id: 'operator-yes' }))} ${button('cancel', msg('Cancel', { id: 'operator-cancel' }))}
  </div>`;
}

/**
 * Why the last audited action was done, asked after it was kept: a listed reason (1 to 5, or a
 * click), one typed (? then Enter), or none (Escape, or any other key: the clerk goes on). It takes
 * no focus and blocks nothing.
 */
export function renderReasonQuestion(consoleController: ConsoleController, answer: ReasonAnswers) {
  const wanted = consoleController.reasonWanted;
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
          @click=${() => void answer.give(reason)}
        >
          ${listedReasonText(reason)}<kbd aria-hidden="true">${index + 1}</kbd>
        </button>`,
    )}
    <!-- No maxlength: it would cut a pasted reason without a word; too long is said and refused instead. -->
    <input
      class="why-typed"
      type="text"
      autocomplete="off"
      aria-label=${label}
      aria-keyshortcuts="?"
      aria-invalid=${answer.tooLong > 0 ? 'true' : 'false'}
      aria-describedby="why-too-long"
      placeholder=${msg('or type a reason (?)', { id: 'operator-why-placeholder' })}
      @keydown=${answer.onKey}
      @input=${answer.onInput}
    />
    <span id="why-too-long" class="why-too-long" role="status"
      >${answer.tooLong > 0 ? msg(str`${answer.tooLong} characters: a reason holds at most ${MAX_REASON_LENGTH}`, { id: 'operator-why-too-long' }) : ''}</span
    >
    <button type="button" class="why-dismiss" aria-keyshortcuts="Escape" @click=${() => consoleController.dismissReason()}>
      ${msg('Not now', { id: 'operator-why-dismiss' })}<kbd aria-hidden="true">Esc</kbd>
    </button>
  </div>`;
}

/** Entry by outcome: Banker, Player, Tie, and the flags for the next hand. */
export function renderOutcomeEntry(recording: boolean, flags: Record<HandFlag, boolean>, button: ActionButton) {
  return html`<fieldset>
    <legend>${msg('Outcome of the next hand', { id: 'operator-outcome' })}</legend>
    ${button('banker', msg('Banker', { id: 'banker-long' }), { className: 'banker', disabled: !recording })}
    ${button('player', msg('Player', { id: 'player-long' }), { className: 'player', disabled: !recording })}
    ${button('tie', msg('Tie', { id: 'tie-long' }), { className: 'tie', disabled: !recording })}
    ${button('player-pair', msg('Player pair', { id: 'player-pair' }), { pressed: flags.playerPair })}
    ${button('banker-pair', msg('Banker pair', { id: 'banker-pair' }), { pressed: flags.bankerPair })}
    ${button('natural', msg('Natural', { id: 'natural' }), { pressed: flags.natural })}
  </fieldset>`;
}

/** Entry card by card: the card field, what was typed, and whom the next card goes to. */
export function renderCardEntry(consoleController: ConsoleController, recording: boolean, field: CardFieldHandlers) {
  const next = sideName(consoleController.nextCard);
  const typed = consoleController.typedCards.join(' ');
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
        @input=${field.onInput}
        @keydown=${field.onKey}
      />
    </label>
    <button type="button" @click=${() => consoleController.removeLastCard()} ?disabled=${consoleController.typedCards.length === 0}>
      ${msg('Remove last card', { id: 'operator-remove-card' })}
    </button>
    <span id="card-help" class="card-help"
      >${
        consoleController.typedHandComplete
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

/** The page's own settings (language, theme…) with the history mode. */
export function historyLink(): string {
  const params = new URLSearchParams(typeof location === 'undefined' ? '' : location.search);
  params.set('mode', 'history');
  return `?${params}`;
}
