import { msg } from '@lit/localize';
import type { Side, Winner } from '../../src/hand.js';
import type { DerivedRoadName } from '../../src/roads.js';

/** Shared labels, looked up at render time so they follow the locale. */
export const outcomeLetter = (outcome: Winner): string =>
  outcome === 'B' ? msg('B', { id: 'banker' }) : outcome === 'P' ? msg('P', { id: 'player' }) : msg('T', { id: 'tie' });

export const outcomeName = (outcome: Winner): string =>
  outcome === 'B'
    ? msg('Banker', { id: 'banker-long' })
    : outcome === 'P'
      ? msg('Player', { id: 'player-long' })
      : msg('Tie', { id: 'tie-long' });

/** Who receives a card, in lower case for the middle of a sentence: player or banker. */
export const sideName = (side: Side): string =>
  side === 'player' ? msg('player', { id: 'side-player' }) : msg('banker', { id: 'side-banker' });

export const roadName = (road: DerivedRoadName | 'beadPlate' | 'bigRoad'): string => {
  switch (road) {
    case 'beadPlate':
      return msg('Bead Plate', { id: 'bead-plate' });
    case 'bigRoad':
      return msg('Big Road', { id: 'big-road' });
    case 'bigEyeBoy':
      return msg('Big Eye Boy', { id: 'big-eye-boy' });
    case 'smallRoad':
      return msg('Small Road', { id: 'small-road' });
    case 'cockroachPig':
      return msg('Cockroach Pig', { id: 'cockroach-pig' });
  }
};

export const colorName = (color: 'red' | 'blue'): string => (color === 'red' ? msg('red', { id: 'red' }) : msg('blue', { id: 'blue' }));
