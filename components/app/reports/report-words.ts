/**
 * The reports page's words: the tests and their verdicts in plain sentences, the recorder's
 * refusals, and numbers and hours as the page writes them, in the page's language (msg()).
 */
import { msg, str } from '@lit/localize';
import type { RecorderProblem, TestRow } from '../shared/recorder-api.js';

/** Shown for a share that is not known: naturals and pairs of a table with no hand carded. */
export const UNKNOWN = '–';

/** A whole count with grouping: 2,104 (both languages write it so). */
export function formatCount(value: number): string {
  return Math.round(value)
    .toFixed(0)
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A share as a percentage with `decimals` decimals: 45.9%; the unknown mark when there is none. */
export function formatPercent(share: number | null, decimals = 1): string {
  return share === null || !Number.isFinite(share) ? UNKNOWN : `${(share * 100).toFixed(decimals)}%`;
}

/** An expected count or a statistic: one decimal. */
export function formatDecimal(value: number | null): string {
  return value === null || !Number.isFinite(value) ? UNKNOWN : value.toFixed(1);
}

/** A p-value: three decimals, and "< 0.001" below that. */
export function formatP(p: number | null): string {
  if (p === null || !Number.isFinite(p)) return UNKNOWN;
  return p < 0.001 ? '< 0.001' : p.toFixed(3);
}

/** A p-value in a sentence: "= 0.004", "< 0.001". */
function pRelation(p: number | null): string {
  const shown = formatP(p);
  return shown.startsWith('<') || shown === UNKNOWN ? shown : `= ${shown}`;
}

/** The significance level as a percentage: 0.01 → "1%". */
export function formatLevel(level: number): string {
  return `${Number((level * 100).toPrecision(3))}%`;
}

const two = (n: number): string => String(n).padStart(2, '0');

/** An hour's start in local time: "14:00", or "03-01 14:00" when the report spans several days. */
export function formatHour(iso: string, withDate: boolean): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const time = `${two(date.getHours())}:${two(date.getMinutes())}`;
  return withDate ? `${two(date.getMonth() + 1)}-${two(date.getDate())} ${time}` : time;
}

/** A moment in local time with seconds: "14:05:09". */
export function formatClock(date: Date): string {
  return `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
}

/** A test's name, as a column of the report calls it. */
export function testName(test: TestRow['test']): string {
  switch (test) {
    case 'outcome':
      return msg('Banker, player and tie', { id: 'reports-test-outcome' });
    case 'natural':
      return msg('Naturals', { id: 'reports-naturals' });
    case 'player-pair':
      return msg('Player pairs', { id: 'reports-player-pairs' });
    case 'banker-pair':
      return msg('Banker pairs', { id: 'reports-banker-pairs' });
  }
}

/** A test's verdict in words. */
export function verdictText(verdict: TestRow['verdict']): string {
  switch (verdict) {
    case 'flagged':
      return msg('Flagged', { id: 'reports-verdict-flagged' });
    case 'within':
      return msg('Within expectation', { id: 'reports-verdict-within' });
    case 'too-few':
      return msg('Too few hands to test', { id: 'reports-verdict-too-few' });
  }
}

/** A flagged test said in plain words: what came, against what was expected, and how unlikely by chance. */
export function flaggedSentence(row: TestRow): string {
  const { table } = row;
  const seen = row.observed.map(formatCount);
  const expected = row.expected.map(formatDecimal);
  const p = pRelation(row.p);
  if (row.test === 'outcome') {
    const [banker, player, tie] = seen;
    const [bankerExpected, playerExpected, tieExpected] = expected;
    return msg(
      str`${table}: banker ${banker}, player ${player}, tie ${tie}, where ${bankerExpected}, ${playerExpected} and ${tieExpected} were expected (p ${p}).`,
      { id: 'reports-flag-outcome' },
    );
  }
  const count = seen[0];
  const carded = formatCount(row.observed.reduce((sum, n) => sum + n, 0));
  const wanted = expected[0];
  switch (row.test) {
    case 'natural':
      return msg(str`${table}: ${count} naturals in ${carded} carded hands, where ${wanted} were expected (p ${p}).`, {
        id: 'reports-flag-natural',
      });
    case 'player-pair':
      return msg(str`${table}: ${count} player pairs in ${carded} carded hands, where ${wanted} were expected (p ${p}).`, {
        id: 'reports-flag-player-pair',
      });
    case 'banker-pair':
      return msg(str`${table}: ${count} banker pairs in ${carded} carded hands, where ${wanted} were expected (p ${p}).`, {
        id: 'reports-flag-banker-pair',
      });
  }
}

/** A test that could not be made: the table and the test, and why. */
export function tooFewSentence(row: TestRow): string {
  const { table } = row;
  const test = testName(row.test);
  return msg(str`${table}, ${test}: too few hands to test.`, { id: 'reports-too-few' });
}

/**
 * The recorder's explanation of its tests (a flag is a reason to look, not proof), in the page's
 * language: the recorder's own sentence in English, its translation in Chinese.
 */
export function explanationText(explanation: string): string {
  return msg(str`${explanation}`, { id: 'reports-tests-explanation' });
}

/** Why the page has no answer from the recorder, in words; the recorder's own sentence where it gave one. */
export function problemText(problem: RecorderProblem, address: string): string {
  switch (problem.kind) {
    case 'signed-out':
    case 'forbidden':
    case 'refused': {
      // The recorder's sentences end without a full stop, but one may come with it.
      const sentence = problem.sentence.replace(/[.。]\s*$/, '');
      return msg(str`The recorder says: ${sentence}.`, { id: 'reports-recorder-says' });
    }
    case 'unreachable':
      return msg(
        str`No answer from the recorder at ${address}: check the address, that it runs with --http, and that it allows this page's origin (--allow-origin).`,
        { id: 'reports-unreachable' },
      );
    case 'unreadable': {
      const { status } = problem;
      return msg(str`The answer from ${address} (status ${status}) is not a report of the recorder's: check the address.`, {
        id: 'reports-unreadable',
      });
    }
  }
}
