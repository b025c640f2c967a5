/**
 * The card shoe's words on the console: the sources' state, the shoe's events, the question a card
 * asks and the count at the end of the shoe, in the page's language (msg ids `feed-*`).
 */
import { msg, str } from '@lit/localize';
import type { FeedCounts, FeedEvent, FeedQuestion, FeedRefusal, Reconciliation } from '../../../src/dealing/card-feed.js';
import type { LineRefusal } from '../../../src/reader/lines.js';
import type { SerialState } from './reader/serial-source.js';
import type { LinkState } from '../shared/room/room-link.js';

/** Where the serial line stands. */
export function serialStateText(state: SerialState, problem: string): string {
  switch (state) {
    case 'unsupported':
      return msg('This browser cannot read a serial line (use Chrome or Edge); a bridge or a scanner still works.', {
        id: 'feed-serial-unsupported',
      });
    case 'none':
      return msg('No card shoe connected.', { id: 'feed-serial-none' });
    case 'waiting':
      return msg('Card shoe unplugged: it is read again as soon as its cable is back.', { id: 'feed-serial-waiting' });
    case 'reading':
      return msg('Card shoe connected: reading cards.', { id: 'feed-serial-reading' });
    case 'failed':
      return msg(str`The card shoe could not be opened: ${problem}`, { id: 'feed-serial-failed' });
  }
}

/** Where the bridge's link stands (empty without a broker). */
export function bridgeStateText(state: LinkState | 'none', messages: number): string {
  switch (state) {
    case 'none':
      return '';
    case 'connected':
      return messages === 0
        ? msg('Listening for a card shoe bridge.', { id: 'feed-bridge-listening' })
        : msg(str`Card shoe bridge: ${messages} messages read.`, { id: 'feed-bridge-reading' });
    case 'connecting':
    case 'offline':
      return msg('Card shoe bridge: the broker cannot be reached.', { id: 'feed-bridge-offline' });
    case 'refused':
      return msg('Card shoe bridge: the broker refused this console.', { id: 'feed-bridge-refused' });
  }
}

/** Lines refused from the card shoe, never placed as cards. */
export function refusedText(count: number, last: LineRefusal | null): string {
  if (count === 0) return '';
  const line = (last?.line ?? '').slice(0, 24);
  return count === 1
    ? msg(str`1 line refused from the card shoe (last: "${line}"); no card placed from it.`, { id: 'feed-refused-one' })
    : msg(str`${count} lines refused from the card shoe (last: "${line}"); no card placed from them.`, { id: 'feed-refused' });
}

export function lostText(lost: number): string {
  if (lost === 0) return '';
  if (lost === 1) return msg('A message from the bridge was lost on the way: check the hands against the table.', { id: 'feed-lost-one' });
  return msg(str`${lost} messages from the bridge were lost on the way: check the hands against the table.`, { id: 'feed-lost' });
}

/** Numbered lines of the card shoe that never came (a console reopened mid-shoe, or messages lost). */
export function missedLinesText(missed: number): string {
  if (missed === 0) return '';
  return msg(str`${missed} lines from the card shoe never reached this console: check the hands against the table.`, {
    id: 'feed-missed-lines',
  });
}

export function countsText(counts: FeedCounts): string {
  const { seen, burned, cancelled, left } = counts;
  return msg(str`Cards left ${left} (seen ${seen}, burned ${burned}, cancelled ${cancelled}).`, { id: 'feed-counts' });
}

export function questionText(question: FeedQuestion): string {
  const { card } = question;
  if (question.why.kind === 'shoe-ended') {
    return msg(str`Card ${card} came after the shoe's last hand. Nothing is recorded until you cancel the card or void the hand.`, {
      id: 'feed-question-ended',
    });
  }
  const { decks, limit } = question.why;
  return msg(
    str`Card ${card}: this ${decks}-deck shoe holds only ${limit} of it, all already read. Nothing is recorded until you cancel the card or void the hand.`,
    { id: 'feed-question-too-many' },
  );
}

export function reconciliationText(reconciliation: Reconciliation): string {
  const { seen, burned, cancelled, left, total, shoeCards } = reconciliation;
  if (!reconciliation.cardsKnown) {
    return msg('Cards cannot be counted: some of this shoe’s cards are not known (hands entered by outcome, or a burn not recorded).', {
      id: 'feed-reconcile-unknown',
    });
  }
  return reconciliation.holds
    ? msg(str`Cards add up: seen ${seen} + burned ${burned} + cancelled ${cancelled} + left ${left} = ${total}, the shoe's ${shoeCards}.`, {
        id: 'feed-reconcile-holds',
      })
    : msg(
        str`Cards do not add up: seen ${seen} + burned ${burned} + cancelled ${cancelled} + left ${left} = ${total}, not the shoe's ${shoeCards}.`,
        { id: 'feed-reconcile-fails' },
      );
}

export function feedRefusalText(refusal: FeedRefusal): string {
  switch (refusal.kind) {
    case 'awaiting-answer':
      return msg('Answer the card in question first (cancel it or void the hand).', { id: 'feed-refusal-awaiting' });
    case 'shoe-void':
      return msg('The shoe is void: only a new shoe is read.', { id: 'feed-refusal-void' });
    case 'shoe-ended':
      return msg('The shoe has ended.', { id: 'feed-refusal-ended' });
    case 'cut-already-out':
      return msg('The card shoe sent the cut card twice; the second was not taken.', { id: 'feed-refusal-cut' });
    case 'nothing-to-cancel':
      return msg('The card shoe cancelled a card, but no hand is in play.', { id: 'feed-refusal-nothing' });
    case 'not-last-card': {
      const { card, last } = refusal;
      return msg(str`The card shoe cancelled ${card}, but the last card read was ${last}: not taken.`, { id: 'feed-refusal-not-last' });
    }
    case 'no-question':
      return msg('No card is waiting for an answer.', { id: 'feed-refusal-no-question' });
    case 'no-hand-in-play':
      return msg('No hand is in play to void.', { id: 'feed-refusal-no-hand' });
    case 'already-dummy':
      return msg('This hand is already marked as a dummy hand.', { id: 'feed-refusal-dummy' });
  }
}

/** One event of the shoe, short, for the console's line of events. */
export function feedEventText(event: FeedEvent): string {
  switch (event.kind) {
    case 'shoe-start': {
      const { pack } = event;
      return msg(str`New shoe ${pack}`, { id: 'feed-event-shoe' });
    }
    case 'burn': {
      const { card } = event;
      const count = event.burned.length;
      return msg(str`Burn ${card} + ${count}`, { id: 'feed-event-burn' });
    }
    case 'hand': {
      const { handNumber } = event;
      const cards = event.cards.join(' ');
      return msg(str`Hand ${handNumber}: ${cards}`, { id: 'feed-event-hand' });
    }
    case 'dummy-hand': {
      const cards = event.cards.join(' ');
      return msg(str`Dummy hand: ${cards}`, { id: 'feed-event-dummy' });
    }
    case 'cut': {
      const { lastHand } = event;
      return msg(str`Cut card: last hand ${lastHand}`, { id: 'feed-event-cut' });
    }
    case 'question': {
      const { card } = event;
      return msg(str`${card}?`, { id: 'feed-event-question' });
    }
    case 'cancelled': {
      const { card } = event;
      return event.by === 'device'
        ? msg(str`${card} cancelled by the shoe`, { id: 'feed-event-cancelled-device' })
        : msg(str`${card} cancelled`, { id: 'feed-event-cancelled' });
    }
    case 'void-hand': {
      const cards = event.cards.join(' ');
      return msg(str`Hand void: ${cards}`, { id: 'feed-event-void-hand' });
    }
    case 'void-shoe':
      return msg('Shoe void', { id: 'feed-event-void-shoe' });
    case 'shoe-end': {
      const { hands } = event;
      return msg(str`Shoe ended after ${hands} hands`, { id: 'feed-event-shoe-end' });
    }
    case 'lid':
      return event.open ? msg('Lid open', { id: 'feed-event-lid-open' }) : msg('Lid closed', { id: 'feed-event-lid-closed' });
  }
}
