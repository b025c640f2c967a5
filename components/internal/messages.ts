import type { Side, Winner } from '../../src/game/hand.js';
import type { DerivedRoadName } from '../../src/roads/roads.js';
import type { RoadTerms } from '../locales/en.js';
import type { Terms } from './localize.js';

/** Shared labels, looked up at render time in the element's language. */
export const outcomeLetter = (localize: Terms<RoadTerms>, outcome: Winner): string =>
  localize.term(outcome === 'B' ? 'bankerLetter' : outcome === 'P' ? 'playerLetter' : 'tieLetter');

export const outcomeName = (localize: Terms<RoadTerms>, outcome: Winner): string =>
  localize.term(outcome === 'B' ? 'bankerName' : outcome === 'P' ? 'playerName' : 'tieName');

/** Who receives a card, in lower case for the middle of a sentence: player or banker. */
export const sideName = (localize: Terms<RoadTerms>, side: Side): string => localize.term(side === 'player' ? 'playerSide' : 'bankerSide');

export const roadName = (localize: Terms<RoadTerms>, road: DerivedRoadName | 'beadPlate' | 'bigRoad'): string => localize.term(road);

export const colorName = (localize: Terms<RoadTerms>, color: 'red' | 'blue'): string => localize.term(color);
