/**
 * The console's messages in words for the screen: the controller reports what happened as a kind
 * and its values (ConsoleNews), and this words it with msg(), so it reads in the page's language.
 */
import { msg, str } from '@lit/localize';
import type { CardRefusal } from '../../../src/dealing/recording.js';
import { StorageError } from '../shared/data/scoreboard-store.js';
import { storageErrorText } from '../shared/data/storage-words.js';
import { sideName } from '../shared/road-words.js';
import type { ConsoleNews } from './console-news.js';
import { listedReasonText } from '../shared/audit-words.js';
import { isRefusal } from '../../../src/reader/lines.js';
import { scannedCard } from './console-keys.js';

/** Why a typed card was refused. */
function refusalText(refusal: CardRefusal): string {
  switch (refusal.kind) {
    case 'hand-complete': {
      const { playerTotal, bankerTotal } = refusal;
      return msg(str`the hand is already complete (player ${playerTotal}, banker ${bankerTotal}): the tableau deals no more cards`, {
        id: 'console-card-hand-complete',
      });
    }
    case 'unknown-card': {
      const { text } = refusal;
      return msg(str`unknown card "${text}": expected a rank A 2-9 T J Q K (or 10) and an optional suit S H D C`, {
        id: 'console-card-unknown',
      });
    }
    case 'too-many': {
      const { decks, limit, card, rank, typed } = refusal;
      const recorded = limit - typed;
      // "this 8-deck shoe", not "a 8-deck shoe": no article to agree with the number.
      if (typed === 0) {
        return refusal.of === 'card'
          ? msg(str`this ${decks}-deck shoe holds only ${limit} ${card}, and that many are already recorded in it`, {
              id: 'console-card-too-many',
            })
          : msg(str`this ${decks}-deck shoe holds only ${limit} cards of rank ${rank}, and that many are already recorded in it`, {
              id: 'console-card-too-many-rank',
            });
      }
      // Some of them are in this very hand: "recorded in it" would send the clerk looking through earlier hands.
      return refusal.of === 'card'
        ? msg(str`this ${decks}-deck shoe holds only ${limit} ${card}: ${typed} typed in this hand, ${recorded} recorded before it`, {
            id: 'console-card-too-many-typed',
          })
        : msg(
            str`this ${decks}-deck shoe holds only ${limit} cards of rank ${rank}: ${typed} typed in this hand, ${recorded} recorded before it`,
            { id: 'console-card-too-many-rank-typed' },
          );
    }
  }
}

/** What went wrong with an action that threw: storage's own words, or, for a defect, general words (logged in full). */
function failureText(error: unknown): string {
  if (!(error instanceof StorageError)) {
    console.error('Console:', error);
    return msg(
      'That did not go through (an unexpected error; details in the browser console). Check the hands on screen before going on.',
      {
        id: 'console-failed-unexpected',
      },
    );
  }
  const reason = storageErrorText(error);
  return msg(str`That did not go through: ${reason}. Check the hands on screen before going on.`, { id: 'console-failed' });
}

/** The console's message in the page's language. */
export function consoleNewsText(news: ConsoleNews): string {
  switch (news.about) {
    case 'still-reading':
      return msg('The stored shoe is still being read; try again in a moment.', { id: 'console-still-reading' });
    case 'read-only':
      return msg(
        'This table is being recorded in another window: this one only shows its shoe until that window closes. Nothing was changed here.',
        {
          id: 'console-read-only',
        },
      );
    case 'no-shoe-to-undo':
      return msg('There is no shoe in play to undo a hand of.', { id: 'console-no-shoe-to-undo' });
    case 'no-shoe-to-correct':
      return msg('There is no shoe in play to correct.', { id: 'console-no-shoe-to-correct' });
    case 'no-shoe-to-end':
      return msg('There is no shoe in play to end.', { id: 'console-no-shoe-to-end' });
    case 'no-shoe-to-record':
      return msg('No shoe is in play: start a new shoe (key S) first. Nothing was recorded.', { id: 'console-no-shoe-to-record' });
    case 'no-hand-to-undo':
      return msg('This shoe has no hand to undo.', { id: 'console-no-hand-to-undo' });
    case 'no-hand-to-correct':
      return msg('This shoe has no hand to correct.', { id: 'console-no-hand-to-correct' });
    case 'simulated-no-undo':
      return msg('Simulated hands are dealt by the shoe and cannot be undone.', { id: 'console-simulated-no-undo' });
    case 'simulated-no-correct':
      return msg('Simulated hands are dealt by the shoe and cannot be corrected.', { id: 'console-simulated-no-correct' });
    case 'simulated-no-record':
      return msg('This shoe is simulated: start a new shoe (key S) to record a real table. Nothing was recorded.', {
        id: 'console-simulated-no-record',
      });
    case 'choose-hand': {
      const { last } = news;
      if (last === 1) return msg('Only hand 1 can be corrected: type 1.', { id: 'console-choose-hand-one' });
      return msg(str`Choose a hand from 1 to ${last} to correct.`, { id: 'console-choose-hand' });
    }
    case 'start-simulated-first':
      return news.automatic
        ? msg('Start a simulated shoe first (key I); automatic dealing stops at the cut card.', { id: 'console-start-simulated-auto' })
        : msg('Start a simulated shoe first (key I).', { id: 'console-start-simulated' });
    case 'simulation-dealt':
      return msg('The cut card is out and the shoe is dealt: end it or start a new shoe.', { id: 'console-simulation-dealt' });
    case 'outcome-in-card-entry':
      return msg('In card entry the hand is typed as cards in the card field (O goes back to entry by outcome). Nothing was recorded.', {
        id: 'console-outcome-in-card-entry',
      });
    case 'card-refused': {
      const { card } = news;
      const reason = refusalText(news.refusal);
      return msg(str`Card "${card}" refused: ${reason}. Nothing was recorded.`, { id: 'console-card-refused' });
    }
    case 'hand-incomplete': {
      const next = sideName(news.next);
      return msg(str`The hand is not complete: by the tableau the next card goes to the ${next}. Nothing was recorded yet.`, {
        id: 'console-hand-incomplete',
      });
    }
    case 'hand-gone': {
      const { hand } = news;
      return msg(str`Hand ${hand} is no longer in the shoe (it was undone): nothing was corrected.`, { id: 'console-hand-gone' });
    }
    case 'failed':
      return failureText(news.error);
    case 'undone': {
      const { hand } = news;
      return msg(str`Hand ${hand} undone.`, { id: 'console-undone' });
    }
    case 'correcting': {
      const { hand } = news;
      return msg(str`Correcting hand ${hand}: enter it again by outcome or by cards, or press Escape to cancel.`, {
        id: 'console-correcting',
      });
    }
    case 'correction-cancelled':
      return msg('Correction cancelled.', { id: 'console-correction-cancelled' });
    case 'shoe-ended': {
      const { hands } = news;
      return hands === 1
        ? msg('Shoe ended after 1 hand.', { id: 'console-shoe-ended-one' })
        : msg(str`Shoe ended after ${hands} hands.`, { id: 'console-shoe-ended' });
    }
    case 'recorded': {
      const { hand } = news;
      return news.saved
        ? msg(str`Hand ${hand} recorded.`, { id: 'console-recorded' })
        : msg(str`Hand ${hand} recorded on this screen, not saved yet.`, { id: 'console-recorded-unsaved' });
    }
    case 'corrected': {
      const { hand } = news;
      return news.saved
        ? msg(str`Hand ${hand} corrected.`, { id: 'console-corrected' })
        : msg(str`Hand ${hand} corrected on this screen, not saved yet.`, { id: 'console-corrected-unsaved' });
    }
    case 'new-shoe':
      return news.simulated
        ? msg('New simulated shoe: deal with D, or A to deal automatically.', { id: 'console-new-simulated-shoe' })
        : msg('New shoe: record its hands.', { id: 'console-new-shoe' });
    case 'dealt': {
      const { hand } = news;
      return news.last
        ? msg(str`Hand ${hand} dealt; the cut card is out: the shoe is finished. End it (E) or start a new one.`, {
            id: 'console-dealt-last',
          })
        : msg(str`Hand ${hand} dealt.`, { id: 'console-dealt' });
    }
    case 'correction-undone': {
      const { hand } = news;
      return msg(str`Correction of hand ${hand} undone: the hand is back as it was.`, { id: 'console-correction-undone' });
    }
    case 'reopened': {
      const next = news.hands + 1;
      return msg(str`Shoe reopened: record hand ${next} next.`, { id: 'console-reopened' });
    }
    case 'nothing-to-redo':
      return msg('There is nothing to redo.', { id: 'console-nothing-to-redo' });
    case 'nothing-to-reopen':
      return msg('There is no ended shoe to reopen: only the shoe ended last can be, while no newer shoe was started.', {
        id: 'console-nothing-to-reopen',
      });
    case 'shoe-stranded':
      return msg(
        'This shoe is no longer stored (it was deleted or changed elsewhere, in History perhaps): nothing more can be saved to it. Start a new shoe (key S). Nothing was recorded.',
        { id: 'console-shoe-stranded' },
      );
    case 'table-taken': {
      const taken = tableTakenText(news.unsaved);
      if (!news.typed) return taken;
      const { typed } = news;
      return `${taken} ${msg(str`The cards typed here for the next hand (${typed}) were not recorded: enter them in that window.`, { id: 'console-table-taken-typed' })}`;
    }
    case 'cards-typed': {
      const { typed } = news;
      return msg(str`Cards are typed for the next hand (${typed}): record them with Enter, or clear them with Escape, first.`, {
        id: 'console-cards-typed',
      });
    }
    case 'no-cards-typed':
      return msg('Type the cards of the next hand first (for example 9h tc k), then Enter records it.', { id: 'console-no-cards-typed' });
    case 'answer-question-first':
      return msg('Answer the question first: Y for yes, Escape for no.', { id: 'console-answer-question-first' });
    case 'unknown-key': {
      const key = news.key.toUpperCase();
      return msg(str`The key ${key} does nothing here: each button shows its key. Nothing was recorded.`, { id: 'console-unknown-key' });
    }
    case 'not-a-card-character': {
      const { key } = news;
      return msg(
        str`"${key}" is not part of a card (ranks A 2-9 T J Q K, suits S H D C). Keys such as U (undo) work once Escape has left the card field.`,
        { id: 'console-not-a-card-character' },
      );
    }
    case 'reason-kept': {
      const reason = listedReasonText(news.reason);
      return msg(str`Reason kept: ${reason}.`, { id: 'console-reason-kept' });
    }
    case 'reason-refused':
      return msg('That reason cannot be kept: type 1 to 200 characters of text.', { id: 'console-reason-refused' });
    case 'reason-too-long': {
      const { length, most } = news;
      return msg(
        str`That reason is ${length} characters long: a reason holds at most ${most}. Shorten it, then Enter; nothing was kept yet.`,
        {
          id: 'console-reason-too-long',
        },
      );
    }
    case 'scanner-without-enter':
      return scannerWithoutEnterText(news.keys);
    case 'clerk-signed-in': {
      const { name, before } = news;
      if (!name)
        return msg(str`${before} signed out: the audit trail names nobody until a clerk signs in (Z).`, { id: 'console-clerk-signed-out' });
      return before
        ? msg(str`${name} signed in, ${before} signed out: the audit trail names ${name} from now on.`, { id: 'console-clerk-changed' })
        : msg(str`${name} signed in: the audit trail names ${name} from now on.`, { id: 'console-clerk-signed-in' });
    }
  }
}

/** A scanner's burst without Enter, naming the card it looked like (or the keys, when they read as none). */
function scannerWithoutEnterText(keys: string): string {
  const read = scannedCard(keys);
  if (!isRefusal(read) && read.kind === 'card') {
    const { card } = read;
    return msg(
      str`A scanner sent the card ${card} without Enter: nothing was recorded and none of its keys acted. Set the scanner to end each card with Enter (its suffix setting), then scan the card again.`,
      { id: 'console-scanner-card-without-enter' },
    );
  }
  const sent = keys.toUpperCase();
  return msg(
    str`Keys "${sent}" came faster than anyone types and without Enter, as from a scanner: nothing was recorded and none of them acted. If a scanner is plugged in, set it to end each card with Enter (its suffix setting).`,
    { id: 'console-scanner-without-enter' },
  );
}

/** Another window took the table; with the count of changes given up with it. */
function tableTakenText(unsaved: number): string {
  if (unsaved === 0) return msg('Another window took this table over: this one only shows its shoe now.', { id: 'console-table-taken' });
  return unsaved === 1
    ? msg('Another window took this table over: this one only shows its shoe now, and its 1 unsaved change was given up.', {
        id: 'console-table-taken-unsaved-one',
      })
    : msg(str`Another window took this table over: this one only shows its shoe now, and its ${unsaved} unsaved changes were given up.`, {
        id: 'console-table-taken-unsaved',
      });
}
