import { LitElement, html, css, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { DEFAULT_RULES, type TableRules } from '../src/game/rules.js';
import type { HandRecord } from '../src/shoes/document.js';
import { RoadFollower } from '../src/roads/road-follower.js';
import { StatisticsFollower } from '../src/roads/statistics-follower.js';
import { noticeLook, themeTokens } from './styles/theme.js';
import { elementTermSets } from './internal/element-terms.js';
import { ElementLocalize } from './internal/localize.js';
import { acceptedHands } from './internal/hands-check.js';
import { cardsProblem } from './internal/hand-cards-check.js';
import { usableRows } from './internal/road-element.js';
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
        box-sizing: border-box;
        height: 100%;
        display: grid;
        gap: var(--_gap);
        padding: var(--_gap);
        grid-template-columns: repeat(4, minmax(0, 1fr));
        grid-template-rows: auto auto auto minmax(0, 1fr) auto;
        grid-template-areas:
          'header header header header'
          'bead big big big'
          'ask eye small pig'
          'stats last chart chart'
          'note note note note';
        /*
         * Road cells are square and sized from the screen: the roads' rows share a fixed part of the
         * height (six rows of 4.4 % and of 2.6 %, whatever the rows), the panels take the rest.
         */
        --_road-cell: min(calc(26.4cqh / var(--_rows, 6)), 2.6cqw);
        --_derived-cell: min(calc(15.6cqh / var(--_rows, 6)), 1.5cqw);
        font-size: clamp(12px, 1.6cqmin, 48px);
      }
      @container scoreboard (aspect-ratio < 1) {
        .layout {
          grid-template-columns: repeat(6, minmax(0, 1fr));
          grid-template-rows: auto auto auto auto auto minmax(0, 1fr) auto;
          grid-template-areas:
            'header header header header header header'
            'big big big big big big'
            'bead bead bead ask ask ask'
            'eye eye small small pig pig'
            'stats stats stats last last last'
            'chart chart chart chart chart chart'
            'note note note note note note';
          --_road-cell: min(calc(19.2cqh / var(--_rows, 6)), 4.4cqw);
          --_derived-cell: min(calc(12cqh / var(--_rows, 6)), 2.6cqw);
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
        padding: calc(var(--_gap) * 0.75);
        box-sizing: border-box;
      }
      header {
        grid-area: header;
        display: flex;
        flex-wrap: wrap;
        align-items: baseline;
        gap: 0.4em 1.6em;
        font-size: 1.25em;
      }
      /*
       * A long name (60 characters, or 60 wide ones) is cut short with an ellipsis inside the header,
       * never running out of it; its full text stays in the heading (read out whole) and its title.
       */
      header h1 {
        margin: 0;
        font-size: 1.4em;
        font-weight: 700;
        flex: 0 1 auto;
        min-width: 0;
        max-width: 100%;
        overflow: hidden;
        text-overflow: ellipsis;
        white-space: nowrap;
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
        font-size: 0.8em;
      }
      .status:empty {
        display: none;
      }
      .bead {
        grid-area: bead;
        --bacc-cell-size: var(--_road-cell);
      }
      .big {
        grid-area: big;
        --bacc-cell-size: var(--_road-cell);
      }
      /* The ask roads' marks as large as the big road's cells, their labels a little larger than the header's. */
      .ask {
        grid-area: ask;
        --bacc-cell-size: var(--_road-cell);
        font-size: 1.2em;
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
      .stats {
        grid-area: stats;
      }
      .last {
        grid-area: last;
      }
      .chart {
        grid-area: chart;
      }
      /*
       * The note spans the board, so its width-based sizes (panel-styles.ts) made it 132 of a 576 px
       * high board (1264 x 576, a plain page's 80vh at 1280 x 720) and clipped the stats' last row: on
       * a short board they are also capped by the board's height.
       */
      .note {
        grid-area: note;
        --bacc-label-size: min(clamp(0.9em, 3.4cqi, 1.6em), 2.6cqh);
        --bacc-figure-size: min(clamp(1.6em, 9cqi, 4.5em), 11cqh);
      }
      .stats > *,
      .last > *,
      .chart > *,
      .ask > * {
        height: 100%;
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

  /** The shoe and hand numbers; with no shoe number, only what is true: no shoe yet, or the hand. */
  private renderShoe() {
    const { shoeNumber, hands } = this;
    const hand = html`<span><span class="label">${this.localize.term('scoreboardHand')}</span> ${hands.length}</span>`;
    if (shoeNumber != null && Number.isInteger(shoeNumber) && shoeNumber >= 1)
      return html`<span><span class="label">${this.localize.term('scoreboardShoe')}</span> ${shoeNumber}</span> ${hand}`;
    return hands.length === 0 ? html`<span class="label no-shoe">${this.localize.term('scoreboardNoShoe')}</span>` : hand;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('rows')) this.rowsInUse = usableRows(this.rows, this.localName);
  }

  protected override render() {
    const { hands, rules, letters, roadFollower, statisticsFollower } = this;
    const rows = this.rowsInUse;
    const beadLabels = this.beadLabels || (this.localize.lang() === 'zh' ? 'chinese' : 'letters');
    const name = this.tableName || this.localize.term('scoreboardDefaultTable');
    return html`
      <div class="layout" style="--_rows: ${rows}">
        <header class="panel" part="header">
          <h1 title=${name}>${name}</h1>
          ${this.limits ? html`<span><span class="label">${this.localize.term('scoreboardLimits')}</span> ${this.limits}</span>` : ''}
          ${this.renderShoe()}
          <span class="label">${this.localize.term('scoreboardDecks', rules.decks)}</span>
          <p class="status" part="status" role="status">${this.status}</p>
        </header>
        <bacc-bead-plate
          class="panel bead"
          .hands=${hands}
          .roadFollower=${roadFollower}
          rows=${rows}
          labels=${beadLabels}
          ?letters=${letters}
        ></bacc-bead-plate>
        <bacc-big-road class="panel big" .hands=${hands} .roadFollower=${roadFollower} rows=${rows} ?letters=${letters}></bacc-big-road>
        <div class="panel ask"><bacc-predictions .hands=${hands} .roadFollower=${roadFollower} ?letters=${letters}></bacc-predictions></div>
        ${DERIVED_PANELS.map(
          ([area, kind]) =>
            html`<bacc-derived-road
              class="panel ${area}"
              kind=${kind}
              .hands=${hands}
              .roadFollower=${roadFollower}
              rows=${rows}
              ?letters=${letters}
            ></bacc-derived-road>`,
        )}
        <div class="panel stats"><bacc-stats .hands=${hands} .rules=${rules} .statisticsFollower=${statisticsFollower}></bacc-stats></div>
        <div class="panel last"><bacc-last-hand .hands=${hands}></bacc-last-hand></div>
        <div class="panel chart"><bacc-chart .hands=${hands} .rules=${rules} .statisticsFollower=${statisticsFollower}></bacc-chart></div>
        <bacc-odds-note
          class="panel note"
          part="note"
          .hands=${hands}
          .rules=${rules}
          .statisticsFollower=${statisticsFollower}
          ?ended=${this.ended}
        ></bacc-odds-note>
      </div>
    `;
  }
}

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
