/**
 * The words of History's view of the room's record: why the recorder gave no answer, said for the
 * moment it happened (a sign-in refused, a sign-in that has ended, a page that could not be read),
 * with the recorder's own sentence where it gave one.
 */
import { msg, str } from '@lit/localize';
import type { RecorderProblem } from '../shared/recorder-api.js';

/** The recorder's sentence as a clause: its sentences end without a full stop, but one may come with it. */
function clause(sentence: string): string {
  return sentence.replace(/[.。]\s*$/, '');
}

/**
 * Why the record gave no answer, in words. `signingIn`: the problem answered a sign-in (a 401 then
 * is a refused login, not a sign-in that ended).
 */
export function recordProblemText(problem: RecorderProblem, address: string, signingIn: boolean): string {
  switch (problem.kind) {
    case 'signed-out': {
      const sentence = clause(problem.sentence);
      return signingIn
        ? msg(str`The recorder refused the sign-in: ${sentence}.`, { id: 'history-record-refused' })
        : msg(str`The sign-in to the recorder has ended: sign in again to read the record. The recorder says: ${sentence}.`, {
            id: 'history-record-ended',
          });
    }
    case 'forbidden':
    case 'refused': {
      const sentence = clause(problem.sentence);
      return msg(str`The recorder says: ${sentence}.`, { id: 'history-record-says' });
    }
    case 'unreachable':
      return msg(
        str`No answer from the recorder at ${address}: check the address, that it runs with --http, and that it allows this page's origin (--allow-origin).`,
        { id: 'history-record-unreachable' },
      );
    case 'unreadable': {
      const { status } = problem;
      return msg(str`The answer from ${address} (status ${status}) is not the recorder's: check the address.`, {
        id: 'history-record-unreadable',
      });
    }
  }
}
