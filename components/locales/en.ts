/**
 * The elements' words in English: every term, the types the other languages must match. Two sets,
 * the roads' and the panels', so that a page with one road loads only the roads' words.
 *
 * Terms are looked up by `ElementLocalize` (components/internal/localize.ts) in the language of the
 * nearest `lang` attribute, straight from these sets and the Chinese ones (nothing registers
 * them). A term with values is a function of them. The app's own
 * sentences go through @lit/localize instead (components/app/locales/).
 */
/** The words of the roads: `<bacc-big-road>`, `<bacc-bead-plate>`, `<bacc-derived-road>`, `<bacc-predictions>`. */
export interface RoadTerms {
  // The outcomes, sides, roads and colours every element names.
  bankerLetter: string;
  playerLetter: string;
  tieLetter: string;
  bankerName: string;
  playerName: string;
  tieName: string;
  bankerSide: string;
  playerSide: string;
  beadPlate: string;
  bigRoad: string;
  bigEyeBoy: string;
  smallRoad: string;
  cockroachPig: string;
  red: string;
  blue: string;

  // The roads' text alternatives.
  roadColumns: (count: number) => string;
  roadHands: (count: number) => string;
  roadTies: (count: number) => string;
  roadBankerPairs: (count: number) => string;
  roadPlayerPairs: (count: number) => string;
  roadPartSeparator: string;
  roadItemSeparator: string;
  roadSummaryEmpty: (road: string) => string;
  roadSummaryUnreadable: (road: string) => string;
  roadEarlierColumns: (count: number) => string;
  roadSummary: (road: string, count: string, items: string) => string;
  bigRoadColumnBanker: (column: number, length: number) => string;
  bigRoadColumnPlayer: (column: number, length: number) => string;
  bigRoadLeadingTies: (ties: string) => string;
  beadPlateHandTotal: (hand: string, total: number) => string;
  beadPlateHandPairs: (hand: string, pairs: string) => string;
  beadPlateBankerPair: string;
  beadPlatePlayerPair: string;
  beadPlateColumn: (column: number, hands: string) => string;
  derivedRoadColumnRed: (column: number, length: number) => string;
  derivedRoadColumnBlue: (column: number, length: number) => string;
  askBanker: string;
  askPlayer: string;
  askRoadMark: (road: string, colour: string) => string;
  askRoadNoMark: (road: string) => string;
  askRoadSummary: (label: string, marks: string) => string;
}

/** The words of the panels, the last hand and the scoreboard. */
export interface PanelTerms {
  // What the panels share.
  playerPair: string;
  bankerPair: string;
  natural: string;
  panelsHands: (hands: number) => string;
  panelsLeadBanker: (count: number) => string;
  panelsLeadPlayer: (count: number) => string;
  panelsLeadLevel: string;

  // <bacc-stats>
  statsLabel: string;
  statsHands: string;
  statsCurrentStreak: string;
  statsLongestStreak: string;
  statsPairs: string;
  statsUnknown: string;
  statsNaturals: string;
  statsBankerWinsOn6: string;
  statsCardsDealt: string;
  statsCardsLeft: string;

  // <bacc-odds-note>
  oddsPastResults: string;
  oddsNextHand: (cardsLeft: number) => string;
  oddsFullShoe: (decks: number) => string;
  oddsNewShoe: (decks: number) => string;
  oddsFullShoeCardsMissing: (decks: number) => string;

  // <bacc-last-hand>
  lastHandEmpty: string;
  lastHandNumber: (hand: number) => string;
  lastHandNoCards: string;
  lastHandTotal: string;
  lastHandBankerWins: string;
  lastHandPlayerWins: string;
  lastHandStatus: (hand: number, result: string) => string;
  lastHandStatusTotals: (player: number, banker: number) => string;
  cardAce: string;
  cardJack: string;
  cardQueen: string;
  cardKing: string;
  cardOfSpades: (rank: string) => string;
  cardOfHearts: (rank: string) => string;
  cardOfDiamonds: (rank: string) => string;
  cardOfClubs: (rank: string) => string;
  thirdCard: (card: string) => string;

  // <bacc-chart>
  chartCountCaption: string;
  chartCountTable: string;
  chartCountAxis: string;
  chartCountEmpty: string;
  chartCountSummary: (hands: string, now: string, bankerBest: number, playerBest: number) => string;
  chartHand: string;
  chartResult: string;
  chartFrequenciesCaption: string;
  chartFrequenciesTable: string;
  chartFrequenciesSummary: (hands: string, items: string) => string;
  chartFrequencySummaryItem: (name: string, observed: string, exact: string) => string;
  chartLegendObserved: (hands: string) => string;
  chartLegendExact: (decks: number) => string;

  // <bacc-scoreboard>
  scoreboardDefaultTable: string;
  scoreboardLimits: string;
  scoreboardShoe: string;
  scoreboardHand: string;
  scoreboardNoShoe: string;
  scoreboardDecks: (decks: number) => string;
}

/** Every element's words: the roads' and the panels'. */
export interface ElementTerms extends RoadTerms, PanelTerms {}

export const roadTerms: RoadTerms = {
  bankerLetter: 'B',
  playerLetter: 'P',
  tieLetter: 'T',
  bankerName: 'Banker',
  playerName: 'Player',
  tieName: 'Tie',
  bankerSide: 'banker',
  playerSide: 'player',
  beadPlate: 'Bead Plate',
  bigRoad: 'Big Road',
  bigEyeBoy: 'Big Eye Boy',
  smallRoad: 'Small Road',
  cockroachPig: 'Cockroach Pig',
  red: 'red',
  blue: 'blue',

  roadColumns: (count) => (count === 1 ? `${count} column` : `${count} columns`),
  roadHands: (count) => (count === 1 ? `${count} hand` : `${count} hands`),
  roadTies: (count) => (count === 1 ? `${count} tie` : `${count} ties`),
  roadBankerPairs: (count) => (count === 1 ? `${count} banker pair` : `${count} banker pairs`),
  roadPlayerPairs: (count) => (count === 1 ? `${count} player pair` : `${count} player pairs`),
  roadPartSeparator: ', ',
  roadItemSeparator: '; ',
  roadSummaryEmpty: (road) => `${road}: nothing yet`,
  roadSummaryUnreadable: (road) => `${road}: the outcomes could not be read`,
  roadEarlierColumns: (count) => (count === 1 ? `${count} earlier column not read out` : `${count} earlier columns not read out`),
  roadSummary: (road, count, items) => `${road}, ${count}: ${items}`,
  bigRoadColumnBanker: (column, length) => `column ${column} banker ${length}`,
  bigRoadColumnPlayer: (column, length) => `column ${column} player ${length}`,
  bigRoadLeadingTies: (ties) => `${ties} before the first column`,
  beadPlateHandTotal: (hand, total) => `${hand} ${total}`,
  beadPlateHandPairs: (hand, pairs) => `${hand} (${pairs})`,
  beadPlateBankerPair: 'banker pair',
  beadPlatePlayerPair: 'player pair',
  beadPlateColumn: (column, hands) => `column ${column}: ${hands}`,
  derivedRoadColumnRed: (column, length) => `column ${column} red ${length}`,
  derivedRoadColumnBlue: (column, length) => `column ${column} blue ${length}`,
  askBanker: 'Ask banker',
  askPlayer: 'Ask player',
  askRoadMark: (road, colour) => `${road} ${colour}`,
  askRoadNoMark: (road) => `${road} no mark yet`,
  askRoadSummary: (label, marks) => `${label}: ${marks}`,
};

export const panelTerms: PanelTerms = {
  playerPair: 'Player pair',
  bankerPair: 'Banker pair',
  natural: 'Natural',
  panelsHands: (hands) => (hands === 1 ? '1 hand' : `${hands} hands`),
  panelsLeadBanker: (count) => `banker +${count}`,
  panelsLeadPlayer: (count) => `player +${count}`,
  panelsLeadLevel: 'level',

  statsLabel: 'Statistics of this shoe',
  statsHands: 'Hands',
  statsCurrentStreak: 'Current streak',
  statsLongestStreak: 'Longest streak',
  statsPairs: 'Pairs',
  statsUnknown: 'unknown: some hands were recorded without their cards',
  statsNaturals: 'Naturals',
  statsBankerWinsOn6: 'Banker wins with 6',
  statsCardsDealt: 'Cards dealt',
  statsCardsLeft: 'Cards left',

  oddsPastResults: 'Past results do not predict the next hand.',
  oddsNextHand: (cardsLeft) => `Exact odds of the next hand, from the ${cardsLeft} cards left:`,
  oddsFullShoe: (decks) => `Exact odds of a hand from a full ${decks}-deck shoe:`,
  oddsNewShoe: (decks) => `This shoe is over. Exact odds of the first hand of a new ${decks}-deck shoe:`,
  oddsFullShoeCardsMissing: (decks) =>
    `Not every hand has its cards recorded, so these are the exact odds of a hand from a full ${decks}-deck shoe:`,

  lastHandEmpty: 'No hands yet.',
  lastHandNumber: (hand) => `Hand ${hand}`,
  lastHandNoCards: 'Cards not recorded.',
  lastHandTotal: 'total',
  lastHandBankerWins: 'Banker wins',
  lastHandPlayerWins: 'Player wins',
  lastHandStatus: (hand, result) => `Hand ${hand}: ${result}.`,
  lastHandStatusTotals: (player, banker) => `Player ${player}, banker ${banker}.`,
  cardAce: 'ace',
  cardJack: 'jack',
  cardQueen: 'queen',
  cardKing: 'king',
  cardOfSpades: (rank) => `${rank} of spades`,
  cardOfHearts: (rank) => `${rank} of hearts`,
  cardOfDiamonds: (rank) => `${rank} of diamonds`,
  cardOfClubs: (rank) => `${rank} of clubs`,
  thirdCard: (card) => `third card: ${card}`,

  chartCountCaption: 'Banker wins minus player wins, hand by hand',
  chartCountTable: 'Banker wins minus player wins after each hand',
  chartCountAxis: 'Banker minus player',
  chartCountEmpty: 'Banker wins minus player wins: no hands yet.',
  chartCountSummary: (hands, now, bankerBest, playerBest) =>
    `Banker wins minus player wins over ${hands}: now ${now}; banker's largest lead ${bankerBest}, player's largest lead ${playerBest}.`,
  chartHand: 'Hand',
  chartResult: 'Result',
  chartFrequenciesCaption: 'This shoe against the exact odds',
  chartFrequenciesTable: 'How often each came up in this shoe, and its exact probability',
  chartFrequenciesSummary: (hands, items) => `This shoe, ${hands}, against the exact odds of a full shoe: ${items}.`,
  chartFrequencySummaryItem: (name, observed, exact) => `${name} ${observed} (exact ${exact})`,
  chartLegendObserved: (hands) => `This shoe (${hands})`,
  chartLegendExact: (decks) => `Exact, full ${decks}-deck shoe`,

  scoreboardDefaultTable: 'Mini-Baccarat',
  scoreboardLimits: 'Limits',
  scoreboardShoe: 'Shoe',
  scoreboardHand: 'Hand',
  scoreboardNoShoe: 'No shoe yet',
  scoreboardDecks: (decks) => (decks === 1 ? '1 deck · play money only' : `${decks} decks · play money only`),
};
