/**
 * Why a table name or a URL's free text is refused, in the page's language: the kiosk's URL and
 * History's import both say it. Each sentence goes through msg(); Simplified Chinese is in
 * components/app/locales/zh-Hans/names.ts.
 */
import { msg, str } from '@lit/localize';
import { codePointText, type CharacterProblem, type NameProblem } from '../../../src/shoes/table-names.js';

/**
 * Why a table name is refused, in the page's language (the kiosk's URL and an import both say it).
 * @example nameProblemText({ kind: 'too-long', most: 60, length: 3000 }) // 'a table name may be at most 60 characters; this one has 3000'
 */
export function nameProblemText(problem: NameProblem): string {
  switch (problem.kind) {
    case 'empty':
      return msg('a table name needs at least one character other than white space', { id: 'name-empty' });
    case 'too-long': {
      const { most, length } = problem;
      return msg(str`a table name may be at most ${most} characters; this one has ${length}`, { id: 'name-too-long' });
    }
    case 'stray-mark': {
      const why = characterProblemText(problem);
      return msg(str`${why}; a table name may not start a word with one`, { id: 'name-stray-mark' });
    }
    default: {
      const why = characterProblemText(problem);
      return msg(str`${why}; a table name may not hold one`, { id: 'name-character' });
    }
  }
}

/** Which character of a name or a URL's free text (limits=) cannot be shown, and why, in the page's language. */
export function characterProblemText(problem: CharacterProblem): string {
  switch (problem.kind) {
    case 'bidi-control': {
      const { position } = problem;
      const character = codePointText(problem.codePoint);
      return msg(str`character ${position} is ${character}, which changes the direction of the text around it`, {
        id: 'character-bidi-control',
      });
    }
    case 'invisible': {
      const { position } = problem;
      const character = codePointText(problem.codePoint);
      return msg(str`character ${position} is ${character}, which shows as nothing`, { id: 'character-invisible' });
    }
    case 'control': {
      const { position } = problem;
      const character = codePointText(problem.codePoint);
      return msg(str`character ${position} is the control character ${character}`, { id: 'character-control' });
    }
    case 'lone-surrogate': {
      const { position } = problem;
      const character = codePointText(problem.codeUnit);
      return msg(str`character ${position} is ${character}, half of a character without its other half`, {
        id: 'character-lone-surrogate',
      });
    }
    case 'replacement-character': {
      const { position } = problem;
      return msg(str`character ${position} is U+FFFD, which stands for bytes that were not text`, {
        id: 'character-replacement-character',
      });
    }
    case 'stray-mark': {
      const { position } = problem;
      const character = codePointText(problem.codePoint);
      return msg(str`character ${position} is the combining mark ${character} with no letter before it`, { id: 'character-stray-mark' });
    }
  }
}
