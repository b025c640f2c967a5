import { css, html, nothing } from 'lit';
import { msg } from '@lit/localize';
import { noticeLook } from '../../styles/theme.js';
import { SHOE_PROTOCOLS, type ShoeProtocol } from '../../../src/reader/lines.js';
import type { ConsoleController } from './console-controller.js';
import type { CardFeedController } from './card-feed-controller.js';
import type { SerialCardSource } from './reader/serial-source.js';
import type { BrokerReaderSource } from './reader/broker-reader.js';
import type { ActionButton } from './action-button.js';
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

/** The console's card feed: its consoleController and the sources that feed it. */
export interface CardShoeSources {
  consoleController: ConsoleController;
  cardFeed: CardFeedController;
  serialSource: SerialCardSource;
  bridge: BrokerReaderSource;
}

/** What the panel needs of the console around it. */
export interface CardShoeClerk {
  /** The clerk opened the panel (G). */
  opened: boolean;
  button: ActionButton;
}

/** The card shoe's panel and the feed's question: notices in the notice colours. */
export const cardShoePanelStyles = css`
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
`;

/**
 * The card shoe's panel is shown once it is in use: opened by the clerk (G), a port read or
 * waited for, or anything read from a source (a scanner's card among them). Until then it takes no room: the
 * console fits a laptop's screen whole.
 */
export function cardShoeInUse(opened: boolean, { cardFeed, serialSource, bridge }: CardShoeSources): boolean {
  return (
    opened ||
    serialSource.state === 'reading' ||
    serialSource.state === 'waiting' ||
    serialSource.state === 'failed' ||
    bridge.messages > 0 ||
    bridge.refused > 0 ||
    cardFeed.refused > 0 ||
    cardFeed.cardsRead > 0 ||
    cardFeed.feed.events.length > 0
  );
}

/** The card shoe: its sources, its protocol, the shoe's events and its cards. */
export function renderCardShoe(sources: CardShoeSources, clerk: CardShoeClerk) {
  const { cardFeed, serialSource, bridge, consoleController } = sources;
  const { button } = clerk;
  if (!cardShoeInUse(clerk.opened, sources)) return nothing;
  const feed = cardFeed.feed;
  const begun = feed.events.length > 0 || cardFeed.cardsRead > 0;
  const state = [serialStateText(serialSource.state, serialSource.problem), bridgeStateText(bridge.linkState, bridge.messages)]
    .filter(Boolean)
    .join(' ');
  const events = cardFeed.shownEvents.map(feedEventText).join(' · ');
  return html`<fieldset class="card-shoe">
    <legend>${msg('Card shoe', { id: 'operator-card-shoe' })}</legend>
    <label>
      ${msg('Protocol', { id: 'operator-shoe-protocol' })}
      <select
        class="protocol"
        @change=${(event: Event) => serialSource.setProtocol((event.target as HTMLSelectElement).value as ShoeProtocol)}
      >
        ${SHOE_PROTOCOLS.map(
          (protocol) => html`<option value=${protocol} ?selected=${protocol === serialSource.protocol}>${protocolName(protocol)}</option>`,
        )}
      </select>
    </label>
    ${cardFeed.question ? nothing : button('void-hand', msg('Void the hand', { id: 'operator-void-hand' }), { disabled: !begun })}
    ${button('dummy-hand', msg('Dummy hand', { id: 'operator-dummy-hand' }), { pressed: feed.dummyMarked, disabled: !begun })}
    ${button('void-shoe', msg('Void shoe', { id: 'operator-void-shoe' }), { disabled: !consoleController.shoeOpen })}
    <span class="feed-state" role="status">${state}</span>
    ${begun ? html`<span class="feed-counts">${countsText(feed.counts)}</span>` : nothing}
    ${events ? html`<span class="feed-events">${events}</span>` : nothing}
    <span class="feed-refused" role="status">${refusedText(cardFeed.refused, cardFeed.lastRefused)}</span>
    <span class="feed-lost" role="status">${[lostText(bridge.lost), missedLinesText(bridge.missedLines)].filter(Boolean).join(' ')}</span>
    <span class="feed-refusal" role="status">${cardFeed.feedRefusal ? feedRefusalText(cardFeed.feedRefusal) : ''}</span>
    <span class="feed-reconcile" role="status">${cardFeed.reconciliation ? reconciliationText(cardFeed.reconciliation) : ''}</span>
  </fieldset>`;
}

/** A card the table cannot deal, waiting for the clerk: nothing is recorded until it is answered. */
export function renderFeedQuestion(cardFeed: CardFeedController, button: ActionButton) {
  const question = cardFeed.question;
  if (!question) return nothing;
  const text = questionText(question);
  return html`<div class="feed-question" role="alertdialog" aria-label=${text}>
    <span>${text}</span>
    ${button('cancel-card', msg('Cancel the card', { id: 'operator-cancel-card' }))}
    ${button('void-hand', msg('Void the hand', { id: 'operator-void-hand' }))}
  </div>`;
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
