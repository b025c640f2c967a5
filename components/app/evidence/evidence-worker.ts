/**
 * One worker of an evidence run (issue #17): deals and tallies the chunks it is sent, one reply per
 * chunk; and, asked once, computes a fresh shoe's exact odds for the page to read the tallies
 * against (their first computation builds tables for tens of milliseconds: on the page it held the
 * main thread that long when the element was put on it).
 */
import { TALLY_LENGTH, tallyChunk } from '../../../src/evidence/evidence.js';
import { evidenceOdds } from '../../../src/evidence/measurements.js';
import type { NextHandOdds } from '../../../src/game/odds.js';

/** What the page sends: chunks `chunkIndex` … `chunkIndex + count − 1` of the run seeded `seed`. */
export interface EvidenceChunkRequest {
  seed: string;
  decks: number;
  chunkIndex: number;
  count: number;
}

/** What the page sends first to one worker: the exact odds of a fresh shoe of `decks` decks (default rules). */
export interface EvidenceOddsRequest {
  odds: true;
  decks: number;
}

/**
 * What the worker answers: each chunk's tally, one after the other (chunk `chunkIndex + i` at
 * `i × TALLY_LENGTH`; the buffer transferred, not copied), or why it could not.
 */
export type EvidenceChunkReply = { chunkIndex: number; count: number; tallies: Float64Array } | { chunkIndex: number; error: string };

/** The answer to an `EvidenceOddsRequest`. */
export type EvidenceOddsReply = { odds: NextHandOdds } | { oddsError: string };

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));

addEventListener('message', (event: MessageEvent<EvidenceChunkRequest | EvidenceOddsRequest>) => {
  if ('odds' in event.data) {
    let answer: EvidenceOddsReply;
    try {
      answer = { odds: evidenceOdds(event.data.decks) };
    } catch (error) {
      answer = { oddsError: message(error) };
    }
    postMessage(answer);
    return;
  }
  const { seed, decks, chunkIndex, count } = event.data;
  let reply: EvidenceChunkReply;
  try {
    const tallies = new Float64Array(count * TALLY_LENGTH);
    for (let i = 0; i < count; i++) tallies.set(tallyChunk(seed, decks, chunkIndex + i), i * TALLY_LENGTH);
    reply = { chunkIndex, count, tallies };
  } catch (error) {
    reply = { chunkIndex, error: message(error) };
  }
  // The tallies' buffer moves to the page: nothing is copied, and this worker keeps no reference to it.
  postMessage(reply, { transfer: 'tallies' in reply ? [reply.tallies.buffer] : [] });
});
