import { html, css, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import type { Winner } from '../src/game/hand.js';
import type { StatisticsSummary } from '../src/roads/statistics.js';
import { outcomeLetter, outcomeName } from './internal/messages.js';
import { share } from './internal/panel-labels.js';
import { usableChoice } from './internal/attribute-check.js';
import { panelTokens } from './styles/panel-styles.js';
import { StatisticsPanel } from './internal/statistics-panel.js';
import { themeTokens, visuallyHidden } from './styles/theme.js';
import type { Terms } from './internal/localize.js';

/**
 * The running statistics of one shoe, sized to be read from across the room: hands; banker,
 * player and tie wins with their share; the current streak and each side's longest; player and
 * banker pairs, naturals and banker wins with 6; and, when every hand was recorded with its
 * cards, the cards dealt and left.
 * It follows a replaced `.hands` list a hand at a time.
 *
 * @csspart list - The list of figures.
 * @csspart tile - One figure with its label.
 * @csspart label - A figure's label.
 * @csspart value - A figure.
 * @csspart share - A share of the hands, beside a count.
 * @cssprop --bacc-banker-color - Colour of the banker's letter.
 * @cssprop --bacc-player-color - Colour of the player's letter.
 * @cssprop --bacc-tie-color - Colour of the tie's letter.
 * @cssprop --bacc-mark-text-color - The letter on a side's mark.
 * @cssprop --bacc-text-color - Colour of the figures.
 * @cssprop --bacc-muted-color - Colour of the labels and shares.
 * @cssprop --bacc-surface-color - Background of each tile.
 * @cssprop --bacc-figure-size - Size of the figures (default: grows with the panel's width).
 * @cssprop --bacc-label-size - Size of the labels.
 * @cssprop --bacc-panel-gap - Space between tiles.
 * @cssprop --bacc-radius - Corner radius of the tiles.
 *
 * @tagname bacc-stats
 */
export class BaccStats extends StatisticsPanel {
  static override styles = [
    themeTokens,
    visuallyHidden,
    panelTokens,
    css`
      /* Twelve columns: banker, player and tie take four each, the other figures three (two when narrow). */
      dl {
        margin: 0;
        display: grid;
        gap: var(--_panel-gap);
        grid-template-columns: repeat(12, minmax(0, 1fr));
        font-size: var(--_label-size);
      }
      .tile {
        grid-column: span 6;
        min-width: 0;
        padding: 0.25em 0.45em;
        border-radius: var(--_radius);
        background: var(--_surface);
      }
      .tile.outcome {
        grid-column: span 4;
      }
      @container (min-width: 24em) {
        .tile {
          grid-column: span 3;
        }
      }
      /*
       * A label breaks only between words, never inside one ("Banker", not "Banke" / "r"): in a
       * narrow tile the side's letter goes above its name, and a long label wraps at its spaces.
       */
      dt {
        color: var(--_muted);
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 0.1em 0.35em;
        font-size: 0.95em;
        overflow-wrap: normal;
        word-break: normal;
        hyphens: none;
      }
      .outcome dt {
        font-size: 1em;
      }
      dd {
        margin: 0;
        display: flex;
        flex-wrap: wrap;
        align-items: baseline;
        column-gap: 0.3em;
      }
      .figure {
        font-size: calc(var(--_figure-size) * 0.55);
        font-weight: 700;
        font-variant-numeric: tabular-nums;
        line-height: 1.1;
      }
      .outcome .figure {
        font-size: var(--_figure-size);
        line-height: 1;
      }
      .share {
        color: var(--_muted);
        font-variant-numeric: tabular-nums;
        font-weight: 600;
        font-size: 0.95em;
      }
      .outcome .share {
        font-size: calc(var(--_figure-size) * 0.4);
      }
      /* Two sides in one tile: each figure after its side's letter. */
      .side {
        display: inline-flex;
        align-items: baseline;
        gap: 0.2em;
        margin-inline-end: 0.4em;
      }
      .side .mark {
        align-self: center;
        font-size: 0.8em;
      }
      /*
       * A wall's strips: the counts in one row of tiles, each figure at the full figure size; the
       * other statistics in rows of tiles; every share and mark at least the labels' size.
       */
      :host([show='counts']) dl {
        grid-template-columns: none;
        grid-auto-flow: column;
        grid-auto-columns: minmax(0, 1fr);
      }
      :host([show='details']) dl {
        grid-template-columns: repeat(auto-fill, minmax(min(100%, 7em), 1fr));
      }
      :host([show='counts']) .tile,
      :host([show='details']) .tile {
        grid-column: auto;
      }
      :host([show='counts']) .hands {
        order: -1;
      }
      :host([show='counts']) .figure {
        font-size: var(--_figure-size);
        line-height: 1;
      }
      :host([show='counts']) .share,
      :host([show='details']) .share,
      :host([show='counts']) dt,
      :host([show='details']) dt,
      :host([show='counts']) .side .mark,
      :host([show='details']) .side .mark {
        font-size: 1em;
      }
    `,
  ];

  /**
   * Which figures to show: `all` (the default), `counts` (hands; banker, player and tie with
   * their shares; the pairs: what a wall shows in one strip) or `details` (the others). A wall board
   * shows the two as separate strips, each element following the same statistics.
   */
  @property({ reflect: true }) show: StatisticsShown = 'all';

  private summary: StatisticsSummary = this.ownFollower.statistics.summary();

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (this.statisticsInputsChanged(changed)) {
      this.followStatistics();
      this.summary = this.follower.statistics.summary();
    }
  }

  protected override render(): TemplateResult {
    const show = usableChoice(this, 'show', this.show, SHOWN, 'all');
    return html`
      <dl part="list" aria-label=${this.localize.term('statsLabel')}>
        ${show === 'details' ? nothing : this.renderCounts()} ${show === 'counts' ? nothing : this.renderDetails()}
      </dl>
    `;
  }

  /**
   * Pairs and naturals are known only for hands recorded with their cards: a hand recorded by its
   * outcome alone may have had either, so with any such hand they show "–" (unknown), never 0;
   * banker wins with 6 likewise once a hand has no totals.
   */
  private get cardsOfEveryHand(): boolean {
    return this.summary.handsWithCards === this.summary.hands;
  }

  private renderCounts(): TemplateResult {
    const s = this.summary;
    const pairs = this.cardsOfEveryHand
      ? html`${sideFigure(this.localize, 'P', s.playerPairs, 'player-pairs')}${sideFigure(this.localize, 'B', s.bankerPairs, 'banker-pairs')}`
      : unknownFigure(this.localize);
    return html`${this.outcomeTile('B', s.banker, s.hands)} ${this.outcomeTile('P', s.player, s.hands)}
    ${this.outcomeTile('T', s.tie, s.hands)}
    ${this.tile('hands', this.localize.term('statsHands'), html`<span class="figure">${s.hands}</span>`)}
    ${this.tile('pairs', this.localize.term('statsPairs'), pairs)}`;
  }

  private renderDetails(): TemplateResult {
    const s = this.summary;
    const streak = s.currentStreak;
    const cardsKnown = s.hands > 0 && s.handsWithCards === s.hands && s.cardsLeft !== null;
    return html`${this.tile(
      'streak',
      this.localize.term('statsCurrentStreak'),
      streak === null ? html`<span class="figure">–</span>` : sideFigure(this.localize, streak.side, streak.length),
    )}
    ${this.tile(
      'longest',
      this.localize.term('statsLongestStreak'),
      html`${sideFigure(this.localize, 'B', s.longestBankerStreak, 'longest-banker')}${sideFigure(this.localize, 'P', s.longestPlayerStreak, 'longest-player')}`,
    )}
    ${
      this.cardsOfEveryHand
        ? this.countTile('naturals', this.localize.term('statsNaturals'), s.naturals.hands, s.hands)
        : this.tile('naturals', this.localize.term('statsNaturals'), unknownFigure(this.localize))
    }
    ${
      s.handsWithTotals === s.hands
        ? this.countTile('banker-six', this.localize.term('statsBankerWinsOn6'), s.bankerWinsOn6, s.hands)
        : this.tile('banker-six', this.localize.term('statsBankerWinsOn6'), unknownFigure(this.localize))
    }
    ${
      cardsKnown
        ? html`${this.tile('cards-dealt', this.localize.term('statsCardsDealt'), html`<span class="figure">${s.cardsDealt}</span>`)}
          ${this.tile('cards-left', this.localize.term('statsCardsLeft'), html`<span class="figure">${s.cardsLeft}</span>`)}`
        : nothing
    }`;
  }

  private tile(name: string, label: string, value: TemplateResult): TemplateResult {
    return html`<div class="tile ${name}" part="tile" data-stat=${name}>
      <dt part="label">${label}</dt>
      <dd part="value">${value}</dd>
    </div>`;
  }

  private countTile(name: string, label: string, count: number, hands: number): TemplateResult {
    return this.tile(name, label, html`<span class="figure">${count}</span><span class="share" part="share">${share(count, hands)}</span>`);
  }

  private outcomeTile(outcome: Winner, count: number, hands: number): TemplateResult {
    const name = outcome === 'B' ? 'banker' : outcome === 'P' ? 'player' : 'tie';
    return html`<div class="tile outcome ${name}" part="tile" data-stat=${name}>
      <dt part="label">
        <span class="mark ${outcome}" aria-hidden="true">${outcomeLetter(this.localize, outcome)}</span
        >${outcomeName(this.localize, outcome)}
      </dt>
      <dd part="value"><span class="figure">${count}</span><span class="share" part="share">${share(count, hands)}</span></dd>
    </div>`;
  }
}

/** Which of its figures a `<bacc-stats>` shows. */
export type StatisticsShown = 'all' | 'counts' | 'details';
const SHOWN: readonly StatisticsShown[] = ['all', 'counts', 'details'];

/** A figure not known from what was recorded: a dash, said as "unknown" to screen readers. */
function unknownFigure(localize: Terms): TemplateResult {
  return html`<span class="figure" aria-hidden="true">–</span><span class="visually-hidden">${localize.term('statsUnknown')}</span>`;
}

/** A side's figure after its letter, with the side's name for screen readers. */
function sideFigure(localize: Terms, side: 'B' | 'P', figure: number, name?: string): TemplateResult {
  return html`<span class="side" data-stat=${name ?? nothing}
    ><span class="mark ${side}" aria-hidden="true">${outcomeLetter(localize, side)}</span
    ><span class="visually-hidden">${outcomeName(localize, side)}</span><span class="figure">${figure}</span></span
  >`;
}

declare global {
  interface HTMLElementTagNameMap {
    'bacc-stats': BaccStats;
  }
}
