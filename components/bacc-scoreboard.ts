import { LitElement, html, css, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { DEFAULT_RULES, type TableRules } from '../src/game/rules.js';
import type { Card } from '../src/game/cards.js';
import { cardsChanged } from './internal/cards-out-of-play.js';
import type { HandRecord } from '../src/shoes/document.js';
import { RoadFollower } from '../src/roads/road-follower.js';
import { StatisticsFollower } from '../src/roads/statistics-follower.js';
import { noticeLook, themeTokens } from './styles/theme.js';
import { elementTermSets } from './internal/element-terms.js';
import { ElementLocalize } from './internal/localize.js';
import { acceptedHands } from './internal/hands-check.js';
import { cardsProblem } from './internal/hand-cards-check.js';
import { usableRows } from './internal/road-element.js';
import { usableChoice } from './internal/attribute-check.js';
import { afterNextFrame } from './internal/after-next-frame.js';
import { DEFAULT_ROWS } from '../src/roads/roads.js';

/**
 * One shoe on a wall screen: table name, limits, shoe and hand number, every road, the ask
 * roads, the statistics, a chart, the last hand, and the note that past results do not predict
 * the next hand. It fills its container, landscape or portrait, and only lays out its children:
 * each child paints from the same `.hands`. The roads share one RoadFollower and the panels one
 * StatisticsFollower, so each hand is added to one road tracker and one set of statistics (and
 * the exact odds of the next hand computed once), not once per element.
 *
 * @csspart header - The table name, limits, shoe and hand numbers.
 * @csspart status - The page's status line in the header (for example storage trouble), when there is one.
 * @csspart note - The always-visible odds note.
 * @cssprop --bacc-background - Page colour behind the panels.
 * @cssprop --bacc-panel-color - Colour of the panels.
 * @cssprop --bacc-gap - Space between panels.
 * @cssprop --bacc-notice-background - Background of the status line (default: amber).
 * @cssprop --bacc-notice-color - Text of the status line.
 *
 * @tagname bacc-scoreboard
 */
export class BaccScoreboard extends LitElement {
  /** The scoreboard's words, in the language of its nearest `lang` attribute. */
  protected readonly localize: ElementLocalize = new ElementLocalize(this, elementTermSets);

  static override styles = [
    themeTokens,
    css`
      :host {
        --_gap: var(--bacc-gap, clamp(4px, 0.8cqmin, 16px));
        display: block;
        box-sizing: border-box;
        width: 100%;
        height: 100%;
        overflow: hidden;
        container: scoreboard / size;
        background: var(--_background);
      }
      .layout {
        --_pad: calc(var(--_gap) * 0.75);
        /*
         * Type scales with the screen's short side: 25.9 px on a 1080-pixel screen, for the players at
         * the table. The panels size their figures in em of it (container units would resolve
         * against each panel, not the board): 1.7 em (44 px) for what the aisle reads, 2.9 em (75 px)
         * for the last result and the odds.
         */
        font-size: max(14px, 2.4cqmin);
        /*
         * Road cells are square and sized from the screen: the big road's rows share a fixed part of
         * the height whatever their number, and the bead plate's likewise; the derived roads split
         * the bead plate's height between two rows of panels.
         */
        --_road-cell: min(calc(26.6cqh / var(--_rows, 6)), 3.4cqw);
        --_bead-cell: min(calc(25.2cqh / var(--_rows, 6)), 3.2cqw);
        --_derived-row: calc((var(--_rows, 6) * var(--_bead-cell) + 2 * var(--_pad) - var(--_gap)) / 2);
        --_derived-cell: calc((var(--_derived-row) - 2 * var(--_pad)) / var(--_rows, 6));
        box-sizing: border-box;
        height: 100%;
        display: grid;
        gap: var(--_gap);
        padding: var(--_gap);
        grid-template-columns: repeat(10, minmax(0, 1fr));
        grid-template-rows: auto auto var(--_derived-row) var(--_derived-row) auto minmax(0, 1fr);
        /*
         * As the boards players know: the big road takes most of the width, the last hand beside it
         * large; the bead plate under the last hand; the derived roads in smaller cells under the big
         * road; one strip of counts with the ask roads; at the foot, a panel that shows the other
         * statistics and the charts in turn, beside the exact odds of the next hand.
         */
        grid-template-areas:
          'header header header header header header header header header header'
          'last last last last big big big big big big'
          'bead bead bead bead eye eye eye eye eye eye'
          'bead bead bead bead small small small pig pig pig'
          'counts counts counts counts counts counts counts ask ask ask'
          'more more more more more note note note note note';
      }
      /* A landscape board narrower than 16:9 (4:3, 5:4) takes its type from its width, so that its panels' text fits them. */
      @container scoreboard (aspect-ratio >= 1) {
        .layout {
          font-size: max(14px, min(2.4cqmin, 1.4cqw));
        }
      }
      @container scoreboard (aspect-ratio < 1) {
        .layout {
          --_road-cell: min(calc(18cqh / var(--_rows, 6)), 4.6cqw);
          --_bead-cell: min(calc(15cqh / var(--_rows, 6)), 4.2cqw);
          grid-template-rows: auto auto auto var(--_derived-row) var(--_derived-row) auto minmax(0, 1fr) auto;
          grid-template-areas:
            'header header header header header header header header header header'
            'last last last last last last last ask ask ask'
            'big big big big big big big big big big'
            'bead bead bead bead eye eye eye eye eye eye'
            'bead bead bead bead small small small pig pig pig'
            'counts counts counts counts counts counts counts counts counts counts'
            'more more more more more more more more more more'
            'note note note note note note note note note note';
        }
      }
      /*
       * A phone held upright: the ask roads under the last hand, and the board scrolls rather than
       * cutting its text to fit, with room for the charts.
       */
      @container scoreboard (aspect-ratio < 1) and (width < 600px) {
        .layout {
          /* The bead plate the width of the board: its letters 12.5 px on a 390-pixel phone. */
          --_bead-cell: 6cqw;
          --_derived-cell: 3.6cqw;
          height: auto;
          max-height: 100cqh;
          overflow-y: auto;
          grid-template-rows: none;
          grid-template-areas:
            'header header header header header header header header header header'
            'last last last last last last last last last last'
            'ask ask ask ask ask ask ask ask ask ask'
            'big big big big big big big big big big'
            'bead bead bead bead bead bead bead bead bead bead'
            'eye eye eye eye eye eye eye eye eye eye'
            'small small small small small pig pig pig pig pig'
            'counts counts counts counts counts counts counts counts counts counts'
            'more more more more more more more more more more'
            'note note note note note note note note note note';
        }
      }
      .panel {
        min-width: 0;
        min-height: 0;
        overflow: hidden;
        /* A new hand changes what is inside the panels, never their size: keep layout and paint inside. */
        contain: layout paint style;
        background: var(--_panel);
        border-radius: var(--_radius);
        padding: var(--_pad);
        box-sizing: border-box;
      }
      header {
        grid-area: header;
        display: flex;
        flex-wrap: wrap;
        align-items: baseline;
        gap: 0.2em 1.2em;
      }
      /*
       * One line on a landscape board, whatever the name and limits: a long one ends in an ellipsis
       * (its whole text in its title) rather than pushing the board down. Upright, it may take two.
       */
      .line {
        flex: 1 1 auto;
        min-width: 0;
        display: flex;
        align-items: baseline;
        gap: 0.2em 1.2em;
      }
      .line > * {
        flex: none;
        white-space: nowrap;
      }
      .line > h1,
      .line > .limits,
      .line > .decks {
        flex: 0 1 auto;
        min-width: 0;
        overflow: hidden;
        text-overflow: ellipsis;
      }
      /* Short of room, the deck note gives way first, then the name, the limits last. */
      .line > h1 {
        flex-shrink: 4;
      }
      .line > .decks {
        flex-shrink: 8;
      }
      @container scoreboard (aspect-ratio < 1) {
        .line {
          flex-wrap: wrap;
        }
      }
      /* The name, the limits and the shoe and hand numbers are read from the aisle; their labels from the table. */
      header .figure,
      header h1 {
        font-size: 1.7em;
        font-weight: 700;
      }
      /*
       * A long name (60 characters, or 60 wide ones) is cut short with an ellipsis inside the header,
       * never running out of it; its full text stays in the heading (read out whole) and its title.
       */
      header h1 {
        margin: 0;
        flex: 0 1 auto;
        min-width: 0;
        max-width: 100%;
        overflow: hidden;
        text-overflow: ellipsis;
        white-space: nowrap;
        line-height: 1.15;
      }
      /* A real space after a label, not only a margin: read and copied as "Limits 10 – 1,000", never "Limits10 – 1,000". */
      header .label {
        color: var(--_muted);
      }
      /* At the header's end, or a line of its own when the header is full: it never covers a panel. */
      .status {
        margin: 0 0 0 auto;
        padding: 0.1em 0.6em;
        border-radius: var(--_radius);
        ${noticeLook}
      }
      .status:empty {
        display: none;
      }
      .big {
        grid-area: big;
        --bacc-cell-size: var(--_road-cell);
      }
      /* Discs nearly filling their cells, so that their letters are as large as the cell allows: 0.53 of it. */
      .bead {
        grid-area: bead;
        --bacc-cell-size: var(--_bead-cell);
        --bacc-mark-size: 0.92;
      }
      .eye {
        grid-area: eye;
        --bacc-cell-size: var(--_derived-cell);
      }
      .small {
        grid-area: small;
        --bacc-cell-size: var(--_derived-cell);
      }
      .pig {
        grid-area: pig;
        --bacc-cell-size: var(--_derived-cell);
      }
      /*
       * The big road sets its row's height, never the last hand (a size container adds none): a hand
       * with a third card or a flag is taller, and the rows under it moved at each such hand. Its
       * result, totals and cards are sized to fit that height (cqh) and its width (cqi, the last
       * hand's own): 75 px and 60 px cards on a 1080-pixel screen, smaller where the row is short.
       */
      .last {
        grid-area: last;
        container-type: size;
        --bacc-label-size: min(1em, 9cqh);
        --bacc-figure-size: min(2.9em, 11cqi, 25.5cqh);
        /* Ranks and suits are 0.42 of a card's width: 25 px on a 1080-pixel screen; three cards a side always fit on one line. */
        --bacc-card-width: min(2.3em, 20cqh, 9cqi);
      }
      /* Upright, the ask roads share its row: the row takes the height the last hand needs on a wall. */
      @container scoreboard (aspect-ratio < 1) {
        .last {
          height: 16cqh;
        }
      }
      /* On a phone the board scrolls: the last hand takes the height it needs. */
      @container scoreboard (aspect-ratio < 1) and (width < 600px) {
        .last {
          container-type: inline-size;
          height: auto;
        }
      }
      .counts {
        grid-area: counts;
        --bacc-label-size: 1em;
        --bacc-figure-size: 1.7em;
      }
      .ask {
        grid-area: ask;
        --bacc-cell-size: 1.6em;
        display: grid;
        align-content: center;
      }
      /* Beside the last hand on a screen held upright: each side's label above its marks, as tall as the panel allows. */
      @container scoreboard (aspect-ratio < 1) {
        .ask {
          --bacc-cell-size: 2em;
        }
        .ask > bacc-predictions::part(ask) {
          flex-direction: column;
          align-items: flex-start;
          gap: 0.2em;
        }
      }
      @container scoreboard (aspect-ratio < 1) and (width < 600px) {
        .ask {
          --bacc-cell-size: 1.6em;
        }
        .ask > bacc-predictions::part(ask) {
          flex-direction: row;
          align-items: center;
        }
      }
      .more {
        grid-area: more;
        display: grid;
        gap: var(--_gap);
        grid-template-rows: auto minmax(0, 1fr);
        padding: 0;
        background: none;
      }
      /*
       * On a landscape board the other statistics, the count chart and the frequency chart take turns
       * in one panel, each with the whole panel. Upright, there is room for the statistics and one
       * chart: the two charts take turns under them.
       */
      .more > * {
        min-height: 0;
      }
      @container scoreboard (aspect-ratio >= 1) {
        .more {
          grid-template-rows: minmax(0, 1fr);
        }
        .more[data-turn='details'] > :not(.details),
        .more[data-turn='count'] > :not(.count),
        .more[data-turn='frequencies'] > :not(.frequencies) {
          display: none;
        }
        /*
         * Its six figures in two rows of three, whatever the panel's width; their text gives way where
         * the panel is short (a 4:3 screen), rather than the last tiles being cut.
         */
        .details {
          container-type: size;
          --bacc-label-size: min(1em, 9cqh);
        }
        .details > bacc-stats::part(list) {
          grid-template-columns: repeat(3, minmax(0, 1fr));
        }
      }
      @container scoreboard (aspect-ratio < 1) {
        .more:not([data-turn='frequencies']) > .frequencies,
        .more[data-turn='frequencies'] > .count {
          display: none;
        }
      }
      .details > bacc-stats {
        height: 100%;
      }
      /* Centred in its panel; never pushed out at the top where the panel is short. */
      .details > bacc-stats::part(list) {
        height: 100%;
        align-content: safe center;
      }
      .details {
        --bacc-label-size: 1em;
        /* Its figures are 0.55 of this: 1.6 em. */
        --bacc-figure-size: 2.9em;
      }
      /* Captions are 0.8 of the label size and the legend 0.85 of that: both at least the board's text. */
      .chart > bacc-chart {
        height: 100%;
        /* The panel's height is the board's to give: the plot takes what its caption and legend leave. */
        --bacc-chart-min-height: 0;
        --bacc-label-size: 1.5em;
        --bacc-chart-font-size: 1em;
      }
      @container scoreboard (aspect-ratio < 1) and (width < 600px) {
        .chart {
          height: 24em;
        }
      }
      .note {
        grid-area: note;
        --bacc-label-size: 1em;
        /* The odds are half of this: 2.1 em (54 px), the three on one line. */
        --bacc-figure-size: 4.2em;
        /* Its lines in the middle of the height the other statistics beside it take. */
        display: flex;
        flex-direction: column;
        justify-content: center;
      }
      /* Across a screen held upright: the three odds still on one line, leaving the height to the charts. */
      @container scoreboard (aspect-ratio < 1) {
        .note {
          --bacc-figure-size: 3.6em;
        }
      }
    `,
  ];

  /**
   * The hands of the shoe on screen, in the shoe export document's shape; replaced, never mutated.
   * Null or undefined (data not there yet): no hands; a value that is not a list of hand records: no
   * hands, and one console warning (the parts are given the hands checked here, and none otherwise).
   */
  @property({ attribute: false })
  get hands(): readonly HandRecord[] {
    return this.givenHands;
  }
  set hands(value: readonly HandRecord[] | null | undefined) {
    this.givenHands = acceptedHands(value, this.localName, cardsProblem);
  }
  private givenHands: readonly HandRecord[] = [];

  /** The table's rules: decks for the cards left, pay tables for the house edges. */
  @property({ attribute: false }) rules: TableRules = DEFAULT_RULES;

  /**
   * Cards out of play that everyone saw leave the shoe outside the hands (a cancelled card, the burn's
   * card turned face up, a void or dummy hand's cards), in the card notation: the odds note leaves them
   * out of the next hand's odds. Not the cards burned face down. Given to `<bacc-odds-note>` as is.
   */
  @property({ attribute: false, hasChanged: cardsChanged }) cardsOutOfPlay: readonly Card[] | null | undefined = [];

  /** The table's name. */
  @property({ attribute: 'table-name' }) tableName = '';

  /** The table's bet limits, as free text (play money). */
  @property() limits = '';

  /**
   * A line the page needs seen without covering the board (the kiosk's storage trouble, another
   * window dealing the table); announced to screen readers as a status. Empty for none.
   */
  @property() status = '';

  /** The shoe on screen is over (its cut card came out, or it was ended): the odds note gives a new shoe's. */
  @property({ type: Boolean, reflect: true }) ended = false;

  /**
   * Which shoe of the session this is, from 1; 0 (the default, and an absent or empty attribute)
   * when there is no shoe number: the header then says "No shoe yet" before the first hand, and
   * only the hand number after it, never a shoe that does not exist.
   */
  @property({ type: Number, attribute: 'shoe-number' }) shoeNumber: number | null = 0;

  /** Grid rows of every road, a whole number from 3 to 12 (default 6); another value is brought into that range, with a console warning. */
  @property({ type: Number }) rows: number = DEFAULT_ROWS;

  /** `rows` brought into range once per change, and given to every road (so one warning, not one per road). */
  private rowsInUse = DEFAULT_ROWS;

  /** Marks carry letters as well as colours. */
  @property({ type: Boolean, reflect: true }) letters = false;

  /** What the bead plate's discs show: `chinese` (庄 闲 和), `letters` (B P T) or `totals`; by default 庄闲和 in Chinese and B P T otherwise. */
  @property({ attribute: 'bead-labels' }) beadLabels: 'chinese' | 'letters' | 'totals' | '' = '';

  /** Followed by the first road to update with new hands; the others find the hand already added. */
  private readonly roadFollower = new RoadFollower();
  private readonly statisticsFollower = new StatisticsFollower();

  /** The hands each stage's parts were last given (STAGES order): the first stage's are always `hands`. */
  private readonly stageHands: (readonly HandRecord[])[] = STAGES.map(() => []);
  /** The first stage not yet given the current hands; STAGES.length when every part has them. */
  private nextStage: number = STAGES.length;
  /** Gives the later stages their hands, a frame apart; null when none is waiting. */
  private staging: Promise<void> | null = null;
  /** How many lists of hands the board has been given, and which of them each stage holds. */
  private handsGiven = 0;
  private readonly stageHolds: number[] = STAGES.map(() => 0);
  /** Called once the next stage has been given its hands. */
  private stageWaiters: (() => void)[] = [];

  /** The shoe and hand numbers; with no shoe number, only what is true: no shoe yet, or the hand. */
  private renderShoe() {
    const { shoeNumber, hands } = this;
    const hand = html`<span
      ><span class="label">${this.localize.term('scoreboardHand')}</span> <span class="figure">${hands.length}</span></span
    >`;
    if (shoeNumber != null && Number.isInteger(shoeNumber) && shoeNumber >= 1)
      return html`<span><span class="label">${this.localize.term('scoreboardShoe')}</span> <span class="figure">${shoeNumber}</span></span>
        ${hand}`;
    return hands.length === 0 ? html`<span class="label no-shoe">${this.localize.term('scoreboardNoShoe')}</span>` : hand;
  }

  /**
   * Seconds each of the other statistics, the count chart and the frequency chart stays on screen
   * before the next takes its turn, where they share one panel (on a board held upright, the two
   * charts take turns under the statistics); 0 keeps the statistics (and the count chart).
   */
  @property({ type: Number, attribute: 'turn-seconds' }) turnSeconds = 15;

  /** Which of them is on screen in the shared panel. */
  @state() private turn: (typeof TURNS)[number] = 'details';
  private turnTimer: ReturnType<typeof setInterval> | undefined;
  /** Someone is pointing at or focused in the strip: it stays as it is (WCAG 2.2.2). */
  private turnHeld = false;

  override connectedCallback(): void {
    super.connectedCallback();
    this.startTurns();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearInterval(this.turnTimer);
    this.turnTimer = undefined;
  }

  private startTurns(): void {
    clearInterval(this.turnTimer);
    this.turnTimer = undefined;
    const seconds = Number.isFinite(this.turnSeconds) ? this.turnSeconds : 0;
    if (seconds <= 0) {
      this.turn = 'details';
      return;
    }
    this.turnTimer = setInterval(() => {
      if (!this.turnHeld) this.turn = TURNS[(TURNS.indexOf(this.turn) + 1) % TURNS.length]!;
    }, seconds * 1000);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('rows')) this.rowsInUse = usableRows(this.rows, this.localName);
    if (changed.has('turnSeconds') && this.isConnected && changed.get('turnSeconds') !== undefined) this.startTurns();
    if (changed.has('hands') || this.nextStage < STAGES.length) this.giveStage(changed.has('hands'));
  }

  /**
   * Gives the current hands to the roads (with a new hand) or to the next stage's parts, and has the
   * stages after it given theirs each in a task of its own after the next frame; the first render
   * gives every part its hands at once. A new hand given to every part at once was one task of
   * 50–90 ms of script, then one of 50–130 ms of layout, at a phone's 4× slowdown (the attract kiosk
   * deals one every 4 s). A hand that comes while the stages are given does not start them again:
   * each stage takes the newest hands when its turn comes, and they go round until all hold them.
   */
  private giveStage(newHands: boolean): void {
    if (newHands) this.handsGiven++;
    if (!this.hasUpdated) {
      this.stageHands.fill(this.hands);
      this.stageHolds.fill(this.handsGiven);
      return;
    }
    const stage = newHands ? 0 : this.nextStage++;
    this.stageHands[stage] = this.hands;
    this.stageHolds[stage] = this.handsGiven;
    if (this.nextStage >= STAGES.length && this.stageHands.some((hands) => hands !== this.hands)) this.nextStage = 1;
    if (this.nextStage < STAGES.length) this.staging ??= this.giveLaterStages();
  }

  private async giveLaterStages(): Promise<void> {
    try {
      while (this.nextStage < STAGES.length) {
        await afterNextFrame();
        this.requestUpdate();
        await super.getUpdateComplete();
        for (const resolve of this.stageWaiters.splice(0)) resolve();
      }
    } finally {
      this.staging = null;
      for (const resolve of this.stageWaiters.splice(0)) resolve();
    }
  }

  /**
   * Resolves once every part has been given the hands the board had (the later stages a few frames
   * after the board's own update), not waiting for hands given after it was asked.
   */
  protected override async getUpdateComplete(): Promise<boolean> {
    let complete = await super.getUpdateComplete();
    const wanted = this.handsGiven;
    while (this.staging && Math.min(...this.stageHolds) < wanted) {
      await new Promise<void>((resolve) => this.stageWaiters.push(resolve));
      complete = (await super.getUpdateComplete()) && complete;
    }
    return complete;
  }

  private readonly holdTurn = (): void => {
    this.turnHeld = true;
  };
  private readonly releaseTurn = (): void => {
    this.turnHeld = false;
  };

  protected override render() {
    const { hands, rules, letters, roadFollower, statisticsFollower, turn } = this;
    const [, lastHands, derivedHands, countHands, detailHands] = this.stageHands;
    const rows = this.rowsInUse;
    const beadLabels = usableChoice(
      this,
      'bead-labels',
      this.beadLabels,
      BEAD_LABELS,
      this.localize.lang() === 'zh' ? 'chinese' : 'letters',
    );
    const name = this.tableName || this.localize.term('scoreboardDefaultTable');
    return html`
      <div class="layout" style="--_rows: ${rows}">
        <header class="panel" part="header">
          <div class="line">
            <h1 title=${name}>${name}</h1>
            ${
              this.limits
                ? html`<span class="limits" title=${this.limits}
                    ><span class="label">${this.localize.term('scoreboardLimits')}</span> <span class="figure">${this.limits}</span></span
                  >`
                : ''
            }
            ${this.renderShoe()}
            <span class="label decks">${this.localize.term('scoreboardDecks', rules.decks)}</span>
          </div>
          <p class="status" part="status" role="status">${this.status}</p>
        </header>
        <div class="panel last"><bacc-last-hand .hands=${lastHands}></bacc-last-hand></div>
        <bacc-big-road class="panel big" .hands=${hands} .roadFollower=${roadFollower} rows=${rows} ?letters=${letters}></bacc-big-road>
        <bacc-bead-plate
          class="panel bead"
          .hands=${hands}
          .roadFollower=${roadFollower}
          rows=${rows}
          labels=${beadLabels}
          ?letters=${letters}
        ></bacc-bead-plate>
        ${DERIVED_PANELS.map(
          ([area, kind]) =>
            html`<bacc-derived-road
              class="panel ${area}"
              kind=${kind}
              .hands=${derivedHands}
              .roadFollower=${roadFollower}
              rows=${rows}
              ?letters=${letters}
            ></bacc-derived-road>`,
        )}
        <div class="panel counts">
          <bacc-stats show="counts" .hands=${countHands} .rules=${rules} .statisticsFollower=${statisticsFollower}></bacc-stats>
        </div>
        <div class="panel ask">
          <bacc-predictions .hands=${derivedHands} .roadFollower=${roadFollower} ?letters=${letters}></bacc-predictions>
        </div>
        <div
          class="more"
          data-turn=${turn}
          @pointerenter=${this.holdTurn}
          @pointerleave=${this.releaseTurn}
          @focusin=${this.holdTurn}
          @focusout=${this.releaseTurn}
        >
          <div class="panel details">
            <bacc-stats show="details" .hands=${detailHands} .rules=${rules} .statisticsFollower=${statisticsFollower}></bacc-stats>
          </div>
          ${CHART_KINDS.map(
            (kind) =>
              html`<div class="panel chart ${kind}">
                <bacc-chart kind=${kind} .hands=${detailHands} .rules=${rules} .statisticsFollower=${statisticsFollower}></bacc-chart>
              </div>`,
          )}
        </div>
        <bacc-odds-note
          class="panel note"
          part="note"
          .hands=${countHands}
          .rules=${rules}
          .statisticsFollower=${statisticsFollower}
          .cardsOutOfPlay=${this.cardsOutOfPlay}
          ?ended=${this.ended}
        ></bacc-odds-note>
      </div>
    `;
  }
}

/**
 * The parts that take a new hand together, in the order they get it, each stage a frame after the one
 * before: the big road and the bead plate with the header; the last hand; the derived roads and the
 * ask roads (which share the roads' follower); the counts and the odds; the other statistics and the
 * charts (which share the statistics' follower with the counts and the odds).
 */
const STAGES = ['roads', 'last', 'derived', 'counts', 'details'] as const;

/** The panels that take turns in the shared panel, in order. */
const TURNS = ['details', 'count', 'frequencies'] as const;
/** The charts, one to a panel: each a panel's whole width. */
const CHART_KINDS = ['count', 'frequencies'] as const;

/** What the bead plate's discs may show. */
const BEAD_LABELS = ['chinese', 'letters', 'totals'] as const;

/** The derived roads' panels: the grid area each is laid out in, and its kind. */
const DERIVED_PANELS = [
  ['eye', 'big-eye-boy'],
  ['small', 'small-road'],
  ['pig', 'cockroach-pig'],
] as const;

declare global {
  interface HTMLElementTagNameMap {
    'bacc-scoreboard': BaccScoreboard;
  }
}
