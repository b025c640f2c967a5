/**
 * The hands every live example shows: one simulated shoe (a fixed seed, so the page is the same
 * on every build), cut after 60 hands so the roads are mid-shoe and the odds are of a shoe in play.
 */
import { simulateShoeRecords } from '../../src/shoes/document.js';
import type { HandRecord } from '../../src/shoes/document.js';

const [shoe] = simulateShoeRecords({ shoes: 1, seed: 'docs', now: () => new Date('2026-01-01T12:00:00Z') });

export const sampleHands: readonly HandRecord[] = (shoe?.hands ?? []).slice(0, 60);

/** What the static embed shows: banker, player twice, banker twice and a tie. */
export const sampleOutcomes = 'BPPBBT';
