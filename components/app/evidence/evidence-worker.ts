/**
 * One worker of an evidence run (issue #17): deals and tallies the chunks it is sent, one reply per
 * chunk. Loads only the dealing and counting core, not the odds: the page reads the tallies out.
 */
import { tallyChunk } from '../../../src/evidence.js';

/** What the page sends: one chunk of the run seeded `seed`. */
export interface EvidenceChunkRequest {
  seed: string;
  decks: number;
  chunkIndex: number;
}

/** What the worker answers: the chunk's tally (its buffer transferred, not copied), or why it could not. */
export type EvidenceChunkReply = { chunkIndex: number; tally: Float64Array } | { chunkIndex: number; error: string };

addEventListener('message', (event: MessageEvent<EvidenceChunkRequest>) => {
  const { seed, decks, chunkIndex } = event.data;
  let reply: EvidenceChunkReply;
  try {
    reply = { chunkIndex, tally: tallyChunk(seed, decks, chunkIndex) };
  } catch (error) {
    reply = { chunkIndex, error: error instanceof Error ? error.message : String(error) };
  }
  // The tally's buffer moves to the page: nothing is copied, and this worker keeps no reference to it.
  postMessage(reply, { transfer: 'tally' in reply ? [reply.tally.buffer] : [] });
});
