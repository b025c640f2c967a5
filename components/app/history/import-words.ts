/**
 * Why an import file is not a valid shoe export, in words for the screen. parseShoeDocument reports
 * where (ShoeDocumentPlace) and what (ShoeDocumentProblem, with the HandProblem, RulesProblem or
 * CardExcess behind it); this module alone words them, each sentence through msg(), so they follow
 * the page's language, in plain words (not the schema's), quoting long values as a short excerpt. In
 * English they read exactly as the error's own message, which the `bacc` command prints (except for a
 * check the kinds do not name, where the log adds the schema's English). Simplified Chinese:
 * components/app/locales/zh-Hans/import.ts (a refused table name is worded by shared/name-words.ts).
 */
import { msg, str } from '@lit/localize';
import type { CardExcess } from '../../../src/game/cards.js';
import type { HandProblem, Winner } from '../../../src/game/hand.js';
import type { RulesProblem } from '../../../src/game/rules.js';
import { excerpt } from '../../../src/shoes/table-names.js';
import { characterProblemText, nameProblemText } from '../shared/name-words.js';
import { sideName } from '../shared/road-words.js';
import type {
  DocumentValue,
  LengthUnit,
  ResultMismatch,
  ShoeDocumentError,
  ShoeDocumentPlace,
  ShoeDocumentProblem,
} from '../../../src/shoes/document.js';

// An import's refusal of a table name reads as the kiosk's, so both take it from shared/.
export { nameProblemText };

/**
 * A field of the export document by the name the file gives it; in English that name itself.
 * A name this list does not know is shown as the file spells it.
 */
function fieldName(name: string): string {
  switch (name) {
    case 'format':
      return msg('format', { id: 'import-field-format' });
    case 'version':
      return msg('version', { id: 'import-field-version' });
    case 'shoes':
      return msg('shoes', { id: 'import-field-shoes' });
    case 'id':
      return msg('id', { id: 'import-field-id' });
    case 'table':
      return msg('table', { id: 'import-field-table' });
    case 'source':
      return msg('source', { id: 'import-field-source' });
    case 'seed':
      return msg('seed', { id: 'import-field-seed' });
    case 'startedAt':
      return msg('startedAt', { id: 'import-field-started-at' });
    case 'endedAt':
      return msg('endedAt', { id: 'import-field-ended-at' });
    case 'rules':
      return msg('rules', { id: 'import-field-rules' });
    case 'hands':
      return msg('hands', { id: 'import-field-hands' });
    case 'cards':
      return msg('cards', { id: 'import-field-cards' });
    case 'outcome':
      return msg('outcome', { id: 'import-field-outcome' });
    case 'playerPair':
      return msg('playerPair', { id: 'import-field-player-pair' });
    case 'bankerPair':
      return msg('bankerPair', { id: 'import-field-banker-pair' });
    case 'natural':
      return msg('natural', { id: 'import-field-natural' });
    case 'playerTotal':
      return msg('playerTotal', { id: 'import-field-player-total' });
    case 'bankerTotal':
      return msg('bankerTotal', { id: 'import-field-banker-total' });
    case 'decks':
      return msg('decks', { id: 'import-field-decks' });
    case 'banker':
      return msg('banker', { id: 'import-field-banker' });
    case 'commission':
      return msg('commission', { id: 'import-field-commission' });
    case 'tiePays':
      return msg('tiePays', { id: 'import-field-tie-pays' });
    case 'pairPays':
      return msg('pairPays', { id: 'import-field-pair-pays' });
    case 'dragonBonus':
      return msg('dragonBonus', { id: 'import-field-dragon-bonus' });
    case 'burn':
      return msg('burn', { id: 'import-field-burn' });
    case 'cutCardFromEnd':
      return msg('cutCardFromEnd', { id: 'import-field-cut-card-from-end' });
    case 'handsAfterCut':
      return msg('handsAfterCut', { id: 'import-field-hands-after-cut' });
    default:
      return name;
  }
}

/** "shoe 2 (id "…"), hand 5, card 3, rules, decks", or null for the document as a whole. */
function placeText(where: ShoeDocumentPlace): string | null {
  const parts: string[] = [];
  if (where.shoe !== null) {
    const { shoe } = where;
    const shoeId = where.shoeId === null ? null : excerpt(where.shoeId);
    parts.push(
      shoeId === null
        ? msg(str`shoe ${shoe}`, { id: 'import-at-shoe' })
        : msg(str`shoe ${shoe} (id "${shoeId}")`, { id: 'import-at-shoe-id' }),
    );
  }
  if (where.hand !== null) {
    const hand = where.hand;
    parts.push(msg(str`hand ${hand}`, { id: 'import-at-hand' }));
  }
  if (where.event !== undefined) {
    const event = where.event;
    parts.push(msg(str`event ${event}`, { id: 'import-at-event' }));
  }
  if (where.entry !== undefined) {
    const entry = where.entry;
    parts.push(msg(str`audit entry ${entry}`, { id: 'import-at-entry' }));
  }
  if (where.card !== null) {
    const card = where.card;
    parts.push(msg(str`card ${card}`, { id: 'import-at-card' }));
  }
  if (where.field !== null) parts.push(...where.field.split('.').map(fieldName));
  if (parts.length === 0) return null;
  return parts.reduce((outer, inner) => msg(str`${outer}, ${inner}`, { id: 'import-at-within' }));
}

/** A value as the file has it: `"text"` (an excerpt), `12`, `null`, `a list`, `nothing`. */
function valueText(value: DocumentValue): string {
  switch (value.type) {
    case 'missing':
      return msg('nothing', { id: 'import-value-missing' });
    case 'null':
      return msg('null', { id: 'import-value-null' });
    case 'string': {
      const text = excerpt(value.text);
      return msg(str`"${text}"`, { id: 'import-value-text' });
    }
    case 'number':
      return String(value.value);
    case 'boolean':
      return booleanText(value.value);
    case 'array':
      return msg('a list', { id: 'import-value-array' });
    case 'object':
      return msg('an object', { id: 'import-value-object' });
  }
}

function booleanText(value: boolean): string {
  return value ? msg('true', { id: 'import-value-true' }) : msg('false', { id: 'import-value-false' });
}

/** A rules setting's value, as `String()` writes it (and as the RulesError's message has it). */
function settingValueText(value: unknown): string {
  const text = excerpt(String(value));
  if (typeof value === 'boolean') return booleanText(value);
  if (value === null) return msg('null', { id: 'import-value-null' });
  if (value === undefined) return msg('undefined', { id: 'import-value-missing' });
  return text;
}

/** The type a field must have. */
function typeText(expected: 'object' | 'array' | 'string' | 'number' | 'boolean'): string {
  switch (expected) {
    case 'object':
      return msg('an object', { id: 'import-type-object' });
    case 'array':
      return msg('a list', { id: 'import-type-array' });
    case 'string':
      return msg('text', { id: 'import-type-string' });
    case 'number':
      return msg('a number', { id: 'import-type-number' });
    case 'boolean':
      return msg('true or false', { id: 'import-type-boolean' });
  }
}

/** A length too short or too long, by what it counts. */
function lengthText(bound: 'least' | 'most', limit: number, length: number, unit: LengthUnit): string {
  if (bound === 'least') {
    switch (unit) {
      case 'characters':
        return limit === 1
          ? msg('must not be empty', { id: 'import-empty' })
          : msg(str`must have at least ${limit} characters; it has ${length}`, { id: 'import-length-min-characters' });
      case 'shoes':
        return limit === 1
          ? msg(str`must have at least 1 shoe; it has ${length}`, { id: 'import-length-min-shoes-one' })
          : msg(str`must have at least ${limit} shoes; it has ${length}`, { id: 'import-length-min-shoes' });
      case 'hands':
        return limit === 1
          ? msg(str`must have at least 1 hand; it has ${length}`, { id: 'import-length-min-hands-one' })
          : msg(str`must have at least ${limit} hands; it has ${length}`, { id: 'import-length-min-hands' });
      case 'cards':
        return limit === 1
          ? msg(str`must have at least 1 card; it has ${length}`, { id: 'import-length-min-cards-one' })
          : msg(str`must have at least ${limit} cards; it has ${length}`, { id: 'import-length-min-cards' });
      case 'events':
      case 'entries':
        // The schema asks for no least number of events or entries.
        return msg(str`must have at least ${limit} characters; it has ${length}`, { id: 'import-length-min-characters' });
    }
  }
  switch (unit) {
    case 'characters':
      return msg(str`may have at most ${limit} characters; it has ${length}`, { id: 'import-length-max-characters' });
    case 'shoes':
      return msg(str`may have at most ${limit} shoes; it has ${length}`, { id: 'import-length-max-shoes' });
    case 'hands':
      return msg(str`may have at most ${limit} hands; it has ${length}`, { id: 'import-length-max-hands' });
    case 'cards':
      return msg(str`may have at most ${limit} cards; it has ${length}`, { id: 'import-length-max-cards' });
    case 'events':
      return msg(str`may have at most ${limit} events; it has ${length}`, { id: 'import-length-max-events' });
    case 'entries':
      return msg(str`may have at most ${limit} audit entries; it has ${length}`, { id: 'import-length-max-entries' });
  }
}

/**
 * Why the tableau cannot produce a hand's cards.
 * @example handProblemText({ kind: 'missing-third-card', side: 'player', total: 5 }) // 'missing third card: the player draws on 5'
 */
export function handProblemText(problem: HandProblem): string {
  switch (problem.kind) {
    case 'not-a-list':
      return msg('cards must be a list of cards in dealing order', { id: 'import-hand-not-a-list' });
    case 'too-many-cards': {
      const count = problem.count;
      return msg(str`a hand has at most six cards; got ${count}`, { id: 'import-hand-too-many-cards' });
    }
    case 'too-few-cards': {
      const count = problem.count;
      return msg(str`a hand needs at least four cards (P1 B1 P2 B2); got ${count}`, { id: 'import-hand-too-few-cards' });
    }
    case 'unknown-card': {
      const { position } = problem;
      const text = excerpt(problem.text);
      return msg(str`card ${position}: unknown card "${text}": expected a rank A 2-9 T J Q K (or 10) and an optional suit S H D C`, {
        id: 'import-hand-unknown-card',
      });
    }
    case 'missing-third-card': {
      const side = sideName(problem.side);
      const total = problem.total;
      return msg(str`missing third card: the ${side} draws on ${total}`, { id: 'import-hand-missing-third-card' });
    }
    case 'unexpected-card': {
      const card = problem.card;
      switch (problem.because) {
        case 'natural': {
          const side = sideName(problem.side);
          const total = problem.total;
          return msg(str`unexpected card ${card}: the ${side} has a natural ${total}, so both hands stand`, {
            id: 'import-hand-after-natural',
          });
        }
        case 'both-finished':
          return msg(str`unexpected card ${card}: both hands are finished (at most one third card each)`, {
            id: 'import-hand-both-finished',
          });
        case 'both-stand': {
          const { playerTotal, bankerTotal } = problem;
          return msg(str`unexpected card ${card}: the player stands on ${playerTotal} and the banker stands on ${bankerTotal}`, {
            id: 'import-hand-both-stand',
          });
        }
        case 'banker-stands': {
          const { bankerTotal, playerThird } = problem;
          return msg(
            str`unexpected card ${card}: the banker stands on ${bankerTotal} when the player's third card is worth ${playerThird}`,
            {
              id: 'import-hand-banker-stands',
            },
          );
        }
      }
    }
  }
}

/**
 * Which rules setting is out of range, and what it must be.
 * @example rulesProblemText({ kind: 'setting-out-of-range', setting: 'tiePays', value: 7 }) // 'tiePays must be 8 or 9; got 7'
 */
export function rulesProblemText(problem: RulesProblem): string {
  const value = settingValueText(problem.value);
  switch (problem.setting) {
    case 'decks':
      return msg(str`decks must be a whole number from 1 to 8; got ${value}`, { id: 'import-rules-decks' });
    case 'banker':
      return msg(str`banker must be "commission" or "no-commission"; got ${value}`, { id: 'import-rules-banker' });
    case 'commission':
      return msg(str`commission must be a fraction from 0 to below 1; got ${value}`, { id: 'import-rules-commission' });
    case 'tiePays':
      return msg(str`tiePays must be 8 or 9; got ${value}`, { id: 'import-rules-tie-pays' });
    case 'pairPays':
      return msg(str`pairPays must be a positive whole number; got ${value}`, { id: 'import-rules-pair-pays' });
    case 'dragonBonus':
      return msg('dragonBonus must be true or false', { id: 'import-rules-dragon-bonus' });
    case 'burn':
      return msg('burn must be true or false', { id: 'import-rules-burn' });
    case 'handsAfterCut':
      return msg(str`handsAfterCut must be 0 or 1; got ${value}`, { id: 'import-rules-hands-after-cut' });
    case 'cutCardFromEnd': {
      const { least, most, decks } = problem;
      return msg(str`cutCardFromEnd must be a whole number from ${least} to ${most} for ${decks} deck(s); got ${value}`, {
        id: 'import-rules-cut-card',
      });
    }
  }
}

/** One card more than the shoe's decks hold. */
function excessText(excess: CardExcess): string {
  const { decks, limit, card, rank } = excess;
  return excess.of === 'card'
    ? msg(str`this ${decks}-deck shoe holds only ${limit} ${card}; this is one more`, { id: 'import-too-many-of-card' })
    : msg(str`this ${decks}-deck shoe holds only ${limit} cards of rank ${rank}; this is one more`, { id: 'import-too-many-of-rank' });
}

/** A hand's stated outcome, as the file writes it ("B"). */
function outcomeText(outcome: Winner): string {
  switch (outcome) {
    case 'B':
      return msg('"B"', { id: 'import-outcome-banker' });
    case 'P':
      return msg('"P"', { id: 'import-outcome-player' });
    case 'T':
      return msg('"T"', { id: 'import-outcome-tie' });
  }
}

/** What a hand's cards give against what it states. */
function mismatchText(cardList: readonly string[], result: ResultMismatch): string {
  const cards = cardList.join(' ');
  switch (result.field) {
    case 'outcome': {
      const resolved = outcomeText(result.resolved);
      const stated = outcomeText(result.stated);
      return msg(str`the cards ${cards} give ${resolved}, not ${stated}`, { id: 'import-result-outcome' });
    }
    case 'playerPair':
    case 'bankerPair':
    case 'natural': {
      const resolved = booleanText(result.resolved);
      const stated = booleanText(result.stated);
      return msg(str`the cards ${cards} give ${resolved}, not ${stated}`, { id: 'import-result-flag' });
    }
    case 'playerTotal':
    case 'bankerTotal': {
      const resolved = result.resolved;
      const stated = result.stated === null ? msg('null', { id: 'import-value-null' }) : String(result.stated);
      return msg(str`the cards ${cards} give ${resolved}, not ${stated}`, { id: 'import-result-total' });
    }
  }
}

/** What is wrong at the place named before it. */
function problemText(problem: ShoeDocumentProblem, where: ShoeDocumentPlace): string {
  switch (problem.kind) {
    case 'missing-field':
      return msg('this field is missing', { id: 'import-missing-field' });
    case 'wrong-type': {
      const expected = typeText(problem.expected);
      const found = valueText(problem.found);
      return msg(str`must be ${expected}, not ${found}`, { id: 'import-wrong-type' });
    }
    case 'wrong-format': {
      const expected = problem.expected;
      const found = valueText(problem.found);
      return msg(str`must be "${expected}", not ${found}: this is not a shoe export of the scoreboard`, { id: 'import-wrong-format' });
    }
    case 'not-one-of': {
      const found = valueText(problem.found);
      const quoted = problem.allowed.map((choice) => `"${choice}"`);
      const choices = `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`;
      if (where.field === 'outcome') return msg(str`must be ${choices}, not ${found}`, { id: 'import-not-an-outcome' });
      if (where.field === 'source') return msg(str`must be ${choices}, not ${found}`, { id: 'import-not-a-source' });
      return msg(str`must be ${choices}, not ${found}`, { id: 'import-not-one-of' });
    }
    case 'too-short':
      return lengthText('least', problem.least, problem.length, problem.unit);
    case 'too-long':
      return lengthText('most', problem.most, problem.length, problem.unit);
    case 'too-small': {
      const { least, value } = problem;
      return msg(str`must be at least ${least}, not ${value}`, { id: 'import-value-min' });
    }
    case 'too-large': {
      const { most, value } = problem;
      return msg(str`must be at most ${most}, not ${value}`, { id: 'import-value-max' });
    }
    case 'not-whole-number': {
      const value = problem.value;
      return msg(str`must be a whole number, not ${value}`, { id: 'import-not-whole-number' });
    }
    case 'not-a-timestamp': {
      const text = excerpt(problem.text);
      return msg(str`"${text}" is not a date and time (ISO 8601, such as 2026-03-14T09:30:00Z)`, { id: 'import-not-a-timestamp' });
    }
    case 'no-such-day': {
      const text = excerpt(problem.text);
      return msg(str`"${text}" names a day its month does not have`, { id: 'import-no-such-day' });
    }
    case 'invalid':
      // A check the kinds do not name: the schema's English stays in the error's message, for logs.
      return msg('this value is not valid here', { id: 'import-invalid' });
    case 'bad-table-name':
      return nameProblemText(problem.problem);
    case 'in-the-future': {
      const text = excerpt(problem.text);
      return msg(str`"${text}" is more than a day from now: a shoe cannot start or end in the future`, { id: 'import-in-the-future' });
    }
    case 'time-in-the-future': {
      const text = excerpt(problem.text);
      return msg(str`"${text}" is more than a day from now: it cannot have happened yet`, { id: 'import-time-in-the-future' });
    }
    case 'unknown-card': {
      const text = excerpt(problem.text);
      return msg(str`unknown card "${text}": expected a rank A 2-9 T J Q K (or 10) and an optional suit S H D C`, {
        id: 'import-event-unknown-card',
      });
    }
    case 'bad-text': {
      const name = problem.problem;
      if (name.kind === 'empty') return msg('must not be empty', { id: 'import-empty' });
      if (name.kind === 'too-long') return lengthText('most', name.most, name.length, 'characters');
      const why = characterProblemText(name);
      return msg(str`${why}; this text may not hold one`, { id: 'import-text-character' });
    }
    case 'reason-for-no-entry': {
      const { reasonFor } = problem;
      return msg(str`entry ${reasonFor} is not an earlier entry of this trail whose reason is still to be given`, {
        id: 'import-reason-for-no-entry',
      });
    }
    case 'reason-for-other-hand': {
      const hand = problem.hand ?? 'null';
      return msg(str`must be the hand of the entry whose reason it gives (${hand})`, { id: 'import-reason-for-other-hand' });
    }
    case 'newer-version': {
      const { version, supported } = problem;
      return msg(str`version ${version} is newer than this program reads (${supported}); update it`, { id: 'import-newer-version' });
    }
    case 'unknown-version': {
      const { version, supported } = problem;
      return msg(str`version ${version} is not a version this program reads (${supported})`, { id: 'import-unknown-version' });
    }
    case 'duplicate-id':
      return msg('another shoe in the document has the same id', { id: 'import-duplicate-id' });
    case 'bad-rules':
      return rulesProblemText(problem.problem);
    case 'ends-before-start': {
      const startedAt = excerpt(problem.startedAt);
      return msg(str`the shoe ends before it starts (${startedAt})`, { id: 'import-ends-before-start' });
    }
    case 'totals-without-cards':
      return msg('totals are given without cards', { id: 'import-totals-without-cards' });
    case 'hand-does-not-resolve':
      return handProblemText(problem.problem);
    case 'outcome-mismatch':
      return mismatchText(problem.cards, problem);
    case 'too-many-cards':
      return excessText(problem.excess);
    case 'seed-on-recorded-shoe':
      return msg('a recorded shoe has none (null); only a simulated shoe is dealt from a seed', { id: 'import-seed-on-recorded-shoe' });
    case 'seed-mismatch': {
      const seed = excerpt(problem.seed);
      return msg(str`not the hand seed "${seed}" deals by these rules (a seeded shoe is the one its seed deals, in order)`, {
        id: 'import-seed-mismatch',
      });
    }
    case 'seed-deals-fewer': {
      const { dealt } = problem;
      const seed = excerpt(problem.seed);
      return msg(str`seed "${seed}" deals only ${dealt} hands by these rules (the cut card came out)`, { id: 'import-seed-deals-fewer' });
    }
  }
}

/**
 * Where a shoe document is wrong and what is wrong there, in the page's language; in English, the
 * error's own message.
 * @example
 * shoeDocumentErrorText(error) // 'shoe 2 (id "a"), hand 5, natural: Invalid type: Expected boolean but received "yes"'
 */
export function shoeDocumentErrorText(error: ShoeDocumentError): string {
  const place = placeText(error.where);
  const what = problemText(error.problem, error.where);
  return place === null ? what : msg(str`${place}: ${what}`, { id: 'import-at' });
}
